"""``cc.Match``: a game as a server keeps it. Actions checked for the seat, the turn and the
version, the version never given twice (the turn comes again after a take-back), take-backs only
of the asking seat's own action, the numbered events and the resume after take-backs, each
seat's message, checkpoints; and, over random games with random take-backs, the match always
its record replayed, every client's copy of the events the match's, and no message showing a
seat what it may not see."""

from __future__ import annotations

import copy
import pickle
import random
import re
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.play import check_message, client_view, not_to_act
from canasta_caliente.play.match import Checkpoint
from conftest import in_quick_loop, quick_part
from test_play_events import leaks
from test_secrecy import referee_case, seen
from test_views import hidden_variant

RULES = cc.RuleSet.preset("caliente")


def fresh() -> cc.Match:
    """Seat 0 to act, first action of seed 7: ``draw`` then ``meld 6 6 6`` are legal."""
    return cc.Match.start(RULES, seed=7)


def test_a_game_played_with_seat_and_turn_checks_is_its_record_replayed() -> None:
    match = cc.Match.start(cc.RuleSet.preset("caliente-2p"), seed=3)
    rng = random.Random(3)
    while not match.state.is_game_over and match.turn < 400:
        state, seat = match.state, match.state.current_player
        action = rng.choice(cc.legal_actions(state))
        happened = match.play(action, seat=seat, turn=match.turn)
        assert (match.state, happened) == cc.step(state, action)
    assert match.states == cc.replay(match.record)
    assert match.log == cc.replay_events(match.record)[1]
    assert match.opening == cc.deal_events(match.states[0])
    assert match.event_count == len(match.opening) + sum(len(h) for h in match.log) \
        == len(match.events())


def test_the_turn_after_a_take_back_refuses_an_action_sent_before_it_as_stale() -> None:
    """The trial's bug: the count of actions comes back to a number it had after a take-back,
    and an action chosen before it must not land on the state after it."""
    match = fresh()
    match.play("draw", seat=0, turn=0)
    match.play("meld 6 6 6", seat=0, turn=1)
    assert match.take_back(seat=0, turn=2) == cc.parse_action("meld 6 6 6")
    assert match.turn == 1 and match.reached == 2
    # A page that saw turn 2 (after the meld) sends its next action with it: stale.
    with pytest.raises(cc.StaleError, match=r"^stale: action 2 was taken back \(the game is at "
                       r"action 1\)$") as info:
        match.play("discard 7", seat=0, turn=2)
    assert info.value.code == "stale" and isinstance(info.value, cc.TurnError)
    with pytest.raises(cc.StaleError, match=r"the game moved on before this arrived \(another "
                                            r"move came first: action 1, not 0\)"):
        match.play("discard 7", seat=0, turn=0)
    with pytest.raises(cc.ArgumentError, match="action 3 is ahead of the game"):
        match.play("discard 7", seat=0, turn=3)
    with pytest.raises(cc.ArgumentError, match="-1 is not an action number"):
        match.check_turn(-1)
    assert match.turn == 1 and match.record.actions == ("draw",)
    match.play("meld 6 6 6", seat=0, turn=1)  # the turn now is good
    assert match.turn == 2


def test_only_the_seat_to_act_acts_and_the_server_deals() -> None:
    match = fresh()
    with pytest.raises(cc.NotYourTurnError, match=r"^not your turn: seat 0 is to act$") as info:
        match.play("draw", seat=1)
    assert info.value.code == "not-your-turn" and info.value.to_act == 0 and match.turn == 0
    assert pickle.loads(pickle.dumps(info.value)).to_act == 0
    named = not_to_act(match.state, names=["Ana", "Bo", "Cy", "Di"])
    assert named == "not your turn: Ana is to act"
    with pytest.raises(cc.ArgumentError, match="names: expected one name a seat, 4"):
        not_to_act(match.state, names=["Ana"])
    rng = random.Random(1)
    while match.state.current_player is not None:  # to the end of the hand
        match.play(rng.choice(cc.legal_actions(match.state)), seat=match.state.current_player)
    with pytest.raises(cc.NotYourTurnError, match=r"^the hand is over: no seat acts until the "
                       r"table deals the next hand$") as info:
        match.play("deal", seat=0)
    assert str(info.value) == not_to_act(match.state) and info.value.to_act is None
    happened = match.play("deal")  # seat None: the server itself
    assert [e.kind for e in happened][-1] is cc.EventKind.DEAL and match.state.hand_number == 2


