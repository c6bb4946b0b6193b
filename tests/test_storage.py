"""Storage: states as JSON documents, their validation, and game records with replays.

``loads(dumps(s)) == s`` for states reached by seeded random play over every preset; every kind
of corrupt, truncated or tampered document raises StateError naming the problem and its place;
a game record replays every state exactly and refuses an illegal action, naming the step.
"""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.records import storage as storage
from canasta_caliente.records.storage import (
    RULES_VERSION,
    GameRecord,
    ReplayError,
    dumps,
    loads,
    replay,
    state_to_dict,
)
from canasta_caliente.testing import stacked_deck
from conftest import PRESETS, STATES, random_state

# ---------------------------------------------------------------------------------------------
# Round trip


@given(STATES)
def test_dumps_loads_round_trip(state: cc.GameState) -> None:
    """loads(dumps(s)) equals s, with the same hash and the same legal actions; writing it
    again gives the same text, compact or indented."""
    text = dumps(state)
    back = loads(text)
    assert back == state and hash(back) == hash(state)
    assert dumps(back) == text
    assert loads(dumps(state, indent=None)) == state
    assert cc.legal_actions(back) == cc.legal_actions(state)


def test_document_records_format_and_versions() -> None:
    """The document names its format, the rules version and the package version; cards are
    written as codes and hands as lists of codes."""
    state = cc.new_game(cc.RuleSet.preset("caliente-cards"), seed=9)
    data = json.loads(dumps(state))
    assert data["format"] == "canasta-caliente/state"
    assert data["rules_version"] == RULES_VERSION == 2
    assert data["package_version"] == cc.__version__
    assert data["table"]["hands"][0] == [str(c) for c in state.hand(0)]
    assert set(data["table"]["deck"]) <= {"4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                                          "A", "2", "JK", "R3", "B3", "CAL"}


def test_loads_reads_what_a_later_hand_and_a_finished_game_hold() -> None:
    """Hand results, scores and the game-over state survive the round trip."""
    # RULES: SCORE-6, GAME-1
    state = random_state("caliente-2p", 3, 100_000)
    assert state.is_game_over
    back = loads(dumps(state))
    assert back == state and back.winner == state.winner
    assert back.hand_results[0].components(0) == state.hand_results[0].components(0)


# ---------------------------------------------------------------------------------------------
# Corrupt documents


def base_document() -> dict[str, Any]:
    """A mid-hand caliente-cards state as a document: both sides have melds."""
    for seed in range(100):
        state = random_state("caliente-cards", seed, 60)
        if not state.over and all(state.melds(side) for side in range(2)):
            return state_to_dict(state)
    raise AssertionError("no state with melds on both sides")  # pragma: no cover


def _hand(d: dict[str, Any], seat: int) -> list[str]:
    hand: list[str] = d["table"]["hands"][seat]
    return hand


def _swap_bonus_into_hand(d: dict[str, Any]) -> None:
    table = d["table"]
    deck = table["deck"]
    pos = deck.index("R3", table["stock_pos"])
    card = _hand(d, 0)[0]
    dealt = deck.index(card)
    assert dealt < table["stock_pos"]
    deck[pos], deck[dealt] = card, "R3"  # the deck stays the rules' deck
    _hand(d, 0)[0] = "R3"


Change = Callable[[dict[str, Any]], object]

CORRUPTIONS: list[tuple[str, Change, str]] = [
    ("wrong format", lambda d: d.update(format="chess/fen"),
     "format: expected 'canasta-caliente/state'"),
    ("missing format", lambda d: d.pop("format"), "format: missing field"),
    ("newer rules version", lambda d: d.update(rules_version=3),
     r"rules version 3 \(written by a newer package\)"),
    ("rules version not a number", lambda d: d.update(rules_version="1"),
     "rules_version: expected an integer"),
    ("missing field", lambda d: d.pop("table"), "table: missing field"),
    ("missing nested field", lambda d: d["table"]["turn"].pop("need"),
     "table.turn.need: missing field"),
    ("unknown field", lambda d: d.update(comment="hi"), "comment: unknown field"),
    ("misspelt field", lambda d: d.update(seeed=d.pop("seed")),
     r"seeed: unknown field \(did you mean .seed.\?\)"),
    ("wrong type", lambda d: d.update(seed="x"), "seed: expected an integer, got a string"),
    ("boolean for an integer", lambda d: d.update(hand_number=True),
     "hand_number: expected an integer, got a boolean"),
    ("list for an object", lambda d: d.update(table=[]), "table: expected an object"),
    ("unknown card code", lambda d: _hand(d, 1).__setitem__(0, "ZZ"),
     r"table.hands\[1\]\[0\]: unknown card code 'ZZ'"),
    ("number for a card", lambda d: d["table"]["pile"].append(7),
     r"table.pile\[\d+\]: expected a card code, got an integer"),
    ("invalid RuleSet", lambda d: d["rules"].update(players=7),
     "rules: invalid RuleSet: players: "),
    ("unknown rule option", lambda d: d["rules"].update(colour="red"),
     "rules: invalid RuleSet: colour: unknown option"),
    ("an extra card", lambda d: _hand(d, 1).append("JK"), "cards are not conserved"),
    ("a missing card", lambda d: _hand(d, 1).pop(), "cards are not conserved"),
    ("a changed card", lambda d: _hand(d, 1).__setitem__(0, "CAL"), "cards are not conserved"),
    ("a tampered deck", lambda d: d["table"]["deck"].__setitem__(0, "JK"),
     "table.deck: is not the rules' deck"),
    ("a meld too small", lambda d: d["table"]["sides"][0].update(melds=[["7", "7"]]),
     r"table.sides\[0\].melds\[0\]: 7 7: a meld holds at least 3 cards \(MELD-1\)"),
    ("wilds alone", lambda d: d["table"]["sides"][0].update(melds=[["2", "2", "JK"]]),
     "wilds alone does not exist"),
    ("two ranks in a meld", lambda d: d["table"]["sides"][0].update(melds=[["7", "7", "8"]]),
     "more than one rank"),
    ("too many wilds", lambda d: d["table"]["sides"][1].update(melds=[["7", "7", "2", "2"]]),
     "2 naturals and 2 wilds break MELD-2"),
    ("two melds of a rank",
     lambda d: d["table"]["sides"][0].update(melds=[["7", "7", "7"], ["7", "7", "7", "2"]]),
     "second meld of 7.*MELD-3"),
    ("a stop meld of two", lambda d: d["table"]["sides"][0].update(melds=[["B3", "B3"]]),
     "3 or 4 stop cards, not 2 \\(MELD-5\\)"),
    ("a wild in a stop meld",
     lambda d: d["table"]["sides"][0].update(melds=[["B3", "B3", "B3", "2"]]),
     "only with stop cards \\(MELD-5\\)"),
    ("a bonus card melded", lambda d: d["table"]["sides"][0].update(melds=[["R3"] * 3]),
     "never melded \\(MELD-6\\)"),
    ("a negative count", lambda d: d["table"]["sides"][0].update(laid_out=-1),
     r"table.sides\[0\].laid_out: must be at least 0"),
    ("stock position past the deck", lambda d: d["table"].update(stock_pos=200),
     "table.stock_pos: must be at most 110"),
    ("seat out of range", lambda d: d["table"]["turn"].update(player=9),
     "table.turn.player: must be at most 3"),
    ("a player out of turn", lambda d: d["table"].update(
        turn_index=(d["table"]["turn_index"] + 1) % 4), "is not the turn player"),
    ("a wrong turn order", lambda d: d["table"].update(order=d["table"]["order"][::-1]),
     "is not the turn order of hand 1"),
    ("too few hands", lambda d: d["table"]["hands"].pop(), "expected one hand per seat"),
    ("too many sides", lambda d: d["table"]["sides"].append(d["table"]["sides"][0]),
     "expected one entry per side"),
    ("too many scores", lambda d: d.update(scores=[0, 0, 0]), "expected one score per side"),
    ("a missing hand result", lambda d: d.update(over=True),
     "1 hand result are expected, not 0"),
    ("an unknown phase", lambda d: d["table"]["turn"].update(phase="dance"),
     "expected one of draw, play, answer, got 'dance'"),
    ("an unknown answer", lambda d: d["table"]["turn"].update(question="maybe"),
     "expected one of none, asked, yes, no"),
    ("a seat listed twice", lambda d: d["table"].update(melded_seats=[1, 1]),
     "a seat is listed twice"),
    ("a bonus card in a hand", _swap_bonus_into_hand, "holds a bonus card \\(TURN-3\\)"),
]


@pytest.mark.parametrize(("name", "change", "message"), CORRUPTIONS,
                         ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_documents_raise_state_error(name: str, change: Change, message: str) -> None:
    """Each kind of corrupt or tampered document raises StateError whose message names the
    problem and where it is."""
    # RULES: MELD-1, MELD-2, MELD-3, MELD-5, MELD-6, CARD-2, SEAT-4, TURN-3
    data = base_document()
    change(data)
    with pytest.raises(cc.StateError, match=message):
        loads(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid JSON at line 1"),
        ("{", "invalid JSON"),
        ("[1, 2]", "expected a JSON object, got a list"),
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"format": 1, "format": 2}', "appears twice"),
    ],
)
def test_bad_json_raises_state_error(text: str, message: str) -> None:
    """Text that is not a JSON object raises StateError, not a JSON or type error."""
    with pytest.raises(cc.StateError, match=message):
        loads(text)


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_truncated_document_raises_state_error(cut: int) -> None:
    """A document cut short anywhere raises StateError."""
    text = dumps(cc.new_game(cc.RuleSet.preset("caliente"), seed=2))
    with pytest.raises(cc.StateError, match="invalid JSON"):
        loads(text[: int(len(text) * cut)])


