"""The observation tensor of a seat and the action mask of a state.

:func:`observation` turns a :class:`~canasta_caliente.View` (what one seat may know) into a
float32 vector whose length depends only on the RuleSet; :func:`observation_layout` describes it
field by field. Everything is seen from the observing seat: "seats" run from the observer in
seat order (the observer first, then the seat after it, ...), and "sides" from the observer's
side (its own side first, then the next side, ...), so one policy can play every seat.

Counts are raw (not scaled); each :class:`Field` gives the bounds of its entries, which the
environments use for their observation spaces, and which a learner may use to scale.

>>> import canasta_caliente as cc
>>> from canasta_caliente.rl import observation, observation_layout
>>> rules = cc.RuleSet.preset("caliente")
>>> state = cc.new_game(rules, seed=1)
>>> vector = observation(cc.observe(state, 0))
>>> vector.shape, vector.dtype
((216,), dtype('float32'))
>>> hand = observation_layout(rules)[0]
>>> hand.name, hand.start, hand.size
('hand', 0, 16)
>>> int(vector[hand.start:hand.stop].sum())
11
"""

from __future__ import annotations

import functools
import math
import operator
import struct
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .._arguments import as_integer
from ..cards import NUM_KINDS, NUM_RANKS, Card
from ..errors import ArgumentError, CanastaTypeError, describe_value
from ..rules.ruleset import RuleSet, check_ruleset
from ..state.game import GameState, Question, SideTable, Turn, check_seat
from ..views.action_space import ActionSpace
from ..views.view import View
from ._rows import (
    NO_PILE_COUNTS,
    NO_SIDE,
    NONE_KNOWN,
    PHASES,
    SidePart,
    assemble,
    known_field,
    known_fields,
    pack_known,
    pack_pile,
    pack_table,
    phase_segment,
    pile_state,
    turn_segment,
    write_rows,
)

__all__ = [
    "SCORE_BOUND",
    "Field",
    "ObservationTracker",
    "action_mask",
    "observation",
    "observation_layout",
    "observation_of",
    "observation_scale",
    "observation_size",
    "observations_of",
]

_QUESTIONS = tuple(Question)

SCORE_BOUND = 2**24
"""The bound of the ``scores`` field: game scores lie in [−2**24, 2**24], the integers float32
holds exactly. A state whose score lies beyond (a game started so, say) is observed with that
score clamped to ±2**24, so that every observation stays within its bounds. The environments
refuse starting scores beyond ±2**23 and end a game whose score passes ±2**23 (``truncated``):
one hand cannot move a score by 2**23 points, so no observation of theirs is clamped."""


@attrs.frozen
class Field:
    """One field of the observation vector: ``vector[field.start:field.stop]``."""

    name: str
    """The field's name."""
    start: int
    """Index of its first entry."""
    size: int
    """How many entries it has."""
    shape: tuple[int, ...]
    """How its entries are arranged (for example ``(sides, 11, 3)`` for the melds), in C
    order."""
    low: float
    """The least value of an entry."""
    high: float
    """The greatest value of an entry (finite: :data:`SCORE_BOUND` for game scores)."""
    description: str
    """What its entries hold."""

    @property
    def stop(self) -> int:
        """Index just past its last entry."""
        return self.start + self.size


