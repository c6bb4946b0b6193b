"""The game state: frozen, hashable, plain data.

A :class:`GameState` is made of small frozen parts (one :class:`SideTable` per side, one
:class:`Turn`, one :class:`Table` per hand) that successive states share: an action rebuilds only
the parts it changes. Hands are card counts (tuples indexed by :class:`~canasta_caliente.Card`).
The functions that change a state live in :mod:`canasta_caliente.engine`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

import attrs

from .._arguments import as_integer
from ..cards import NUM_KINDS, NUM_RANKS, Card, cards_from_counts
from ..errors import ArgumentError, CanastaTypeError, StateError, describe_value, short_repr
from ..rules.ruleset import RuleSet, TieBreak

__all__ = [
    "COMPONENTS",
    "GameProgress",
    "GameState",
    "HandEnd",
    "HandResult",
    "Meld",
    "Phase",
    "Question",
    "SideTable",
    "Table",
    "Turn",
]

NO_WAITING: tuple[int, ...] = (0,) * NUM_KINDS
"""No pile cards waiting (the default of :attr:`Turn.waiting`, one shared tuple)."""

MeldCounts = tuple[int, int, int]
"""A rank's meld as (naturals, little wilds, big wilds)."""


class Phase(enum.StrEnum):
    """Where the game is: the part of the turn, or between hands, or over."""

    DRAW = "draw"
    """The player to act must make the draw action (TURN-2)."""
    PLAY = "play"
    """The player has drawn and melds, asks or discards."""
    ANSWER = "answer"
    """A partner must answer "May I go out?" (OUT-2)."""
    HAND_OVER = "hand_over"
    """The hand has ended; the next action is ``deal``."""
    GAME_OVER = "game_over"
    """The game is over."""


class Question(enum.IntEnum):
    """The state of this turn's "May I go out?" question (OUT-2)."""

    NONE = 0
    ASKED = 1
    YES = 2
    NO = 3


class HandEnd(enum.StrEnum):
    """How a hand ended, as the results and the studies' tables name it:

    - ``went_out``: a player went out (OUT-1), the usual end;
    - ``bonus_not_replaced``: a bonus card (a red three) could not be replaced, the stock
      being empty (END-1);
    - ``passed``: with the stock empty, a player passed rather than take the pile (END-2);
    - ``last_card``: the last card of the stock was taken, under rules that end the hand there
      (END-3).
    """

    WENT_OUT = "went_out"
    """A player went out (OUT-1)."""
    BONUS_NOT_REPLACED = "bonus_not_replaced"
    """A bonus card could not be replaced from the empty stock (END-1)."""
    PASSED = "passed"
    """A player passed with the stock empty (END-2)."""
    LAST_CARD = "last_card"
    """The last card of the stock was taken (END-3)."""


@attrs.frozen
class Meld:
    """A meld on the table: its rank (``B3`` for a stop meld) and its cards."""

    rank: Card
    cards: tuple[Card, ...]
    is_canasta: bool
    is_natural: bool
    """True if the meld holds no wild."""

    def __str__(self) -> str:
        return " ".join(c.code for c in self.cards) + (" [canasta]" if self.is_canasta else "")


@attrs.frozen
class SideTable:
    """One side's part of the table in the current hand."""

    melds: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS
    """Per natural rank, the meld as (naturals, little wilds, big wilds), or ``None``."""
    stop_melds: tuple[int, ...] = ()
    """Sizes of the side's stop melds (MELD-5)."""
    laid_out: int = 0
    """Bonus cards laid out this hand."""
    caliente_played: int = 0
    """Caliente cards played this hand (HOT-2)."""

    @property
    def meld_count(self) -> int:
        """How many melds the side has on the table (stop melds included)."""
        melds = self.melds
        return len(melds) - melds.count(None) + len(self.stop_melds)

    def canastas(self, size: int) -> int:
        """How many canastas the side has."""
        return sum(1 for m in self.melds if m is not None and m[0] + m[1] + m[2] >= size)

    def natural_canastas(self, size: int) -> int:
        """How many of the side's canastas are natural: no wild (:attr:`Meld.is_natural`)."""
        return sum(1 for m in self.melds if m is not None and m[0] >= size and _is_natural(m))


