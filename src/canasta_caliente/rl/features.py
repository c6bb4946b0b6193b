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

import builtins
import functools
import math
import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from ..cards import Card
from ..rules.ruleset import RuleSet
from ..state.game import GameState, Phase, Question, SideTable, Turn
from ..views.action_space import ActionSpace
from ..views.view import View

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

_KINDS = len(Card)
_RANKS = 11
_PHASES = tuple(Phase)
_QUESTIONS = tuple(Question)

SCORE_BOUND = 2**24
"""The bound of the ``scores`` field: game scores lie in [−2**24, 2**24], the integers float32
holds exactly. The environments refuse starting scores beyond ±2**23 and end a game whose score
passes ±2**23 (``truncated``): one hand cannot move a score by 2**23 points, so no observation
leaves its bounds."""


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
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}")
    players, sides = rules.players, rules.sides
    deck = rules.deck_counts
    most = float(max(deck))
    d = rules.decks
    minimums = [rules.minimum_below_zero, *(m for _, m in rules.initial_meld_minimums)]
    deck_value = sum(v * n for v, n in zip(rules.card_values, deck, strict=True))
    rows: list[tuple[str, tuple[int, ...], float, float, str]] = [
        ("hand", (_KINDS,), 0, most,
         "the observer's hand: how many cards of each kind (4 5 6 7 8 9 10 J Q K A 2 JK R3 B3 "
         "CAL)"),
        ("known", (players - 1, _KINDS), 0, most,
         "per other seat (from the seat after the observer), the cards of each kind known to "
         "all to be in its hand (view.known(seat): pile cards seen taken, not seen played)"),
        ("hand_sizes", (players,), 0, float(rules.deck_size),
         "per seat (from the observer), how many cards it holds (0 for a seat sitting out)"),
        ("to_act", (players,), 0, 1,
         "per seat (from the observer), 1 for the seat to act (a partner answering 'ask' is the "
         "one to act); all 0 between hands"),
        ("melds", (sides, _RANKS, 3), 0, float(4 * d),
         "per side (from the observer's), per natural rank 4 to A, the meld's naturals, 2s and "
         "jokers (all 0: no meld of that rank)"),
        ("canastas", (sides, 2), 0, float(_RANKS),
         "per side, its natural canastas and its mixed canastas"),
        ("stop_cards", (sides,), 0, float(deck[Card.BLACK_THREE]),
         "per side, the stop cards (B3) it has melded"),
        ("laid_out", (sides,), 0, float(deck[Card.RED_THREE]),
         "per side, the bonus cards (R3) it has laid out this hand"),
        ("caliente_played", (sides,), 0, float(rules.caliente_cards),
         "per side, the Caliente cards it has played this hand"),
        ("scores", (sides,), -SCORE_BOUND, SCORE_BOUND,
         "per side, its game score at the start of the hand"),
        ("first_meld_minimum", (sides,), 0, float(max(minimums)),
         "per side, the first-meld minimum it must reach this hand (INIT-1); 0 once it has "
         "melded"),
        ("pile", (_KINDS,), 0, most,
         "the pile (all face up): how many cards of each kind"),
        ("up_card", (_KINDS,), 0, 1, "the pile's up card, one-hot (all 0: empty pile)"),
        ("pile_size", (1,), 0, float(rules.deck_size), "how many cards the pile holds"),
        ("pile_state", (3,), 0, 1,
         "1 if the pile holds a card that freezes it (GameState.pile_has_freezer: a wild or a "
         "bonus card, PILE-3, or a stop card under stop_card_freezes, READ-6); 1 if it is "
         "frozen for the observer's side (that, or the side has not melded, or always_frozen); "
         "1 if it is blocked by a stop card or a Caliente card on top (PILE-2)"),
        ("stock_size", (1,), 0, float(rules.deck_size), "how many cards the stock holds"),
        ("turn_meld", (2,), 0, float(max(max(minimums), deck_value)),
         "this turn's first-meld points still needed, and points melded toward it (INIT-2)"),
        ("waiting", (_KINDS,), 0, most,
         "pile cards taken under INIT-4 waiting to join the turn player's hand, per kind"),
        ("phase", (len(_PHASES),), 0, 1,
         "the phase, one-hot: " + ", ".join(p.value for p in _PHASES)),
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
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}")
    return layout_offsets(rules).scale.copy()


