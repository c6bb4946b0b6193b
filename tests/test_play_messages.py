"""What a client is sent and sends: the shipped JSON Schemas, every message of random games
validated against them, actions as JSON, and the words of every kind of event."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.play import kinds as k  # noqa: E402
from canasta_caliente.play.messages import client_view  # noqa: E402
from canasta_caliente.play.schemas import (  # noqa: E402
    SCHEMA_NAMES,
    SCHEMA_VERSION,
    check_message,
    schema,
)
from canasta_caliente.play.text import card_name, cards_phrase, rank_name  # noqa: E402
from conftest import EVERY_PRESET, in_quick_loop  # noqa: E402
from play_walks import steps  # noqa: E402


def shipped_registry() -> referencing.Registry[Any]:
    """Every shipped schema, each checked against the JSON Schema meta-schema, in one
    registry built here from the files (not the package's own)."""
    docs = [schema(n) for n in SCHEMA_NAMES]
    for doc in docs:
        jsonschema.Draft202012Validator.check_schema(doc)
    return referencing.Registry().with_resources(
        (doc["$id"], referencing.Resource.from_contents(doc)) for doc in docs)


REGISTRY = shipped_registry()


def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the shipped schema ``name``, its references resolved in
    :data:`REGISTRY`."""
    return jsonschema.Draft202012Validator(schema(name), registry=REGISTRY)


MESSAGE = validator("message")
ACTION = validator("action")
EVENT = validator("event")


def test_the_schemas_are_shipped_with_their_version() -> None:
    for name in SCHEMA_NAMES:
        doc = schema(name)
        assert f"(version {SCHEMA_VERSION})" in doc["title"]
        jsonschema.Draft202012Validator.check_schema(doc)
    assert cc.play.MESSAGE_SCHEMA == {"name": "canasta-caliente/message",
                                      "version": SCHEMA_VERSION}
    with pytest.raises(ValueError, match="no schema 'views'; the schemas are action, view"):
        schema("views")


def messages_validate(preset: str, seed: int, limit: int, every_seat: bool = True) -> set[str]:
    """Check the messages of a random game against the schema; the kinds of event met.

    With ``every_seat``, every seat's message and the spectator's at every step. Without it,
    at each step the spectator's, the message of the seat to act (the one with legal
    actions) and one more seat's, in turn: every kind of message, and each seat's, at a
    third to a half of the cost (the validation is nearly all of it, and a seat's message
    differs from the spectator's only in its hand and its legal actions)."""
    kinds: set[str] = set()
    for i, (_, _, after, happened) in enumerate(steps(preset, seed, limit)):
        players = after.rules.players
        seats = ((None, *range(players)) if every_seat
                 else dict.fromkeys((None, after.current_player, i % players)))
        for seat in seats:
            message = cc.client_message(after, seat, events=happened)
            errors = list(MESSAGE.iter_errors(json.loads(json.dumps(message))))
            assert not errors, [e.message for e in errors]
            kinds.update(e["kind"] for e in message["events"])
        for event in happened:
            assert not list(EVENT.iter_errors(event.to_json()))
    return kinds


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_every_message_of_a_random_game_validates(preset: str) -> None:
    # (every seat's in the whole suite; the quick loop's way is the longer games' below)
    assert {"draw", "meld", "discard"} <= messages_validate(preset, 3, 40,
                                                            every_seat=not in_quick_loop())


@pytest.mark.slow
@pytest.mark.parametrize("preset", cc.RuleSet.preset_names())
def test_the_messages_of_longer_games_validate(preset: str) -> None:
    messages_validate(preset, 11, 300, every_seat=False)


def test_a_malformed_message_is_a_state_error_naming_each_field() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    after, happened = cc.step(state, "draw")
    message = cc.client_message(after, 0, events=happened)
    check_message(message)
    message["view"]["stock_size"] = -1
    message["legal"][0]["id"] = "x"
    del message["seat"]
    with pytest.raises(cc.StateError) as caught:
        check_message(message)
    text = str(caught.value)
    assert "'seat' is a required property" in text
    assert "legal[0].id: 'x' is not of type 'integer'" in text
    assert "view.stock_size: -1 is less than the minimum of 0" in text


def test_the_client_view_leaves_the_turn_bookkeeping_out_and_names_no_count_as_cards() -> None:
    state = cc.new_game(cc.RuleSet.preset("classic"), seed=5)
    view = client_view(state, 2)
    assert not {"touched", "created", "had_melded", "turn"} & set(view)
    for i, side in enumerate(view["sides"]):
        # laid_out: the cards, as View.laid_out returns them (not their count)
        assert side["laid_out"] == [c.code for c in state.laid_out(i)]
        assert side["caliente_played"] == state.caliente_played(i)
    assert view["hand"] == [c.code for c in state.hand(2)]
    spectator = client_view(state, None)
    assert spectator["hand"] is None and spectator["seat"] is None
    assert {key: value for key, value in view.items() if key not in ("hand", "seat")} == {
        key: value for key, value in spectator.items() if key not in ("hand", "seat")}


def test_client_message_refuses_what_it_cannot_send() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    with pytest.raises(ValueError, match="no seat 4 at a table of 4"):
        cc.client_message(state, 4)
    with pytest.raises(TypeError, match="a seat"):
        cc.client_message(state, "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected events"):
        cc.client_message(state, 0, events=["draw"])  # type: ignore[list-item]
    for events in (5, None, "draw"):  # not an iterable of events: the parameter is named
        with pytest.raises(TypeError, match="events must be an iterable of events, not "):
            cc.client_message(state, 0, events=events)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        cc.client_message(cc.observe(state, 0), 0)  # type: ignore[arg-type]


def test_legal_ids_are_the_action_space_s() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=2)
    space = cc.ActionSpace(state.rules)
    legal = cc.client_message(state, 0)["legal"]
    assert [entry["id"] for entry in legal] == list(space.legal_ids(state))
    assert [space.action(entry["id"]) for entry in legal] == list(cc.legal_actions(state))


