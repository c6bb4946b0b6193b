"""The successors: :func:`apply`, and the next state built from the rules decision's work copy
(:func:`successor`) or, for the common actions the cached legal list accepted, directly.

Each direct successor (``_fast_*``) builds exactly what :func:`successor` builds from
:func:`~canasta_caliente.engine.decision.decide`'s work copy, for the cases where the action
has no effect beyond the obvious one; it returns ``None`` for any other case, which then takes
the general path (:func:`apply_general`). Only actions the cached legal list accepted come
there, so legality is settled. They share the general successor's helpers (the turn passed
after a discard, the seats that have melded, a grown meld, the known cards of
:func:`~canasta_caliente.engine.work.known_after`); the draw, discard and meld build their new
state with ``make_state(make_table(...))`` written out rather than through :func:`_next_state`
and :func:`_replaced`: the two calls cost half a percent of every decision (measured with
``benchmarks/instructions.py``). The play-phase turn each builds is ``make_turn`` with every
field by position, the changed ones in their places: a helper taking the changes by keyword,
with "unchanged" defaults, cost about 500 instructions a decision (its keywords, defaults and
tests; measured by callgrind).

A tuple with one item changed (a hand among the hands, a meld among a side's melds, a row of
known cards among the rows) is built as a list with the item set, then made a tuple::

    (*items[:i], new, *items[i + 1:])     two slices, a list, three joins, a tuple
    changed = list(items)                 one copy,
    changed[i] = new                      one item set,
    tuple(changed)                        a tuple

about 900 instructions less each, and a decision builds two or three of them: 2.2% of every
decision (also measured with ``benchmarks/instructions.py``). For the same reason a discard
joins the pile and its card with ``+`` rather than unpacking the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..actions import Action
from ..cards import ACE, CAL, I_JOKER, I_TWO, JOKER, R3, TWO, counts_from_cards
from ..errors import IllegalActionError
from ..rules.facts import meld_minimum
from ..state.builders import make_side, make_state, make_table, make_turn
from ..state.game import (
    NO_WAITING,
    GameState,
    HandEnd,
    SideTable,
    Table,
    Turn,
    refused_state,
)
from .checks import partner
from .deal import deal, end_hand, shuffled_deck
from .decision import as_action, decide
from .tables import (
    DRAW_TURNS,
    NO_MELDS,
    P_ANSWER,
    P_PLAY,
    Q_ASKED,
    Q_NO,
    Q_YES,
    V_ASK,
    V_CALIENTE,
    V_DISCARD,
    V_DRAW,
    V_MELD,
    V_NO,
    V_TAKE,
    V_YES,
    draw_turn,
)
from .work import Work, known_after

__all__ = ["apply", "apply_general", "successor"]

_T = TypeVar("_T")


# ---------------------------------------------------------------------------------------------
# The public entry point


def apply(state: object, action: object) -> GameState:
    """The state after ``action`` (an :class:`Action` or its notation); ``state`` is unchanged.

    Raises :class:`~canasta_caliente.IllegalActionError` saying why an illegal action is
    refused, and :class:`TypeError` if ``state`` is not a :class:`~canasta_caliente.GameState`
    (a seat's view, say) or ``action`` neither an :class:`Action` nor a string.
    """
    # (``object``, narrowed for the type checker and mypyc alone, the slot's read refusing
    # anything else: why, in legal_actions, which reads the state the same way)
    given = state  # (as given: compiled, a use of ``state`` below checks its type)
    if TYPE_CHECKING:
        assert isinstance(state, GameState)
    try:
        # (the state's slot that cache_legal writes: read at once)
        legal: tuple[Action, ...] | None = state._legal
    except (AttributeError, TypeError):
        raise refused_state(given) from None
    if legal is not None:
        # Listed actions are interned, so identity settles membership at once.
        for candidate in legal:
            if candidate is action:
                # The cached list accepted it: TURN-0 has been decided, so build without the
                # search, directly for the common actions.
                verb = candidate.verb
                if verb is V_DISCARD:
                    following = _fast_discard(state, candidate)
                elif verb is V_DRAW:
                    following = _fast_draw(state, candidate)
                elif verb is V_MELD:
                    following = _fast_meld(state, candidate)
                elif verb is V_TAKE:
                    following = _fast_take(state, candidate)
                elif verb is V_ASK or verb is V_YES or verb is V_NO:
                    following = _fast_question(state, candidate)
                else:
                    following = None
                if following is not None:
                    return following
                return apply_general(state, candidate, turn0=False)
    chosen = action if action.__class__ is Action else as_action(action)
    if legal is not None and chosen in legal:
        # An equal action made elsewhere (parsed, say): the cached list settles it.
        return apply(state, legal[legal.index(chosen)])
    return apply_general(state, chosen)


def apply_general(state: GameState, action: Action, turn0: bool = True) -> GameState:
    """:func:`apply` without the direct successors (``_fast_*``): the general path, also for
    tests. ``turn0=False`` skips the TURN-0 search, for an action the cached list accepted."""
    result = decide(state, action, turn0=turn0)
    if isinstance(result, str):
        raise IllegalActionError(f"{action}: {result}", reason=result)
    if result is None:  # pragma: no cover - decide builds unless told not to
        raise AssertionError("no work copy")
    return successor(state, action, result)


# ---------------------------------------------------------------------------------------------
# The general successor: the work copy frozen into the next state


def successor(state: GameState, action: Action, w: Work) -> GameState:
    """The state after ``action``, built from its work copy ``w`` (what
    :func:`~canasta_caliente.engine.decision.decide` returned for it): the next hand dealt
    after a ``deal``; otherwise the table changed, the turn passed after a discard, and the hand
    ended and scored if the action ended it."""
    rules = state.rules
    if state.over:
        number = state.hand_number + 1
        deck = shuffled_deck(rules, state.seed, number)
        return deal(rules, state.seed, number, state.scores, state.hand_results, deck)
    t = state.table
    seat = w.seat
    hands = t.hands
    new_hand = tuple(w.hand)
    if new_hand != hands[seat]:
        hands = _replaced(hands, seat, new_hand)
    side = t.sides[w.side]
    new_side = make_side(tuple(w.melds), w.stops, w.laid_out, w.calientes)
    sides = t.sides
    if new_side != side:
        sides = _replaced(sides, w.side, new_side)
    melded_seats = _melded_seats(t, w, seat)
    verb = action.verb
    known = t.known
    if verb is V_TAKE:
        known = known_after(known, len(hands), seat, action.cards, t.pile[:-1])
    elif verb is V_MELD or verb is V_DISCARD:
        known = known_after(known, len(hands), seat, action.cards)
    elif verb is V_CALIENTE:
        known = known_after(known, len(hands), seat, (CAL,))
    turn_index = t.turn_index
    if w.ended is None and verb is V_DISCARD:
        turn_index, turn = _turn_passed(state, sides, melded_seats)
    else:
        turn = make_turn(
            phase=w.phase, player=w.player, need=w.need, started=w.started, melded=w.melded,
            points=w.points, waiting=w.waiting, question=w.question, touched=w.touched,
            created=w.created, had_melded=t.turn.had_melded,
        )
    table = make_table(t.deck, w.pos, hands, w.pile, sides, t.order, turn_index, turn,
                       melded_seats, known)
    if w.ended is not None:
        went_out = seat if w.ended is HandEnd.WENT_OUT else None
        return end_hand(state, table, w.ended, went_out)
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


# ---------------------------------------------------------------------------------------------
# What the general successor and the direct ones share


def _replaced(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced by ``item`` (as a list: see the module's
    note)."""
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def _melded_seats(t: Table, turn: Turn | Work, seat: int) -> int:
    """The table's mask of seats that have melded a card this hand, with ``seat`` once its turn
    (``turn``: the turn, or the work copy after the action) has melded (OUT-3's
    ``had_melded``)."""
    if turn.melded or turn.touched:
        return t.melded_seats | 1 << seat
    return t.melded_seats


def _turn_passed(
    state: GameState, sides: tuple[SideTable, ...], melded_seats: int
) -> tuple[int, Turn]:
    """After a discard that keeps a card: the next turn index and its player's turn at its
    start, owing the first-meld minimum (INIT-1) while the player's side (on ``sides``) has not
    melded."""
    t = state.table
    turn_index = t.turn_index + 1
    if turn_index == len(t.order):
        turn_index = 0
    seat = t.order[turn_index]
    rules = state.rules
    side_no = rules.facts.side_of[seat]
    side = sides[side_no]
    need = 0 if side.stop_melds or side.melds != NO_MELDS else meld_minimum(
        rules, state.scores[side_no])
    had_melded = melded_seats >> seat & 1
    try:  # (draw_turn's table read at once: one call less a discard)
        interned = DRAW_TURNS[seat][had_melded].get(need)
    except IndexError:  # a seat whose turn was never interned
        interned = None
    return turn_index, (interned[0] if interned is not None
                        else draw_turn(seat, need, had_melded == 1))


def _next_state(state: GameState, table: Table) -> GameState:
    """The state of the same game and hand with ``table``."""
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


# ---------------------------------------------------------------------------------------------
# Direct successors of the common legal actions: the general successor, specialised


def _fast_draw(state: GameState, action: Action) -> GameState | None:
    """A draw that leaves the stock not empty; bonus cards drawn are laid out and replaced
    (TURN-3)."""
    t = state.table
    pos = t.stock_pos
    end = pos + state.rules.draw_count
    deck = t.deck
    if end >= len(deck):
        return None
    turn = t.turn
    seat = turn.player
    hand = list(t.hands[seat])
    sides = t.sides
    if end == pos + 1 and deck[pos] is not R3:
        hand[deck[pos]] += 1  # (one card, not a bonus card: the usual draw)
    elif R3 in (drawn := deck[pos:end]):
        size = len(deck)
        wanted = end - pos
        bonus = 0
        end = pos
        while wanted:
            card = deck[end]
            end += 1
            if end == size:
                return None  # the last card: END-1 or END-3 may end the hand
            if card is R3:
                bonus += 1
            else:
                hand[card] += 1
                wanted -= 1
        side_no = state.rules.facts.side_of[seat]
        side = sides[side_no]
        sides = _replaced(sides, side_no, make_side(side.melds, side.stop_melds,
                                                    side.laid_out + bonus, side.caliente_played))
    else:
        for card in drawn:
            hand[card] += 1
    # An interned draw-phase turn holds only its player, need and had_melded: the turn after a
    # plain draw is interned with it.
    try:
        interned = DRAW_TURNS[seat][turn.had_melded].get(turn.need)
    except IndexError:  # a seat whose turn was never interned
        interned = None
    if interned is not None and interned[0] is turn:
        following, melded_seats = interned[1], t.melded_seats  # (nothing melded yet)
    else:
        following = make_turn(P_PLAY, seat, turn.need, turn.started, turn.melded, turn.points,
                              turn.waiting, turn.question, turn.touched, turn.created,
                              turn.had_melded)
        melded_seats = _melded_seats(t, turn, seat)
    hands = list(t.hands)
    hands[seat] = tuple(hand)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(deck, end, tuple(hands), t.pile, sides, t.order, t.turn_index,
                                 following, melded_seats, t.known),
                      state.hand_results)


