"""What a web table's clients send and how a refusal is written: a request's body (bounded by
:data:`~canasta_caliente.web.limits.BODY_LIMIT`, read no further), the organiser's rules, a
socket's message (:data:`REQUESTS`), and the JSON of a refusal.

Nothing here holds a table; :mod:`canasta_caliente.web.server` calls these.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import RuleSetError, short_repr
from ..rules.ruleset import RuleSet
from .limits import BODY_LIMIT, MESSAGE_LIMIT
from .tables import Refused

__all__ = ["NESTED_TOO_DEEPLY", "REQUESTS", "body", "failed", "parse_request", "problems",
           "read_body", "read_rules", "rules_asked"]

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


def failed(reference: str) -> str:
    """What a client is told of an error of the server's own: its reference in the log."""
    return (f"the server failed to handle this request (reference {reference} in its log); "
            "nothing was changed")


async def read_body(request: Request) -> bytes | None:
    """A request's body, or ``None`` when it is larger than
    :data:`~canasta_caliente.web.limits.BODY_LIMIT`: read no further than that (a length
    declared larger is not read at all)."""
    declared = request.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > BODY_LIMIT:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_LIMIT:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def body(request: Request) -> dict[str, Any] | Response:
    """A request's JSON object, or the 4xx response saying why it is not one."""
    text = await read_body(request)
    if text is None:
        return problems([("(request)", f"larger than {BODY_LIMIT} bytes")], 413,
                        limit="body_limit")
    try:
        data = json.loads(text)
    except ValueError:
        return problems([("(request)", "not a JSON document")])
    except RecursionError:
        return problems([("(request)", NESTED_TOO_DEEPLY)])
    if not isinstance(data, dict):
        return problems([("(request)", "expected a JSON object")])
    return data


async def rules_asked(request: Request) -> tuple[dict[str, Any], RuleSet] | Response:
    """A request's JSON object and the rules it names, or the 4xx response saying why not
    (every problem of the rules listed)."""
    data = await body(request)
    if isinstance(data, Response):
        return data
    try:
        return data, read_rules(data.get("rules"))
    except RuleSetError as exc:
        return problems(exc.problems or [("(rules)", str(exc))])


def problems(found: Any, status: int = 400, limit: str | None = None) -> Response:
    """A refusal: each problem a field and its reason, and the limit reached if one is."""
    answer: dict[str, Any] = {"problems": [[str(o), " ".join(str(m).split())]
                                           for o, m in found]}
    if limit is not None:
        answer["limit"] = limit
    return JSONResponse(answer, status_code=status)


def read_rules(value: Any) -> RuleSet:
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


def parse_request(text: str | None) -> tuple[str, dict[str, Any]]:
    """A socket message's type and fields (see :data:`REQUESTS`); raises :class:`Refused`
    saying what is wrong. ``None`` is a binary frame's text."""
    if text is None:
        raise Refused("malformed", "a binary message: the server reads text messages, each a "
                      "JSON object")
    if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_LIMIT:
        raise Refused("malformed", f"message larger than {MESSAGE_LIMIT} bytes",
                      limit="message_limit")
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
