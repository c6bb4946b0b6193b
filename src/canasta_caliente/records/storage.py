"""Saving states as JSON, and game records that replay a whole game.

:func:`dumps` and :func:`loads` round-trip a :class:`~canasta_caliente.GameState` exactly
(``loads(dumps(s)) == s``). A document records its ``format``, the :data:`RULES_VERSION` it was
written under and the package version; :func:`loads` refuses a corrupt, truncated or tampered
document with one :class:`~canasta_caliente.StateError` listing every problem, each with its
place in the document (``table.sides[1].melds[0]: 7 7 2 2: 2 naturals and 2 wilds break MELD-2
...``).

A :class:`GameRecord` is the short form of a game: the RuleSet, the seed (and the stacked deck
and starting scores, if any) and the actions in notation. :func:`replay` rebuilds every state.

>>> import canasta_caliente as cc
>>> from canasta_caliente.records.storage import GameRecord, dumps, loads, replay
>>> record = GameRecord.start(cc.RuleSet.preset("caliente"), seed=3).extend("draw")
>>> states = replay(record)
>>> loads(dumps(states[-1])) == states[-1]
True
>>> GameRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from .._arguments import check_seed
from .._limits import MAX_NAME, is_one_line
from .._version import __version__
from ..actions import Action, parse_action
from ..cards import NUM_KINDS, Card, counts_from_cards, parse_cards
from ..engine import apply, new_game, turn_order
from ..engine.deal import check_scores, known_at_hand_end
from ..errors import (
    ArgumentError,
    CanastaTypeError,
    IllegalActionError,
    NotationError,
    RuleSetError,
    StateError,
    count_phrase,
    describe_value,
    short_repr,
)
from ..rules.ruleset import RuleSet, check_ruleset
from ..state.game import GameState, Table, check_state
from ._codec import (
    RECORD_FORMAT,
    RULES_VERSION,
    STATE_FORMAT,
    Problems,
    cards_out,
    check_header,
    counts_out,
    fields,
    get_bool,
    get_cards,
    get_counts,
    get_each,
    get_int,
    get_known,
    get_list,
    get_rules,
    get_str,
    join,
    known_out,
    pretty_json,
    read_document,
    read_game_document,
)
from ._parts import (
    check_turn_seats,
    get_result,
    get_scores,
    get_seat_mask,
    get_side,
    get_turn,
    result_out,
    seats_out,
    side_out,
    turn_out,
)
from .invariants import state_problems
from .text import MalformedLine, read_text, result_text, write_text

__all__ = [
    "MAX_NAME",
    "RECORD_FORMAT",
    "RULES_VERSION",
    "STATE_FORMAT",
    "GameRecord",
    "ReplayError",
    "dumps",
    "is_record_name",
    "loads",
    "replay",
    "state_from_dict",
    "state_to_dict",
]


_STATE_FIELDS = ("format", "rules_version", "rules", "seed", "hand_number", "scores", "over",
                 "hand_results", "table")
_TABLE_FIELDS = ("deck", "stock_pos", "hands", "pile", "sides", "order", "turn_index", "turn",
                 "melded_seats")
_TABLE_OPTIONAL = ("known",)
"""Table fields a document may leave out: ``known`` is absent from documents written before the
known cards were tracked, and reads as nothing known while the hand is in play (consistent,
merely less informed); for a finished hand, whose cards were all shown (SCORE-1), it reads as
the engine records it then (:func:`~canasta_caliente.engine.deal.known_at_hand_end`)."""


# ---------------------------------------------------------------------------------------------
# States


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A state as plain JSON data (what :func:`dumps` writes)."""
    t = state.table
    return {
        "format": STATE_FORMAT,
        "rules_version": RULES_VERSION,
        "package_version": __version__,
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "over": state.over,
        "hand_results": [result_out(r) for r in state.hand_results],
        "table": {
            "deck": cards_out(t.deck),
            "stock_pos": t.stock_pos,
            "hands": [counts_out(h) for h in t.hands],
            "pile": cards_out(t.pile),
            "sides": [side_out(s) for s in t.sides],
            "order": list(t.order),
            "turn_index": t.turn_index,
            "turn": turn_out(t.turn),
            "melded_seats": seats_out(t.melded_seats),
            "known": known_out(t.known, len(t.hands)),
        },
    }


