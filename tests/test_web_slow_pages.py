"""The web table against clients that hold on to what they are given: a page that stops
reading its socket, a flood of rule checks, tables dropped from memory while a link of theirs
is being read, and requests the server does not read (query strings, sockets to no table).
What a web server trial reproduced, each held here: one spectator's page that never read froze
its table for every other page; forty rule checks held up a take-back elsewhere for a minute;
a socket to a table dropped meanwhile was answered 500.

The slow page needs a real server (uvicorn, on a port of its own: the test client has no
network to fill), run in a thread of this process; every wait is for a condition, bounded by
:data:`BACKSTOP` only to fail."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import json
import multiprocessing
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra: pip install canasta-caliente[web]")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the dev extra)")

import uvicorn
from starlette.testclient import TestClient, WebSocketDenialResponse
from websockets.sync.client import connect

from canasta_caliente.web import app
from canasta_caliente.web.limits import Limits
from canasta_caliente.web.tables import Refused
from test_web import make_table, ws_path
from test_web_concurrency import BACKSTOP, TWO_PEOPLE, TWO_PLAYERS, held_calls, server_of


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Wait until ``condition`` holds (checked every few milliseconds), or fail after
    :data:`BACKSTOP` saying ``what`` never happened."""
    deadline = time.monotonic() + BACKSTOP
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        time.sleep(0.005)


@contextlib.contextmanager
def served(application: Any) -> Iterator[str]:
    """``application`` served by uvicorn in a thread, on a port the system chose: its
    ``host:port``."""
    sock = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning",
                                           timeout_graceful_shutdown=5))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, "the server started")
        yield f"127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(BACKSTOP)
        sock.close()


def frame(text: str) -> bytes:
    """A client's WebSocket text frame (masked, as a client's must be), of under 126 bytes."""
    data, mask = text.encode(), os.urandom(4)
    assert len(data) < 126
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(
        b ^ mask[i % 4] for i, b in enumerate(data))


class NeverReads:
    """A client of a table's socket that asks for the table again and again and never reads
    a byte of what it is sent (its receive buffer as small as the system allows)."""

    def __init__(self, address: str, path: str) -> None:
        host, port = address.split(":")
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        self.sock.connect((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:  # the handshake's answer: the last bytes it reads
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.sock.setblocking(False)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.flood, daemon=True)
        self.thread.start()

    def flood(self) -> None:
        hello = frame(json.dumps({"type": "hello", "since": 0}))
        while not self.stop.is_set():
            try:
                self.sock.send(hello)
            except BlockingIOError:  # the server has stopped reading: wait, and try again
                select.select([], [self.sock], [], 0.05)
            except OSError:  # closed
                return

    def close(self) -> None:
        self.stop.set()
        self.thread.join(BACKSTOP)
        self.sock.close()


def queued_to(server_port: int, client_port: int) -> int:
    """The bytes the system holds to send on the server's side of a local connection (its
    ``tx_queue`` in ``/proc/net/tcp``), 0 if it is not there."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1].split(":")[1], fields[2].split(":")[1]
        if (int(local, 16), int(remote, 16)) == (server_port, client_port):
            return int(fields[4].split(":")[0], 16)
    return 0


def update(ws: Any) -> dict[str, Any]:
    """The next update on a websockets client (anything else skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=BACKSTOP))
        if message["type"] == "update":
            return message


def test_a_page_that_never_reads_holds_up_no_other_page_and_is_closed() -> None:
    """A spectator's page that asks for the table again and again and never reads froze the
    table: its updates were sent to the pages one after another, each waited for, and the
    other seats got nothing more. Now each page has its own sender: the page that never reads
    is closed once a send to it waits ``send_seconds``, and the players play on."""
    application = app(processes=False, limits=Limits(send_seconds=1.0))
    server = server_of(TestClient(application))  # (its routes read: no request made)
    with served(application) as address:
        request = urllib.request.Request(
            f"http://{address}/api/tables", method="POST",
            headers={"Content-Type": "application/json"}, data=json.dumps({
                "rules": TWO_PLAYERS, "seats": TWO_PEOPLE, "seed": 7}).encode())
        with urllib.request.urlopen(request, timeout=BACKSTOP) as answer:
            links = json.load(answer)
        table = links["table"]
        with connect(f"ws://{address}{ws_path(links['seats'][0])}") as ann, \
                connect(f"ws://{address}{ws_path(links['seats'][1])}") as bea:
            for ws in (ann, bea):
                ws.send(json.dumps({"type": "hello", "since": 0}))
                assert update(ws)["turn"] == 0
            hostile = NeverReads(address, ws_path(links["spectator"]))
            try:
                wait_for(lambda: len(server.sockets[table]) == 3, "the hostile page let in")
                # It is closed by the server, once a send to it has waited a second: it
                # never reads, so its sends stall however loaded the machine is.
                wait_for(lambda: len(server.sockets[table]) == 2,
                         "the page that never reads closed")
                ann.send(json.dumps({"type": "act", "action": "draw", "turn": 0}))
                assert update(ann)["turn"] == 1
                assert update(bea)["turn"] == 1  # the table plays on for every page
                # Its connection counts against max_sockets until it ends: an application
                # cannot cut it, and a page that never reads must not hold more than its share.
                assert server.open_sockets == 3
            finally:
                hostile.close()
            wait_for(lambda: server.open_sockets == 2, "the stalled connection let go")


