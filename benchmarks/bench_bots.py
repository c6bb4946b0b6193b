"""Benchmark: machine instructions per decision of the heuristic bot, counted by callgrind,
side by side with another checkout.

A decision of the bot is what a rollout of the search pays for it: :func:`~canasta_caliente.
observe` and the bot's choice (``legal_actions`` and ``apply`` are the engine's, counted by
``benchmarks/instructions.py``). The child collects the decision points of ``--hands``
heuristic hands, then asks the bot for each of them ``--repeat`` times; the difference in
instructions between a run that asks and one that does not, divided by the questions, is the
cost of one decision. ``--base SRC`` (the ``src`` folder of another checkout, for example the
commit before a change, exported with ``git archive``) runs the same children on that code, so
the two figures come from one run of this script. It needs valgrind.

    git archive d881574 src | tar -x -C /tmp/base
    python benchmarks/bench_bots.py --hands 40 --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from pathlib import Path

from callgrind import counted

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot

Point = tuple[cc.GameState, int, tuple[cc.Action, ...]]


def points(rules: cc.RuleSet, hands: int) -> list[Point]:
    """The decision points (state, seat, legal actions) of ``hands`` seeded heuristic hands."""
    out: list[Point] = []
    rng = random.Random(0)
    for seed in range(1, hands + 1):
        state = cc.new_game(rules, seed=seed)
        while not state.is_hand_over:
            legal = tuple(cc.legal_actions(state))
            seat = state.current_player
            assert seat is not None
            out.append((state, seat, legal))
            state = cc.apply(state, heuristic_bot(cc.observe(state, seat), legal, rng))
    return out


def ask(collected: list[Point], repeat: int) -> None:
    """Ask the bot about every point ``repeat`` times (observe and choose)."""
    rng = random.Random(1)
    observe = cc.observe
    for _ in range(repeat):
        for state, seat, legal in collected:
            heuristic_bot(observe(state, seat), legal, rng)


def count(src: str, rules_name: str, hands: int, repeat: int) -> tuple[int, int]:
    """Instructions of a child run on the package in ``src``, and the points it collected."""
    instructions, out = counted([sys.executable, __file__, "--child", "--rules", rules_name,
                                 "--hands", str(hands), "--repeat", str(repeat)], src)
    return instructions, int(out.split()[-1])


def per_decision(src: str, rules_name: str, hands: int, repeat: int) -> tuple[float, int]:
    """Instructions per bot decision of the package in ``src``, and the decision points."""
    base, _ = count(src, rules_name, hands, 0)
    total, decisions = count(src, rules_name, hands, repeat)
    return (total - base) / (decisions * repeat), decisions


def main() -> None:
    """Parse arguments; as the child, collect and ask; otherwise count and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="preset name")
    parser.add_argument("--hands", type=int, default=40, help="heuristic hands to collect")
    parser.add_argument("--repeat", type=int, default=2, help="times each point is asked")
    parser.add_argument("--base", help="the src folder of another checkout, measured beside")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    if args.child:
        collected = points(rules, args.hands)
        ask(collected, 1)  # warm the caches the bot's first questions fill
        ask(collected, args.repeat)
        print(len(collected))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with callgrind")
    here = str(Path(cc.__file__).resolve().parent.parent)
    print(f"{args.rules}: heuristic bot (observe and choose), {args.hands} hands, "
          f"each point asked {args.repeat} times")
    mine, decisions = per_decision(here, args.rules, args.hands, args.repeat)
    print(f"  this checkout ({here}): {decisions:,} points, {mine:,.0f} instructions/decision")
    if args.base:
        theirs, base_decisions = per_decision(args.base, args.rules, args.hands, args.repeat)
        print(f"  base ({args.base}): {base_decisions:,} points, "
              f"{theirs:,.0f} instructions/decision")
        print(f"  ratio base/this: {theirs / mine:.2f}x")


if __name__ == "__main__":
    main()
