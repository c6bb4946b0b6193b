"""The JSON Schemas of what a client is sent and sends, shipped in the package.

Four schemas (JSON Schema draft 2020-12), version :data:`SCHEMA_VERSION`:

``action``
   an action: its notation, or ``{"notation": ...}``
   (:meth:`Action.to_json <canasta_caliente.Action.to_json>`);
``view``
   a seat's or a spectator's view (:func:`~canasta_caliente.play.messages.client_view`);
``event``
   one event (:meth:`Event.to_json <canasta_caliente.Event.to_json>`);
``message``
   a client message (:func:`~canasta_caliente.client_message`).

>>> from canasta_caliente.play.schemas import schema
>>> schema("message")["title"]
'canasta-caliente client message (version 1)'

:func:`check_message` checks a message against them with the ``jsonschema`` package (the extra
``schemas``), raising :class:`~canasta_caliente.StateError` that names every field in error.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from .._extras import missing_extra
from ..errors import ArgumentError, StateError

__all__ = ["SCHEMA_NAMES", "SCHEMA_VERSION", "check_message", "schema"]

SCHEMA_VERSION = 1
"""The version of the shipped schemas (each title names it, and a message's ``schema`` field)."""

SCHEMA_NAMES = ("action", "view", "event", "message")
"""The schemas shipped, by name."""


def schema(name: str) -> dict[str, Any]:
    """The schema called ``name`` (one of :data:`SCHEMA_NAMES`) as JSON data; a fresh copy on
    each call. An unknown name is an :class:`~canasta_caliente.ArgumentError` listing the names."""
    if name not in SCHEMA_NAMES:
        raise ArgumentError(f"no schema {name!r}; the schemas are {', '.join(SCHEMA_NAMES)}")
    text = resources.files(__package__).joinpath("schemas", f"{name}.schema.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def check_message(data: Any) -> None:
    """Check that ``data`` is a client message of this version's schema; otherwise raise
    :class:`~canasta_caliente.StateError` naming each field in error and what is wrong with it
    (every problem at once). Needs the ``jsonschema`` package (the optional extra
    ``schemas``: ``pip install "canasta-caliente[schemas]"``)."""
    problems = sorted(_validator("message").iter_errors(data), key=lambda e: list(map(str, e.path)))
    if problems:
        lines = [f"{_path(e.absolute_path) or '(the message)'}: {e.message}" for e in problems]
        raise StateError("client message: " + "; ".join(lines))


@functools.cache
def _validator(name: str) -> Any:
    """A validator of the schema ``name``, its references resolved among the shipped schemas
    (built once: the schemas are constants of the package)."""
    try:
        import jsonschema
        from referencing import Registry, Resource
    except ImportError as exc:  # pragma: no cover - the suite has it
        raise ImportError(missing_extra("check_message", "schemas", exc.name)) from exc
    docs = [schema(n) for n in SCHEMA_NAMES]
    registry: Registry[Any] = Registry().with_resources(
        (doc["$id"], Resource.from_contents(doc)) for doc in docs)
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def _path(path: Any) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
