"""The layer a game is made of: events, their text and what each client is sent."""

from __future__ import annotations

import json

import pytest

import canasta_caliente as cc
from canasta_caliente.play.kinds import DealEvent, DrawEvent
from conftest import deal, play
from play_walks import steps


def test_a_draw_is_its_cards_for_the_drawer_and_a_count_for_everyone_else() -> None:
    # RULES: TURN-2
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    (draw,) = cc.events(state, "draw")
    assert isinstance(draw, DrawEvent) and draw.seat == 0
    assert draw.cards == state.stock[:1] and draw.count == 1
    assert draw.for_seat(0) == draw
    for audience in (None, 1, 2, 3):
        seen = draw.for_seat(audience)
        assert seen.cards is None and seen.count == 1
        assert seen.to_json()["cards"] is None
        assert draw.text(seat=audience) == "Seat 0 draws 1 card."
    assert draw.text(seat=0) == f"Seat 0 draws {cc.play.text.card_name(state.stock[0])}."


def test_events_of_an_illegal_action_raise_what_apply_raises() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    with pytest.raises(cc.IllegalActionError) as by_apply:
        cc.apply(state, "discard Q")
    with pytest.raises(cc.IllegalActionError) as by_events:
        cc.events(state, "discard Q")
    assert str(by_events.value) == str(by_apply.value)
    with pytest.raises(TypeError):
        cc.events(cc.observe(state, 0), "draw")  # type: ignore[arg-type]


def test_for_seat_refuses_what_is_not_a_seat() -> None:
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    (draw,) = cc.events(state, "draw")
    with pytest.raises(TypeError):
        draw.for_seat("0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seat -1"):
        draw.for_seat(-1)


def test_a_deal_shows_each_seat_its_own_hand_only() -> None:
    # RULES: DEAL-1
    for _, action, _, happened in steps("caliente", 4, 2000):
        if action.verb is cc.Verb.DEAL:
            (deal,) = happened
            assert isinstance(deal, DealEvent)
            for audience in (None, 0, 1, 2, 3):
                hands = deal.for_seat(audience).hands
                assert [h is not None for h in hands] == [s == audience for s in range(4)]
            return
    pytest.fail("no deal in the game")


@pytest.mark.parametrize("preset", ["caliente", "classic", "caliente-2p"])
def test_every_message_is_json_and_shows_legal_actions_to_the_seat_to_act_only(
        preset: str) -> None:
    for _, _, after, happened in steps(preset, 2, 150):
        for seat in (None, *range(after.rules.players)):
            message = cc.client_message(after, seat, events=happened)
            assert json.loads(json.dumps(message)) == message
            assert set(message) >= {"schema", "seat", "view", "legal", "events"}
            legal = [entry["notation"] for entry in message["legal"]]
            if seat is not None and seat == after.current_player:
                assert legal == [str(a) for a in cc.legal_actions(after)]
            else:
                assert legal == []
            for event in message["events"]:
                assert {"kind", "seat", "rules", "text"} <= set(event)
            if seat is None:
                assert message["view"]["hand"] is None


def test_describe_says_what_an_action_does() -> None:
    rules = cc.RuleSet.preset("caliente")
    assert cc.describe("take 8 8", rules) == "take the pile with two eights"
    assert cc.describe("meld 8 8 8", rules) == "meld three eights"
    assert cc.describe("discard B3", rules) == "discard a black three"
    with pytest.raises(cc.NotationError):
        cc.describe("discard", rules)
    with pytest.raises(TypeError):
        cc.describe(3, rules)  # type: ignore[arg-type]


def test_the_question_says_when_going_out_needs_a_yes() -> None:
    """Where going out needs a "yes" unless concealed (READ-4), the question's words say so:
    the melds that would go out are offered only after it, which a club's trial could not
    tell from the actions offered."""
    caliente = cc.RuleSet.preset("caliente")
    assert cc.describe("ask", caliente) == 'ask the partner "May I go out?"'
    required = caliente.replace(going_out_permission="required")
    assert cc.describe("ask", required) == ('ask the partner "May I go out?" (going out needs '
                                            'a yes, unless concealed: READ-4)')


def test_describe_says_an_action_as_its_event_will() -> None:
    """describe's words are its event's (a chat-bot developer's trial): a meld that joins the
    side's meld of its rank is "add ... to the ..." (known without the state for fewer than
    three cards, MELD-1; given the state, for any); a take names its cards in words; a stop
    meld is MELD-5's; a "yes" binds. Card names take codes; a text of cards, or a state of
    another type, is a TypeError."""
    rules = cc.RuleSet.preset("caliente")
    assert cc.describe("meld 8", rules) == "add an eight to the eights"
    assert cc.describe("meld 2 on 6", rules) == "add a two to the sixes"
    assert cc.describe("meld 6 6 6", rules) == "meld three sixes"
    assert cc.describe("take 8 2", rules) == "take the pile with an eight and a two"
    assert cc.describe("take", rules) == ("take the pile, adding the up card to the side's "
                                          "meld of its rank")
    assert cc.describe("meld B3 B3 B3", rules) == "meld three black threes (MELD-5)"
    # The four is Card 0: never taken for the stop cards' rank.
    assert cc.describe("meld 4 4 4", rules) == "meld three fours"
    assert cc.describe("meld 2 on 4", rules) == "add a two to the fours"
    assert cc.describe("yes", rules) == 'answer "yes": the partner must then go out (OUT-2)'
    state = play(deal("caliente", hands={0: "6 6 6 6 6 6 A A A K Q"}, pile="4", stock="9"),
                 "draw", "meld 6 6 6")
    joins = cc.parse_action("meld 6 6 6")  # three more sixes: they join the side's sixes
    assert cc.describe(joins, rules) == "meld three sixes"  # (without the state: unknown)
    for seen in (state, cc.observe(state, 0)):
        assert cc.describe(joins, rules, state=seen) == "add three sixes to the sixes"
    (event,) = [e for e in cc.step(state, joins)[1] if e.kind is cc.EventKind.MELD]
    assert event.deed() == "add three sixes to the sixes"
    texts = {entry["notation"]: entry["text"] for entry in cc.client_message(state, 0)["legal"]}
    assert texts["meld 6 6 6"] == "add three sixes to the sixes"  # a message's legal actions
    from canasta_caliente.play.text import card_name, cards_phrase

    assert cards_phrase(["8", "8", "JK"]) == "two eights and a joker"
    assert card_name("A") == "an ace"
    with pytest.raises(TypeError, match="expected a sequence of cards or codes, not str"):
        cards_phrase("88")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a GameState, a View or None, not int"):
        cc.describe("meld 6 6 6", rules, state=42)  # type: ignore[arg-type]


def test_describe_takes_the_rules_of_the_state_it_is_given() -> None:
    """``describe(action, state=view)``: the view's rules, left out (a game developer's trial
    gave them twice); given both, they must agree; given neither, a TypeError says what to
    give."""
    match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7)
    match.play("draw")
    match.play("meld 6 6 6")
    view = cc.observe(match.state, 0)
    assert cc.describe("meld 6 6 6", state=view) == "add three sixes to the sixes"
    assert cc.describe("meld 6 6 6", view.rules, state=view) == "add three sixes to the sixes"
    with pytest.raises(cc.ArgumentError, match="rules are not the state's rules"):
        cc.describe("draw", cc.RuleSet.preset("classic"), state=view)
    with pytest.raises(cc.CanastaTypeError, match=r"^describe: give the rules \(a RuleSet\), or "
                       r"the state \(or view\)"):
        cc.describe("draw")
