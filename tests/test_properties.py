"""Property tests: for generated RuleSets (every option, combined), seeds and action choices,
every invariant holds at every node, and legal_actions equals the independent reference."""

# RULES: TURN-0, MELD-1, MELD-2, MELD-3, MELD-4, MELD-5, SCORE-4, SCORE-6, CARD-2, VAR-7

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.testing import (
    ReferenceCheck,
    ReferenceTooSlow,
    check_invariants,
    reference_legal_actions,
)
from conftest import checked_walk, scaled
from strategies import ruleset_options, rulesets


@given(ruleset_options())
def test_the_strategy_draws_every_option(options: dict[str, object]) -> None:
    """The RuleSet strategy gives a value to every option of RuleSet (none keeps its default
    for lack of a strategy), and the values make a valid RuleSet."""
    assert set(options) == {option.name for option in cc.OPTIONS}
    assert cc.RuleSet(**options).to_dict()["bonus_card_score"] == options["bonus_card_score"]


@pytest.mark.slow
@given(rules=rulesets(), seed=st.integers(0, 2**32), reference_every=st.integers(3, 9))

def test_random_hands_under_any_rules(rules: cc.RuleSet, seed: int, reference_every: int) -> None:
    """One random hand (and the deal of the next) under any valid RuleSet: invariants at every
    node, legal_actions pure and deterministic, every listed action applies, and every few
    nodes the list equals the independent reference's (order included) and the state and a
    view round-trip through JSON."""
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    for step in range(3000):
        assert check_invariants(state) == [], (seed, step)
        before = hash(state)
        legal = cc.legal_actions(state)
        assert cc.legal_actions(state) == legal
        assert hash(state) == before
        if not legal:
            assert state.is_game_over
            return
        if step % reference_every == 1:
            # Storage: every state round-trips through JSON exactly, views too.
            assert cc.loads(cc.dumps(state)) == state
            seat = step % rules.players
            view = cc.observe(state, seat)
            assert cc.View.from_json(view.to_json()) == view
        if step % reference_every == 0 and not state.is_hand_over:
            with contextlib.suppress(ReferenceTooSlow):
                assert reference_legal_actions(state, budget=30_000) == legal, (seed, step)
        if state.is_hand_over:
            return
        state = cc.apply(state, rng.choice(legal))
    raise AssertionError(f"a hand did not end within 3000 actions (seed {seed})")


@given(rules=rulesets(), seed=st.integers(0, 2**32))

def test_same_seed_same_game(rules: cc.RuleSet, seed: int) -> None:
    """The same rules, seed and choices give the same game, state by state."""
    def run() -> list[cc.GameState]:
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        states = [state]
        for _ in range(60):
            legal = cc.legal_actions(state)
            if not legal:
                break
            state = cc.apply(state, rng.choice(legal))
            states.append(state)
        return states

    assert run() == run()


@given(rules=rulesets(), seed=st.integers(0, 2**32))

def test_scores_are_the_sum_of_hand_totals(rules: cc.RuleSet, seed: int) -> None:
    """After a few hands, each side's game score is its starting score plus its hand totals,
    and each hand's components add up to its totals (SCORE-6)."""
    rng = random.Random(seed)
    start = tuple(rng.randrange(-500, 3000) for _ in rules.layout)
    state = cc.new_game(rules, seed=seed, scores=start)
    for _ in range(2500):
        legal = cc.legal_actions(state)
        if not legal or state.hand_number > 2:
            break
        state = cc.apply(state, rng.choice(legal))
    for side in range(len(rules.layout)):
        total = start[side] + sum(r.totals[side] for r in state.hand_results)
        assert state.scores[side] == total
        for result in state.hand_results:
            assert sum(result.components(side).values()) == result.totals[side]


@pytest.mark.slow
@settings(max_examples=scaled(150))
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_engine_matches_the_independent_reference_under_any_rules(
    rules: cc.RuleSet, seed: int
) -> None:
    """Two hands under any valid RuleSet, play biased toward pile takes, melds, the question
    and Caliente cards: at every node legal_actions equals the independent reference's list,
    order included (a state the reference cannot decide within its budget is skipped)."""
    check = ReferenceCheck(budget=50_000)
    checked_walk(check, rules, seed)
    assert check.checked > 0


@settings(max_examples=scaled(10))
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_engine_matches_the_independent_reference_briefly_under_any_rules(
    rules: cc.RuleSet, seed: int
) -> None:
    """The quick loop's share of the check above: the first 80 actions of a game under any
    valid RuleSet, legal_actions equal to the reference's list at every node."""
    check = ReferenceCheck(budget=50_000)
    checked_walk(check, rules, seed, hands=None, actions=80)
    assert check.checked > 0
