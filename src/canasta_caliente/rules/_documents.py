"""Reading RuleSet documents: the text of TOML and JSON documents, and the words of messages.

One job: turn a document's text into plain data (or a :class:`~canasta_caliente.RuleSetError`
that says where the text is wrong), convert the plain values documents hold into option values,
and describe a value for a message. :mod:`canasta_caliente.rules` builds the RuleSet from the
data and :mod:`canasta_caliente.rules._validation` validates it; this module knows neither.

Sections: card values and codes; converters of document values; writing plain values and
TOML values; messages; reading JSON and
TOML (error locations, the limits on nesting, dotted keys and long integers).
"""

from __future__ import annotations

import difflib
import enum
import functools
import json
import math
import re
import tomllib
import types
from collections.abc import Mapping
from typing import Any, overload

from ..cards import NUM_KINDS, Card
from ..errors import RuleSetError, short_repr

# -- card values and codes ----------------------------------------------------------------

# The card values of CARD-3, in card-index order.
DEFAULT_VALUES: tuple[int, ...] = (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5, 0)
CARD_CODES: tuple[str, ...] = tuple(Card(i).code for i in range(NUM_KINDS))


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)



def card_code(code: Any) -> Card | None:
    """The card a document's key names (a :class:`~canasta_caliente.Card` or its code), or
    ``None``: a plain number names none, as :func:`~canasta_caliente.cards.check_card` reads
    none (``5`` read as the five here, where ``Card(5)`` is the nine, would be a trap)."""
    if isinstance(code, Card):
        return code
    if not isinstance(code, str) or len(code) > 10:
        return None
    try:
        return Card.parse(code)
    except ValueError:
        return None


# -- converters of document values --------------------------------------------------------


def pairs_converter(value: Any) -> Any:
    """Convert a list of pairs (from JSON or TOML) to a tuple of pairs: each row that is a
    list a tuple, any other row kept as given for validation to report by its number."""
    if isinstance(value, list | tuple):
        return tuple(tuple(row) if isinstance(row, list | tuple) else row for row in value)
    return value


def values_converter(value: Any) -> Any:
    """Card values from a mapping of card codes (merged over CARD-3's values), or a sequence.

    Anything else, or a mapping naming an unknown card or one card twice (``10`` and ``T``,
    ``JK`` and ``jk``), is kept as given for validation to report.
    """
    if isinstance(value, Mapping):
        merged = list(DEFAULT_VALUES)
        named = set()
        for code, v in value.items():
            card = card_code(code)
            if card is None or card in named:
                return value
            named.add(card)
            merged[card] = v
        return tuple(merged)
    if isinstance(value, list):
        return tuple(value)
    return value


