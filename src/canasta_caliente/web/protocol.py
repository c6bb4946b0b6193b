"""What a web table's clients send and how a refusal is written: a request's body (bounded by
:data:`~canasta_caliente.web.limits.BODY_LIMIT`, read no further), the organiser's rules and
seats, a socket's message (:data:`REQUESTS`), the JSON of a refusal, and the host a request
to a server on this machine alone must name (:func:`local_only`). A field the server does not
read is refused, named, wherever it is sent: never ignored.

Nothing here holds a table; :mod:`canasta_caliente.web.server` calls these.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from ..errors import RuleSetError, short_repr
from ..players.levels import LEVEL_NAMES as LEVELS
from ..rules._documents import json_error_words, not_text
from ..rules.ruleset import OPTIONS, RuleSet
from ..rules.summary import house_changes
from .limits import BODY_LIMIT, MESSAGE_LIMIT
from .tables import NAME_LIMIT, Refused, Seat, is_text, level_words, new_secret

if TYPE_CHECKING:
    from ..players.search import ActionValue

__all__ = ["CHECK_FIELDS", "LOCAL_NAMES", "NESTED_TOO_DEEPLY", "REQUESTS", "SEAT_FIELDS",
           "TABLE_FIELDS", "body", "check_seats", "failed", "hint_message", "local_only",
           "parse_request", "problems", "read_body", "read_json", "read_rules", "routing_refusal",
           "rules_asked", "unknown_fields", "write_rules"]

REQUESTS: dict[str, frozenset[str]] = {
    "hello": frozenset({"since", "log"}),
    "act": frozenset({"action", "turn", "version"}),
    "undo": frozenset({"turn", "version"}),
    "hint": frozenset(),
}
"""What a client may send over its socket: each type with its fields (``type`` besides). ``hello``
asks for the table now and the events from number ``since`` on (a reconnecting page sends the
number it has, and the ``log`` of the last message it had: events it had of an action taken back
since are sent again as they are now; without a ``log``, every event is); ``act`` plays an
action (its notation, or ``{"notation": ...}``: :meth:`Action.from_json
<canasta_caliente.Action.from_json>`) at action number ``turn`` (and, when the page gives it, the
``version`` of the
update it was chosen from, which an action taken back never repeats: :attr:`Match.version
<canasta_caliente.Match.version>`); ``undo`` takes back the seat's last action (``turn`` and
``version`` as for ``act``); ``hint`` asks for the search's ranking of the legal actions."""

CHECK_FIELDS = frozenset({"rules"})
"""The fields of a request to check the rules (``POST /api/rules``)."""

TABLE_FIELDS = frozenset({"rules", "seats", "seed"})
"""The fields of a request to make a table (``POST /api/tables``)."""

SEAT_FIELDS = {"human": frozenset({"kind", "name"}),
               "bot": frozenset({"kind", "level", "name"})}
"""The fields of each kind of seat in a request to make a table (see :func:`check_seats`)."""

_PRESET_FORM = frozenset({"preset", "options"})
_FILE_FORM = frozenset({"file", "format"})
_OPTION_NAMES = frozenset(option.name for option in OPTIONS)

NESTED_TOO_DEEPLY = ("not a JSON document that can be read: nested too deeply (arrays or "
                     "objects inside each other hundreds of levels down)")
"""The reason given for a request or message whose JSON nests deeper than Python's parser goes
(it raises :class:`RecursionError`); what the server reads is a few levels deep."""


class _NotStrictJSON(ValueError):
    """What Python's JSON reader takes that JSON is not: ``NaN``, ``Infinity``, a name given
    twice in one object (the last one won)."""


def _no_constant(name: str) -> Any:
    raise _NotStrictJSON(f"{name} is not a JSON value")


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, value in pairs:
        if name in found:
            raise _NotStrictJSON(f"the name {short_repr(name)} is given twice in one object")
        found[name] = value
    return found