@functools.lru_cache(maxsize=64)
def observation_layout(rules: RuleSet) -> tuple[Field, ...]:
    """The fields of :func:`observation` under ``rules``, in order, field by field.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import observation_layout
    >>> [f.name for f in observation_layout(cc.RuleSet.preset("caliente"))][:4]
    ['hand', 'known', 'hand_sizes', 'to_act']
    """
    check_ruleset(rules)
    players, sides = rules.players, rules.sides
    deck = rules.deck_counts
    most = float(max(deck))
    d = rules.decks
    minimums = [rules.minimum_below_zero, *(m for _, m in rules.initial_meld_minimums)]
    deck_value = sum(v * n for v, n in zip(rules.card_values, deck, strict=True))
    rows: list[tuple[str, tuple[int, ...], float, float, str]] = [
        ("hand", (NUM_KINDS,), 0, most,
         "the observer's hand: how many cards of each kind (4 5 6 7 8 9 10 J Q K A 2 JK R3 B3 "
         "CAL)"),
        ("known", (players - 1, NUM_KINDS), 0, most,
         "per other seat (from the seat after the observer), the cards of each kind known to "
         "all to be in its hand (view.known(seat): pile cards seen taken, not seen played)"),
        ("hand_sizes", (players,), 0, float(rules.deck_size),
         "per seat (from the observer), how many cards it holds (0 for a seat sitting out)"),
        ("to_act", (players,), 0, 1,
         "per seat (from the observer), 1 for the seat to act (a partner answering 'ask' is the "
         "one to act); all 0 between hands"),
        ("melds", (sides, NUM_RANKS, 3), 0, float(4 * d),
         "per side (from the observer's), per natural rank 4 to A, the meld's naturals, 2s and "
         "jokers (all 0: no meld of that rank)"),
        ("canastas", (sides, 2), 0, float(NUM_RANKS),
         "per side, its natural canastas and its mixed canastas"),
        ("stop_cards", (sides,), 0, float(deck[Card.BLACK_THREE]),
         "per side, the stop cards (B3) it has melded"),
        ("laid_out", (sides,), 0, float(deck[Card.RED_THREE]),
         "per side, the bonus cards (R3) it has laid out this hand"),
        ("caliente_played", (sides,), 0, float(rules.caliente_cards),
         "per side, the Caliente cards it has played this hand"),
        ("scores", (sides,), -SCORE_BOUND, SCORE_BOUND,
         "per side, its game score at the start of the hand, clamped to ±SCORE_BOUND (2**24)"),
        ("first_meld_minimum", (sides,), 0, float(max(minimums)),
         "per side, the first-meld minimum it must reach this hand (INIT-1); 0 once it has "
         "melded"),
        ("pile", (NUM_KINDS,), 0, most,
         "the pile (all face up): how many cards of each kind"),
        ("up_card", (NUM_KINDS,), 0, 1, "the pile's up card, one-hot (all 0: empty pile)"),
        ("pile_size", (1,), 0, float(rules.deck_size), "how many cards the pile holds"),
        ("pile_state", (3,), 0, 1,
         "1 if the pile holds a card that freezes it (GameState.pile_has_freezer: a wild or a "
         "bonus card, PILE-3, or a stop card under stop_card_freezes, READ-6); 1 if it is "
         "frozen for the observer's side (that, or the side has not melded, or always_frozen); "
         "1 if it is blocked by a stop card or a Caliente card on top (PILE-2)"),
        ("stock_size", (1,), 0, float(rules.deck_size), "how many cards the stock holds"),
        ("turn_meld", (2,), 0, float(max(max(minimums), deck_value)),
         "this turn's first-meld points still needed, and points melded toward it (INIT-2)"),
        ("waiting", (NUM_KINDS,), 0, most,
         "pile cards taken under INIT-4 waiting to join the turn player's hand, per kind"),
        ("phase", (len(PHASES),), 0, 1,
         "the phase, one-hot: " + ", ".join(p.value for p in PHASES)),
        ("question", (len(_QUESTIONS),), 0, 1,
         "this turn's 'May I go out?' question, one-hot: "
         + ", ".join(q.name.lower() for q in _QUESTIONS)),
    ]
    out: list[Field] = []
    start = 0
    for name, shape, low, high, description in rows:
        size = math.prod(shape)
        # A bound above the least value even when the entry is always 0 (no Caliente cards,
        # say): an equal low and high reads as a mistake to Gymnasium's checker.
        out.append(Field(name, start, size, shape, float(low), float(max(high, low + 1)),
                         description))
        start += size
    return tuple(out)


def observation_size(rules: RuleSet) -> int:
    """The length of :func:`observation` under ``rules``."""
    return observation_layout(rules)[-1].stop


