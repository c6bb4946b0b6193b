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
from typing import Any, SupportsIndex

import attr
import attrs

from .._arguments import as_integer
from .._native import is_native, restore_attrs_methods
from ..cards import NUM_KINDS, NUM_RANKS, Card, cards_from_counts
from ..errors import ArgumentError, CanastaTypeError, StateError, describe_value, short_repr
from ..rules.ruleset import RuleSet, TieBreak

__all__ = [
    "COMPONENTS",
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


@attr.s(auto_attribs=True, frozen=True, slots=True, init=False, auto_detect=True, order=False)
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

    # Written by hand, not attrs' (init=False): compiled by mypyc, this class is native and
    # each object.__setattr__ a write to its C struct (see canasta_caliente._native).
    def __init__(self, melds: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS,
                 stop_melds: tuple[int, ...] = (), laid_out: int = 0,
                 caliente_played: int = 0) -> None:
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "stop_melds", stop_melds)
        object.__setattr__(self, "laid_out", laid_out)
        object.__setattr__(self, "caliente_played", caliente_played)

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


@attr.s(auto_attribs=True, frozen=True, slots=True, init=False, auto_detect=True, order=False)
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

    # Written by hand, not attrs' (init=False): compiled by mypyc, this class is native and
    # each object.__setattr__ a write to its C struct (see canasta_caliente._native).
    def __init__(self, phase: Phase, player: int, need: int = 0, started: bool = False,
                 melded: bool = False, points: int = 0, waiting: tuple[int, ...] = NO_WAITING,
                 question: Question = Question.NONE, touched: int = 0, created: int = 0,
                 had_melded: bool = False) -> None:
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "need", need)
        object.__setattr__(self, "started", started)
        object.__setattr__(self, "melded", melded)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "waiting", waiting)
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "touched", touched)
        object.__setattr__(self, "created", created)
        object.__setattr__(self, "had_melded", had_melded)


@attr.s(auto_attribs=True, frozen=True, slots=True, init=False, auto_detect=True, order=False)
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

    # Written by hand, not attrs' (init=False): compiled by mypyc, this class is native and
    # each object.__setattr__ a write to its C struct (see canasta_caliente._native).
    def __init__(self, deck: tuple[Card, ...], stock_pos: int,
                 hands: tuple[tuple[int, ...], ...], pile: tuple[Card, ...],
                 sides: tuple[SideTable, ...], order: tuple[int, ...], turn_index: int,
                 turn: Turn, melded_seats: int = 0,
                 known: tuple[tuple[int, ...], ...] = ()) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "stock_pos", stock_pos)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "turn_index", turn_index)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "melded_seats", melded_seats)
        object.__setattr__(self, "known", known)

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


def side_of_seat(rules: RuleSet, seat: object) -> int:
    """The side of a seat (checked by :func:`check_seat`): what ``side_of`` of a state and of a
    seat's view says."""
    return rules.facts.side_of[check_seat(rules, seat)]


def winner_of(rules: RuleSet, scores: tuple[int, ...], hand_results: tuple[HandResult, ...],
              over: bool) -> int | None:
    """The winning side (GAME-1) once the hand is over, or ``None`` while the game goes on: what
    ``winner`` of a state and of a seat's view says."""
    if not over or not hand_results:
        return None
    went_out = hand_results[-1].went_out
    side = None if went_out is None else rules.facts.side_of[went_out]
    return leader(rules, scores, side)


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

    def components(self, side: SupportsIndex) -> Mapping[str, int]:
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