def test_the_players_named_at_the_start_name_the_seats() -> None:
    """``Match.start(players=...)`` names the seats in its messages' texts and its turn
    refusals (they were given to the record alone, and each message needed ``names=``)."""
    names = ["Ana", "Bo", "Cy", "Di"]
    match = cc.Match.start(cc.RuleSet.preset("caliente"), seed=7, players=names)
    match.play("draw", seat=0)
    texts = [e["text"] for e in match.message(1)["events"]]
    assert texts[0].startswith("Di deals hand 1: Ana plays first")
    assert texts[1] == "Ana draws 1 card."
    assert match.message(0, 1, you=True)["events"][0]["text"] == "You draw an ace."
    assert match.message(1, 1, names=["A", "B", "C", "D"])["events"][0]["text"] == (
        "A draws 1 card.")  # (names given win)
    with pytest.raises(cc.NotYourTurnError, match=r"^not your turn: Ana is to act$"):
        match.play("discard 7", seat=2)
    with pytest.raises(cc.TakeBackError, match=r"^take-back: the last action is Ana's, not "
                       r"yours: a seat takes back only its own last action"):
        match.take_back(seat=2)


def test_illegal_and_unreadable_actions_change_nothing() -> None:
    match = fresh()
    with pytest.raises(cc.IllegalActionError) as info:
        match.play("meld 6 6 6", seat=0, turn=0)
    reason = cc.illegal_reason(match.state, "meld 6 6 6")
    assert info.value.reason == reason and str(info.value) == f"meld 6 6 6: {reason}"
    with pytest.raises(cc.NotationError):
        match.play("fly away", seat=0, turn=0)
    assert match.turn == 0 and match.event_count == 1 and match.cuts == ()  # the deal's only


def test_a_take_back_is_the_acting_seats_and_reveals_nothing() -> None:
    match = fresh()
    with pytest.raises(cc.TakeBackError, match="no action has been played"):
        match.take_back(seat=0)
    match.play("draw", seat=0)
    assert not match.can_take_back(0)
    with pytest.raises(cc.TakeBackError,
                       match='"draw a card from the stock" cannot be taken back: a draw shows '
                             "the player cards") as info:
        match.take_back(seat=0)
    assert info.value.code == "not-allowed"
    match.play("meld 6 6 6", seat=0)
    assert match.can_take_back(0) and not match.can_take_back(1)
    with pytest.raises(cc.TakeBackError, match="the last action is seat 0's, not yours"):
        match.take_back(seat=1, turn=2)
    with pytest.raises(cc.StaleError):
        match.take_back(seat=0, turn=1)
    assert match.turn == 2
    match.take_back(seat=0, turn=2)
    assert match.state == match.states[-1] == cc.apply(cc.new_game(RULES, seed=7), "draw")


def test_the_events_are_numbered_and_resume_after_take_backs() -> None:
    match = fresh()
    assert match.event_count == 1 and match.events() == match.opening  # event 0: the deal
    match.play("draw", seat=0)
    first = match.events()  # the deal's and the draw's
    assert len(first) == 2 and first[1:] == match.log[0]
    mark = match.log_mark()
    match.play("meld 6 6 6", seat=0)
    assert match.event_count == len(first) + 1 and match.events(len(first)) == match.log[-1]
    assert match.events(99) == () and match.resume(3, match.log_mark()) == 3
    match.take_back(seat=0)
    # The meld's event is cut, and the take-back's own takes its number.
    assert match.cuts == (len(first),) and match.event_count == len(first) + 1
    (back,) = match.events(len(first))
    assert isinstance(back, cc.TakeBackEvent) and back.kind is cc.EventKind.TAKE_BACK
    assert (back.seat, back.rules, back.action, back.described) == (
        0, (), "meld 6 6 6", "meld three sixes")
    assert match.log == (first[1:],)  # (the take-back's event is in no action's entry)
    # A client that had all three events keeps the first two only, whatever mark it had seen.
    assert match.resume(3, mark) == match.resume(3, match.log_mark()) - 1 == len(first)
    # A client that had them before the meld keeps them; another match's mark keeps nothing.
    assert match.resume(2, mark) == 2 and match.resume(1, mark) == 1
    assert match.resume(3, fresh().log_mark()) == 0 and match.resume(3, "nonsense") == 0
    assert match.log_mark() == f"{match.epoch}.1"
    with pytest.raises(cc.ArgumentError, match="since"):
        match.events(-1)


