"""The rules decision: :func:`decide` decides whether an action is legal in a state and, if
so, computes its effects on a :class:`~canasta_caliente.engine.work.Work` copy.

Each rule is decided by its named check in :mod:`canasta_caliente.engine.checks`; ``decide``
asks them in the order of the turn and makes the action's effects. :func:`~canasta_caliente
.legal_actions` lists what it accepts (directly for the common states, asking the same checks:
see :mod:`canasta_caliente.engine.listing`), :func:`~canasta_caliente.apply` builds the next
state from its work copy (:mod:`canasta_caliente.engine.successors`), and
:func:`illegal_reason` returns its verdict; :mod:`canasta_caliente.testing` calls it too.

TURN-0 (no dead ends) is decided last, by the finishing search of
:mod:`canasta_caliente.engine.solver` (:func:`~canasta_caliente.engine.checks.turn0_refusal`), after
every other rule.
"""

from __future__ import annotations

import warnings
from typing import Any

from ..actions import Action, Verb, parse_action
from ..cards import B3, I_B3, I_CAL, JOKER, R3, TWO, Card, counts_from_cards
from ..errors import CanastaTypeError
from ..state.game import NO_WAITING, GameState, HandEnd, MeldCounts, check_state, refused_state
from .checks import (
    Context,
    ask_refusal,
    ask_standing_refusal,
    ask_turn0_refusal,
    caliente_refusal,
    context,
    discard_refusal,
    draw_refusal,
    going_out_refusal,
    hand_refusal,
    meld_refusal,
    meld_wilds_refusal,
    partner,
    pass_refusal,
    take_refusal,
    turn0_refusal,
    turn_step_refusal,
    up_card_refusal,
)
from .tables import P_ANSWER, P_PLAY, Q_ASKED, Q_NO, Q_YES
from .work import Work, add_points, check_last_card, draw_cards, grown_meld, join_cards

__all__ = [
    "accepts", "as_action", "check_state", "decide", "illegal_reason", "is_legal", "partner",
]


# ---------------------------------------------------------------------------------------------
# The entry points


def as_action(action: object) -> Action:
    """``action`` as an :class:`Action`: itself, or its notation read; anything else is a
    :class:`TypeError` naming what was given."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return parse_action(action)
    raise CanastaTypeError(f"expected an Action or its notation, not {type(action).__name__}")


def illegal_reason(state: object, action: object) -> str | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal.

    Raises :class:`TypeError` if ``state`` is not a :class:`~canasta_caliente.GameState` or
    ``action`` neither an :class:`~canasta_caliente.Action` nor a string, and
    :class:`~canasta_caliente.NotationError` for notation it cannot read."""
    # (``object``, narrowed here: compiled by mypyc, typed parameters would be checked on
    # entry, refused with mypyc's words rather than the library's.)
    if not isinstance(state, GameState):
        raise refused_state(state)
    result = decide(state, as_action(action), build=False)
    return result if isinstance(result, str) else None


def is_legal(state: object, action: object) -> bool:
    """True if ``action`` is legal in ``state`` (the types checked as by
    :func:`illegal_reason`)."""
    return illegal_reason(state, action) is None


def accepts(state: GameState, action: Action, ctx: Context | None = None) -> bool:
    """True if :func:`decide` accepts ``action`` in ``state`` (without building its work
    copy where the verdict needs none); ``ctx``, the state's context if made already."""
    return not isinstance(decide(state, action, build=False, ctx=ctx), str)


# ---------------------------------------------------------------------------------------------
# The decision: the checks in the order of the turn, then the effects


