"""The successors: :func:`apply`, and the next state built from the rules decision's work copy
(:func:`successor`) or, for the common actions the cached legal list accepted, directly.

Each direct successor (``_fast_*``) builds exactly what :func:`successor` builds from
:func:`~canasta_caliente.engine.decision.evaluate`'s work copy, for the cases where the action
has no effect beyond the obvious one; it returns ``None`` for any other case, which then takes
the general path (:func:`apply_general`). Only actions the cached legal list accepted come
there, so legality is settled. The draw, discard, meld and take build their new state with
``make_state(make_table(...))`` written out rather than through :func:`_next_state` and
:func:`_replaced`: the two calls cost half a percent of every decision (measured with
``benchmarks/instructions.py``).

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

from typing import TypeVar

from ..actions import Action
from ..cards import ACE, CAL, I_JOKER, I_TWO, JOKER, NUM_KINDS, R3, TWO, counts_from_cards
from ..errors import IllegalActionError
from ..rules.facts import rule_facts
from ..state.game import (
    NO_WAITING,
    GameState,
    HandEnd,
    SideTable,
    Table,
    Turn,
    make_side,
    make_state,
    make_table,
    make_turn,
)
from .deal import deal, end_hand, shuffled_deck
from .decision import as_action, check_state, evaluate, partner
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


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after ``action`` (an :class:`Action` or its notation); ``state`` is unchanged.

    Raises :class:`~canasta_caliente.IllegalActionError` saying why an illegal action is
    refused, and :class:`TypeError` if ``state`` is not a :class:`~canasta_caliente.GameState`
    (a seat's view, say) or ``action`` neither an :class:`Action` nor a string.
    """
    try:
        legal = state._legal
    except AttributeError:
        check_state(state)  # not a GameState: a TypeError naming it
        raise
    if legal is not None:
        # Listed actions are interned, so identity settles membership at once.
        for candidate in legal:
            if candidate is action:
                # The cached list accepted it: TURN-0 has been decided, so build without the
                # search, directly for the common actions.
                verb = action.verb
                if verb is V_DISCARD:
                    following = _fast_discard(state, action)
                elif verb is V_DRAW:
                    following = _fast_draw(state, action)
                elif verb is V_MELD:
                    following = _fast_meld(state, action)
                elif verb is V_TAKE:
                    following = _fast_take(state, action)
                elif verb is V_ASK or verb is V_YES or verb is V_NO:
                    following = _fast_question(state, action)
                else:
                    following = None
                if following is not None:
                    return following
                return apply_general(state, action, turn0=False)
    check_state(state)
    if action.__class__ is not Action:
        action = as_action(action)
    if legal is not None and action in legal:
        # An equal action made elsewhere (parsed, say): the cached list settles it.
        return apply(state, legal[legal.index(action)])
    return apply_general(state, action)


def apply_general(state: GameState, action: Action, turn0: bool = True) -> GameState:
    """:func:`apply` without the direct successors (``_fast_*``): the general path, also for
    tests. ``turn0=False`` skips the TURN-0 search, for an action the cached list accepted."""
    result = evaluate(state, action, turn0=turn0)
    if isinstance(result, str):
        raise IllegalActionError(f"{action}: {result}")
    if result is None:  # pragma: no cover - evaluate builds unless told not to
        raise AssertionError("no work copy")
    return successor(state, action, result)


# ---------------------------------------------------------------------------------------------
# The general successor: the work copy frozen into the next state