def read_json(text: str | bytes) -> Any:
    """The data of a request's or a message's JSON; raises :class:`ValueError` saying why it
    cannot be read, in a reader's words: where its syntax is wrong, bytes that are not UTF-8,
    nested too deeply (:data:`NESTED_TOO_DEEPLY`), a number longer than Python reads from
    text (4300 digits: no field takes more than 19), or what Python's reader takes that JSON
    is not (``NaN``, ``Infinity``, a name given twice in one object)."""
    try:
        if isinstance(text, bytes):  # UTF-8 alone, as JSON is sent (json.loads guesses UTF-16)
            text = text.decode("utf-8")
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_one_of_each)
    except _NotStrictJSON as exc:
        raise ValueError(f"not a JSON document: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON document: {json_error_words(exc)} at line "
                         f"{exc.lineno}, column {exc.colno}") from None
    except UnicodeDecodeError as exc:  # (the words of every reader of a file: not_text)
        raise ValueError(f"not a JSON document: {not_text(exc.object, exc)}") from None
    except RecursionError:
        raise ValueError(NESTED_TOO_DEEPLY) from None
    except ValueError:  # an integer longer than Python reads from text
        raise ValueError("not a JSON document that can be read: a number of more than "
                         f"{sys.get_int_max_str_digits()} digits (no field takes one of more "
                         "than 19)") from None


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


def json_content_refusal(request: Request) -> str | None:
    """Why a request's body is not declared JSON, or ``None`` if it is: a ``POST`` of the API
    must say ``Content-Type: application/json`` (a ``charset`` may follow).

    A web page of another site can make a visitor's browser send a ``POST`` to this server
    (one on ``127.0.0.1`` included) without asking anyone first only as a "simple" request:
    a form's types or ``text/plain``, never ``application/json``, for which the browser first
    asks the server whether it allows the other site, and this server allows none. Read as
    JSON whatever its type, a body sent as ``text/plain`` would let any site a person visits
    make tables on their server."""
    declared = request.headers.get("content-type", "")
    if declared.split(";", 1)[0].strip().lower() == "application/json":
        return None
    return ("the body must be sent as JSON, with 'Content-Type: application/json' ("
            + (f"not {short_repr(declared)})" if declared else "the request had none)"))


async def body(request: Request) -> dict[str, Any] | Response:
    """A request's JSON object, or the 4xx response saying why it is not one (a body not
    declared JSON: :func:`json_content_refusal`, ``415``)."""
    refusal = json_content_refusal(request)
    if refusal is not None:
        return problems([("(request)", refusal)], 415)
    text = await read_body(request)
    if text is None:
        return problems([("(request)", f"larger than {BODY_LIMIT} bytes")], 413,
                        limit="body_limit")
    try:
        data = read_json(text)
    except ValueError as exc:
        return problems([("(request)", str(exc))])
    if not isinstance(data, dict):
        return problems([("(request)", "expected a JSON object")])
    return data


async def rules_asked(request: Request, fields: frozenset[str]
                      ) -> tuple[dict[str, Any], RuleSet] | Response:
    """A request's JSON object and the rules it names, or the 4xx response saying why not:
    every problem of the rules listed, and a field not among ``fields`` (:data:`CHECK_FIELDS`,
    :data:`TABLE_FIELDS`) refused, named."""
    data = await body(request)
    if isinstance(data, Response):
        return data
    found: list[tuple[str, str]] = []
    extra = unknown_fields(data, fields)
    if extra:
        *first, last = sorted(fields)
        found.append(("(request)", f"{extra}: this request takes only "
                      + (f"{', '.join(first)} and {last}" if first else last)))
    try:
        rules = read_rules(data.get("rules"))
    except RuleSetError as exc:
        found.extend(exc.problems or [("(rules)", str(exc))])
    if found:
        return problems(found)
    return data, rules


def problems(found: Any, status: int = 400, limit: str | None = None) -> Response:
    """A refusal: each problem a field and its reason, and the limit reached if one is."""
    answer: dict[str, Any] = {"problems": [[str(o), " ".join(str(m).split())]
                                           for o, m in found]}
    if limit is not None:
        answer["limit"] = limit
    return JSONResponse(answer, status_code=status)