def observation_scale(rules: RuleSet) -> npt.NDArray[np.float32]:
    """What the environments' normalised observation (``normalize=True``) divides each entry
    of :func:`observation` by: the greatest absolute bound of its field, so that every entry
    lies in [0, 1], except the game scores, divided by ``rules.target_score`` (a score is then
    in units of the target: 1.0 has reached it), so that they stay readable near the target.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import observation_layout, observation_scale
    >>> rules = cc.RuleSet.preset("caliente")
    >>> scores = next(f for f in observation_layout(rules) if f.name == "scores")
    >>> float(observation_scale(rules)[scores.start]) == rules.target_score
    True
    """
    check_ruleset(rules)
    return layout_offsets(rules).scale.copy()


@attrs.frozen
class LayoutOffsets:
    """The vector's size and bounds, and the packers and fixed segments its rows are built from
    (cached per RuleSet). It holds no rule fact: :func:`observation` asks each one of its home
    (the state or the view, and the RuleSet).

    A row is built as bytes, a segment (a run of entries) at a time, each packed as int32;
    ``_rows.assemble`` joins the segments in the layout's order, and NumPy reads the row in
    place and casts it to float32 at once, exactly, as every entry lies within ±2**24. An int
    packs in about a third of the instructions it takes as float32 (which converts it to a
    Python float first), and a segment once packed is reused as it stands by
    :class:`ObservationTracker` for as long as the part of the state it was packed from is
    the same object.

    Pickled, it is its RuleSet alone, and unpickled :func:`layout_offsets` of it: its packers
    (``struct.Struct`` methods) cannot be pickled, and need not be."""

    rules: RuleSet
    """The RuleSet it was made for (what it is pickled as)."""
    size: int
    """The number of entries."""
    players: int
    """The seats at the table."""
    score_bound: int
    """:data:`SCORE_BOUND`: ``_rows.side_part`` clamps a game score to ± it."""
    low: npt.NDArray[np.float32]
    high: npt.NDArray[np.float32]
    scale: npt.NDArray[np.float32]
    kinds: Callable[..., bytes]
    """Packs one count per card kind (the ``hand`` field, one seat's part of ``known``)."""
    sizes: Callable[..., bytes]
    """Packs the ``hand_sizes`` field."""
    melds: Callable[..., bytes]
    """Packs one side's part of the ``melds`` field (per rank: naturals, 2s, jokers)."""
    side_facts: Callable[..., bytes]
    """Packs the fields from ``canastas`` to ``first_meld_minimum``."""
    rotations: tuple[tuple[int, ...], ...]
    """Per side, the sides counted from it (the order of an observer of that side)."""
    facts_order: Callable[[tuple[int, ...]], tuple[int, ...]]
    """The facts of every side (each side's ``_rows.SidePart`` facts, the sides counted from
    the observer's) in the order of the fields from ``canastas`` to ``first_meld_minimum``
    (an ``operator.itemgetter``: one C call)."""
    pile: Callable[..., bytes]
    """Packs the ``pile``, ``up_card`` and ``pile_size`` fields."""
    turn: Callable[..., bytes]
    """Packs the ``turn_meld`` and ``waiting`` fields."""
    no_known: bytes
    """One seat's part of ``known`` when nothing is known of its hand."""
    no_melds: bytes
    """One side's part of ``melds`` when it has no meld."""
    no_pile: bytes
    """The ``pile`` to ``pile_state`` fields of an empty pile."""
    no_turn: bytes
    """The ``turn_meld`` and ``waiting`` fields between hands."""
    to_act: tuple[bytes, ...]
    """The ``to_act`` field with the ``k``-th seat from the observer to act, at index ``k``
    (index ``players``: no seat, between hands)."""
    pile_states: tuple[bytes, ...]
    """The ``pile_state`` field, indexed by its three flags read as bits (4, 2, 1)."""
    stocks: tuple[bytes, ...]
    """The ``stock_size`` field, indexed by the stock's size."""
    phases: tuple[tuple[bytes, ...], ...]
    """The ``phase`` and ``question`` fields, by the phase's index, then the question."""

    def __reduce__(self) -> tuple[Callable[[RuleSet], LayoutOffsets], tuple[RuleSet]]:
        """Pickle as :func:`layout_offsets` of the RuleSet (see the class documentation)."""
        return layout_offsets, (self.rules,)