def dumps(state: GameState, *, indent: int | str | None = 2) -> str:
    """A state as a JSON document; :func:`loads` reads it back exactly.

    With ``indent=None`` the document is compact; otherwise lists of cards stay on one line
    (``indent`` is what :func:`json.dumps` takes: a number of spaces or the text of a level).
    A view, a record or a match is a :class:`TypeError` naming how it is saved.
    """
    saved = _SAVED_BY.get(type(state).__name__)
    if saved is not None and not isinstance(state, GameState):
        raise CanastaTypeError(f"dumps: expected a GameState, not {type(state).__name__}: "
                               f"{saved}")
    check_state(state)
    return pretty_json(state_to_dict(state), indent)


_SAVED_BY = {"View": "a seat's view is saved with view.to_json()",
             "GameRecord": "a record is saved with record.to_json()",
             "Match": "a match is saved as its record, match.record.to_json()"}
"""How each of the library's other objects is saved, by its type's name: named when
:func:`dumps` is given one."""


def loads(text: str | bytes | bytearray) -> GameState:
    """Read a state written by :func:`dumps`.

    Raises :class:`~canasta_caliente.StateError` listing every problem of a corrupt or tampered
    document: bad JSON, missing or unknown fields and wrong types, unknown card codes, an invalid
    RuleSet, a rules version this package cannot read, impossible counts and seats, melds
    breaking MELD-1 to MELD-6, and cards that do not add up to the rules' deck.
    """
    return state_from_dict(read_document(text, "state document"))


def state_from_dict(data: Any) -> GameState:
    """Build a state from plain JSON data (see :func:`loads`), checking everything."""
    what = "state document"
    p = Problems()
    doc, rules, players, n_sides = read_game_document(p, data, STATE_FORMAT, what, _STATE_FIELDS)
    seed = get_int(p, "seed", doc["seed"])
    hand_number = get_int(p, "hand_number", doc["hand_number"], low=1)
    scores = get_scores(p, "scores", doc["scores"], n_sides)
    over = get_bool(p, "over", doc["over"])
    results = get_each(p, "hand_results", doc["hand_results"],
                       lambda q, w, v: get_result(q, w, v, players, n_sides))
    table = _get_table(p, "table", doc["table"], rules)
    p.raise_if_any(what)
    assert rules is not None and seed is not None and hand_number is not None
    assert scores is not None and over is not None and results is not None
    assert table is not None

    expected = hand_number - (0 if over else 1)
    if len(results) != expected:
        p.add("hand_results", f"hand {hand_number} {'has ended' if over else 'is in play'}, so "
              f"{expected} hand result{'s' if expected != 1 else ''} are expected, not "
              f"{len(results)}")
    order = turn_order(rules, hand_number)
    if table.order != order:
        p.add("table.order", f"{list(table.order)} is not the turn order of hand "
              f"{hand_number}: expected {list(order)} (SEAT-3, SEAT-4)")
    else:
        check_turn_seats(p, "table.turn", rules, table.order, table.turn_index, table.turn)
    p.raise_if_any(what)

    if over and "known" not in doc["table"]:
        # Written before the known cards were tracked: a finished hand's were all shown.
        table = attrs.evolve(table, known=known_at_hand_end(table.hands))
    state = GameState(rules, seed, hand_number, scores, table, tuple(results), over)
    _check_state(p, state)
    p.raise_if_any(what)
    return state


