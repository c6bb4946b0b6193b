"""What a client on the network can make the web server hold, and the bounds on each.

A stranger who can reach the server can make tables, open sockets, send messages and ask for
hints. Each is bounded by a field of :class:`Limits` (``app(limits=...)``, or ``serve``'s
``--max-...`` options); a request past a limit is refused, saying which limit it met: an HTTP
request with ``503`` (``Retry-After``) and a JSON body ``{"problems": [...], "limit": name}``,
a socket's request with the socket's ``error`` message of code ``"limit"`` and a ``limit``
field. What is not a field here is bounded by the fields: a table's bots think one decision at
a time, so the bots' work waiting for a worker is at most one decision a table in memory; a
socket's requests are read one at a time, so a socket holds at most one request's work.
"""

from __future__ import annotations

from typing import Any

import attrs

from .._arguments import as_integer, read_real
from ..errors import ArgumentError, short_repr

__all__ = ["BODY_LIMIT", "MESSAGE_LIMIT", "Limits"]

MESSAGE_LIMIT = 4096
"""The largest WebSocket message a client may send, in bytes; a larger one is refused."""

BODY_LIMIT = 65536
"""The largest request body (a house-rules file), in bytes; the server stops reading a larger
one at this size and answers ``413``."""


MOST = 1_000_000_000
"""The largest limit, count or seconds (31 years), that :class:`Limits` takes: far past any
server's, and within what the server's own calls take (a count past ``sys.maxsize`` failed
in the standard library with its own words)."""


def _at_least(minimum: float, *, whole: bool = True) -> Any:
    """A validator: a number (a whole one when ``whole``) at least ``minimum`` and at most
    :data:`MOST`; another type (a ``bool``, a text) is a :class:`TypeError`, a number out of
    range (or a fraction where a whole number is wanted) an
    :class:`~canasta_caliente.ArgumentError`."""
    what = "a whole number" if whole else "a number"

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        number = read_real(attribute.name, value)  # (the TypeError of a bool or a text)
        if not minimum <= number <= MOST or (whole and as_integer(value) is None):
            raise ArgumentError(f"{attribute.name}: {what} at least {minimum:g}, at most "
                                f"{MOST:,}, not {short_repr(value)}")
    return check


@attrs.frozen
class Limits:
    """The bounds on what clients can make a web server hold (:func:`canasta_caliente.web.app`'s
    ``limits``). The defaults suit a club's server on a small machine: a few dozen games at
    once, with room to spare.

    >>> from canasta_caliente.web.limits import Limits
    >>> Limits().max_tables, Limits(max_tables=50).max_sockets, Limits().send_seconds
    (200, 1000, 30.0)
    """

    max_tables: int = attrs.field(default=200, validator=_at_least(1))
    """The most tables held in memory (a finished table is about half a megabyte). To make
    room for one more, the server drops the table used least recently among those it may
    drop (see :attr:`idle_seconds`); if none may go, a new table is refused. With a data
    folder, also the most tables read at start (the ones played last): the others are read
    when a link of theirs is used."""
    max_sockets: int = attrs.field(default=1000, validator=_at_least(1))
    """The most sockets open at once, all tables together."""
    max_table_sockets: int = attrs.field(default=32, validator=_at_least(1))
    """The most sockets open at once through one link of a table, each seat's and the
    spectators' counted apart: neither the spectators nor one player's tabs take another
    seat's room."""
    max_hints: int = attrs.field(default=4, validator=_at_least(1))
    """The most hints searching or waiting for a worker at once, all tables together (each
    searches for ``hint_seconds``); one more is refused until one is done."""
    max_checks: int = attrs.field(default=2, validator=_at_least(1))
    """The most rule checks (``POST /api/rules``, each with a playtest of up to a second or
    so) running at once, all pages together; one more is refused until one is done. They run
    in threads beside the tables' saves and reads, which a flood of checks held up for a
    minute."""
    send_seconds: float = attrs.field(default=30.0, validator=_at_least(0.01, whole=False))
    """How long a send to a page may wait for the page to take it before the page is sent
    nothing more (a page that stops reading; :mod:`~canasta_caliente.web.sockets`): its
    connection stays counted against :attr:`max_sockets` until it ends. The page connects
    again, if it is still there, and is sent the table as it is."""
    idle_seconds: float = attrs.field(default=86400.0, validator=_at_least(0, whole=False))
    """Without a data folder, how long an unfinished game with no page open stays in memory
    for sure: past that, or once over, it may be dropped to make room, and it is gone. With a
    data folder, any table with no page open and no bot thinking may be dropped from memory,
    as it is saved: it is read again when its link is next used."""
