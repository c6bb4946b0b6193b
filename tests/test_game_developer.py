"""What a game developer's trial found (a terminal game against bots, and a hot-seat game of
two people): the words of refusals said to the seat that asked, words quoted inside words, a
rule's refusal that read as a fact, and a folder given as a house-rules file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import canasta_caliente as cc

RULES = cc.RuleSet.preset("caliente")


def _asking() -> cc.GameState:
    """A state of a seeded random game where the player to act may ask "May I go out?"."""
    state, rng = cc.new_game(RULES, seed=0), random.Random(0)
    while True:
        legal = cc.legal_actions(state)
        if any(a.verb is cc.Verb.ASK for a in legal):
            return state
        state = cc.apply(state, rng.choice(legal))


def test_a_refused_take_back_says_not_yours_to_the_seat_that_asked() -> None:
    """The refusal goes to the seat that asked: it said "the last action is Ann's, not
    Bob's" to Bob, and "not you's" to a seat named "you"."""
    match = cc.Match.start(RULES, seed=7, players=["Ann", "Bob", "Cyd", "you"])
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    for seat in (1, 3):
        assert match.take_back_refusal(seat) == ("take-back: the last action is Ann's, not yours: a seat takes back "
                           "only its own last action, before the next seat acts")


def test_words_holding_double_quotes_are_quoted_with_single_ones() -> None:
    """The question's take-back refused read '"ask the partner "May I go out?"" cannot be
    taken back'."""
    before = _asking()
    after = cc.apply(before, "ask")
    assert cc.take_back_refusal(before, after) == (
        "'ask the partner \"May I go out?\"' cannot be taken back: the partner has been asked, "
        "and the question cannot be unasked")


def test_asking_after_a_meld_is_refused_as_a_rule_not_a_fact() -> None:
    """It said "the question is asked before any meld action", a fact the player had just
    seen untrue."""
    state = _asking()
    meld = next(a for a in cc.legal_actions(state) if a.verb is cc.Verb.MELD)
    assert cc.illegal_reason(cc.apply(state, meld), "ask") == (
        "the question may be asked only before any meld action this turn (OUT-2)")


def test_a_folder_given_as_a_house_rules_file_is_said_to_be_a_folder(tmp_path: Path) -> None:
    """It said "unknown file type '(none)'"."""
    with pytest.raises(cc.RuleSetError, match=r"is a folder: expected a \.toml or \.json file"):
        cc.RuleSet.from_file(tmp_path)
    (tmp_path / "club.toml").mkdir()  # (a folder with a file's name: the OS says why)
    with pytest.raises(IsADirectoryError):
        cc.RuleSet.from_file(tmp_path / "club.toml")
