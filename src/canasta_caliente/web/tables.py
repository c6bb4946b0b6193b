"""The tables of a web server: who sits where and their links, the game as a
:class:`~canasta_caliente.Match` (its record, turn, take-backs and numbered events: the game
layer's), the codes a page is given for what the match refuses, and the files that let a
restarted server resume the tables.

Nothing here knows of HTTP: the server (:mod:`canasta_caliente.web.server`) calls
:meth:`Table.act`, :meth:`Table.take_back` and :meth:`Table.update` and sends what they return.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import random
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..actions import Action, parse_action
from ..errors import (
    ArgumentError,
    CanastaError,
    CanastaTypeError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    StaleError,
    StateError,
    TakeBackError,
    TurnError,
    describe_value,
    short_repr,
)
from ..play.match import Match, not_to_act
from ..players.levels import LEVEL_NAMES as LEVELS
from ..players.rngs import decision_rng
from ..records.storage import GameRecord, ReplayError
from ..rules._documents import json_error_words, not_text
from ..rules.ruleset import RuleSet
from ..state.game import GameState
from .board import board, house_rules

__all__ = ["LINK_PART_LIMIT", "NAME_LIMIT", "REFUSED_UNDO", "TABLE_FORMAT", "Refused", "Seat",
           "Table", "is_link_part", "is_text", "level_words", "load_table", "load_tables",
           "new_secret", "refusal", "saved_tables", "tables_folder"]

TABLE_FORMAT = "canasta-caliente/web-table"
"""The ``format`` of a saved table's document."""

NAME_LIMIT = 40
"""The longest seat name, in characters."""

LINK_PART_LIMIT = 128
"""The longest table id or link secret, in characters (the server makes ids of 12 and secrets
of 32): a table's id names its files, and a file's name has at most 255 bytes."""