@attrs.frozen
class LayoutOffsets:
    """Where each field starts, and the bounds and packer of the vector (cached per RuleSet).
    It holds no rule fact: :func:`observation` asks each one of its home (the state or the view,
    and the RuleSet)."""

    size: int
    known: int
    hand_sizes: int
    to_act: int
    melds: int
    canastas: int
    stop_cards: int
    laid_out: int
    caliente_played: int
    scores: int
    first_meld_minimum: int
    pile: int
    up_card: int
    pile_size: int
    pile_state: int
    stock_size: int
    turn_meld: int
    waiting: int
    phase: int
    question: int
    low: npt.NDArray[np.float32]
    high: npt.NDArray[np.float32]
    scale: npt.NDArray[np.float32]
    zeros: list[int]
    """A row of zeros: the entries as :func:`_encode` starts them (ints: every entry is a
    count, a score or a flag)."""
    bytes: int
    """The bytes of a row packed as int32."""
    pack: Callable[..., None]
    """Packs a row of int entries into a buffer as int32 (``struct.Struct.pack_into``): an
    int packs in about a third of the instructions it takes as float32 (which converts it to
    a Python float first), and the rows are cast to float32 by NumPy at once, exactly, as
    every entry lies within ±2**24."""
    packed: Callable[..., builtins.bytes]
    """Packs a row of int entries as int32 into new bytes (``struct.Struct.pack``): one row
    read by NumPy in place and cast, faster than packing into an array made first."""


@functools.lru_cache(maxsize=64)
def layout_offsets(rules: RuleSet) -> LayoutOffsets:
    """Each field's start and the bounds of :func:`observation` under ``rules``, computed once per
    RuleSet: what the environments read to fill the vector and its space."""
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
    packer = struct.Struct(f"={size}i")
    starts = {f.name: f.start for f in layout if f.name != "hand"}
    scale.flags.writeable = False
    return LayoutOffsets(size=size, **starts, low=low, high=high, scale=scale, zeros=[0] * size,
                         bytes=packer.size, pack=packer.pack_into, packed=packer.pack)


_B3 = Card.BLACK_THREE
_CAL = Card.CALIENTE
_TWO = Card.TWO
_JOKER = Card.JOKER


def observation(view: View) -> npt.NDArray[np.float32]:
    """The observation vector of a view: float32, of length :func:`observation_size`, laid out
    as :func:`observation_layout` says. It reads the view alone, so it never leaks what the
    seat cannot see.

    The ``known`` field is filled from ``view.known(seat)`` (:meth:`View.known
    <canasta_caliente.View.known>`).
    """
    if not isinstance(view, View):
        raise TypeError(f"expected a View, got {type(view).__name__}")
    known = [_counts(view.known(seat)) for seat in range(view.rules.players)]
    o = layout_offsets(view.rules)
    return _vector(o, _encode(o, view, view.seat, _counts(view.hand), view.hand_sizes,
                              view.side_tables, known))


def _vector(o: LayoutOffsets, entries: list[int]) -> npt.NDArray[np.float32]:
    """One row of entries as a new float32 vector (packed as int32, then cast)."""
    return np.frombuffer(o.packed(*entries), np.int32).astype(np.float32)


def _counts(cards: Sequence[Card]) -> list[int]:
    """Cards as counts indexed by :class:`~canasta_caliente.Card`."""
    counts = [0] * _KINDS
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
        raise TypeError(f"expected a GameState, got {type(state).__name__}")
    o = layout_offsets(state.rules)
    return _vector(o, _encode_state(o, state, _seat_of(state, seat)))


