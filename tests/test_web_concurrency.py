"""The web table as a game server when several clients act at once and over its life: two
sockets of one seat, a person acting or taking back while a bot thinks, stale and replayed
messages, reconnects and late joiners, restarts, cleanup, and bots off the event loop.

No clock is waited on: a bot's decision is held at its start by :class:`Gate` (the real
decision, in the server's worker, made once the test lets it go), so a test knows a bot is
thinking by a condition, never by a sleep. :data:`BACKSTOP` only bounds a failure."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient

import canasta_caliente as cc
from canasta_caliente.testing import check_invariants
from canasta_caliente.web import app
from canasta_caliente.web import server as web_server
from canasta_caliente.web.tables import Table
from test_web import make_table, my_turn, next_update, ws_path

BACKSTOP = 120.0
"""Seconds after which a wait for a condition fails the test (a backstop, never a timing)."""

HUMAN_AND_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"}]
TWO_PLAYERS = {"preset": "caliente-2p"}


class Gate:
    """Holds each bot decision at its start until the test lets it go, and logs each: the
    view it was made for and the action it chose."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: queue.Queue[tuple[cc.View, threading.Event]] = queue.Queue()
        self.held: list[threading.Event] = []
        self.decided: list[tuple[cc.View, cc.Action]] = []
        self.open = threading.Event()
        real = web_server.decide

        def held(level: str, seconds: float, view: cc.View, legal: tuple[cc.Action, ...],
                 rng: Any) -> cc.Action:
            go = threading.Event()
            self.held.append(go)
            self.started.put((view, go))
            if not (self.open.is_set() or go.wait(BACKSTOP)):
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


def discards(message: dict[str, Any]) -> list[str]:
    return [a["notation"] for a in message["legal"] if a["notation"].startswith("discard")]


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
        ws.send_json({"type": "hello", "since": 0})
        message = next_update(ws)
        assert message["legal"], "seed 7 deals the person the first turn"
        ws.send_json({"type": "act", "action": "draw", "turn": message["turn"]})
        message = next_update(ws)
        first, other = discards(message)[0], discards(message)[-1]
        ws.send_json({"type": "act", "action": first, "turn": message["turn"]})
        message = next_update(ws)
        view, go = gate.thinking()  # the bot's decision for the state after `first`
        assert view == cc.observe(table.state, 1) and message["can_undo"]
        ws.send_json({"type": "undo", "turn": message["turn"]})
        message = next_update(ws)
        ws.send_json({"type": "act", "action": other, "turn": message["turn"]})
        message = next_update(ws)
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