def test_event_0_is_the_first_hands_deal_each_seat_seeing_its_own_hand_only() -> None:
    """The first hand is dealt by no action, yet a match's events start with its deal: event 0
    is the DealEvent of the game's first state (``deal_events``, whose one home is the deal
    event every later hand's ``deal`` action gives), in no :attr:`log` entry; each seat's
    message shows it its own hand and the others' sizes, a spectator's no hand."""
    # RULES: DEAL-1, DEAL-2, DEAL-3, DEAL-4
    match = fresh()
    state = match.states[0]
    (deal,) = match.events()
    assert match.opening == (deal,) == cc.deal_events(state) and match.log == ()
    assert deal == cc.DealEvent(
        seat=state.dealer, hand_number=1, first=state.active_seats[0], order=state.active_seats,
        hands=tuple(state.hand(s) for s in range(4)),
        hand_sizes=tuple(state.hand_size(s) for s in range(4)), pile=state.pile,
        laid_out=tuple(state.laid_out(i) for i in range(2)), stock_size=state.stock_size,
        rules=("DEAL-1", "DEAL-2", "DEAL-3", "DEAL-4"))
    assert cc.Match(match.record).opening == match.opening  # a match made again: the same
    for seat in (0, 1, 2, 3, None):
        (sent,) = match.message(seat)["events"]
        assert sent == deal.for_seat(seat).to_json() and sent["kind"] == "deal"
        hands = sent["hands"]
        assert [h is not None for h in hands] == [s == seat for s in range(4)]
        if seat is not None:
            assert len(hands[seat]) == len(state.hand(seat))