def _get_table(p: Problems, path: str, value: Any, rules: RuleSet | None) -> Table | None:
    data = fields(p, path, value, _TABLE_FIELDS, _TABLE_OPTIONAL)
    if data is None:
        return None
    players = rules.players if rules is not None else None
    deck = get_cards(p, join(path, "deck"), data["deck"])
    if deck is not None and rules is not None and counts_from_cards(deck) != rules.deck_counts:
        p.add(join(path, "deck"), "is not the rules' deck ("
              + _difference(counts_from_cards(deck), rules.deck_counts) + ")")
        deck = None
    stock_pos = get_int(p, join(path, "stock_pos"), data["stock_pos"], low=0,
                        high=None if deck is None else len(deck))
    hpath = join(path, "hands")
    hands = get_each(p, hpath, data["hands"], get_counts)
    if hands is not None and players is not None and len(hands) != players:
        p.add(hpath, f"expected one hand per seat ({players}), got {len(hands)}")
        hands = None
    pile = get_cards(p, join(path, "pile"), data["pile"])
    spath = join(path, "sides")
    sides = get_each(p, spath, data["sides"], lambda q, w, v: get_side(q, w, v, rules))
    if sides is not None and rules is not None and len(sides) != len(rules.layout):
        p.add(spath, f"expected one entry per side ({len(rules.layout)}), got {len(sides)}")
        sides = None
    opath = join(path, "order")
    order = get_each(p, opath, data["order"],
                     lambda q, w, v: get_int(q, w, v, low=0,
                                             high=None if players is None else players - 1))
    turn_index = get_int(p, join(path, "turn_index"), data["turn_index"], low=0,
                         high=None if order is None else max(len(order) - 1, 0))
    turn = get_turn(p, join(path, "turn"), data["turn"], players)
    melded = get_seat_mask(p, join(path, "melded_seats"), data["melded_seats"], players)
    known = get_known(p, join(path, "known"), data.get("known", []), players)
    if (deck is None or stock_pos is None or hands is None or pile is None or sides is None
            or order is None or turn_index is None or turn is None or melded is None):
        return None
    if known is None:
        return None
    return Table(deck, stock_pos, tuple(hands), pile, tuple(sides), tuple(order), turn_index,
                 turn, melded, known)


def _difference(found: Sequence[int], want: Sequence[int]) -> str:
    parts = []
    for k in range(NUM_KINDS):
        d = found[k] - want[k]
        if d:
            parts.append(f"{d:+d} {Card(k)}")
    return ", ".join(parts) + " against the deck"


def _check_state(p: Problems, state: GameState) -> None:
    """Whole-state checks (:func:`~canasta_caliente.records.invariants.state_problems`): cards
    conserved, bonus cards out of hands, the turn's facts against the table, the last result
    against the table it finishes, no dead end (TURN-0)."""
    try:
        found = state_problems(state)
    except Exception as exc:  # a tampered state may trip the engine itself
        p.add("", f"the engine cannot play this state: {type(exc).__name__}: {exc}")
        return
    for path, problem in found:
        p.add(path, problem)


# ---------------------------------------------------------------------------------------------
# Game records


def _rules(value: RuleSet) -> RuleSet:
    return check_ruleset(value)


def _seed(value: int) -> int:
    return check_seed("seed", value)


class _Canonical(tuple[str, ...]):
    """Actions already in canonical notation (:meth:`GameRecord.extend`'s and
    :meth:`GameRecord.from_dict`'s), which the constructor keeps without reading them again:
    a record extended action by action is not read over and over."""

    __slots__ = ()


def _canonical(text: str, seen: dict[str, str]) -> str:
    """``text``'s canonical notation, the one check of a record's action text (a
    :class:`~canasta_caliente.NotationError` saying what is wrong); ``seen`` holds the texts
    already read, as a game repeats its actions."""
    found = seen.get(text)
    if found is None:
        found = seen[text] = str(parse_action(text))
    return found


def _actions(values: Sequence[Action | str]) -> tuple[str, ...]:
    """The actions in canonical notation, as :meth:`GameRecord.extend` stores them: each an
    :class:`~canasta_caliente.Action` or notation that parses, the index of one that is not
    named."""
    if type(values) is _Canonical:
        return tuple(values)
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise CanastaTypeError("actions must be a sequence of actions or their notation (str), not "
                               f"{describe_value(values)}")
    seen: dict[str, str] = {}
    out = []
    for i, action in enumerate(values):
        if isinstance(action, Action):
            out.append(str(action))
        elif isinstance(action, str):
            try:
                out.append(_canonical(action, seen))
            except NotationError as exc:
                raise NotationError(f"actions[{i}]: {exc}") from None
        else:
            raise CanastaTypeError(f"actions[{i}] must be an Action or its notation (a str), not "
                                   f"{describe_value(action)}")
    return tuple(out)


def _deck(value: Sequence[Card | str] | None) -> tuple[Card, ...] | None:
    return None if value is None else parse_cards(value)


def _scores(value: Sequence[int] | None) -> Any:
    # Checked against the rules' sides by __attrs_post_init__, once the rules are known.
    return value