def test_actions_round_trip_through_json() -> None:
    seen = 0
    for before, _, _, _ in steps("caliente-cards", 1, 300):
        for action in cc.legal_actions(before):
            data = action.to_json()
            assert not list(ACTION.iter_errors(data))
            assert cc.Action.from_json(json.loads(json.dumps(data))) == action
            assert cc.Action.from_json({"notation": data}) == action
            seen += 1
    assert seen > 300


@pytest.mark.parametrize(("data", "message"), [
    ({"verb": "draw"}, "action JSON: the field 'notation' is missing"),
    ({"notation": 7}, "action JSON field 'notation': expected the action's notation as a "
                      "string, got int 7"),
    (["draw"], "action JSON: expected the action's notation as a string, got list"),
    ("discard", "action JSON: 'discard': 'discard' takes exactly one card"),
    ({"notation": "fly"}, "action JSON field 'notation': 'fly': unknown verb 'fly'"),
])
def test_malformed_action_json_is_a_notation_error_naming_the_field(
        data: object, message: str) -> None:
    with pytest.raises(cc.NotationError) as caught:
        cc.Action.from_json(data)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text", ['{"notation": "draw"}', ' "draw"'])
def test_action_json_given_as_text_says_to_decode_it(text: str) -> None:
    """JSON text given to Action.from_json (which takes decoded data, where the other from_json
    take text) is an unknown verb, and the message says why: a client's frame handed over
    whole (a game developer's trial)."""
    with pytest.raises(cc.NotationError, match=r"; it reads as JSON text: Action\.from_json "
                                               r"takes decoded data \(json\.loads it first"):
        cc.Action.from_json(text)