def observations_of(
    states: Sequence[GameState], seats: Sequence[int],
    out: npt.NDArray[np.float32] | None = None,
    trackers: Sequence[ObservationTracker] | None = None,
) -> npt.NDArray[np.float32]:
    """The observations of many states at once: row ``i`` is ``observation_of(states[i],
    seats[i])``, written into ``out`` (a C-contiguous float32 array of shape (N,
    :func:`observation_size`), reused from call to call: what vector environments do) or into
    a new array. Every state must have the same rules (or rules of the same observation size
    and layout: equal RuleSets). With ``trackers`` (one :class:`ObservationTracker` per state,
    of the states' rules, each kept with its game from call to call), row ``i`` is brought up
    to date by ``trackers[i]`` rather than built afresh.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import observation_of, observations_of
    >>> rules = cc.RuleSet.preset("caliente")
    >>> states = [cc.new_game(rules, seed=s) for s in range(3)]
    >>> batch = observations_of(states, [0, 1, 2])
    >>> batch.shape, bool((batch[1] == observation_of(states[1], 1)).all())
    ((3, 216), True)
    """
    if isinstance(states, GameState) or not isinstance(states, Sequence):
        raise TypeError(f"states: expected a sequence of GameStates, got "
                        f"{type(states).__name__}")
    if isinstance(seats, int) or not isinstance(seats, Sequence):
        raise TypeError(f"seats: expected a sequence of seats, got {type(seats).__name__}")
    n = len(states)
    if len(seats) != n:
        raise ValueError(f"seats: expected one seat per state ({n}), got {len(seats)}")
    if not n:
        raise ValueError("states: expected at least one state")
    first = states[0]
    if not isinstance(first, GameState):
        raise TypeError(f"states[0]: expected a GameState, got {type(first).__name__}")
    rules = first.rules
    o = layout_offsets(rules)
    for i, state in enumerate(states):
        if not isinstance(state, GameState):
            raise TypeError(f"states[{i}]: expected a GameState, got {type(state).__name__}")
        if state.rules is not rules and state.rules != rules:
            raise ValueError(f"states[{i}]: its rules differ from states[0]'s; a batch "
                             "shares one observation layout")
    if out is None:
        out = np.empty((n, o.size), np.float32)
    elif not isinstance(out, np.ndarray):
        raise TypeError(f"out: expected a NumPy array, got {type(out).__name__}")
    elif (out.dtype != np.float32 or out.shape != (n, o.size)
          or not out.flags.c_contiguous or not out.flags.writeable):
        raise ValueError(f"out: expected a writable C-contiguous float32 array of shape "
                         f"{(n, o.size)}, got {out.dtype} {out.shape}")
    if trackers is not None:
        if isinstance(trackers, ObservationTracker) or not isinstance(trackers, Sequence):
            raise TypeError(f"trackers: expected a sequence of ObservationTrackers, got "
                            f"{type(trackers).__name__}")
        if len(trackers) != n:
            raise ValueError(f"trackers: expected one tracker per state ({n}), got "
                             f"{len(trackers)}")
        for i, tracker in enumerate(trackers):
            if not isinstance(tracker, ObservationTracker):
                raise TypeError(f"trackers[{i}]: expected an ObservationTracker, got "
                                f"{type(tracker).__name__}")
    # The rows are packed as int32 into one array and cast to float32 once for the batch.
    ints = np.empty((n, o.size), np.int32)
    if trackers is None:
        pack, row = o.pack, o.bytes
        for i, state in enumerate(states):
            pack(ints, i * row, *_encode_state(o, state, _seat_of(state, seats[i])))
    else:
        for i, state in enumerate(states):
            trackers[i].pack_into(ints, i, state, seats[i])
    np.copyto(out, ints)
    return out


def _seat_of(state: GameState, seat: object) -> int:
    """``seat``, if the state's table has it: ValueError otherwise."""
    if (not isinstance(seat, int) or isinstance(seat, bool)
            or not 0 <= seat < state.rules.players):
        raise ValueError(f"no seat {seat!r} at a table of {state.rules.players}")
    return seat