def is_record_name(value: str) -> bool:
    """Whether a record can hold ``value`` as a player's name or its date: a non-empty single
    line of at most :data:`MAX_NAME` characters, without ``,`` or ``#`` and without white
    space at either end.

    >>> is_record_name("level-3"), is_record_name("Bot(depth=3, x=1)")
    (True, False)
    """
    # The text record reads its lines as str.splitlines splits them and strips each header's
    # value: a name it would split, or with white space at either end, would not come back.
    return bool(value) and value == value.strip() and len(value) <= MAX_NAME and not any(
        c in value for c in ",#") and is_one_line(value)


def _check_name(what: str, value: object) -> str:
    if not isinstance(value, str):
        raise CanastaTypeError(f"{what} must be a str, not {describe_value(value)}")
    if not is_record_name(value):
        raise ArgumentError(f"{what} must be a non-empty single line of at most {MAX_NAME} "
                            f"characters without ',' or '#' and without white space at either "
                            f"end, not {short_repr(value)}")
    return value


def _players(value: Sequence[str] | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise CanastaTypeError(f"players must be a sequence of names, not {describe_value(value)}")
    return tuple(_check_name(f"the name of seat {seat}", n) for seat, n in enumerate(value))


@attrs.frozen
class GameRecord:
    """A game in short: the rules, the seed, the first hand's stacked deck and the starting
    scores (if any), and the actions in notation. :func:`replay` rebuilds every state.

    Build one while playing:

    >>> import canasta_caliente as cc
    >>> record = GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=11)
    >>> state = record.initial_state()
    >>> action = cc.legal_actions(state)[0]
    >>> record = record.extend(action)
    >>> state = cc.apply(state, action)
    >>> record.actions, record.final_state() == state
    (('draw',), True)

    The constructor checks its fields as :meth:`from_json` does: a wrong type is a
    :class:`TypeError`, an action that does not parse a
    :class:`~canasta_caliente.NotationError` naming its index, and scores or players that do
    not fit the rules an :class:`~canasta_caliente.ArgumentError`. Legality is checked by
    :func:`replay`.
    """

    rules: RuleSet = attrs.field(converter=_rules)
    seed: int = attrs.field(converter=_seed)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)
    """The stacked top of the first hand's deck (``new_game``'s ``deck``), or ``None``."""
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_scores)
    """The sides' starting scores, one per side of the rules, or ``None`` for zeros."""
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)
    """The actions, in canonical notation, from the first state on (given as
    :class:`~canasta_caliente.Action` values or notation, each is checked to parse and stored
    as :meth:`extend` stores it)."""
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_players)
    """Who played each seat, in seat order (a bot's name for :func:`~canasta_caliente.get_bot`,
    or a person's), or ``None``: each a non-empty single line of at most :data:`MAX_NAME`
    characters without ``,`` or ``#`` and without white space at either end (a line break of
    any kind that :meth:`str.splitlines` splits at included), which the text record
    (:meth:`to_text`) keeps exactly."""
    date: str | None = attrs.field(default=None)
    """When the game was played (free text on one line, ISO 8601 by custom, as a name of
    :attr:`players` is checked), or ``None``."""

    def __attrs_post_init__(self) -> None:
        if self.scores is not None:
            # (a frozen class sets its own field the way attrs's __init__ does)
            object.__setattr__(self, "scores", check_scores(self.rules, self.scores))
        if self.players is not None and len(self.players) != self.rules.players:
            raise ArgumentError(f"players: {count_phrase(len(self.players), 'name')} for "
                                f"{count_phrase(self.rules.players, 'seat')}: one name a seat")
        if self.date is not None:
            _check_name("date", self.date)

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        *,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        scores: Sequence[int] | None = None,
        players: Sequence[str] | None = None,
        date: str | None = None,
    ) -> GameRecord:
        """A record of a new game, with no action yet; takes ``new_game``'s arguments (a
        random seed is drawn when none is given, so the record can always be replayed), and
        who sits where (``players``, one name a seat) and the ``date``, as the record's
        fields of those names. The arguments are checked by starting the game once.

        >>> import canasta_caliente as cc
        >>> record = GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=5,
        ...                           players=("ana", "level-3"), date="2026-12-01")
        >>> record.players, record.date, record.actions
        (('ana', 'level-3'), '2026-12-01', ())
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        record = cls(rules, seed, deck, scores, players=players, date=date)
        record.initial_state()
        return record

    @classmethod
    def from_state(cls, state: GameState) -> GameRecord:
        """The record of the game that starts at ``state``, a state ``new_game`` returned.

        Raises :class:`~canasta_caliente.ArgumentError` (a ``ValueError``) for a state that
        is not the start of a game, and :class:`TypeError` for anything but a
        :class:`~canasta_caliente.GameState` (a seat's view, say).
        """
        check_state(state)
        default = new_game(state.rules, seed=state.seed, scores=state.scores)
        deck = None if default.table.deck == state.table.deck else state.table.deck
        record = cls(state.rules, state.seed, deck, state.scores)
        if state.hand_number != 1 or record.initial_state() != state:
            raise ArgumentError("the state is not the start of a game (a state new_game "
                                "returns)")
        if not any(state.scores):
            record = attrs.evolve(record, scores=None)
        return record

    def extend(self, *actions: Action | str) -> GameRecord:
        """A new record with ``actions`` appended (notation is checked and normalized; legality
        is checked by :func:`replay`, not here: a record extended with an illegal action is
        refused, naming the step, when it is replayed (:meth:`states`, :meth:`final_state`,
        a :class:`~canasta_caliente.Match` made of it), written as text (:meth:`to_text`,
        which shows the play) or read from text; its JSON (:meth:`to_json`,
        :meth:`from_json`) holds the actions as given, unreplayed. A server that records a
        game as it is played appends what :class:`~canasta_caliente.Match` has played, which
        is legal)."""
        added = tuple(str(a if isinstance(a, Action) else parse_action(a)) for a in actions)
        return attrs.evolve(self, actions=_Canonical(self.actions + added))

    def initial_state(self) -> GameState:
        """The state before the first action."""
        return new_game(self.rules, seed=self.seed, deck=self.deck, scores=self.scores)

    def states(self) -> tuple[GameState, ...]:
        """Every state of the game, the initial one first (see :func:`replay`)."""
        return replay(self)

    def final_state(self) -> GameState:
        """The state after the last action."""
        return replay(self)[-1]

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return {
            "format": RECORD_FORMAT,
            "rules_version": RULES_VERSION,
            "package_version": __version__,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deck": None if self.deck is None else cards_out(self.deck),
            "scores": None if self.scores is None else list(self.scores),
            "actions": list(self.actions),
            **({} if self.players is None else {"players": list(self.players)}),
            **({} if self.date is None else {"date": self.date}),
        }

    def to_json(self, *, indent: int | str | None = 2) -> str:
        """The record as a JSON document; :meth:`from_json` reads it back."""
        return pretty_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from plain JSON data; a malformed one raises
        :class:`~canasta_caliente.StateError` listing every problem."""
        what = "game record"
        p = Problems()
        check_header(p, data, RECORD_FORMAT, what)
        doc = fields(p, "", data, ("format", "rules_version", "rules", "seed", "actions"),
                     ("package_version", "deck", "scores", "players", "date"))
        assert doc is not None  # check_header has seen an object
        rules = get_rules(p, "rules", doc["rules"])
        seed = get_int(p, "seed", doc["seed"])
        deck: tuple[Card, ...] | None = None
        if doc.get("deck") is not None:
            deck = get_cards(p, "deck", doc["deck"])
        scores: tuple[int, ...] | None = None
        if doc.get("scores") is not None:
            scores = get_scores(p, "scores", doc["scores"],
                                None if rules is None else len(rules.layout))
        actions: list[str] = []
        items = get_list(p, "actions", doc["actions"])
        normal: dict[str, str] = {}  # a game repeats its actions: each text is parsed once
        for i, item in enumerate(items or ()):
            text = get_str(p, join("actions", i), item)
            if text is None:
                continue
            try:
                actions.append(_canonical(text, normal))
            except NotationError as exc:
                p.add(join("actions", i), f"step {i + 1}: {exc}")
        players: list[str] | None = None
        if doc.get("players") is not None:
            items = get_list(p, "players", doc["players"])
            players = [get_str(p, join("players", i), n) or "" for i, n in enumerate(items or ())]
        players_read = None if players is None else tuple(players)
        date = None if doc.get("date") is None else get_str(p, "date", doc["date"])
        p.raise_if_any(what)
        assert rules is not None and seed is not None
        try:
            record = cls(rules, seed, deck, scores, _Canonical(actions),
                         players_read, date)
        except ValueError as exc:
            p.add("date" if str(exc).startswith("date") else "players", str(exc))
            p.raise_if_any(what)
        try:
            record.initial_state()
        except ValueError as exc:
            p.add("deck" if "deck" in str(exc) else "scores", str(exc))
            p.raise_if_any(what)
        return record

    def to_text(self) -> str:
        """The record as plain text (the format: :mod:`canasta_caliente.records.text`):
        headers, then the actions turn by turn; :meth:`from_text` reads it back. The game is
        replayed to write each turn's seat and the result.

        >>> import canasta_caliente as cc
        >>> record = GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=11)
        >>> print(record.extend("draw", "discard 5").to_text())  # doctest: +ELLIPSIS
        Canasta-Caliente-Record: 1
        Rules-Version: 2
        Rules: caliente-2p
        Seed: 11
        Result: unfinished, hand 1, 0 to 0
        <BLANKLINE>
        # hand 1
        1. seat 0: draw; discard 5
        <BLANKLINE>
        """
        return write_text(self.to_dict(), replay(self))

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_text` and replay it. A malformed record raises
        :class:`ReplayError` naming its line (:attr:`ReplayError.line`): text that cannot be
        read, headers that cannot start the game, an illegal action, a turn's ``seat N`` that
        is not the seat to act, or a ``Result`` the actions do not produce."""
        try:
            parsed = read_text(text)
        except MalformedLine as exc:
            raise ReplayError(None, None, None, exc.reason, line=exc.line) from None
        data = parsed.data
        data.update(format=RECORD_FORMAT)
        try:
            record = cls.from_dict(data)
        except (StateError, RuleSetError) as exc:
            where = next((k for k, f in (("Deck", "deck"), ("Scores", "scores"),
                                         ("Seats", "players"), ("Date", "date"),
                                         ("Seed", "seed"), ("Rules-Version", "rules_version"))
                          if f in str(exc).split(":", 1)[-1][:40]), "Rules")
            raise ReplayError(None, None, None, str(exc),
                              line=parsed.header_lines.get(where, 1)) from None
        state = record.initial_state()
        for step, (text, seat, line) in enumerate(zip(
                record.actions, parsed.step_seats, parsed.step_lines, strict=True), 1):
            if seat is not None and state.current_player != seat:
                raise ReplayError(step, text, state, f"the line names seat {seat}, but seat "
                                  f"{state.current_player} is to act", line=line)
            try:
                state = apply(state, text)
            except IllegalActionError as exc:
                raise ReplayError(step, text, state, str(exc), line=line) from None
        if parsed.result is not None and parsed.result != result_text(state):
            raise ReplayError(None, None, state, f"Result: the actions give "
                              f"{result_text(state)!r}, not {parsed.result!r}",
                              line=parsed.header_lines["Result"])
        return record

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> GameRecord:
        """Read a record written by :meth:`to_json` (see :meth:`from_dict`)."""
        return cls.from_dict(read_document(text, "game record"))


class ReplayError(IllegalActionError):
    """An illegal action in a game record, found by :func:`replay`.

    :attr:`step` is its number (from 1), :attr:`action` its notation and :attr:`state` the
    state it was refused in. Read from text (:meth:`GameRecord.from_text`), :attr:`line` is
    the line (from 1) that is wrong, and a line that is wrong before any action (a header,
    text that is not a record) has no ``step``, ``action`` or ``state`` (``None``).
    """

    def __init__(self, step: int | None, action: str | None, state: GameState | None,
                 reason: str, *, line: int | None = None) -> None:
        self.step = step
        self.action = action
        self.state = state
        self.line = line
        where = [f"line {line}"] if line is not None else []
        where += [f"step {step}"] if step is not None else []
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of a recorded game: the initial state, then one per action.

    An illegal action raises :class:`ReplayError` (an
    :class:`~canasta_caliente.IllegalActionError`) naming the step; malformed notation or
    arguments that cannot start the game raise :class:`~canasta_caliente.StateError`.
    """
    if not isinstance(record, GameRecord):
        raise CanastaTypeError(f"expected a GameRecord, not {type(record).__name__}")
    try:
        state = record.initial_state()
    except (TypeError, ValueError) as exc:
        raise StateError(f"game record: cannot start the game: {exc}") from None
    states = [state]
    for step, text in enumerate(record.actions, 1):
        try:
            action = parse_action(text)
        except NotationError as exc:
            raise StateError(f"game record: step {step}: malformed action: {exc}") from None
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            raise ReplayError(step, str(action), state, str(exc)) from None
        states.append(state)
    return tuple(states)