@attrs.frozen
class Turn:
    """The public facts of the current turn."""

    phase: Phase
    player: int
    need: int = 0
    """First-meld points still needed (INIT-1); 0 once met or when the side has melded."""
    started: bool = False
    """The player has started the side's first meld this turn (a meld or a first-meld take)."""
    melded: bool = False
    """The player has made a meld action this turn (OUT-2 asks come before any)."""
    points: int = 0
    """Card values melded this turn toward the first-meld minimum (INIT-2)."""
    waiting: tuple[int, ...] = NO_WAITING
    """Pile cards taken under INIT-4, waiting to join the hand, as counts."""
    question: Question = Question.NONE
    touched: int = 0
    """Bit mask of the ranks whose melds the player added cards to this turn (OUT-3)."""
    created: int = 0
    """Bit mask of the ranks whose melds the player created this turn (OUT-3)."""
    had_melded: bool = False
    """The player had melded a card in this hand before this turn (OUT-3)."""


@attrs.frozen
class Table:
    """Everything on the table in the current hand."""

    deck: tuple[Card, ...]
    """The hand's deck in dealt order; the stock is ``deck[stock_pos:]`` (first card on top)."""
    stock_pos: int
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the hand as counts (all zero for a player sitting out)."""
    pile: tuple[Card, ...]
    sides: tuple[SideTable, ...]
    order: tuple[int, ...]
    """The active seats in turn order, starting with the hand's first player (SEAT-4)."""
    turn_index: int
    """Index into :attr:`order` of the player whose turn it is."""
    turn: Turn
    melded_seats: int = 0
    """Bit mask of the seats that have melded a card this hand."""
    known: tuple[tuple[int, ...], ...] = ()
    """Per seat, the cards known to all to be in its hand, as counts (see
    :meth:`GameState.known`); ``()`` while nothing is known of any hand (a new hand), so that
    equal knowledge is always the same value."""

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self.deck) - self.stock_pos


def check_seat(rules: RuleSet, seat: object, name: str = "seat") -> int:
    """``seat`` as a plain ``int``, if the table has it: the one check of a public seat
    parameter (``name``), whose callers go on with what it returns. A seat is an integer, a
    NumPy integer as much as an ``int`` (as a seed is:
    :func:`~canasta_caliente._arguments.as_integer`), but not a ``bool``: a
    :class:`TypeError` for anything else, an :class:`~canasta_caliente.ArgumentError` for a
    seat the table does not have; each message says what the table has."""
    players = rules.players
    if type(seat) is not int:  # a plain int, the common case, skips the integer test
        seat = _read_place(seat, players, name, "seat")
    if not 0 <= seat < players:
        raise ArgumentError(f"{name}: no seat {short_repr(seat)} at a table of {players} "
                            f"(seats 0 to {players - 1})")
    return seat


def check_side(rules: RuleSet, side: object, name: str = "side") -> int:
    """``side`` as a plain ``int``, if the table has it: an integer (a NumPy integer too, as
    for :func:`check_seat`; not a ``bool``), a :class:`TypeError` for anything else, an
    :class:`~canasta_caliente.ArgumentError` for a side the table does not have; each message
    says what the table has."""
    return checked_side(len(rules.layout), side, name)


def checked_side(sides: int, side: object, name: str = "side") -> int:
    """:func:`check_side` for a table of ``sides`` sides (a hand's result knows its sides,
    not its rules)."""
    if type(side) is not int:
        side = _read_place(side, sides, name, "side")
    if not 0 <= side < sides:
        raise ArgumentError(f"{name}: no side {short_repr(side)}: the table has {sides} sides "
                            f"(0 to {sides - 1})")
    return side


def _read_place(value: object, count: int, name: str, kind: str) -> int:
    """``value``, a seat or side (``kind``) of the ``count`` a table has given as the
    parameter ``name`` in another type than ``int``, as a plain ``int`` if it is an integer
    (:func:`~canasta_caliente._arguments.as_integer`); a :class:`TypeError` otherwise."""
    place = as_integer(value)
    if place is None:
        raise CanastaTypeError(f"{name} must be an int (a {kind}, 0 to {count - 1}), not "
                               f"{describe_value(value)}")
    return place


def _is_natural(meld: MeldCounts) -> bool:
    """Whether a natural-rank meld holds no wild (:attr:`Meld.is_natural`)."""
    return meld[1] + meld[2] == 0