def test_every_problem_is_listed_at_once() -> None:
    """A document with several problems lists them all, each with its path."""
    data = base_document()
    data["seed"] = "x"
    data["extra"] = 1
    _hand(data, 2)[0] = "ZZ"
    data["table"]["sides"][1]["melds"] = [["7", "7"]]
    with pytest.raises(cc.StateError) as info:
        loads(json.dumps(data))
    message = str(info.value)
    assert "(4 problems)" in message
    for part in ("seed:", "extra: unknown field", "table.hands[2][0]", "MELD-1"):
        assert part in message


def test_sitting_out_seat_with_cards_is_refused() -> None:
    """In the five-player game a seat sitting out holds no card."""
    # RULES: SEAT-3
    state = cc.new_game(cc.RuleSet.preset("caliente-5p"), seed=1)
    out = next(s for s in range(5) if s not in state.active_seats)
    data = state_to_dict(state)
    active = state.active_seats[1]
    data["table"]["hands"][out] = [data["table"]["hands"][active].pop()]
    with pytest.raises(cc.StateError, match=f"seat {out} sits out but holds cards"):
        loads(json.dumps(data))


def test_a_dead_end_is_refused() -> None:
    """A state whose player to act has no legal action cannot be loaded (TURN-0)."""
    # RULES: TURN-0, OUT-2
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 7 7 7 7 7 K K K Q"}, pile="5", stock="K")
    state = cc.apply(cc.apply(cc.apply(cc.new_game(rules, deck=deck, seed=1), "draw"), "ask"),
                     "yes")
    data = state_to_dict(state)
    hands = data["table"]["hands"]
    hands[0], hands[1] = hands[1] + [hands[0][0]], hands[0][1:]
    with pytest.raises(cc.StateError, match="no legal action"):
        loads(json.dumps(data))