def routing_refusal(request: Request, exc: Exception, addresses: str) -> Response:
    """The answer to a request no route takes (Starlette's :class:`HTTPException`): a path the
    server does not have (404), or a method its address does not take (405, with ``Allow``).
    Under ``/api/``, a JSON refusal, as every refusal of the API is, naming the API's
    ``addresses``; elsewhere (a page's path, visited by a browser), Starlette's line of plain
    text."""
    assert isinstance(exc, HTTPException)  # the only exception this answers
    path, status = request.url.path, exc.status_code
    if not (path == "/api" or path.startswith("/api/")) or status not in (404, 405):
        return PlainTextResponse(exc.detail, status_code=status, headers=exc.headers)
    what = (f"{short_repr(path)} does not take {request.method}" if status == 405
            else f"{short_repr(path)} is not an address of the API")
    response = problems([("(request)", f"{what}; its addresses are {addresses}")], status)
    response.headers.update(exc.headers or {})
    return response


def unknown_fields(names: Iterable[str], known: frozenset[str]) -> str | None:
    """``"unknown field 'x'"`` (or ``"unknown fields 'x', 'y'"``, the first five and how many
    more) naming the ``names`` (an object's keys) not in ``known``; ``None`` when there is none.
    Each name is quoted as :func:`repr` does: a lone surrogate in it cannot be sent as it is."""
    extra = sorted(set(names) - known)
    if not extra:
        return None
    names = ", ".join(short_repr(name) for name in extra[:5])
    more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
    return f"unknown field{'s' * (len(extra) > 1)} {names}{more}"


def read_rules(value: Any) -> RuleSet:
    """The rules the organiser chose: ``{"preset": name, "options": {...}}`` or ``{"file":
    text, "format": "toml"|"json"}``; raises :class:`~canasta_caliente.RuleSetError` listing
    every problem. Any other field is refused, never ignored: a rule option written beside
    ``"preset"`` is told it belongs under ``"options"``, and beside a file that it is written
    in the file; a ``"preset"`` among the options (which would override the preset named) is
    told the preset is named as ``rules.preset``."""
    if isinstance(value, str):  # (a preset's name, as web.app takes it: said how it is sent)
        raise RuleSetError([("rules", f'expected an object: a preset is sent as {{"preset": '
                             f'{json.dumps(value[:60])}}}, a file as {{"file": text, "format": '
                             '"toml"}')])
    if not isinstance(value, dict):
        raise RuleSetError([("rules", "expected an object")])
    is_file = "file" in value
    found = _misplaced(value, is_file)
    try:
        if is_file:
            text, fmt = value["file"], value.get("format", "toml")
            if not isinstance(text, str):
                raise RuleSetError([("file", "expected the file's text (a string)")])
            if fmt not in ("toml", "json"):
                raise RuleSetError([("format", f"expected toml or json, not "
                                               f"{short_repr(fmt)}")])
            rules = RuleSet.from_toml(text) if fmt == "toml" else RuleSet.from_json(text)
        else:
            options = value.get("options", {})
            if not isinstance(options, dict):
                raise RuleSetError([("options", "expected an object")])
            if "preset" in options:  # it would override the preset named beside the options
                found.append(("options", "'preset' is not an option: the preset is named as "
                              'rules.preset, beside the options: {"preset": name, "options": '
                              "{...}}"))
                options = {k: v for k, v in options.items() if k != "preset"}
            preset = value.get("preset", "caliente")
            if preset is None:  # (JSON's null: from_dict reads no preset as the defaults)
                raise RuleSetError([("preset", "expected a preset name, got null; presets: "
                                     + ", ".join(RuleSet.preset_names()))])
            rules = RuleSet.from_dict({"preset": preset, **options})
    except RuleSetError as exc:
        raise RuleSetError([*found, *exc.problems]) from None
    if found:
        raise RuleSetError(found)
    return rules


def write_rules(rules: RuleSet) -> dict[str, Any]:
    """``rules`` as a client writes them, ``{"preset": name, "options": {...}}``, which
    :func:`read_rules` reads back: the preset closest to them
    (:func:`~canasta_caliente.rules.summary.closest_preset`, as ``rules show`` names it) and the
    options that differ from it, each with its whole value but ``card_values``, whose cards of
    CARD-3's values are left out, as the option reads them (``{"JK": 40}``, not the 16 cards).
    What ``GET /api/setup`` offers first, as ``default_rules``."""
    preset, changed = house_changes(rules)
    return {"preset": preset, "options": dict(changed)}


