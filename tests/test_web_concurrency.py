"""The web table as a game server when several clients act at once and over its life: two
sockets of one seat, a person acting or taking back while a bot thinks, stale and replayed
messages, reconnects and late joiners, restarts, cleanup, and bots off the event loop.

No clock is waited on: a bot's decision is held at its start by :class:`Gate` (the real
decision, in the server's worker, made once the test lets it go), so a test knows a bot is
thinking by a condition, never by a sleep. :data:`BACKSTOP` only bounds a failure."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import random
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient

import canasta_caliente as cc
from canasta_caliente.play import client_view
from canasta_caliente.testing import check_invariants
from canasta_caliente.web import app
from canasta_caliente.web import server as web_server
from canasta_caliente.web.tables import Seat, Table, new_secret
from test_web import make_table, my_turn, next_update, ws_path

T = TypeVar("T")

BACKSTOP = 120.0
"""Seconds after which a wait for a condition fails the test (a backstop, never a timing)."""

HUMAN_AND_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"}]
TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
TWO_PLAYERS = {"preset": "caliente-2p"}


class Gate:
    """Holds each bot decision at its start until the test lets it go, and logs each: the
    view it was made for and the action it chose."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: queue.Queue[tuple[cc.View, threading.Event]] = queue.Queue()
        self.held: list[threading.Event] = []
        self.decided: list[tuple[cc.View, cc.Action]] = []
        self.open = threading.Event()
        self.timed_out = False
        """Whether a decision waited for the test longer than :data:`BACKSTOP`."""
        real = web_server.decide

        def held(level: str, seconds: float, view: cc.View, legal: tuple[cc.Action, ...],
                 rng: Any) -> cc.Action:
            go = threading.Event()
            self.held.append(go)
            self.started.put((view, go))
            if not (self.open.is_set() or go.wait(BACKSTOP)):
                self.timed_out = True
                raise TimeoutError("the test never let this decision go")
            action = real(level, seconds, view, legal, rng)
            self.decided.append((view, action))
            return action

        monkeypatch.setattr(web_server, "decide", held)

    def thinking(self) -> tuple[cc.View, threading.Event]:
        """The next decision started (blocks until one has), and the event that lets it go."""
        return self.started.get(timeout=BACKSTOP)

    def release_all(self) -> None:
        """Let every decision go, now and from now on."""
        self.open.set()
        for go in list(self.held):
            go.set()


@pytest.fixture
def held() -> Iterator[tuple[TestClient, Gate]]:
    """A server (bots in threads, so the gate reaches them) whose bots wait for the test."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        gate = Gate(monkeypatch)
        with TestClient(app(bot_seconds=0.05, hint_seconds=0.05, processes=False)) as client:
            try:
                yield client, gate
            finally:
                gate.release_all()  # before the server stops, which waits for its workers


def live(client: TestClient, table: str) -> Table:
    found: Table = client.app.state.tables[table]  # type: ignore[attr-defined]
    return found


def assert_a_legal_game(table: Table) -> None:
    """The table's record replayed from its deal with ``cc.apply`` is the live state, every
    state on the way conserves its cards and keeps its invariants, and the table's own list
    of states is the replay's."""
    state = table.record.initial_state()
    replayed = [state]
    for action in table.record.actions:
        state = cc.apply(state, action)
        replayed.append(state)
    assert state == table.state
    assert replayed == table.states
    for state in replayed:
        assert check_invariants(state) == []


def discards(update: dict[str, Any]) -> list[str]:
    return [a["notation"] for a in update["message"]["legal"]
            if a["notation"].startswith("discard")]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(app(bot_seconds=0.05, hint_seconds=0.05, processes=False)) as c:
        yield c


def server_of(client: TestClient) -> Any:
    """The application's server object (its sockets and bots' tasks), from its socket route."""
    route = next(r for r in client.app.routes  # type: ignore[attr-defined]
                 if getattr(r, "path", None) == "/ws/{table}/{secret}")
    return route.endpoint.__self__


def until_marker(ws: Any) -> list[dict[str, Any]]:
    """Every frame the server sends ``ws`` before it reads a request sent now (a marker: a
    request of no known type, answered with an error and nothing else): the replies to what
    the socket sent before, and whatever else came first."""
    ws.send_json({"type": "marker"})
    frames = []
    while (frame := ws.receive_json()) != {"type": "error", "code": "malformed", "reason": (
            "type: one of hello, act, undo, hint (a string), not 'marker'")}:
        frames.append(frame)
    return frames


