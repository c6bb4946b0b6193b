"""The web server's answers to HTTP requests that are not a page or a socket: the headers of
every page, the JSON of a refusal or of an error of the server's own, and what such an error
is (the storage's, or a bug), a table's files read again among them."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from ..errors import ArgumentError, StateError, short_repr
from .protocol import failed, problems
from .tables import Refused, Table, load_table

__all__ = ["PAGE_HEADERS", "Unreadable", "json_errors", "read_again", "server_error"]


class Unreadable(Exception):
    """A table's saved files, read when its link was used, are not a saved table (damaged, or
    written by something else): a failure of the storage, as an :class:`OSError` is (see
    :func:`server_error`), which the server's log names (the message names the file)."""


PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                "Content-Security-Policy": "default-src 'self'; connect-src 'self'; "
                "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN",
                "X-Content-Type-Options": "nosniff"}
"""Headers of every page: no secret link in a cache or a referrer, no script but our own, and
no frame of the page in another site's (whose clicks it could lead, the page hidden under
its own); the site it is mounted in may frame it."""


def json_errors(failures: Callable[[str], str],
                handler: Callable[[Request], Awaitable[Response]]
                ) -> Callable[[Request], Awaitable[Response]]:
    """``handler`` answering a limit reached with ``503`` and an error of the server's own
    as :func:`server_error` does (logged once by ``failures``, given where, which returns the
    reference the client is told), each with a JSON body, never an HTML page or a traceback;
    and a request of the API with a query string, which no request reads, with ``400``."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        if request.url.query and request.url.path.startswith("/api/"):
            return problems([("(query)", "the API reads no query string (a request's fields go "
                              f"in its JSON body): {short_repr(request.url.query)} is refused, "
                              "not ignored")])
        try:
            return await handler(request)
        except Refused as exc:  # a limit reached
            response = problems([("(server)", exc.reason)], 503, limit=exc.limit)
            response.headers["Retry-After"] = "30"
            return response
        except ClientDisconnect:  # nobody reads the answer
            return problems([("(request)", "the client left before its request was read")])
        except Exception as exc:
            where = f"{request.method} /{request.url.path.split('/')[1]}"  # never a secret
            return server_error(failed(failures(where)), exc)
    return guarded


def server_error(reason: str, exc: BaseException) -> Response:
    """The answer to an error of the server's own: ``503`` with ``Retry-After`` for the
    storage's (an :class:`OSError`: a full disk, say, which may pass; or a table's files that
    are not a saved table, :class:`Unreadable`, until they are mended), ``500`` for any other
    (a bug); a JSON body either way."""
    if isinstance(exc, OSError | Unreadable):
        response = problems([("(server)", reason)], 503)
        response.headers["Retry-After"] = "30"
        return response
    return problems([("(server)", reason)], 500)


def read_again(data: Path, table_id: str) -> Table | None:
    """The table ``table_id`` read from the data folder (``None``: there is none), its file
    written whole, as at start-up: its journal folded in, and a last line cut off by a crash
    (which the read leaves out) gone before any action is appended after it. Raises
    :class:`Unreadable` for files that are not a saved table, and for a data folder gone."""
    try:
        table = load_table(data, table_id)
    except (StateError, ArgumentError) as exc:
        raise Unreadable(str(exc)) from None
    if table is not None:
        table.save(data, whole=True)
    return table