def successor(state: GameState, action: Action, w: Work) -> GameState:
    """The state after ``action``, built from its work copy ``w`` (what
    :func:`~canasta_caliente.engine.decision.evaluate` returned for it): the next hand dealt
    after a ``deal``; otherwise the table changed, the turn passed after a discard, and the hand
    ended and scored if the action ended it."""
    rules = state.rules
    if state.over:
        number = state.hand_number + 1
        deck = shuffled_deck(rules, state.seed, number)
        return deal(rules, state.seed, number, state.scores, state.hand_results, deck)
    t = state.table
    hands = t.hands
    new_hand = tuple(w.hand)
    if new_hand != hands[w.seat]:
        hands = (*hands[: w.seat], new_hand, *hands[w.seat + 1:])
    side = t.sides[w.side]
    new_side = make_side(tuple(w.melds), w.stops, w.laid_out, w.calientes)
    sides = t.sides
    if new_side != side:
        sides = (*sides[: w.side], new_side, *sides[w.side + 1:])
    melded_seats = t.melded_seats
    if w.melded or w.touched:
        melded_seats |= 1 << w.seat
    verb = action.verb
    known = t.known
    if verb is V_TAKE:
        known = known_after(known, len(hands), w.seat, action.cards, t.pile[:-1])
    elif not known:
        pass  # nothing known: only a take changes that
    elif verb is V_MELD or verb is V_DISCARD:
        known = known_after(known, len(hands), w.seat, action.cards)
    elif verb is V_CALIENTE:
        known = known_after(known, len(hands), w.seat, (CAL,))
    turn_index = t.turn_index
    if w.ended is None and verb is V_DISCARD:
        turn_index = (turn_index + 1) % len(t.order)
        seat = t.order[turn_index]
        side_no = (rules._facts or rule_facts(rules)).side_of[seat]
        opened = sides[side_no].meld_count > 0
        turn = draw_turn(
            seat,
            0 if opened else state.rules.minimum_for(state.scores[side_no]),
            bool(melded_seats >> seat & 1),
        )
    else:
        turn = make_turn(
            phase=w.phase, player=w.player, need=w.need, started=w.started, melded=w.melded,
            points=w.points, waiting=w.waiting, question=w.question, touched=w.touched,
            created=w.created, had_melded=t.turn.had_melded,
        )
    table = make_table(t.deck, w.pos, hands, w.pile, sides, t.order, turn_index, turn,
                       melded_seats, known)
    if w.ended is not None:
        went_out = w.seat if w.ended is HandEnd.WENT_OUT else None
        return end_hand(state, table, w.ended, went_out)
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


# ---------------------------------------------------------------------------------------------
# Direct successors of the common legal actions


