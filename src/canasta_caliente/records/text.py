"""The plain-text game record, in the spirit of PGN and poker's hand histories: headers, then
the actions turn by turn in notation, with comments. :meth:`GameRecord.to_text
<canasta_caliente.GameRecord.to_text>` writes one and :meth:`GameRecord.from_text
<canasta_caliente.GameRecord.from_text>` reads it back; this module holds the format, from and
to the plain data of :meth:`GameRecord.to_dict <canasta_caliente.GameRecord.to_dict>`::

    Canasta-Caliente-Record: 1
    Rules-Version: 2
    Rules: caliente-2p
    Change: target_score = 3000
    Seed: 11
    Seats: human, level-3
    Date: 2026-12-01
    Result: side 1 wins, 3120 to 2980

    # hand 1
    1. seat 0: draw; meld 6 6 6; discard Q
    2. seat 1: take 8 8; discard 4   # a comment runs from '#' to the end of the line
    ...

The headers are ``Key: value`` lines, each at most once, up to the first blank line:
``Canasta-Caliente-Record`` (the format's version, :data:`TEXT_FORMAT`), ``Rules-Version``,
``Rules`` (the preset nearest the game's rules) and one ``Change: option = value`` per option
that differs from it (the value as JSON), ``Seed``, and optionally ``Deck`` (the stacked first
cards), ``Scores`` (the starting scores), ``Seats`` (who played each seat, in seat order),
``Date`` and ``Result`` (written from the game; a result that the actions do not produce is
refused). Then each line is one turn: an optional number, ``seat N:`` and that seat's actions
separated by ``;``, or ``deal`` alone between hands. Blank lines and comments are free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from ..actions import Verb, parse_action
from ..cards import parse_cards
from ..errors import CanastaError, CanastaTypeError, NotationError, short_repr
from ..rules._documents import unmarked
from ..rules.ruleset import RuleSet
from ..state.game import GameState

__all__ = ["TEXT_FORMAT", "MalformedLine", "ParsedText", "read_text", "result_text",
           "write_text"]

TEXT_FORMAT = 1
"""The version of the text format, written in its first header."""

_FIRST = "Canasta-Caliente-Record"
_HEADERS = (_FIRST, "Rules-Version", "Rules", "Change", "Seed", "Deck", "Scores", "Seats",
            "Date", "Result")
_REQUIRED = (_FIRST, "Rules-Version", "Rules", "Seed")
_MAX_LINE = 10_000
"""The longest line read; a record's longest (a turn of many melds) is far shorter."""
# A seat's digits are any Unicode digits here so that _int, the one reader of a record's
# numbers, refuses the non-ASCII ones by name; a turn's number is ASCII digits only.
_TURN = re.compile(r"^(?:([0-9]+)\.\s*)?seat\s+(\d+)\s*:(.*)$")
_HEADER = re.compile(r"^([A-Za-z-]+):\s*(.*)$")


class MalformedLine(CanastaError):
    """A line of a text record that cannot be read; :attr:`line` is its number (from 1).
    :meth:`GameRecord.from_text <canasta_caliente.GameRecord.from_text>` raises it as a
    :class:`~canasta_caliente.ReplayError`."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


@attrs.frozen
class ParsedText:
    """A text record read: :meth:`GameRecord.to_dict <canasta_caliente.GameRecord.to_dict>`'s
    data, and where each part came from."""

    data: dict[str, Any]
    """The record's plain data (``format``, ``rules_version``, ``rules``, ``seed``, ...)."""
    step_lines: tuple[int, ...]
    """The line of each action."""
    step_seats: tuple[int | None, ...]
    """The seat each action's line names (``None`` for ``deal``)."""
    header_lines: dict[str, int]
    """The line of each header."""
    result: str | None
    """The ``Result`` header's text, if any."""