def side_melds(rules: RuleSet, side: SideTable) -> tuple[Meld, ...]:
    """A side's melds as :class:`Meld` values: natural ranks 4 to A, then its stop melds."""
    size = rules.canasta_size
    out = []
    for rank, m in enumerate(side.melds):
        if m is None:
            continue
        n, two, jk = m
        cards = (Card(rank),) * n + (Card.TWO,) * two + (Card.JOKER,) * jk
        out.append(Meld(Card(rank), cards, len(cards) >= size, _is_natural(m)))
    for k in side.stop_melds:
        out.append(Meld(Card.BLACK_THREE, (Card.BLACK_THREE,) * k, False, True))
    return tuple(out)


def leader(
    rules: RuleSet, scores: tuple[int, ...], went_out_side: int | None = None
) -> int | None:
    """The side that has won with these game scores (GAME-1): at least the target and strictly
    ahead of every other side; ``None`` if there is no such side. Under ``tie_break =
    "went_out"`` (READ-2) a tie for the lead goes to the tied side ``went_out_side``, the side
    whose player went out in the last hand."""
    best = max(scores)
    if best < rules.target_score:
        return None
    if scores.count(best) > 1:
        if (rules.tie_break is TieBreak.WENT_OUT and went_out_side is not None
                and scores[went_out_side] == best):
            return went_out_side
        return None
    return scores.index(best)


class GameProgress:
    """The table's sides and where the game stands, for anything that knows the rules, the
    scores, the hand results and whether the hand is over: shared by :class:`GameState` and the
    seat's view."""

    __slots__ = ()
    rules: RuleSet
    scores: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    over: bool

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides as tuples of seats, players sitting out included (SEAT-2)."""
        return self.rules.layout

    def side_of(self, seat: int) -> int:
        """The side of a seat."""
        rules = self.rules
        return rules.facts.side_of[check_seat(rules, seat)]

    @property
    def is_hand_over(self) -> bool:
        """True between hands (and after the game)."""
        return self.over

    @property
    def is_game_over(self) -> bool:
        """True once a side has won (GAME-1)."""
        return self.over and self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning side (GAME-1), or ``None`` while the game goes on."""
        if not self.over or not self.hand_results:
            return None
        rules = self.rules
        went_out = self.hand_results[-1].went_out
        side = None if went_out is None else rules.facts.side_of[went_out]
        return leader(rules, self.scores, side)


COMPONENTS = ("melds", "hand", "canastas", "going_out", "bonus_cards", "caliente")
"""The keys of :meth:`HandResult.components`, in order (SCORE-1 to SCORE-5)."""


@attrs.frozen
class HandResult:
    """The score of one finished hand (SCORE-6): per side, components that add up to a total."""

    breakdown: tuple[tuple[int, ...], ...]
    """Per side, the components in :data:`COMPONENTS` order."""
    ended: HandEnd
    went_out: int | None = None
    """The seat that went out, or ``None``."""
    concealed: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        """The hand score of each side."""
        return tuple(sum(row) for row in self.breakdown)

    def components(self, side: int) -> Mapping[str, int]:
        """A side's score components: ``melds``, ``hand``, ``canastas``, ``going_out``,
        ``bonus_cards`` and ``caliente``, each signed; they add up to the side's total."""
        row = self.breakdown[checked_side(len(self.breakdown), side)]
        return MappingProxyType(dict(zip(COMPONENTS, row, strict=True)))

    def __repr__(self) -> str:
        from ..views.reprs import hand_result_repr

        return hand_result_repr(self)

    def _repr_html_(self) -> str:
        from ..views.reprs import hand_result_html

        return hand_result_html(self)


