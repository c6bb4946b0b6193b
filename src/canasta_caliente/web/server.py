"""The ASGI application: the organiser's page, the table pages, and one WebSocket per open page.

Routes:

- ``GET /``: the organiser's page (``static/index.html``); ``GET /static/...``: the client;
- ``GET /api/setup``: the presets, options and bot levels the organiser's page offers;
- ``POST /api/rules``: check the rules (``{"rules": ...}``): the number of players, or 400 with
  every problem found, as ``rules validate`` lists them;
- ``POST /api/tables``: make a table (``{"rules": ..., "seats": [...], "seed": optional}``),
  answered with one secret link per person and a spectator link, or 400 with every problem;
- ``GET /t/{table}/{secret}``: a seat's (or the spectators') page; any other secret gets 403;
- ``WS /ws/{table}/{secret}``: the seat's updates and its requests (see :data:`REQUESTS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import multiprocessing
import os
import random
from collections.abc import AsyncIterator, Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..actions import Action
from ..engine import legal_actions
from ..errors import RuleSetError, short_repr
from ..players.bots import get_bot
from ..players.levels import LEVEL_NAMES as LEVELS
from ..players.search import analyse
from ..rules.ruleset import OPTIONS, RuleSet
from ..views.view import View, observe
from .tables import Refused, Table, check_seats, load_tables

__all__ = ["MESSAGE_LIMIT", "REQUESTS", "app"]

STATIC = Path(__file__).resolve().parent / "static"

MESSAGE_LIMIT = 4096
"""The largest WebSocket message a client may send, in bytes; a larger one is refused."""

BODY_LIMIT = 65536
"""The largest request body (a house-rules file), in bytes."""

REQUESTS: dict[str, frozenset[str]] = {
    "hello": frozenset({"since", "log"}),
    "act": frozenset({"action", "turn"}),
    "undo": frozenset({"turn"}),
    "hint": frozenset(),
}
"""What a client may send over its socket: each type with its fields (``type`` besides). ``hello``
asks for the table now and the events from number ``since`` on (a reconnecting page sends the
number it has, and the ``log`` of the last message it had: events it had of an action taken back
since are sent again as they are now); ``act`` plays an action's notation at action number
``turn``; ``undo`` takes back the seat's last action; ``hint`` asks for the search's ranking of
the legal actions."""

NESTED_TOO_DEEPLY = ("not a JSON document that can be read: nested too deeply (arrays or "
                     "objects inside each other hundreds of levels down)")
"""The reason given for a request or message whose JSON nests deeper than Python's parser goes
(it raises :class:`RecursionError`); what the server reads is a few levels deep."""

FORBIDDEN = "forbidden: this link is not one of this table's"

BOT_NICENESS = 10
"""How much lower than the server's the bots' worker processes run (``os.nice``, where the
system has it): a person's reply waits for a core behind no bot's search. A bot's budget is
time, so a busy core costs it simulations, never the turn order or a rule."""


class _Server:
    """The tables of one application, their open sockets and the bots' worker threads."""

    def __init__(self, rules: RuleSet, data: Path | None, bot_seconds: float,
                 hint_seconds: float, workers: int, processes: bool) -> None:
        self.rules = rules
        self.data = data
        self.bot_seconds = bot_seconds
        self.hint_seconds = hint_seconds
        self.workers = workers
        self.processes = processes
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, dict[WebSocket, list[Any]]] = {}
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.pool: Executor | None = None
        if data is not None:
            data.mkdir(parents=True, exist_ok=True)
            for table in load_tables(data).values():
                table.save(data, whole=True)  # its journal, a cut-off line and all, folded in
                self.add(table)

    # -- life ------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.start_pool()
        warmed: set[RuleSet] = set()
        for table in self.tables.values():  # the resumed tables' bots play on
            if table.record.rules not in warmed:  # see create()
                warmed.add(table.record.rules)
                table.message(None, 0)
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
                for table in self.tables.values():
                    async with self.locks[table.id]:
                        await asyncio.to_thread(table.save, self.data, whole=True)

    def add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        self.sockets[table.id] = {}

    def find(self, table_id: str, secret: str) -> tuple[Table, int | None] | None:
        table = self.tables.get(table_id)
        if table is None:
            return None
        try:
            seat = table.audience(secret)
        except PermissionError:
            return None
        self.drive(table)  # a resumed table whose bots have not started yet (mounted apps)
        return table, seat

    # -- pages -----------------------------------------------------------------------------

    async def index(self, _request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_HEADERS)

    async def setup(self, _request: Request) -> Response:
        return JSONResponse({
            "presets": list(RuleSet.preset_names()),
            "default": self.rules.to_dict(),
            "options": [{"name": o.name, "help": " ".join(o.help.split())}
                        for o in OPTIONS],
            "levels": list(LEVELS)})

    async def check_rules(self, request: Request) -> Response:
        asked = await _rules_asked(request)
        if isinstance(asked, Response):
            return asked
        rules = asked[1]
        return JSONResponse({"players": rules.players, "rules": rules.to_dict()})

    async def create(self, request: Request) -> Response:
        asked = await _rules_asked(request)
        if isinstance(asked, Response):
            return asked
        data, rules = asked
        try:
            seats = check_seats(rules.players, data.get("seats"))
        except Refused as exc:
            return _problems([("seats", exc.reason)])
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not 0 <= seed < 2**63):
            return _problems([("seed", "a whole number from 0 below 2**63, or none")])
        table = Table.create(rules, seats, seed=seed)
        # The first message under new rules builds their action ids (a tenth of a second or
        # more): in a thread, so the other tables' replies go on meanwhile.
        await asyncio.to_thread(table.message, None, 0)
        await self.save(table)
        self.add(table)
        self.drive(table)
        return JSONResponse(table.links(), status_code=201)

    async def page(self, request: Request) -> Response:
        if self.find(request.path_params["table"], request.path_params["secret"]) is None:
            return PlainTextResponse(FORBIDDEN, status_code=403)
        return FileResponse(STATIC / "table.html", headers=_HEADERS)

    async def forbidden(self, _request: Request) -> Response:
        return PlainTextResponse(FORBIDDEN, status_code=403)

    # -- sockets ---------------------------------------------------------------------------

    async def socket(self, ws: WebSocket) -> None:
        found = self.find(ws.path_params["table"], ws.path_params["secret"])
        if found is None:
            await ws.send_denial_response(PlainTextResponse(FORBIDDEN, status_code=403))
            return
        table, seat = found
        await ws.accept()
        seen = [-1]  # nothing is sent to a socket before its hello says what it has
        self.sockets[table.id][ws] = [seat, seen]
        try:
            while True:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                # A binary frame has no text: refused as a malformed message.
                await self.request(ws, table, seat, seen, received.get("text"))
        except (WebSocketDisconnect, RuntimeError):
            pass  # a socket closed while a reply was on its way
        finally:
            self.sockets[table.id].pop(ws, None)

    async def request(self, ws: WebSocket, table: Table, seat: int | None, seen: list[int],
                      text: str | None) -> None:
        try:
            kind, fields = _parse_request(text)
            if kind == "hello":
                since = fields.get("since", 0)
                if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                    raise Refused("malformed", "since: expected a count of events, an int")
                mark = fields.get("log")
                if mark is not None and not isinstance(mark, str):
                    raise Refused("malformed", "log: expected the log of the last message the "
                                  "page had, a string")
                seen[0] = table.resume(since, mark)
                await self.send(ws, table, seat, seen)
                return
            if kind == "hint":
                await ws.send_json(await self.hint(table, seat))
                return
            if seat is None:
                raise Refused("not-your-turn", "a spectator cannot act")
            async with self.locks[table.id]:
                if kind == "act":
                    table.act(seat, fields.get("action"), fields.get("turn"))
                else:
                    table.take_back(seat, fields.get("turn"))
                await self.save(table)
            await self.broadcast(table)
            self.drive(table)
        except Refused as exc:
            await ws.send_json({"type": "error", "code": exc.code, "reason": exc.reason})
            if exc.code in ("stale", "not-your-turn"):
                await self.send(ws, table, seat, seen)

    async def send(self, ws: WebSocket, table: Table, seat: int | None,
                   seen: list[int]) -> None:
        message = table.message(seat, max(seen[0], 0))
        seen[0] = message["next"]
        await ws.send_json({"type": "update", "message": message})

    async def broadcast(self, table: Table) -> None:
        for ws, (seat, seen) in list(self.sockets[table.id].items()):
            if seen[0] < 0:
                continue
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await self.send(ws, table, seat, seen)

    async def hint(self, table: Table, seat: int | None) -> dict[str, Any]:
        state, turn = table.state, table.turn  # the hint's, whatever is played meanwhile
        if seat is None or state.current_player != seat:
            raise Refused("not-your-turn", "a hint is for the seat to act")
        view = observe(state, seat)
        seconds = self.hint_seconds
        ranked = await self.run(functools.partial(analyse, view, seconds=seconds, seed=turn))
        return {"type": "hint", "turn": turn,
                "budget": f"{seconds:g} s of search",
                "ranked": [{"notation": str(a.action), "value": round(a.value, 3),
                            "lead": round(a.lead), "visits": a.visits}
                           for a in ranked[:5]]}

    # -- bots ------------------------------------------------------------------------------

    def start_pool(self) -> Executor:
        """The workers bots and hints think in: processes (spawned, so no lock of the server
        is inherited) or threads."""
        if self.pool is None:
            if self.processes:
                self.pool = ProcessPoolExecutor(self.workers,
                                                mp_context=multiprocessing.get_context("spawn"),
                                                initializer=lower_priority)
            else:
                self.pool = ThreadPoolExecutor(self.workers, thread_name_prefix="canasta-bot")
        return self.pool

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work`` done by the workers, off the event loop. A pool broken by a worker that
        died (killed, out of memory) is replaced and the work given to the new one: a broken
        pool refuses all work, and every table's bots and hints would stop for good."""
        # Mounted in another application, whose lifespan ran instead of ours, the pool starts
        # with the first piece of work.
        pool = self.start_pool()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, work)
        except BrokenExecutor:
            if self.pool is pool:  # not already replaced by another table's bot
                self.pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self.start_pool(), work)

    def drive(self, table: Table) -> None:
        """Start the table's bots if one is to act, unless they are already playing."""
        task = self.driving.get(table.id)
        if task is None or task.done():
            self.driving[table.id] = asyncio.get_running_loop().create_task(
                self.play_bots(table))

    async def play_bots(self, table: Table) -> None:
        """Play the table's bots while one is to act. A decision is made off the table's lock
        and played only on the state it was made for: a person may take their last action
        back meanwhile, and play another at the same action number."""
        while True:
            async with self.locks[table.id]:
                seat = table.bot_to_act()
                if seat is None:
                    return
                state = table.state
                level = table.seats[seat].level or LEVELS[0]
                rng = table.bot_rng()
            view, legal = observe(state, seat), legal_actions(state)
            action = await self.run(functools.partial(
                decide, level, self.bot_seconds, view, legal, rng))
            async with self.locks[table.id]:
                if table.state is not state:  # taken back meanwhile: think again
                    continue
                table.play(action)
                await self.save(table)
            await self.broadcast(table)

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


