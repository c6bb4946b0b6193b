"""What one seat may know, and full states sampled to match it (for search bots).

:func:`observe` projects a :class:`~canasta_caliente.GameState` onto one seat: a :class:`View`
holds that seat's hand, everything on the table (melds, laid-out bonus cards, the whole pile,
which is face up), the sizes of the other hands and of the stock, the cards every player knows
to be in each hand (:meth:`View.known`: pile cards seen taken and not seen played since), the
scores and hand results, whose turn it is and every public fact of the turn. It never holds the
seed, another hand's unknown cards, the stock's order or the dealt order of the deck, so two
states that differ only there give equal views.

:func:`resample` goes the other way: a full state consistent with a view, each hand dealt its
known cards and the rest of the hidden cards at random from those the seat cannot account for.
Determinization and IS-MCTS bots rely on ``observe(resample(view, rng), view.seat) == view``.

>>> import random
>>> import canasta_caliente as cc
>>> from canasta_caliente.views import observe, resample
>>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=3)
>>> view = observe(state, 1)
>>> view.hand_sizes, view.stock_size
((11, 11, 11, 11), 60)
>>> guess = resample(view, random.Random(0))
>>> observe(guess, 1) == view, guess.hand(1) == state.hand(1)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .._arguments import check_rng
from .._version import __version__
from ..cards import (
    B3,
    JOKER,
    KINDS,
    NUM_KINDS,
    R3,
    TWO,
    Card,
    cards_from_counts,
    counts_from_cards,
)
from ..engine.solver import meld_is_valid
from ..errors import CanastaTypeError, StateError
from ..records._codec import (
    RULES_VERSION,
    VIEW_FORMAT,
    cards_out,
    known_out,
    pretty_json,
    read_document,
)
from ..records._parts import result_out, seats_out, side_out, turn_out
from ..records.invariants import turn_problem
from ..rules.facts import facts_of
from ..rules.ruleset import RuleSet
from ..state.builders import make_state, make_table, quick_constructor
from ..state.game import (
    GameState,
    HandResult,
    Meld,
    MeldCounts,
    Phase,
    Question,
    SideTable,
    Turn,
    check_seat,
    check_side,
    side_melds,
)
from ..state.progress import GameProgress
from ._documents import check_view, forced_cards, known_in_hand, read_view, unseen_counts

__all__ = ["RESAMPLE_TRIES", "VIEW_FORMAT", "View", "observe", "resample"]


def _cards(value: Any) -> tuple[Card, ...]:
    return tuple(sorted(Card(c) for c in value))


@attrs.frozen(cache_hash=True)
class View(GameProgress):
    """What one seat may know of a game (see :func:`observe`): frozen, hashable, and a JSON
    document through :meth:`to_json` / :meth:`from_json`.

    Many accessors mirror :class:`~canasta_caliente.GameState` where the seat can see:
    :meth:`melds`, :meth:`laid_out`, :attr:`pile`, :attr:`phase`, :attr:`current_player`, ...
    The hands do not: the view holds one, its seat's, so :attr:`hand` is that hand (a tuple,
    where the state's ``hand(seat)`` is a method); another seat's hand is known only by its
    size (:meth:`hand_size`, as the state's, or :attr:`hand_sizes`) and by the cards seen
    joining it (:meth:`known`, as the state's).

    Built by hand, a view is checked as a view document is read: a field of a wrong type is a
    ``TypeError`` naming it, and anything a game cannot show (a seat or a turn player not at
    the table, one hand size or score too few, negative or short rows of known cards, more
    cards than the deck holds, ...) is a :class:`~canasta_caliente.StateError` listing every
    problem with its field, named as in a view document (``known`` for :attr:`known_cards`,
    ``sides`` for :attr:`side_tables`). :func:`observe` builds its views from a state,
    unchecked.
    """

    seat: int
    """The seat that sees this."""
    rules: RuleSet
    """The rules of the game."""
    hand_number: int
    """The current hand, from 1."""
    scores: tuple[int, ...]
    """The sides' game scores (during a hand: as at its start)."""
    hand_results: tuple[HandResult, ...]
    """One result per finished hand."""
    over: bool
    """True between hands and after the game."""
    hand: tuple[Card, ...] = attrs.field(converter=_cards)
    """The seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (0 for a seat sitting out)."""
    stock_size: int
    """How many cards are left in the stock (not which)."""
    pile: tuple[Card, ...]
    """The pile, bottom first: it is face up, so all of it is public."""
    side_tables: tuple[SideTable, ...]
    """Each side's melds, laid-out bonus cards and Caliente cards played."""
    order: tuple[int, ...]
    """The active seats in turn order, from the hand's first player (SEAT-4)."""
    turn_index: int
    """Index into :attr:`order` of the player whose turn it is."""
    turn: Turn
    """The public facts of the turn: phase, player, first-meld points, waiting cards, the
    question and its answer, the ranks melded this turn."""
    melded_seats: int
    """Bit mask of the seats that have melded a card this hand (OUT-3)."""
    known_cards: tuple[tuple[int, ...], ...] = ()
    """Per seat, the cards known to all to be in its hand, as counts (see :meth:`known`);
    ``()`` while nothing is known of any hand."""

    def __attrs_post_init__(self) -> None:
        check_view(self)

    # -- what everyone knows of the hands ------------------------------------------------

    def known(self, seat: int) -> tuple[Card, ...]:
        """The cards known to all players to be in ``seat``'s hand, sorted, as
        :meth:`GameState.known <canasta_caliente.GameState.known>`: the pile cards it took
        (into its hand, or waiting under INIT-4), less those of each kind it was later seen
        to meld, discard or play. Public knowledge, the same in every seat's view: for the
        view's own seat it is what the others know of its hand, and a partner's row tells
        nothing more than an opponent's. Once the hand is over, every hand has been shown to
        be counted (SCORE-1), and its known cards are the whole hand."""
        known = self.known_cards
        seat = check_seat(self.rules, seat)
        return cards_from_counts(known[seat]) if known else ()

    def unknown_count(self, seat: int) -> int:
        """How many cards of ``seat``'s hand are not known to all: its size less its known
        cards that are in the hand (those waiting under INIT-4 are not in it yet)."""
        known = self.known_cards
        seat = check_seat(self.rules, seat)
        size = self.hand_sizes[seat]
        if not known:
            return size
        return size - known_in_hand(self, seat)

    # -- whose turn ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The phase, as :attr:`GameState.phase <canasta_caliente.GameState.phase>`."""
        if self.over:
            return Phase.GAME_OVER if self.is_game_over else Phase.HAND_OVER
        return self.turn.phase

    @property
    def current_player(self) -> int | None:
        """The seat to act; ``None`` between hands and after the game."""
        return None if self.over else self.turn.player

    @property
    def turn_player(self) -> int | None:
        """The seat whose turn it is (the asker while a partner answers)."""
        return None if self.over else self.order[self.turn_index]

    @property
    def is_my_turn(self) -> bool:
        """True when the seat is the one to act."""
        return self.current_player == self.seat

    @property
    def question(self) -> Question:
        """This turn's "May I go out?" question and its answer (OUT-2)."""
        return self.turn.question

    @property
    def first_meld_points(self) -> int:
        """Card values melded this turn toward the first-meld minimum (INIT-2)."""
        return self.turn.points

    @property
    def first_meld_needed(self) -> int:
        """First-meld points still needed this turn (INIT-1); 0 once met or not required."""
        return self.turn.need

    @property
    def waiting(self) -> tuple[Card, ...]:
        """Pile cards taken under INIT-4, waiting to join the turn player's hand."""
        return () if self.over else cards_from_counts(self.turn.waiting)

    # -- the table -----------------------------------------------------------------------

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats playing this hand, in turn order."""
        return self.order

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats sitting out this hand (SEAT-3)."""
        return tuple(s for s in range(self.rules.players) if s not in self.order)

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds."""
        return self.hand_sizes[check_seat(self.rules, seat)]

    def melds(self, side: int) -> tuple[Meld, ...]:
        """A side's melds: natural ranks 4 to A, then its stop melds."""
        return side_melds(self.rules, self.side_tables[check_side(self.rules, side)])

    def laid_out(self, side: int) -> tuple[Card, ...]:
        """The bonus cards a side has laid out this hand."""
        return (R3,) * self.side_tables[check_side(self.rules, side)].laid_out

    def caliente_played(self, side: int) -> int:
        """How many Caliente cards a side has played this hand (HOT-2)."""
        return self.side_tables[check_side(self.rules, side)].caliente_played

    @property
    def up_card(self) -> Card | None:
        """The pile's up card, or ``None`` for an empty pile."""
        return self.pile[-1] if self.pile else None

    @property
    def pile_has_freezer(self) -> bool:
        """True while the pile holds a wild or a bonus card (PILE-3), or a stop card under
        ``stop_card_freezes`` (READ-6)."""
        return not facts_of(self.rules).freezers.isdisjoint(self.pile)

    # -- the game ------------------------------------------------------------------------

    # -- documents -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON data; :meth:`from_dict` reads it back exactly."""
        return {
            "format": VIEW_FORMAT,
            "rules_version": RULES_VERSION,
            "package_version": __version__,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "hand_number": self.hand_number,
            "scores": list(self.scores),
            "over": self.over,
            "hand_results": [result_out(r) for r in self.hand_results],
            "hand": cards_out(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "pile": cards_out(self.pile),
            "sides": [side_out(s) for s in self.side_tables],
            "order": list(self.order),
            "turn_index": self.turn_index,
            "turn": turn_out(self.turn),
            "melded_seats": seats_out(self.melded_seats),
            "known": known_out(self.known_cards, self.rules.players),
        }

    def to_json(self, *, indent: int | str | None = 2) -> str:
        """The view as a JSON document (see :meth:`to_dict`)."""
        return pretty_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> View:
        """Read a view from plain JSON data. A malformed or impossible one (unknown fields,
        unknown cards, invalid melds, more cards than the deck holds, ...) raises
        :class:`~canasta_caliente.StateError` listing every problem."""
        return read_view(data, cls, VIEW_FORMAT)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> View:
        """Read a view written by :meth:`to_json`."""
        return read_view(read_document(text, "view document"), cls, VIEW_FORMAT)

    def __str__(self) -> str:
        from .display import view_text

        return view_text(self)

    def __repr__(self) -> str:
        from .reprs import view_repr

        return view_repr(self)

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)


def observe(state: GameState, seat: int) -> View:
    """What ``seat`` may know of ``state`` (see :class:`View`).

    ``seat`` is an integer: an ``int``, or a NumPy integer (read as its ``int``; the view's
    :attr:`~View.seat` is a plain ``int``). Raises :class:`TypeError` for a state that is not
    a :class:`GameState` or a seat that is not an integer (a ``bool`` is not one), and
    :class:`~canasta_caliente.ArgumentError` for a seat the table does not have.
    """
    if not isinstance(state, GameState):
        raise CanastaTypeError(f"expected a GameState, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        # (the test of check_seat written out, which spares every view of a bot's decision
        # a call: 1,000 of a heuristic decision's 56,700 instructions; check_seat raises, or
        # reads a NumPy integer as its int)
        try:
            seat = check_seat(state.rules, seat)
        except CanastaTypeError as exc:
            if seat is not None:
                raise
            # (state.current_player between hands: a bot loop that forgot the deal)
            raise CanastaTypeError(f"{exc}: no seat acts between hands or after the game "
                                   "(current_player is None); between hands the next action "
                                   "is 'deal', which no seat's bot chooses") from None
    t = state.table
    return _make_view(
        seat=seat,
        rules=state.rules,
        hand_number=state.hand_number,
        scores=state.scores,
        hand_results=state.hand_results,
        over=state.over,
        hand=cards_from_counts(t.hands[seat]),  # as state.hand(seat): the seat is checked
        hand_sizes=tuple(map(sum, t.hands)),
        stock_size=t.stock_size,
        pile=t.pile,
        side_tables=t.sides,
        order=t.order,
        turn_index=t.turn_index,
        turn=t.turn,
        melded_seats=t.melded_seats,
        known_cards=t.known,
    )


_make_view: Callable[..., View] = quick_constructor(View, converted=True)
""":class:`View` for :func:`observe`, whose hand is already sorted cards (``GameState.hand``):
the attrs ``__init__`` and its converter were a third of a heuristic bot's decision. It skips
``__attrs_post_init__`` too, and with it the View's checks, on purpose: a view observed from a
state is that state's projection, as sound as the state, and the checks would cost every bot
every decision."""


# ---------------------------------------------------------------------------------------------
# Resampling


_last_checked: list[View | None] = [None]
"""The view :func:`resample` checked last: a search resamples one view hundreds of times, and
the check costs about as much as a deal. Set only after a check passed, so a view is never
taken for checked when it was not."""

RESAMPLE_TRIES = 2000
"""How many deals :func:`resample` tries before giving up (see there)."""
_UNIFORM_TRIES = 20


def resample(view: View, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: ``observe(resample(view, rng), view.seat) ==
    view``, for determinization and IS-MCTS bots.

    Each other hand is dealt its known cards first (:meth:`View.known`: cards it was seen to
    take with the pile and has not been seen to play since; those still waiting under INIT-4
    are on the table already). The rest of the hidden cards (the rest of the other hands, and
    the stock) are dealt uniformly at random from the cards the seat cannot account for: the
    rules' deck minus its own hand, the pile, every meld, the laid-out bonus cards, the played
    Caliente cards, the waiting cards and the other hands' known cards. Bonus cards go to the
    stock only, as they never stay in a hand (TURN-3). The state keeps the view's known cards,
    gets a seed drawn from ``rng`` (it shuffles later hands) and a deck whose tail is the
    sampled stock.

    The sample also respects TURN-0 where it constrains a hidden hand: when another seat is in
    the middle of its turn, its hand must let it finish (for example, after a "yes" it must be
    able to go out). Such deals are found by rejection, helped by a generator of hands built
    from meldable groups.

    The view is checked as the View's constructor checks it (a view from :func:`observe` was
    not), once for a run of calls with the same view, as a search makes: a ``TypeError`` for a
    field of a wrong type, a :class:`~canasta_caliente.StateError` for a view no game can show.
    It also raises :class:`~canasta_caliente.StateError` if no consistent deal is found in
    :data:`RESAMPLE_TRIES` tries, and a ``TypeError`` for an ``rng`` that is not a
    :class:`random.Random`.
    """
    if not isinstance(view, View):
        raise CanastaTypeError(f"expected a View, not {type(view).__name__}")
    check_rng("rng", rng)
    if view is not _last_checked[0]:
        check_view(view)
        _last_checked[0] = view
    # The check above holds the accounting: no kind short, the unseen cards as many as the
    # other hands and the stock hold, the known cards among them.
    rules = view.rules
    pool = unseen_counts(view)
    others = [s for s in range(rules.players) if s != view.seat and view.hand_sizes[s]]
    forced: dict[int, tuple[int, ...]] = {}
    if view.known_cards:
        for seat in others:
            row = forced_cards(view, seat)
            if row is not None:
                forced[seat] = row
                for k in range(NUM_KINDS):
                    pool[k] -= row[k]
    # Unseen bonus cards are in the stock: they never stay in a hand (TURN-3). Once the hand is
    # over, every other hand is known (its known cards are the whole hand), so the unseen cards
    # left are the stock's.
    bonus_in_stock = pool[R3]
    constrained: int | None = None
    if not view.over and view.turn.phase in (Phase.PLAY, Phase.ANSWER):
        player = view.order[view.turn_index]
        if player != view.seat:
            constrained = player
    # The seat to act is the view's own, and its hand is dealt as it is: its legal actions are
    # the real state's (nonempty), unless a bonus card joining from the pile is replaced from
    # the stock (TURN-0's noted case). Then no deal needs checking.
    trusted = view.over or (
        view.current_player == view.seat and view.phase is not Phase.ANSWER
        and not (rules.bonus_from_pile_replaced and (R3 in view.pile or view.turn.waiting[R3])))
    for attempt in range(RESAMPLE_TRIES):
        guided = constrained is not None and attempt >= _UNIFORM_TRIES and attempt % 2 == 0
        state = _deal(view, rng, pool, others, forced, bonus_in_stock,
                      constrained if guided else None)
        if state is not None and (trusted or _playable(state)):
            return state
    raise StateError(f"resample: no deal consistent with the view found in {RESAMPLE_TRIES} "
                     f"tries (seat {constrained} must be able to finish its turn, TURN-0)")


def _deal(
    view: View,
    rng: random.Random,
    pool: list[int],
    others: list[int],
    forced: dict[int, tuple[int, ...]],
    bonus_in_stock: int,
    guided: int | None,
) -> GameState | None:
    """One deal of the hidden cards: each other hand gets its known cards (``forced``) and
    cards drawn from the shuffled ``pool`` (the unseen cards less the known ones); the rest,
    with the unseen bonus cards, is the stock."""
    rules = view.rules
    rest = list(pool)
    rest[R3] -= bonus_in_stock
    hands: dict[int, tuple[int, ...]] = {}
    if guided is not None:
        counts = _guided_hand(view, rng, rest, guided, forced.get(guided))
        if counts is None:
            return None
        hands[guided] = counts
        start = forced.get(guided)
        for k in range(NUM_KINDS):
            rest[k] -= counts[k] - (start[k] if start is not None else 0)
    loose = _shuffled(rng, rest)
    pos = 0
    for seat in others:
        if seat in hands:
            continue
        size = view.hand_sizes[seat]
        known = forced.get(seat)
        row = [0] * NUM_KINDS if known is None else list(known)
        end = pos + size - (0 if known is None else sum(known))
        for card in loose[pos:end]:
            row[card] += 1
        hands[seat] = tuple(row)
        pos = end
    stock = loose[pos:]
    for _ in range(bonus_in_stock):
        # Each bonus card at a uniform place: the stock stays a uniform random order.
        stock.insert(rng.randrange(len(stock) + 1), R3)
    dealt = list(rules.deck_counts)
    for card in stock:
        dealt[card] -= 1
    deck = cards_from_counts(dealt) + tuple(stock)
    zero = (0,) * NUM_KINDS
    mine = counts_from_cards(view.hand)
    all_hands = tuple(
        mine if s == view.seat else hands.get(s, zero) for s in range(rules.players)
    )
    table = make_table(deck, len(deck) - len(stock), all_hands, view.pile, view.side_tables,
                       view.order, view.turn_index, view.turn, view.melded_seats,
                       view.known_cards)
    return make_state(rules, rng.randrange(2**63), view.hand_number, view.scores, table,
                      view.hand_results, view.over)


def _shuffled(rng: random.Random, counts: list[int]) -> list[Card]:
    """The cards of ``counts`` in a uniformly random order: sorted by a random key each (the
    keys are distinct but with probability about 2**-45; the sort runs in C, several times
    faster than :meth:`random.Random.shuffle`)."""
    cards: list[Card] = []
    for i, n in enumerate(counts):
        if n:
            cards.extend([KINDS[i]] * n)
    r = rng.random
    keys = [r() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def _playable(state: GameState) -> bool:
    """TURN-0 holds: the player to act has a legal action, and a question asked can be
    answered either way without stranding the asker (OUT-2); the one check is
    :func:`~canasta_caliente.records.invariants.turn_problem`, which ``loads`` makes too."""
    return turn_problem(state) is None


def _guided_hand(
    view: View, rng: random.Random, avail: list[int], seat: int,
    start: tuple[int, ...] | None = None,
) -> tuple[int, ...] | None:
    """A random hand for ``seat`` built to be able to go out: its known cards (``start``),
    then canastas completed first if the side needs them, then groups that can be melded
    (lay-offs, new melds of three, stop sets), maybe one card to discard. It is only a
    proposal: :func:`_playable` decides."""
    rules = view.rules
    size = view.hand_sizes[seat]
    left = list(avail)
    hand = [0] * NUM_KINDS if start is None else list(start)
    table = view.side_tables[view.side_of(seat)]
    melds: list[MeldCounts | None] = list(table.melds)
    slots = size - sum(hand)

    def take(card: int, n: int = 1) -> None:
        nonlocal slots
        left[card] -= n
        hand[card] += n
        slots -= n

    if slots and rng.random() < 0.6:
        kinds = [k for k in range(NUM_KINDS) if left[k]]
        if kinds:
            take(rng.choice(kinds))
    have = table.canastas(rules.canasta_size)
    existing = [r for r in range(len(melds)) if melds[r] is not None]
    fresh = [r for r in range(len(melds)) if melds[r] is None]
    rng.shuffle(existing)
    rng.shuffle(fresh)
    for r in existing + fresh:
        if have >= rules.canastas_to_go_out:
            break
        plan = _canasta_plan(rules, melds[r] or (0, 0, 0), left, r)
        if plan is None or sum(plan) > slots:
            continue
        for card, n in zip((r, TWO, JOKER), plan, strict=True):
            if n:
                take(card, n)
        old = melds[r] or (0, 0, 0)
        melds[r] = (old[0] + plan[0], old[1] + plan[1], old[2] + plan[2])
        have += 1
    while slots:
        options: list[tuple[int, ...]] = []
        for r in range(len(melds)):
            m = melds[r]
            if m is not None and left[r]:
                options.append((r,))
            elif m is None and slots >= 3:
                if left[r] >= 3:
                    options.append((r, r, r))
                for wild in (TWO, JOKER):
                    if left[r] >= 2 and left[wild] and meld_is_valid(rules, 2, 1):
                        options.append((r, r, wild))
        for wild in (TWO, JOKER):
            if left[wild] and any(m is not None and meld_is_valid(rules, m[0], m[1] + m[2] + 1)
                                  for m in melds):
                options.append((wild,))
        for k in (3, 4):
            if slots >= k and left[B3] >= k:
                options.append((B3,) * k)
        if not options:
            return None
        group = rng.choice(options)
        for card in group:
            take(card)
        r = group[0]
        if r < len(melds):  # a natural rank: the side's meld of it grows or starts
            n, two, jk = melds[r] or (0, 0, 0)
            melds[r] = (n + group.count(r), two + group.count(TWO), jk + group.count(JOKER))
    return tuple(hand)


def _canasta_plan(
    rules: RuleSet, meld: MeldCounts, left: list[int], rank: int
) -> MeldCounts | None:
    """How many naturals, little and big wilds to add to ``meld`` (of ``rank``) to make it a
    canasta from the cards ``left``, naturals first; ``None`` if it cannot be done."""
    n, two, jk = meld
    add = [0, 0, 0]
    while n + two + jk + sum(add) < rules.canasta_size:
        if left[rank] > add[0]:
            add[0] += 1
        elif left[TWO] > add[1] and meld_is_valid(rules, n + add[0], two + jk + add[1] + add[2]
                                                  + 1):
            add[1] += 1
        elif left[JOKER] > add[2] and meld_is_valid(rules, n + add[0],
                                                    two + jk + add[1] + add[2] + 1):
            add[2] += 1
        else:
            return None
    if not meld_is_valid(rules, n + add[0], two + jk + add[1] + add[2]):
        return None
    return add[0], add[1], add[2]