def test_loads_refuses_other_documents_and_types() -> None:
    """A record or view document is not a state; a non-text argument is a TypeError."""
    record = GameRecord.start(cc.RuleSet.preset("caliente"), seed=1)
    with pytest.raises(cc.StateError, match="format: expected 'canasta-caliente/state', got "
                       "'canasta-caliente/record'"):
        loads(record.to_json())
    with pytest.raises(TypeError):
        loads(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Game records and replays


def play_record(
    preset: str, seed: int, steps: int
) -> tuple[GameRecord, list[cc.GameState]]:
    """A record built while playing ``steps`` seeded random actions, and the states played."""
    record = GameRecord.start(cc.RuleSet.preset(preset), seed=seed)
    state = record.initial_state()
    played = [state]
    rng = random.Random(seed)
    for _ in range(steps):
        legal = cc.legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        state = cc.apply(state, action)
        record = record.extend(action)
        played.append(state)
    return record, played


@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 500))
def test_replay_rebuilds_every_state(preset: str, seed: int, steps: int) -> None:
    """A record built while playing replays to exactly the states played, also after a JSON
    round trip."""
    record, played = play_record(preset, seed, steps)
    assert list(replay(record)) == played
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert list(replay(again)) == played
    assert record.final_state() == played[-1]


