"""Shared helpers for the scenario tests: stacked deals and short action scripts."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck

settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def rules_for(preset: str = "caliente", **options: Any) -> cc.RuleSet:
    """A preset with some options replaced."""
    rules = cc.RuleSet.preset(preset)
    return rules.replace(**options) if options else rules


def deal(
    rules: cc.RuleSet | str = "caliente",
    hands: Mapping[int, str] | None = None,
    pile: str = "4",
    stock: str = "",
    *,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> cc.GameState:
    """A new game whose first hand deals ``hands`` (seat to cards; the rest filled with
    naturals), turns up ``pile`` (the up card last) and puts ``stock`` on top of the stock."""
    if isinstance(rules, str):
        rules = cc.RuleSet.preset(rules)
    deck = stacked_deck(rules, hands or {}, pile, stock)
    return cc.new_game(rules, deck=deck, seed=seed, scores=scores)


def play(state: cc.GameState, *actions: str) -> cc.GameState:
    """Apply actions given in notation, one after the other."""
    for action in actions:
        state = cc.apply(state, action)
    return state


def legal(state: cc.GameState) -> set[str]:
    """The legal actions as notation strings."""
    return {str(a) for a in cc.legal_actions(state)}


def refused(state: cc.GameState, action: str) -> str:
    """Assert that ``action`` is refused with IllegalActionError and not listed; return the
    message."""
    assert action not in legal(state), f"{action!r} is listed as legal"
    with pytest.raises(cc.IllegalActionError) as info:
        cc.apply(state, action)
    return str(info.value)
