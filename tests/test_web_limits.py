"""The web table as a server strangers can reach: an error of the server's own while it handles
a request (a disk that cannot be written, a bug) answers that client with the protocol's error
and keeps the socket, the table and its files consistent; and what clients can make the server
hold (tables, sockets, hints, request bodies) is bounded, each refusal naming its limit.

Faults are injected where the server meets the system (the table's file writes), and the
server is driven through its real protocol. No clock is waited on: a wait is for a condition,
bounded by :data:`BACKSTOP` only to fail."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

import canasta_caliente as cc
from canasta_caliente.web import app
from canasta_caliente.web import server as web_server
from canasta_caliente.web import tables as web_tables
from canasta_caliente.web.limits import BODY_LIMIT, MESSAGE_LIMIT, Limits
from canasta_caliente.web.tables import load_tables
from test_web import make_table, my_turn, next_update, ws_path
from test_web_concurrency import (
    BACKSTOP,
    HUMAN_AND_BOT,
    TWO_PEOPLE,
    TWO_PLAYERS,
    Gate,
    assert_a_legal_game,
    drawn_then,
    greeted,
    held_searches,
    live,
    played,
    saved_table,
    server_of,
    update_at,
)

ERRORS_LOGGED = "canasta_caliente.web"


def until(client: TestClient, condition: Callable[[], bool]) -> None:
    """Wait, in the server's event loop, until ``condition`` holds (checked between the
    server's own steps)."""
    async def wait() -> None:
        async with asyncio.timeout(BACKSTOP):
            while not condition():
                await asyncio.sleep(0.001)

    client.portal.call(wait)  # type: ignore[attr-defined]


@contextlib.contextmanager
def disk_fails(monkeypatch: pytest.MonkeyPatch, call: str, times: int = 1,
               partial: bool = False) -> Iterator[list[int]]:
    """The table files' ``os.write`` (an append to a journal) or ``os.replace`` (a file
    written whole) fails ``times`` times with "no space left on device", as a full disk
    does; with ``partial``, a write puts three bytes on disk first. Only the table files'
    calls fail (from :mod:`canasta_caliente.web.tables`). Yields the count of failures."""
    real = getattr(os, call)
    failures = [0]

    def failing(*args: Any) -> Any:
        if (sys._getframe(1).f_globals.get("__name__") == web_tables.__name__
                and failures[0] < times):
            failures[0] += 1
            if partial and call == "write":
                real(args[0], args[1][:3])
            raise OSError(28, "No space left on device")
        return real(*args)

    monkeypatch.setattr(os, call, failing)
    try:
        yield failures
    finally:
        monkeypatch.setattr(os, call, real)


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == ERRORS_LOGGED and r.exc_info]


def server_error(ws: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The server-error a socket is sent, and the update that follows it."""
    error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == "server-error", error
    assert error["reason"].startswith("the server failed to handle this request (reference ")
    update = ws.receive_json()
    assert update["type"] == "update", update
    return error, update


def assert_saved_as_live(folder: Path, table: web_tables.Table) -> None:
    """The table's files read back hold the game the server has in memory."""
    saved = load_tables(folder)[table.id]
    assert saved.record == table.record and saved.state == table.state


@pytest.fixture
def data_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app(data=tmp_path, bot_seconds=0.05, hint_seconds=0.05,
                        processes=False)) as c:
        yield c


# -- errors of the server's own ------------------------------------------------------------------