@attr.s(auto_attribs=True, frozen=True, slots=True, init=False, auto_detect=True, order=False)
class GameState:
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
    _legal: tuple[Any, ...] | None = attr.ib(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    """The legal actions, once :func:`~canasta_caliente.legal_actions` has listed them."""
    _hash: int | None = attr.ib(init=False, default=None, eq=False, hash=False, repr=False)
    """The state's hash, once computed (attrs' cache_hash needs attrs' own __init__)."""

    # The parameters are ``object``: compiled by mypyc, a typed parameter would be checked on
    # entry with mypyc's own TypeError, and the constructor's checks would never say theirs.
    def __init__(self, rules: object, seed: object, hand_number: object, scores: object,
                 table: object, hand_results: object = (), over: object = False,
                 *, _trusted: bool = False) -> None:
        if not _trusted:
            # A state built by hand (the engine's are built by make_state, which skips this):
            # the types and shapes of its parts, so that a wrong one is refused here, not met
            # deep in the engine as an AttributeError (an adversarial trial). Its cards:
            # loads's checks.
            problem = _shape_problem(rules, seed, hand_number, scores, table, hand_results, over)
            if problem is not None:
                kind, words = problem
                raise kind(f"GameState: {words}; build states with new_game, apply or loads")
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "hand_results", hand_results)
        object.__setattr__(self, "over", over)
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_hash", None)

    # The properties of GameProgress (the view's base), whose facts have one home in the
    # functions above: compiled, this native class cannot derive from that Python class.
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides as tuples of seats, players sitting out included (SEAT-2)."""
        return self.rules.layout

    def side_of(self, seat: SupportsIndex) -> int:
        """The side of a seat."""
        return side_of_seat(self.rules, seat)

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
        return winner_of(self.rules, self.scores, self.hand_results, self.over)

    def _store_legal(self, legal: tuple[Any, ...]) -> None:
        object.__setattr__(self, "_legal", legal)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.rules, self.seed, self.hand_number, self.scores, self.table,
                      self.hand_results, self.over))
            object.__setattr__(self, "_hash", h)
        return h

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

    def hand(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """A seat's hand, sorted (naturals 4 to A, then ``2``, ``JK``, ``B3``, ``CAL``)."""
        return cards_from_counts(self.table.hands[check_seat(self.rules, seat)])

    def known(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards known to all players to be in a seat's hand, sorted: every pile card it
        took into its hand or that waits under INIT-4, less one for each card of that kind it
        was later seen to meld, discard or play (a Caliente card), never below zero. Draws,
        bonus-card replacements and Caliente refills add nothing; a new hand starts with
        nothing known. Once a hand is over, its cards have been laid down to be counted
        (SCORE-1): every seat's known cards are then its whole hand."""
        known = self.table.known
        seat = check_seat(self.rules, seat)
        return cards_from_counts(known[seat]) if known else ()

    def hand_counts(self, seat: SupportsIndex) -> tuple[int, ...]:
        """A seat's hand as counts indexed by :class:`~canasta_caliente.Card`."""
        return self.table.hands[check_seat(self.rules, seat)]

    def hand_size(self, seat: SupportsIndex) -> int:
        """How many cards a seat holds."""
        return sum(self.table.hands[check_seat(self.rules, seat)])

    def melds(self, side: SupportsIndex) -> tuple[Meld, ...]:
        """A side's melds: natural ranks 4 to A, then its stop melds."""
        return side_melds(self.rules, self.table.sides[check_side(self.rules, side)])

    def laid_out(self, side: SupportsIndex) -> tuple[Card, ...]:
        """The bonus cards a side has laid out this hand."""
        return (Card.RED_THREE,) * self.table.sides[check_side(self.rules, side)].laid_out

    def caliente_played(self, side: SupportsIndex) -> int:
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


for _cls in (SideTable, Turn, Table, GameState):
    restore_attrs_methods(_cls)


def _shape_problem(rules: object, seed: object, hand_number: object, scores: object,
                   table: object, hand_results: object, over: object,
                   ) -> tuple[type[Exception], str] | None:
    """What is wrong with the types and shapes of a state's parts, given as to the constructor
    (and the error to raise), or ``None``: linear in the state's size."""
    parts: tuple[tuple[str, object, type], ...] = (
        ("rules", rules, RuleSet), ("table", table, Table), ("hand_results", hand_results, tuple))
    for name, part, kind in parts:
        if not isinstance(part, kind):
            return CanastaTypeError, f"{name} must be a {kind.__name__}, not {describe_value(part)}"
    assert isinstance(rules, RuleSet) and isinstance(table, Table)  # (checked just above)
    assert isinstance(hand_results, tuple)
    ints = {"seed": seed, "hand_number": hand_number,
            **{f"scores[{i}]": v for i, v in enumerate(scores if isinstance(scores, tuple)
                                                       else ())}}
    for name, value in ints.items():
        if not isinstance(value, int) or isinstance(value, bool):
            return CanastaTypeError, f"{name} must be an int, not {describe_value(value)}"
    if not isinstance(over, bool):
        return CanastaTypeError, f"over must be a bool, not {describe_value(over)}"
    if not isinstance(scores, tuple) or len(scores) != len(rules.layout):
        return StateError, f"scores must be a tuple of one int a side ({len(rules.layout)})"
    assert isinstance(hand_number, int)  # (checked with the other ints)
    if hand_number < 1:
        return StateError, f"hand_number must be at least 1, not {hand_number}"
    if any(not isinstance(r, HandResult) for r in hand_results):
        return CanastaTypeError, "hand_results must hold HandResult values"
    hands = table.hands
    if (not isinstance(hands, tuple) or len(hands) != rules.players
            or any(not isinstance(h, tuple) or len(h) != NUM_KINDS for h in hands)):
        return StateError, (f"table.hands must be one tuple of {NUM_KINDS} card counts a seat, "
                            f"for the rules' {rules.players} seats")
    if not isinstance(table.sides, tuple) or len(table.sides) != len(rules.layout):
        return StateError, f"table.sides must be one SideTable a side ({len(rules.layout)})"
    return None


# ---------------------------------------------------------------------------------------------
# The legal actions cached on a state (by the engine's listing)


def check_state(state: object) -> None:
    """Refuse anything that is not a :class:`GameState` (a view, say) with a
    :class:`TypeError` naming what was given (:func:`refused_state`)."""
    if type(state) is not GameState and not isinstance(state, GameState):
        raise refused_state(state)


def refused_state(state: object) -> CanastaTypeError:
    """The error that refuses ``state``, not a :class:`GameState`, naming what was given: for
    the entry points that take ``object`` (so that, compiled, mypyc's own check of a
    ``GameState`` parameter does not speak first) and narrow it themselves."""
    return CanastaTypeError(f"expected a GameState, not {type(state).__name__}"
                            + (" (a seat's view cannot be played: play the game's state)"
                               if type(state).__name__ == "View" else ""))


def _store_legal(state: GameState, legal: tuple[Any, ...]) -> None:
    state._store_legal(legal)


cache_legal: Callable[[GameState, tuple[Any, ...]], None] = (
    _store_legal if is_native(GameState) else vars(GameState)["_legal"].__set__)
"""Store the legal actions on a state, which keeps them in its ``_legal`` field for
:func:`~canasta_caliente.legal_actions` and :func:`~canasta_caliente.apply` to read: the one
place that writes it (in pure Python, the frozen class's own slot setter; compiled, a method of
the native class, whose fields have no slot descriptors)."""