def lower_priority() -> None:
    """A bots' worker process starting: below the server by :data:`BOT_NICENESS`."""
    if hasattr(os, "nice"):
        os.nice(BOT_NICENESS)


def decide(level: str, seconds: float, view: View, legal: tuple[Action, ...],
           rng: random.Random) -> Action:
    """A bot's decision, made in a worker (a module-level function, so a process can run it)."""
    return get_bot(level, seconds=seconds)(view, legal, rng)


_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": "default-src 'self'; connect-src 'self'; "
            "img-src 'self' data:; object-src 'none'; base-uri 'none'",
            "X-Content-Type-Options": "nosniff"}
"""Headers of every page: no secret link in a cache or a referrer, no script but our own."""


async def _body(request: Request) -> dict[str, Any] | Response:
    """A request's JSON object, or the 4xx response saying why it is not one."""
    body = await request.body()
    if len(body) > BODY_LIMIT:
        return _problems([("(request)", f"larger than {BODY_LIMIT} bytes")], 413)
    try:
        data = json.loads(body)
    except ValueError:
        return _problems([("(request)", "not a JSON document")])
    except RecursionError:
        return _problems([("(request)", NESTED_TOO_DEEPLY)])
    if not isinstance(data, dict):
        return _problems([("(request)", "expected a JSON object")])
    return data


