"""The listing: :func:`legal_actions`, exact and in the documented order.

The common states are listed directly, in order, asking the named checks of
:mod:`canasta_caliente.engine.checks` that the rules decision
(:func:`~canasta_caliente.engine.decision.decide`) asks too, with TURN-0 decided by the
finishing search's quick answers; a candidate those cannot settle goes through ``decide``
itself. Every other state
lists its :func:`candidates` (a superset of the legal actions) through ``decide``, sorted. The
routing is drawn as a table in :mod:`canasta_caliente.engine`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import gt
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import (
    B3,
    I_B3,
    I_CAL,
    I_JOKER,
    I_R3,
    I_TWO,
    JOKER,
    NUM_KINDS,
    R3,
    TWO,
)
from ..rules.facts import RuleFacts
from ..state.game import (
    NO_WAITING,
    GameState,
    MeldCounts,
    SideTable,
    Turn,
    cache_legal,
    refused_state,
)
from .checks import (
    TAKABLE,
    Context,
    ask_refusal,
    context,
    first_meld_short,
    is_bound,
    needs_concealed,
    take_refusal,
)
from .decision import accepts
from .solver import (
    cards_within,
    go_out_after_meld,
    go_out_possible,
    going_out_discards,
    most_points,
    too_few_wilds_for,
)
from .tables import (
    A_ASK,
    A_CALIENTE,
    A_DRAW,
    A_PASS,
    A_TAKE,
    CARDS,
    DISCARDS,
    MELDED,
    ONLY_DRAW,
    P_ANSWER,
    P_DRAW,
    Q_NO,
    Q_NONE,
    RANKS,
    SORT_KEYS,
    STOP_MELDS,
    TAKE_JOKER,
    TAKE_PAIR,
    TAKE_TWO,
    V_ASK,
    V_CALIENTE,
    V_DEAL,
    V_DISCARD,
    V_DRAW,
    V_MELD,
    V_NO,
    V_PASS,
    V_TAKE,
    V_YES,
    YES_NO,
    MeldOption,
    act,
    rank_entry,
    rank_table,
    valid_melds,
)

__all__ = ["candidates", "legal_actions"]

BOUND = -1
"""The ``keep`` of a player bound to go out (OUT-2, MELD-5), where ``keep`` is the most cards a
meld may use and still leave a card to discard: none, since no discard may keep a card. (The
same value as the ``keep`` of an unbound player holding one card, for the same reason: a meld
of any card leaves nothing to discard. See :func:`_plain_play_actions`.)"""


# ---------------------------------------------------------------------------------------------
# The entry point: the routing (see the table in canasta_caliente.engine)


def legal_actions(state: object) -> tuple[Action, ...]:
    """The actions legal now, exact; empty only when the game is over.

    Everything listed applies and everything else is refused (RULES: TURN-0). The order is
    deterministic: by verb (``draw``, ``take``, ``caliente``, ``pass``, ``meld``, ``discard``,
    ``ask``, ``yes``, ``no``, ``deal``), then by the cards in canonical order (naturals 4 to A,
    then ``2``, ``JK``, ``B3``), then by the ``on`` rank. The result is cached on the state,
    which it never changes.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> [str(a) for a in cc.legal_actions(state)]
    ['draw']

    Raises :class:`TypeError` if ``state`` is not a :class:`~canasta_caliente.GameState` (a
    seat's view, say).
    """
    # ``object``, not ``GameState``: compiled by mypyc, a parameter typed GameState would be
    # checked on entry and refused with mypyc's words rather than the library's. The type
    # checker reads the assert (and mypyc the type it gives); no run time runs it: reading the
    # slot refuses anything else, as an AttributeError in pure Python and a TypeError compiled
    # (an isinstance test would cost every decision 0.3% in pure Python).
    given = state  # (as given: compiled, a use of ``state`` below checks its type)
    if TYPE_CHECKING:
        assert isinstance(state, GameState)
    try:
        # (the state's slot that cache_legal writes: read at once)
        legal: tuple[Action, ...] | None = state._legal
    except (AttributeError, TypeError):
        raise refused_state(given) from None
    if legal is not None:
        return legal
    # The common states are listed directly, in order: the draw phase, and the play phase
    # (see _plain_play_actions for which), asking the checks; a candidate whose TURN-0 they
    # cannot settle goes through decide. Every other state lists candidates through decide,
    # sorted.
    found: list[Action] | None = None
    ctx: Context | None = None
    if not state.over:
        t = state.table
        turn = t.turn
        phase = turn.phase
        if phase is P_DRAW:
            # Draw (always legal while the stock is not empty), the takes, caliente, and pass
            # (only when the stock is empty, END-2).
            hand = t.hands[turn.player]
            pile = t.pile
            stock = t.stock_pos < len(t.deck)
            # (up_card_refusal's fact, PILE-2)
            takable = bool(pile) and (up := pile[-1]) in TAKABLE
            if takable and (have := hand[up]) < 2 and not (
                    have and (hand[I_TWO] or hand[I_JOKER])) and t.sides[
                    state.rules.facts.side_of[turn.player]].melds[up] is None:
                # No take to ask the checks of: no pair of naturals to take the up card with,
                # no natural and a wild, no meld to lay it off on (the candidates of
                # _list_takes), found before the context, which most draws then never need.
                takable = False
            if stock and not takable and not hand[I_CAL]:
                legal = ONLY_DRAW
            else:
                ctx = context(state)
                found = [A_DRAW] if stock else []
                if takable:
                    _list_takes(ctx, found)
                if hand[I_CAL] and accepts(state, A_CALIENTE, ctx):
                    found.append(A_CALIENTE)
                if not stock:
                    found.append(A_PASS)
        elif phase is P_ANSWER:
            legal = YES_NO
        else:
            # (The checks' context is made only where a check needs it: most play-phase states
            # are listed from the hand, the melds and the turn alone.)
            facts = state.rules.facts
            side = t.sides[facts.side_of[turn.player]]
            try:
                if facts.asks_first and needs_concealed(ctx := context(state), Q_NONE):
                    pass  # READ-4 "required": going out may need concealment; all evaluated
                elif turn.waiting is NO_WAITING or not any(turn.waiting):
                    if turn.question is not Q_NO or not side.stop_melds:
                        found = _plain_play_actions(state, turn, facts, side, ctx)
                elif (turn.question is Q_NONE and turn.started and turn.need > 0
                        and not side.stop_melds):
                    found = _plain_play_actions(state, turn, facts, side, ctx)
            except IndexError:
                # The listing's meld tables (rank_table) hold as many of a kind as the deck: a
                # hand of a state a caller built with more is listed by the general path.
                if not any(map(gt, t.hands[turn.player], state.rules.deck_counts)):
                    raise
                found = None
    if legal is None:
        if found is None:
            found = _accepted(state, candidates(state), ctx)
            found.sort(key=SORT_KEYS.__getitem__)
        legal = tuple(found)
    cache_legal(state, legal)
    return legal


def _accepted(state: GameState, actions: Iterable[Action], ctx: Context | None) -> list[Action]:
    """The ``actions`` the rules decision accepts in ``state``, in their order.

    (A function of its own, not a comprehension inside :func:`legal_actions` or
    :func:`_plain_play_actions`: a comprehension reading ``state`` and ``ctx`` makes both
    variables cells of the enclosing function, allocated at every call of it, even where the
    comprehension never runs, and read through the cell at every use; about 830 machine
    instructions a decision, 1.4% of random play, measured with
    ``benchmarks/instructions.py --hands 120``.)"""
    return [action for action in actions if accepts(state, action, ctx)]


# ---------------------------------------------------------------------------------------------
# The draw phase: the takes of a natural up card


def _list_takes(ctx: Context, out: list[Action]) -> None:
    """Append the legal takes of a natural up card that the hand holds or the side has melded,
    in order.

    A take is legal if :func:`~canasta_caliente.engine.checks.take_refusal` allows it, the
    meld it makes obeys MELD-2 (the caps of the rules' facts) and TURN-0 holds: at once for a
    side that has melded where the take keeps two cards, by :func:`_first_take_finishes` for a
    side's first meld (INIT-4); anything else is evaluated."""
    pile = ctx.state.table.pile
    up = pile[-1]
    hand = ctx.hand
    have = hand[up]
    meld = ctx.melds[up]  # (a meld to lay the up card off on, or a natural: see legal_actions)
    state = ctx.state
    caps = ctx.facts.caps
    if meld is None:
        n0 = w0 = 0
    else:
        n0, w0 = meld[0], meld[1] + meld[2]
    # Cards held after the take, before the cards it melds from hand leave: bonus cards of the
    # pile are laid out (replaced ones only add cards, or end the hand).
    after = sum(hand) + len(pile) - 1 - pile.count(R3)
    if meld is not None and take_refusal(ctx, None) is None and (
            (w0 <= caps[n0 + 1] and after >= 2) or accepts(state, A_TAKE, ctx)):
        out.append(A_TAKE)
    if have >= 2 and take_refusal(ctx, 2, 0) is None:
        action = TAKE_PAIR[up]
        if not ctx.opened:
            if _first_take_finishes(ctx):
                out.append(action)
        elif (w0 <= caps[n0 + 3] and after >= 4) or accepts(state, action, ctx):
            out.append(action)
    if have and (hand[I_TWO] or hand[I_JOKER]) and take_refusal(ctx, 1, 1) is None:
        for wild, table in ((I_TWO, TAKE_TWO), (I_JOKER, TAKE_JOKER)):
            if hand[wild]:
                action = table[up]
                if (w0 + 1 <= caps[n0 + 2] and after >= 4) or accepts(state, action, ctx):
                    out.append(action)


def _first_take_finishes(ctx: Context) -> bool:
    """TURN-0 for a take with two naturals before the side's first meld (INIT-4).

    The minimum counts the three-card meld and melds from hand only: if all the hand could ever
    meld (most_points, as in _plain_play_actions) cannot make up the rest, the take leaves the
    player stranded short of it (INIT-3), so TURN-0 refuses it without the search. The take is
    legal outright if, after it, the hand can meld the rest of the minimum and still keep a card
    to discard once the waiting cards (bonus cards aside) have joined it: the test of _meld_ok
    for a state with cards waiting. Anything else is evaluated."""
    rules = ctx.rules
    pile = ctx.state.table.pile
    up = pile[-1]
    values = rules.card_values
    rest = list(ctx.hand)
    rest[up] -= 2
    rest_hand = tuple(rest)
    need = ctx.turn.need - 3 * values[up]
    if rest[I_B3] * values[I_B3] + most_points(rules, rest_hand, MELDED[up]) < need:
        return False
    keep = sum(rest_hand) + len(pile) - 1 - pile.count(R3) - 2
    return (cards_within(rules, rest_hand, MELDED[up], need, keep)
            or accepts(ctx.state, TAKE_PAIR[up], ctx))


# ---------------------------------------------------------------------------------------------
# The play phase


def _plain_play_actions(state: GameState, turn: Turn, info: RuleFacts, side: SideTable,
                        ctx: Context | None) -> list[Action]:
    """The legal actions of a play-phase state, in order: with no pile cards waiting (INIT-4)
    and, after a "no", no stop meld; or with pile cards waiting, the first meld started short of
    the minimum, no question asked and no stop meld.

    ``turn`` is the state's turn, ``info`` its rules' facts and ``side`` the side of the
    player (as :func:`legal_actions` has them); ``ctx`` the state's context if made already (it
    is made here only where a check needs it).

    Unbound (no "yes" answered, no stop meld: :func:`~canasta_caliente.engine.checks.is_bound`),
    by the checks the decision
    asks (:mod:`~canasta_caliente.engine.checks`): a meld that obeys MELD-1 to MELD-3, meets
    any first-meld minimum and leaves two cards is legal outright (TURN-0 holds: a discard
    remains), and so is any discard that keeps a card, unless a first meld has been started
    short of its minimum (INIT-3, :func:`~canasta_caliente.engine.checks.first_meld_short`). A
    meld short of the minimum is legal if the fewest further cards worth the rest leave a card
    to discard (the search of :func:`can_finish`). Bound to go out (OUT-2, MELD-5), no discard
    keeps a card and every meld must keep going out possible, which
    :func:`~canasta_caliente.engine.solver.go_out_possible` decides directly. A meld of the last
    cards,
    and whatever else the checks cannot settle, goes through the rules decision
    (:func:`~canasta_caliente.engine.decision.decide`).

    With pile cards waiting (INIT-4), the melds are those from hand, and the waiting cards
    (bonus cards aside: laid out, or replaced by a card or the hand's end) join the hand once the
    minimum is met, so a meld may use that many more cards and still leave one to discard.
    There, and after a "no" (no going out this turn, OUT-2), what only going out could finish,
    stop melds and the question go through :func:`~canasta_caliente.engine.decision.decide`.
    """
    rules = state.rules
    hand = state.table.hands[turn.player]
    bound = is_bound(turn.question, side.stop_melds)
    need = turn.need
    held = sum(hand)
    keep = BOUND if bound else held - 2
    waiting = turn.waiting
    if waiting is not NO_WAITING and any(waiting):
        keep += sum(waiting) - waiting[I_R3]  # (never bound here: see legal_actions)
        decide = True
    else:
        # After a "no" (OUT-2) the player may not go out: what only going out could finish
        # is left to the decision function too.
        decide = turn.question is Q_NO
    out: list[Action] = []
    wild_out: list[Action] = []
    wild_ranks = 0
    twos, jokers = hand[I_TWO], hand[I_JOKER]
    wilds = twos + jokers
    melds = side.melds
    # (rank_table's entry read at once; the tables hold as many of a kind as the deck: see
    # legal_actions for a state a caller built with more)
    by_rank = info.rank_melds[twos][jokers] or rank_table(info, twos, jokers)
    short = info.new_meld_wilds
    # The ranks with cards in hand; with wilds in hand, every rank (a melded one without
    # cards in hand may take wilds alone).
    ranks: Iterable[int] = RANKS if wilds else compress(RANKS, hand)
    if need > 0 and most_points(rules, hand, melds) + hand[I_B3] * rules.card_values[I_B3] < need:
        # INIT-3: all the cards that could ever be melded are worth less than the minimum, so
        # no meld can be followed by a discard, nor by going out (which meets the minimum
        # too): no meld action, and no question, is legal.
        ranks = ()
        melds_possible = False
    else:
        melds_possible = True
    singles = pairs = 0  # ranks with no meld held once, twice (for the ask below)
    exits: list[int | None] | None = None  # the last discards of going out, once needed
    for rank in ranks:
        have = hand[rank]
        meld = melds[rank]
        if meld is None and have < 3:
            if not have:
                continue
            if have == 1:
                singles += 1
            else:
                pairs += 1
            if wilds < short[have]:
                continue  # too few wilds for a new meld (MELD-1, MELD-2): no option
        by_meld = by_rank[rank][have]  # (rank_melds written out: one call less a rank)
        found = by_meld.get(meld) if by_meld is not None else None
        if found is None:
            found = rank_entry(rules, info, rank, have, meld, twos, jokers)
        if found.most <= keep and found.least >= need:
            # Every option meets any minimum and leaves a card to discard.
            out += found.natural_actions
            if found.wild_actions:
                wild_out += found.wild_actions
                wild_ranks += 1
            continue
        if keep < 0 and need <= 0 and exits is None:
            # Bound to go out: every meld is decided by the ways of going out from the whole
            # hand (see _bound_meld_ok), found once.
            exits = going_out_discards(rules, hand, melds)
        for options, into in ((found.natural_options, out), (found.wild_options, wild_out)):
            for option in options:
                if (_bound_meld_ok(state, hand, melds, option, held, exits)
                        if exits is not None
                        else _meld_ok(state, hand, melds, option, keep, decide)):
                    into.append(option.action)
        if found.wild_options:
            wild_ranks += 1
    if wild_out:
        if wild_ranks > 1:
            wild_out.sort(key=SORT_KEYS.__getitem__)
        out.extend(wild_out)
    stops = hand[I_B3]
    if stops >= 3 and melds_possible:
        # A stop meld binds the player to go out this turn (MELD-5).
        for action in STOP_MELDS[: 1 if stops == 3 else 2]:
            rest = list(hand)
            rest[I_B3] -= len(action.cards)
            rest_hand = tuple(rest)
            if decide:
                if accepts(state, action, ctx):
                    out.append(action)
            # Going out must follow at once: first the counting refusal of go_out_possible (the
            # ranks' singles and pairs are the hand's, the stop cards aside), which settles
            # most of these.
            elif (not too_few_wilds_for(info.caps, rest_hand, singles, pairs)
                    and _may_go_out_with(state, action, rest_hand, melds)):
                out.append(action)
    if held == 1:
        out += _accepted(state, compress(DISCARDS, hand), ctx)
    elif not bound and not first_meld_short(turn):
        # Every discard that keeps a card: discard_refusal's facts (INIT-3, OUT-2) allow it,
        # and no hand holds a bonus card (DISC-1).
        out.extend(compress(DISCARDS, hand))
    # The question: ask_refusal's rules, then TURN-0 for both answers (going out must be
    # possible, and so must finishing without going out).
    if decide:
        if (melds_possible and ask_refusal(ctx := ctx or context(state)) is None
                and accepts(state, A_ASK, ctx)):
            out.append(A_ASK)
    elif (melds_possible
            # (the usual refusal of too_few_wilds_for first, without the call)
            and 2 * singles + pairs - 2 <= wilds
            and not too_few_wilds_for(info.caps, hand, singles, pairs)
            and ask_refusal(ctx := ctx or context(state)) is None
            and go_out_possible(rules, hand, melds, need)
            # ... and finishing without going out (ask_turn0_refusal, for a state with no
            # cards waiting).
            and (held >= 2 if need <= 0 or not turn.started
                 else cards_within(rules, hand, melds, need, held - 2))):
        out.append(A_ASK)
    return out


def _meld_ok(state: GameState, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...],
             option: MeldOption, keep: int, decide: bool = False) -> bool:
    """Is a meld that obeys MELD-1 to MELD-3 legal (see :func:`_plain_play_actions`), from
    ``hand`` (the player's) onto ``melds`` (the side's)?

    ``keep`` is the most cards a meld may use and still leave a card to discard (:data:`BOUND`
    when bound to go out); ``decide`` leaves what only going out could finish to the rules
    decision (pile cards waiting under INIT-4, or a "no" answered)."""
    need = state.table.turn.need
    used, value = option.used, option.value
    if used <= keep and value >= need:
        return True
    action, rank, naturals = option.action, option.rank, option.naturals
    twos, jokers = option.twos, option.jokers
    rest = list(hand)
    rest[rank] -= naturals
    rest[I_TWO] -= twos
    rest[I_JOKER] -= jokers
    meld = melds[rank]
    n0, t0, j0 = meld if meld is not None else (0, 0, 0)
    grown = list(melds)  # (as a list: see successors' note on tuples with an item replaced)
    grown[rank] = (n0 + naturals, t0 + twos, j0 + jokers)
    after = tuple(grown)
    rest_hand = tuple(rest)
    # INIT-3: the rest of the minimum from the cards left, keeping one to discard.
    if used <= keep and cards_within(state.rules, rest_hand, after, need - value, keep - used):
        return True
    if decide:
        return accepts(state, action)
    return _may_go_out_with(state, action, rest_hand, after)


def _bound_meld_ok(state: GameState, hand: tuple[int, ...],
                   melds: tuple[MeldCounts | None, ...], option: MeldOption, held: int,
                   exits: list[int | None]) -> bool:
    """:func:`_meld_ok` for a player bound to go out with no minimum pending, given ``exits``,
    the last discards with which the whole hand can go out (``going_out_discards``): a meld
    that keeps a card is legal exactly when going out stays possible after it, which
    :func:`~canasta_caliente.engine.solver.go_out_after_meld` decides from those. A meld of the last
    cards is decided by :func:`_meld_ok` (going out at once)."""
    if option.used >= held:
        return _meld_ok(state, hand, melds, option, BOUND)
    return go_out_after_meld(state.rules, hand, melds, exits, option.rank,
                             option.naturals, option.twos, option.jokers)


def _may_go_out_with(
    state: GameState, action: Action, rest: tuple[int, ...],
    melds: tuple[MeldCounts | None, ...],
) -> bool:
    """Is a meld legal that leaves ``rest`` in hand and ``melds`` on the table, in a state with
    no pile cards waiting and no "no" answered, when only going out could finish the turn after
    it (the can_finish of :func:`_finish`)? A meld of the last cards is decided by
    :func:`~canasta_caliente.engine.decision.decide` (going out at once)."""
    if not any(rest):
        return accepts(state, action)
    rules = state.rules
    need = state.table.turn.need
    if need > 0:
        need -= sum(map(rules.card_values.__getitem__, action.cards))
    return go_out_possible(rules, rest, melds, need)


# ---------------------------------------------------------------------------------------------
# The general path: candidates, each through decide


def candidates(state: GameState) -> list[Action]:
    """A superset of the legal actions, cheap to list."""
    if state.over:
        return [] if state.is_game_over else [act(V_DEAL)]
    t = state.table
    turn = t.turn
    if turn.phase is P_ANSWER:
        return [act(V_YES), act(V_NO)]
    hand = t.hands[turn.player]
    out: list[Action] = []
    if turn.phase is P_DRAW:
        out.append(act(V_DRAW))
        if t.pile and t.pile[-1].is_natural:
            up = t.pile[-1]
            out.append(act(V_TAKE))
            if hand[up] >= 2:
                out.append(act(V_TAKE, (up, up)))
            if hand[up]:
                for wild in (TWO, JOKER):
                    if hand[wild]:
                        out.append(act(V_TAKE, (up, wild)))
        if hand[I_CAL]:
            out.append(act(V_CALIENTE))
        out.append(act(V_PASS))
        return out
    rules = state.rules
    side_melds = t.sides[rules.facts.side_of[turn.player]].melds
    # Melds that break MELD-1 or MELD-2 are never legal: only valid ones are candidates.
    out.extend(option.action for option in valid_melds(state.rules, hand, side_melds))
    for k in (3, 4):
        if hand[I_B3] >= k:
            out.append(act(V_MELD, (B3,) * k))
    for kind in range(NUM_KINDS):
        if hand[kind]:
            out.append(act(V_DISCARD, (CARDS[kind],)))
    out.append(act(V_ASK))
    return out