def update_at(ws: Any, turn: int) -> dict[str, Any]:
    """Updates until the one at action number ``turn`` (none is later)."""
    while (update := next_update(ws))["turn"] != turn:
        assert update["turn"] < turn, (update["turn"], turn)
    return update


def drawn(ws: Any) -> dict[str, Any]:
    """Greet the table on the socket of the seat to act first, draw, and return the update
    after the draw."""
    ws.send_json({"type": "hello", "since": 0})
    update = next_update(ws)
    assert update["message"]["legal"], "the seat is not to act first"
    ws.send_json({"type": "act", "action": "draw", "turn": update["turn"]})
    return next_update(ws)


def drawn_then(ws: Any, verb: str) -> str:
    """:func:`drawn`, then the first legal action of ``verb`` (``"meld"``, ``"discard"``)
    played at action number 1, its update awaited: the action played."""
    action = next(a["notation"] for a in drawn(ws)["message"]["legal"]
                  if a["notation"].startswith(verb))
    ws.send_json({"type": "act", "action": action, "turn": 1})
    update_at(ws, 2)
    return str(action)


def joined(client: TestClient, link: str) -> Any:
    ws = client.websocket_connect(ws_path(link)).__enter__()
    ws.send_json({"type": "hello", "since": 0})
    return ws


# -- 2. a person acting or taking back while a bot thinks ---------------------------------------


