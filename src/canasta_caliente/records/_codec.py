"""JSON encoding, and validated decoding, of the parts of a game state.

Shared by :mod:`canasta_caliente.records.storage` (states and game records) and
:mod:`canasta_caliente.views` (views). Decoding never stops at the first problem: every reader
takes a :class:`Problems` collector and a path (``table.hands[2][4]``), records what is wrong
there and returns ``None``, so one :class:`~canasta_caliente.StateError` can list every problem
of a document, each with its place.
"""

from __future__ import annotations

import difflib
import enum
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .._arguments import as_integer
from .._limits import MAX_INT_BITS
from ..cards import Card, counts_from_cards
from ..errors import CanastaTypeError, NotationError, RuleSetError, StateError, describe_value
from ..rules._documents import json_error_words, unmarked
from ..rules.ruleset import RuleSet

__all__ = [
    "KINDS",
    "RECORD_FORMAT",
    "RULES_VERSION",
    "STATE_FORMAT",
    "VIEW_FORMAT",
    "Problems",
    "cards_out",
    "pretty_json",
    "read_document",
]

RULES_VERSION = 2
"""The version of the rules this package plays and reads in documents. It changes when a rule
change makes old documents mean something else; a document of a version it cannot read is
refused. Version 2 turned the ``classic`` preset's up card until it is a natural (READ-1) and
added the options of READ-1 to READ-8."""

READABLE_RULES_VERSIONS = frozenset({1, RULES_VERSION})
"""Versions read. A version-1 document names every option of its rules, and the options
version 2 added default to version 1's rules, so it still means what it meant."""

MAX_DEPTH = 16
"""The deepest nesting of lists and objects a document may have (a state document nests 5
levels); deeper documents are refused before they are read."""

E = TypeVar("E", bound=enum.Enum)

MISSING: Any = object()
"""Stands for a missing required field; every reader returns ``None`` for it silently (the
missing field is reported once, by :func:`fields`)."""



MAX_LISTED = 20
"""The most problems a :class:`StateError`'s message lists (it counts them all, and its
``problems`` holds them all): a wrong value the whole document repeats, a seed shared by
thousands of games, is one problem a game, and a message of thousands of lines is read by
no one."""


