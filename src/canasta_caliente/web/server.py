"""The ASGI application: the organiser's page, the table pages, and one WebSocket per open page.

Routes:

- ``GET /``: the organiser's page (``static/index.html``); ``GET /static/...``: the client;
- ``GET /api/setup``: what the organiser's page offers: ``presets`` (their names),
  ``options`` (each option's ``name`` and ``help``), ``levels`` (the bots'), and the rules it
  offers first (``app``'s ``rules``, ``serve --rules``), as ``default`` (every option's value)
  and ``default_rules`` (``{"preset": name, "options": {...}}``, the preset closest to them and
  the options that differ: :func:`~canasta_caliente.web.protocol.write_rules`), which the
  requests below read as ``rules``;
- ``POST /api/rules``: check the rules (``{"rules": ...}``): the number of ``players``, the
  seats of each side (``sides``), the rules in a line (``summary``: :meth:`RuleSet.describe
  <canasta_caliente.RuleSet.describe>`) and the ``cautions`` of a short playtest (one game's
  :func:`~canasta_caliente.playtest`), or 400 with every problem, as ``rules validate`` says;
- ``POST /api/tables``: make a table (``{"rules": ..., "seats": [...], "seed": optional}``),
  answered with one secret link per person and a spectator link, or 400 with every problem (a
  field not read, there, in the rules or a seat, is one: :mod:`~canasta_caliente.web.protocol`);
- ``GET /t/{table}/{secret}``: a seat's (or the spectators') page; any other secret gets 403;
- ``WS /ws/{table}/{secret}``: the seat's updates (:meth:`Table.update
  <canasta_caliente.web.tables.Table.update>`: its client message as the game layer makes it,
  the table's own fields beside it) and its requests (see
  :data:`~canasta_caliente.web.protocol.REQUESTS`).

Every refusal says why: a request of the API (``/api/...``) gets a JSON body ``{"problems":
[[field, reason], ...]}`` (with ``"limit"`` naming the limit reached, for a ``413`` or a
``503``; a path or a method the API does not have too: see
:func:`~canasta_caliente.web.protocol.routing_refusal`), a socket's request an ``error``
message (:class:`~canasta_caliente.web.tables.Refused`); a page's link that is not a table's
gets ``403`` and any other unknown path ``404``, each one line of plain text. An error of the
server's own while it handles a request (a disk that cannot be written, a bug) is logged once,
with its traceback, on the logger ``canasta_caliente.web`` under a short reference; the client
is told that reference and nothing else (``503`` with ``Retry-After`` for the storage's
error, ``500`` for a bug, with a JSON body; or an ``error`` message of code ``"server-error"``
followed by the table as it is), and the socket stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import BrokenExecutor, Executor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .._arguments import check_count, check_flag, read_real
from ..engine import legal_actions
from ..errors import ArgumentError, CanastaTypeError, describe_value
from ..players.levels import LEVEL_NAMES as LEVELS
from ..players.search import analyse
from ..rules.given import ruleset_or_preset
from ..rules.ruleset import RuleSet
from ..studies.playtest import playtest
from ..studies.pool import sigint_held
from ..views.view import observe
from .answers import PAGE_HEADERS, json_errors, read_again, server_error
from .board import OPTION_HELP
from .limits import BODY_LIMIT, MESSAGE_LIMIT, Limits
from .protocol import (
    CHECK_FIELDS,
    REQUESTS,
    TABLE_FIELDS,
    check_seats,
    failed,
    hint_message,
    parse_request,
    problems,
    routing_refusal,
    rules_asked,
    write_rules,
)
from .sockets import Page, Stalled, deliver, read_end, send_within
from .tables import Refused, Table, is_link_part, saved_tables
from .workers import Interrupted, decide, start_workers

__all__ = ["BODY_LIMIT", "LOG", "MESSAGE_LIMIT", "REQUESTS", "RETRY_SECONDS", "app"]

STATIC = Path(__file__).resolve().parent / "static"

LOG = logging.getLogger("canasta_caliente.web")
"""The server's log: each error of its own (never a client's refused request), once, with its
traceback and the reference its client was told."""

RETRY_SECONDS = 1.0
"""How long a table's bots wait before trying again after a move that failed (its save, say);
the wait doubles with each failure in a row, up to a minute."""

FORBIDDEN = "forbidden: this link is not one of this table's"

class _Server:
    """The tables of one application, their open sockets and the bots' worker threads."""

    def __init__(self, rules: RuleSet, data: Path | None, bot_seconds: float,
                 hint_seconds: float, workers: int, processes: bool, limits: Limits) -> None:
        self.rules = rules
        self.limits = limits
        self.data = data
        self.bot_seconds = bot_seconds
        self.hint_seconds = hint_seconds
        self.workers = workers
        self.processes = processes
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, dict[WebSocket, Page]] = {}
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.used: dict[str, float] = {}
        """When each table in memory was last used (a page or a socket of it), to drop the
        least recently used first."""
        self.loading: dict[str, asyncio.Task[Table | None]] = {}
        """The tables being read again from the data folder."""
        self.making = 0
        """Tables being made, each with its room in memory kept (see :meth:`make_room`)."""
        self.open_sockets = 0
        self.hints = 0
        """Hints searching or waiting for a worker."""
        self.checks = 0
        """Rule checks running (their playtests)."""
        self.pool: Executor | None = None
        if data is not None:
            try:
                data.mkdir(mode=0o700, parents=True, exist_ok=True)  # its owner's only
            except FileExistsError:
                raise ArgumentError(f"data: {data}: a file, not a folder") from None
            except OSError as exc:
                raise ArgumentError(f"data: {data}: cannot make the folder: "
                                    f"{exc.strerror or exc}") from None
            # The most recently played first, as many as memory holds: the others are read
            # when a link of theirs is used (see table()), so that start-up reads and writes
            # a bounded number of files however many games the folder has kept (a finished
            # game of 660 actions takes about 90 ms to read back).
            for table in itertools.islice(saved_tables(data), limits.max_tables):
                table.save(data, whole=True)  # its journal, a cut-off line and all, folded in
                self.add(table)

    # -- life ------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.start_pool()
        warmed: set[RuleSet] = set()
        for table in list(self.tables.values()):  # the resumed tables' bots play on
            if table.record.rules not in warmed:  # see create()
                warmed.add(table.record.rules)
                table.update(None, 0)
            self.drive(table)
        try:
            yield
        finally:
            for task in list(self.driving.values()):
                task.cancel()
            if self.pool is not None:  # the pool now (a broken one is replaced: see run)
                self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
            if self.data is not None:  # each table's file whole again, without its journal
                for table in list(self.tables.values()):
                    async with self.locks[table.id]:
                        await asyncio.to_thread(table.save, self.data, whole=True)

    def add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        self.sockets[table.id] = {}
        self.used[table.id] = time.monotonic()

    def drop(self, table_id: str) -> None:
        """Forget a table (see :meth:`make_room`)."""
        for held in (self.tables, self.locks, self.sockets, self.driving, self.used):
            held.pop(table_id, None)

    def may_drop(self, table_id: str) -> bool:
        """Whether the table may be dropped from memory: no socket open, no bot thinking,
        nothing being saved, its last save done; and saved (a data folder), or its game over,
        or left alone for :attr:`Limits.idle_seconds`."""
        table, task = self.tables[table_id], self.driving.get(table_id)
        if (self.sockets[table_id] or self.locks[table_id].locked() or table.save_failed
                or (task is not None and not task.done())):
            return False
        return (self.data is not None or table.state.is_game_over
                or time.monotonic() - self.used[table_id] >= self.limits.idle_seconds)

    def make_room(self) -> None:
        """Room in memory for one more table: while the tables held, read or being made are
        :attr:`Limits.max_tables`, drop the least recently used that :meth:`may_drop`; raises
        :class:`Refused` (``"limit"``) when none may go."""
        limit = self.limits.max_tables
        while len(self.tables) + len(self.loading) + self.making >= limit:
            droppable = [t for t in self.tables if self.may_drop(t)]
            if not droppable:
                raise Refused("limit", f"the server holds {limit} tables, its limit "
                              "(max_tables), each in play: try again later", limit="max_tables")
            self.drop(min(droppable, key=self.used.__getitem__))

    async def table(self, table_id: str) -> Table | None:
        """The table ``table_id`` (``None``: no such table): in memory, or read again from the
        data folder, where a table dropped from memory is (see :meth:`make_room`). An id that
        is no table's form (:func:`~canasta_caliente.web.tables.is_link_part`) names none."""
        table = self.tables.get(table_id)
        if table is not None or self.data is None or not is_link_part(table_id):
            return table
        task = self.loading.get(table_id)
        if task is None:
            self.make_room()  # a full server reads no file
            task = asyncio.get_running_loop().create_task(self.load(self.data, table_id))
            self.loading[table_id] = task
        return await asyncio.shield(task)  # a visitor gone does not stop another's

    async def load(self, data: Path, table_id: str) -> Table | None:
        try:
            table = await asyncio.to_thread(read_again, data, table_id)
            if table is not None:
                self.add(table)
            return table
        finally:
            del self.loading[table_id]

    async def find(self, table_id: str, secret: str) -> tuple[Table, int | None] | None:
        """The table and the seat a link names (``None``: not a link of a table); raises
        :class:`Refused` when the table must be read again and there is no room for it."""
        for _ in range(3):
            table = await self.table(table_id)
            if table is None:
                return None
            # (read again from disk, it may have been dropped meanwhile: then read once more)
            if self.tables.get(table.id) is table:
                break
        else:
            raise Refused("limit", f"the server holds {self.limits.max_tables} tables, its "
                          "limit (max_tables), each in use: try again later", limit="max_tables")
        try:
            seat = table.audience(secret)
        except PermissionError:
            return None
        self.used[table.id] = time.monotonic()
        self.drive(table)  # a resumed table whose bots have not started yet (mounted apps)
        return table, seat

    def failed(self, what: str) -> str:
        """Log the exception being handled, with its traceback, once; the reference the
        client is told."""
        reference = secrets.token_hex(4)
        LOG.exception("%s failed (reference %s)", what, reference)
        return reference

    # -- pages -----------------------------------------------------------------------------

    async def index(self, _request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    async def setup(self, _request: Request) -> Response:
        return JSONResponse({
            "presets": list(RuleSet.preset_names()),
            "default": self.rules.to_dict(),
            "default_rules": write_rules(self.rules),
            "options": [{"name": name, "help": words} for name, words in OPTION_HELP.items()],
            "levels": list(LEVELS)})

    async def check_rules(self, request: Request) -> Response:
        asked = await rules_asked(request, CHECK_FIELDS)
        if isinstance(asked, Response):
            return asked
        rules = asked[1]
        # A short playtest (one game: a few hundredths of a second, half a second for rules
        # whose game never ends), in a thread, so the other tables' replies go on meanwhile.
        if self.checks >= self.limits.max_checks:
            raise Refused("limit", f"{self.checks} rule checks are running, the server's limit "
                          "(max_checks): check again in a moment", limit="max_checks")
        self.checks += 1
        try:
            test = await asyncio.to_thread(playtest, rules, games=1)
        finally:
            self.checks -= 1
        return JSONResponse({"players": rules.players, "rules": rules.to_dict(),
                             "sides": [list(side) for side in rules.layout],
                             "summary": rules.describe(), "cautions": list(test.cautions)})

    async def create(self, request: Request) -> Response:
        asked = await rules_asked(request, TABLE_FIELDS)
        if isinstance(asked, Response):
            return asked
        data, rules = asked
        try:
            seats = check_seats(rules.players, data.get("seats"))
        except Refused as exc:
            return problems([("seats", exc.reason)])
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not 0 <= seed < 2**63):
            return problems([("seed", "a whole number from 0 below 2**63, or none")])
        self.make_room()
        self.making += 1  # its room kept while it is dealt and saved
        try:
            table = Table.create(rules, seats, seed=seed)
            # The first message under new rules builds their action ids (a tenth of a second
            # or more): in a thread, so the other tables' replies go on meanwhile.
            await asyncio.to_thread(table.update, None, 0)
            await self.save(table)
        finally:
            self.making -= 1
        self.add(table)
        self.drive(table)
        return JSONResponse(table.links(), status_code=201,  # every secret: kept by no cache
                            headers={"Cache-Control": "no-store"})

    async def page(self, request: Request) -> Response:
        if await self.find(request.path_params["table"], request.path_params["secret"]) is None:
            return PlainTextResponse(FORBIDDEN, status_code=403)
        return FileResponse(STATIC / "table.html", headers=PAGE_HEADERS)

    async def forbidden(self, _request: Request) -> Response:
        return PlainTextResponse(FORBIDDEN, status_code=403)

    async def no_socket(self, ws: WebSocket) -> None:
        """A socket to a path that is no table's: refused with a line saying what is."""
        await ws.send_denial_response(PlainTextResponse(
            "not found: a table's socket is /ws/<table>/<secret>, of a link of the table",
            status_code=404))

    # -- sockets ---------------------------------------------------------------------------

    async def socket(self, ws: WebSocket) -> None:
        try:
            found = await self.find(ws.path_params["table"], ws.path_params["secret"])
        except Refused as exc:
            await self.refuse(ws, exc)
            return
        except Exception as exc:
            reference = self.failed("a socket's table")
            await ws.send_denial_response(server_error(failed(reference), exc))
            return
        if found is None:
            await ws.send_denial_response(PlainTextResponse(FORBIDDEN, status_code=403))
            return
        table, seat = found
        sockets, limits = self.sockets[table.id], self.limits
        if self.open_sockets >= limits.max_sockets:
            await self.refuse(ws, Refused("limit", f"the server has {limits.max_sockets} "
                                          "sockets open, its limit (max_sockets): try again "
                                          "later", limit="max_sockets"))
            return
        # (each link's sockets counted apart, the spectators' and each seat's: a room of
        # spectators never locks the players out of their own table, nor one player's tabs
        # their partners)
        alike = sum(page.seat == seat for page in sockets.values())
        if alike >= limits.max_table_sockets:
            whose = "its spectators' link" if seat is None else "this seat's link"
            await self.refuse(ws, Refused("limit", f"this table has {alike} sockets open "
                                          f"through {whose}, its limit (max_table_sockets): "
                                          "close a page of it, or try again later",
                                          limit="max_table_sockets"))
            return
        page = Page(seat)
        # Counted before the first wait: a table with a socket is never dropped from memory.
        sockets[ws] = page
        self.open_sockets += 1
        try:
            await ws.accept()
            # The page's requests are read, and its updates sent (see .sockets), each by a task
            # of its own: the socket ends when either does.
            tasks = (asyncio.create_task(self.read(ws, table, page)),
                     asyncio.create_task(deliver(page, functools.partial(
                         self.send, ws, table, page, news=True), limits.send_seconds)))
            try:
                done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                # (not waited for, the handler perhaps being cancelled: its end read anyway)
                for task in tasks:
                    task.cancel()
                    task.add_done_callback(read_end)
            for task in done:
                task.result()
        except Stalled:
            # A page that does not take what it is sent: sent nothing more, and counted until
            # its connection ends (an application cannot cut it: see .sockets).
            sockets.pop(ws, None)
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                while (await ws.receive())["type"] != "websocket.disconnect":
                    pass  # (what it sends now is not read)
        except (WebSocketDisconnect, RuntimeError):
            pass  # a socket closed while a reply was on its way
        except asyncio.CancelledError:
            pass  # the server stopping, past its wait for the sockets: the page ends quietly
        except Exception:
            self.failed(f"table {table.id}: a page's update")  # (the page connects again)
        finally:
            sockets.pop(ws, None)
            self.open_sockets -= 1
            if self.tables.get(table.id) is table:  # (a stalled page outlives its table)
                self.used[table.id] = time.monotonic()

    async def read(self, ws: WebSocket, table: Table, page: Page) -> None:
        """Answer the socket's requests, one at a time, until it closes."""
        while True:
            received = await ws.receive()
            if received["type"] == "websocket.disconnect":
                return
            # A binary frame has no text: refused as a malformed message.
            await self.request(ws, table, page, received.get("text"))
            # The loop runs: a connection lost with messages queued is seen only then (each
            # was answered into it, a line of asyncio's log each: "socket.send() raised").
            await asyncio.sleep(0)

    async def refuse(self, ws: WebSocket, refused: Refused) -> None:
        """Refuse a socket when a limit is reached: accepted, told why in an ``error``
        message (a page can show it, where a refused handshake shows nothing), and closed
        with code 1013, "try again later"."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, Stalled):
            await ws.accept()
            await send_within(ws.send_json(refused.to_message()), self.limits.send_seconds)
            await ws.close(1013)

    async def request(self, ws: WebSocket, table: Table, page: Page, text: str | None) -> None:
        """Answer one socket message: a refusal, an error of the server's own (logged, told
        the client as ``server-error`` with the table as it is), or what it asked for. A reply
        the page does not take within ``send_seconds`` raises :class:`Stalled`."""
        seat, seconds = page.seat, self.limits.send_seconds
        try:
            kind, fields = parse_request(text)
            if kind == "hello":
                since = fields.get("since", 0)
                if not isinstance(since, int) or isinstance(since, bool):
                    raise Refused("malformed", "since: expected a count of events, an int")
                if since < 0:
                    raise Refused("malformed", "since: a count of events, from 0, not a "
                                  "negative number")
                mark = fields.get("log")
                if mark is not None and not isinstance(mark, str):
                    raise Refused("malformed", "log: expected the log of the last message the "
                                  "page had, a string")
                page.seen[:] = table.match.resume(since, mark), table.match.log_mark()
                await send_within(self.send(ws, table, page), seconds)
                return
            if seat is None:  # (no turn is ever a spectator's: not allowed, not "not yet")
                raise Refused("not-allowed", "the spectators' link watches the table: " + {
                    "act": "it cannot act", "undo": "it cannot take an action back"}.get(
                        kind, "a hint is for the seat to act"))
            if kind == "hint":
                await send_within(ws.send_json(await self.hint(table, seat)), seconds)
                return
            acting = seat

            def how() -> None:
                if kind == "act":
                    table.act(acting, fields.get("action"), fields.get("turn"),
                              fields.get("version"))
                else:
                    table.take_back(acting, fields.get("turn"), fields.get("version"))

            async def changed() -> None:
                async with self.locks[table.id]:
                    await self.change(table, how)
                self.broadcast(table)
                self.drive(table)

            await asyncio.shield(changed())  # (a page closed meanwhile must not stop it halfway)
            if page.seen[0] < 0:  # (no hello yet: answered with the table, every event)
                page.seen[0] = 0
                await send_within(self.send(ws, table, page), seconds)
        except Refused as exc:
            await send_within(ws.send_json(exc.to_message()), seconds)
            if exc.code in ("stale", "not-your-turn"):
                await send_within(self.send(ws, table, page), seconds)
        except Stalled:
            raise
        except Exception:
            if WebSocketState.DISCONNECTED in (ws.client_state, ws.application_state):
                raise  # the socket closed under a reply: not an error of the server's
            reference = self.failed(f"table {table.id}: a socket's message")
            await send_within(ws.send_json({"type": "error", "code": "server-error",
                                            "reason": failed(reference)}), seconds)
            try:  # the table as it is: the change asked for was not made
                await send_within(self.send(ws, table, page), seconds)
            except Stalled:
                raise
            except Exception:
                if WebSocketState.DISCONNECTED in (ws.client_state, ws.application_state):
                    raise
                LOG.debug("table %s: no update after reference %s", table.id, reference)

    async def change(self, table: Table, how: Callable[[], object]) -> None:
        """Change the table (``how``, under its lock) and save it; if the save fails, the
        change is undone (the table is as its files and every client have it) and the error
        raised. ``how`` raises :class:`Refused` before it changes anything."""
        checkpoint = table.match.checkpoint()
        try:
            how()
            await self.save(table)
        except Exception:
            table.match.restore(checkpoint)
            raise

    async def send(self, ws: WebSocket, table: Table, page: Page, news: bool = False) -> None:
        """Send ``page`` the table's update: everything since what it was sent (with ``news``,
        nothing if nothing happened since: a page woken twice for what one update held)."""
        seen = page.seen
        if news and seen == [table.match.event_count, table.match.log_mark()]:
            return
        # (a take-back since the last update cuts events the socket was sent: from there)
        update = table.update(page.seat, table.match.resume(max(seen[0], 0), seen[1]))
        seen[:] = update["next"], update["log"]
        await ws.send_json(update)

    def broadcast(self, table: Table) -> None:
        """Wake the table's pages (see .sockets): each is sent the update by its own sender;
        none is waited for here."""
        for page in self.sockets.get(table.id, {}).values():
            page.wake()

    async def hint(self, table: Table, seat: int) -> dict[str, Any]:
        # (the hint's, whatever is played meanwhile)
        state, turn, version = table.state, table.turn, table.match.version
        if state.current_player != seat:
            raise Refused("not-your-turn", "a hint is for the seat to act")
        if self.hints >= self.limits.max_hints:
            raise Refused("limit", f"{self.hints} hints are being searched, the server's limit "
                          "(max_hints): ask again in a moment", limit="max_hints")
        view = observe(state, seat)
        seconds = self.hint_seconds
        self.hints += 1
        try:
            ranked = await self.run(functools.partial(analyse, view, seconds=seconds, seed=turn))
        finally:
            self.hints -= 1
        return hint_message(turn, version, seconds, ranked)

    # -- bots ------------------------------------------------------------------------------

    def start_pool(self) -> Executor:
        """The workers bots and hints think in (:func:`~.workers.start_workers`)."""
        if self.pool is None:
            self.pool = start_workers(self.workers, self.processes)
        return self.pool

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work`` done by the workers, off the event loop. A pool broken by a worker that
        died (killed, out of memory) is replaced and the work given to the new one: a broken
        pool refuses all work, and every table's bots and hints would stop for good."""
        # Mounted in another application, whose lifespan ran instead of ours, the pool starts
        # with the first piece of work.
        pool = self.start_pool()

        def handed(to: Executor) -> asyncio.Future[Any]:
            with sigint_held():  # (the pool may start a worker for it: see .workers)
                return asyncio.get_running_loop().run_in_executor(to, work)

        try:
            return await handed(pool)
        except BrokenExecutor:
            if self.pool is pool:  # not already replaced by another table's bot
                self.pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            return await handed(self.start_pool())

    def drive(self, table: Table) -> None:
        """Start the table's bots if one is to act, unless they are already playing."""
        task = self.driving.get(table.id)
        if task is None or task.done():
            self.driving[table.id] = asyncio.get_running_loop().create_task(
                self.play_bots(table))

    async def play_bots(self, table: Table) -> None:
        """Play the table's bots while one is to act. A move that fails (its save, say) is
        not played; it is logged, and tried again after :data:`RETRY_SECONDS` (doubled with
        each failure in a row, up to a minute): the table's bots wait, every other table's
        play on."""
        wait = RETRY_SECONDS
        try:
            while True:
                try:
                    if not await self.bot_move(table):
                        return
                    wait = RETRY_SECONDS
                except Interrupted:  # (Ctrl-C: the server is stopping)
                    return
                except Exception:
                    self.failed(f"table {table.id}: a bot's move")
                    await asyncio.sleep(wait)
                    wait = min(2 * wait, 60.0)
        finally:
            self.used[table.id] = time.monotonic()

    async def bot_move(self, table: Table) -> bool:
        """One bot's move, if one is to act (``False``: none is). A decision is made off the
        table's lock and played only on the state it was made for: a person may take their
        last action back meanwhile, and play another at the same action number (the bot
        then thinks again)."""
        async with self.locks[table.id]:
            seat = table.bot_to_act()
            if seat is None:
                return False
            state = table.state
            level = table.seats[seat].level or LEVELS[0]
            rng = table.bot_rng(seat)
        view, legal = observe(state, seat), legal_actions(state)
        action = await self.run(functools.partial(
            decide, level, self.bot_seconds, view, legal, rng))
        async with self.locks[table.id]:
            if table.state is not state:  # taken back meanwhile: think again
                return True
            await self.change(table, functools.partial(table.play, action))
        self.broadcast(table)
        return True

    async def save(self, table: Table) -> None:
        """Save ``table`` (:meth:`Table.save`: an action is one line appended to the table's
        journal). Its caller holds the table's lock, so it is saved before anything is
        acknowledged and before its next action. An append is a write of a few bytes, made
        here (a hand-off to a thread and back cost more, tens of milliseconds on a busy
        machine); a file written whole (a new table, a take-back) is written in a thread, as
        replacing it may wait for the disk, and that wait holds up this table's reply only."""
        if self.data is None:
            return
        if table.saves_whole():
            await asyncio.to_thread(table.save, self.data)
        else:
            table.save(self.data)