def _fast_question(state: GameState, action: Action) -> GameState | None:
    """``ask``, ``yes`` and ``no`` (OUT-2): only the turn changes."""
    t = state.table
    turn = t.turn
    if action.verb is V_ASK:
        asked = partner(state)
        if asked is None:  # pragma: no cover - a listed ask has a partner
            return None
        question, phase, player = Q_ASKED, P_ANSWER, asked
    else:
        question = Q_YES if action.verb is V_YES else Q_NO
        phase, player = P_PLAY, t.order[t.turn_index]
    following = make_turn(phase, player, turn.need, turn.started, turn.melded, turn.points,
                          turn.waiting, question, turn.touched, turn.created, turn.had_melded)
    return _next_state(state, make_table(
        t.deck, t.stock_pos, t.hands, t.pile, t.sides, t.order, t.turn_index, following,
        _melded_seats(t, following, t.order[t.turn_index]), t.known))


def _fast_discard(state: GameState, action: Action) -> GameState | None:
    """A discard that keeps a card: the turn passes (DISC-2)."""
    t = state.table
    turn = t.turn
    seat = turn.player
    hand = list(t.hands[seat])
    card = action.cards[0]
    hand[card] -= 1
    if not any(hand):
        return None
    melded_seats = t.melded_seats
    if turn.melded or turn.touched:  # (_melded_seats written out: one call less a discard)
        melded_seats |= 1 << seat
    turn_index, following = _turn_passed(state, t.sides, melded_seats)
    known = t.known
    if known and known[seat][card]:  # (known_after's own first test, without the call)
        known = known_after(known, len(t.hands), seat, action.cards)
    hands = list(t.hands)
    hands[seat] = tuple(hand)
    pile = t.pile + (card,)  # noqa: RUF005 - (joined: fewer steps than unpacking the pile)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, tuple(hands), pile, t.sides, t.order,
                                 turn_index, following, melded_seats, known),
                      state.hand_results)


