"""Random play over many seeds, every preset: the invariants hold at every step.

Each listed action applies; a battery of unlisted actions is refused with IllegalActionError;
no state short of the game's end is without actions; every card is somewhere; every meld is
valid; each side's breakdown adds up to its total.
"""

# RULES: TURN-0, TURN-1, CARD-2, MELD-1, MELD-2, MELD-3, SCORE-6

from __future__ import annotations

import contextlib
import itertools
import random

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import (
    ReferenceCheck,
    ReferenceTooSlow,
    check_invariants,
    reference_legal_actions,
    sweep,
    turn0_search_legal_actions,
)
from conftest import EVERY_PRESET, checked_walk, quick_part, scaled

PRESETS = cc.RuleSet.preset_names()

# Actions that are often illegal: a refusal must be an IllegalActionError, never anything else.
PROBES = [
    "draw", "take", "take 7 7", "take 7 2", "take K JK", "caliente", "pass", "ask", "yes", "no",
    "deal", "meld 7 7 7", "meld 7 2 2", "meld 2 JK on 9", "meld B3 B3 B3", "meld R3 R3 R3",
    "meld 4 4 4 2 2 2 JK", "discard Q", "discard R3", "discard CAL", "discard JK",
]


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_random_games_keep_every_invariant(preset: str) -> None:
    """Every state of 12 random games (2 hands each; 3 games in the quick loop) passes the
    invariant checks."""
    games = max(3, scaled(12))
    report = sweep(cc.RuleSet.preset(preset), games=games, seed=1000, max_hands=2)
    assert report.ok, "\n".join(map(str, report.violations[:5]))
    assert report.hands >= games


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_listed_actions_apply_and_unlisted_are_refused(preset: str) -> None:
    """Everything legal_actions lists applies; probes it does not list raise
    IllegalActionError with a message naming the action."""
    rules = cc.RuleSet.preset(preset)
    for seed in range(max(2, scaled(4))):  # four games; two in the quick loop
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        steps = 0
        while not state.is_game_over and state.hand_number <= 1 and steps < 400:
            legal = cc.legal_actions(state)
            assert legal, f"dead end at seed {seed}"
            listed = {str(a) for a in legal}
            for action in legal:
                cc.apply(state, action)
            for probe in PROBES:
                if probe in listed:
                    continue
                with pytest.raises(cc.IllegalActionError, match=probe.split()[0]):
                    cc.apply(state, probe)
                assert not cc.is_legal(state, probe)
            state = cc.apply(state, rng.choice(legal))
            steps += 1


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_generator_matches_the_independent_reference(preset: str) -> None:
    """legal_actions equals the independent reference (the rules read again, by brute force),
    list for list, at every state of random games under every preset."""
    report = sweep(cc.RuleSet.preset(preset), games=2, seed=77, max_hands=1, reference_every=1)
    assert report.ok, "\n".join(map(str, report.violations[:5]))
    assert report.reference_checked >= 100 and report.reference_skipped <= 2


READINGS: dict[str, cc.RuleSet] = {
    "classic-other-readings": cc.RuleSet.preset("classic").replace(
        stop_card_freezes=True, going_out_permission="never", tie_break="went_out",
        bonus_extras_without_meld="none", concealed_scope="side"),
    "caliente-cards-readings": cc.RuleSet.preset("caliente-cards").replace(
        up_card_must_be_natural=True, stop_card_freezes=True, caliente_on_empty_stock=True),
    "always-frozen-no-canasta-pair": cc.RuleSet.preset("caliente-always-frozen").replace(
        pile_pair_onto_canasta=False, caliente_cards=2, caliente_on_empty_stock=True,
        going_out_permission="never"),
    "two-player-readings": cc.RuleSet.preset("caliente-2p").replace(
        always_frozen=True, pile_pair_onto_canasta=False, stop_card_freezes=True,
        caliente_cards=2, caliente_on_empty_stock=True, up_card_must_be_natural=True),
    "caliente-asking-required": cc.RuleSet.preset("caliente").replace(
        going_out_permission="required"),
    "classic-asking-required-side": cc.RuleSet.preset("classic").replace(
        going_out_permission="required", concealed_scope="side"),
}
"""The other readings (READ-1 to READ-8) away from their defaults, combined with tables and the
Caliente cards."""


@pytest.mark.parametrize("name", quick_part(READINGS, ["classic-other-readings",
                                                  "caliente-cards-readings",
                                                  "caliente-asking-required"]))
def test_other_readings_match_the_reference_and_keep_invariants(name: str) -> None:
    """Under the other readings, random games keep every invariant (no dead end, TURN-0) and
    legal_actions equals the independent reference at every state."""
    # RULES: READ-1, READ-4, READ-6, READ-7, READ-8, TURN-0
    rules = READINGS[name]
    report = sweep(rules, games=6, seed=4242, max_hands=2)
    assert report.ok, "\n".join(map(str, report.violations[:5]))
    checked = sweep(rules, games=2, seed=99, max_hands=1, reference_every=1)
    assert checked.ok, "\n".join(map(str, checked.violations[:5]))
    assert checked.reference_checked >= 100


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_generator_matches_the_independent_reference_in_long_games(preset: str) -> None:
    """The same over more games and hands, with play biased toward pile takes, melds, the
    question and Caliente cards, so that the rarer states (first-meld takes with waiting
    cards, a "yes" or a "no", stop sets) are reached often."""
    rules = cc.RuleSet.preset(preset)
    check = ReferenceCheck(budget=50_000)
    for seed in range(20):
        checked_walk(check, rules, seed)
    assert check.checked >= 2500 and check.skipped <= check.checked // 100


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["caliente", "classic", "caliente-2p", "caliente-cards",
                                    "caliente-6p-3deck-3x2", "caliente-always-frozen"])
def test_turn0_solver_matches_the_turn0_search(preset: str) -> None:
    """The TURN-0 solver agrees with a brute-force search over real action sequences that
    shares the engine's other rule decisions (a consistency check of the solver alone)."""
    rules = cc.RuleSet.preset(preset)
    checked = 0
    for seed in range(3):
        rng = random.Random(77 + seed)
        state = cc.new_game(rules, seed=77 + seed)
        for step in itertools.count():
            if state.is_hand_over:
                break
            legal = cc.legal_actions(state)
            if step % 2 == 0:
                with contextlib.suppress(ReferenceTooSlow):
                    assert turn0_search_legal_actions(state, budget=30_000) == frozenset(legal)
                    checked += 1
            state = cc.apply(state, rng.choice(legal))
    assert checked >= 50


def test_apply_never_changes_its_input() -> None:
    """apply returns a new state; the old one keeps its value and hash."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=5)
    before = (hash(state), state)
    after = cc.apply(state, "draw")
    assert (hash(state), state) == before
    assert after != state


def test_reference_agrees_on_first_state() -> None:
    """The very first state: the reference and the generator agree, list for list."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=11)
    assert reference_legal_actions(state) == cc.legal_actions(state)
    assert check_invariants(state) == []
