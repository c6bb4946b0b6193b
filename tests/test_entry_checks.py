"""Public entry points check what they are given and raise the library's own errors, saying
what was wrong, where a bare TypeError, IndexError, AttributeError or RecursionError came from
deep inside (or a wrong answer came back) before: a user's trial of the rules, records and
testing helpers."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import check_invariants, divide, perft, stacked_deck

RULES = cc.RuleSet.preset("caliente-2p")
THREE_A_SIDE = cc.RuleSet.preset("caliente-6p")
STATE = cc.new_game(RULES, seed=1)


def _finished_hand() -> cc.HandResult:
    state = STATE
    while not state.hand_results:
        state = cc.apply(state, cc.legal_actions(state)[0])
    return state.hand_results[0]


RESULT = _finished_hand()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: RULES.value(99), TypeError,  # IndexError
         r"^card: a card is a Card or its code \(a str\), not int 99; a Card's number is its "
         r"index, not its face value \(Card\(7\) is J\)"),
        (lambda: RULES.value(-1), TypeError, "not int -1"),  # 0, the last card's value
        (lambda: RULES.value("ZZ"), cc.NotationError, "unknown card code 'ZZ'"),
        (lambda: RULES.minimum_for("x"), TypeError,  # '<' not supported
         r"^score must be an int \(a side's game score\), not str 'x'$"),
        (lambda: RESULT.components(5), cc.ArgumentError,  # IndexError
         r"^side: no side 5: the table has 2 sides \(0 to 1\)$"),
        (lambda: RESULT.components(-1), cc.ArgumentError, "no side -1"),  # the last side
        (lambda: RESULT.components("0"), TypeError, "side must be an int"),
        (lambda: cc.turn_order(RULES, 1.0), TypeError,  # slice indices must be integers
         r"^hand_number must be an int, not float 1.0$"),
        (lambda: cc.turn_order(RULES, -5), cc.ArgumentError,  # an order
         r"^hand_number must be an integer of at least 1, not -5$"),
        (lambda: cc.dumps(STATE, indent=2.0), TypeError,
         r"^indent must be None, a number of spaces \(an int\) or the text of one level"),
        (lambda: cc.GameRecord.from_state(cc.observe(STATE, 0)), TypeError,  # AttributeError
         r"^expected a GameState, not View"),
        (lambda: perft(STATE, -1), cc.ArgumentError,  # RecursionError
         r"^depth must be an integer of at least 0, not -1$"),
        (lambda: perft(STATE, 1.0), TypeError, r"^depth must be an int, not float 1.0$"),  # 1
        (lambda: divide(STATE, 0), cc.ArgumentError, "depth must be an integer of at least 1"),
        (lambda: check_invariants(None), TypeError,  # AttributeError
         r"^expected a GameState, not NoneType$"),
        (lambda: stacked_deck(RULES, ["7 7 7"]), TypeError,  # AttributeError
         r"^stacked_deck: hands must be a mapping of seat to cards"),
        (lambda: stacked_deck(RULES, {"0": "7"}), TypeError,  # "seat 0 does not play hand 1"
         r"^stacked_deck: a seat of hands must be an int \(a seat, 0 to 1\), not str '0'$"),
        (lambda: stacked_deck(RULES, {5: "7"}), cc.ArgumentError, "no seat 5 at a table of 2"),
        (lambda: stacked_deck(RULES, {0: "JK " * 5}), cc.ArgumentError,
         "too many JK cards for the rules' deck"),
        (lambda: stacked_deck(RULES, {0: "7 " * 16}), cc.ArgumentError,
         "seat 0 is given more than"),
        (lambda: stacked_deck(THREE_A_SIDE, {4: "7"}), cc.ArgumentError,
         r"seat 4 does not play hand 1 \(it sits out\)"),
        (lambda: stacked_deck(RULES, {0: "7"}, hand_number=0), cc.ArgumentError,
         "hand_number must be an integer of at least 1"),
    ],
)
def test_entry_points_refuse_bad_arguments_saying_what_was_wrong(
        call: Callable[[], Any], error: type[Exception], message: str) -> None:
    """Each call once failed deep inside or answered quietly; now it raises the library's
    error (a TypeError for a wrong type, an ArgumentError, a ValueError, for a value out of
    range) with a message naming what was given."""
    with pytest.raises(error, match=message):
        call()


def test_the_checked_entry_points_still_answer_good_arguments() -> None:
    """The checks take what the entry points took: a card's code or member, a side, a seat,
    a depth; json.dumps's indents (a str or an int) give the same document."""
    assert RULES.value("JK") == RULES.value(cc.Card.JOKER) == RULES.card_values[cc.Card.JOKER]
    assert RULES.minimum_for(-10) == RULES.minimum_below_zero
    assert sum(RESULT.components(1).values()) == RESULT.totals[1]
    assert cc.turn_order(RULES, 2) == (1, 0)
    assert cc.dumps(STATE, indent="  ") == cc.dumps(STATE, indent=2)
    assert json.loads(cc.dumps(STATE, indent="\t")) == json.loads(cc.dumps(STATE))
    assert cc.loads(cc.dumps(STATE, indent=0)) == STATE
    assert perft(STATE, 0) == 1 and perft(STATE, 1) == len(cc.legal_actions(STATE))
    assert sum(divide(STATE, 2).values()) == perft(STATE, 2)
    assert check_invariants(STATE) == []
    assert cc.new_game(RULES, deck=stacked_deck(RULES, {1: "7 7"})).hand(1).count(
        cc.Card.SEVEN) >= 2


def test_stacked_deck_errors_are_argument_errors_and_value_errors() -> None:
    """stacked_deck's errors were plain ValueErrors: they are the library's ArgumentError,
    still a ValueError, so a caller catching either catches them."""
    with pytest.raises(cc.ArgumentError) as info:
        stacked_deck(RULES, {0: "JK " * 5})
    assert isinstance(info.value, ValueError) and isinstance(info.value, cc.CanastaError)