def test_record_with_stacked_deck_and_scores() -> None:
    """A record keeps the stacked deck and starting scores, and from_state recovers them from a
    new game's state."""
    # RULES: INIT-1
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 K K K A A Q J 9 2"}, pile="JK 7", stock="5")
    record = GameRecord.start(rules, seed=4, deck=deck, scores=[-20, 1600])
    state = record.initial_state()
    assert state.hand(0)[:2] == (cc.Card.SEVEN, cc.Card.SEVEN)
    assert state.scores == (-20, 1600) and state.turn.need == 15
    record = record.extend("take 7 7", "meld K K K 2")
    back = GameRecord.from_json(record.to_json())
    assert back == record and replay(back)[-1] == replay(record)[-1]
    assert GameRecord.from_state(state).initial_state() == state
    plain = cc.new_game(rules, seed=12)
    assert GameRecord.from_state(plain) == GameRecord(rules, 12)
    with pytest.raises(cc.ArgumentError, match="not the start of a game"):
        GameRecord.from_state(cc.apply(plain, "draw"))


def test_start_takes_the_seats_and_the_date() -> None:
    """`GameRecord.start` names who sits where and the date, as the constructor does, and checks
    them the same way (a server need not rebuild the record to name its players)."""
    rules = cc.RuleSet.preset("caliente-2p")
    record = GameRecord.start(rules, seed=5, players=("ana", "level-3"), date="2026-12-01")
    assert record == GameRecord(rules, 5, players=("ana", "level-3"), date="2026-12-01")
    assert GameRecord.from_text(record.extend("draw").to_text()).players == ("ana", "level-3")
    # The library's own errors (a server catching CanastaError catches them).
    with pytest.raises(cc.ArgumentError, match="players: 3 names for 2 seats: one name a seat"):
        GameRecord.start(rules, seed=5, players=("ana", "bo", "level-3"))
    with pytest.raises(cc.ArgumentError,
                       match="without ',' or '#' and without white space at either end, not 'a,b'"):
        GameRecord.start(rules, seed=5, players=("a,b", "level-3"))
    with pytest.raises(TypeError, match="players must be a sequence of names"):
        GameRecord.start(rules, seed=5, players="ana")


def test_a_record_checks_its_rules_and_seed_when_built() -> None:
    """A record built with a preset's name or a seed as text is refused when built, naming the
    field (it was accepted, and failed later, far from the mistake: with seats named, as an
    AttributeError)."""
    rules = cc.RuleSet.preset("caliente-2p")
    with pytest.raises(TypeError, match=r"^rules must be a RuleSet, not str 'caliente-2p' "
                       r"\(a preset by its name: RuleSet.preset\('caliente-2p'\)\)$"):
        GameRecord("caliente-2p", 5, players=("ana", "level-3"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be an int, not str '5'$"):
        GameRecord(rules, "5")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be an int, not bool True$"):
        GameRecord(rules, True)
    assert GameRecord(rules, 5) == GameRecord.start(rules, seed=5)


def test_a_record_checks_its_actions_and_scores_when_built() -> None:
    """The constructor checks the actions and scores as from_json does (issue: a str was read
    letter by letter, a number wrote a document from_json refuses, "DRAW" was kept as written
    so the record did not round-trip, one score for two sides was accepted)."""
    rules = cc.RuleSet.preset("caliente-2p")
    with pytest.raises(TypeError, match=r"^actions must be a sequence of actions or their "
                       r"notation \(str\), not str 'draw'$"):
        GameRecord(rules, 1, actions="draw")
    with pytest.raises(TypeError, match=r"^actions\[1\] must be an Action or its notation "
                       r"\(a str\), not int 1$"):
        GameRecord(rules, 1, actions=["draw", 1])  # type: ignore[list-item]
    with pytest.raises(cc.NotationError, match=r"^actions\[1\]: 'discard Q Q': 'discard' "
                       r"takes exactly one card"):
        GameRecord(rules, 1, actions=("draw", "discard Q Q"))
    with pytest.raises(cc.ArgumentError, match=r"^scores: expected 2 integers, one per side, "
                       r"got \[1\]$"):
        GameRecord(rules, 1, scores=[1])
    with pytest.raises(TypeError, match="scores must be a sequence of 2 integers"):
        GameRecord(rules, 1, scores="12")  # type: ignore[arg-type]
    record = GameRecord(rules, 1, scores=[5, 0], actions=["DRAW", cc.parse_action("discard 5")])
    assert record.actions == ("draw", "discard 5") and record.scores == (5, 0)
    assert GameRecord.from_json(record.to_json()) == record
    assert record == GameRecord.start(rules, seed=1, scores=(5, 0)).extend("draw", "discard 5")


def test_replay_names_the_illegal_step() -> None:
    """A record whose action is illegal raises an IllegalActionError naming the step, the
    action and why; the error carries the state it was refused in."""
    record, played = play_record("caliente", 6, 20)
    bad = attrs.evolve(record, actions=(*record.actions[:7], "deal", *record.actions[7:]))
    with pytest.raises(cc.IllegalActionError, match="step 8: deal: the hand is still being "
                       "played") as info:
        replay(bad)
    assert isinstance(info.value, ReplayError)
    assert info.value.step == 8 and info.value.state == played[7]


def test_replay_refuses_malformed_records() -> None:
    """A deck the rules' deck cannot hold raises StateError (malformed notation is refused
    when the record is built)."""
    too_many = GameRecord(cc.RuleSet.preset("caliente"), 1, deck=("JK",) * 5)
    with pytest.raises(cc.StateError, match="too many JK cards"):
        replay(too_many)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(actions=["draw", "flip"]), r"actions\[1\]: step 2: .*unknown verb"),
        (lambda d: d.update(actions="draw"), "actions: expected a list"),
        (lambda d: d.pop("seed"), "seed: missing field"),
        (lambda d: d.update(deck=["JK"] * 5), "too many JK cards"),
        (lambda d: d.update(deck=["XX"]), r"deck\[0\]: unknown card code"),
        (lambda d: d.update(scores=[1]), "expected one score per side"),
        (lambda d: d.update(rules_version=0), "rules version 0"),
        (lambda d: d.update(format="canasta-caliente/state"), "format"),
        (lambda d: d["rules"].update(decks=9), "rules: invalid RuleSet"),
    ],
)
def test_malformed_record_documents(change: Change, message: str) -> None:
    """A corrupt record document raises StateError saying what is wrong."""
    data = json.loads(GameRecord.start(cc.RuleSet.preset("caliente"), seed=1)
                      .extend("draw").to_json())
    change(data)
    with pytest.raises(cc.StateError, match=message):
        GameRecord.from_json(json.dumps(data))