def app(rules: RuleSet | str | None = None, *, data: str | Path | None = None,
        bot_seconds: float = 1.0, hint_seconds: float = 1.0, workers: int = 2,
        processes: bool = True, limits: Limits | None = None) -> Starlette:
    """The web table as an ASGI application (Starlette), to run with uvicorn or to mount in
    another ASGI server.

    ``rules`` (a RuleSet or a preset name) is what the organiser's page offers first; ``data``
    is a folder where every table is saved after every action and from which the tables are
    resumed at start-up (``None``: the tables live in memory only); ``bot_seconds`` is the
    budget of a searching bot's move and ``hint_seconds`` of a hint; ``workers`` is the number
    of processes (threads with ``processes=False``) bots and hints think in, off the event
    loop: processes keep a thinking bot from slowing the replies to people; ``limits`` bounds
    what clients can make the server hold (:class:`~canasta_caliente.web.limits.Limits`, its
    defaults when ``None``). Start-up reads the tables played last, as many as
    ``limits.max_tables``, and the others when a link of theirs is used: a file it reads that
    is not a saved table raises :class:`~canasta_caliente.StateError` naming it, and one read
    later is answered ``503`` (logged, naming the file); a ``data`` folder that cannot be made
    (a file of that name, say) raises :class:`~canasta_caliente.ArgumentError`. An argument of
    the wrong type raises :class:`TypeError` naming it (``processes`` is ``True`` or
    ``False``, never a truthy value).
    """
    rules = ruleset_or_preset(rules)
    for name, value in (("bot_seconds", bot_seconds), ("hint_seconds", hint_seconds)):
        if not 0 < read_real(name, value) <= 60:  # (read_real: a TypeError for a non-number)
            raise ArgumentError(f"{name}: a number of seconds above 0, at most 60, not "
                                f"{value!r}")
    workers = check_count("workers", workers, low=1)
    processes = check_flag("processes", processes)
    if data is not None and not isinstance(data, (str, os.PathLike)):
        raise CanastaTypeError(f"data: expected a folder's path (a str or a Path) or None, not "
                               f"{describe_value(data)}")
    if limits is None:
        limits = Limits()
    elif not isinstance(limits, Limits):
        raise CanastaTypeError(f"limits: expected a Limits, not {type(limits).__name__}")
    server = _Server(rules, None if data is None else Path(data), float(bot_seconds),
                     float(hint_seconds), workers, processes, limits)
    api = [Route("/api/setup", json_errors(server.failed, server.setup)),
           Route("/api/rules", json_errors(server.failed, server.check_rules), methods=["POST"]),
           Route("/api/tables", json_errors(server.failed, server.create), methods=["POST"])]
    addresses = ", ".join(f"{method} {route.path}" for route in api
                          for method in sorted(route.methods or ()) if method != "HEAD")
    result = Starlette(routes=[
        Route("/", server.index),
        *api,
        Route("/t/{table}/{secret}", json_errors(server.failed, server.page)),
        Route("/t/{rest:path}", server.forbidden),
        WebSocketRoute("/ws/{table}/{secret}", server.socket),
        WebSocketRoute("/{rest:path}", server.no_socket),  # (before the mount: it takes any)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=server.lifespan, exception_handlers={
        HTTPException: functools.partial(routing_refusal, addresses=addresses)})
    result.state.tables = server.tables
    result.router.redirect_slashes = False  # (/api/tables/: the API's 404, not a bare 307)
    return result