def _encode_state(o: LayoutOffsets, state: GameState, seat: int) -> list[int]:
    """The entries of ``observation_of(state, seat)``, as a list (``o``: the layout of the
    state's rules)."""
    table = state.table
    return _encode(o, state, seat, table.hands[seat], list(map(sum, table.hands)), table.sides,
                   table.known)


Entries = list[int]
"""Where the part writers below write: a new row of ints (:func:`_encode`) or the row an
:class:`ObservationTracker` keeps for a seat. Every writer writes every entry of its fields,
so that it can rewrite a row kept from an earlier state."""


class ObservationTracker:
    """The observations of the seats of one game, kept from call to call: what the
    environments use instead of rebuilding a seat's observation from the state at every step.

    :meth:`observe` gives ``observation_of(state, seat)``, entry for entry, for any state of
    the tracker's rules. It keeps, per seat, the entries it gave last and the state they were
    of, and rewrites only the fields whose parts of the state are not the very objects they
    were then (the hands, the known cards, each side's table, the pile, the turn): a state's
    parts are immutable, so a part that is the same object holds the same values, and the
    fields read from it stand. An action changes a few parts (a draw: the actor's hand, the
    stock and the turn), so a step rewrites a few fields. A state of another game, or across
    a hand's end or a change of scores, is observed afresh. Each seat's entries are built
    from what that seat may see, as :func:`observation_of` builds them.

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
        if not isinstance(rules, RuleSet):
            raise TypeError(f"expected a RuleSet, got {type(rules).__name__}")
        self.rules = rules
        """The rules of every state observed."""
        self._offsets = layout_offsets(rules)
        self._seen: list[GameState | None] = [None] * rules.players
        self._rows: list[list[int]] = [[] for _ in range(rules.players)]

    def observe(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """``observation_of(state, seat)`` (a new array), brought up to date from the seat's
        last observation. ``state`` must have the tracker's rules (ValueError otherwise)."""
        return _vector(self._offsets, self._entries(self._check(state), _seat_of(state, seat)))

    def pack_into(self, buffer: npt.NDArray[np.int32], row: int, state: GameState,
                  seat: int) -> None:
        """Write the entries of ``observation_of(state, seat)`` as int32 into row ``row`` of
        ``buffer`` (a C-contiguous int32 array of observation rows): what
        :func:`observations_of` does with a tracker per state."""
        o = self._offsets
        o.pack(buffer, row * o.bytes,
               *self._entries(self._check(state), _seat_of(state, seat)))

    def _check(self, state: object) -> GameState:
        if not isinstance(state, GameState):
            raise TypeError(f"expected a GameState, got {type(state).__name__}")
        if state.rules is not self.rules and state.rules != self.rules:
            raise ValueError("the state's rules differ from the tracker's: a tracker observes "
                             "the states of one RuleSet")
        return state

    def _entries(self, state: GameState, seat: int) -> list[int]:
        """The seat's entries (the tracker's own list), up to date for ``state``."""
        before = self._seen[seat]
        if before is state:
            return self._rows[seat]
        o = self._offsets
        self._seen[seat] = state
        if (before is None or state.over or before.over or state.scores != before.scores):
            # Another game, or the hand's end: every field may have changed.
            self._rows[seat] = row = _encode_state(o, state, seat)
            return row
        row = self._rows[seat]
        table, old = state.table, before.table
        hands = table.hands
        if hands is not old.hands:
            if hands[seat] is not old.hands[seat]:
                row[:_KINDS] = hands[seat]
            _put_sizes(o, row, seat, list(map(sum, hands)))
        if table.known is not old.known:
            _put_known(o, row, seat, table.known)
        rules = self.rules
        sides, old_sides = table.sides, old.sides
        mine = state.side_of(seat)
        if sides is not old_sides:
            n_sides = rules.sides
            for k in range(n_sides):
                side = (mine + k) % n_sides
                if sides[side] is not old_sides[side]:
                    _put_side(o, row, rules, k, sides[side], state.scores[side])
        if table.pile is not old.pile or sides[mine] is not old_sides[mine]:
            _put_pile(o, row, rules, table.pile, state.pile_has_freezer,
                      sides[mine].meld_count > 0)
        row[o.stock_size] = table.stock_size
        if table.turn is not old.turn:
            _put_to_act(o, row, seat, state.current_player)
            _put_turn(o, row, table.turn, False, state.phase)
        return row