def test_extend_normalizes_and_checks_notation() -> None:
    """extend writes actions in canonical notation and refuses malformed notation at once."""
    record = GameRecord.start(cc.RuleSet.preset("caliente"), seed=1)
    assert record.extend("MELD 2 7 7", cc.parse_action("draw")).actions == ("meld 7 7 2",
                                                                            "draw")
    with pytest.raises(cc.NotationError):
        record.extend("meld")


def test_module_doctests() -> None:
    """The examples in the storage module run as written."""
    result = doctest.testmod(storage)
    assert result.attempted > 0 and result.failed == 0


def test_a_text_read_from_a_file_with_a_byte_order_mark_is_the_document_after_it() -> None:
    """A JSON, TOML or text record that starts with a byte-order mark (a file an editor saved
    as "UTF-8 with BOM", read as UTF-8) is read as the document after the mark, as the same
    file's bytes are: every reader refused it, with JSON's 'Unexpected UTF-8 BOM (decode using
    utf-8-sig)', TOML's 'Invalid statement' or the text record's 'expected a header'. A second
    mark is text, and refused."""
    mark = "\ufeff"
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=4), "draw")
    record = cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=4).extend("draw")
    view = cc.observe(state, 0)
    assert cc.loads(mark + cc.dumps(state)) == cc.loads(cc.dumps(state).encode("utf-8-sig"))
    assert cc.loads(mark + cc.dumps(state)) == state
    assert cc.GameRecord.from_json(mark + record.to_json()) == record
    assert cc.GameRecord.from_text(mark + record.to_text()) == record
    assert cc.View.from_json(mark + view.to_json()) == view
    assert cc.RuleSet.from_json(mark + '{"preset": "classic"}') == cc.RuleSet.preset("classic")
    assert cc.RuleSet.from_toml(mark + 'preset = "classic"') == cc.RuleSet.preset("classic")
    with pytest.raises(cc.StateError, match="BOM"):
        cc.loads(mark * 2 + cc.dumps(state))
    with pytest.raises(cc.RuleSetError, match="line 1, column 1"):
        cc.RuleSet.from_toml(mark * 2 + 'preset = "classic"')
