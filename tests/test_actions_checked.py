"""Actions check themselves when built: whatever the notation cannot write is refused at
construction, so ``parse_action(str(a)) == a`` for every action that exists (issue 16)."""

from __future__ import annotations

import itertools
import random

import pytest

import canasta_caliente as cc
from canasta_caliente import Action, Card, NotationError, Verb
from canasta_caliente.cards import parse_cards
from conftest import random_state

B3 = Card.BLACK_THREE


@pytest.mark.parametrize(
    ("verb", "cards", "on", "why"),
    [
        (Verb.MELD, (Card.QUEEN,), Card.EIGHT, "'on' follows wild cards only"),
        (Verb.MELD, (Card.EIGHT, B3), None, "stop cards cannot be mixed"),
        (Verb.DISCARD, (), None, "'discard' takes exactly one card"),
        (Verb.DISCARD, (Card.FIVE, Card.FIVE), None, "'discard' takes exactly one card"),
        (Verb.MELD, (), None, "'meld' needs at least one card"),
        (Verb.MELD, (Card.TWO,), Card.JOKER, "'on' must be followed by a natural rank"),
        (Verb.MELD, (Card.TWO, Card.JOKER), None, "wilds alone need 'on RANK'"),
        (Verb.MELD, (Card.SEVEN, Card.SEVEN, Card.EIGHT), None, "more than one rank"),
        (Verb.TAKE, (Card.SEVEN,), None, "'take' takes zero or two cards"),
        (Verb.TAKE, (Card.SEVEN, Card.EIGHT), None, "more than one rank"),
        (Verb.TAKE, (Card.SEVEN, B3), None, "stop cards cannot be mixed"),
        (Verb.TAKE, (), Card.SEVEN, "'on' is only used with 'meld'"),
        (Verb.DISCARD, (Card.TWO,), Card.SEVEN, "'on' is only used with 'meld'"),
        (Verb.DRAW, (Card.SEVEN,), None, "'draw' takes no arguments"),
        (Verb.DEAL, (), Card.SEVEN, "'deal' takes no arguments"),
        (Verb.YES, (Card.TWO,), None, "'yes' takes no arguments"),
    ],
)
def test_actions_the_notation_cannot_write_are_refused_when_built(
    verb: Verb, cards: tuple[Card, ...], on: Card | None, why: str
) -> None:
    """Each shape the notation forbids (API.md, "Cards and notation") raises NotationError at
    construction, quoting the action and saying why; the issue's examples are among them."""
    # RULES: CARD-1
    with pytest.raises(NotationError) as info:
        Action(verb, cards, on)
    assert why in str(info.value)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((None,), "NoneType None"),
        ((3,), "int 3"),
        ((Verb.MELD, "7 7 7"), "str '7 7 7'"),
        ((Verb.MELD, 7), "int 7"),
        ((Verb.MELD, (None,)), "NoneType None"),
        ((Verb.MELD, (7, 7, 7)), "int 7"),
        ((Verb.MELD, (True, True, True)), "bool True"),
        ((Verb.MELD, (Card.TWO,), 5), "int 5"),
        ((Verb.MELD, (Card.TWO,), 9.0), "float 9.0"),
    ],
)
def test_wrong_types_are_type_errors_naming_what_was_given(args: tuple[object, ...],
                                                           named: str) -> None:
    """A verb, cards or rank of the wrong type is a TypeError that names the value given."""
    with pytest.raises(TypeError) as info:
        Action(*args)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_card_codes_and_verb_names_are_read_and_unknown_ones_refused() -> None:
    """Cards given as their codes and the verb as its notation word build the same action as
    the enum members; an unknown code and an unknown verb are NotationErrors."""
    assert Action("meld", ("7", "7", "2")) == Action(Verb.MELD, (Card.SEVEN, Card.SEVEN, Card.TWO))
    assert Action(Verb.MELD, ("2",), "9") == cc.parse_action("meld 2 on 9")
    with pytest.raises(NotationError, match="unknown card code 'Z'"):
        Action(Verb.DISCARD, ("Z",))
    with pytest.raises(NotationError, match="unknown verb 'dance'"):
        Action("dance")