@attrs.frozen(cache_hash=True)
class GameState(GameProgress):
    """The whole state of a game: immutable and hashable.

    Make one with :func:`~canasta_caliente.new_game`, move with
    :func:`~canasta_caliente.apply`, and read it with the accessors below. A state from
    elsewhere (a file, a client, one built by hand) is read with
    :func:`~canasta_caliente.loads` or
    :func:`~canasta_caliente.records.storage.state_from_dict`, which check everything (its cards
    add up to the deck, its melds obey the rules, its turn can be played on). The constructor
    checks only the types (:class:`TypeError`) and shapes (:class:`~canasta_caliente.StateError`:
    a score a side, a hand a seat) of the parts: the cards of a state built with it directly
    are checked by :func:`~canasta_caliente.records.invariants.check_invariants`.
    """

    rules: RuleSet
    seed: int
    """The seed that shuffles every hand of the game (hidden from views)."""
    hand_number: int
    """The current hand, from 1."""
    scores: tuple[int, ...]
    """The sides' game scores (during a hand: as at its start)."""
    table: Table
    hand_results: tuple[HandResult, ...] = ()
    """One result per finished hand."""
    over: bool = False
    """True once the hand has ended (see :attr:`is_hand_over`)."""
    _legal: tuple[Any, ...] | None = attrs.field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    """The legal actions, once :func:`~canasta_caliente.legal_actions` has listed them."""

    def __attrs_post_init__(self) -> None:
        # A state built by hand (the engine's are built by make_state, which skips this): the
        # types and shapes of its parts, so that a wrong one is refused here, not met deep in
        # the engine as an AttributeError (an adversarial trial). Its cards: loads's checks.
        problem = _shape_problem(self)
        if problem is not None:
            kind, words = problem
            raise kind(f"GameState: {words}; build states with new_game, apply or loads")

    @property
    def phase(self) -> Phase:
        """The phase: the part of the turn, or between hands, or the end of the game."""
        if self.over:
            return Phase.GAME_OVER if self.is_game_over else Phase.HAND_OVER
        return self.table.turn.phase

    @property
    def current_player(self) -> int | None:
        """The seat to act (a partner answering ``ask`` is the one to act); ``None`` between
        hands and after the game."""
        if self.over:
            return None
        return self.table.turn.player

    @property
    def turn_player(self) -> int | None:
        """The seat whose turn it is (the asker while a partner answers); ``None`` between
        hands."""
        return None if self.over else self.table.order[self.table.turn_index]

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats playing this hand, in turn order from the hand's first player."""
        return self.table.order

    # -- the table ------------------------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted (naturals 4 to A, then ``2``, ``JK``, ``B3``, ``CAL``)."""
        return cards_from_counts(self.table.hands[check_seat(self.rules, seat)])

    def known(self, seat: int) -> tuple[Card, ...]:
        """The cards known to all players to be in a seat's hand, sorted: every pile card it
        took into its hand or that waits under INIT-4, less one for each card of that kind it
        was later seen to meld, discard or play (a Caliente card), never below zero. Draws,
        bonus-card replacements and Caliente refills add nothing; a new hand starts with
        nothing known. Once a hand is over, its cards have been laid down to be counted
        (SCORE-1): every seat's known cards are then its whole hand."""
        known = self.table.known
        seat = check_seat(self.rules, seat)
        return cards_from_counts(known[seat]) if known else ()

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        """A seat's hand as counts indexed by :class:`~canasta_caliente.Card`."""
        return self.table.hands[check_seat(self.rules, seat)]

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds."""
        return sum(self.table.hands[check_seat(self.rules, seat)])

    def melds(self, side: int) -> tuple[Meld, ...]:
        """A side's melds: natural ranks 4 to A, then its stop melds."""
        return side_melds(self.rules, self.table.sides[check_side(self.rules, side)])

    def laid_out(self, side: int) -> tuple[Card, ...]:
        """The bonus cards a side has laid out this hand."""
        return (Card.RED_THREE,) * self.table.sides[check_side(self.rules, side)].laid_out

    def caliente_played(self, side: int) -> int:
        """How many Caliente cards a side has played this hand (HOT-2)."""
        return self.table.sides[check_side(self.rules, side)].caliente_played

    @property
    def pile(self) -> tuple[Card, ...]:
        """The pile, bottom first: ``pile[-1]`` is the up card."""
        return self.table.pile

    @property
    def up_card(self) -> Card | None:
        """The pile's up card, or ``None`` for an empty pile."""
        return self.table.pile[-1] if self.table.pile else None

    @property
    def pile_has_freezer(self) -> bool:
        """True while the pile holds a wild or a bonus card anywhere (PILE-3), or a stop card
        under ``stop_card_freezes`` (READ-6); derived from the pile's contents."""
        rules = self.rules
        return not rules.facts.freezers.isdisjoint(self.table.pile)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return self.table.stock_size

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden information)."""
        return self.table.deck[self.table.stock_pos:]

    @property
    def waiting(self) -> tuple[Card, ...]:
        """Pile cards taken under INIT-4, waiting to join the hand; empty otherwise."""
        if self.over:
            return ()
        return cards_from_counts(self.table.turn.waiting)

    @property
    def turn(self) -> Turn:
        """The public facts of the current turn."""
        return self.table.turn

    @property
    def dealer(self) -> int:
        """The seat before the hand's first player (SEAT-4)."""
        return self.table.order[-1]

    def __str__(self) -> str:
        from ..views.display import state_text

        return state_text(self)

    def __repr__(self) -> str:
        from ..views.reprs import state_repr

        return state_repr(self)

    def _repr_html_(self) -> str:
        from ..views.display import state_html

        return state_html(self)