async def _rules_asked(request: Request) -> tuple[dict[str, Any], RuleSet] | Response:
    """A request's JSON object and the rules it names, or the 4xx response saying why not
    (every problem of the rules listed)."""
    data = await _body(request)
    if isinstance(data, Response):
        return data
    try:
        return data, _read_rules(data.get("rules"))
    except RuleSetError as exc:
        return _problems(exc.problems or [("(rules)", str(exc))])


def _problems(problems: Any, status: int = 400) -> Response:
    return JSONResponse({"problems": [[str(o), " ".join(str(m).split())] for o, m in problems]},
                        status_code=status)


def _read_rules(value: Any) -> RuleSet:
    """The rules the organiser chose: ``{"preset": name, "options": {...}}`` or ``{"file":
    text, "format": "toml"|"json"}``; raises :class:`~canasta_caliente.RuleSetError` listing
    every problem."""
    if not isinstance(value, dict):
        raise RuleSetError([("rules", "expected an object")])
    if "file" in value:
        text, fmt = value["file"], value.get("format", "toml")
        if not isinstance(text, str) or fmt not in ("toml", "json"):
            raise RuleSetError([("rules", "a file's text and its format, toml or json")])
        return RuleSet.from_toml(text) if fmt == "toml" else RuleSet.from_json(text)
    options = value.get("options", {})
    if not isinstance(options, dict):
        raise RuleSetError([("options", "expected an object")])
    return RuleSet.from_dict({"preset": value.get("preset", "caliente"), **options})