class Problems:
    """Collects every problem found while a document is read, each with its path."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []
        """Each problem: its path (empty for the document itself) and what is wrong there."""

    def add(self, path: str, message: str) -> None:
        """Record a problem at ``path`` (empty for the document itself)."""
        self.found.append((path, message))

    def __len__(self) -> int:
        return len(self.found)

    def raise_if_any(self, what: str) -> None:
        """Raise one :class:`StateError` listing the problems (the first
        :data:`MAX_LISTED` of them), if there is any; its ``problems`` holds every one."""
        if self.found:
            count = len(self.found)
            lines = [f"{path}: {message}" if path else message
                     for path, message in self.found[:MAX_LISTED]]
            if count > MAX_LISTED:
                lines.append(f"... and {count - MAX_LISTED} more")
            error = StateError(f"invalid {what} ({count} problem{'s' if count != 1 else ''}):"
                               "\n  " + "\n  ".join(lines))
            error.problems = tuple(self.found)
            raise error


def join(path: str, key: str | int) -> str:
    """The path of a field or an element under ``path``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def kind(value: Any) -> str:
    """The JSON kind of a value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - json.loads makes nothing else


# ---------------------------------------------------------------------------------------------
# Reading


def _path_hint(text: str | bytes | bytearray) -> str:
    """For JSON text that does not parse: a hint where it reads as a file's name (one short
    line ending in ``.json``, which no JSON document does), that the text is wanted."""
    if (isinstance(text, str) and len(text) <= 200 and "\n" not in text
            and text.strip().lower().endswith(".json")):
        return (f" (this reads as a file's name, {text.strip()!r}: give the file's contents, "
                "Path(name).read_bytes())")
    return ""


def read_document(text: str | bytes | bytearray, what: str) -> Any:
    """Parse JSON text, refusing bad JSON and repeated fields with a :class:`StateError`."""
    if not isinstance(text, str | bytes | bytearray):
        hint = ""
        if isinstance(text, os.PathLike):
            hint = " (a path: give the file's contents, path.read_bytes())"
        elif callable(getattr(text, "read", None)):
            hint = " (an open file: give its contents, file.read())"
        raise CanastaTypeError(f"expected JSON text, not {type(text).__name__}{hint}")
    repeated: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                repeated.append(key)
            out[key] = value
        return out

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        data = json.loads(unmarked(text), object_pairs_hook=pairs,
                          parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise StateError(f"invalid {what}: invalid JSON at line {exc.lineno}, column "
                         f"{exc.colno}: {json_error_words(exc)}{_path_hint(text)}") from None
    except RecursionError:
        raise StateError(f"invalid {what}: lists and objects nested too deep (a document "
                         f"nests at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's own words, of too many digits
            raise StateError(f"invalid {what}: an integer of more than "
                             f"{sys.get_int_max_str_digits()} digits (no number of a document "
                             "is so long)") from None
        raise StateError(f"invalid {what}: invalid JSON: {exc}") from None
    if repeated:
        raise StateError(f"invalid {what}: a field appears twice in one object: "
                         + ", ".join(_short(k) for k in sorted(set(repeated))))
    return data


def check_shape(data: Any, what: str) -> None:
    """Refuse, with a :class:`StateError`, data nested deeper than :data:`MAX_DEPTH` levels,
    data that contains itself, or an integer of more than :data:`MAX_INT_BITS` bits. Linear in
    the data's size: each list or object is explored at most once per depth."""
    done: dict[int, int] = {}  # id -> the least depth it was explored from
    on_path: set[int] = set()
    stack: list[tuple[Any, int, bool]] = [(data, 1, False)]
    while stack:
        value, depth, leaving = stack.pop()
        key = id(value)
        if leaving:
            on_path.discard(key)
            done[key] = depth
            continue
        if key in on_path:
            raise StateError(f"invalid {what}: a list or object contains itself")
        if depth > MAX_DEPTH:
            raise StateError(f"invalid {what}: lists and objects nested more than "
                             f"{MAX_DEPTH} levels deep")
        if done.get(key, MAX_DEPTH + 1) <= depth:
            continue
        on_path.add(key)
        stack.append((value, depth, True))
        for item in value.values() if isinstance(value, dict) else value:
            if type(item) is list and depth < MAX_DEPTH and not _nests(item, what):
                continue  # a list of plain values (cards, scores): checked, nothing to follow
            if isinstance(item, dict | list):
                stack.append((item, depth + 1, False))
            else:
                _plain(item, what)


def _nests(items: list[Any], what: str) -> bool:
    """Whether a list holds a list or an object; its plain values are checked meanwhile."""
    for item in items:
        if type(item) is not str:
            if isinstance(item, dict | list):
                return True
            _plain(item, what)
    return False


def _plain(value: Any, what: str) -> None:
    """Refuse an integer of more than :data:`MAX_INT_BITS` bits."""
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise StateError(f"invalid {what}: an integer of {value.bit_length()} bits; a "
                         f"document holds integers of at most {MAX_INT_BITS} bits")


def _short(value: Any, limit: int = 40) -> str:
    """A value for a message: a string quoted and cut to ``limit`` characters, anything else by
    its JSON kind."""
    if isinstance(value, str):
        text = repr(value[:limit])
        return text if len(value) <= limit else text[:-1] + "...'"
    return kind(value)


_HINTS = 20
"""How many unknown fields of one object get a "did you mean" suggestion."""


