"""A club's rule files refused as they should be, each message naming the option and why: a
card valued twice, a red three given a value, a one-row table written as its two numbers, a key
given twice inside an option's JSON object, decks no table has beside other problems, a canasta
the deck's wilds cannot make (a club's trial of the house rules)."""

from __future__ import annotations

from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente import RuleSet
from test_house_rules import caliente_with
from test_house_rules import problems_of as problems


@pytest.mark.parametrize(("table", "first", "second"), [
    ({"10": 15, "T": 20}, "10", "T"),
    ({"JK": 40, "jk": 30}, "JK", "jk"),
    ({"A": 20, cc.Card.ACE: 25}, "A", "A"),
])
def test_a_card_valued_twice_is_refused(table: dict[Any, int], first: str, second: str) -> None:
    """Two codes of one card (``10`` and ``T``, ``JK`` and ``jk``) in ``card_values`` were
    both accepted, the last value kept: the club's file said two things of one card."""
    # RULES: CARD-3
    card = cc.Card.parse(first).code
    assert caliente_with(card_values=table) == [
        ("card_values", f"card {card} given twice, as {first!r} and {second!r}: give each "
                        "card once")]


def test_a_red_three_has_no_card_value() -> None:
    """A value for the red three was accepted and never counted (a bonus card scores only
    through SCORE-4): refused, unless 0 (what ``rules show`` writes of it); in a list of every
    card's value too."""
    # RULES: CARD-3, SCORE-4
    why = ("R3: a bonus card has no card value, got 1000: it scores only through "
           "bonus_card_score and bonus_card_extras (CARD-3, SCORE-4); give it 0, or leave it out")
    assert caliente_with(card_values={"R3": 1000}) == [("card_values", why)]
    values = list(RuleSet.preset("caliente").card_values)
    values[cc.Card.RED_THREE] = 1000
    assert caliente_with(card_values=values) == [("card_values", why)]
    # Beside an unknown code, both are said.
    said = caliente_with(card_values={"R3": 1000, "XX": 1})
    assert ("card_values", why) in said and len(said) == 2
    rules = RuleSet.from_toml('preset = "caliente"\ncard_values = { R3 = 0, JK = 40 }\n')
    assert rules.value(cc.Card.JOKER) == 40 and rules.value(cc.Card.RED_THREE) == 0
    assert RuleSet.from_toml(rules.to_toml()) == rules


@pytest.mark.parametrize(("option", "value", "said"), [
    ("bonus_card_extras", [4, 400],
     "expected a list of [count, extra] rows, got one row's two numbers: a table of one row "
     "is written [[4, 400]]"),
    ("initial_meld_minimums", [[0, 50], None], "row 2 must be [from score, minimum], got none"),
    ("initial_meld_minimums", [[0, 50], 90], "row 2 must be [from score, minimum], got 90"),
])
def test_a_table_of_the_wrong_shape_says_what_is_wrong(option: str, value: Any,
                                                      said: str) -> None:
    """A table written as one row's numbers, or with a row that is not a list, said "expected
    a list of [count, extra] rows, got a list": now the row, or the one-row form."""
    # RULES: SCORE-4, INIT-1
    assert caliente_with(**{option: value}) == [(option, said)]


def test_a_key_given_twice_inside_an_option_names_the_option() -> None:
    """A card given twice in a JSON document's ``card_values`` object was reported as an
    option named after the card ("JK: given more than once", then the unknown option's advice)."""
    text = '{"preset": "caliente", "card_values": {"JK": 10, "JK": 20}, "players": 4, "players": 4}'
    assert problems(lambda: RuleSet.from_json(text)) == [
        ("card_values", "'JK' given more than once in the JSON document"),
        ("players", "given more than once in the JSON document")]
    # In an object that a second card_values replaced (a review found it named 'JK' again).
    text = '{"preset": "caliente", "card_values": {"JK": 1, "JK": 2}, "card_values": {"A": 5}}'
    assert problems(lambda: RuleSet.from_json(text)) == [
        ("card_values", "'JK' given more than once in the JSON document"),
        ("card_values", "given more than once in the JSON document")]


def test_the_decks_are_checked_whatever_the_players() -> None:
    """Decks no table is laid out with were reported only once the players were valid (the
    file mended, a second problem unrelated to the first); and its message named 3 decks for
    six players alone, where any table but five players' may play with 3."""
    # RULES: SEAT-2
    assert caliente_with(players=7, decks=4) == [
        ("players", "must be at most 6: SEAT-2 lays out tables of 2 to 6 players, got 7"),
        ("decks", "no table is laid out with 4 decks: 2 decks, or 3 (any table but five "
                  "players') (SEAT-2)")]
    assert caliente_with(decks=4) == caliente_with(players=7, decks=4)[1:]
    assert RuleSet.preset("caliente").replace(decks=3).decks == 3


def test_a_canasta_larger_than_the_wilds_can_make_says_so() -> None:
    """A canasta of 21 cards where a meld may hold any number of wilds said the meld "may hold
    at most 1000000000 wilds": the deck's 12 wilds are what it lacks."""
    # RULES: MELD-4, OUT-1
    assert caliente_with(wild_rule="two_naturals", canasta_size=21) == [
        ("canasta_size", "no canasta of 21 cards can be made: it needs 13 wilds beside the 8 "
                         "naturals of its rank, and the deck holds 12 wilds in all; so no side "
                         "could go out, which needs 1 canasta (canastas_to_go_out; OUT-1, "
                         "MELD-4)")]