def _parse_request(text: str | None) -> tuple[str, dict[str, Any]]:
    """A socket message's type and fields (see :data:`REQUESTS`); raises :class:`Refused`
    saying what is wrong. ``None`` is a binary frame's text."""
    if text is None:
        raise Refused("malformed", "a binary message: the server reads text messages, each a "
                      "JSON object")
    if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_LIMIT:
        raise Refused("malformed", f"message larger than {MESSAGE_LIMIT} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("malformed", "not a JSON document") from None
    except RecursionError:
        raise Refused("malformed", NESTED_TOO_DEEPLY) from None
    if not isinstance(data, dict):
        raise Refused("malformed", "expected a JSON object")
    kind = data.pop("type", None)
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise Refused("malformed", f"type: one of {', '.join(REQUESTS)} (a string), "
                      f"not {short_repr(kind)}")
    extra = set(data) - REQUESTS[kind]
    if extra:  # quoted as repr does: a lone surrogate in a name cannot be sent as it is
        names = ", ".join(short_repr(name) for name in sorted(extra)[:5])
        raise Refused("malformed", f"{kind}: unknown fields {names}"
                      + (f" and {len(extra) - 5} more" if len(extra) > 5 else ""))
    return kind, data


def app(rules: RuleSet | str | None = None, *, data: str | Path | None = None,
        bot_seconds: float = 1.0, hint_seconds: float = 1.0, workers: int = 2,
        processes: bool = True) -> Starlette:
    """The web table as an ASGI application (Starlette), to run with uvicorn or to mount in
    another ASGI server.

    ``rules`` (a RuleSet or a preset name) is what the organiser's page offers first; ``data``
    is a folder where every table is saved after every action and from which the tables are
    resumed at start-up (``None``: the tables live in memory only); ``bot_seconds`` is the
    budget of a searching bot's move and ``hint_seconds`` of a hint; ``workers`` is the number
    of processes (threads with ``processes=False``) bots and hints think in, off the event
    loop: processes keep a thinking bot from slowing the replies to people. A file in ``data``
    that is not a saved table raises :class:`~canasta_caliente.StateError` naming it.
    """
    if rules is None:
        rules = RuleSet.preset("caliente")
    elif isinstance(rules, str):
        rules = RuleSet.preset(rules)
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules: expected a RuleSet or a preset name, not {type(rules).__name__}")
    for name, value in (("bot_seconds", bot_seconds), ("hint_seconds", hint_seconds)):
        if not isinstance(value, (int, float)) or not 0 < value <= 60:
            raise ValueError(f"{name}: a number of seconds above 0, at most 60, not {value!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers: at least 1, not {workers!r}")
    server = _Server(rules, None if data is None else Path(data), float(bot_seconds),
                     float(hint_seconds), workers, bool(processes))
    result = Starlette(routes=[
        Route("/", server.index),
        Route("/api/setup", server.setup),
        Route("/api/rules", server.check_rules, methods=["POST"]),
        Route("/api/tables", server.create, methods=["POST"]),
        Route("/t/{table}/{secret}", server.page),
        Route("/t/{rest:path}", server.forbidden),
        WebSocketRoute("/ws/{table}/{secret}", server.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=server.lifespan)
    result.state.tables = server.tables
    return result