def _misplaced(value: dict[str, Any], is_file: bool) -> list[tuple[str, str]]:
    """The problems of the fields of a rules object that are not its form's (see
    :func:`read_rules`): the rule options among them, and the others."""
    extra = set(value) - (_FILE_FORM if is_file else _PRESET_FORM)
    options = [name for name in extra if name in _OPTION_NAMES]
    others = [name for name in extra if name not in _OPTION_NAMES]
    found = []
    if options:
        where = ("with a house-rules file, rule options are written in the file" if is_file
                 else 'rule options belong under "options": {"preset": ..., "options": '
                 '{...}}')
        found.append(("rules", f"{unknown_fields(options, frozenset())}: {where}"))
    if others:
        form = ('{"file": text, "format": "toml" or "json"} (its preset and options written '
                'in the file)' if is_file else '{"preset": name, "options": {...}}')
        found.append(("rules", f"{unknown_fields(others, frozenset())}: the rules are {form}"))
    return found


def hint_message(turn: int, version: str, seconds: float,
                 ranked: Sequence[ActionValue]) -> dict[str, Any]:
    """A ``hint`` message: the five actions the search (of ``seconds``) ranked first, for the
    table at ``turn`` and ``version`` (:attr:`Match.version <canasta_caliente.Match.version>`,
    which a page compares with its update's: a take-back and another action since give the
    same turn again, where the hint's actions may not be legal)."""
    return {"type": "hint", "turn": turn, "version": version,
            "budget": f"{seconds:g} s of search",
            "ranked": [{"notation": str(a.action), "value": round(a.value, 3),
                        "lead": round(a.lead), "visits": a.visits} for a in ranked[:5]]}


def read_as(name: str) -> str:
    """A name as a reader tells it from another: without the characters that show nothing
    of their own (:data:`_UNSEEN`: "\U0001f600\ufe0f" is "\U0001f600"), in its compatible
    form (NFKC: "ﬁ" is "fi"), case folded ("ANN" is "Ann")."""
    return unicodedata.normalize("NFKC", name.translate(_UNSEEN)).casefold()


_HIDDEN = frozenset({"Cc", "Cf"})
"""The Unicode categories of characters a page shows as nothing (controls, and formats: the
zero-width space, the right-to-left override), refused in a name: one would pass for
another."""

_JOINER = "\u200d"
"""The zero-width joiner, a format character that joins emoji (a family of three is one
picture) and the letters of Indic scripts (Sinhala's "\u0dc1\u0dca\u200d\u0dbb\u0dd3", Sri):
allowed in a name there (see :func:`_joins`), shown as nothing anywhere else ("A\u200dnn"
passed for "Ann")."""

_EMOJI_VARIANT = "\ufe0f"
"""The variation selector that shows the character before it as an emoji ("\u2764\ufe0f")."""

_WORD_BREAKS = re.compile(r"[\s\-\u2010-\u2015]+")
"""What separates the words of a name, for :data:`_LOOKALIKE_SCRIPTS`: spaces and hyphens
("Ivan-\u0418\u0432\u0430\u043d" is two words; "Ann'\u0430", a Cyrillic a, is one)."""

_SHOWN_AS_NOTHING = frozenset("\u115f\u1160\u3164\uffa0")
"""Letters a page shows as nothing, the Hangul fillers: refused, as :data:`_HIDDEN`'s are."""

_UNSEEN = dict.fromkeys([0x34F, 0x200D, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
                         *range(0xE0100, 0xE01F0)])
"""What :func:`read_as` leaves out: the marks that show nothing of their own but change how
the character before them is drawn (the variation selectors of emoji, of CJK ideographs in
Japanese names and of Mongolian letters; the grapheme joiner), and the zero-width joiner.
They are a name's own, but two names that differ by them alone are one name."""

_LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "LATIN")
"""The scripts whose letters pass for one another's ("a" and the Cyrillic "\u0430"): a word
of a name may have letters of one of them only (a name's words may differ: "Ivan
\u0418\u0432\u0430\u043d")."""

_SEAT_NAME = re.compile(r"seat \d+")
"""The name events give a seat with no name of its own ("Seat 2"), as :func:`read_as`
reads it."""