def test_action_json_with_a_field_the_schema_refuses_is_refused() -> None:
    # action.schema.json allows an object with the field notation alone
    # (additionalProperties: false): Action.from_json took any other field silently.
    with pytest.raises(cc.NotationError, match=r"action JSON: unknown field\(s\) 'seat'; an "
                                               r"action object has the field 'notation' alone"):
        cc.Action.from_json({"notation": "draw", "seat": 1})


def test_action_json_too_long_is_refused_without_echoing_it() -> None:
    # A client's notation was parsed whatever its length, and the error repeated it whole: a
    # megabyte sent was a second's work and two megabytes of message.
    huge = "discard " + "Q " * 500_000
    for data in (huge, {"notation": huge}):
        with pytest.raises(cc.NotationError, match="1000008 characters; no action is written "
                                                   "in more than 500") as caught:
            cc.Action.from_json(data)
        assert len(str(caught.value)) < 200
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    for call in (lambda: cc.apply(state, huge), lambda: cc.ActionSpace(state.rules).index(huge)):
        with pytest.raises(cc.NotationError, match=r"^1000008 characters") as caught:
            call()
        assert len(str(caught.value)) < 200
    from canasta_caliente.actions import MAX_NOTATION
    assert cc.Action.from_json({"notation": "draw" + " " * (MAX_NOTATION - 4)}) == \
        cc.Action.from_json("draw")


# -- the words of every kind of event ----------------------------------------------------


def _draw(e: k.DrawEvent) -> list[str]:
    cards = (card_name(e.cards[0]) if e.cards is not None and len(e.cards) == 1
             else cards_phrase(e.cards) if e.cards else f"{e.count} card")
    why = {"draw": "", "caliente": " to refill their hand",
           "replacement": " to replace a bonus card" if e.count == 1
           else " to replace bonus cards"}[e.reason]
    return [f"Seat {e.seat} draws", cards, why + "."]


SAYS: dict[cc.EventKind, Callable[..., list[str]]] = {
    cc.EventKind.DRAW: _draw,
    cc.EventKind.BONUS: lambda e: [f"Seat {e.seat} lays out a red three from the {e.source}"
                                   + (", one of the cards drawn replacing it" if e.replaced
                                      else "; it cannot be replaced" if "END-1" in e.rules
                                      else "; it is not replaced"), "TURN-3"],
    cc.EventKind.CALIENTE: lambda e: [f"Seat {e.seat} plays a Caliente card (HOT-2)"],
    cc.EventKind.PASS: lambda e: [f"Seat {e.seat} passes (END-2)"],
    cc.EventKind.TAKE: lambda e: [f"Seat {e.seat} takes the pile ({len(e.under) + 1} card"]
    + ([] if e.with_cards else
       [f"laying {card_name(e.up_card)} off on the {rank_name(e.up_card)}."]),
    cc.EventKind.WAITING_JOIN: lambda e: [f"hand of seat {e.seat}", "INIT-4"],
    cc.EventKind.MELD: lambda e: [f"Seat {e.seat} ", cards_phrase(e.cards)]
    + ([f"{e.canasta} canasta", "MELD-4"] if e.canasta else []),
    cc.EventKind.DISCARD: lambda e: [f"Seat {e.seat} discards {card_name(e.card)}"]
    + (["frozen", "PILE-3"] + (["READ-6"] if e.card is cc.Card.BLACK_THREE else [])
       if e.froze else [])
    + (["blocked for the next player (", "PILE-2"] if e.blocked else []),
    cc.EventKind.ASK: lambda e: [f'Seat {e.seat} asks seat {e.partner} "May I go out?"'],
    cc.EventKind.ANSWER: lambda e: [f'Seat {e.seat} answers "{"yes" if e.yes else "no"}"',
                                    f"seat {e.asker}"],
    cc.EventKind.WENT_OUT: lambda e: [f"Seat {e.seat} goes out"]
    + (["concealed (OUT-3)"] if e.concealed else ["(OUT-1)"]),
    cc.EventKind.STOCK_OUT: lambda e: ["The stock is empty", e.rules[0]],
    cc.EventKind.HAND_END: lambda e: [f"Hand {e.hand_number} is over",
                                      *(f"{'Side' if i == 0 else 'side'} {i}: {t:+d}"
                                        for i, t in enumerate(e.totals))],
    cc.EventKind.GAME_OVER: lambda e: [f"side {e.winner} wins with {e.scores[e.winner]} points"],
    cc.EventKind.DEAL: lambda e: [f"Seat {e.seat} deals hand {e.hand_number}",
                                  f"seat {e.first} plays first"]
    + [f"side {side} lays out {cards_phrase(cards)}"
       for side, cards in enumerate(e.laid_out) if cards],
    cc.EventKind.TAKE_BACK: lambda e: [f"Seat {e.seat} takes back: {e.described}."],
}