def _nearest_preset(rules: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The preset that differs from ``rules`` (a RuleSet's plain data) in the fewest options,
    and those options."""
    best: tuple[str, dict[str, Any]] | None = None
    for name in RuleSet.preset_names():
        base = RuleSet.preset(name).to_dict()
        changes = {k: v for k, v in rules.items() if base.get(k) != v}
        if best is None or len(changes) < len(best[1]):
            best = (name, changes)
    assert best is not None  # there are presets
    return best


def result_text(state: GameState) -> str:
    """A game's ``Result`` header: the winning side and the scores, or ``unfinished``."""
    scores = " to ".join(str(s) for s in state.scores)
    if state.is_game_over:
        winner = state.winner
        return (f"side {winner} wins, {scores}" if winner is not None
                else f"no winner, {scores}")
    return f"unfinished, hand {state.hand_number}, {scores}"


def write_text(data: dict[str, Any], states: Sequence[GameState]) -> str:
    """The text of a record: ``data`` is its plain data and ``states`` its every state (the
    initial one first), which give each action's seat and the results."""
    preset, changes = _nearest_preset(data["rules"])
    lines = [f"{_FIRST}: {TEXT_FORMAT}", f"Rules-Version: {data['rules_version']}",
             f"Rules: {preset}"]
    lines += [f"Change: {k} = {json.dumps(v)}" for k, v in changes.items()]
    lines.append(f"Seed: {data['seed']}")
    if data.get("deck") is not None:
        lines.append("Deck: " + " ".join(data["deck"]))
    if data.get("scores") is not None:
        lines.append("Scores: " + " ".join(str(s) for s in data["scores"]))
    if data.get("players") is not None:
        lines.append("Seats: " + ", ".join(data["players"]))
    if data.get("date") is not None:
        lines.append(f"Date: {data['date']}")
    lines.append(f"Result: {result_text(states[-1])}")
    lines += ["", "# hand 1"]
    turn: list[str] = []
    number = 0
    seat: int | None = None

    def close() -> None:
        if turn:
            lines.append(f"{number}. seat {seat}: " + "; ".join(turn))
            turn.clear()

    for before, after, action in zip(states[:-1], states[1:], data["actions"], strict=True):
        who = before.current_player
        if who != seat or before.hand_number != after.hand_number:
            close()
        if who is None:  # a deal, between hands
            lines += [action, f"# hand {after.hand_number}"]
            number, seat = 0, None
            continue
        if who != seat:
            number, seat = number + 1, who
        turn.append(action)
        if after.is_hand_over and not before.is_hand_over:
            close()
            totals = after.hand_results[-1].totals
            lines.append(f"# hand {before.hand_number} ends: " + ", ".join(
                f"side {i} {t:+d} (game {s})"
                for i, (t, s) in enumerate(zip(totals, after.scores, strict=True))))
            seat = None
    close()
    return "\n".join(lines) + "\n"


def _int(line: int, key: str, text: str) -> int:
    """The integer ``text`` of the header or seat ``key`` on ``line``: ASCII digits only (``\\d``
    and :func:`int` would read ``"٥"`` as 5, where card notation refuses non-ASCII digits)."""
    if not re.fullmatch(r"-?[0-9]{1,80}", text):
        raise MalformedLine(line, f"{key}: expected an integer (ASCII digits), not "
                            f"{short_repr(text)}")
    return int(text)


def read_text(text: str) -> ParsedText:
    """Read a text record into plain data, checking its form (not yet its actions' legality).
    Raises :class:`MalformedLine` naming the first line that cannot be read, and
    :class:`TypeError` for anything but a string."""
    if not isinstance(text, str):
        raise CanastaTypeError(f"a text record must be a str, not {type(text).__name__}")
    text = unmarked(text)  # (a file saved with a byte-order mark, read as UTF-8)
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    changes: dict[str, Any] = {}
    actions: list[str] = []
    step_lines: list[int] = []
    step_seats: list[int | None] = []
    in_headers = True
    parsed: dict[str, str] = {}  # a game repeats its actions: each text is parsed once
    for number, raw in enumerate(text.splitlines(), 1):
        if len(raw) > _MAX_LINE:
            raise MalformedLine(number, f"{len(raw)} characters; no line of a record is "
                                f"longer than {_MAX_LINE}")
        line = raw.split("#", 1)[0].strip()
        if not line:
            if raw.strip() == "" and header_lines:
                in_headers = False
            continue
        if in_headers:
            match = _HEADER.match(line)
            if match is None or match[1] not in _HEADERS:
                raise MalformedLine(number, f"expected a header ({', '.join(_HEADERS)}) "
                                    f"or a blank line before the turns, not {short_repr(line)}")
            key, value = match[1], match[2].strip()
            if not header_lines and key != _FIRST:
                raise MalformedLine(number, f"a text record starts with '{_FIRST}: "
                                    f"{TEXT_FORMAT}', not {short_repr(line)}")
            if key == "Change":
                option, eq, value_text = value.partition("=")
                option = option.strip()
                if not eq or not option:
                    raise MalformedLine(number, "Change: expected 'option = value', not "
                                        f"{short_repr(value)}")
                if option in changes:
                    raise MalformedLine(number, f"Change: {option} is changed twice")
                try:
                    changes[option] = json.loads(value_text)
                except ValueError:
                    raise MalformedLine(number, f"Change: {option}: the value is not JSON: "
                                        f"{short_repr(value_text.strip())}") from None
                header_lines.setdefault(key, number)
                continue
            if key in headers:
                raise MalformedLine(number, f"{key}: a second {key} header")
            headers[key], header_lines[key] = value, number
            continue
        _read_turn(number, line, actions, step_lines, step_seats, parsed)
    missing = [k for k in _REQUIRED if k not in headers]
    if missing:
        raise MalformedLine(1 if not header_lines else max(header_lines.values()),
                            f"missing header(s): {', '.join(missing)}")
    return ParsedText(_data(headers, header_lines, changes, actions), tuple(step_lines),
                      tuple(step_seats), header_lines, headers.get("Result"))


def _read_turn(number: int, line: str, actions: list[str], step_lines: list[int],
               step_seats: list[int | None], parsed: dict[str, str]) -> None:
    """One turn's line: its actions appended, each with its line and seat."""
    seat: int | None
    if line == "deal":
        seat, texts = None, ["deal"]
    else:
        match = _TURN.match(line)
        if match is None:
            raise MalformedLine(number, "expected a turn ('seat N: action; action'), 'deal' "
                                f"or a header, not {short_repr(line)}")
        seat = _int(number, "seat", match[2])
        texts = [t.strip() for t in match[3].split(";")]
    for text in texts:
        found = parsed.get(text)
        if found is None:
            try:
                action = parse_action(text)
            except NotationError as exc:
                raise MalformedLine(number, str(exc)) from None
            if (action.verb is Verb.DEAL) != (seat is None):
                raise MalformedLine(number, "'deal' stands on a line of its own, between "
                                    "hands")
            found = parsed[text] = str(action)
        actions.append(found)
        step_lines.append(number)
        step_seats.append(seat)


def _data(headers: dict[str, str], lines: dict[str, int], changes: dict[str, Any],
          actions: list[str]) -> dict[str, Any]:
    """The record's plain data from its headers, each value checked for its form."""
    version = _int(lines[_FIRST], _FIRST, headers[_FIRST])
    if version != TEXT_FORMAT:
        raise MalformedLine(lines[_FIRST], f"text format {version}; this package reads "
                            f"version {TEXT_FORMAT}")
    data: dict[str, Any] = {
        "rules_version": _int(lines["Rules-Version"], "Rules-Version",
                              headers["Rules-Version"]),
        "rules": {"preset": headers["Rules"], **changes},
        "seed": _int(lines["Seed"], "Seed", headers["Seed"]),
        "actions": actions,
    }
    if "Deck" in headers:
        try:
            data["deck"] = [str(c) for c in parse_cards(headers["Deck"].split())]
        except NotationError as exc:
            raise MalformedLine(lines["Deck"], f"Deck: {exc}") from None
    if "Scores" in headers:
        data["scores"] = [_int(lines["Scores"], "Scores", s) for s in headers["Scores"].split()]
    if "Seats" in headers:
        data["players"] = [name.strip() for name in headers["Seats"].split(",")]
    if "Date" in headers:
        data["date"] = headers["Date"]
    return data