def _hidden(name: str, at: int) -> bool:
    """Whether ``name[at]`` is a character a page shows as nothing where it stands: a control
    or a format (:data:`_HIDDEN`; the zero-width joiner only where it joins nothing:
    :func:`_joins`), or a Hangul filler (:data:`_SHOWN_AS_NOTHING`)."""
    c = name[at]
    if c == _JOINER:
        return not _joins(name, at)
    return unicodedata.category(c) in _HIDDEN or c in _SHOWN_AS_NOTHING


def _joins(name: str, at: int) -> bool:
    """Whether the zero-width joiner at ``name[at]`` joins what it is for: two emoji (a
    symbol before it, or its skin tone or emoji variant; a symbol or an arrow after it), or
    an Indic script's letters (a virama, the mark that joins consonants, beside it)."""
    before = name[at - 1] if at > 0 else " "
    after = name[at + 1] if at + 1 < len(name) else " "
    if unicodedata.combining(before) == 9 or unicodedata.combining(after) == 9:
        return True  # (a virama: canonical combining class 9)
    if before == _EMOJI_VARIANT and at > 1:
        before = name[at - 2]
    return (unicodedata.category(before) in ("So", "Sk")
            and (unicodedata.category(after) == "So" or "\u2190" <= after <= "\u21ff"))


def name_refusal(name: str, seat: int) -> str | None:
    """Why a seat's name (its spaces already collapsed) would mislead the players, or
    ``None``: it holds a character a page shows as nothing, a word of it mixes letters that
    look alike (Latin, Greek, Cyrillic), it is "you" (the events speak to each player as
    "you"), another seat's default name ("Seat 2" for seat 0), or ends as a bot's seat name
    does (" (level-1 bot)"). The page puts names in as text, never as HTML; these pass for
    someone else."""
    hidden = next((c for i, c in enumerate(name) if _hidden(name, i)), None)
    if hidden is not None:
        return (f"holds U+{ord(hidden):04X}, a character a page shows as nothing (a control, "
                "a format character, a filler, or a joiner where it joins nothing): it could "
                "pass for another name")
    for word in _WORD_BREAKS.split(name):
        # (each letter as read: the Kelvin sign is a Latin K, a full-width A a Latin A)
        scripts = sorted({script for c in unicodedata.normalize("NFKC", word)
                          for script in _LOOKALIKE_SCRIPTS
                          if unicodedata.name(c, "").startswith(script + " ")})
        if len(scripts) > 1:
            return (f"mixes {' and '.join(s.title() for s in scripts)} letters in a word, "
                    "which look alike: it could pass for another name")
    read = read_as(name)
    if read == "you":
        return "is what the events call each player: the log would read 'you' for another"
    if _SEAT_NAME.fullmatch(read) and read != f"seat {seat}":
        return "is another seat's name when it has none of its own: the log would mix them"
    if any(read.endswith(read_as(level_words(level))) for level in LEVELS):
        return ("ends as a bot's seat name does: give the name alone (a bot's level is "
                "chosen apart: the seat's 'level')")
    return None