def test_an_action_whose_save_fails_is_not_played_and_the_client_is_told(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path,
        data_client: TestClient) -> None:
    """An append to the journal that fails (three bytes on disk, then a full disk): the seat
    gets a server-error with a reference, then the table as it was (nothing played); the
    traceback is logged once, under that reference; the files read back are the table in
    memory; the same action sent again is played, and saved."""
    links = make_table(data_client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table = live(data_client, links["table"])
    with data_client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_json({"type": "hello", "since": 0})
        next_update(ws)
        with disk_fails(monkeypatch, "write", partial=True) as failures:
            ws.send_json({"type": "act", "action": "draw", "turn": 0})
            error, update = server_error(ws)
        assert failures == [1]
        assert update["turn"] == 0 and table.turn == 0 and table.record.actions == ()
        assert "No space" not in error["reason"] and "Traceback" not in error["reason"]
        logged = tracebacks(caplog)
        assert len(logged) == 1 and error["reason"].split()[8].rstrip(")") in logged[0].message
        assert_saved_as_live(tmp_path, table)
        assert (tmp_path / f"{table.id}.0.actions").read_bytes() == b""  # cut back
        ws.send_json({"type": "act", "action": "draw", "turn": 0})
        assert update_at(ws, 1)["turn"] == 1
    # saved whole after a failed save: its next generation, the journal appended to gone
    assert table.generation == 1 and files(tmp_path) == [f"{table.id}.json"]
    assert_saved_as_live(tmp_path, table)
    assert_a_legal_game(table)


def files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_take_back_whose_save_fails_is_not_made(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path,
        data_client: TestClient) -> None:
    """A take-back writes the table's file whole; when that fails, the action stays played,
    in memory and on disk, and the seat is told; tried again, the take-back is made."""
    links = make_table(data_client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    table = live(data_client, links["table"])
    with data_client.websocket_connect(ws_path(links["seats"][0])) as ws:
        drawn_then(ws, "meld")
        with disk_fails(monkeypatch, "replace"):
            ws.send_json({"type": "undo", "turn": 2})
            _, update = server_error(ws)
        assert update["turn"] == 2 and update["can_undo"] and table.turn == 2
        assert len(tracebacks(caplog)) == 1
        assert_saved_as_live(tmp_path, table)
        assert not list(tmp_path.glob(".*.part"))
        ws.send_json({"type": "undo", "turn": 2})
        assert update_at(ws, 1)["turn"] == 1
    assert_saved_as_live(tmp_path, table)
    assert files(tmp_path) == [f"{table.id}.json"]  # no journal of a generation gone
    assert_a_legal_game(table)


def test_a_bots_move_whose_save_fails_is_made_again(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path,
        data_client: TestClient) -> None:
    """A bot's move that cannot be saved is not played: logged, and made again after a wait
    (none here); the game goes on, its files the game in memory."""
    monkeypatch.setattr(web_server, "RETRY_SECONDS", 0.0)
    gate = Gate(monkeypatch)
    links = make_table(data_client, seats=HUMAN_AND_BOT, rules=TWO_PLAYERS, seed=7)
    table = live(data_client, links["table"])
    try:
        with data_client.websocket_connect(ws_path(links["seats"][0])) as ws:
            drawn_then(ws, "discard")
            gate.thinking()  # the person's discard saved; the bot's first move to come
            with disk_fails(monkeypatch, "write", times=2) as failures:
                gate.release_all()
                update = my_turn(ws)  # the bot has played
            assert failures == [2] and update["turn"] > 2
    finally:
        gate.release_all()
    assert len(tracebacks(caplog)) == 2
    assert all("a bot's move" in r.message for r in tracebacks(caplog))
    assert_saved_as_live(tmp_path, table)
    assert_a_legal_game(table)


def test_a_bug_while_a_message_is_handled_gets_an_error_and_the_socket_stays_open(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        data_client: TestClient) -> None:
    """A hint whose search raises (a bug): the seat gets a server-error naming nothing of
    the exception (whose text could hold anything), then the table; the socket goes on."""
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise ValueError("the other seat holds ['Q', 'Q'] (a secret)")

    monkeypatch.setattr(web_server, "analyse", broken)
    links = make_table(data_client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    with data_client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_json({"type": "hello", "since": 0})
        next_update(ws)
        ws.send_json({"type": "hint"})
        error, update = server_error(ws)
        assert "secret" not in json.dumps(error) and update["turn"] == 0
        ws.send_json({"type": "act", "action": "draw", "turn": 0})
        assert update_at(ws, 1)["turn"] == 1
    (logged,) = tracebacks(caplog)
    assert logged.exc_info is not None and logged.exc_info[0] is ValueError


def test_an_http_request_that_fails_gets_json_never_a_page(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path,
        data_client: TestClient) -> None:
    """A table whose first save fails (a full disk): 503 with ``Retry-After`` and a JSON body
    (a reference, no traceback), the traceback logged once, no table left in memory or on
    disk; the next is made."""
    with disk_fails(monkeypatch, "replace"):
        response = data_client.post("/api/tables", json={
            "rules": TWO_PLAYERS, "seats": TWO_PEOPLE})
    assert response.status_code == 503 and response.headers["Retry-After"] == "30"
    ((where, reason),) = response.json()["problems"]
    assert where == "(server)" and "reference" in reason and "Traceback" not in response.text
    assert len(tracebacks(caplog)) == 1 and "POST /api" in tracebacks(caplog)[0].message
    assert live_tables(data_client) == {} and list(tmp_path.iterdir()) == []
    make_table(data_client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
    assert len(live_tables(data_client)) == 1


def test_a_bug_while_a_request_is_handled_is_a_500_with_json(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        data_client: TestClient) -> None:
    """An error of the server's own that is not the storage's (a bug: no retry will help) is
    a 500, with a JSON body naming a reference and nothing of the error, logged once."""
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("a secret detail")

    monkeypatch.setattr(web_tables.Table, "create", broken)
    response = data_client.post("/api/tables", json={"rules": TWO_PLAYERS, "seats": TWO_PEOPLE})
    assert response.status_code == 500 and "Retry-After" not in response.headers
    ((where, reason),) = response.json()["problems"]
    assert where == "(server)" and "reference" in reason and "secret" not in response.text
    assert len(tracebacks(caplog)) == 1


def live_tables(client: TestClient) -> dict[str, Any]:
    tables: dict[str, Any] = client.app.state.tables  # type: ignore[attr-defined]
    return tables


# -- limits --------------------------------------------------------------------------------------


def test_with_a_data_folder_the_least_recently_used_table_leaves_memory_and_comes_back(
        tmp_path: Path) -> None:
    """Two tables at most in memory: a third made drops the one used least recently (not
    the one with a page open); its links still work, read again from its files, as it was."""
    with TestClient(app(data=tmp_path, processes=False,
                        limits=Limits(max_tables=2))) as client:
        first = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=1)
        with client.websocket_connect(ws_path(first["seats"][0])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            next_update(ws)
            ws.send_json({"type": "act", "action": "draw", "turn": 0})
            update_at(ws, 1)
            second = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=2)
            third = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=3)
            assert set(live_tables(client)) == {first["table"], third["table"]}
        before = live(client, first["table"])
        until(client, lambda: not server_of(client).sockets[first["table"]])
        assert client.get(third["spectator"]).status_code == 200  # first: the least recent
        assert client.get(second["spectator"]).status_code == 200  # read again: first goes
        assert set(live_tables(client)) == {second["table"], third["table"]}
        with client.websocket_connect(ws_path(first["seats"][0])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            update = next_update(ws)
            assert update["turn"] == 1 and update["message"]["events"]
            again = live(client, first["table"])
            assert again is not before and again.record == before.record
        server = server_of(client)
        assert set(server.tables) == set(server.locks) == set(server.sockets) == set(
            server.used)
        assert len(server.tables) == 2


def test_a_table_read_again_by_two_visitors_at_once_is_one_table(tmp_path: Path) -> None:
    with TestClient(app(data=tmp_path, processes=False,
                        limits=Limits(max_tables=1))) as client:
        first = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=1)
        make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=2)
        server = server_of(client)

        async def both() -> list[Any]:
            return list(await asyncio.gather(server.table(first["table"]),
                                             server.table(first["table"])))

        one, other = client.portal.call(both)  # type: ignore[attr-defined]
        assert one is other is live(client, first["table"])


def test_a_restarted_server_holds_the_tables_played_last_and_reads_the_others_when_used(
        tmp_path: Path) -> None:
    """Start-up reads (and writes) only the tables played last, up to ``max_tables``: the
    files of the others are left as they are, however many the folder keeps. A table read
    when its link is used has its journal folded in then, as start-up would have, a line cut
    off by a crash dropped, so that the actions appended after it read back."""
    rules = cc.RuleSet.preset("caliente-2p")
    old = saved_table(tmp_path, rules, 1, [])
    for _ in range(3):
        old.play(cc.legal_actions(old.state)[0])
        old.save(tmp_path)
    journal = old.journal(tmp_path)
    with journal.open("a") as f:
        f.write("disc")  # a crash in the middle of a write
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    for path in tmp_path.iterdir():
        os.utime(path, (1_000_000, 1_000_000))
    table = web_tables.Table("newer", old.seats, old.spectator, old.record)
    table.save(tmp_path)
    with TestClient(app(data=tmp_path, processes=False,
                        limits=Limits(max_tables=1))) as client:
        assert set(live_tables(client)) == {"newer"}
        assert {name: (tmp_path / name).read_bytes() for name in before} == before
        assert all((tmp_path / name).stat().st_mtime == 1_000_000 for name in before)
        assert client.get(old.links()["spectator"]).status_code == 200
        assert set(live_tables(client)) == {old.id}
        resumed = live(client, old.id)
        assert resumed.record == old.record and resumed.generation == 1
        assert not journal.exists()
        seat = resumed.state.current_player
        assert seat is not None
        with greeted(client, old.links()["seats"][seat]) as (ws,):
            ws.send_json({"type": "act", "action": str(cc.legal_actions(resumed.state)[0]),
                          "turn": resumed.turn})
            until(client, lambda: len(resumed.record.actions) == 4)
    assert load_tables(tmp_path)[old.id].record == resumed.record


def test_a_damaged_table_read_when_used_is_a_503_naming_its_file_in_the_log(
        caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    """A table out of memory whose file is not a saved table (damaged while the server was
    stopped) does not stop the server, which reads it only when its link is used: then the
    page and the socket are answered 503, with a reference and nothing of the error; the log
    names the file; the other tables play on."""
    rules = cc.RuleSet.preset("caliente-2p")
    old = saved_table(tmp_path, rules, 1, [])
    (tmp_path / f"{old.id}.json").write_text('{"id": "prepared", "record": 3}')
    for path in tmp_path.iterdir():
        os.utime(path, (1_000_000, 1_000_000))
    web_tables.Table("newer", old.seats, old.spectator, old.record).save(tmp_path)
    with TestClient(app(data=tmp_path, processes=False,
                        limits=Limits(max_tables=1))) as client:
        response = client.get(old.links()["seats"][0])
        assert response.status_code == 503 and response.headers["Retry-After"] == "30"
        ((where, reason),) = response.json()["problems"]
        assert where == "(server)" and "reference" in reason and "prepared" not in reason
        with pytest.raises(WebSocketDenialResponse) as denied, \
                client.websocket_connect(ws_path(old.links()["seats"][0])):
            pass  # pragma: no cover - the socket is refused
        assert denied.value.status_code == 503 and "reference" in denied.value.text
        logged = tracebacks(caplog)
        assert len(logged) == 2
        assert all(f"{old.id}.json: not a saved table" in str(r.exc_info[1]) for r in logged
                   if r.exc_info)
        assert client.get(web_tables.Table("newer", old.seats, old.spectator,
                                           old.record).links()["spectator"]).status_code == 200


def test_without_a_data_folder_a_game_in_play_is_kept_and_a_new_table_refused(
        tmp_path: Path) -> None:
    """Without a data folder, a game in play is never dropped before it has been left alone
    for ``idle_seconds``: a table past the limit is refused with 503, naming the limit.
    Left alone long enough (here at once), it is dropped, and its links are gone."""
    with TestClient(app(processes=False, limits=Limits(max_tables=1))) as client:
        first = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        refused = client.post("/api/tables", json={"rules": TWO_PLAYERS, "seats": TWO_PEOPLE})
        assert refused.status_code == 503 and refused.headers["retry-after"]
        assert refused.json()["limit"] == "max_tables"
        assert "max_tables" in refused.json()["problems"][0][1]
        assert client.get(first["spectator"]).status_code == 200
    with TestClient(app(processes=False, limits=Limits(max_tables=1, idle_seconds=0))) as client:
        first = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        second = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        assert set(live_tables(client)) == {second["table"]}
        assert client.get(first["spectator"]).status_code == 403


def test_without_a_data_folder_a_finished_game_may_go(tmp_path: Path) -> None:
    rules = cc.RuleSet.preset("caliente-2p").replace(target_score=100)
    over = saved_table(tmp_path, rules, 5, played(rules, 5, lambda s: s.is_game_over))
    with TestClient(app(processes=False, limits=Limits(max_tables=1))) as client:
        server_of(client).add(over)
        make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        assert over.id not in live_tables(client)


def refused_socket(client: TestClient, link: str) -> tuple[dict[str, Any], int]:
    """The error a socket refused for a limit is sent, and the code it is closed with."""
    with client.websocket_connect(ws_path(link)) as ws:
        ws.send_json({"type": "hello", "since": 0})  # a socket let in would get an update
        error = ws.receive_json()
        assert error["type"] == "error", error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code


def test_sockets_past_a_tables_or_the_servers_limit_are_told_and_closed() -> None:
    """A table's limit counts the sockets of each of its links apart, each seat's and the
    spectators': a web trial opened 32 spectators' sockets and the players could not join
    their own table, and a club's trial opened 32 on one player's link and locked the
    partners out."""
    with TestClient(app(processes=False, limits=Limits(max_sockets=5, max_table_sockets=2))
                    ) as client:
        server = server_of(client)
        one = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        two = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
        with contextlib.ExitStack() as stack:
            for link in (one["spectator"], one["spectator"], one["seats"][0], one["seats"][0]):
                stack.enter_context(client.websocket_connect(ws_path(link)))  # all let in
            for link, whose in ((one["seats"][0], "this seat's link"),
                                (one["spectator"], "its spectators' link")):
                error, code = refused_socket(client, link)
                assert error["code"] == "limit" and error["limit"] == "max_table_sockets"
                assert code == 1013 and f"2 sockets open through {whose}, its limit " \
                    "(max_table_sockets)" in error["reason"], error
            # (the other seat's link has room of its own)
            ws = stack.enter_context(client.websocket_connect(ws_path(one["seats"][1])))
            error, code = refused_socket(client, two["seats"][1])
            assert error["limit"] == "max_sockets" and code == 1013
            ws.send_json({"type": "hello", "since": 0})
            assert next_update(ws)["turn"] == 0  # the sockets let in are served
        until(client, lambda: server.open_sockets == 0)
        with client.websocket_connect(ws_path(one["seats"][1])) as ws:
            ws.send_json({"type": "hello", "since": 0})
            assert next_update(ws)["turn"] == 0


def test_a_hint_past_the_limit_is_refused_until_one_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started, go = held_searches(monkeypatch)
    with TestClient(app(hint_seconds=0.05, processes=False,
                        limits=Limits(max_hints=1))) as client:
        links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
        try:
            with greeted(client, links["seats"][0], links["seats"][0]) as (asking, other):
                asking.send_json({"type": "hint"})
                assert started.wait(BACKSTOP)
                other.send_json({"type": "hint"})
                error = other.receive_json()
                assert error["code"] == "limit" and error["limit"] == "max_hints"
                go.set()
                assert asking.receive_json()["type"] == "hint"
                other.send_json({"type": "hint"})
                assert other.receive_json()["type"] == "hint"
        finally:
            go.set()


def post_chunks(application: Any, declared: int | None) -> tuple[list[dict[str, Any]], int]:
    """``POST /api/tables`` as an ASGI server sends it, a body of 100 MB in chunks of 16 kB
    (its length declared or not): what the application sends back, and how many chunks it
    asked for."""
    asked = [0]

    async def receive() -> dict[str, Any]:
        asked[0] += 1
        return {"type": "http.request", "body": b" " * 16384, "more_body": asked[0] < 6400}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"content-type", b"application/json")]
    if declared is not None:
        headers.append((b"content-length", str(declared).encode()))
    asyncio.run(application({
        "type": "http", "method": "POST", "path": "/api/tables", "raw_path": b"/api/tables",
        "headers": headers, "query_string": b"", "http_version": "1.1", "scheme": "http",
        "server": ("testserver", 80), "client": ("client", 1), "root_path": ""},
        receive, send))
    return sent, asked[0]