class Refused(CanastaError):
    """A client's request that changes nothing; :attr:`code` says which kind (``"illegal"``,
    ``"stale"``, ``"not-your-turn"``, ``"malformed"``, ``"not-allowed"``, or ``"limit"``: one
    of the server's limits, named by :attr:`limit`, is reached)."""

    def __init__(self, code: str, reason: str, limit: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.limit = limit
        """The limit reached (a field of :class:`~canasta_caliente.web.limits.Limits`), for
        the code ``"limit"``; ``None`` otherwise."""

    def to_message(self) -> dict[str, Any]:
        """The refusal as the socket's ``error`` message (``limit`` only when one is named)."""
        message: dict[str, Any] = {"type": "error", "code": self.code, "reason": self.reason}
        if self.limit is not None:
            message["limit"] = self.limit
        return message


REFUSED_UNDO = "undo: only your own last action, before the next player acts"
"""The reason a page is given for an undo the match refuses for whose action it is, or none
played (:class:`~canasta_caliente.TakeBackError` with no
:attr:`~canasta_caliente.TakeBackError.reason`: the match's message speaks of seat numbers);
an action that cannot be taken back is refused in the match's own words, "undo: " first."""


def refusal(error: CanastaError) -> Refused:
    """The refusal a page is sent for a request the game refused (:class:`~canasta_caliente.Match`
    raises the error): a :class:`~canasta_caliente.TurnError`'s
    :attr:`~canasta_caliente.TurnError.code` (``stale``, with the table sent along; the
    undo's reason in the page's words), ``illegal`` with the rules' reason, ``malformed`` for
    a turn never given (:class:`~canasta_caliente.ArgumentError`). Any other error is the
    server's own, raised again (a :class:`Refused` is returned as it is)."""
    if isinstance(error, Refused):
        return error
    if isinstance(error, StaleError):
        return Refused(error.code, f"{error}; here is the table now")
    if isinstance(error, TakeBackError):  # the action's own reason, where it is the action's
        return Refused(error.code, f"undo: {error.reason}" if error.reason else REFUSED_UNDO)
    if isinstance(error, TurnError):
        return Refused(error.code, str(error))
    if isinstance(error, IllegalActionError):
        return Refused("illegal", error.reason or str(error))
    if isinstance(error, ArgumentError):
        return Refused("malformed", str(error))
    raise error


def _version(version: object) -> str | None:
    """A request's ``version``, if it gives one: the text of an update's (anything else is
    refused as ``malformed``)."""
    if version is not None and not isinstance(version, str):
        raise Refused("malformed", "version: expected the version of the last update, a "
                      "string")
    return version


def _turn(turn: object) -> int:
    """A request's ``turn``, checked to be an action number's type (an int; a JSON number
    with a fraction, a string or ``true`` is refused as ``malformed``)."""
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise Refused("malformed", "turn: expected the number of actions played, an int")
    return turn


@attrs.frozen
class Seat:
    """A seat of a table: a person (with the secret of their link) or a bot of a level."""

    name: str
    level: str | None = None
    """The bot level, or ``None`` for a person."""
    secret: str | None = None
    """The secret of a person's link (``None`` for a bot)."""

    @property
    def is_bot(self) -> bool:
        """True for a bot's seat."""
        return self.level is not None

    @classmethod
    def bot(cls, name: str, level: str) -> Seat:
        """A bot's seat of ``level``, named as the organiser named it, its level after the name
        ("Robo (level-1 bot)", what the players' box shows; :attr:`called` is "Robo")."""
        return cls(name + level_words(level), level=level)

    @property
    def called(self) -> str:
        """What the events call the seat's player: a person's name; a bot's as the organiser
        gave it, without the level :meth:`bot` adds to it ("Robo" of "Robo (level-1 bot)")."""
        return self.name.removesuffix(level_words(self.level)) if self.is_bot else self.name

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON data (the secret included: for the server's own files only)."""
        return {"name": self.name, "level": self.level, "secret": self.secret}


def level_words(level: str | None) -> str:
    """What follows a bot's name in its seat's: its level (one home, :meth:`Seat.bot`)."""
    return f" ({level} bot)"


def new_secret() -> str:
    """A link's secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def _utf8(text: str) -> bytes:
    """``text`` as UTF-8 bytes, a lone surrogate as its three bytes (never raises)."""
    return text.encode("utf-8", "surrogatepass")


def is_text(text: str) -> bool:
    """Whether ``text`` can be sent (as UTF-8): JSON's ``\\ud800`` escape reads as a lone
    surrogate, which no UTF-8 text holds."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Table:
    """One game at the server: its seats and links, and its game, a
    :class:`~canasta_caliente.Match` (:attr:`match`: the record, the states, every action's
    events, the turn and the take-backs), which the table's requests act on."""

    def __init__(self, table_id: str, seats: Sequence[Seat], spectator: str,
                 record: GameRecord) -> None:
        self.id = table_id
        self.seats = tuple(seats)
        self.spectator = spectator
        self.match = Match(record)
        """The game: what the table's requests play and take back, and its messages show."""
        self.generation = 0
        """The number of the table's file (``<id>.json``) last written whole, which names its
        journal (see :meth:`save`)."""
        self.written: int | None = None
        """How many actions the table's file and journal hold (``None``: never written)."""
        self.save_failed = False
        """Whether the last :meth:`save` failed: the next writes the file whole, so a journal
        a failed append may have left a part of a line in is replaced, never appended to."""

    @classmethod
    def create(cls, rules: RuleSet, seats: Sequence[Seat], *, seed: int | None = None) -> Table:
        """A new table with its first hand dealt. Without a ``seed``, the game's is drawn as
        :meth:`GameRecord.start <canasta_caliente.GameRecord.start>` draws one, from 2**63:
        the seed deals every hand, so no person at the table may be able to search for it from
        their own cards (from 2**31 seeds, an hour or so of a core would find it)."""
        return cls(secrets.token_urlsafe(9), seats, new_secret(),
                   GameRecord.start(rules, seed=seed))

    @property
    def state(self) -> GameState:
        """The game now (the match's)."""
        return self.match.state

    @property
    def record(self) -> GameRecord:
        """The record of the game now (the match's): what the table's files save."""
        return self.match.record

    @property
    def states(self) -> list[GameState]:
        """Every state of the game, the first one first (the match's, in a new list)."""
        return list(self.match.states)

    @property
    def turn(self) -> int:
        """How many actions have been played: the number a client's action must carry (the
        match's :attr:`~canasta_caliente.Match.turn`)."""
        return self.match.turn

    def audience(self, secret: str) -> int | None:
        """The seat whose link carries ``secret`` (``None``: the spectators' link); raises
        :class:`PermissionError` for any other secret. Compared in constant time, as UTF-8
        bytes: a secret with any character (a lone surrogate, from a link's ``%ff``, included)
        is just another wrong one."""
        given = _utf8(secret)
        found: int | bool | None = False
        for seat, s in enumerate(self.seats):
            if s.secret is not None and hmac.compare_digest(_utf8(s.secret), given):
                found = seat
        if hmac.compare_digest(_utf8(self.spectator), given):
            found = None
        if found is False:
            raise PermissionError("no seat of this table has that link")
        return found

    def links(self) -> dict[str, Any]:
        """The path of each person's link and the spectators'."""
        return {"table": self.id,
                "seats": [None if s.secret is None else f"/t/{self.id}/{s.secret}"
                          for s in self.seats],
                "spectator": f"/t/{self.id}/{self.spectator}"}

    # -- acting --------------------------------------------------------------------------

    def may_deal(self, seat: int | None) -> bool:
        """Whether ``seat`` may deal the next hand (any person, between hands)."""
        state = self.state
        return (seat is not None and not self.seats[seat].is_bot
                and state.current_player is None and not state.is_game_over)

    def act(self, seat: int, notation: object, turn: object, version: object = None) -> Action:
        """Play ``notation`` for ``seat`` at action number ``turn`` (and at ``version``, an
        update's :attr:`Match.version <canasta_caliente.Match.version>`, when the page gives
        one); raises :class:`Refused` (nothing changes) when it is malformed, stale, not the
        seat's turn or illegal: the match checks the turn, the version, the seat and the rules
        (:meth:`Match.play <canasta_caliente.Match.play>`), in the codes of :func:`refusal`.
        A person may deal the next hand, the server's action (:meth:`may_deal`)."""
        if not isinstance(notation, str | dict):
            raise Refused("malformed", "action: expected an action's notation, a string, or "
                          "{\"notation\": ...} (action.schema.json)")
        match, number, named = self.match, _turn(turn), _version(version)
        try:
            match.check_turn(number)
            if named is not None:
                match.check_version(named)
            try:  # (a notation's refusal in its own words: "action JSON: " was noise)
                action = (parse_action(notation) if isinstance(notation, str)
                          else Action.from_json(notation))
            except NotationError as exc:
                raise Refused("malformed", f"not an action: {exc}") from None
            acting = None if action == Action("deal") and self.may_deal(seat) else seat
            match.play(action, seat=acting)  # (the turn and the version checked above)
        except NotYourTurnError as exc:  # whose turn it is, by the seat's name on the page
            raise Refused(exc.code, not_to_act(match.state, self.names)) from None
        except CanastaError as exc:
            raise refusal(exc) from None
        return action

    def play(self, action: Action) -> None:
        """Apply an action as the server's own, unchecked for a seat (a bot's)."""
        self.match.play(action)

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back the last action: it was its own, and undoing it
        reveals nothing it did not know before (:meth:`Match.can_take_back
        <canasta_caliente.Match.can_take_back>`)."""
        return seat is not None and self.match.can_take_back(seat)

    def take_back(self, seat: int, turn: object, version: object = None) -> None:
        """Undo ``seat``'s last action; raises :class:`Refused` when not allowed (``turn`` and
        ``version`` as for :meth:`act`)."""
        number, named = _turn(turn), _version(version)
        try:
            self.match.take_back(seat=seat, turn=number, version=named)
        except CanastaError as exc:
            raise refusal(exc) from None

    def bot_to_act(self) -> int | None:
        """The bot's seat that is to act, or ``None``; a table of bots alone deals on."""
        player = self.state.current_player
        if player is not None and self.seats[player].is_bot:
            return player
        return None

    def bot_rng(self, seat: int) -> random.Random:
        """The random generator of ``seat``'s bot decision now, fixed by the seed, the turn and
        the seat (:func:`~canasta_caliente.players.rngs.decision_rng`, as
        :meth:`Match.play_bot <canasta_caliente.Match.play_bot>` gives it: no bot can find
        the game's seed in it)."""
        return decision_rng(self.record.seed, self.turn, seat)

    # -- messages ------------------------------------------------------------------------

    def event_count(self) -> int:
        """How many events have happened (the match's
        :attr:`~canasta_caliente.Match.event_count`)."""
        return self.match.event_count

    @property
    def names(self) -> list[str]:
        """The seats as the events' words name them: each by the name the organiser gave
        (:attr:`Seat.called`; "Seat 2" unless renamed)."""
        return [s.called for s in self.seats]

    def update(self, seat: int | None, since: int) -> dict[str, Any]:
        """The ``update`` ``seat``'s client is sent: ``message``, the game layer's client
        message exactly as :func:`~canasta_caliente.client_message` gives it (the seat's view,
        its legal actions, the events from number ``since`` on; valid against the shipped
        schema, :func:`~canasta_caliente.play.schemas.check_message`), and beside it the table's
        own fields: ``table`` (its id), ``rules`` (the rules in a line:
        :meth:`RuleSet.describe <canasta_caliente.RuleSet.describe>`), ``house_rules`` (the
        options that differ from the closest preset, each with its help: :func:`house_rules
        <canasta_caliente.web.board.house_rules>`), ``turn`` (the action
        number), ``version`` (the :attr:`Match.version <canasta_caliente.Match.version>`),
        ``since`` and ``next``
        (the numbers of the first event sent and of the next), ``log`` (the
        :meth:`Match.log_mark <canasta_caliente.Match.log_mark>`), ``seats`` (each seat's name
        and whether it is a bot), ``board`` (:func:`board`), ``can_undo`` and ``can_deal``
        (whether the seat may take back its last action, and deal the next hand)."""
        match = self.match
        count = match.event_count
        since = min(max(since, 0), count)
        # The events in the words of the seat's player: each seat by its name (Seat.called),
        # and the player as "you".
        message = match.message(seat, since, names=self.names, you=seat is not None)
        return {"type": "update", "message": message,
                "table": self.id, "turn": match.turn, "version": match.version,
                "since": since, "next": count,
                "log": match.log_mark(),
                "seats": [{"name": s.name, "bot": s.is_bot} for s in self.seats],
                "rules": self.state.rules.describe(),
                "house_rules": house_rules(self.state.rules),
                "board": board(self.state),
                "can_undo": self.can_undo(seat), "can_deal": self.may_deal(seat)}

    # -- files ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The table as the server saves it (secrets included)."""
        return {"format": TABLE_FORMAT, "id": self.id,
                "seats": [s.to_dict() for s in self.seats], "spectator": self.spectator,
                "generation": self.generation, "record": self.record.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """A table saved by :meth:`to_dict`; raises :class:`~canasta_caliente.StateError`
        naming the field that is missing or wrong: the table's id, its spectators' secret and
        each person's secret are links' parts (letters, digits, ``-`` and ``_``, at most
        :data:`LINK_PART_LIMIT`); a seat is a person's (a name and a secret) or a bot's (a
        name and a level of :data:`~canasta_caliente.players.levels.LEVEL_NAMES`, no secret);
        there is one seat for each of the rules' players."""
        if not isinstance(data, Mapping):
            raise StateError(f"not a saved table: expected a JSON object, not "
                             f"{type(data).__name__}")
        _check_table_format(data)
        table_id = _saved_token(data.get("id"), "id")
        spectator = _saved_token(data.get("spectator"), "spectator")
        generation = _saved_generation(data)
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise StateError(f"not a saved table: seats: expected a list of seats, not "
                             f"{short_repr(seats)}")
        checked = [_saved_seat(i, seat) for i, seat in enumerate(seats)]
        if "record" not in data:
            raise StateError("not a saved table: no 'record'")
        try:
            record = GameRecord.from_dict(data["record"])
        except CanastaError as exc:
            raise StateError(f"not a saved table: record: {exc}") from None
        players, count = record.rules.players, len(checked)
        if count != players:
            raise StateError(f"not a saved table: seats: {count} seat{'s' * (count != 1)}, "
                             f"but its rules are for {players} players")
        table = cls(table_id, checked, spectator, record)
        table.generation = generation
        return table

    def journal(self, folder: Path) -> Path:
        """The file of the actions played since the table's file was last written whole
        (:func:`load_tables` names it the same way)."""
        return folder / f"{self.id}.{self.generation}.actions"

    def save(self, folder: Path, *, whole: bool = False) -> None:
        """Save the table in ``folder``, readable by the owner only: ``<id>.json`` (the table
        whole: its seats, links and record) and, after it, its journal ``<id>.<generation>.actions``
        (the actions played since, one notation a line, appended).

        An action played is appended to the journal: one short write. The file is written whole
        (to a new file that then replaces it, so a crash leaves the old file or the new one,
        never half of one) the first time, after a take-back (the journal only grows), after a
        save that failed, and when ``whole`` asks; the journal of the file's previous generation
        is then removed. A save that fails (the disk full, say) raises :class:`OSError` and
        leaves the files as they were: an append cut short is cut back where the disk allows,
        and a file written whole replaces the old one only once complete. (Writing
        the file whole after every action cost milliseconds: on ext4 a rename over a file waits
        for the new file's blocks, tens of milliseconds on a busy disk.)"""
        actions = self.record.actions
        written = self.written
        try:
            if whole or written is None or self.saves_whole():
                self._write_whole(folder)
            elif written < len(actions):
                self._append(folder, "".join(f"{a}\n" for a in actions[written:]))
        except BaseException:
            self.save_failed = True
            raise
        self.save_failed = False
        self.written = len(actions)

    def saves_whole(self) -> bool:
        """Whether :meth:`save` will write the table's file whole (never written, an action
        taken back since, or the last save failed), rather than append to its journal."""
        return (self.written is None or self.written > len(self.record.actions)
                or self.save_failed)

    def _append(self, folder: Path, lines: str) -> None:
        data = lines.encode("utf-8")
        fd = os.open(self.journal(folder), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            size = os.fstat(fd).st_size
            try:
                if os.write(fd, data) != len(data):
                    raise OSError(f"{self.journal(folder)}: a short write (the disk full?)")
            except OSError:
                with contextlib.suppress(OSError):  # a line cut short is cut back
                    os.ftruncate(fd, size)
                raise
        finally:
            os.close(fd)

    def _write_whole(self, folder: Path) -> None:
        old, generation = self.journal(folder), self.generation
        if self.written is not None:  # a file of this table is there: its next generation
            self.generation += 1
        path = folder / f"{self.id}.json"
        part = folder / f".{self.id}.json.part"
        try:
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                # dumps, then one write: json.dump encodes in Python, chunk by chunk, several
                # times slower than the C encoder dumps uses.
                f.write(json.dumps(self.to_dict()))
            os.replace(part, path)
        except BaseException:
            self.generation = generation  # the file on disk is still of that generation
            with contextlib.suppress(OSError):
                part.unlink(missing_ok=True)
            raise
        if old != self.journal(folder):
            old.unlink(missing_ok=True)


def load_tables(folder: str | os.PathLike[str]) -> dict[str, Table]:
    """Every table saved in ``folder`` (see :meth:`Table.save`), with the actions of its
    journal; raises :class:`~canasta_caliente.StateError` naming a file that is not a saved
    table (an empty file, not UTF-8 text, not JSON, or a field that is wrong), or a journal's
    line that is not an action, or not one the game can play there (naming the line). A
    journal's last line without its end (a write cut off by a crash) is left out. A folder
    that is not a path is a :class:`TypeError`, one that is not there (or not a folder) an
    :class:`~canasta_caliente.ArgumentError` (:func:`tables_folder`)."""
    return {table.id: table for table in saved_tables(folder)}


def tables_folder(folder: object) -> Path:
    """``folder`` (a str or a path) as the :class:`~pathlib.Path` of a folder there is;
    :class:`TypeError` for anything else, :class:`~canasta_caliente.ArgumentError` saying why
    a path is not a folder."""
    if not isinstance(folder, str | os.PathLike):
        raise CanastaTypeError(f"folder: expected a folder's path (a str or a Path), not "
                               f"{describe_value(folder)}")
    path = Path(folder)
    if not path.is_dir():
        why = "a file, not a folder" if path.exists() else "no such folder"
        raise ArgumentError(f"folder: {path}: {why}")
    return path


def saved_tables(folder: str | os.PathLike[str]) -> Iterator[Table]:
    """The tables saved in ``folder``, one at a time (as :func:`load_tables` reads them), the
    most recently saved first (by the time its file or journal was last written): a server
    that keeps some of them in memory keeps the ones played last. The folder is checked at
    the call (:func:`tables_folder`), each table's files as it is read."""
    return _saved_tables(tables_folder(folder))


def _saved_tables(folder: Path) -> Iterator[Table]:
    latest: dict[str, float] = {}  # a table's id: when its file or a journal was written
    for path in folder.iterdir():
        if path.suffix in (".json", ".actions"):
            table_id = path.name.split(".", 1)[0]
            with contextlib.suppress(OSError):
                latest[table_id] = max(latest.get(table_id, 0.0), path.stat().st_mtime)
    for path in sorted(folder.glob("*.json"),
                       key=lambda p: (-latest.get(p.name.split(".", 1)[0], 0.0), p.name)):
        yield _load(folder, path)


def load_table(folder: str | os.PathLike[str], table_id: str) -> Table | None:
    """The table ``table_id`` saved in ``folder``, or ``None`` when there is none (an id that
    is not a link's part names none); raises :class:`~canasta_caliente.StateError` as
    :func:`load_tables` does (and :class:`TypeError` for an id that is not a str)."""
    folder = tables_folder(folder)
    if not isinstance(table_id, str):
        raise CanastaTypeError(f"table_id: expected a str, not {describe_value(table_id)}")
    if not is_link_part(table_id):
        return None
    path = folder / f"{table_id}.json"
    if not path.is_file():
        return None
    return _load(folder, path)


class _NamedError(StateError):
    """A saved table's file or journal that cannot be read, its message naming the file."""


def _load(folder: Path, path: Path) -> Table:
    """The table saved in ``path`` and its journal (see :func:`load_tables`). What is wrong is
    said in a reader's words, naming the file that holds it: an empty file, not UTF-8 text,
    not JSON (where), not a saved table (which field), or a journal's line (which) that is
    not an action or cannot be played after the lines before it."""
    journal, written = None, 0
    try:
        text = _read_text(path)
        if not text.strip():
            raise _NamedError(f"{path}: an empty file{' (blank space only)' * bool(text)}, "
                              "not a saved table")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _NamedError(f"{path}: not JSON: {json_error_words(exc)} at line "
                              f"{exc.lineno}, column {exc.colno}") from None
        if not isinstance(data, dict):
            raise StateError("not a saved table: expected a JSON object")
        _check_table_format(data)  # (another document's fields are not a table's: said first)
        # The journal's name is made of the id and the generation: both checked first.
        table_id, generation = _saved_token(data.get("id"), "id"), _saved_generation(data)
        if path.name != f"{table_id}.json":
            raise StateError(f"not a saved table: this file holds table {table_id!r}, "
                             f"whose file is {table_id}.json")
        record = data.get("record")
        journal = folder / f"{table_id}.{generation}.actions"
        if (journal.exists() and isinstance(record, dict)
                and isinstance(record.get("actions"), list)):
            # the actions played since the file was written whole: each line, ended
            written = len(record["actions"])
            data["record"] = {**record, "actions": [*record["actions"], *_journal(journal)]}
        table = Table.from_dict(data)
        table.written = len(table.record.actions)
    except _NamedError:
        raise
    except OSError as exc:  # a folder named like a table's file or journal, say
        raise StateError(f"{exc.filename or path}: cannot be read: "
                         f"{exc.strerror or exc}") from None
    except RecursionError:
        raise StateError(f"{path}: not a saved table: nested too deeply to be read "
                         "(a table's file is a few levels deep)") from None
    except ReplayError as exc:
        if journal is None or exc.step is None or exc.step <= written:
            raise StateError(f"{path}: {exc}") from None
        reason = str(exc).removeprefix(f"step {exc.step}: ")
        raise StateError(f"{journal}: line {exc.step - written}: not playable after the "
                         f"actions before it: {reason}") from None
    except (ValueError, CanastaError) as exc:
        raise StateError(f"{path}: {exc}") from None
    return table


def _check_table_format(data: Mapping[str, Any]) -> None:
    """Refuses a document whose ``format`` is not a saved table's (a
    :class:`~canasta_caliente.StateError`), naming the one it has: a game record copied into
    the folder is "format 'canasta-caliente/record'"."""
    if data.get("format") != TABLE_FORMAT:
        raise StateError(f"not a saved table: format {short_repr(data.get('format'))}, "
                         f"not {TABLE_FORMAT!r}")


def _read_text(path: Path) -> str:
    """The text of a table's file or journal; raises :class:`_NamedError` when it is not UTF-8
    text, naming the byte and where it is."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _NamedError(f"{path}: {not_text(data, exc)}") from None


def _journal(path: Path) -> list[str]:
    """The actions of a table's journal, one a line; a last line without its end (a write cut
    off by a crash) is left out. Raises :class:`_NamedError` naming the line that is not an
    action's notation."""
    lines = _read_text(path).split("\n")[:-1]
    seen: set[str] = set()  # a game repeats its actions: each text is read once
    for number, line in enumerate(lines, 1):
        if line not in seen:
            try:
                parse_action(line)
            except NotationError as exc:
                raise _NamedError(f"{path}: line {number}: not an action: {exc}") from None
            seen.add(line)
    return lines


_LINK_PART = re.compile(rf"[A-Za-z0-9_-]{{1,{LINK_PART_LIMIT}}}")
"""What a table's id and its links' secrets are made of (:func:`secrets.token_urlsafe`'s
alphabet, at most :data:`LINK_PART_LIMIT` characters): each is a part of a link, and the id a
part of the table's file names."""


def is_link_part(text: str) -> bool:
    """Whether ``text`` can be a table's id or a link's secret: letters, digits, ``-`` and
    ``_``, at most :data:`LINK_PART_LIMIT` of them. A link's part that is not is no table's,
    and never makes a file's name (a path of its own, or one too long for the system)."""
    return _LINK_PART.fullmatch(text) is not None


def _saved_token(value: object, field: str) -> str:
    """A saved table's id, or a link's secret: ``value``, read from the field ``field``;
    raises :class:`~canasta_caliente.StateError` naming it."""
    if not isinstance(value, str) or not is_link_part(value):
        raise StateError(f"not a saved table: {field}: expected a link's part (letters, "
                         f"digits, - and _, at most {LINK_PART_LIMIT}), not "
                         f"{short_repr(value)}")
    return value


def _saved_generation(data: Mapping[str, Any]) -> int:
    """A saved table's generation (0 when it has none); raises
    :class:`~canasta_caliente.StateError`."""
    generation = data.get("generation", 0)
    if not isinstance(generation, int) or isinstance(generation, bool) or generation < 0:
        raise StateError(f"not a saved table: generation: a count from 0, not "
                         f"{short_repr(generation)}")
    return generation


def _saved_seat(i: int, seat: Any) -> Seat:
    """Seat ``i`` of a saved table (see :meth:`Table.from_dict`); raises
    :class:`~canasta_caliente.StateError` naming the field."""
    if not isinstance(seat, dict):
        raise StateError(f"not a saved table: seats[{i}]: expected an object, not "
                         f"{short_repr(seat)}")
    name, level = seat.get("name"), seat.get("level")
    if not isinstance(name, str) or not is_text(name):
        raise StateError(f"not a saved table: seats[{i}].name: expected text, not "
                         f"{short_repr(name)}")
    if level is None:  # a person's seat: the secret of its link
        return Seat(name, secret=_saved_token(seat.get("secret"), f"seats[{i}].secret"))
    if not isinstance(level, str) or level not in LEVELS:
        raise StateError(f"not a saved table: seats[{i}].level: one of {', '.join(LEVELS)} "
                         f"(a bot) or null (a person), not {short_repr(level)}")
    if seat.get("secret") is not None:
        raise StateError(f"not a saved table: seats[{i}].secret: a bot's seat has no link, "
                         f"not {short_repr(seat.get('secret'))}")
    return Seat(name, level=level)