def fields(
    p: Problems, path: str, value: Any, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any] | None:
    """An object with these fields (``optional`` ones may be absent). A problem is recorded per
    unknown or missing field; missing required fields read as :data:`MISSING`, so the other
    fields are still checked. ``None`` if ``value`` is not an object."""
    if value is MISSING:
        return None
    if not isinstance(value, dict):
        p.add(path, f"expected an object, got {kind(value)}")
        return None
    known = (*required, *optional)
    out = dict(value)
    hints = _HINTS  # the first few unknown fields get a suggestion (difflib is slow)
    for key in value:
        if not isinstance(key, str):
            p.add(path, f"a field named by {kind(key)}: field names are strings")
        elif key not in known:
            hints -= 1
            close = difflib.get_close_matches(key[:64], known, n=1) if hints >= 0 else []
            p.add(join(path, _short(key)[1:-1]), "unknown field"
                  + (f" (did you mean {close[0]!r}?)" if close else ""))
    for key in required:
        if key not in value:
            p.add(join(path, key), "missing field")
            out[key] = MISSING
    return out


def get_int(
    p: Problems, path: str, value: Any, *, low: int | None = None, high: int | None = None
) -> int | None:
    """An integer within ``[low, high]``."""
    if value is MISSING:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        p.add(path, f"expected an integer, got {kind(value)}")
        return None
    if value.bit_length() > MAX_INT_BITS:
        p.add(path, f"an integer of {value.bit_length()} bits is out of range (at most "
              f"{MAX_INT_BITS} bits)")
        return None
    if low is not None and value < low:
        p.add(path, f"must be at least {low}, got {value}")
        return None
    if high is not None and value > high:
        p.add(path, f"must be at most {high}, got {value}")
        return None
    return value


def get_bool(p: Problems, path: str, value: Any) -> bool | None:
    """A boolean."""
    if value is MISSING:
        return None
    if not isinstance(value, bool):
        p.add(path, f"expected true or false, got {kind(value)}")
        return None
    return value


def get_str(p: Problems, path: str, value: Any) -> str | None:
    """A string."""
    if value is MISSING:
        return None
    if not isinstance(value, str):
        p.add(path, f"expected a string, got {kind(value)}")
        return None
    return value


def get_list(p: Problems, path: str, value: Any) -> list[Any] | None:
    """A list."""
    if value is MISSING:
        return None
    if not isinstance(value, list):
        p.add(path, f"expected a list, got {kind(value)}")
        return None
    return value


T = TypeVar("T")


def get_each(
    p: Problems, path: str, value: Any, read: Callable[[Problems, str, Any], T | None]
) -> list[T] | None:
    """A list whose every element ``read`` accepts."""
    items = get_list(p, path, value)
    if items is None:
        return None
    out: list[T] = []
    ok = True
    for i, item in enumerate(items):
        got = read(p, join(path, i), item)
        if got is None:
            ok = False
        else:
            out.append(got)
    return out if ok else None


def get_card(p: Problems, path: str, value: Any) -> Card | None:
    """A card code."""
    if value is MISSING:
        return None
    if not isinstance(value, str):
        p.add(path, f"expected a card code, got {kind(value)}")
        return None
    try:
        return Card.parse(value)
    except NotationError:
        p.add(path, f"unknown card code {_short(value)}")
        return None


_BY_CODE = {card.code: card for card in Card}


def get_cards(p: Problems, path: str, value: Any) -> tuple[Card, ...] | None:
    """A list of card codes."""
    if isinstance(value, list):
        try:  # the usual case, every code as dumps writes it: one lookup per card
            return tuple([_BY_CODE[code] for code in value])
        except (KeyError, TypeError):
            pass
    got = get_each(p, path, value, get_card)
    return None if got is None else tuple(got)


def get_counts(p: Problems, path: str, value: Any) -> tuple[int, ...] | None:
    """A list of card codes, as counts."""
    cards = get_cards(p, path, value)
    return None if cards is None else counts_from_cards(cards)