def decide(
    state: GameState, action: Action, turn0: bool = True, build: bool = True,
    ctx: Context | None = None,
) -> Work | str | None:
    """The work copy after ``action`` if it is legal in ``state``; otherwise why not.

    With ``turn0=False`` the TURN-0 search is skipped (every other rule still applies): the
    brute-force reference of :mod:`canasta_caliente.testing` decides TURN-0 on its own. With
    ``build=False`` a legal meld or discard may be reported as ``None`` without its work copy,
    where the verdict needs none (the list of legal actions does not). ``ctx`` is the state's
    :class:`~canasta_caliente.engine.checks.Context`, if its caller has made it.
    """
    verb = action.verb
    if state.over:
        if state.is_game_over:
            return "the game is over"
        if verb is Verb.DEAL:
            return Work()
        return "the hand is over: the table deals the next hand"
    if verb is Verb.DEAL:
        return "the hand is still being played"
    if state.table.turn.phase is P_ANSWER:
        if verb is Verb.YES or verb is Verb.NO:
            w = Work(state)
            w.question = Q_YES if verb is Verb.YES else Q_NO
            w.phase = P_PLAY
            w.player = w.seat
            return w
        return "answer the partner's question \"May I go out?\" first: yes or no"
    if verb is Verb.YES or verb is Verb.NO:
        return "no question has been asked"
    if ctx is None:
        ctx = context(state)
    # A question no one may ask this turn is told so before the turn's step (OUT-2).
    reason = (verb is Verb.ASK and ask_standing_refusal(ctx)) or turn_step_refusal(ctx, verb)
    if reason is not None:
        return reason
    if verb is Verb.DRAW:
        if not build and state.table.stock_size:
            # TURN-0 always holds after a draw: a turn starts with at least one card in
            # hand (the last turn kept one), so at least two are held, no first meld is
            # started and nothing binds; or the draw ended the hand (END-1, END-3).
            return None
        return draw_refusal(ctx) or _drawn(ctx, turn0)
    if verb is Verb.TAKE:
        return _eval_take(ctx, action, turn0, build)
    if verb is Verb.CALIENTE:
        return caliente_refusal(ctx) or _caliente_played(ctx, turn0)
    if verb is Verb.PASS:
        return pass_refusal(ctx) or _passed(ctx)
    if verb is Verb.MELD:
        return _eval_meld(ctx, action, turn0, build)
    if verb is Verb.DISCARD:
        return _eval_discard(ctx, action, build)
    if verb is Verb.ASK:
        return _eval_ask(ctx, turn0)
    return f"{verb.value} is not possible now"  # pragma: no cover - every verb is handled


def _passed(ctx: Context) -> Work:
    """A pass's effect: the hand ends (END-2)."""
    w = Work(ctx.state)
    w.ended = HandEnd.PASSED
    return w


def _finish(ctx: Context, w: Work, turn0: bool = True) -> Work | str:
    """The work copy, if the player can still finish the turn after the action (TURN-0)."""
    reason = turn0_refusal(ctx, w, turn0)
    return w if reason is None else reason


# ---------------------------------------------------------------------------------------------
# The draw phase: draw, take, caliente


def _drawn(ctx: Context, turn0: bool) -> Work | str:
    """The draw's effects (TURN-3, END-1, END-3), then TURN-0."""
    rules = ctx.rules
    w = Work(ctx.state)
    draw_cards(ctx.state.table.deck, w, rules.draw_count)
    check_last_card(rules, w)
    w.phase = P_PLAY
    return _finish(ctx, w, turn0)


def _with_meld(ctx: Context, cards: tuple[Card, ...], rank: int, meld: MeldCounts,
               new: bool) -> Work:
    """A work copy of the state with ``cards`` out of the hand and the side's meld of ``rank``
    now ``meld``: touched this turn, and created this turn if ``new`` (what a take and a meld
    both do to the table before their own steps)."""
    w = Work(ctx.state)
    for card in cards:
        w.hand[card] -= 1
    w.melds[rank] = meld
    bit = 1 << rank
    w.touched |= bit
    if new:
        w.created |= bit
    return w


def _eval_take(ctx: Context, action: Action, turn0: bool, build: bool = True
               ) -> Work | str | None:
    reason = up_card_refusal(ctx)
    if reason is not None:
        return reason
    t = ctx.state.table
    up = t.pile[-1]
    cards = action.cards
    naturals = sum(1 for c in cards if c is up)
    # The cards the pile asks for first, then whether the hand holds them: "take 4 4" under a
    # queen is refused for the queen, whatever fours the hand holds.
    reason = take_refusal(ctx, naturals if cards else None, sum(1 for c in cards if c.is_wild))
    if reason is None and cards:
        reason = hand_refusal(ctx.hand, cards)
    if reason is not None:
        return reason
    rules = ctx.rules
    meld = ctx.melds[up]
    new_meld = grown_meld(meld, 1 + naturals, cards.count(TWO), cards.count(JOKER))
    reason = meld_wilds_refusal(rules, up, new_meld)
    if reason is not None:
        return reason
    opened = ctx.opened
    if (not build and opened
            and sum(ctx.hand) - len(cards) + len(t.pile) - 1 - t.pile.count(R3) >= 2):
        # TURN-0 holds: no minimum pending, nothing binds yet, and at least two cards are held
        # after the take (bonus cards replaced from the stock only add cards, or end the hand).
        return None
    w = _with_meld(ctx, cards, up, new_meld, meld is None)
    w.phase = P_PLAY
    w.pile = ()
    rest = counts_from_cards(t.pile[:-1])
    deck = t.deck
    if not opened:
        # INIT-4: the up card and the hand cards count; the rest of the pile waits.
        w.need = t.turn.need
        w.waiting = rest
        add_points(rules, deck, w, sum(rules.card_values[c] for c in (up, *cards)))
        if w.need <= 0 and any(w.waiting):
            waiting = w.waiting
            w.waiting = NO_WAITING
            join_cards(rules, deck, w, waiting)
            check_last_card(rules, w)
        w.started = True
    else:
        join_cards(rules, deck, w, rest)
        check_last_card(rules, w)
    # A take that melds the last cards of the hand is going out (OUT-1).
    return _after_meld(ctx, w, turn0)