# ---------------------------------------------------------------------------------------------
# The legal actions cached on a state (by the engine's listing)


def check_state(state: object) -> None:
    """Refuse anything that is not a :class:`GameState` (a view, say) with a
    :class:`TypeError` naming what was given."""
    if type(state) is not GameState and not isinstance(state, GameState):
        raise CanastaTypeError(f"expected a GameState, not {type(state).__name__}"
                               + (" (a seat's view cannot be played: play the game's state)"
                           if type(state).__name__ == "View" else ""))


def cached_legal(state: GameState) -> tuple[Any, ...] | None:
    """The legal actions :data:`cache_legal` stored on ``state``, or ``None`` while they have
    not been listed; anything not a :class:`GameState` is refused by :func:`check_state`."""
    try:
        return state._legal
    except AttributeError:
        check_state(state)  # not a GameState: a TypeError naming it
        raise


cache_legal: Callable[[GameState, tuple[Any, ...]], None] = (
    GameState.__dict__["_legal"].__set__)
"""Store the legal actions on a state, which keeps them for :func:`cached_legal` (the frozen
class's own slot setter: the one place that writes the slot)."""


# ---------------------------------------------------------------------------------------------
# Quick constructors for the engine's hot path


_HASH_CACHE_SLOT = "_attrs_cached_hash"


def _builder(cls: type[Any]) -> type[Any] | None:
    """A subclass of ``cls`` with the same layout and plain attribute setting, whose instances
    can become instances of ``cls`` by ``__class__`` assignment; ``None`` if this Python refuses
    the assignment."""
    builder = type(f"_{cls.__name__}Builder", (cls,), {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__doc__": f"Builds :class:`{cls.__name__}` objects (internal).",
    })
    probe: Any = object.__new__(builder)
    try:
        probe.__class__ = cls
    except TypeError:  # pragma: no cover - CPython 3.11 to 3.13 allow it
        return None
    return builder


def _shape_problem(state: GameState) -> tuple[type[Exception], str] | None:
    """What is wrong with the types and shapes of a state's parts (and the error to raise),
    or ``None``: linear in the state's size."""
    rules, table = state.rules, state.table
    parts: tuple[tuple[str, object, type], ...] = (
        ("rules", rules, RuleSet), ("table", table, Table),
        ("hand_results", state.hand_results, tuple))
    for name, part, kind in parts:
        if not isinstance(part, kind):
            return CanastaTypeError, f"{name} must be a {kind.__name__}, not {describe_value(part)}"
    ints = {"seed": state.seed, "hand_number": state.hand_number,
            **{f"scores[{i}]": v for i, v in enumerate(state.scores)
               if isinstance(state.scores, tuple)}}
    for name, value in ints.items():
        if not isinstance(value, int) or isinstance(value, bool):
            return CanastaTypeError, f"{name} must be an int, not {describe_value(value)}"
    if not isinstance(state.over, bool):
        return CanastaTypeError, f"over must be a bool, not {describe_value(state.over)}"
    if not isinstance(state.scores, tuple) or len(state.scores) != len(rules.layout):
        return StateError, f"scores must be a tuple of one int a side ({len(rules.layout)})"
    if state.hand_number < 1:
        return StateError, f"hand_number must be at least 1, not {state.hand_number}"
    if any(not isinstance(r, HandResult) for r in state.hand_results):
        return CanastaTypeError, "hand_results must hold HandResult values"
    hands = table.hands
    if (not isinstance(hands, tuple) or len(hands) != rules.players
            or any(not isinstance(h, tuple) or len(h) != NUM_KINDS for h in hands)):
        return StateError, (f"table.hands must be one tuple of {NUM_KINDS} card counts a seat, "
                            f"for the rules' {rules.players} seats")
    if not isinstance(table.sides, tuple) or len(table.sides) != len(rules.layout):
        return StateError, f"table.sides must be one SideTable a side ({len(rules.layout)})"
    return None