def _packer(n: int) -> Callable[..., bytes]:
    """Packs ``n`` ints as int32 into new bytes."""
    return struct.Struct(f"={n}i").pack


def _one_hots(n: int) -> tuple[bytes, ...]:
    """``n`` entries packed, with a 1 at index ``k`` for each ``k`` in turn, then all 0 (at
    index ``n``)."""
    pack = _packer(n)
    return (*(pack(*(int(i == k) for i in range(n))) for k in range(n)), pack(*[0] * n))


@functools.lru_cache(maxsize=64)
def layout_offsets(rules: RuleSet) -> LayoutOffsets:
    """The size, the bounds and the packers of :func:`observation` under ``rules``, made once
    per RuleSet: what the environments read to fill the vector and its space."""
    layout = observation_layout(rules)
    size = layout[-1].stop
    low = np.empty(size, np.float32)
    high = np.empty(size, np.float32)
    scale = np.empty(size, np.float32)
    for f in layout:
        low[f.start:f.stop] = f.low
        high[f.start:f.stop] = f.high
        scale[f.start:f.stop] = (rules.target_score if f.name == "scores"
                                 else max(abs(f.low), abs(f.high)))
    scale.flags.writeable = False
    players, sides = rules.players, rules.sides
    questions = _one_hots(len(_QUESTIONS))[:-1]
    # Side k's facts start at 7 * k: its canastas (natural, mixed) come first, side by side,
    # then per field its stop cards, bonus cards, Caliente cards, score and minimum.
    facts_order = [7 * k + j for k in range(sides) for j in (0, 1)]
    facts_order += [7 * k + j for j in range(2, 7) for k in range(sides)]
    pack_pile_state = _packer(3)
    return LayoutOffsets(
        rules=rules, size=size, players=players, score_bound=SCORE_BOUND, low=low, high=high,
        scale=scale, kinds=_packer(NUM_KINDS), sizes=_packer(players),
        melds=_packer(NUM_RANKS * 3), side_facts=_packer(7 * sides),
        rotations=tuple(tuple((side + k) % sides for k in range(sides))
                        for side in range(sides)),
        facts_order=operator.itemgetter(*facts_order), pile=_packer(2 * NUM_KINDS + 1),
        turn=_packer(2 + NUM_KINDS), no_known=_packer(NUM_KINDS)(*NONE_KNOWN),
        no_melds=_packer(NUM_RANKS * 3)(*[0] * (NUM_RANKS * 3)),
        no_pile=_packer(2 * NUM_KINDS + 4)(*[0] * (2 * NUM_KINDS + 4)),
        no_turn=_packer(2 + NUM_KINDS)(*[0] * (2 + NUM_KINDS)), to_act=_one_hots(players),
        pile_states=tuple(pack_pile_state(bits >> 2, (bits >> 1) & 1, bits & 1)
                          for bits in range(8)),
        stocks=tuple(_packer(1)(n) for n in range(rules.deck_size + 1)),
        phases=tuple(tuple(phase + question for question in questions)
                     for phase in _one_hots(len(PHASES))[:-1]))


_I32 = np.dtype(np.int32)
_F32 = np.dtype(np.float32)


def observation(view: View) -> npt.NDArray[np.float32]:
    """The observation vector of a view: float32, of length :func:`observation_size`, laid out
    as :func:`observation_layout` says. It reads the view alone, so it never leaks what the
    seat cannot see.

    The ``known`` field is filled from ``view.known(seat)`` (:meth:`View.known
    <canasta_caliente.View.known>`).
    """
    if not isinstance(view, View):
        raise CanastaTypeError(f"expected a View, got {type(view).__name__}")
    known = [_counts(view.known(seat)) for seat in range(view.rules.players)]
    o = layout_offsets(view.rules)
    return _vector(_encode(o, view, view.seat, _counts(view.hand), view.hand_sizes,
                           view.side_tables, known))


def _vector(row: bytes) -> npt.NDArray[np.float32]:
    """One row packed as int32, as a new float32 vector."""
    return np.frombuffer(row, _I32).astype(_F32)


def _counts(cards: Sequence[Card]) -> list[int]:
    """Cards as counts indexed by :class:`~canasta_caliente.Card`."""
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