def _caliente_played(ctx: Context, turn0: bool) -> Work | str:
    """A Caliente card's effects (HOT-2: set aside, the hand refilled from the stock), then
    TURN-0."""
    rules = ctx.rules
    w = Work(ctx.state)
    w.hand[I_CAL] -= 1
    w.calientes += 1
    short = rules.hand_size - sum(w.hand)
    if short > 0:
        draw_cards(ctx.state.table.deck, w, short)
    check_last_card(rules, w)
    w.phase = P_PLAY
    return _finish(ctx, w, turn0)


# ---------------------------------------------------------------------------------------------
# The play phase: the question, melds, the discard


def _eval_ask(ctx: Context, turn0: bool) -> Work | str:
    reason = ask_refusal(ctx)
    if reason is not None:
        return reason
    asked = partner(ctx.state)
    assert asked is not None  # (ask_refusal: there is a partner)
    w = Work(ctx.state)
    if turn0:
        reason = ask_turn0_refusal(ctx, w)
        if reason is not None:
            return reason
    w.question = Q_ASKED
    w.phase = P_ANSWER
    w.player = asked
    return w


def _eval_meld(ctx: Context, action: Action, turn0: bool, build: bool) -> Work | str | None:
    reason = meld_refusal(ctx, action)
    if reason is not None:
        return reason
    rules = ctx.rules
    cards = action.cards
    deck = ctx.state.table.deck
    if cards[0] is B3:
        w = Work(ctx.state)
        k = len(cards)
        w.hand[I_B3] -= k
        w.stops = (*w.stops, k)
        w.melded = True
        add_points(rules, deck, w, k * rules.card_values[I_B3])
        return _after_meld(ctx, w, turn0)
    rank = action.rank
    assert rank is not None  # (meld_refusal: a natural rank)
    if (not build and ctx.turn.need <= 0 and not ctx.bound
            and sum(ctx.hand) - len(cards) >= 2):
        # TURN-0 holds trivially: no minimum pending, not bound, two cards left to discard.
        return None
    meld = ctx.melds[rank]
    new_meld = grown_meld(meld, cards.count(rank), cards.count(TWO), cards.count(JOKER))
    w = _with_meld(ctx, cards, rank, new_meld, meld is None)
    w.melded = True
    values = rules.card_values
    add_points(rules, deck, w, sum(values[c] for c in cards))
    return _after_meld(ctx, w, turn0)


def _after_meld(ctx: Context, w: Work, turn0: bool) -> Work | str:
    if w.ended is None and not any(w.hand) and not any(w.waiting):
        reason = going_out_refusal(ctx, w, w.melds)
        if reason:
            return f"melding every card left goes out, and {reason}"
        w.ended = HandEnd.WENT_OUT
        return w
    return _finish(ctx, w, turn0)


def _eval_discard(ctx: Context, action: Action, build: bool) -> Work | str | None:
    card = action.cards[0]
    reason = discard_refusal(ctx, card)
    if reason is not None:
        return reason
    if not build:
        return None
    w = Work(ctx.state)
    w.hand[card] -= 1
    w.pile = (*w.pile, card)
    if not any(w.hand):
        w.ended = HandEnd.WENT_OUT
    return w


def _former_name(name: str) -> Any:
    """``evaluate``, this function's former name (the module's ``__getattr__``), with a
    :class:`DeprecationWarning`: it is :func:`decide`, renamed so that the one public
    ``evaluate`` is the search's cut-off evaluation
    (:func:`canasta_caliente.players.search.evaluate`). Any other name raises
    :class:`AttributeError`."""
    if name != "evaluate":
        raise AttributeError(
            f"module 'canasta_caliente.engine.decision' has no attribute {name!r}")
    warnings.warn("canasta_caliente.engine.decision.evaluate is deprecated: use decide, its "
                  "new name", DeprecationWarning, stacklevel=2)
    return decide


# The module's __getattr__, set through globals() so that the type checker, which knows only the
# current name, does not see it; not under "if not TYPE_CHECKING", which mypyc compiles as
# unreachable code (benchmarks/bench_mypyc.py).
globals()["__getattr__"] = _former_name