def quick_constructor(cls: type[Any], *, converted: bool = False) -> Callable[..., Any]:
    """A function building ``cls`` like its attrs ``__init__`` (same positional arguments), two
    to three times faster. ``cls`` must be a frozen, slotted attrs class without validators or
    converters (with ``converted=True``, converters are allowed and skipped: the caller
    promises values its converters would return unchanged); fields with ``init=False`` get
    their default or their factory's value, attrs' hash cache starts empty. For any other
    class, ``cls`` itself is returned.

    The object is made as an instance of a subclass with the same slots whose attributes are
    set plainly (a frozen class refuses it, and setting each slot through its descriptor costs
    several times as much), then given its class: the result is an ordinary, frozen ``cls``
    object. Where that is refused, the slots are set through their descriptors.

    Why ``exec`` and a class swap rather than plain code: the four quick constructors below
    save about a fifth of every decision. Measured with ``benchmarks/instructions.py --hands
    40`` (valgrind, random play after 40 warm-up hands), instructions per decision with them and
    with the attrs classes themselves in their place: caliente 66,231 against 84,770, classic
    71,145 against 89,706."""
    fields = attrs.fields(cls)
    slots = set(getattr(cls, "__slots__", ())) - {"__weakref__"}
    names = {f.name for f in fields}
    extra = slots - names
    if extra - {_HASH_CACHE_SLOT} or any(
            f.validator or (f.converter and not converted) for f in fields):
        return cls
    builder = _builder(cls)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "builder": builder}
    params: list[str] = []
    values: list[tuple[str, str]] = []  # (slot, expression)
    for i, f in enumerate(fields):
        if not f.init:
            if isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
                namespace[f"factory{i}"] = f.default.factory
                values.append((f.name, f"factory{i}()"))
            else:
                namespace[f"default{i}"] = f.default
                values.append((f.name, f"default{i}"))
            continue
        # The parameter is named as the field (so a call may name it), unless the name is taken.
        arg = f.alias if f.alias.isidentifier() and f.alias not in namespace else f"a{i}"
        if f.default is attrs.NOTHING:
            params.append(arg)
        else:
            namespace[f"default{i}"] = f.default
            params.append(f"{arg}=default{i}")
        values.append((f.name, arg))
    if _HASH_CACHE_SLOT in extra:
        values.append((_HASH_CACHE_SLOT, "None"))
    if builder is not None:
        body = ["    o = new(builder)", *(f"    o.{name} = {value}" for name, value in values),
                "    o.__class__ = cls"]
    else:  # pragma: no cover - see _builder
        body = ["    o = new(cls)"]
        for i, (name, value) in enumerate(values):
            namespace[f"set{i}"] = cls.__dict__[name].__set__
            body.append(f"    set{i}(o, {value})")
    lines = [f"def make({', '.join(params)}):", *body, "    return o", ""]
    source = "\n".join(lines)
    exec(compile(source, f"<quick constructor of {cls.__name__}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


class _MakeTable(Protocol):
    def __call__(self, deck: tuple[Card, ...], stock_pos: int,
                 hands: tuple[tuple[int, ...], ...], pile: tuple[Card, ...],
                 sides: tuple[SideTable, ...], order: tuple[int, ...], turn_index: int,
                 turn: Turn, melded_seats: int = 0,
                 known: tuple[tuple[int, ...], ...] = ()) -> Table: ...


class _MakeState(Protocol):
    def __call__(self, rules: RuleSet, seed: int, hand_number: int, scores: tuple[int, ...],
                 table: Table, hand_results: tuple[HandResult, ...] = (),
                 over: bool = False) -> GameState: ...


class _MakeTurn(Protocol):
    def __call__(self, phase: Phase, player: int, need: int = 0, started: bool = False,
                 melded: bool = False, points: int = 0, waiting: tuple[int, ...] = NO_WAITING,
                 question: Question = Question.NONE, touched: int = 0, created: int = 0,
                 had_melded: bool = False) -> Turn: ...


class _MakeSide(Protocol):
    def __call__(self, melds: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS,
                 stop_melds: tuple[int, ...] = (), laid_out: int = 0,
                 caliente_played: int = 0) -> SideTable: ...


make_table: _MakeTable = quick_constructor(Table)
"""Build a :class:`Table` (the arguments of its constructor, by position or name)."""
make_state: _MakeState = quick_constructor(GameState)
"""Build a :class:`GameState` (the arguments of its constructor, by position or name)."""
make_turn: _MakeTurn = quick_constructor(Turn)
"""Build a :class:`Turn` (the arguments of its constructor, by position or name)."""
make_side: _MakeSide = quick_constructor(SideTable)
"""Build a :class:`SideTable` (the arguments of its constructor, by position or name)."""