def _encode(
    o: LayoutOffsets, seen: GameState | View, me: int, hand: Sequence[int], sizes: Sequence[int],
    tables: Sequence[SideTable], known: Sequence[Sequence[int]],
) -> list[int]:
    """The entries of the observation vector from what a seat sees (shared by both entry
    points), as a list of ints the layout's packer packs (``o``, the layout of the rules):
    ``seen`` is the state or the view, asked for every rule fact (the seat's side, the
    canastas, whether the pile holds a freezer); the RuleSet gives the first-meld minimum.
    ``known`` is the known cards of every seat as counts (``()``: none known). The fields are
    written by the part writers (``_put_*``), which :class:`ObservationTracker` calls one by
    one for the parts an action changed."""
    rules = seen.rules
    out = o.zeros.copy()
    out[:_KINDS] = hand
    if known:
        _put_known(o, out, me, known)
    _put_sizes(o, out, me, sizes)
    _put_to_act(o, out, me, seen.current_player, fresh=True)
    scores = seen.scores
    my_side = seen.side_of(me)
    n_sides = rules.sides
    for k in range(n_sides):
        side = (my_side + k) % n_sides
        _put_side(o, out, rules, k, tables[side], scores[side], fresh=True)
    _put_pile(o, out, rules, seen.pile, seen.pile_has_freezer, tables[my_side].meld_count > 0,
              fresh=True)
    out[o.stock_size] = seen.stock_size
    _put_turn(o, out, seen.turn, seen.over, seen.phase, fresh=True)
    return out


def _put_known(o: LayoutOffsets, out: Entries, me: int, known: Sequence[Sequence[int]]) -> None:
    """The ``known`` field: every other seat's known cards, from the seat after ``me``
    (``known``: per seat, as counts; ``()``, none known)."""
    players = o.to_act - o.hand_sizes
    base = o.known
    for k in range(1, players):
        out[base:base + _KINDS] = known[(me + k) % players] if known else _NONE_KNOWN
        base += _KINDS


_NONE_KNOWN = (0,) * _KINDS
"""The counts of a seat of which nothing is known."""
_NO_MELD = (0, 0, 0)
"""The counts of a rank without a meld."""


def _put_sizes(o: LayoutOffsets, out: Entries, me: int, sizes: Sequence[int]) -> None:
    """The ``hand_sizes`` field: the seats from the observer's (the per-seat sizes
    rotated)."""
    out[o.hand_sizes:o.to_act] = [*sizes[me:], *sizes[:me]]


def _put_to_act(o: LayoutOffsets, out: Entries, me: int, actor: int | None, *,
                fresh: bool = False) -> None:
    """The ``to_act`` field: 1 for the seat to act, counted from the observer (``fresh``:
    the field is all 0 already, a new row)."""
    players = o.melds - o.to_act
    if not fresh:
        out[o.to_act:o.melds] = o.zeros[o.to_act:o.melds]
    if actor is not None:
        out[o.to_act + (actor - me) % players] = 1


