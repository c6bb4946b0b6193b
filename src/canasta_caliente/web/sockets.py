"""A table's open pages, each one socket: what each was sent, and the sending of its updates.

A table's change wakes each of its pages (:meth:`Page.wake`), never waits on one: every page
has a sender of its own (:func:`deliver`), which sends it everything since what it was sent
last, so that the updates that came while a send to the page waited go in one. A page that
does not take what is sent to it (a client that stops reading, over a slow network or on
purpose) holds up its own socket only; once a send to it has waited
:attr:`~canasta_caliente.web.limits.Limits.send_seconds` (:class:`Stalled`), the table sends it
nothing more, and the page, if it is still there, connects again and is sent the table as it
is. Its connection stays counted against ``max_sockets`` until it ends: an application cannot
cut it (the server's own close waits for the page to take what is queued first), and
``serve`` holds each connection's queue in the system small and has the system cut one whose
client takes nothing for twice ``send_seconds`` (``SEND_BUFFER`` and ``CUT_AFTER_SENDS`` of
``canasta_caliente.cli._serve``), and stops waiting for such connections on its way out.
Before this, a table's updates were sent to its pages one after another, each waited for: one
spectator's page that never read froze the table for every other page and its bots.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Page", "Stalled", "deliver", "read_end", "send_within"]


class Stalled(Exception):
    """A send to a page waited longer than the server's ``send_seconds``: its socket is
    closed."""


class Page:
    """One open socket of a table: its seat (``None``: the spectators' link), what it was sent
    (:attr:`seen`) and the signal that wakes its sender."""

    __slots__ = ("seat", "seen", "woken")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.seen: list[Any] = [-1, None]
        """The count of events sent and the log mark they were sent with (``-1``: nothing
        yet; nothing is sent to a socket before its hello says what it has)."""
        self.woken = asyncio.Event()

    def wake(self) -> None:
        """The table changed: the page's sender sends it the update, unless the page has not
        said hello yet (its hello is answered with the table as it is then)."""
        if self.seen[0] >= 0:
            self.woken.set()


async def send_within(send: Awaitable[None], seconds: float) -> None:
    """``send`` done within ``seconds``, or :class:`Stalled` (the send cancelled)."""
    try:
        await asyncio.wait_for(send, seconds)
    except TimeoutError:
        raise Stalled(f"a send waited {seconds:g} s for the page to take it") from None


async def deliver(page: Page, send: Callable[[], Awaitable[None]], seconds: float) -> None:
    """Send ``page`` its updates (``send()``: everything since what it was sent) each time it
    is woken, until the socket closes or a send stalls (:class:`Stalled`, raised: the socket
    is then closed by its handler)."""
    while True:
        await page.woken.wait()
        page.woken.clear()
        await send_within(send(), seconds)


def read_end(task: asyncio.Task[None]) -> None:
    """Read how a page's task ended (on its own, cancelled, or with the socket's error), which
    nothing else reads once the page's handler is gone: asyncio logs an error left unread."""
    if not task.cancelled():
        task.exception()