def test_a_bot_never_plays_a_decision_made_for_a_state_taken_back(
        held: tuple[TestClient, Gate]) -> None:
    """A person discards, the bot after them starts thinking, the person takes the discard
    back and discards another card: the action number is the one the bot's decision was for,
    but the state is not. The decision is dropped and the bot thinks again (it was played on
    the new state: the table checked only the action number)."""
    client, gate = held
    links = make_table(client, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
    table = live(client, links["table"])
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        update = drawn(ws)  # (seed 7 deals the person the first turn)
        first, other = discards(update)[0], discards(update)[-1]
        ws.send_json({"type": "act", "action": first, "turn": update["turn"]})
        update = next_update(ws)
        view, go = gate.thinking()  # the bot's decision for the state after `first`
        assert view == cc.observe(table.state, 1) and update["can_undo"]
        ws.send_json({"type": "undo", "turn": update["turn"]})
        update = next_update(ws)
        ws.send_json({"type": "act", "action": other, "turn": update["turn"]})
        update = next_update(ws)
        assert table.turn == 2 and table.record.actions[-1] == other
        go.set()
        gate.release_all()
        my_turn(ws)  # the bot has played
    bot_turn = 2
    applied = table.record.actions[bot_turn]
    made_for = cc.observe(table.states[bot_turn], 1)
    assert any(v == made_for and str(a) == applied for v, a in gate.decided), (
        "the bot's action was chosen for another state")
    assert_a_legal_game(table)


def test_a_person_acting_or_taking_back_while_a_bot_thinks_changes_nothing(
        held: tuple[TestClient, Gate]) -> None:
    """While a bot is to act and thinking, the person's action gets "not your turn"; once
    the bot has played, a take-back of the person's action (at the number they last saw, or
    at the number now) is refused: the last action is the bot's. The record stays a legal
    game throughout."""
    client, gate = held
    links = make_table(client, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
    table = live(client, links["table"])
    with client.websocket_connect(ws_path(links["seats"][0])) as ws:
        update = drawn(ws)
        ws.send_json({"type": "act", "action": discards(update)[0], "turn": update["turn"]})
        discarded = next_update(ws)
        _, go = gate.thinking()
        ws.send_json({"type": "act", "action": "draw", "turn": discarded["turn"]})
        assert ws.receive_json() == {"type": "error", "code": "not-your-turn",
                                     "reason": "not your turn: Seat 1 is to act"}
        assert next_update(ws)["turn"] == discarded["turn"] == table.turn
        go.set()
        gate.release_all()
        mine = my_turn(ws)  # the bot has played
        assert mine["turn"] > discarded["turn"] and table.states[-2].current_player == 1
        record = table.record
        ws.send_json({"type": "undo", "turn": discarded["turn"]})
        assert ws.receive_json()["code"] == "stale"
        next_update(ws)
        ws.send_json({"type": "undo", "turn": mine["turn"]})
        assert ws.receive_json()["code"] == "not-allowed"
        assert table.record == record
    assert_a_legal_game(table)


# -- 1. two sockets of one seat (two tabs) ------------------------------------------------------


def test_two_tabs_of_a_seat_both_get_every_update_and_one_action_is_played_once(
        client: TestClient) -> None:
    """Two sockets of seat 0 (two tabs) send the same action for the same turn: it is played
    once and the other gets "stale"; both tabs get every update; closing one leaves the other
    (and the other seat) playing, and the server forgets the closed socket."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table, server = live(client, links["table"]), server_of(client)
    with client.websocket_connect(ws_path(links["seats"][0])) as a, \
            client.websocket_connect(ws_path(links["seats"][1])) as bea:
        with client.websocket_connect(ws_path(links["seats"][0])) as b:
            for ws in (a, b, bea):
                ws.send_json({"type": "hello", "since": 0})
                assert next_update(ws)["turn"] == 0
            assert len(server.sockets[table.id]) == 3
            a.send_json({"type": "act", "action": "draw", "turn": 0})
            b.send_json({"type": "act", "action": "draw", "turn": 0})
            replies = {a: until_marker(a), b: until_marker(b), bea: []}
            errors = [r for r in replies[a] + replies[b] if r["type"] == "error"]
            assert len(errors) == 1 and errors[0]["code"] == "stale", replies
            assert table.record.actions == ("draw",)
            hands = {seat: [str(c) for c in table.state.hand(seat)] for seat in (0, 1)}
            for ws, frames in replies.items():
                after = [f for f in frames if f["type"] == "update" and f["turn"] == 1]
                update = after[-1] if after else update_at(ws, 1)
                assert update["message"]["view"]["hand"] == hands[1 if ws is bea else 0]
            b.send_json({"type": "act", "action": discards(table.update(0, 0))[0],
                         "turn": 1})
            for ws in (a, b, bea):
                assert update_at(ws, 2)["message"]["view"]["current_player"] == 1
        assert len(server.sockets[table.id]) == 2  # b's tab closed
        bea.send_json({"type": "act", "action": "draw", "turn": 2})
        assert update_at(a, 3)["turn"] == update_at(bea, 3)["turn"] == 3
    assert server.sockets[table.id] == {}
    assert_a_legal_game(table)


# -- 3. stale and replayed messages ------------------------------------------------------------


def test_stale_replayed_and_out_of_turn_messages_get_a_reason_and_change_nothing(
        client: TestClient) -> None:
    """An action at an old number, a take-back replayed, a take-back of a draw, an action or a
    take-back by the seat not to act, a spectator's action: each gets an error saying why on
    its own socket, which stays open; the table does not change and the other seat is sent
    nothing (its next frame is the update of the next action played)."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table = live(client, links["table"])
    with greeted(client, links["seats"][0], links["seats"][1], links["spectator"]) as (
            ann, bea, watcher):
        ann.send_json({"type": "act", "action": "draw", "turn": 0})
        melds = [a["notation"] for a in update_at(ann, 1)["message"]["legal"]
                 if a["notation"].startswith("meld")]
        ann.send_json({"type": "act", "action": melds[0], "turn": 1})
        update_at(ann, 2)
        ann.send_json({"type": "undo", "turn": 2})
        update_at(ann, 1)
        for ws in (bea, watcher):
            update_at(ws, 2)
            seen = update_at(ws, 1)["next"]
        record = table.record
        refused = [
            (ann, {"type": "act", "action": "draw", "turn": 0}, "stale"),  # replayed
            (ann, {"type": "act", "action": "draw", "turn": 7}, "malformed"),  # from nowhere
            (ann, {"type": "undo", "turn": 2}, "stale"),  # the take-back replayed
            (ann, {"type": "undo", "turn": 1}, "not-allowed"),  # a draw is never taken back
            (bea, {"type": "act", "action": "draw", "turn": 1}, "not-your-turn"),
            (bea, {"type": "undo", "turn": 1}, "not-allowed"),
            (watcher, {"type": "act", "action": "draw", "turn": 1}, "not-allowed"),
            (watcher, {"type": "undo", "turn": 1}, "not-allowed"),
        ]
        for ws, request, code in refused:
            ws.send_json(request)
            frames = until_marker(ws)
            error = frames[0]
            assert error["type"] == "error" and error["code"] == code, (request, frames)
            assert error["reason"], request
            # "stale" and "not your turn" bring the table as it is: nothing changed
            assert all(f["turn"] == 1 for f in frames[1:]), frames
            assert table.record == record
        ann.send_json({"type": "undo", "turn": 2})  # ahead of the game: its action taken back
        assert until_marker(ann)[0]["reason"] == ("stale: action 2 was taken back (the game is "
                                                  "at action 1); here is the table now")
        ann.send_json({"type": "act", "action": discards(table.update(0, 0))[0], "turn": 1})
        for ws in (bea, watcher):  # the first frame since: the discard's update
            frame = ws.receive_json()
            assert frame["type"] == "update" and frame["turn"] == 2
            assert frame["since"] == seen
    assert_a_legal_game(table)


def played(rules: cc.RuleSet, seed: int, until: Any) -> list[str]:
    """The actions of a game between level-2 bots dealt from ``seed``, up to the first state
    for which ``until`` is true."""
    state, bot, rng, actions = cc.new_game(rules, seed=seed), cc.get_bot("level-2"), \
        random.Random(seed), []
    while not until(state):
        player = state.current_player
        legal = cc.legal_actions(state)
        action = legal[0] if player is None else bot(cc.observe(state, player), legal, rng)
        actions.append(str(action))
        state = cc.apply(state, action)
    return actions


def saved_table(folder: Path, rules: cc.RuleSet, seed: int, actions: list[str]) -> Table:
    """A table of two people with a game played to ``actions``, saved in ``folder``."""
    table = Table("prepared", [Seat("Ann", secret=new_secret()), Seat("Bea",
                                                                       secret=new_secret())],
                  new_secret(), cc.GameRecord.start(rules, seed=seed).extend(*actions))
    table.save(folder)
    return table


def test_after_the_game_is_over_an_action_gets_a_reason_and_changes_nothing(
        tmp_path: Path) -> None:
    """An action sent once the game is over gets "the game is over" (it was "not your
    turn"), the socket stays open, and the other seat is sent nothing."""
    rules = cc.RuleSet.preset("caliente-2p").replace(target_score=100)
    actions = played(rules, 5, lambda state: state.is_game_over)
    links = saved_table(tmp_path, rules, 5, actions).links()
    with TestClient(app(data=tmp_path, processes=False)) as client:
        table = live(client, links["table"])
        assert table.state.is_game_over
        with client.websocket_connect(ws_path(links["seats"][0])) as ann, \
                client.websocket_connect(ws_path(links["seats"][1])) as bea:
            for ws in (ann, bea):
                ws.send_json({"type": "hello", "since": 0})
                first = next_update(ws)
                seen, mark = first["next"], first["log"]
            for request, reason in (
                    ({"type": "act", "action": "draw", "turn": table.turn}, "the game is over"),
                    ({"type": "act", "action": "deal", "turn": table.turn}, "the game is over"),
                    ({"type": "undo", "turn": table.turn}, "undo: ")):
                ann.send_json(request)
                error = until_marker(ann)[0]  # then the table as it is: the game over
                assert error["type"] == "error" and error["reason"].startswith(reason), error
            bea.send_json({"type": "hello", "since": seen, "log": mark})
            frame = bea.receive_json()  # nothing came before the reply to this hello
            assert frame["type"] == "update" and frame["since"] == seen
            assert table.record.actions == tuple(actions)


# -- 4. reconnects and late joiners ----------------------------------------------------------


def test_a_late_joiner_gets_the_table_now_and_every_event_it_may_see_at_once(
        client: TestClient) -> None:
    """A spectator, and a seat's second tab, joining mid-hand: the reply to their hello is the
    table as it is, with every event so far as they may see it (a draw's cards to the seat
    that drew only), before any later action."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table = live(client, links["table"])
    with client.websocket_connect(ws_path(links["seats"][0])) as ann:
        ann.send_json({"type": "act", "action": discards(drawn(ann))[0], "turn": 1})
        update_at(ann, 2)
    for link, seat in ((links["spectator"], None), (links["seats"][1], 1),
                       (links["seats"][0], 0)):
        with client.websocket_connect(ws_path(link)) as ws:
            ws.send_json({"type": "hello", "since": 0})
            update = next_update(ws)
            assert update["turn"] == 2 and update["since"] == 0
            assert update["message"]["view"] == client_view(table.state, seat)
            assert update["message"]["events"] == table.update(seat, 0)["message"]["events"]
            deal, draw = update["message"]["events"][:2]  # event 0: the first hand's deal
            assert deal["kind"] == "deal" and deal["hand_number"] == 1
            assert [h is not None for h in deal["hands"]] == [s == seat for s in range(2)]
            assert draw["kind"] == "draw" and (draw["cards"] is None) == (seat != 0)


def test_a_seat_back_after_the_hand_ended_sees_the_new_hand(tmp_path: Path) -> None:
    """Bea leaves during a hand; Ann ends it, the next hand is dealt; Bea's page reconnects
    with the number of events it has and gets the new hand, its own new cards, and the
    events it missed (the hand's end, the deal)."""
    rules = cc.RuleSet.preset("caliente-2p")
    actions = played(rules, 5, lambda state: state.current_player is None)
    # the table starts just before the action that ends the hand
    links = saved_table(tmp_path, rules, 5, actions[:-1]).links()
    with TestClient(app(data=tmp_path, processes=False)) as client:
        table = live(client, links["table"])
        last = table.state.current_player
        other = 1 - last
        with client.websocket_connect(ws_path(links["seats"][other])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            first = next_update(ws)
            seen, mark = first["next"], first["log"]
        with client.websocket_connect(ws_path(links["seats"][last])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            turn = next_update(ws)["turn"]
            ws.send_json({"type": "act", "action": actions[-1], "turn": turn})
            assert update_at(ws, turn + 1)["can_deal"]
            ws.send_json({"type": "act", "action": "draw", "turn": turn + 1})
            error = until_marker(ws)[0]
            assert error["reason"].startswith("the hand is over"), error
            ws.send_json({"type": "act", "action": "deal", "turn": turn + 1})
            update_at(ws, turn + 2)
        assert table.state.hand_number == 2
        with client.websocket_connect(ws_path(links["seats"][other])) as ws:
            ws.send_json({"type": "hello", "since": seen, "log": mark})
            update = next_update(ws)
            assert update["since"] == seen and update["turn"] == turn + 2
            assert update["message"]["view"]["hand_number"] == 2
            assert update["message"]["view"]["hand"] == [str(c) for c in table.state.hand(other)]
            assert update["message"]["events"] == table.update(other, 0)["message"]["events"][seen:]
            assert {"hand_end", "deal"} <= {e["kind"] for e in update["message"]["events"]}, [
                e["kind"] for e in update["message"]["events"]]


def test_a_page_back_after_a_take_back_it_missed_gets_the_events_as_they_are_now(
        client: TestClient) -> None:
    """Bea's page had the events of Ann's meld; it lost its connection; Ann took the meld back
    and melded other cards. Back, the page asks for the events after the ones it has: its log
    (what it had up to the point the server sends from, and what is sent) must be the
    table's, not the meld taken back followed by nothing."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table = live(client, links["table"])
    with client.websocket_connect(ws_path(links["seats"][0])) as ann:
        melds = [a["notation"] for a in drawn(ann)["message"]["legal"]
                 if a["notation"].startswith("meld")]
        with client.websocket_connect(ws_path(links["seats"][1])) as bea:
            bea.send_json({"type": "hello", "since": 0})
            log = next_update(bea)["message"]["events"]  # the page's log, kept as table.js keeps it
            ann.send_json({"type": "act", "action": melds[0], "turn": 1})
            last = update_at(bea, 2)
            log = log[:last["since"]] + last["message"]["events"]
        update_at(ann, 2)
        ann.send_json({"type": "undo", "turn": 2})
        update_at(ann, 1)
        ann.send_json({"type": "act", "action": melds[-1], "turn": 1})
        update_at(ann, 2)
    now = table.update(1, 0)["message"]["events"]
    assert now[-1]["text"] != log[-1]["text"]  # the new meld, not the one taken back
    with client.websocket_connect(ws_path(links["seats"][1])) as bea:
        # a client that sends no log, the page (the log of its last message), and a page
        # whose last message came before a restart (another load of the table)
        for sent in ("none", "the page's", "another load's"):
            hello = {"type": "hello", "since": len(log)}
            if sent != "none":
                hello["log"] = last["log"] if sent == "the page's" else "x" + last["log"]
            bea.send_json(hello)
            again = next_update(bea)
            assert log[:again["since"]] + again["message"]["events"] == now, sent
            # kept: every event before the meld's one; without a mark or after a restart, none
            assert again["since"] == (len(log) - 1 if sent == "the page's" else 0)
        bea.send_json({"type": "hello", "since": 0, "log": 5})
        assert until_marker(bea)[0]["reason"].startswith("log: expected")


# -- 5. restarts -------------------------------------------------------------------------------


def test_a_restarted_server_serves_each_table_as_it_was(tmp_path: Path) -> None:
    """Two tables, one mid-hand just after a take-back, one between hands: a server stopped
    and started again, and a server started on a copy of the folder taken while the first
    still ran (a crash), each serve every table in the state it was, and the links play on."""
    data, crashed = tmp_path / "data", tmp_path / "crashed"
    data.mkdir()
    rules = cc.RuleSet.preset("caliente-2p")
    actions = played(rules, 5, lambda state: state.current_player is None)
    between = saved_table(data, rules, 5, actions[:-1]).links()
    with TestClient(app(data=data, processes=False)) as first:
        taken = make_table(first, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
        with first.websocket_connect(ws_path(taken["seats"][0])) as ws:
            meld = drawn_then(ws, "meld")
            ws.send_json({"type": "undo", "turn": 2})
            update_at(ws, 1)
        ender = live(first, between["table"]).state.current_player
        with first.websocket_connect(ws_path(between["seats"][ender])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            turn = next_update(ws)["turn"]
            ws.send_json({"type": "act", "action": actions[-1], "turn": turn})
            assert update_at(ws, turn + 1)["can_deal"]
        shutil.copytree(data, crashed)  # the files as they stand, the server running
        tables = {links["table"]: live(first, links["table"]) for links in (taken, between)}
    assert tables[between["table"]].state.current_player is None
    assert tables[taken["table"]].record.actions == ("draw",)
    for folder in (data, crashed):
        with TestClient(app(data=folder, processes=False)) as again:
            for links in (taken, between):
                table = live(again, links["table"])
                assert table.record == tables[links["table"]].record, folder
                assert table.state == tables[links["table"]].state, folder
                assert again.get(links["spectator"]).status_code == 200
            with again.websocket_connect(ws_path(taken["seats"][0])) as ws:
                ws.send_json({"type": "hello", "since": 0})
                update = next_update(ws)
                assert update["turn"] == 1 and update["message"]["legal"]
                ws.send_json({"type": "act", "action": meld, "turn": 1})
                assert update_at(ws, 2)["can_undo"]
            with again.websocket_connect(ws_path(between["seats"][1 - ender])) as ws:
                ws.send_json({"type": "hello", "since": 0})
                update = next_update(ws)
                assert update["can_deal"]
                ws.send_json({"type": "act", "action": "deal", "turn": update["turn"]})
                assert update_at(ws, update["turn"] + 1)["message"]["view"]["hand_number"] == 2


def test_a_server_stopped_while_a_bot_thinks_resumes_the_table_as_it_was(
        tmp_path: Path) -> None:
    """Stopped while a bot's decision is pending (whether the decision lands before the stop
    or not), the table is saved as it stood; the restarted server serves that state, and
    its bot plays on."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        gate = Gate(monkeypatch)
        with TestClient(app(data=tmp_path, bot_seconds=0.05, processes=False)) as first:
            links = make_table(first, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
            table = live(first, links["table"])
            with first.websocket_connect(ws_path(links["seats"][0])) as ws:
                ws.send_json({"type": "act", "action": discards(drawn(ws))[0], "turn": 1})
                update_at(ws, 2)
            gate.thinking()
            gate.release_all()  # the server's stop waits for its workers
        stopped = table.state
        with TestClient(app(data=tmp_path, bot_seconds=0.05, processes=False)) as again:
            resumed = live(again, links["table"])
            # its bot may have played on already: the state at the stop is where it resumed
            assert resumed.record.actions[:table.turn] == table.record.actions
            assert resumed.states[table.turn] == stopped
            with again.websocket_connect(ws_path(links["seats"][0])) as ws:
                ws.send_json({"type": "hello", "since": 0})
                assert my_turn(ws)["message"]["view"]["current_player"] == 0  # the bot has played
        assert_a_legal_game(resumed)


# -- 6. cleanup ------------------------------------------------------------------------------


def test_closed_sockets_and_bots_done_leave_nothing_behind(client: TestClient) -> None:
    """Sockets opened and closed (with a hello or without, a seat's or the spectators',
    closed while updates were on their way) are forgotten by the server, and a table's bots'
    task ends when no bot is to act: what the server keeps for a table does not grow with
    its visitors."""
    links = make_table(client, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
    table, server = live(client, links["table"]), server_of(client)
    with client.websocket_connect(ws_path(links["seats"][0])) as ann:
        ann.send_json({"type": "hello", "since": 0})
        update = next_update(ann)
        for i in range(30):
            link = links["spectator"] if i % 2 else links["seats"][0]
            with client.websocket_connect(ws_path(link)) as ws:
                if i % 3:
                    ws.send_json({"type": "hello", "since": 0})
                if i % 5 == 0:  # a turn played, and the socket closed with updates unread
                    turn = update["turn"]
                    ann.send_json({"type": "act", "action": "draw", "turn": turn})
                    ann.send_json({"type": "act", "action": discards(update_at(ann, turn + 1))[0],
                                   "turn": turn + 1})
                    update = my_turn(ann)
            assert len(server.sockets[table.id]) == 1
        task = server.driving[table.id]

        async def ended() -> None:
            await asyncio.wait_for(asyncio.shield(task), BACKSTOP)

        client.portal.call(ended)  # type: ignore[attr-defined]
        assert table.bot_to_act() is None
    assert server.sockets[table.id] == {}
    assert set(server.tables) == set(server.locks) == set(server.sockets) == {table.id}


# -- 7. bots off the event loop ----------------------------------------------------------------


def test_a_bot_thinking_at_one_table_holds_up_no_other_tables_socket(
        held: tuple[TestClient, Gate]) -> None:
    """A level-5 bot's decision at one table is held in its worker (so it is thinking for as
    long as the test says): meanwhile another table's two people connect and play, and the
    first table's own spectator is answered. Had the decision run on the event loop, nothing
    would be answered until it gave up (:attr:`Gate.timed_out`)."""
    client, gate = held
    thinking = make_table(client, seats=[{"kind": "bot", "level": "level-5"},
                                         {"kind": "human", "name": "Ann"}],
                          rules=TWO_PLAYERS, seed=7)
    view, go = gate.thinking()  # seat 0, the bot, deals first at seed 7
    assert view.seat == 0
    other = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    with client.websocket_connect(ws_path(other["seats"][0])) as ann, \
            client.websocket_connect(ws_path(other["seats"][1])) as bea, \
            client.websocket_connect(ws_path(thinking["spectator"])) as watcher:
        for ws in (ann, bea, watcher):
            ws.send_json({"type": "hello", "since": 0})
            assert next_update(ws)["turn"] == 0
        ann.send_json({"type": "act", "action": "draw", "turn": 0})
        ann.send_json({"type": "act", "action": discards(update_at(ann, 1))[0], "turn": 1})
        assert update_at(bea, 2)["message"]["view"]["current_player"] == 1
        assert not go.is_set() and not gate.timed_out
        assert live(client, thinking["table"]).turn == 0
        go.set()
        assert next_update(watcher)["turn"] >= 1  # the bot has played


def backstopped(wait: Callable[[], T]) -> T:
    """What ``wait()`` (a wait for a condition, such as a socket's next message) returns;
    the test fails if it has not returned within :data:`BACKSTOP` seconds, where it would
    otherwise wait for ever."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(wait())
        except BaseException as exc:  # raised again in the test's thread
            failed.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(BACKSTOP)
    if failed:
        raise failed[0]
    if not done:
        pytest.fail(f"waited {BACKSTOP:g} s for a condition that never came")
    return done[0]


@pytest.mark.slow
def test_a_bots_worker_process_killed_is_replaced_and_the_bots_play_on() -> None:
    """The bots' worker processes killed (the out-of-memory killer, an operator): the pool
    they were in refuses all work from then on. It is replaced, and the bots play on (they
    stopped for good, at every table, and every hint closed its socket with a traceback)."""
    with TestClient(app(bot_seconds=0.05)) as client:
        links = make_table(client, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
        server = server_of(client)
        with client.websocket_connect(ws_path(links["seats"][0])) as ann:
            ann.send_json({"type": "hello", "since": 0})
            update = next_update(ann)
            for turn in range(2):
                if turn == 1:
                    workers = list(server.pool._processes)  # the workers started so far
                    assert workers
                    for pid in workers:
                        os.kill(pid, signal.SIGKILL)
                at = update["turn"]
                ann.send_json({"type": "act", "action": "draw", "turn": at})
                ann.send_json({"type": "act", "action": discards(update_at(ann, at + 1))[0],
                               "turn": at + 1})
                update = backstopped(lambda: my_turn(ann))
                assert update["turn"] > at + 2  # the bot has played
            ann.send_json({"type": "hint"})
            assert backstopped(ann.receive_json)["type"] == "hint"


@contextlib.contextmanager
def greeted(client: TestClient, *pages: str) -> Iterator[list[Any]]:
    """A socket for each page (a seat's or the spectators' link, one page twice for two
    tabs), each greeted: its hello sent and its first update read."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(ws_path(page)))
                   for page in pages]
        for ws in sockets:
            ws.send_json({"type": "hello", "since": 0})
            next_update(ws)
        yield sockets


def held_calls(monkeypatch: pytest.MonkeyPatch, name: str
               ) -> tuple[threading.Event, threading.Event]:
    """The server's calls of its function ``name`` held at their start: ``started`` is set
    when one begins, and each goes on once ``go`` is set (within :data:`BACKSTOP`)."""
    started, go = threading.Event(), threading.Event()
    real = getattr(web_server, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        assert go.wait(BACKSTOP)
        return real(*args, **kwargs)

    monkeypatch.setattr(web_server, name, held)
    return started, go


def held_searches(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """The server's searches (hints) held at their start (:func:`held_calls`)."""
    return held_calls(monkeypatch, "analyse")


def test_a_hint_is_stamped_with_the_turn_it_was_searched_for(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    """One tab asks for a hint; while the search runs (held at its start), the other tab
    draws. The hint's ``turn`` is the number of the state it ranks, so a page can tell it is
    old (it said the number after the draw, with the ranking of the state before)."""
    started, go = held_searches(monkeypatch)
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    try:
        with greeted(client, links["seats"][0], links["seats"][0]) as (asking, playing):
            asking.send_json({"type": "hint"})
            assert started.wait(BACKSTOP)
            playing.send_json({"type": "act", "action": "draw", "turn": 0})
            update_at(playing, 1)
            go.set()
            frames = []
            while not frames or frames[-1]["type"] != "hint":
                frames.append(asking.receive_json())
            hint = frames[-1]
            assert hint["turn"] == 0 and [r["notation"] for r in hint["ranked"]] == ["draw"]
    finally:
        go.set()


def test_a_hint_is_stamped_with_the_version_it_was_searched_for(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    """A hint asked at turn 2; while it searches, the other tab takes the meld back and melds
    again: turn 2 once more, another state. The hint said turn 2, so the page showed it as
    current, every action it ranked illegal. It carries the ``version`` searched, which the
    page compares with its update's."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=1)
    with greeted(client, links["seats"][0], links["seats"][0]) as (asking, playing):
        playing.send_json({"type": "act", "action": "draw", "turn": 0})
        melds = [a["notation"] for a in update_at(playing, 1)["message"]["legal"]
                 if a["notation"].startswith("meld")]
        assert len(melds) >= 2
        playing.send_json({"type": "act", "action": melds[0], "turn": 1})
        searched = update_at(playing, 2)
        started, go = held_searches(monkeypatch)
        try:
            asking.send_json({"type": "hint"})
            assert started.wait(BACKSTOP)
            playing.send_json({"type": "undo", "turn": 2, "version": searched["version"]})
            update_at(playing, 1)
            playing.send_json({"type": "act", "action": melds[1], "turn": 1})
            now = update_at(playing, 2)
            go.set()
            frames = [asking.receive_json()]
            while frames[-1]["type"] != "hint":
                frames.append(asking.receive_json())
        finally:
            go.set()
    hint = frames[-1]
    assert hint["turn"] == now["turn"] == 2
    assert hint["version"] == searched["version"] != now["version"]


def test_an_action_sent_before_hello_is_played_and_answered(client: TestClient) -> None:
    """A reconnecting client that sends its pending action before its hello (with the turn
    and version of the last connection's update) had it played and was sent nothing: it
    could not tell. The action is answered, before the next request is, with the table as it
    is and every event from the first, as a hello from 0 is."""
    links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    with client.websocket_connect(ws_path(links["seats"][0])) as first:
        first.send_json({"type": "hello", "since": 0})
        last = next_update(first)
    with client.websocket_connect(ws_path(links["seats"][0])) as again:
        again.send_json({"type": "act", "action": "draw", "turn": last["turn"],
                         "version": last["version"]})
        (update,) = until_marker(again)
    assert (update["type"], update["turn"], update["since"]) == ("update", 1, 0)
    assert update["next"] > last["next"]