@contextlib.contextmanager
def serving(data: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``serve`` in a process group of its own (as a terminal's job is), on a port the system
    chose: the process and its ``host:port``; killed at the end if it is still running."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent / "src"))
    process = subprocess.Popen(
        [sys.executable, "-m", "canasta_caliente", "serve", "--port", "0", "--data",
         str(data), *options], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    try:
        assert process.stdout is not None
        address = re.search(r"http://([\d.]+:\d+)/", process.stdout.readline())
        assert address, "no address said"
        yield process, address[1]
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def table_of(address: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A new two-player table's links, made through the server's API."""
    request = urllib.request.Request(
        f"http://{address}/api/tables", method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"rules": TWO_PLAYERS, "seats": seats, "seed": 7}).encode())
    with urllib.request.urlopen(request, timeout=BACKSTOP) as answer:
        links: dict[str, Any] = json.load(answer)
    return links


ANN_AND_A_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-1"}]


@pytest.mark.slow  # (a serve process's stop waits out its 5 s for the connections)
@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc/net/tcp (Linux)")
@pytest.mark.parametrize("send_seconds", ["1", "30"])
def test_a_server_stops_though_a_page_never_reads(send_seconds: str, tmp_path: Path) -> None:
    """`serve` stopped with Ctrl-C waited for every connection to end, and a page that never
    reads never lets its connection end: the server hung (a second Ctrl-C killed it, its
    tables not saved whole). It stops waiting after a few seconds, and saves its tables,
    quietly: a page still waiting for its send (not yet stalled, at 30 s) was cancelled with
    a traceback of uvicorn's, "Exception in ASGI application"."""
    with serving(tmp_path, "--send-seconds", send_seconds) as (process, address):
        links = table_of(address, ANN_AND_A_BOT)
        with connect(f"ws://{address}{ws_path(links['seats'][0])}") as ann:
            ann.send(json.dumps({"type": "hello", "since": 0}))
            ann.send(json.dumps({"type": "act", "action": "draw", "turn": 0}))
            assert update(ann)["turn"] == 0 and update(ann)["turn"] == 1
        hostile = NeverReads(address, ws_path(links["spectator"]))
        try:
            # Stopped once the system's queue to the page is full (what the server sends it
            # then waits in the server: what made the stop wait for good), by /proc/net/tcp.
            queue = functools.partial(queued_to, int(address.split(":")[1]),
                                      hostile.sock.getsockname()[1])
            seen = [-1] * 5
            wait_for(lambda: seen.append(queue()) or seen.pop(0) == seen[-1] > 0,
                     "the system's queue to the page that never reads full")
            process.send_signal(signal.SIGINT)
            assert process.wait(BACKSTOP) == 130
        finally:
            hostile.close()
        _, err = process.communicate()
    assert "Traceback" not in err and "Exception in ASGI" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{links['table']}.json"]  # whole


def tcp_state(server_port: int, client_port: int) -> int | None:
    """The state of the server's side of a local connection in ``/proc/net/tcp`` (1:
    established), ``None`` once it is gone."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1].split(":")[1], fields[2].split(":")[1]
        if (int(local, 16), int(remote, 16)) == (server_port, client_port):
            return int(fields[3], 16)
    return None


@pytest.mark.slow  # (waits for the system to cut the connection: 2 s at the least)
@pytest.mark.skipif(not hasattr(socket, "TCP_USER_TIMEOUT") or not Path("/proc/net/tcp").exists(),
                    reason="the system cuts connections with TCP_USER_TIMEOUT (Linux)")
def test_the_connection_of_a_page_that_never_reads_is_cut(tmp_path: Path) -> None:
    """A page that never reads was sent nothing more after --send-seconds, but its connection
    was held for good (uvicorn's close waits for the client to read): one that then sent a
    close frame was no longer counted, and a client repeating it held descriptors without
    bound. The system now cuts a connection whose client takes nothing for twice
    --send-seconds."""
    with serving(tmp_path, "--send-seconds", "1") as (_, address):
        links = table_of(address, ANN_AND_A_BOT)
        hostile = NeverReads(address, ws_path(links["spectator"]))
        try:
            ends = (int(address.split(":")[1]), hostile.sock.getsockname()[1])
            assert tcp_state(*ends) == 1
            wait_for(lambda: tcp_state(*ends) is None, "the connection cut")
            with connect(f"ws://{address}{ws_path(links['seats'][0])}") as ann:
                ann.send(json.dumps({"type": "hello", "since": 0}))
                assert update(ann)["turn"] == 0  # the server serves on
        finally:
            hostile.close()


def hears_ctrl_c(pid: int) -> bool:
    """Whether a child process of ``pid`` would hear SIGINT now (it catches it and does not
    hold it): a bots' worker deciding, not one idle (it ignores SIGINT) nor one starting (it
    holds it, and a process's signals are caught by Python's default before its own code
    runs), read off ``/proc``."""
    sigint = 1 << (signal.SIGINT - 1)
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for child in children:
        with contextlib.suppress(OSError):  # (gone meanwhile)
            status = Path(f"/proc/{child}/status").read_text()
            masks = dict(re.findall(r"^(SigBlk|SigCgt):\s*([0-9a-f]+)$", status, re.MULTILINE))
            if int(masks.get("SigCgt", "0"), 16) & sigint and \
                    not int(masks.get("SigBlk", "0"), 16) & sigint:
                return True
    return False


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="holds signals (POSIX)")
def test_a_ctrl_c_reaching_a_bots_worker_as_it_starts_is_ignored() -> None:
    """A terminal's Ctrl-C reaching a bots' worker process still starting (before it set
    itself to ignore one) killed it ("Fatal Python error: init_import_site ...
    KeyboardInterrupt"), and its pool with it. A worker now starts with Ctrl-C held until it
    ignores it: the worker lives, does the work, and the pool is the same."""
    server = server_of(TestClient(app(workers=1)))
    pool = server.start_pool()
    before = {child.pid for child in multiprocessing.active_children()}

    async def work_given_a_ctrl_c() -> tuple[int, list[int]]:
        done = asyncio.ensure_future(server.run(functools.partial(pow, 2, 10)))
        await asyncio.sleep(0)  # (the work handed to the pool, which starts a worker for it)
        starting = [c.pid for c in multiprocessing.active_children()
                    if c.pid is not None and c.pid not in before]
        for pid in starting:
            os.kill(pid, signal.SIGINT)
        return await done, starting

    try:
        answer, starting = asyncio.run(work_given_a_ctrl_c())
        assert starting, "the pool started no worker for the work"
        assert answer == 1024
        assert server.pool is pool, "the worker died of the Ctrl-C: its pool was replaced"
    finally:
        server.pool.shutdown()


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="reads a process's children off /proc (Linux)")
def test_ctrl_c_while_a_bot_thinks_stops_the_server_quietly(tmp_path: Path) -> None:
    """A terminal's Ctrl-C goes to every process of the job, the bots' workers too: a worker
    thinking got a KeyboardInterrupt, which came back through the event loop as a dozen
    tracebacks. An idle worker ignores it; a deciding one ends its decision quietly, so the
    server stops at once, not after the bot's 30 s."""
    level_5 = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "level-5"}]
    with serving(tmp_path, "--bot-seconds", "30") as (process, address):
        links = table_of(address, level_5)
        with connect(f"ws://{address}{ws_path(links['seats'][0])}") as ann:
            ann.send(json.dumps({"type": "hello", "since": 0}))
            ann.send(json.dumps({"type": "act", "action": "draw", "turn": 0}))
            assert update(ann)["turn"] == 0
            discards = [a["notation"] for a in update(ann)["message"]["legal"]
                        if a["notation"].startswith("discard")]
            ann.send(json.dumps({"type": "hint"}))  # answered once a worker is up and searched
            while json.loads(ann.recv(timeout=BACKSTOP))["type"] != "hint":
                pass
            ann.send(json.dumps({"type": "act", "action": discards[0], "turn": 1}))
            assert update(ann)["turn"] == 2  # the bot's turn: it thinks for 30 s
            wait_for(lambda: hears_ctrl_c(process.pid), "a worker thinking")
            os.killpg(process.pid, signal.SIGINT)
            assert process.wait(BACKSTOP) == 130
        _, err = process.communicate()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_rule_checks_past_the_limit_are_refused_until_one_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty rule checks at once (each a playtest in a thread) held up the tables' saves and
    reads, which share the threads: a take-back waited a minute. Past ``max_checks`` a check
    is refused (503, ``max_checks``) until one is done."""
    started, go = held_calls(monkeypatch, "playtest")
    body = {"rules": {"preset": "caliente-2p"}}
    with TestClient(app(processes=False, limits=Limits(max_checks=1))) as client:
        results: list[Any] = []
        first = threading.Thread(target=lambda: results.append(client.post("/api/rules",
                                                                           json=body)))
        first.start()
        try:
            assert started.wait(BACKSTOP)
            refused = client.post("/api/rules", json=body)
            assert refused.status_code == 503 and refused.json()["limit"] == "max_checks"
            assert "1 rule checks are running, the server's limit (max_checks)" in refused.text
        finally:
            go.set()
            first.join(BACKSTOP)
        assert results[0].status_code == 200
        assert client.post("/api/rules", json=body).status_code == 200


def test_a_table_dropped_while_its_link_is_read_is_read_again(tmp_path: Path) -> None:
    """A table read again from the data folder could be dropped from memory (to make room for
    another's) before the request that read it went on: its socket then failed with a
    KeyError, a 500. The link's table is looked up again until it is the one in memory, and
    refused as a limit (503) if it never stays."""
    application = app(data=tmp_path, processes=False)
    server = server_of(TestClient(application))
    with TestClient(application) as client:
        links = make_table(client, seats=TWO_PEOPLE, rules=TWO_PLAYERS, seed=7)
    held = server.tables[links["table"]]
    server.drop(links["table"])  # out of memory: its link reads it from the data folder
    secret = links["seats"][0].rsplit("/", 1)[1]

    async def find(drops: int) -> Any:
        real = server.table
        calls = 0

        async def dropped_first(table_id: str) -> Any:
            nonlocal calls
            calls += 1
            table = await real(table_id)
            if calls <= drops:  # read, then dropped by another request before this one goes on
                server.drop(table_id)
            return table

        server.table = dropped_first
        try:
            return await server.find(links["table"], secret)
        finally:
            del server.table

    found = asyncio.run(find(2))
    assert found is not None and server.tables[links["table"]] is found[0]
    assert found[0] is not held and found[0].record == held.record  # read again
    with pytest.raises(Refused, match="max_tables"):
        asyncio.run(find(3))


def test_the_api_reads_no_query_string_and_says_so() -> None:
    """`POST /api/tables?seed=3` made a table with another seed, and said nothing: the API
    reads its requests' fields from their body only, and refuses what it would not read."""
    with TestClient(app(processes=False)) as client:
        for response in (client.get("/api/setup?x=1"),
                         client.post("/api/tables?seed=3", json={"rules": {"preset": "caliente"},
                                                                 "seats": TWO_PEOPLE})):
            assert response.status_code == 400
            assert response.json()["problems"] == [[
                "(query)", "the API reads no query string (a request's fields go in its JSON "
                f"body): {response.request.url.query.decode()!r} is refused, not ignored"]]


@pytest.mark.parametrize("path", ["/ws/", "/ws/abc", "/ws/abc/def/ghi", "/", "/api/setup",
                                  "/t/abc/def", "/static/table.js"])
def test_a_socket_to_no_tables_address_is_told_what_is(path: str) -> None:
    """A socket to a path that is no table's got an empty 403: a line of plain text says what
    a table's socket is (404)."""
    with TestClient(app(processes=False)) as client, \
            pytest.raises(WebSocketDenialResponse) as denied:
        client.websocket_connect(path).__enter__()
    assert denied.value.status_code == 404
    assert denied.value.text == ("not found: a table's socket is /ws/<table>/<secret>, of a "
                                 "link of the table")
