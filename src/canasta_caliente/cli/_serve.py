"""``canasta-caliente serve``: the web table (:func:`canasta_caliente.web.app`) on uvicorn.

The listening socket is bound here, before anything is said, so that "serving on" comes only
once the address is held, and names the port the system chose for ``--port 0``; an address
that cannot be held is the command's one-line error.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import re
import socket
from pathlib import Path
from typing import Any

from .._extras import missing_extra
from ..errors import ArgumentError, StateError
from ._rules import InputError, load_rules, need_name, one_line, say

__all__ = ["CUT_AFTER_SENDS", "SEND_BUFFER", "SHUTDOWN_SECONDS", "add_serve", "page_address",
           "serve", "serving_line", "table_links"]

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The hosts only this machine can reach."""

SEND_BUFFER = 65536
"""The bytes the system may queue for each connection before the server's sends to it wait
(``SO_SNDBUF`` of the listening socket, which its connections take), where the system's own
queue grows to megabytes: a page that stops reading then holds that much of the server's
memory, and stalls (and is sent no more, :mod:`canasta_caliente.web.sockets`) after tens of
updates, not thousands. A table's update is a few kilobytes."""

SHUTDOWN_SECONDS = 5
"""How long a stopping server waits for its connections to end before it saves its tables and
exits: a page that does not read keeps its connection open, and the wait for it was endless."""

CUT_AFTER_SENDS = 2
"""A connection whose client takes nothing for this many times ``--send-seconds`` is cut by
the system (``TCP_USER_TIMEOUT`` of the listening socket, which its connections take, where
the system has it: Linux): the page was stalled, and sent nothing more, at ``--send-seconds``
(:mod:`canasta_caliente.web.sockets`), but the application cannot cut a connection, and
uvicorn's close waits for the client to read what is queued, so one that never read was held
for good (and, once its client had sent a close frame, uncounted)."""


def _flag(field: re.Match[str]) -> str:
    return f"--{field[1].replace('_', '-')}:"