def check_seats(players: int, seats: Any) -> list[Seat]:
    """The seats an organiser asked for: one entry per seat, each ``{"kind": "human", "name":
    ...}`` or ``{"kind": "bot", "level": "level-2", "name": ...}`` (:data:`SEAT_FIELDS`; the
    name optional, "Seat 2" unless given); raises :class:`Refused` naming what is wrong, an
    unknown field included, and two seats of one name (the log would read them as one)."""
    if not isinstance(seats, list) or len(seats) != players:
        raise Refused("malformed", f"seats: expected a list of {players} seats")
    out: list[Seat] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise Refused("malformed", f"seats[{i}]: expected an object")
        kind, name = seat.get("kind"), seat.get("name", f"Seat {i}")
        if not isinstance(name, str):
            raise Refused("malformed", f"seats[{i}].name: expected a string (a name of at most "
                          f"{NAME_LIMIT} characters), not {short_repr(name)}")
        if len(name) > NAME_LIMIT:
            raise Refused("malformed", f"seats[{i}].name: at most {NAME_LIMIT} characters, not "
                          f"{len(name)}")
        if not is_text(name):
            raise Refused("malformed", f"seats[{i}].name: {short_repr(name)} is not text: it "
                          "holds a lone surrogate (half of a UTF-16 pair), which no page can be "
                          "sent")
        name = " ".join(name.split()) or f"Seat {i}"
        refused = name_refusal(name, i)
        if refused:
            raise Refused("malformed", f"seats[{i}].name: {short_repr(name)} {refused}")
        if isinstance(kind, str) and kind in SEAT_FIELDS:
            extra = unknown_fields(seat, SEAT_FIELDS[kind])
            if extra:
                raise Refused("malformed", f"seats[{i}]: {extra}: a {kind} seat's fields are "
                              f"{', '.join(sorted(SEAT_FIELDS[kind]))}")
        if kind == "human":
            out.append(Seat(name, secret=new_secret()))
        elif kind == "bot":
            level = seat.get("level")
            if level not in LEVELS:
                raise Refused("malformed",
                              f"seats[{i}].level: one of {', '.join(LEVELS)}, "
                              f"not {short_repr(level)}")
            out.append(Seat.bot(name, level))
        else:
            raise Refused("malformed", f"seats[{i}].kind: 'human' or 'bot', "
                          f"not {short_repr(kind)}")
    if not any(not s.is_bot for s in out):
        raise Refused("malformed", "seats: at least one seat must be a person's")
    first: dict[str, int] = {}  # a name as read: the first seat of that name
    for i, seat_made in enumerate(out):
        other = first.setdefault(read_as(seat_made.called), i)
        if other != i:
            raise Refused("malformed", f"seats[{i}].name: {short_repr(seat_made.called)} is "
                          f"seat {other}'s name too: the log names each seat by its name, so "
                          "each needs its own")
    return out


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
        data = read_json(text)
    except ValueError as exc:
        raise Refused("malformed", str(exc)) from None
    if not isinstance(data, dict):
        raise Refused("malformed", "expected a JSON object")
    kind = data.pop("type", None)
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise Refused("malformed", f"type: one of {', '.join(REQUESTS)} (a string), "
                      f"not {short_repr(kind)}")
    extra = unknown_fields(data, REQUESTS[kind])
    if extra:
        raise Refused("malformed", f"{kind}: {extra}")
    return kind, data


LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The names of this machine a request to a server listening on it alone may give as its host
(see :func:`local_only`)."""


def _host_name(host: str) -> str | None:
    """The name a ``Host`` header gives (``[::1]`` of ``[::1]:8000``), in lower case; ``None``
    for one that is not a name and an optional port (``[::1]evil.example``)."""
    if host.startswith("["):
        end = host.find("]") + 1
        name, port = host[:end], host[end:]
    else:
        name, colon, number = host.partition(":")
        port = colon + number
    if not name or (port and not (port[0] == ":" and port[1:].isdecimal())):
        return None
    return name.lower()


def local_only(application: ASGIApp) -> ASGIApp:
    """``application`` answering only requests whose ``Host`` is one of :data:`LOCAL_NAMES`
    (any port): the rest get ``403`` saying so (a JSON refusal under ``/api/``), a socket's
    handshake too. ``serve`` listening on this machine alone wraps its application so.

    A page of another site can make its own name point to ``127.0.0.1`` once it is loaded
    (DNS rebinding): the visitor's browser then takes this server for that site, and lets
    its page send it any request and read the answers, ``Content-Type: application/json``
    included (:func:`json_content_refusal`). Such a request names that site as its host."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            if _host_name(host) not in LOCAL_NAMES:
                said = short_repr(host) if host else "none"
                reason = (f"forbidden: this server answers to {', '.join(LOCAL_NAMES)} only "
                          f"(the host the request named), not {said}")
                path = scope.get("path", "")
                response = (problems([("(request)", reason)], 403)
                            if path == "/api" or path.startswith("/api/")
                            else PlainTextResponse(reason, status_code=403))
                if scope["type"] == "websocket":
                    await WebSocket(scope, receive, send).send_denial_response(response)
                else:
                    await response(scope, receive, send)
                return
        await application(scope, receive, send)
    return guarded