def get_known(
    p: Problems, path: str, value: Any, players: int | None
) -> tuple[tuple[int, ...], ...] | None:
    """The known cards of each seat (:attr:`Table.known <canasta_caliente.state.Table.known>`):
    a list with one list of card codes per seat, or no entry at all (an empty list) when nothing
    is known. Read as ``()`` when all are empty; whether they fit the hands is checked with the
    whole state (:func:`~canasta_caliente.records.invariants.known_problems`)."""
    rows = get_each(p, path, value, get_counts)
    if rows is None:
        return None
    if not rows:
        return ()
    if players is not None and len(rows) != players:  # (empty lists too: one a seat)
        p.add(path, f"expected one list of cards per seat ({players}), got {len(rows)}")
        return None
    return tuple(rows) if any(map(any, rows)) else ()


def known_out(known: Sequence[Sequence[int]], players: int) -> list[list[str]]:
    """The known cards of each seat, one list of codes per seat (empty ones when nothing is
    known)."""
    if not known:
        return [[] for _ in range(players)]
    return [counts_out(row) for row in known]


def get_enum(p: Problems, path: str, value: Any, names: Iterable[E]) -> E | None:
    """One of ``names``, written as its ``enum_text``."""
    if value is MISSING:
        return None
    allowed = {enum_text(m): m for m in names}
    if isinstance(value, str) and value in allowed:
        return allowed[value]
    p.add(path, f"expected one of {', '.join(allowed)}, got {_short(value)}")
    return None


def enum_text(member: enum.Enum) -> str:
    """How an enum member is written in documents: its value, or its lowercase name."""
    value = member.value
    return value if isinstance(value, str) else member.name.lower()


def get_seat(p: Problems, path: str, value: Any, players: int | None) -> int | None:
    """A seat number of a table of ``players``."""
    return get_int(p, path, value, low=0, high=None if players is None else players - 1)


def get_ranks(p: Problems, path: str, value: Any) -> int | None:
    """A list of natural ranks, as a bit mask."""
    cards = get_cards(p, path, value)
    if cards is None:
        return None
    mask = 0
    for i, card in enumerate(cards):
        if not card.is_natural:
            p.add(join(path, i), f"expected a natural rank, got {card}")
            return None
        if mask >> card & 1:
            p.add(join(path, i), f"rank {card} is listed twice")
            return None
        mask |= 1 << card
    return mask


def get_rules(p: Problems, path: str, value: Any) -> RuleSet | None:
    """A RuleSet document; its own errors are reported under ``path``."""
    if value is MISSING:
        return None
    if not isinstance(value, dict):
        p.add(path, f"expected an object, got {kind(value)}")
        return None
    try:
        return RuleSet.from_dict(value)
    except RuleSetError as exc:
        p.add(path, "invalid RuleSet: " + "; ".join(f"{o}: {m}" for o, m in exc.problems))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # RuleSet.from_dict is meant to raise RuleSetError alone; whatever else it raises on
        # data no RuleSet wrote is still reported here as a problem of the document.
        p.add(path, f"invalid RuleSet: {type(exc).__name__}: {str(exc)[:200]}")
    return None


def read_game_document(
    p: Problems, data: Any, fmt: str, what: str, names: Sequence[str],
    optional: Sequence[str] = (),
) -> tuple[dict[str, Any], RuleSet | None, int | None, int | None]:
    """The common start of a state or view document: the header checked, the fields of
    ``names`` present (``package_version`` and those of ``optional`` may be), and the rules
    read. Returns the fields, the rules, and the numbers of players and sides (``None`` where
    the rules are unusable)."""
    check_header(p, data, fmt, what)
    doc = fields(p, "", data, names, ("package_version", *optional))
    assert doc is not None  # check_header has seen an object
    rules = get_rules(p, "rules", doc["rules"])
    if rules is None:
        return doc, None, None, None
    return doc, rules, rules.players, len(rules.layout)