def _replaced(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced by ``item`` (as a list: see the module's
    note)."""
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def _next_state(state: GameState, table: Table) -> GameState:
    """The state of the same game and hand with ``table``."""
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


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
    hands = t.hands
    hand = list(hands[seat])
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
        rules = state.rules
        side_no = (rules._facts or rule_facts(rules)).side_of[seat]
        side = sides[side_no]
        sides = _replaced(sides, side_no, make_side(side.melds, side.stop_melds,
                                                    side.laid_out + bonus, side.caliente_played))
    else:
        for card in drawn:
            hand[card] += 1
    new_hands = list(hands)
    new_hands[seat] = tuple(hand)
    melded_seats = t.melded_seats
    interned = DRAW_TURNS.get((seat, turn.need, turn.had_melded))
    if interned is not None and interned[0] is turn:
        # An interned draw-phase turn holds only its player, need and had_melded: the turn
        # after a plain draw is interned with it.
        following = interned[1]
    else:
        following = make_turn(
            phase=P_PLAY, player=seat, need=turn.need, started=turn.started,
            melded=turn.melded, points=turn.points, waiting=turn.waiting,
            question=turn.question, touched=turn.touched, created=turn.created,
            had_melded=turn.had_melded)
        if turn.melded or turn.touched:
            melded_seats |= 1 << seat
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(deck, end, tuple(new_hands), t.pile, sides, t.order,
                                 t.turn_index, following, melded_seats, t.known),
                      state.hand_results)


def _with_turn(state: GameState, turn: Turn) -> GameState:
    """The state with only its turn changed (as :func:`_successor` builds it)."""
    t = state.table
    melded_seats = t.melded_seats
    if turn.melded or turn.touched:
        melded_seats |= 1 << t.order[t.turn_index]
    return _next_state(state, make_table(t.deck, t.stock_pos, t.hands, t.pile, t.sides, t.order,
                                         t.turn_index, turn, melded_seats, t.known))


def _fast_question(state: GameState, action: Action) -> GameState | None:
    """``ask``, ``yes`` and ``no`` (OUT-2): only the turn changes."""
    turn = state.table.turn
    if action.verb is V_ASK:
        asked = partner(state)
        if asked is None:  # pragma: no cover - a listed ask has a partner
            return None
        question, phase, player = Q_ASKED, P_ANSWER, asked
    else:
        question = Q_YES if action.verb is V_YES else Q_NO
        phase, player = P_PLAY, state.table.order[state.table.turn_index]
    return _with_turn(state, make_turn(
        phase=phase, player=player, need=turn.need, started=turn.started, melded=turn.melded,
        points=turn.points, waiting=turn.waiting, question=question, touched=turn.touched,
        created=turn.created, had_melded=turn.had_melded))


def _fast_discard(state: GameState, action: Action) -> GameState | None:
    """A discard that keeps a card: the turn passes (DISC-2)."""
    t = state.table
    turn = t.turn
    seat = turn.player
    hands = t.hands
    hand = list(hands[seat])
    card = action.cards[0]
    hand[card] -= 1
    if not any(hand):
        return None
    melded_seats = t.melded_seats
    if turn.melded or turn.touched:
        melded_seats |= 1 << seat
    order = t.order
    turn_index = t.turn_index + 1
    if turn_index == len(order):
        turn_index = 0
    following = order[turn_index]
    rules = state.rules
    side_no = (rules._facts or rule_facts(rules)).side_of[following]
    side = t.sides[side_no]
    need = 0 if side.stop_melds or side.melds != NO_MELDS else rules.minimum_for(
        state.scores[side_no])
    key = (following, need, melded_seats >> following & 1 == 1)
    interned = DRAW_TURNS.get(key)
    turn_next = interned[0] if interned is not None else draw_turn(*key)
    new_hands = list(hands)
    new_hands[seat] = tuple(hand)
    pile = t.pile + (card,)  # noqa: RUF005 - (joined: fewer steps than unpacking the pile)
    known = t.known
    if known and (n := (row := known[seat])[card]):
        # One known card of its kind off (known_after, written out for the common case; the
        # row and the rows changed as lists, fewer steps than joining slices).
        mine = list(row)
        mine[card] = n - 1
        rows = list(known)
        rows[seat] = tuple(mine)
        known = () if n == 1 and not any(mine) and not any(map(any, rows)) else tuple(rows)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, tuple(new_hands), pile, t.sides,
                                 order, turn_index, turn_next, melded_seats, known),
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
    hands = t.hands
    hand = list(hands[seat])
    hand[rank] -= naturals
    if twos:
        hand[I_TWO] -= twos
    if jokers:
        hand[I_JOKER] -= jokers
    if not any(hand):
        return None
    rules = state.rules
    side_no = (rules._facts or rule_facts(rules)).side_of[seat]
    sides, created = _grown(t, side_no, rank, naturals, twos, jokers, turn.created)
    need, started, points = turn.need, turn.started, turn.points
    if need > 0:
        # Toward the first-meld minimum (INIT-2, INIT-3); nothing waits to join the hand.
        values = state.rules.card_values
        value = naturals * values[rank] + twos * values[I_TWO] + jokers * values[I_JOKER]
        started = True
        points += value
        need = max(need - value, 0)
    following = make_turn(
        phase=P_PLAY, player=seat, need=need, started=started, melded=True, points=points,
        waiting=turn.waiting, question=turn.question, touched=turn.touched | 1 << rank,
        created=created, had_melded=turn.had_melded)
    new_hands = list(hands)
    new_hands[seat] = tuple(hand)
    known = t.known
    if known and ((row := known[seat])[rank] or (twos and row[I_TWO])
                  or (jokers and row[I_JOKER])):
        mine = list(row)
        mine[rank] = max(mine[rank] - naturals, 0)
        if twos:
            mine[I_TWO] = max(mine[I_TWO] - twos, 0)
        if jokers:
            mine[I_JOKER] = max(mine[I_JOKER] - jokers, 0)
        rows = list(known)
        rows[seat] = tuple(mine)
        known = () if not any(mine) and not any(map(any, rows)) else tuple(rows)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, tuple(new_hands), t.pile, sides, t.order,
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
    """A take of a pile without bonus cards that keeps a card (or leaves cards waiting)."""
    t = state.table
    turn = t.turn
    pile = t.pile
    if R3 in pile:
        return None
    seat = turn.player
    rules = state.rules
    side_no = (rules._facts or rule_facts(rules)).side_of[seat]
    side = t.sides[side_no]
    melds = side.melds
    if not side.stop_melds and melds == NO_MELDS:
        return _fast_first_take(state, action, side_no)
    up = pile[-1]
    hand = list(t.hands[seat])
    # The hand and what all know of it change together (known_after, written out so that one
    # loop over the pile serves both): a known card of each kind laid from hand off, never
    # below zero, then every pile card below the up card on.
    known = t.known
    mine = list(known[seat]) if known else [0] * NUM_KINDS
    cards = action.cards
    for card in cards:
        hand[card] -= 1
        if mine[card]:
            mine[card] -= 1
    for card in pile[:-1]:
        hand[card] += 1
        mine[card] += 1
    if not any(hand):
        return None
    rows = list(known) if known else [NO_WAITING] * len(t.hands)
    rows[seat] = tuple(mine)
    known = tuple(rows) if any(mine) or any(map(any, rows)) else ()
    sides, created = _grown(t, side_no, up, 1 + cards.count(up), cards.count(TWO),
                            cards.count(JOKER), turn.created)
    following = make_turn(
        phase=P_PLAY, player=seat, need=turn.need, started=turn.started, melded=turn.melded,
        points=turn.points, waiting=turn.waiting, question=turn.question,
        touched=turn.touched | 1 << up, created=created, had_melded=turn.had_melded)
    return _after_take(state, seat, tuple(hand), sides, following, known)


def _after_take(
    state: GameState, seat: int, hand: tuple[int, ...], sides: tuple[SideTable, ...],
    turn: Turn, known: tuple[tuple[int, ...], ...],
) -> GameState:
    """The state after a take by ``seat``: its new hand, the sides with the grown meld, the
    turn, the pile empty, and what is ``known`` of the hands (the pile cards below the up card
    now in its hand or waiting)."""
    t = state.table
    hands = list(t.hands)
    hands[seat] = hand
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, tuple(hands),
                                 (), sides, t.order, t.turn_index, turn,
                                 t.melded_seats | 1 << seat, known),
                      state.hand_results)


def _fast_first_take(state: GameState, action: Action, side_no: int) -> GameState | None:
    """A take before the side's first meld (INIT-4): the up card and two naturals of its rank
    from hand count toward the minimum; the rest of the pile waits, and joins the hand at
    once if the three cards meet it."""
    t = state.table
    turn = t.turn
    pile = t.pile
    up = pile[-1]
    if action.cards != (up, up):  # pragma: no cover - the only take listed before a meld
        return None
    seat = turn.player
    hand = list(t.hands[seat])
    hand[up] -= 2
    need, points = turn.need, turn.points
    joins = need <= 0
    if need > 0:
        value = 3 * state.rules.card_values[up]
        points += value
        need -= value
        if need <= 0:
            need = 0
            joins = True
    if joins:
        for card in pile[:-1]:
            hand[card] += 1
        waiting = NO_WAITING
    else:
        waiting = counts_from_cards(pile[:-1])
    if not any(hand) and not any(waiting):
        return None  # the last cards melded: going out
    sides, created = _grown(t, side_no, up, 3, 0, 0, turn.created)
    following = make_turn(
        phase=P_PLAY, player=seat, need=need, started=True, melded=turn.melded, points=points,
        waiting=waiting, question=turn.question, touched=turn.touched | 1 << up,
        created=created, had_melded=turn.had_melded)
    known = known_after(t.known, len(t.hands), seat, action.cards, pile[:-1])
    return _after_take(state, seat, tuple(hand), sides, following, known)