def test_a_record_with_a_stacked_deck_and_starting_scores_has_its_deal_as_event_0() -> None:
    """A record that stacks the first hand or starts the sides at other scores starts at the
    state its deal made too: its match's event 0 is that deal."""
    record = cc.GameRecord.start(RULES, seed=4, scores=(3000, -500),
                                 deck=["R3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
    match = cc.Match(record)
    assert match.opening == cc.deal_events(record.initial_state()) == match.events()
    (deal,) = match.opening
    assert isinstance(deal, cc.DealEvent) and deal.laid_out[0]  # seat 0's bonus card laid out
    assert deal.hands[0] is not None and cc.Card.RED_THREE not in deal.hands[0]


def test_a_take_back_never_cuts_the_deals_event() -> None:
    """The deal's event is no action's: a take-back cuts from after it at the least, and a
    client that had only it (the mark of the first message) keeps it after any take-back."""
    match = fresh()
    opening_mark = match.log_mark()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    match.take_back(seat=0)
    match.play("meld A A 2", seat=0)
    match.take_back(seat=0)
    assert match.events()[:1] == match.opening and min(match.cuts) >= len(match.opening)
    assert match.resume(1, opening_mark) == 1
    assert match.resume(3, opening_mark) == 2 and match.resume(0, opening_mark) == 0
    point = match.checkpoint()
    match.play("discard 7", seat=0)
    match.restore(point)
    assert match.events()[:2] == match.opening + match.log[0]
    assert [e.text() for e in match.events()[2:]] == [
        "Seat 0 takes back: meld three sixes.", "Seat 0 takes back: meld two aces and a two."]


def test_a_message_is_the_client_message_of_the_state_and_events() -> None:
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    names = ["ana", "bea", "cy", "dan"]
    for seat in (0, 1, 2, 3, None):
        for since in (0, 1, 2, match.event_count):
            you = seat is not None
            assert match.message(seat, since, names=names, you=you) == cc.client_message(
                match.state, seat, match.events(since), names=names, you=you)
    assert [e["kind"] for e in match.message(1)["events"]] == ["deal", "draw", "meld"]


def test_a_checkpoint_restores_the_game_as_it_was() -> None:
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    point = match.checkpoint()
    mark, states = match.log_mark(), match.states
    match.take_back(seat=0)
    match.play("discard 7", seat=0)
    match.restore(point)
    assert (match.states, match.turn, match.reached) == (states, 2, 2)
    assert match.events() == match.opening + tuple(e for h in match.log for e in h)
    # The marks only go on: a client of the checkpoint's time is sent again the events from
    # where the game parted from them since (the take-back's cut), never fewer.
    assert match.log_mark() != mark and match.resume(3, mark) == 2
    assert "turn 2" in repr(point) and isinstance(point, Checkpoint)
    with pytest.raises(cc.ArgumentError, match="another match"):
        match.restore(fresh().checkpoint())


def test_resume_keeps_no_more_than_the_events() -> None:
    """A count no message gave, beyond the events, is cut to them (the web table capped it
    itself; any other server had to remember to)."""
    match = fresh()
    match.play("draw", seat=0)
    assert match.resume(10**12, match.log_mark()) == match.event_count == 2


def test_resume_without_a_mark_keeps_nothing() -> None:
    """A client with a count and no mark is sent every event again: the match cannot tell what
    it was sent. (A count was trusted: after a restart, a client that had a take-back's event
    kept the count it had, and the restarted match, which knows of no take-back before it,
    never sent it the action played since: a game developer's trial.)"""
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    match.take_back(seat=0)
    count, mark = match.event_count, match.log_mark()  # the deal, the draw, the take-back
    match.play("meld 6 6 6 2", seat=0)
    restarted = cc.Match(cc.GameRecord.from_json(match.record.to_json()))
    assert restarted.resume(count, None) == restarted.resume(count, mark) == 0
    assert match.resume(count, None) == 0 and match.resume(count, mark) == count


def test_a_restore_gives_no_version_or_mark_again() -> None:
    """What a match gave out after a checkpoint is never given again once it is restored (a
    game developer's trial): the version of an action played then does not come back with the
    next change, and a client sent that action's events drops them on resuming with the mark
    it was sent, as after a take-back. The restored game's own version is good again."""
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    point, before = match.checkpoint(), match.version
    match.play("meld A A 2", seat=0)
    sent, count, mark = match.version, match.event_count, match.log_mark()
    client = list(match.events())
    match.restore(point)
    assert match.version == before
    match.play("meld A A 2", seat=0)  # the same action again: another version
    assert match.version != sent
    with pytest.raises(cc.StaleError):
        match.play("discard 7", seat=0, version=sent)
    match.take_back(seat=0)
    kept = match.resume(count, mark)
    assert client[:kept] + list(match.events(kept)) == list(match.events())
    # A restore that undoes a take-back: the client that had the take-back's event drops it,
    # and the meld's again.
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    point = match.checkpoint()
    match.take_back(seat=0)
    count, mark, client = match.event_count, match.log_mark(), list(match.events())
    match.restore(point)
    match.play("meld A A 2", seat=0)
    kept = match.resume(count, mark)
    assert client[:kept] + list(match.events(kept)) == list(match.events())


@pytest.mark.parametrize(("call", "message"), [
    (lambda m: cc.Match("not a record"), "expected a GameRecord"),
    (lambda m: m.play(5), "action must be an Action or its notation"),
    (lambda m: m.play("draw", seat="0"), "seat"),
    (lambda m: m.play("draw", seat=0, turn="0"), "turn must be an int"),
    (lambda m: m.play("draw", seat=0, turn=True), "turn must be an int"),
    (lambda m: m.play("draw", seat=0, version=0), "version must be a match's version"),
    (lambda m: m.take_back(seat=0, version=b"x"), "version must be a match's version"),
    (lambda m: m.take_back(seat=None), "seat"),
    (lambda m: m.can_take_back(1.0), "seat"),
    (lambda m: m.events("0"), "since must be an int"),
    (lambda m: m.resume(0, 5), "mark must be a log mark"),
    (lambda m: m.restore(()), "expected a Checkpoint"),
    (lambda m: m.message(0, names="ana"), "names"),
])
def test_wrong_types_are_type_errors(call: Any, message: str) -> None:
    match = fresh()
    with pytest.raises(TypeError, match=message):
        call(match)
    assert match.turn == 0


def test_a_seat_the_table_has_not_is_an_argument_error() -> None:
    with pytest.raises(cc.ArgumentError, match="no seat 4"):
        fresh().play("draw", seat=4)


def test_the_errors_pickle_with_what_they_carry() -> None:
    match = fresh()
    with pytest.raises(cc.IllegalActionError) as info:
        match.play("discard 7")
    again = pickle.loads(pickle.dumps(info.value))
    assert (str(again), again.reason) == (str(info.value), info.value.reason)
    match.play("draw")
    match.play("meld 6 6 6")
    match.take_back(seat=0)
    with pytest.raises(cc.StaleError) as stale:
        match.check_turn(2)
    again = pickle.loads(pickle.dumps(stale.value))
    assert type(again) is cc.StaleError and str(again) == str(stale.value)
    with pytest.raises(cc.TakeBackError) as refused:
        match.take_back(seat=0)  # the draw: its own reason
    assert refused.value.reason == cc.take_back_refusal(match.states[-2], match.state)
    assert str(refused.value) == f"take-back: {refused.value.reason}"
    again = pickle.loads(pickle.dumps(refused.value))
    assert (str(again), again.reason) == (str(refused.value), refused.value.reason)
    with pytest.raises(cc.TakeBackError) as whose:
        match.take_back(seat=1)  # not seat 1's: no reason of the action's
    assert whose.value.reason is None and "not yours" in str(whose.value)


def client_catch_up(match: cc.Match, seat: int | None, client: dict[str, Any]) -> None:
    """What a page does on each message: resume from its count and mark, then take the
    events from there (a page's copy of the log, each event as the seat sees it)."""
    keep = match.resume(len(client["events"]), client["mark"])
    del client["events"][keep:]
    message = match.message(seat, keep)
    client["events"].extend(message["events"])
    client["mark"] = match.log_mark()
    client["message"] = message


@pytest.mark.parametrize("seed", quick_part(range(12), [0]))
def test_random_games_with_take_backs_stay_their_record_and_tell_no_secrets(seed: int) -> None:
    presets = ("caliente", "caliente-2p", "classic", "caliente-6p-3deck-3x2")
    match = cc.Match.start(cc.RuleSet.preset(presets[seed % len(presets)]), seed=seed)
    players = match.state.rules.players
    audiences: list[int | None] = [*range(players), None]
    clients: dict[int | None, dict[str, Any]] = {
        a: {"events": [], "mark": None} for a in audiences}
    rng = random.Random(seed)
    taken_back = 0
    turns = 80 if in_quick_loop() else 160
    while not match.state.is_game_over and match.turn < turns:
        seat = match.state.current_player
        actor = seat if seat is not None else rng.choice(range(players))
        if match.turn and rng.random() < 0.3:
            if match.can_take_back(actor):
                match.take_back(seat=actor, turn=match.turn)
                taken_back += 1
            else:
                with pytest.raises(cc.TakeBackError):
                    match.take_back(seat=actor, turn=match.turn)
        else:
            action = rng.choice(cc.legal_actions(match.state))
            if seat is None:
                with pytest.raises(cc.NotYourTurnError):
                    match.play(action, seat=actor, turn=match.turn)
            match.play(action, seat=seat, turn=match.turn)
        states = cc.replay(match.record)
        assert match.states == states and match.state == states[-1]
        assert match.log == cc.replay_events(match.record)[1]
        assert match.turn == len(match.record.actions) <= match.reached
        # The first deal's events are always the first, cut by no take-back.
        assert match.events()[:len(match.opening)] == match.opening
        assert min(match.cuts, default=len(match.opening)) >= len(match.opening)
        if rng.random() < 0.5:
            continue  # the clients catch up later, several changes at once
        for audience in audiences:
            client = clients[audience]
            client_catch_up(match, audience, client)
            assert client["events"] == [e.for_seat(audience).to_json()
                                        for e in match.events()]
            assert client["message"]["view"] == client_view(match.state, audience)
            assert not any(leaks(e.for_seat(audience), audience) for e in match.events())
        secrets_kept(match, audiences, rng)
    assert len(match.cuts) == taken_back
    # Every take-back has its event, kept to the end (renumbered when cut with an earlier one).
    backs = [e for e in match.events() if isinstance(e, cc.TakeBackEvent)]
    assert len(backs) == taken_back


def secrets_kept(match: cc.Match, audiences: list[int | None], rng: random.Random) -> None:
    """Each seat's message shows nothing it may not see: the message of a state that differs
    only in what the seat cannot see is the same (the view, and the legal actions but in the
    known referee case), and so are the last action's events and message when played there
    (:func:`test_secrecy.seen`; a deal deals new cards, seen by the seats they are dealt to)."""
    state = match.state
    for seat in audiences:
        if seat is None:
            continue
        other = hidden_variant(state, seat, rng)
        message = match.message(seat)
        assert message["view"] == client_view(other, seat)
        if state.current_player == seat and not referee_case(state):
            assert message["legal"] == cc.client_message(other, seat)["legal"]
        before = match.states[-2] if match.turn else None
        if before is not None and before.current_player is not None:  # a deal deals anew
            action = cc.parse_action(match.record.actions[-1])
            mine = seen(before, action, seat)
            theirs = seen(hidden_variant(before, seat, rng), action, seat)
            if mine is not None and theirs is not None:
                assert mine == theirs, str(action)


def test_a_turn_taken_back_names_the_new_state_once_the_game_reaches_it_again() -> None:
    """The web table's semantics, kept: the count of actions is the turn, so once the game
    is back at a count it had, that count is good again (the server sends every client the
    game after each change)."""
    match = fresh()
    match.play("draw", seat=0, turn=0)
    match.play("meld 6 6 6", seat=0, turn=1)
    match.take_back(seat=0, turn=2)
    with pytest.raises(cc.StaleError):
        match.check_turn(2)
    match.play("meld A A 2", seat=0, turn=1)
    match.check_turn(2)
    assert match.reached == 2 and match.cuts == (2,)  # the deal's event and the draw's kept


def test_the_version_is_never_given_twice() -> None:
    """The version changes with every action and every take-back and never comes again (the
    turn does, once the game is played on after a take-back): an action sent with the version
    of a message from before a take-back is stale, and changes nothing; a checkpoint restores
    the version with the game, and another match's versions are not this one's."""
    match = fresh()
    given = [match.version]
    match.play("draw", seat=0, version=given[-1])
    given.append(match.version)
    match.play("meld 6 6 6", seat=0, version=given[-1])
    given.append(match.version)
    point = match.checkpoint()
    match.take_back(seat=0, version=given[-1])
    given.append(match.version)
    match.play("meld A A 2", seat=0, turn=1, version=given[-1])
    given.append(match.version)
    assert len(set(given)) == len(given) == 5
    for old in given[:-1]:
        with pytest.raises(cc.StaleError, match="changed since the message of that version"):
            match.play("discard 7", seat=0, version=old)
        with pytest.raises(cc.StaleError):
            match.take_back(seat=0, version=old)
    match.check_turn(2)  # (the turn alone would take the discard sent after the meld)
    assert match.turn == 2 and match.record.actions == ("draw", "meld A A 2")
    # (no version of this match: a count past the last given, as a client's bug sends, was
    # called a change since, an ordinary race)
    for other in (fresh().version, "abc", f"{match.epoch}.x", f"{match.epoch}.99",
                  f"{match.epoch}.{'9' * 40}", f"{match.epoch}.03", f"{match.epoch}.\u0663"):
        with pytest.raises(cc.StaleError, match=f"^stale: this match never gave the version "
                           f"'{re.escape(other)}' \\(another match's, from before the server "
                           "restarted, or made up\\)$"):
            match.check_version(other)
    match.restore(point)
    assert match.version == given[2] and match.record.actions == ("draw", "meld 6 6 6")


# -- the take-back's own event -----------------------------------------------------------


def test_a_take_back_has_its_event_public_and_said_to_each_seat() -> None:
    """The take-back's event takes the first cut number; every seat and a spectator see it
    whole (a meld was laid down for all to see), each in its words, in a message the schema
    takes."""
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld A A 2", seat=0)
    match.take_back(seat=0)
    assert match.event_count == 3 and match.cuts == (2,)
    back = match.events()[2]
    assert isinstance(back, cc.TakeBackEvent) and back.kind.value == "take_back"
    for audience in (0, 1, 2, 3, None):
        assert back.for_seat(audience) == back and not leaks(back, audience)
    assert back.text() == back.text(2) == back.text(None) == \
        "Seat 0 takes back: meld two aces and a two."
    names = ["Ann", "Bob", "Cy", "Dan"]
    assert back.text(0, names=names, you=True) == "You take back: meld two aces and a two."
    assert back.text(1, names=names) == "Ann takes back: meld two aces and a two."
    assert back.to_json() == {"kind": "take_back", "seat": 0, "rules": [],
                              "action": "meld A A 2", "described": "meld two aces and a two",
                              "text": "Seat 0 takes back: meld two aces and a two."}
    for audience in (0, 1, None):
        message = match.message(audience, 2, names=names, you=audience is not None)
        check_message(message)
        assert [e["kind"] for e in message["events"]] == ["take_back"]
    assert match.message(0, 2, names=names, you=True)["events"][0]["text"] == \
        "You take back: meld two aces and a two."
    # A discard taken back too: its event says the card.
    match.play("discard 7", seat=0)
    match.take_back(seat=0)
    assert match.events()[3].text(0, you=True) == "You take back: discard a seven."
    check_message(match.message(None))


def test_a_take_back_says_the_action_as_its_events_said_it() -> None:
    """A take-back of cards added to a meld says so, as the meld's event did ("adds a two to
    the sixes"), not as a new meld ("lay a two off on the sixes", "meld an ace": a game
    developer's trial)."""
    match = fresh()
    for action in ("draw", "meld 6 6 6", "meld A A 2"):
        match.play(action, seat=0)
    (added,) = match.play("meld 2 on 6", seat=0)
    assert added.text() == "Seat 0 adds a two to the sixes."
    match.take_back(seat=0)
    assert match.events()[-1].text() == "Seat 0 takes back: add a two to the sixes."
    match.take_back(seat=0)
    assert match.events()[-1].text(0, you=True) == "You take back: meld two aces and a two."


def test_after_a_take_back_the_next_action_follows_its_event() -> None:
    """A client that had the cut events drops them by the marks and gets the take-back's
    event and the next action's as new ones; one that had the take-back's keeps it."""
    match = fresh()
    match.play("draw", seat=0)
    mark_before = match.log_mark()
    match.play("meld 6 6 6", seat=0)
    mark_meld = match.log_mark()
    match.take_back(seat=0)
    mark_back = match.log_mark()
    match.play("meld A A 2", seat=0)
    kinds = [e.kind.value for e in match.events()]
    assert kinds == ["deal", "draw", "take_back", "meld"] and match.event_count == 4
    assert match.events(3) == match.log[-1] and match.events(2)[0].kind.value == "take_back"
    # Had the meld taken back (3 events): keeps 2, is sent the take-back's and the new meld's.
    assert match.resume(3, mark_meld) == 2 and match.resume(2, mark_before) == 2
    # Had the take-back's event (3 events, its mark): keeps all three.
    assert match.resume(3, mark_back) == 3 and match.resume(4, match.log_mark()) == 4
    client = {"events": [e.for_seat(1).to_json() for e in match.events()[:2]],
              "mark": mark_before}
    client_catch_up(match, 1, client)
    assert [e["kind"] for e in client["events"]] == kinds


def test_two_take_backs_in_a_row_keep_both_events() -> None:
    """Two melds of one turn taken back, the last first: the second take-back cuts the first
    meld's event and the first take-back's after it, which comes again before its own."""
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    match.play("meld A A 2", seat=0)
    mark = match.log_mark()
    match.take_back(seat=0)
    assert match.cuts == (3,) and match.events(3)[0].text() == \
        "Seat 0 takes back: meld two aces and a two."
    match.take_back(seat=0)
    assert match.cuts == (3, 2) and match.log == (match.events()[1:2],)
    assert [e.text() for e in match.events(2)] == [
        "Seat 0 takes back: meld two aces and a two.", "Seat 0 takes back: meld three sixes."]
    assert match.resume(4, mark) == 2 and match.state == match.states[1]


def test_a_checkpoint_keeps_the_take_backs_events_and_a_restart_has_none() -> None:
    match = fresh()
    match.play("draw", seat=0)
    match.play("meld 6 6 6", seat=0)
    match.take_back(seat=0)
    point = match.checkpoint()
    events = match.events()
    assert point.events == events and len(events) == 3
    match.play("meld A A 2", seat=0)
    match.take_back(seat=0)
    match.play("discard 7", seat=0)
    match.restore(point)
    assert match.events() == events and match.cuts == (2, 3, 3) and match.turn == 1
    match.play("meld A A 2", seat=0)
    assert match.events()[:3] == events and match.event_count == 4
    match.restore(point)
    # A restart: the record holds no take-backs, so the match made of it has no such event.
    match.play("meld 6 6 6", seat=0)
    match.take_back(seat=0)
    again = cc.Match(match.record)
    assert again.events() == match.opening + match.log[0] and again.cuts == ()
    assert any(isinstance(e, cc.TakeBackEvent) for e in match.events())


@pytest.mark.parametrize("seed", quick_part(range(16), [1]))
def test_what_a_take_back_may_undo_is_public_so_its_event_is(seed: int) -> None:
    """Every action a take-back allows is a meld or a discard whose notation holds only the
    cards its events showed every seat and a spectator (laid down, or face up on the pile),
    so the take-back's event, which names them, hides nothing from no one: each sees it
    whole."""
    presets = ("caliente", "caliente-2p", "classic", "caliente-6p-3deck-3x2", "caliente-cards")
    match = cc.Match.start(cc.RuleSet.preset(presets[seed % len(presets)]), seed=seed)
    audiences = (*range(match.state.rules.players), None)
    rng = random.Random(seed)
    allowed = 0
    while not match.state.is_game_over and match.turn < 300:
        state, legal = match.state, cc.legal_actions(match.state)
        for action in legal:
            if action.verb not in (cc.Verb.DRAW, cc.Verb.DEAL) and rng.random() > 0.3:
                continue  # (a sample of the rest: every draw and deal is refused)
            point = match.checkpoint()
            happened = match.play(action)
            if state.current_player is None or not match.can_take_back(state.current_player):
                match.restore(point)
                continue
            allowed += 1
            assert action.verb in (cc.Verb.MELD, cc.Verb.DISCARD), str(action)
            assert match.take_back(seat=state.current_player) == action
            back = match.events()[-1]
            assert isinstance(back, cc.TakeBackEvent) and back.action == str(action)
            for audience in audiences:
                assert back.for_seat(audience) == back
                shown: list[cc.Card] = []
                for event in (e.for_seat(audience) for e in happened):
                    if isinstance(event, cc.MeldEvent):
                        shown.extend(event.cards)
                    elif isinstance(event, cc.DiscardEvent):
                        shown.append(event.card)
                assert sorted(shown) == sorted(action.cards), (str(action), audience)
            if action.on is not None:
                assert any(isinstance(e, cc.MeldEvent) and e.rank is action.on
                           for e in happened)
        match.play(rng.choice(legal))
    assert allowed


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_a_copy_of_a_match_is_another_match(how: str) -> None:
    """A match pickled and loaded (a server's snapshot) or copied gives no version its
    original gave: an action sent for the original's game is stale in the copy, and the
    two play on apart."""
    match = fresh()
    match.play("draw", seat=0)
    copied = {"pickle": lambda m: pickle.loads(pickle.dumps(m)), "copy": copy.copy,
              "deepcopy": copy.deepcopy}[how](match)
    assert copied.state == match.state and copied.turn == match.turn
    assert copied.epoch != match.epoch and copied.version != match.version
    match.play("meld 6 6 6", seat=0)
    sent = match.version  # the original's client holds it
    copied.play("discard 7", seat=0)
    assert match.turn == copied.turn == 2 and match.state != copied.state
    with pytest.raises(cc.StaleError):
        copied.play("draw", seat=1, version=sent)
    with pytest.raises(cc.ArgumentError, match="a checkpoint of another match"):
        copied.restore(match.checkpoint())