def listen(host: str, port: int, send_seconds: float = 30.0) -> socket.socket:
    """A socket listening on ``host`` (a name or an address, IPv4 or IPv6) and ``port`` (0:
    one the system chooses), its connections' queue :data:`SEND_BUFFER` and, where the system
    can, each cut when its client takes nothing for :data:`CUT_AFTER_SENDS` times
    ``send_seconds``; an :class:`InputError` saying why when it cannot be had (a port in use,
    an address not of this machine, a name that does not resolve)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.create_server((host, port), family=family)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        cut = getattr(socket, "TCP_USER_TIMEOUT", None)
        if cut is not None and 0 < send_seconds < 3600:  # (another is refused by Limits)
            sock.setsockopt(socket.IPPROTO_TCP, cut, int(CUT_AFTER_SENDS * send_seconds * 1000))
        return sock
    except (OSError, UnicodeError) as exc:
        # (create_server's own strerror adds the address again: the system's words for the
        # errno; a name that does not resolve has only its strerror)
        if isinstance(exc, OSError) and exc.errno and not isinstance(exc, socket.gaierror):
            why = os.strerror(exc.errno)
        else:
            why = getattr(exc, "strerror", None) or one_line(exc)
        hint = ("; give another --port, or --port 0 for any free one"
                if isinstance(exc, OSError) and exc.errno == errno.EADDRINUSE else "")
        raise InputError([f"serve: cannot listen on {host}:{port}: {why}{hint}"]) from None


def serve(args: argparse.Namespace) -> int:
    """``serve``: check the options, make the application, hold the address, then serve until
    Ctrl-C (with ``--links``: print the saved tables' links instead)."""
    rules = load_rules(args.rules)
    if not 0 <= args.port <= 65535:
        raise InputError([f"--port: a port from 0 to 65535, not {args.port}"])
    need_name("--data", args.data, "a folder name")
    try:
        import uvicorn

        from ..web import app
        from ..web.limits import Limits
        from ..web.protocol import local_only
        from ..web.tables import saved_tables
    except ImportError as exc:
        # (canasta_caliente.web raises its own message, from the ImportError that names the
        # package missing: the cause's name, not its message, so the line names the extra once)
        missing = getattr(exc.__cause__, "name", None) or exc.name
        raise InputError([missing_extra("serve", "web", missing)]) from None
    data = Path(args.data)
    if args.links:
        try:
            tables = list(saved_tables(data))
        except (ArgumentError, StateError) as exc:  # (no such folder; a file not a table's)
            raise InputError([f"--data: {one_line(exc).removeprefix('folder: ')}"]) from None
        address = page_address(args.host, args.port)
        if not tables:
            say(f"no tables are saved in {data}")
        elif _every_address(args.host):  # (the links open here; elsewhere, by this machine)
            say(f"the links open on this machine; elsewhere, give this machine's name or "
                f"address in place of {_shown_host(args.host)}")
        for table in tables:
            say(table_links(table, address))
        return 0
    # The address first, then the application, which makes the data folder once its
    # arguments are checked: a command refused leaves no folder behind.
    with listen(args.host, args.port, args.send_seconds) as sock:
        try:
            limits = Limits(max_tables=args.max_tables, max_sockets=args.max_sockets,
                            max_table_sockets=args.max_table_sockets, max_hints=args.max_hints,
                            max_checks=args.max_checks, send_seconds=args.send_seconds)
            application = app(rules, data=data, bot_seconds=args.bot_seconds,
                              hint_seconds=args.hint_seconds, limits=limits)
        except StateError as exc:  # a file of the folder that is not a saved table
            raise InputError([f"--data: {one_line(exc)}; move that file out of {data} (the "
                              "server keeps only its tables there), or give another --data"]
                             ) from None
        except ValueError as exc:  # a limit's field, a time or the folder named as its option
            raise InputError([re.sub(r"^(max_\w+|\w+_seconds|data):", _flag, one_line(exc))]
                             ) from None
        say(serving_line(args.host, sock.getsockname()[1], data))
        # No per-message deflate: a table's messages are a few kilobytes, and compressing
        # each for each seat cost the server a millisecond of a core per message under load.
        # Listening on this machine alone, the server answers requests that name it so: a
        # page of another site that points its own name to 127.0.0.1 gets nothing.
        served = local_only(application) if args.host in LOCAL_HOSTS else application
        server = uvicorn.Server(uvicorn.Config(served, log_level="warning",
                                               ws_max_size=65536, ws_per_message_deflate=False,
                                               timeout_graceful_shutdown=SHUTDOWN_SECONDS))
        server.run(sockets=[sock])
    if not server.started:  # (uvicorn has logged why, as uvicorn.run exits then)
        raise InputError(["serve: the server did not start: see above"])
    return 0


def serving_line(host: str, port: int, data: Path) -> str:
    """What ``serve`` says once its address is held: the page to open, who can connect, where
    the tables are saved. A server on every address (``0.0.0.0``, ``::``) is opened by this
    machine's own address or name: a browser given ``http://0.0.0.0/`` opens nothing
    everywhere but Linux."""
    where = "only this machine can connect" if host in LOCAL_HOSTS \
        else "other machines can connect: anyone who reaches it can make tables"
    end = f"({where}); tables are saved in {data}; Ctrl-C stops"
    if _every_address(host):
        return (f"serving on every address of this machine, port {port}: open "
                f"{page_address(host, port)}/ here, or this machine's name or address "
                f"elsewhere {end}")
    return f"serving on {page_address(host, port)}/ {end}"


def _every_address(host: str) -> bool:
    """Whether ``host`` is every address of the machine (``0.0.0.0``, ``::``, ``0``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified  # (0.0.0.0, ::, ::0)
    except ValueError:  # (a name: 0 and other shorthands are read by the system, not here)
        return host in ("0", "")


def page_address(host: str, port: int) -> str:
    """The start of the server's pages' addresses, ``http://HOST:PORT``: this machine's own
    address for a server on every address (a browser given ``0.0.0.0`` opens nothing but on
    Linux), an IPv6 address in brackets."""
    return f"http://{_shown_host(host)}:{port}"


def _shown_host(host: str) -> str:
    """``host`` as a page's address shows it: this machine's own for every address, an IPv6
    address in brackets."""
    if _every_address(host):
        host = "::1" if ":" in host else "127.0.0.1"
    return f"[{host.strip('[]')}]" if ":" in host else host


def table_links(table: Any, address: str) -> str:
    """What ``serve --links`` says of a saved table (a
    :class:`~canasta_caliente.web.tables.Table`): its id, where its game is, and each person's
    link and the spectators' under ``address`` (:func:`page_address`), a bot's seat by its
    level."""
    state, names = table.state, table.names
    if state.is_game_over:
        where = "the game is over"
    elif state.current_player is None:
        where = f"hand {state.hand_number} is over"
    else:
        where = f"hand {state.hand_number}, {names[state.current_player]} to act"
    links, lines = table.links(), [f"table {table.id}: {where}"]
    for seat, (name, link) in enumerate(zip(names, links["seats"], strict=True)):
        lines.append(f"  seat {seat}, {name}: "
                     + (f"a {table.seats[seat].level} bot" if link is None else address + link))
    lines.append(f"  spectators: {address}{links['spectator']}")
    return "\n".join(lines)


def add_serve(sub: Any) -> None:
    """The ``serve`` command's parser, added to the command line's subcommands ``sub``."""
    command = sub.add_parser(
        "serve", help="a table in the browser: play against bots and friends (extra 'web')",
        description="Serve the web table: open http://HOST:PORT/ to choose the rules and the "
        "seats and get one secret link per person. Every table is saved in --data after "
        "every action and resumed when the server starts again. Binds to 127.0.0.1 (this "
        "machine only) unless --host says otherwise.")
    command.add_argument("--rules", default="caliente",
                         help="the preset or house-rules file the set-up page offers first")
    command.add_argument("--host", default="127.0.0.1",
                         help="the address to listen on; 127.0.0.1 is this machine only")
    command.add_argument("--port", type=int, default=8000, help="the port to listen on")
    command.add_argument("--data", default="canasta-tables", metavar="DIR",
                         help="the folder the tables are saved in and resumed from")
    command.add_argument("--bot-seconds", type=float, default=1.0,
                         help="the bound on a searching bot's move: level 5 thinks that long, "
                         "level 4 plays its 20 simulations within it")
    command.add_argument("--hint-seconds", type=float, default=1.0,
                         help="the search time behind a hint")
    for flag, default, what in (
            ("tables", 200, "tables in memory, and read at start (the least recently used "
             "idle one is dropped to make room, and read from --data when its link is used)"),
            ("sockets", 1000, "open sockets, all tables together"),
            ("table-sockets", 32, "open sockets through one link of a table, each seat's and "
             "the spectators' counted apart"),
            ("hints", 4, "hints searching at once, all tables together"),
            ("checks", 2, "rule checks (each with a playtest) at once, all pages together")):
        command.add_argument(f"--max-{flag}", type=int, default=default, help=f"the most {what}")
    command.add_argument("--send-seconds", type=float, default=30.0,
                         help="how long a send to a page may wait for the page to take it "
                         "before it is sent nothing more (the page connects again): 0.01 "
                         "at least, but give a few seconds, as a page on a slow line takes "
                         "its updates in its own time")
    command.add_argument("--links", action="store_true",
                         help="print the links of every table saved in --data (each person's "
                         "and the spectators', at --host and --port) and exit, serving "
                         "nothing: for an organiser who lost them")
    command.set_defaults(func=serve)