def _taken_back() -> list[k.Event]:
    """The events of a match with take-backs: a meld's and a discard's."""
    match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    match.take_back(seat=0)
    match.play("discard 7", seat=0)
    match.take_back(seat=0)
    return [e for e in match.events() if e.kind is cc.EventKind.TAKE_BACK]


def test_every_kind_of_event_says_what_happened() -> None:
    assert set(SAYS) == set(cc.EventKind)
    met: set[cc.EventKind] = set()
    for preset, seed in (("caliente-cards", 1), ("classic", 2), ("caliente-2p", 3),
                         ("caliente", 4), ("take-backs", 0)):
        games = ([(None, None, None, _taken_back())] if preset == "take-backs"
                 else steps(preset, seed, 6000))
        for _, _, _, happened in games:
            for event in happened:
                met.add(event.kind)
                for audience in (event.seat, None):
                    seen = event.for_seat(audience)
                    text = event.text(seat=audience)
                    assert text == seen.to_json()["text"]
                    for fragment in SAYS[event.kind](seen):
                        assert fragment in text, (fragment, text)
    assert met >= set(cc.EventKind) - {cc.EventKind.STOCK_OUT, cc.EventKind.PASS}


def test_a_hand_ended_for_want_of_a_replacement_is_said_as_ended() -> None:
    """A bonus card drawn with the stock's last card, which nothing can replace (END-1): the
    bonus card, the empty stock and the hand's end all say the hand ends. The stock's event
    told the players to take the pile or pass (END-2), between a bonus card "(not replaced)"
    and the hand's end."""
    rules = cc.RuleSet.preset("caliente-2p")
    for seed in range(200):  # the first random game to end a hand so
        state, rng = cc.new_game(rules, seed=seed), random.Random(seed)
        while not state.is_hand_over:
            state, happened = cc.step(state, rng.choice(cc.legal_actions(state)))
            if state.is_hand_over and state.hand_results[-1].ended is cc.HandEnd.BONUS_NOT_REPLACED:
                texts = [e.text() for e in happened]
                assert texts[-3].endswith(
                    "lays out a red three from the stock; it cannot be replaced (TURN-3, END-1).")
                assert texts[-2] == "The stock is empty: the hand ends (END-1)."
                assert texts[-1].startswith(
                    "Hand 1 is over: a bonus card could not be replaced (END-1). Side 0: ")
                return
    raise AssertionError("no random game of 200 ended a hand for want of a replacement")


def test_a_refill_is_of_the_drawers_own_hand() -> None:
    """A Caliente card's refill (HOT-2) fills the drawer's hand: "their hand", and "your
    hand" to the drawer spoken to as "you" (it said "the hand" to all)."""
    refill = k.DrawEvent(seat=0, cards=(cc.Card.SIX, cc.Card.SIX), count=2, reason="caliente",
                         rules=("HOT-2",))
    assert refill.text(0) == "Seat 0 draws two sixes to refill their hand."
    assert refill.text(0, you=True) == "You draw two sixes to refill your hand."
    assert refill.text(1, names=["Ann", "Bob"]) == "Ann draws 2 cards to refill their hand."
