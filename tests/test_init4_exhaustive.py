"""INIT-4 turns against the independent reference: random deals where the first player can take
the pile for a first meld, with small hands and canastas, wilds and stop cards in reach, so that
going out in the same turn (through the waiting pile cards) is often possible. Every state of
the turn, reached by every sequence of legal actions, must list exactly what the reference
finds."""

# RULES: INIT-3, INIT-4, TURN-0, OUT-1, OUT-2, MELD-5, TURN-3

from __future__ import annotations

import random

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import ReferenceTooSlow, reference_legal_actions, stacked_deck

CHUNKS = [["K", "K", "K"], ["9", "9", "9"], ["A", "A", "A"], ["K", "K", "2"], ["9", "9", "JK"],
          ["B3", "B3", "B3"], ["A", "A", "JK"], ["J"], ["2"], ["B3"], ["Q", "Q", "Q", "Q"]]


def _deal_cards(rng: random.Random, size: int) -> tuple[list[str], list[str], list[str]]:
    """A hand of two 7s and meldable chunks, a pile of cards that extend them under a 7."""
    hand = ["7", "7"]
    while len(hand) < size:
        hand.extend(rng.choice(CHUNKS))
    hand = hand[:size]
    below = rng.sample(["7", "K", "9", "2", "JK", "R3", "A", "Q", "B3"], rng.randint(1, 4))
    stock = [rng.choice(["4", "5", "6", "8", "10", "J", "R3"]) for _ in range(4)]
    return hand, [*below, "7"], stock


def _turn_states(state: cc.GameState, limit: int) -> list[cc.GameState]:
    """Every state reachable from ``state`` within the same turn (draw action included)."""
    seen: list[cc.GameState] = []
    frontier = [state]
    known = {state}
    while frontier and len(seen) < limit:
        current = frontier.pop()
        seen.append(current)
        if current.is_hand_over or (current.phase is cc.Phase.DRAW and current is not state):
            continue
        for action in cc.legal_actions(current):
            nxt = cc.apply(current, action)
            same_turn = not nxt.is_hand_over and nxt.turn_player == state.turn_player and (
                nxt.phase is not cc.Phase.DRAW)
            if same_turn and nxt not in known:
                known.add(nxt)
                frontier.append(nxt)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "options"), [
    ("caliente", {"canasta_size": 4, "hand_size": 7}),
    ("classic", {"canasta_size": 4, "hand_size": 7}),
    ("caliente-6p-3deck", {"canasta_size": 4, "hand_size": 8, "canastas_to_go_out": 1}),
    ("caliente-2p", {"canasta_size": 5, "hand_size": 8, "canastas_to_go_out": 1}),
])
def test_first_meld_take_turns_match_the_reference(preset: str, options: dict[str, int]) -> None:
    """For 60 random deals with a first-meld pile take available, every state of the taker's
    turn lists exactly the reference's legal actions, in the same order."""
    rules = cc.RuleSet.preset(preset).replace(**options)
    rng = random.Random(f"init4:{preset}")
    checked = waiting = asked = 0
    for _ in range(60):
        hand, pile, stock = _deal_cards(rng, rules.hand_size)
        try:
            deck = stacked_deck(rules, {0: " ".join(hand)}, " ".join(pile), " ".join(stock))
        except ValueError:
            continue
        state = cc.new_game(rules, deck=deck, seed=1)
        if state.is_hand_over or state.current_player != 0:
            continue
        for s in _turn_states(state, 60):
            if s.is_hand_over:
                continue
            try:
                ref = reference_legal_actions(s, budget=100_000)
            except ReferenceTooSlow:
                continue
            legal = cc.legal_actions(s)
            assert ref == legal, (hand, pile, stock, str(s))
            checked += 1
            if s.waiting:
                waiting += 1
                asked += any(a.verb is cc.Verb.ASK for a in legal)
    # The deals must really reach the INIT-4 states this test is about.
    assert checked >= 200 and waiting >= 10, (checked, waiting, asked)