def test_a_body_past_the_limit_is_not_read_past_it() -> None:
    """The server stops reading a request's body at :data:`BODY_LIMIT` (it read it whole
    before), and does not start on one whose declared length is larger: 413, naming the
    limit."""
    application = app(processes=False)
    for declared, most in ((None, BODY_LIMIT // 16384 + 1), (6400 * 16384, 0)):
        sent, asked = post_chunks(application, declared)
        assert sent[0]["status"] == 413
        assert json.loads(sent[1]["body"])["limit"] == "body_limit"
        assert asked <= most, declared


def test_limits_are_checked() -> None:
    with pytest.raises(TypeError, match="limits"):
        app(limits={"max_tables": 1})  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="max_sockets: a whole number at least 1"):
        Limits(max_sockets=2.5)  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="idle_seconds"):
        Limits(idle_seconds=-1)
    for wrong in ("5", True, None):
        with pytest.raises(TypeError, match="max_tables must be a number"):
            Limits(max_tables=wrong)  # type: ignore[arg-type]
    assert Limits(max_tables=np.int64(3)).max_tables == 3


def test_a_message_past_the_limit_is_refused_naming_it(data_client: TestClient) -> None:
    links = make_table(data_client, seats=TWO_PEOPLE, rules=TWO_PLAYERS)
    with data_client.websocket_connect(ws_path(links["seats"][0])) as ws:
        ws.send_text(" " * (MESSAGE_LIMIT + 1))
        error = ws.receive_json()
        assert error["code"] == "malformed" and error["limit"] == "message_limit"
        ws.send_json({"type": "hello", "since": 0})
        assert next_update(ws)["turn"] == 0