def test_card_numbers_are_refused_since_a_cards_number_is_its_index() -> None:
    """A plain int is no card: a Card's number is its index (7 is J), not its face value, so
    Action(MELD, (7, 7, 7)) would quietly be 'meld J J J'; it is a TypeError saying so, as
    are bools, while the members and codes build the action meant."""
    for cards in ((7, 7, 7), (Card.SEVEN, 7, Card.SEVEN), (True,)):
        with pytest.raises(TypeError, match=r"a card is a Card or its code .*its index, not "
                                             r"its face value \(Card\(7\) is J\)"):
            Action(Verb.MELD, cards)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="after 'on'"):
        Action(Verb.MELD, (Card.TWO,), 7)  # type: ignore[arg-type]
    assert str(Action(Verb.MELD, ("7", Card.SEVEN, "7"))) == "meld 7 7 7"
    assert Card.SEVEN != 7 and int(Card.SEVEN) == 3


def test_cards_are_put_in_canonical_order_and_equal_actions_hash_alike() -> None:
    """Cards given in any order are kept in canonical order, so the action equals (and hashes
    like) the parsed one."""
    # RULES: CARD-1
    built = Action(Verb.MELD, (Card.JOKER, Card.SEVEN, Card.TWO, Card.SEVEN))
    parsed = cc.parse_action("meld 7 7 2 JK")
    assert built.cards == (Card.SEVEN, Card.SEVEN, Card.TWO, Card.JOKER)
    assert built == parsed and hash(built) == hash(parsed)
    assert str(built) == "meld 7 7 2 JK"


def test_card_parse_and_parse_action_refuse_non_strings_with_type_errors() -> None:
    """Card.parse, parse_cards and parse_action given something other than text raise a
    TypeError naming it (not AttributeError); Card.parse returns a Card given as it is."""
    for value in (None, 7, b"JK", ["JK"]):
        with pytest.raises(TypeError, match=type(value).__name__):
            Card.parse(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=type(value).__name__):
            cc.parse_action(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="NoneType None"):
        parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="NoneType None"):
        parse_cards(["7", None])  # type: ignore[list-item]
    assert Card.parse(Card.JOKER) is Card.JOKER
    assert parse_cards(["7", Card.TWO]) == (Card.SEVEN, Card.TWO)


@pytest.mark.slow
def test_every_small_action_that_builds_round_trips_through_its_notation() -> None:
    """Exhaustively, every verb with every multiset of up to three cards and every ``on``
    either is refused when built or prints as notation that parses back to it; and an action
    is refused when built exactly when its notation is refused by parse_action."""
    # RULES: CARD-1
    built = refused = 0
    for verb in Verb:
        for size in range(4):
            for cards in itertools.combinations_with_replacement(list(Card), size):
                for on in (None, *Card):
                    try:
                        action = Action(verb, cards, on)
                    except NotationError:
                        refused += 1
                        words = [verb.value, *(c.code for c in cards)]
                        text = " ".join(words + ([] if on is None else ["on", on.code]))
                        with pytest.raises(NotationError):
                            cc.parse_action(text)
                        continue
                    built += 1
                    assert cc.parse_action(str(action)) == action
                    assert str(cc.parse_action(str(action))) == str(action)
    assert built > 400 and refused > 100_000, (built, refused)


def test_every_action_the_engine_lists_rebuilds_and_round_trips() -> None:
    """Along random games of every preset, each legal action is rebuilt equal from its parts
    and from its notation: the engine builds only actions the notation can write."""
    # RULES: CARD-1
    rng = random.Random(16)
    for preset in cc.RuleSet.preset_names():
        state = random_state(preset, rng.randrange(10**6), 60)
        for _ in range(40):
            actions = cc.legal_actions(state)
            if not actions:
                break
            for action in actions:
                assert Action(action.verb, action.cards, action.on) == action
                assert cc.parse_action(str(action)) == action
            state = cc.apply(state, rng.choice(actions))
