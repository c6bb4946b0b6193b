"""Write tests/perft/*.perft: fixed positions with counts checked against the reference.

Each position is a stacked deal (and sometimes a prefix of actions). For each depth, the count
by ``legal_actions`` is made with every node checked against the independent
``reference_legal_actions`` (the rules read again by brute force, sharing no decision code with
the engine) before it is written down: the two must list the same actions in the same order at
every node. A disagreement stops the script with the state where it happened and the divide of
both.

    python scripts/make_perft.py [CASE ...]

With case names, only those cases are written.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import canasta_caliente as cc
from canasta_caliente.testing import (
    ReferenceCheck,
    ReferenceMismatch,
    divide,
    perft,
    reference_legal_actions,
    stacked_deck,
)


def reference(state: cc.GameState) -> tuple[cc.Action, ...]:
    """The reference generator without a search budget."""
    return reference_legal_actions(state, budget=10**9)


OUT = Path(__file__).resolve().parent.parent / "tests" / "perft"


def random_prefix(rules: cc.RuleSet, seed: int, until: Any) -> tuple[int, list[str]]:
    """Actions of a seeded random game up to the first state where ``until(state)`` holds."""
    for s in range(seed, seed + 500):
        rng = random.Random(s)
        state = cc.new_game(rules, seed=s)
        path: list[str] = []
        while not state.is_hand_over:
            if until(state):
                return s, path
            action = rng.choice(cc.legal_actions(state))
            path.append(str(action))
            state = cc.apply(state, action)
    raise RuntimeError("no such state found")


CASES: list[dict[str, Any]] = [
    {
        "name": "frozen-pile",
        "description": "A wild buried under the up card freezes the pile (PILE-3, DEAL-3): "
        "seat 0 holds a natural pair of the up card, a natural and a wild (INIT-4 refuses "
        "them) and melds worth the minimum.",
        "preset": "caliente",
        "hands": {0: "7 7 2 K K K A A Q J 9"},
        "pile": "JK 7",
        "stock": "5 6 8 9",
        "depth": 6,
    },
    {
        "name": "first-meld-boundary",
        "description": "The first-meld minimum of 50 reached exactly by two melds together "
        "(INIT-2, INIT-3); several meld orders and a dead end to avoid.",
        "preset": "caliente",
        "hands": {0: "5 5 5 K K 2 9 9 J Q 4"},
        "pile": "8",
        "stock": "K 6 10",
        "depth": 7,
    },
    {
        "name": "permission",
        "description": "Seat 0 can meld its whole hand with a canasta after the draw: the "
        "question to the partner is offered (OUT-2), and both answers lead on.",
        "preset": "caliente",
        "hands": {0: "K K K K K K K Q Q Q A"},
        "pile": "6",
        "stock": "A A 9",
        "depth": 7,
    },
    {
        "name": "caliente-card",
        "description": "Seat 0 holds a Caliente card: playing it refills the hand to 11 "
        "(HOT-2), and discarding it blocks the next player (HOT-3).",
        "preset": "caliente-cards",
        "hands": {0: "CAL 7 7 9 9 J Q K A 4 5"},
        "pile": "7",
        "stock": "R3 6 8 10 J Q",
        "depth": 6,
    },
    {
        "name": "classic-buried-bonus",
        "description": "Classic: a red three buried at the deal is taken with the pile for a "
        "first meld and replaced from the stock when the waiting cards join (TURN-3, INIT-4).",
        "preset": "classic",
        "hands": {0: "9 9 A A A JK 2 Q Q 5 4"},
        "pile": "R3 9",
        "stock": "K 6 8",
        "depth": 6,
    },
    {
        "name": "always-frozen-two-player",
        "description": "Two players, the pile always frozen (PILE-5, VAR-6): draws of two "
        "and natural-pair takes only.",
        "preset": "caliente-2p",
        "options": {"always_frozen": True},
        "hands": {0: "8 8 8 Q Q K K A A 2 JK 4 5 6 9"},
        "pile": "Q",
        "stock": "J J 7 7",
        "depth": 5,
    },
    {
        "name": "stock-out",
        "description": "A random game near the end of the stock (END-2): the last draws, then "
        "takes or passes.",
        "preset": "caliente",
        "random": {"seed": 5, "stock_at_most": 2},
        "depth": 5,
    },
    {
        "name": "classic-last-card",
        "description": "Classic near the end of the stock: taking the last card ends the hand "
        "(END-3).",
        "preset": "classic",
        "random": {"seed": 9, "stock_at_most": 2},
        "depth": 5,
    },
    {
        "name": "readings-stop-freezes",
        "description": "Other readings (READ-1, READ-4, READ-6): the deal turns a stop card "
        "under the up card, where it freezes the pile; nobody asks to go out. Seat 0 takes "
        "the pile with a natural pair for its first meld or draws.",
        "preset": "caliente",
        "options": {"up_card_must_be_natural": True, "stop_card_freezes": True,
                    "going_out_permission": "never"},
        "hands": {0: "7 7 2 K K K A A Q J B3", 2: "7 J J 2 4 5 6 8 9 10 Q"},
        "pile": "B3 7",
        "stock": "5 6 8 9 J",
        "depth": 6,
    },
    {
        "name": "readings-asking-required",
        "description": "READ-4 required, mid-hand after random play: players who melded before "
        "their turn go out only after a yes, so without one they keep a card (TURN-0, DISC-3); "
        "under concealed_scope side a partner's meld rules out going out concealed too.",
        "preset": "caliente",
        "options": {"going_out_permission": "required", "concealed_scope": "side"},
        "random": {"seed": 1, "stock_at_most": 30},
        "depth": 7,
    },
    {
        "name": "readings-stock-out",
        "description": "Other readings near the end of the stock (READ-7, READ-8): the pile "
        "always frozen and never taken onto a canasta, a Caliente card playable on an empty "
        "stock.",
        "preset": "caliente-cards",
        "options": {"always_frozen": True, "pile_pair_onto_canasta": False,
                    "caliente_on_empty_stock": True},
        "random": {"seed": 3, "stock_at_most": 1},
        "depth": 5,
    },
]


def build(case: dict[str, Any]) -> tuple[cc.RuleSet, dict[str, Any]]:
    rules = cc.RuleSet.preset(case["preset"])
    if case.get("options"):
        rules = rules.replace(**case["options"])
    fields: dict[str, Any] = {"preset": case["preset"]}
    if case.get("options"):
        fields["options"] = json.dumps(case["options"])
    if "random" in case:
        limit = case["random"]["stock_at_most"]
        seed, path = random_prefix(
            rules, case["random"]["seed"],
            lambda s: s.stock_size <= limit and s.phase is cc.Phase.DRAW,
        )
        fields["seed"] = seed
        fields["actions"] = " | ".join(path)
    else:
        deck = stacked_deck(rules, case["hands"], case["pile"], case["stock"])
        fields["seed"] = 0
        fields["deck"] = " ".join(map(str, deck))
    return rules, fields


def main(names: list[str]) -> int:
    """Compute, cross-check and write every case (or only the cases named)."""
    OUT.mkdir(parents=True, exist_ok=True)
    unknown = set(names) - {case["name"] for case in CASES}
    if unknown:
        print(f"unknown case(s): {', '.join(sorted(unknown))}")
        return 2
    for case in CASES:
        if names and case["name"] not in names:
            continue
        rules, fields = build(case)
        state = cc.new_game(
            rules, seed=fields["seed"],
            deck=fields["deck"].split() if "deck" in fields else None,
        )
        for action in fields.get("actions", "").split(" | "):
            if action:
                state = cc.apply(state, action)
        lines = [f"# {case['name']}: written by scripts/make_perft.py, agreed by both "
                 "generators", f"description: {case['description']}"]
        lines += [f"{k}: {v}" for k, v in fields.items()]
        for depth in range(1, case["depth"] + 1):
            t0 = time.perf_counter()
            fast = perft(state, depth)
            t1 = time.perf_counter()
            try:
                slow = perft(state, depth, ReferenceCheck(budget=10**9))
            except ReferenceMismatch as exc:
                print(f"{case['name']} depth {depth}: {exc}")
                slow = -1
            t2 = time.perf_counter()
            if fast != slow:
                print(f"{case['name']} depth {depth}: legal_actions {fast} != reference {slow}")
                a = divide(state, depth)
                b = divide(state, depth, reference)
                for key in sorted(set(a) | set(b)):
                    if a.get(key) != b.get(key):
                        print(f"  {key}: {a.get(key)} vs {b.get(key)}")
                return 1
            print(f"{case['name']} depth {depth}: {fast} ({t1 - t0:.2f}s, every node checked "
                  f"against the reference in {t2 - t1:.2f}s)")
            lines.append(f"perft {depth} {fast}")
        (OUT / f"{case['name']}.perft").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