STATE_FORMAT = "canasta-caliente/state"
"""The ``format`` of a state document (:func:`canasta_caliente.dumps`)."""
RECORD_FORMAT = "canasta-caliente/record"
"""The ``format`` of a game record document."""
VIEW_FORMAT = "canasta-caliente/view"
"""The ``format`` of a view document."""

KINDS = {STATE_FORMAT: "a game's state", RECORD_FORMAT: "a game record",
         VIEW_FORMAT: "a seat's view"}
"""What each of the library's documents is, by its ``format``: said when a reader of another
is given one (in words, not a call: a command's user reads them too)."""


def check_header(p: Problems, data: Any, fmt: str, what: str) -> dict[str, Any]:
    """Check a document's ``format`` and ``rules_version``; raise at once if this package cannot
    read it (the rest would mean something else)."""
    if not isinstance(data, dict):
        raise StateError(f"invalid {what}: expected a JSON object, got {kind(data)}")
    check_shape(data, what)
    header = Problems()
    found = data.get("format")
    marker = data.get("schema")
    if found is None and isinstance(marker, dict) and isinstance(marker.get("name"), str):
        # A study's result (or a client message) names its kind in "schema" instead.
        raise StateError(f"invalid {what}: this is a {_short(marker['name'])} document (its "
                         f"\"schema\" says so), not a {what}")
    if found is None:
        header.add("format", f"missing field (expected {fmt!r})")
    elif found != fmt:
        given = KINDS.get(found) if isinstance(found, str) else None
        header.add("format", f"expected {fmt!r}, got {_short(found)}"
                   + (f": this is {given}, not {KINDS[fmt]}" if given and fmt in KINDS else ""))
    version = data.get("rules_version")
    if version is None:
        header.add("rules_version", "missing field")
    elif not isinstance(version, int) or isinstance(version, bool):
        header.add("rules_version", f"expected an integer, got {kind(version)}")
    elif version not in READABLE_RULES_VERSIONS:
        newer = " (written by a newer package)" if version > RULES_VERSION else ""
        header.add("rules_version", f"rules version {version}{newer}: this package reads rules "
                   f"version {', '.join(map(str, sorted(READABLE_RULES_VERSIONS)))}")
    header.raise_if_any(what)
    if "package_version" in data:
        get_str(p, "package_version", data["package_version"])
    return data


# ---------------------------------------------------------------------------------------------
# Writing


def cards_out(cards: Iterable[Card]) -> list[str]:
    """Cards as a list of codes."""
    return [c.code for c in cards]


def counts_out(counts: Sequence[int]) -> list[str]:
    """Counts as a sorted list of card codes."""
    out: list[str] = []
    for k, n in enumerate(counts):
        out.extend([Card(k).code] * n)
    return out


def pretty_json(value: Any, indent: int | str | None) -> str:
    """JSON text: compact with ``indent=None``; otherwise indented, with lists of plain values
    (cards, scores) kept on one line. ``indent`` is what :func:`json.dumps` takes: ``None``, a
    number of spaces (0 or less puts each item on its own line, unindented) or the text of one
    level (``"\\t"``); anything else is a :class:`TypeError`."""
    if indent is None:
        return json.dumps(value, separators=(",", ":"))
    if isinstance(indent, str):
        return _pretty(value, indent, 0)
    spaces = as_integer(indent)
    if spaces is None:
        raise CanastaTypeError("indent must be None, a number of spaces (an int) or the text of "
                               "one level (a str), as json.dumps takes, not "
                               f"{describe_value(indent)}")
    return _pretty(value, " " * spaces, 0)


def _pretty(value: Any, unit: str, depth: int) -> str:
    pad = unit * (depth + 1)
    end = unit * depth
    if isinstance(value, dict | list):
        flat = json.dumps(value, separators=(", ", ": "))
        plain = isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)
        if plain or len(flat) + len(pad) <= 90:
            return flat
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_pretty(v, unit, depth + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        items = [pad + _pretty(v, unit, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + end + "]"
    return json.dumps(value)