def _fast_meld(state: GameState, action: Action) -> GameState | None:
    """A meld of a natural rank that keeps a card, with no pile cards waiting (INIT-4)."""
    t = state.table
    turn = t.turn
    if turn.waiting is not NO_WAITING and any(turn.waiting):
        return None
    cards = action.cards
    on = action.on
    kind = cards[0] if on is None else on
    if kind > ACE:
        return None  # a stop meld
    rank = int(kind)
    twos = cards.count(TWO)
    jokers = cards.count(JOKER)
    naturals = len(cards) - twos - jokers
    seat = turn.player
    hand = list(t.hands[seat])
    hand[rank] -= naturals
    if twos:
        hand[I_TWO] -= twos
    if jokers:
        hand[I_JOKER] -= jokers
    if not any(hand):
        return None
    side_no = state.rules.facts.side_of[seat]
    sides, created = _grown(t, side_no, rank, naturals, twos, jokers, turn.created)
    need, started, points = turn.need, turn.started, turn.points
    if need > 0:
        # Toward the first-meld minimum (INIT-2, INIT-3); nothing waits to join the hand.
        values = state.rules.card_values
        value = naturals * values[rank] + twos * values[I_TWO] + jokers * values[I_JOKER]
        started = True
        points += value
        need = max(need - value, 0)
    following = make_turn(P_PLAY, seat, need, started, True, points, turn.waiting,
                          turn.question, turn.touched | 1 << rank, created, turn.had_melded)
    known = t.known
    if known and ((row := known[seat])[rank] or (twos and row[I_TWO])
                  or (jokers and row[I_JOKER])):  # (known_after's own first test, as a meld's)
        known = known_after(known, len(t.hands), seat, cards)
    hands = list(t.hands)
    hands[seat] = tuple(hand)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, tuple(hands), t.pile, sides, t.order,
                                 t.turn_index, following, t.melded_seats | 1 << seat, known),
                      state.hand_results)


