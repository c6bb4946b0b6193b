"""What a newcomer's trial of the documentation tripped on: the mistakes a first program makes
(saving a view with ``dumps``, reading a record with ``loads``, a three written ``3``, a joker
``joker``, ``take_back(0)``, a preset's name where the web API takes an object) answered with
what to do."""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from canasta_caliente.web.protocol import read_rules

RULES = cc.RuleSet.preset("caliente")


@pytest.mark.parametrize(("given", "said"), [
    (cc.observe(cc.new_game(RULES, seed=1), 0),
     "dumps: expected a GameState, not View: a seat's view is saved with view.to_json()"),
    (cc.GameRecord.start(RULES, seed=1),
     "dumps: expected a GameState, not GameRecord: a record is saved with record.to_json()"),
    (cc.Match.start(RULES, seed=1),
     "dumps: expected a GameState, not Match: a match is saved as its record, "
     "match.record.to_json()"),
])
def test_dumps_says_how_another_object_is_saved(given: object, said: str) -> None:
    """``cc.dumps(view)`` said "a seat's view cannot be played: play the game's state"."""
    with pytest.raises(cc.CanastaTypeError) as info:
        cc.dumps(given)  # type: ignore[arg-type]
    assert str(info.value) == said


def test_a_reader_given_another_document_says_what_it_is() -> None:
    """``cc.loads`` of a record said only that the format was another."""
    record = cc.GameRecord.start(RULES, seed=1)
    with pytest.raises(cc.StateError, match=r"got 'canasta-caliente/record': this is a game "
                                            r"record, not a game's state$"):
        cc.loads(record.to_json())
    with pytest.raises(cc.StateError, match=r"got 'canasta-caliente/state': this is a game's "
                                            r"state, not a game record$"):
        cc.GameRecord.from_json(cc.dumps(cc.new_game(RULES, seed=1)))


@pytest.mark.parametrize(("text", "advice"), [
    ("discard 3", "; a three is R3 (red: a bonus card) or B3 (black: a stop card)"),
    ("meld Joker 7 7", "; a joker is JK"),
])
def test_a_card_a_newcomer_writes_is_told_its_code(text: str, advice: str) -> None:
    with pytest.raises(cc.NotationError) as info:
        cc.parse_action(text)
    assert str(info.value).endswith(advice)


def test_take_back_takes_the_seat_as_its_siblings_do() -> None:
    """``match.can_take_back(0)`` worked, ``match.take_back(0)`` was a TypeError."""
    match = cc.Match.start(RULES, seed=7)
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    assert match.can_take_back(0)
    assert str(match.take_back(0)) == "meld 6 6 6"


def test_the_web_api_says_how_a_preset_is_sent() -> None:
    """``POST /api/tables`` with ``"rules": "caliente-2p"`` answered "expected an object"."""
    with pytest.raises(cc.RuleSetError) as info:
        read_rules("caliente-2p")
    assert info.value.problems == (
        ("rules", 'expected an object: a preset is sent as {"preset": "caliente-2p"}, a file '
                  'as {"file": text, "format": "toml"}'),)


def test_a_tournament_given_the_rules_first_says_its_order() -> None:
    """``simulate(rules, bots)`` and ``play_game(rules, bots, seed)`` take the rules first, a
    tournament the bots: ``tournament(rules, bots)`` said only "not RuleSet"."""
    with pytest.raises(cc.CanastaTypeError, match=r"not RuleSet: a tournament takes the bots "
                                                  r"first, then the rules, tournament\(bots, "
                                                  r"rules\)$"):
        cc.tournament(cc.RuleSet.preset("caliente-2p"), ["heuristic", "random"],  # type: ignore[arg-type]
                      games=2)