def _put_side(o: LayoutOffsets, out: Entries, rules: RuleSet, k: int, table: SideTable,
              score: int, *, fresh: bool = False) -> None:
    """Every field of the ``k``-th side from the observer's: its melds, canastas, stop cards,
    first-meld minimum, bonus cards, Caliente cards and game score (``score``; ``fresh``: the
    fields are all 0 already, a new row)."""
    i = o.melds + k * _RANKS * 3
    if not fresh:
        out[i:i + _RANKS * 3] = o.zeros[i:i + _RANKS * 3]
    natural = mixed = stops = minimum = 0
    if table.meld_count:
        for meld in table.melds:
            if meld is not None:
                out[i:i + 3] = meld
            i += 3
        canasta = rules.canasta_size
        canastas = table.canastas(canasta)
        if canastas:
            natural = table.natural_canastas(canasta)
            mixed = canastas - natural
        stops = sum(table.stop_melds)
    else:
        minimum = rules.minimum_for(score)
    out[o.canastas + 2 * k] = natural
    out[o.canastas + 2 * k + 1] = mixed
    out[o.stop_cards + k] = stops
    out[o.first_meld_minimum + k] = minimum
    out[o.laid_out + k] = table.laid_out
    out[o.caliente_played + k] = table.caliente_played
    out[o.scores + k] = score


def _put_pile(o: LayoutOffsets, out: Entries, rules: RuleSet, pile: Sequence[Card],
              freezer: bool, opened: bool, *, fresh: bool = False) -> None:
    """The ``pile``, ``up_card``, ``pile_size`` and ``pile_state`` fields (``freezer``: the
    pile holds a freezer, asked of the state or the view; ``opened``: the observer's side has
    melded; ``fresh``: the fields are all 0 already, a new row)."""
    if not fresh:
        out[o.pile:o.stock_size] = o.zeros[o.pile:o.stock_size]
    if pile:
        base = o.pile
        for card in pile:
            out[base + card] += 1
        top = pile[-1]
        out[o.up_card + top] = 1
        out[o.pile_size] = len(pile)
        base = o.pile_state
        out[base] = freezer
        out[base + 1] = freezer or not opened or rules.always_frozen
        out[base + 2] = top is _B3 or top is _CAL


def _put_turn(o: LayoutOffsets, out: Entries, turn: Turn, over: bool, phase: Phase, *,
              fresh: bool = False) -> None:
    """The ``turn_meld``, ``waiting``, ``phase`` and ``question`` fields (all 0 but the phase
    and the question between hands; ``fresh``: the fields are all 0 already, a new row)."""
    if over:
        if not fresh:
            out[o.turn_meld:o.phase] = o.zeros[o.turn_meld:o.phase]
    else:
        out[o.turn_meld] = turn.need
        out[o.turn_meld + 1] = turn.points
        out[o.waiting:o.phase] = turn.waiting
    if not fresh:
        out[o.phase:o.size] = o.zeros[o.phase:o.size]
    out[o.phase + _PHASE_INDEX[phase]] = 1
    out[o.question + turn.question] = 1


_PHASE_INDEX = {p: i for i, p in enumerate(_PHASES)}


def action_mask(state: GameState, space: ActionSpace | None = None) -> npt.NDArray[np.bool_]:
    """The legal actions of ``state`` as a boolean vector over the ids of
    :class:`~canasta_caliente.ActionSpace` (``space``, or the space of the state's rules).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.rl import action_mask
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> mask = action_mask(state)
    >>> mask.shape, int(mask.sum()), bool(mask[0])
    ((4503,), 1, True)
    """
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, got {type(state).__name__}")
    if space is None:
        space = ActionSpace(state.rules)
    return ids_mask(space.size, space.legal_ids(state), np.bool_)


_Mask = TypeVar("_Mask", np.bool_, np.int8)


def ids_mask(size: int, ids: Sequence[int], dtype: type[_Mask]) -> npt.NDArray[_Mask]:
    """A new vector of ``size`` entries of ``dtype`` (bool or int8), 1 at ``ids`` and 0
    elsewhere: the masks of :func:`action_mask` and of the environments. The ids (a few to a
    few dozen) are set one by one: cheaper than NumPy's indexing by a list, which converts the
    list to an array first."""
    mask = np.zeros(size, dtype)
    for i in ids:
        mask[i] = 1
    return mask