def none_converter(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() == "none":
        return None
    return value


def enum_converter(kind: type[enum.StrEnum]) -> Any:
    def convert(value: Any) -> Any:
        if isinstance(value, str):
            try:
                return kind(value.strip().lower())
            except ValueError:
                return value
        return value

    return convert



# -- writing documents ---------------------------------------------------------------------


def plain_value(name: str, value: Any) -> Any:
    """An option's value as plain JSON data."""
    if name == "card_values":
        return {Card(i).code: v for i, v in enumerate(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [list(row) for row in value]
    return value


def frozen_value(value: Any) -> Any:
    """A plain option value made read-only: every list a tuple, every dict a read-only
    mapping, all the way down (:attr:`~canasta_caliente.OptionInfo.default`)."""
    if isinstance(value, Mapping):
        return types.MappingProxyType({key: frozen_value(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen_value(item) for item in value)
    return value


def toml_value(value: Any) -> str:
    """A plain option value (see :meth:`RuleSet.to_dict`) written as a TOML value.

    >>> toml_value(None), toml_value(True), toml_value([[0, 50], [1500, 90]])
    ('"none"', 'true', '[[0, 50], [1500, 90]]')
    """
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml_key(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


# -- messages -----------------------------------------------------------------------------


def close_match(word: str, choices: Any, template: str) -> str:
    """``template`` filled with the choice closest to ``word``, or ``""`` if none is close (a
    long word is never close to a name: it is not compared, which keeps this cheap)."""
    if len(word) > 60:
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return template.format(close[0]) if close else ""


def _words(text: str) -> frozenset[str]:
    """The words of an option's name or help, or of an unknown name (``wild_cards_max``: wild,
    card, max), lower case and without a plural's ``s``."""
    found = "".join(c if c.isalnum() else " " for c in text.lower()).split()
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                     for w in found)


@functools.cache
def _telling_words(
    options: tuple[tuple[str, str], ...],
) -> tuple[dict[str, tuple[frozenset[str], frozenset[str]]], dict[str, float]]:
    """Per option (name, help), the telling words of its name and of its help: those of a
    quarter of the options or fewer ("card", "side", "the" tell nothing); and each telling
    word's weight, one over the number of options it is in (``red``, in one option's help,
    tells more than ``three``, in four). Computed once."""
    words = {name: (_words(name), _words(help_text)) for name, help_text in options}
    counts: dict[str, int] = {}
    for name_words, help_words in words.values():
        for word in name_words | help_words:
            counts[word] = counts.get(word, 0) + 1
    weights = {word: 1 / count for word, count in counts.items() if count <= len(options) // 4}
    telling = frozenset(weights)
    return {name: (n & telling, h & telling) for name, (n, h) in words.items()}, weights


SUGGESTIONS = 3
"""The most options an unknown option's message suggests by meaning."""


def related_options(name: str, options: Any) -> tuple[str, ...]:
    """The ``options`` (each with a ``name`` and a ``help``) closest in meaning to an unknown
    name: those sharing the most telling words with it, each word weighed by its rarity among
    the options and counting three times in an option's name what it counts in its help, and
    scoring at least half what the best does (at most :data:`SUGGESTIONS`, best first; none
    for a name of more than 60 characters)."""
    if len(name) > 60:
        return ()
    index, weights = _telling_words(tuple((option.name, option.help) for option in options))
    wanted = _words(name)
    scores = {option: 3 * sum(weights[w] for w in wanted & n) + sum(weights[w] for w in wanted & h)
              for option, (n, h) in index.items()}
    best = max(scores.values(), default=0)
    ranked = sorted((option for option, score in scores.items() if score and 2 * score >= best),
                    key=lambda option: -scores[option])
    return tuple(ranked[:SUGGESTIONS])


def unknown_option(name: str, options: Any, *, suggest: bool = True,
                   also: tuple[str, ...] = (), value: Any = None) -> str:
    """An unknown option's message: the option (or other key of the document, ``also``: its
    ``preset``) closest in spelling, whatever its case (``PRESET``, ``Hand_Size``), and the
    options closest in meaning (:func:`related_options`), unless not ``suggest``. An unknown
    name spelled like no option whose ``value`` is a table (a TOML section, a JSON object) is
    said to be a section, naming the options in it, which belong at the top level."""
    if not suggest:
        return "unknown option"
    spelling = close_match(name.lower(), [*(option.name for option in options), *also],
                           "did you mean {!r}?")
    if isinstance(value, Mapping) and not spelling:
        names = {option.name for option in options}
        inside = [key for key in value if isinstance(key, str) and key in names]
        what = "unknown option: a section (a TOML table, a JSON object) is not an option; "
        if not inside:
            return what + "options are written at the top level of the document"
        listed = ", ".join(map(repr, inside[:5])) + (", ..." if len(inside) > 5 else "")
        return what + f"write its options ({listed}) at the top level, without a section"
    related = [option for option in related_options(name, options)
               if repr(option) not in spelling]
    meaning = ", ".join(map(repr, related))
    if spelling and meaning:
        hints = f"{spelling} Or, of a similar meaning: {meaning}"
    else:
        hints = spelling or (f"options of a similar meaning: {meaning}" if meaning else "")
    return f"unknown option ({hints})" if hints else "unknown option"


def safe_text(value: Any, limit: int = 60) -> str:
    """``str(value)`` for a message: shortened, lone surrogates escaped, never raising."""
    if isinstance(value, str):
        text = value
    elif is_int(value) and value.bit_length() <= 100:
        text = str(value)
    else:
        text = short_repr(value, limit)
    if len(text) > limit:
        text = text[: limit - 7] + "..." + text[-4:]
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class _TooLong(Exception):
    """A value :func:`as_written` cannot write within its limit."""


def as_written(value: Any, limit: int) -> str | None:
    """A list as a TOML or JSON document writes it (``[[1, 2], "text", true]``, where a repr
    shows a tuple's ``(1,)``), or ``None`` when that takes more than ``limit`` characters or
    the list holds what neither writes the same way (a table, an object of Python's). Stops as
    soon as the limit is passed: a huge or self-containing list costs no more than a short one.

    >>> as_written(((1,), ["a", None, 2.5]), 40), as_written([[0] * 100], 40)
    ('[[1], ["a", null, 2.5]]', None)
    """
    parts: list[str] = []
    size = 0

    def emit(text: str) -> None:
        nonlocal size
        size += len(text)
        if size > limit:
            raise _TooLong
        parts.append(text)

    def write(item: Any) -> None:  # each list written adds a character: limit bounds the depth
        if isinstance(item, list | tuple):
            emit("[")
            for i, inner in enumerate(item):
                emit(", " if i else "")
                write(inner)
            emit("]")
        elif item is None or isinstance(item, bool):
            emit("null" if item is None else str(item).lower())
        elif isinstance(item, str):
            emit(safe_text(json.dumps(item, ensure_ascii=False), limit + 1))
        elif (is_int(item) and item.bit_length() <= 100) or isinstance(item, float):
            emit(repr(item))
        else:
            raise _TooLong

    try:
        write(value)
    except _TooLong:
        return None
    return "".join(parts)


def describe_found(v: Any) -> str:
    """A value and, where it helps, what kind of value it is (a document's words); short,
    and never raising on a strange value."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return f"{str(v).lower()} (a boolean, not a number)"
    if isinstance(v, str):
        if len(v) <= 60 and re.fullmatch(r"\s*-?\d+\s*", v):
            return f"{v!r} (text: write the number without quotes)"
        return f"{short_repr(v)} (text)"
    if isinstance(v, float):
        if not math.isfinite(v):
            return f"{v!r} (not a finite number)"
        if v.is_integer():  # 12.0, 1e3: a whole number, written as a float
            how = f"without a decimal point, as {int(v)}" if abs(v) < 1e15 else (
                "without a decimal point or exponent")
            return f"{v!r} (a float: an integer is written {how})"
        return f"{v!r} (a number with a fraction)"
    if isinstance(v, Mapping):
        return "a table"
    if isinstance(v, list | tuple):
        text = as_written(v, 40)
        return f"a list ({text})" if text is not None else "a list"
    if isinstance(v, int):
        return short_repr(v)
    return f"{short_repr(v)} ({type(v).__name__})"


def json_error_words(exc: json.JSONDecodeError) -> str:
    """What is wrong with JSON text, in :mod:`json`'s words without the place they end on
    ("Unterminated string starting at", "Invalid control character at"): every reader of a
    document gives the line and column itself."""
    return exc.msg.removesuffix(" at").removesuffix(" starting")


def _line_hint(text: str | bytes | bytearray, lineno: int) -> str:
    lines = _as_text(text).splitlines()
    if 1 <= lineno <= len(lines) and lines[lineno - 1].strip():
        return f" (the line reads: {safe_text(lines[lineno - 1].strip(), 100)})"
    return ""


_TOML_POSITION = re.compile(r"^(?P<msg>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<col>\d+)|"
                            r"(?P<end>end of document))\)\s*$", re.DOTALL)


def _parses(lines: list[str], k: int) -> bool:
    """Whether the first ``k`` lines are a TOML document."""
    try:
        tomllib.loads("\n".join(lines[:k]))
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False
    return True


def _longest_parsing_prefix(lines: list[str]) -> int:
    """How many lines start the document before a construct left open at its end.

    Every prefix that holds the open construct's first line fails to parse; the prefix just
    before it parses. The construct usually starts on the last line that starts a statement
    (``key = ...`` or a table header), or else on the last line that holds a multi-line
    string's quotes: two parses confirm each guess. Otherwise galloping back from
    the end, then bisecting, finds that boundary with a logarithmic number of parses, so the
    time is O(n log n) rather than one parse per line. (A prefix that ends inside an earlier,
    closed multi-line construct also fails, so in rare documents the line found is an earlier
    one; it is still a line the reader should look at.)
    """
    statement = next((k for k in range(len(lines) - 1, -1, -1) if _STATEMENT.match(lines[k])),
                     None)
    string = next((k for k in range(len(lines) - 1, -1, -1)
                   if '"""' in lines[k] or "'''" in lines[k]), None)
    for k in (statement, string):
        if k is not None and _parses(lines, k) and not _parses(lines, k + 1):
            return k
    bad = len(lines)  # the whole document fails
    step = 1
    good = max(bad - step, 0)
    while good > 0 and not _parses(lines, good):
        bad = good
        step *= 2
        good = max(bad - step, 0)
    while bad - good > 1:  # _parses(good) (the empty prefix parses) and not _parses(bad)
        mid = (good + bad) // 2
        if _parses(lines, mid):
            good = mid
        else:
            bad = mid
    return good


# The start of a TOML line that starts a statement: a key and "=", or a table header.
_STATEMENT = re.compile(r"""[ \t]*(?>[A-Za-z0-9_\-"'.][A-Za-z0-9_\-"'. \t]*)=|"""
                        r"""[ \t]*\[\[?(?>[A-Za-z0-9_\-"'. \t]+)\]?\]?[ \t]*(?:#.*)?$""")
_MOST_KEY_PARTS = 32
# A dotted key of more than _MOST_KEY_PARTS parts; the lookbehind makes each match attempt
# start at a key part's first character, and the atomic groups never backtrack, so the search
# is linear in the document's size.
_LONG_DOTTED_KEY = re.compile(
    r"""(?<![A-Za-z0-9_\-"'])(?>(?>[A-Za-z0-9_\-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\.[ \t]*)"""
    rf"{{{_MOST_KEY_PARTS}}}")
_TOO_DEEP = ("nested too deeply: a RuleSet document holds tables and lists of rows, a few "
             "levels deep")
_LONG_DIGITS = re.compile(r"\d(?:_?\d){4300,}")


def _as_text(text: str | bytes | bytearray) -> str:
    if isinstance(text, str):
        return text
    return bytes(text).decode("utf-8", "replace")


def _long_integer(text: str, most_digits: int) -> str:
    """The message for an integer too long to read, naming where it is."""
    match = _LONG_DIGITS.search(text)
    where = ""
    if match is not None:
        line = text.count("\n", 0, match.start()) + 1
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        digits = sum(c.isdigit() for c in match.group())
        where = f" at line {line}, column {column} ({digits} digits)"
    return (f"an integer too long to read{where}: no option takes a number of more than "
            f"{most_digits} digits")


def _toml_error(text: str, exc: tomllib.TOMLDecodeError) -> str:
    """The message for a TOML syntax error, naming its line (and column)."""
    raw = str(exc)
    match = _TOML_POSITION.match(raw)
    if match is None:
        return f"invalid TOML: {raw}"
    msg = match["msg"]
    if match["end"]:
        # tomllib reports an unclosed construct at the end of the document; the construct
        # starts on the line after the longest prefix of lines that still parses.
        lines = text.splitlines()
        line = min(_longest_parsing_prefix(lines) + 1, max(len(lines), 1))
        where = f"line {line} (still open at the end of the document)"
    else:
        line = int(match["line"])
        where = f"line {line}, column {match['col']}"
    hint = _line_hint(text, line)
    lines = text.splitlines()
    if 1 <= line <= len(lines) and re.search(r"=\s*(none|null|None)\s*(#.*)?$", lines[line - 1]):
        hint += '; write "none" in quotes for no limit'
    return f"invalid TOML at {where}: {msg}{hint}"


# -- reading the documents -----------------------------------------------------------------


BYTE_ORDER_MARK = "\ufeff"
"""The byte-order mark (U+FEFF) some editors (Windows Notepad) put at the start of a UTF-8
file: not part of the document, and dropped from the start of a text by :func:`unmarked`."""


def document_text(data: bytes) -> str:
    """The text of a document file's bytes (a rule file, a saved game), UTF-8. A leading
    :data:`BYTE_ORDER_MARK` is kept: the readers of the document drop it (:func:`unmarked`), as
    they drop it from a text read otherwise. Bytes that are not UTF-8 raise
    :class:`ValueError` saying so and where, in the words of :func:`not_text`.

    >>> document_text(b'preset = "classic"\\nname = "\\xff"')
    Traceback (most recent call last):
    ValueError: not UTF-8 text: byte 0xff at line 2, column 9
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(not_text(data, exc)) from None


@overload
def unmarked(text: str) -> str: ...


@overload
def unmarked(text: str | bytes | bytearray) -> str | bytes | bytearray: ...


def unmarked(text: str | bytes | bytearray) -> str | bytes | bytearray:
    """A document as a parser is to read it: a text without a leading :data:`BYTE_ORDER_MARK`
    (a file an editor saved with one, read as UTF-8, keeps it as its first character, and
    ``json.loads`` and ``tomllib.loads`` refuse it), bytes as they are (``json.loads`` reads
    UTF-8 bytes with the mark itself). The one place the mark is dropped: a file's text
    (:func:`document_text`) keeps it for its reader to drop here.

    >>> unmarked("\\ufeff{}"), unmarked(b"{}")
    ('{}', b'{}')
    """
    return text.removeprefix(BYTE_ORDER_MARK) if isinstance(text, str) else text


def not_text(data: bytes, error: UnicodeDecodeError) -> str:
    """What every reader of a file says of ``data`` that ``error`` found not to be text in its
    encoding: the byte and where it is, by line and column (counted in bytes, from 1) in UTF-8,
    by offset in another encoding (JSON's detected UTF-16 or UTF-32), whose lines are not
    counted by ``\\n`` bytes.

    >>> data = b"draw\\n\\xff\\n"
    >>> try:
    ...     data.decode("utf-8")
    ... except UnicodeDecodeError as exc:
    ...     print(not_text(data, exc))
    not UTF-8 text: byte 0xff at line 2, column 1
    """
    where = error.start
    encoding = error.encoding.upper()
    if encoding.replace("-", "") != "UTF8":
        return f"not {encoding} text: byte 0x{data[where]:02x} at offset {where}"
    line = data.count(b"\n", 0, where) + 1
    column = where - data.rfind(b"\n", 0, where)
    return f"not UTF-8 text: byte 0x{data[where]:02x} at line {line}, column {column}"


def load_json(text: str | bytes | bytearray, most_digits: int) -> tuple[Any, list[tuple[str, str]]]:
    """The plain data of a JSON document and the problems found reading it (a key given twice).

    A syntax error, bytes that are not UTF-8 text, a document nested too deeply or an integer
    of more than ``most_digits`` digits raises :class:`~canasta_caliente.RuleSetError`. Linear
    in the document's size.
    """
    # Each key given twice, with the object that holds it and the value the second replaced
    # (itself an object, perhaps, with keys given twice: named by the key's option too).
    twice: list[tuple[dict[str, Any], str, Any]] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in items:
            if key in seen:
                twice.append((seen, key, seen[key]))
            seen[key] = value
        return seen

    try:
        data = json.loads(unmarked(text), object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise RuleSetError([("(document)", f"invalid JSON at line {exc.lineno}, column "
                             f"{exc.colno}: {json_error_words(exc)}"
                             + _line_hint(exc.doc, exc.lineno))]) from None
    except RecursionError:
        raise RuleSetError([("(document)", _TOO_DEEP)]) from None
    except UnicodeDecodeError as exc:  # bytes that are not text in the encoding JSON detected
        raise RuleSetError([("(document)", not_text(exc.object, exc)
                             + "; a JSON document is UTF-8 text")]) from None
    except ValueError:  # an integer longer than Python reads from text
        raise RuleSetError([("(document)", _long_integer(_as_text(text), most_digits))]) from None
    return data, _keys_twice(data, twice) if twice else []


def _keys_twice(data: Any, twice: list[tuple[dict[str, Any], str, Any]]
                ) -> list[tuple[str, str]]:
    """The problems of the keys given twice in a JSON document, each named by the option it is
    in: the key itself, if an option's (``target_score``); else the option holding the object
    (``card_values``: ``'JK' given more than once ...``), in the document or in a value a key
    given again replaced. Linear in the document's size."""
    where: dict[int, str | None] = {}  # each object, by id, to the option it is in
    stack: list[tuple[Any, str | None]] = [(data, None)]

    def walk() -> None:  # (not recursive: a document may be as deep as the reader allowed)
        while stack:
            item, option = stack.pop()
            if isinstance(item, dict):
                where[id(item)] = option
                stack.extend((v, k if option is None else option) for k, v in item.items())
            elif isinstance(item, list):
                stack.extend((v, option) for v in item)

    walk()
    for held, key, replaced in twice:  # (in the order read: an inner object before its holder)
        if id(held) in where:
            option = where[id(held)]
            stack.append((replaced, key if option is None else option))
    walk()
    problems = []
    for held, key, _ in twice:
        option = where.get(id(held))
        if option is None:  # (the document's own keys; or an object inside a list of its own)
            problems.append((safe_text(key), "given more than once in the JSON document"))
        else:
            problems.append((safe_text(option), f"{safe_text(key)!r} given more than once in "
                             "the JSON document"))
    return problems


def load_toml(text: str, most_digits: int) -> Any:
    """The plain data of a TOML document.

    A syntax error, a dotted key of too many parts, a document nested too deeply or an integer
    of more than ``most_digits`` digits raises :class:`~canasta_caliente.RuleSetError`.
    """
    text = unmarked(text)
    deep = _LONG_DOTTED_KEY.search(text)
    if deep is not None:  # tomllib's time grows with the square of a dotted key's length
        line = text.count("\n", 0, deep.start()) + 1
        raise RuleSetError([("(document)", f"a dotted key of more than {_MOST_KEY_PARTS} "
                             f"parts at line {line}: {_TOO_DEEP}")])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError([("(document)", _toml_error(text, exc))]) from None
    except RecursionError:
        raise RuleSetError([("(document)", _TOO_DEEP)]) from None
    except ValueError:  # an integer longer than Python reads from text
        raise RuleSetError([("(document)", _long_integer(text, most_digits))]) from None
    return data


def document_problem(data: object) -> str | None:
    """Why ``data`` cannot be a rule set's document, or ``None``: it is not a mapping; or it is
    another of the library's documents (a game record, a state, a study's results, each
    naming its kind in its ``format`` or its ``schema``'s ``name``:
    ``'canasta-caliente/record'``), whose fields would each be refused as an unknown option,
    a screenful that never says what the file is."""
    if not isinstance(data, Mapping):
        return f"expected a table of options (a mapping), got {describe_found(data)}"
    marker, field = data.get("format"), "format"
    schema = data.get("schema")
    if marker is None and isinstance(schema, Mapping):
        marker, field = schema.get("name"), "schema"
    if not (isinstance(marker, str) and marker.startswith("canasta-caliente/")):
        return None
    held = (': the rule set it was made with is its "rules" field'
            if isinstance(data.get("rules"), Mapping) else "")
    return f'this is a {short_repr(marker)} document (its "{field}" says so), not a rule set{held}'