def observation_of(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """``observation(observe(state, seat))``, without building the view: the environments'
    fast path. It reads only what :func:`~canasta_caliente.observe` gives the seat.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import observation, observation_of
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> bool((observation_of(state, 2) == observation(cc.observe(state, 2))).all())
    True
    """
    if not isinstance(state, GameState):
        raise CanastaTypeError(f"expected a GameState, got {type(state).__name__}")
    o = layout_offsets(state.rules)
    return _vector(_encode_state(o, state, _seat_of(state, seat)))


def _checked_array(name: str, array: object, dtype: type[Any], rows: int | None,
                   size: int) -> npt.NDArray[Any]:
    """A caller's array to write into: of ``dtype``, ``rows`` (any: ``None``) by ``size``,
    C-contiguous and writable, or an error naming what fails (not "got float32 (3, 216)")."""
    if not isinstance(array, np.ndarray):
        raise CanastaTypeError(f"{name}: expected a NumPy array, got {type(array).__name__}")
    failing = "".join(f", {what}" for what, bad in (
        ("not C-contiguous (np.ascontiguousarray makes one)", not array.flags.c_contiguous),
        ("read-only", not array.flags.writeable)) if bad)
    if (array.dtype != dtype or array.ndim != 2 or array.shape[1] != size
            or rows not in (None, array.shape[0]) or failing):
        raise ArgumentError(f"{name}: expected a writable C-contiguous {np.dtype(dtype)} array "
                            f"of shape ({'N' if rows is None else rows}, {size}), got "
                            f"{array.dtype} {array.shape}{failing}")
    return array


def observations_of(
    states: Sequence[GameState], seats: Sequence[int] | npt.NDArray[np.integer[Any]],
    out: npt.NDArray[np.float32] | None = None,
    trackers: Sequence[ObservationTracker] | None = None,
) -> npt.NDArray[np.float32]:
    """The observations of many states at once: row ``i`` is ``observation_of(states[i],
    seats[i])``, written into ``out`` (a C-contiguous float32 array of shape (N,
    :func:`observation_size`), reused from call to call: what vector environments do) or into
    a new array. Every state must have the same rules (or rules of the same observation size
    and layout: equal RuleSets). With ``trackers`` (one :class:`ObservationTracker` per state,
    of the states' rules, each kept with its game from call to call), row ``i`` is brought up
    to date by ``trackers[i]`` rather than built afresh. ``seats`` may be a NumPy array of
    integers, as each seat may be a NumPy integer (each checked as
    :func:`~canasta_caliente.observe` checks its seat).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import observation_of, observations_of
    >>> rules = cc.RuleSet.preset("caliente")
    >>> states = [cc.new_game(rules, seed=s) for s in range(3)]
    >>> batch = observations_of(states, [0, 1, 2])
    >>> batch.shape, bool((batch[1] == observation_of(states[1], 1)).all())
    ((3, 216), True)
    """
    if isinstance(states, GameState) or not isinstance(states, Sequence):
        raise CanastaTypeError(f"states: expected a sequence of GameStates, got "
                               f"{type(states).__name__}")
    if isinstance(seats, np.ndarray) and seats.ndim == 1:
        seats = seats.tolist()  # a NumPy array's seats, as ints (check_seat refuses the rest)
    if isinstance(seats, int) or not isinstance(seats, Sequence):
        raise CanastaTypeError(f"seats: expected a sequence of seats, got {type(seats).__name__}")
    n = len(states)
    if len(seats) != n:
        raise ArgumentError(f"seats: expected one seat per state ({n}), got "
                            f"{len(seats)}")
    if not n:
        raise ArgumentError("states: expected at least one state")
    first = states[0]
    if not isinstance(first, GameState):
        raise CanastaTypeError(f"states[0]: expected a GameState, got {type(first).__name__}")
    rules = first.rules
    o = layout_offsets(rules)
    for i, state in enumerate(states):
        if not isinstance(state, GameState):
            raise CanastaTypeError(f"states[{i}]: expected a GameState, got {type(state).__name__}")
        if state.rules is not rules and state.rules != rules:
            raise ArgumentError(f"states[{i}]: its rules differ from states[0]'s; a batch "
                                "shares one observation layout")
    out = (np.empty((n, o.size), np.float32) if out is None
           else _checked_array("out", out, np.float32, n, o.size))
    if trackers is not None:
        if isinstance(trackers, ObservationTracker) or not isinstance(trackers, Sequence):
            raise CanastaTypeError(f"trackers: expected a sequence of ObservationTrackers, got "
                                   f"{type(trackers).__name__}")
        if len(trackers) != n:
            raise ArgumentError(f"trackers: expected one tracker per state ({n}), got "
                                f"{len(trackers)}")
        for i, tracker in enumerate(trackers):
            if not isinstance(tracker, ObservationTracker):
                raise CanastaTypeError(f"trackers[{i}]: expected an ObservationTracker, got "
                                       f"{type(tracker).__name__}")
    if trackers is None:
        rows = [_encode_state(o, state, _seat_of(state, seats[i]))
                for i, state in enumerate(states)]
    else:
        rows = [trackers[i].row(state, seats[i]) for i, state in enumerate(states)]
    write_rows(rows, out)
    return out


def _seat_of(state: GameState, seat: object) -> int:
    """``seat`` as a plain ``int``, if the state's table has it
    (:func:`~canasta_caliente.state.game.check_seat`: a TypeError for a seat that is not an
    integer, an ArgumentError for one out of range)."""
    return check_seat(state.rules, seat)


def _encode_state(o: LayoutOffsets, state: GameState, seat: int) -> bytes:
    """The row of ``observation_of(state, seat)``, packed (``o``: the layout of the state's
    rules)."""
    table = state.table
    return _encode(o, state, seat, table.hands[seat], list(map(sum, table.hands)), table.sides,
                   table.known)


class ObservationTracker:
    """The observations of the seats of one game, kept from call to call: what the
    environments use instead of rebuilding a seat's observation from the state at every step.

    :meth:`observe` gives ``observation_of(state, seat)``, entry for entry, for any state of
    the tracker's rules. It packs a row from segments, as :func:`observation_of` does, and
    keeps each segment with the part of the state it was packed from (a hand, a seat's known
    cards, the sides' tables and the scores, the pile, the turn): a state's parts are
    immutable, so while a part is the very same object, the segment packed from it stands
    and is reused. An action changes a few parts (a draw: the actor's hand, the stock and the
    turn), so a step packs a few segments; the sides' tables, which change only with a meld,
    are packed once for every seat. Each seat's row is built from what that seat may see, as
    :func:`observation_of` builds it. The rows of the last state observed are kept, one per
    seat that observed it, so that observing it again costs nothing; no older state is kept
    alive.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import ObservationTracker, observation_of
    >>> rules = cc.RuleSet.preset("caliente")
    >>> tracker = ObservationTracker(rules)
    >>> state = cc.new_game(rules, seed=1)
    >>> for _ in range(5):
    ...     state = cc.apply(state, cc.legal_actions(state)[0])
    ...     seat = state.current_player
    ...     assert (tracker.observe(state, seat) == observation_of(state, seat)).all()
    """

    def __init__(self, rules: RuleSet) -> None:
        check_ruleset(rules)
        self.rules = rules
        """The rules of every state observed."""
        self._offsets = o = layout_offsets(rules)
        players = rules.players
        # The last state observed, and the seats whose rows (by seat) are of it, as bits.
        # Only that state is kept: rows kept per seat, each with its own state, would keep up
        # to one older state per seat alive, for the garbage collector to traverse again and
        # again (1,024 states in a vector environment of 256 games).
        self._state: GameState | None = None
        self._fresh = 0
        self._rows: list[bytes] = [b""] * players
        # Each segment with the part it was packed from (None: nothing packed yet).
        self._hands: list[tuple[int, ...] | None] = [None] * players
        self._hand_rows: list[bytes] = [b""] * players
        self._sized: list[tuple[int, ...] | None] = [None] * players
        self._sizes = [0] * players
        self._known: tuple[tuple[int, ...], ...] | None = None
        self._known_rows: list[bytes] = [o.no_known] * players
        self._known_fields = known_fields(self._known_rows)
        self._side_tables: list[tuple[SideTable, int] | None] = [None] * rules.sides
        self._side_rows: list[SidePart] = [NO_SIDE] * rules.sides
        self._tables: list[tuple[tuple[SideTable, ...], tuple[int, ...]] | None] = (
            [None] * rules.sides)
        self._table_rows: list[bytes] = [b""] * rules.sides
        self._opened = [False] * rules.sides
        self._pile: tuple[Card, ...] = ()
        self._pile_counts = list(NO_PILE_COUNTS)
        self._pile_row = o.no_pile
        self._pile_flags = 8  # the flags of an empty pile (see pack_pile)
        self._turn: Turn | None = None
        self._turn_row = o.no_turn
        self._phase_row = b""

    def observe(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """``observation_of(state, seat)`` (a new array), brought up to date from what the
        tracker packed before. ``state`` must have the tracker's rules (ValueError
        otherwise)."""
        return _vector(self.row(state, seat))

    def pack_into(self, buffer: npt.NDArray[np.int32], row: int, state: GameState,
                  seat: int) -> None:
        """Write the entries of ``observation_of(state, seat)`` as int32 into row ``row`` of
        ``buffer`` (a C-contiguous int32 array of observation rows, of shape (N,
        :func:`observation_size`))."""
        packed = self.row(state, seat)
        size = self._offsets.size
        _checked_array("buffer", buffer, np.int32, None, size)
        index = as_integer(row)  # (a NumPy integer read as its int)
        if index is None:
            raise CanastaTypeError(f"row: expected an int, got {type(row).__name__}")
        if not 0 <= index < buffer.shape[0]:
            raise ArgumentError(f"row: {index} is not a row of a buffer of {buffer.shape[0]}")
        buffer[index] = np.frombuffer(packed, _I32)

    def row(self, state: GameState, seat: int) -> bytes:
        """The row of ``observation_of(state, seat)``, packed as int32 (the tracker's own
        bytes, which nothing can change): what :func:`observations_of` joins."""
        if not isinstance(state, GameState):
            raise CanastaTypeError(f"expected a GameState, got {type(state).__name__}")
        rules = self.rules
        if state.rules is not rules and state.rules != rules:
            raise ArgumentError("state: its rules differ from the tracker's: a tracker "
                                "observes the states of one RuleSet")
        if type(seat) is not int or not 0 <= seat < rules.players:
            seat = _seat_of(state, seat)  # raises, unless a NumPy integer (say) in range
        if state is not self._state:
            self._state = state
            self._fresh = 0
        elif self._fresh >> seat & 1:
            return self._rows[seat]
        o = self._offsets
        table = state.table
        hands = table.hands
        hand = hands[seat]
        if hand is not self._hands[seat]:
            self._hands[seat] = hand
            self._hand_rows[seat] = o.kinds(*hand)
        sizes, sized = self._sizes, self._sized
        for other, counts in enumerate(hands):
            if counts is not sized[other]:
                sized[other] = counts
                sizes[other] = sum(counts)
        known = table.known
        if known is not self._known:
            pack_known(o, known, self._known, self._known_rows)
            self._known_fields = known_fields(self._known_rows)
            self._known = known
        mine = rules.facts.side_of[seat]
        sides, scores = table.sides, state.scores
        cached = self._tables[mine]
        if cached is None or cached[0] is not sides or cached[1] is not scores:
            self._tables[mine] = (sides, scores)
            self._opened[mine] = sides[mine].meld_count > 0
            self._table_rows[mine] = pack_table(o, rules, mine, sides, scores,
                                                 self._side_tables, self._side_rows)
        pile = table.pile
        if pile is not self._pile:
            self._pile_row, self._pile_flags = pack_pile(
                o, rules, pile, state.pile_has_freezer, self._pile_counts, self._pile)
            self._pile = pile
        over = state.over
        turn = table.turn
        if over:
            # Between hands: rare, and the phase depends on more than the turn.
            turn_row = turn_segment(o, turn, True)
            phase_row = phase_segment(o, state.phase, turn.question)
            self._turn = None
        elif turn is not self._turn:
            before = self._turn
            self._turn = turn
            if (before is None or turn.waiting is not before.waiting
                    or turn.need != before.need or turn.points != before.points):
                self._turn_row = turn_segment(o, turn, False)
            turn_row = self._turn_row
            self._phase_row = phase_row = phase_segment(o, turn.phase, turn.question)
        else:
            turn_row, phase_row = self._turn_row, self._phase_row
        self._fresh |= 1 << seat
        self._rows[seat] = row = assemble(
            o, seat, self._hand_rows[seat], self._known_fields[seat], sizes,
            None if over else turn.player, self._table_rows[mine], self._pile_row,
            pile_state(o, self._pile_flags, self._opened[mine]), table.stock_size,
            turn_row, phase_row)
        return row


def _encode(
    o: LayoutOffsets, seen: GameState | View, me: int, hand: Sequence[int], sizes: Sequence[int],
    tables: Sequence[SideTable], known: Sequence[Sequence[int]],
) -> bytes:
    """The row of the observation vector from what a seat sees (shared by both entry
    points), packed as int32 (``o``, the layout of the rules): ``seen`` is the state or the
    view, asked for every rule fact (the seat's side, the canastas, whether the pile holds a
    freezer); the RuleSet gives the first-meld minimum. ``known`` is the known cards of every
    seat as counts (``()``: none known). The segments are packed by the packers of
    ``_rows``, which :class:`ObservationTracker` calls one by one for the parts an action
    changed."""
    rules = seen.rules
    known_rows = [o.no_known] * o.players
    pack_known(o, known, None, known_rows, me)
    mine = seen.side_of(me)
    pile_row, flags = pack_pile(o, rules, seen.pile, seen.pile_has_freezer,
                                 list(NO_PILE_COUNTS), ())
    turn = seen.turn
    return assemble(
        o, me, o.kinds(*hand), known_field(known_rows, me), sizes, seen.current_player,
        pack_table(o, rules, mine, tables, seen.scores, [None] * rules.sides,
                    [NO_SIDE] * rules.sides),
        pile_row, pile_state(o, flags, tables[mine].meld_count > 0), seen.stock_size,
        turn_segment(o, turn, seen.over), phase_segment(o, seen.phase, turn.question))


def action_mask(state: GameState, space: ActionSpace | None = None) -> npt.NDArray[np.bool_]:
    """The legal actions of ``state`` as a boolean vector over the ids of
    :class:`~canasta_caliente.ActionSpace` (``space``, or the space of the state's rules; a
    TypeError for anything else, an ArgumentError for the space of another number of decks).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import action_mask
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> mask = action_mask(state)
    >>> mask.shape, int(mask.sum()), bool(mask[0])
    ((4503,), 1, True)
    """
    if not isinstance(state, GameState):
        raise CanastaTypeError(f"expected a GameState, got {type(state).__name__}")
    if space is None:
        space = ActionSpace(state.rules)
    elif not isinstance(space, ActionSpace):
        raise CanastaTypeError(f"space must be an ActionSpace or None, not {describe_value(space)}")
    elif space.decks != state.rules.decks:
        raise ArgumentError(f"space: an ActionSpace of {space.decks} decks, but the state's "
                            f"rules play with {state.rules.decks}: its ids would be wrong")
    return ids_mask(space.size, space.legal_ids(state), np.bool_)


_Mask = TypeVar("_Mask", np.bool_, np.int8)


def ids_mask(size: int, ids: Sequence[int], dtype: type[_Mask]) -> npt.NDArray[_Mask]:
    """A new vector of ``size`` entries of ``dtype`` (bool or int8), 1 at ``ids`` and 0
    elsewhere: the masks of :func:`action_mask` and of the environments. The ids (a few to a
    few dozen) are set one by one in a new ``bytearray``, which NumPy then reads in place
    (both dtypes are one byte, 0 or 1): a byte is set in a fraction of the instructions an
    entry of an array takes, and NumPy's indexing by a list converts the list to an array
    first."""
    mask = bytearray(size)
    for i in ids:
        mask[i] = 1
    return np.frombuffer(mask, dtype)
