"""A table in the browser: the ASGI application behind ``canasta-caliente serve``.

This subpackage needs the optional extra ``web`` (Starlette, uvicorn, websockets)::

    pip install "canasta-caliente[web]"

- :func:`app`: the application (Starlette), to run with uvicorn or mount in another ASGI
  server;
- ``server``: its routes, sockets and bots; ``sockets``: each open page's updates, sent by a
  sender of its own; ``workers``: the bots' decisions, off the event loop; ``protocol``: the
  reading of requests; ``answers``: the JSON of refusals and errors; ``limits``: what clients
  can make the server hold, bounded; ``tables``: the tables, their seats, links and files;
  ``board``: what a page draws besides its client message;
  ``static/``: the page's HTML, CSS and JavaScript, served as they are (no build step, nothing
  fetched from elsewhere). Each table's game is a
  :class:`~canasta_caliente.Match` of the game layer (:mod:`canasta_caliente.play`): its
  turn, its checks of the seat and the turn, its take-backs, its events and client messages;
  the bots are the levels of
  :func:`~canasta_caliente.get_bot`.

May import: any layer below it (an interface on top, beside :mod:`canasta_caliente.cli`) but
:mod:`canasta_caliente.testing` and :mod:`canasta_caliente.cli`; only the CLI's ``serve``
imports it, inside the command.
"""

from __future__ import annotations

from .._extras import missing_extra

try:
    import starlette as _starlette  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised in an environment without the extra
    raise ImportError(missing_extra("canasta_caliente.web", "web", exc.name)) from exc

from .server import app

__all__ = ["app"]
