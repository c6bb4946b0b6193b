"""Random games for the tests of :mod:`canasta_caliente.play`: every step of a game with its
events, takes, melds and questions chosen more often than chance would, so that every kind of
event is met."""

from __future__ import annotations

import random
from collections.abc import Iterator

import canasta_caliente as cc

KEEN = (cc.Verb.TAKE, cc.Verb.MELD, cc.Verb.ASK)
"""The verbs chosen, when legal, seven times in ten."""


def steps(rules: cc.RuleSet | str, seed: int, limit: int) -> Iterator[
        tuple[cc.GameState, cc.Action, cc.GameState, tuple[cc.Event, ...]]]:
    """(before, action, after, events) for at most ``limit`` actions of a random game of
    ``rules`` (a RuleSet or a preset name)."""
    if isinstance(rules, str):
        rules = cc.RuleSet.preset(rules)
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    for _ in range(limit):
        legal = cc.legal_actions(state)
        if not legal:
            return
        keen = [a for a in legal if a.verb in KEEN]
        action = rng.choice(keen if keen and rng.random() < 0.7 else legal)
        after, happened = cc.step(state, action)
        yield state, action, after, happened
        state = after