def _grown(
    t: Table, side_no: int, rank: int, naturals: int, twos: int, jokers: int, created: int
) -> tuple[tuple[SideTable, ...], int]:
    """The sides once the side's meld of ``rank`` has grown by these cards (or been made of
    them), and the turn's mask of melds made (OUT-3) with it."""
    side = t.sides[side_no]
    melds = side.melds
    meld = melds[rank]
    if meld is None:
        meld = (0, 0, 0)
        created |= 1 << rank
    new_melds = list(melds)
    new_melds[rank] = (meld[0] + naturals, meld[1] + twos, meld[2] + jokers)
    new_side = make_side(tuple(new_melds), side.stop_melds, side.laid_out, side.caliente_played)
    return _replaced(t.sides, side_no, new_side), created


def _fast_take(state: GameState, action: Action) -> GameState | None:
    """A take of a pile without bonus cards that keeps a card (or leaves cards waiting); before
    the side's first meld (INIT-4) the up card and two naturals of its rank from hand count
    toward the minimum, and the rest of the pile waits unless the three cards meet it."""
    t = state.table
    turn = t.turn
    pile = t.pile
    if R3 in pile:
        return None
    seat = turn.player
    side_no = state.rules.facts.side_of[seat]
    side = t.sides[side_no]
    first = not side.stop_melds and side.melds == NO_MELDS
    up = pile[-1]
    cards = action.cards
    hand = list(t.hands[seat])
    for card in cards:
        hand[card] -= 1
    need, points, waiting = turn.need, turn.points, turn.waiting
    joins = True
    if first and need > 0:
        value = 3 * state.rules.card_values[up]
        points += value
        need -= value
        if need <= 0:
            need = 0
        else:
            joins = False
    if joins:
        for card in pile[:-1]:
            hand[card] += 1
    else:
        waiting = counts_from_cards(pile[:-1])
    if not any(hand) and not any(waiting):
        return None  # the last cards melded: going out
    sides, created = _grown(t, side_no, up, 1 + cards.count(up), cards.count(TWO),
                            cards.count(JOKER), turn.created)
    following = make_turn(P_PLAY, seat, need, turn.started or first, turn.melded, points,
                          waiting, turn.question, turn.touched | 1 << up, created,
                          turn.had_melded)
    known = known_after(t.known, len(t.hands), seat, cards, pile[:-1])
    return _next_state(state, make_table(
        t.deck, t.stock_pos, _replaced(t.hands, seat, tuple(hand)), (), sides, t.order,
        t.turn_index, following, t.melded_seats | 1 << seat, known))
