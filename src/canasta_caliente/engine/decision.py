"""The rules decision: :func:`evaluate` decides whether an action is legal in a state and, if
so, computes its effects on a :class:`~canasta_caliente.engine.work.Work` copy.

It is the one place the engine's rules are decided. :func:`~canasta_caliente.legal_actions`
lists what it accepts (directly for the common states, whose checks are those made here, written
inline: see :mod:`canasta_caliente.engine.listing`), :func:`~canasta_caliente.apply` builds the
next state from its work copy (:mod:`canasta_caliente.engine.successors`), and
:func:`illegal_reason` returns its verdict; :mod:`canasta_caliente.testing` calls it too.

TURN-0 (no dead ends) is decided last, by the finishing search of
:mod:`canasta_caliente.engine.solver`, after every other rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ..actions import Action, parse_action
from ..cards import B3, CAL, I_B3, I_CAL, JOKER, R3, TWO, Card, counts_from_cards
from ..rules.facts import rule_facts
from ..rules.ruleset import RuleSet, WildRule
from ..state.game import NO_WAITING, GameState, HandEnd, MeldCounts
from .solver import (
    can_finish,
    can_go_out,
    cards_within,
    finish_without_going_out,
    meld_is_valid,
)
from .tables import (
    P_ANSWER,
    P_DRAW,
    P_PLAY,
    Q_ASKED,
    Q_NO,
    Q_NONE,
    Q_YES,
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
)
from .work import (
    Work,
    add_points,
    check_last_card,
    draw_cards,
    join_cards,
    may_be_concealed,
    needs_concealed,
    situation,
)

__all__ = ["accepts", "as_action", "evaluate", "illegal_reason", "is_legal", "partner"]


# ---------------------------------------------------------------------------------------------
# The entry points and what they share


def as_action(action: Action | str) -> Action:
    """``action`` as an :class:`Action`: itself, or its notation read; anything else is a
    :class:`TypeError` naming what was given."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return parse_action(action)
    raise TypeError(f"expected an Action or its notation, not {type(action).__name__}")


def check_state(state: object) -> None:
    """Refuse anything that is not a :class:`~canasta_caliente.GameState` (a view, say) with a
    :class:`TypeError` naming what was given."""
    if type(state) is not GameState and not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}"
                        + (" (a seat's view cannot be played: play the game's state)"
                           if type(state).__name__ == "View" else ""))


def illegal_reason(state: GameState, action: Action | str) -> str | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal.

    Raises :class:`TypeError` if ``state`` is not a :class:`~canasta_caliente.GameState` or
    ``action`` neither an :class:`~canasta_caliente.Action` nor a string, and
    :class:`~canasta_caliente.NotationError` for notation it cannot read."""
    check_state(state)
    action = as_action(action)
    result = evaluate(state, action, build=False)
    return result if isinstance(result, str) else None


def is_legal(state: GameState, action: Action | str) -> bool:
    """True if ``action`` is legal in ``state`` (the types checked as by
    :func:`illegal_reason`)."""
    return illegal_reason(state, action) is None


def accepts(state: GameState, action: Action) -> bool:
    """True if :func:`evaluate` accepts ``action`` in ``state`` (without building its work
    copy where the verdict needs none)."""
    return not isinstance(evaluate(state, action, build=False), str)


def partner(state: GameState) -> int | None:
    """The next active seat of the current player's side in turn order (asked in OUT-2), or
    ``None`` if the player has no partner in this hand."""
    t = state.table
    rules = state.rules
    return (rules._facts or rule_facts(rules)).partners_in(t.order)[t.turn_index]


def canastas(rules: RuleSet, melds: Iterable[MeldCounts | None]) -> int:
    """How many of ``melds`` are canastas."""
    size = rules.canasta_size
    return sum(1 for m in melds if m is not None and m[0] + m[1] + m[2] >= size)


# ---------------------------------------------------------------------------------------------
# The one place that decides legality


def evaluate(
    state: GameState, action: Action, turn0: bool = True, build: bool = True
) -> Work | str | None:
    """The work copy after ``action`` if it is legal in ``state``; otherwise why not.

    With ``turn0=False`` the TURN-0 search is skipped (every other rule still applies): the
    brute-force reference of :mod:`canasta_caliente.testing` decides TURN-0 on its own. With
    ``build=False`` a legal meld or discard may be reported as ``None`` without its work copy,
    where the verdict needs none (the list of legal actions does not).
    """
    if state.over:
        if action.verb is V_DEAL:
            if state.is_game_over:
                return "the game is over"
            w = Work.__new__(Work)
            return w
        if state.is_game_over:
            return "the game is over"
        return "the hand is over: the next action is deal"
    phase = state.table.turn.phase
    verb = action.verb
    if verb is V_DEAL:
        return "the hand is still being played"
    if phase is P_ANSWER:
        if verb is V_YES or verb is V_NO:
            w = Work(state)
            w.question = Q_YES if verb is V_YES else Q_NO
            w.phase = P_PLAY
            w.player = w.seat
            return w
        return f"player {state.table.turn.player} must answer the question \"May I go out?\""
    if verb is V_YES or verb is V_NO:
        return "no question has been asked"
    if phase is P_DRAW:
        if verb is V_DRAW:
            if not build and state.table.stock_size:
                # TURN-0 always holds after a draw: a turn starts with at least one card in
                # hand (the last turn kept one), so at least two are held, no first meld is
                # started and nothing binds; or the draw ended the hand (END-1, END-3).
                return None
            return _eval_draw(state, turn0)
        if verb is V_TAKE:
            return _eval_take(state, action, turn0, build)
        if verb is V_CALIENTE:
            return _eval_caliente(state, turn0)
        if verb is V_PASS:
            if state.table.stock_size:
                return "pass is allowed only when the stock is empty (END-2)"
            w = Work(state)
            w.ended = HandEnd.PASSED
            return w
        return f"player {state.table.turn.player} must first draw, take the pile or pass (TURN-1)"
    # The play phase.
    if verb in (V_DRAW, V_TAKE, V_CALIENTE, V_PASS):
        return "the draw action has already been made this turn (TURN-1)"
    if verb is V_MELD:
        return _eval_meld(state, action, turn0, build)
    if verb is V_DISCARD:
        return _eval_discard(state, action, build)
    if verb is V_ASK:
        return _eval_ask(state, turn0)
    return f"{verb.value} is not possible now"  # pragma: no cover - every verb is handled


# ---------------------------------------------------------------------------------------------
# TURN-0: the player must still be able to finish the turn


def _finish(state: GameState, w: Work, turn0: bool = True) -> Work | str:
    """TURN-0: after the action, the player must still be able to finish the turn."""
    if w.ended is not None:
        if w.question is Q_YES or w.stops:
            return "the hand would end before the player, bound to go out, goes out (TURN-0)"
        return w
    if not turn0 or can_finish(state.rules, situation(state, w)):
        return w
    return _stranded_reason(state, w)


def _stranded_reason(state: GameState, w: Work) -> str:
    if w.question is Q_YES or w.stops:
        return "the player is bound to go out this turn and could no longer do so (OUT-2, TURN-0)"
    if w.need > 0 and (w.started or any(w.waiting)):
        best = _best_first_meld(state.rules, w)
        minimum = w.points + w.need
        if best < minimum:
            return (f"the first meld could no longer reach the minimum of {minimum} and leave a "
                    f"card to discard: the most this turn could still meld is {best} points, "
                    f"{minimum - best} short (INIT-3, TURN-0)")
        return (f"the first meld could no longer reach the minimum ({w.need} points still "
                "missing) and leave a card to discard (INIT-3, TURN-0)")
    if needs_concealed(state, w):
        return ("it would leave the player unable to finish the turn: fewer than two cards, and "
                "going out without a 'yes' is allowed only concealed (READ-4, DISC-3, TURN-0)")
    return ("it would leave the player unable to finish the turn: fewer than two cards and no "
            "way to go out (DISC-3, TURN-0)")


def _best_first_meld(rules: RuleSet, w: Work) -> int:
    """For a refusal's message: the most points the turn's first meld could still reach, the
    points melded so far and what the hand (not its stop cards) could still meld while a card
    is left to discard (waiting pile cards, once they join, can be that card)."""
    hand = list(w.hand)
    keep = sum(hand)
    for kind in (I_B3, I_CAL):
        hand[kind] = 0
    joining = sum(w.waiting) - w.waiting[R3] if w.waiting else 0
    limit = keep - (0 if joining else 1)
    melds = tuple(w.melds)
    counts = tuple(hand)
    low, high = 0, w.need
    while low < high:  # the largest reachable extra, by bisection (reachability is monotone)
        mid = (low + high + 1) // 2
        if cards_within(rules, counts, melds, mid, limit):
            low = mid
        else:
            high = mid - 1
    return w.points + low


# ---------------------------------------------------------------------------------------------
# The draw phase: draw, take, caliente (TURN-1, PILE-1 to PILE-5, INIT-4, HOT-2)


def _eval_draw(state: GameState, turn0: bool) -> Work | str:
    if not state.table.stock_size:
        return "the stock is empty: take the pile or pass (END-2)"
    rules = state.rules
    w = Work(state)
    draw_cards(rules, state.table.deck, w, rules.draw_count)
    check_last_card(rules, w)
    w.phase = P_PLAY
    return _finish(state, w, turn0)


def _with_meld(
    state: GameState, cards: Sequence[Card], rank: int, meld: MeldCounts, new: bool
) -> Work:
    """A work copy of ``state`` with ``cards`` out of the hand and the side's meld of ``rank``
    now ``meld``: touched this turn, and created this turn if ``new`` (what a take and a meld
    both do to the table before their own steps)."""
    w = Work(state)
    for card in cards:
        w.hand[card] -= 1
    w.melds[rank] = meld
    bit = 1 << rank
    w.touched |= bit
    if new:
        w.created |= bit
    return w


def _eval_take(
    state: GameState, action: Action, turn0: bool, build: bool = True
) -> Work | str | None:
    rules = state.rules
    t = state.table
    if not t.pile:
        return "the pile is empty"
    up = t.pile[-1]
    if up is B3:
        return "the pile is blocked by a stop card (PILE-2)"
    if up is CAL:
        return "the pile is blocked by a Caliente card (PILE-2)"
    if up.is_wild:
        return "a wild up card can never be taken (PILE-2)"
    if not up.is_natural:
        return f"a {up} up card cannot be taken"
    rank = int(up)
    seat = t.turn.player
    hand = t.hands[seat]
    facts = rules._facts or rule_facts(rules)
    side = t.sides[facts.side_of[seat]]
    opened = side.meld_count > 0
    has_freezer = not facts.freezers.isdisjoint(t.pile)
    cards = action.cards
    meld = side.melds[rank]
    if cards:
        for card in set(cards):
            if hand[card] < cards.count(card):
                return _short_of(hand[card], cards.count(card), card)
        naturals = sum(1 for c in cards if c is up)
        wilds = sum(1 for c in cards if c.is_wild)
        if naturals + wilds != 2 or naturals == 0:
            return (f"the up card is {up}: take it with two {up}s, or a {up} and a wild "
                    "(PILE-3, PILE-4)")
        if not opened and naturals != 2:
            return (f"before the side's first meld the up card must be melded with two natural "
                    f"{up}s from hand (INIT-4)")
        if naturals != 2 and (rules.always_frozen or has_freezer):
            return f"the pile is frozen: take it only with two natural {up}s (PILE-3, PILE-5)"
        if (facts.no_pair_onto_canasta and meld is not None
                and sum(meld) >= rules.canasta_size):
            return (f"the meld of {up} is already a canasta: with pile_pair_onto_canasta off, "
                    "the always-frozen pile is not taken onto a canasta (PILE-5, READ-7)")
    else:
        if not opened:
            return (f"before the side's first meld the up card must be melded with two natural "
                    f"{up}s from hand (INIT-4)")
        if meld is None:
            return f"the side has no meld of {up} to lay the up card off on (PILE-4)"
        if rules.always_frozen:
            if sum(meld) >= rules.canasta_size:
                return (f"the meld of {up} is already a canasta: the always-frozen pile is laid "
                        "off only on a meld that is not yet one (PILE-5)")
        elif has_freezer:
            return (f"the pile is frozen: take it only with two natural {up}s (PILE-3)")
    n0, t0, j0 = meld if meld is not None else (0, 0, 0)
    new_meld = (
        n0 + 1 + sum(1 for c in cards if c is up),
        t0 + cards.count(TWO),
        j0 + cards.count(JOKER),
    )
    if not meld_is_valid(rules, new_meld[0], new_meld[1] + new_meld[2]):
        return f"the meld of {up} would break MELD-2: {_meld_problem(rules, new_meld)}"
    if (not build and opened
            and sum(hand) - len(cards) + len(t.pile) - 1 - t.pile.count(R3) >= 2):
        # TURN-0 holds: no minimum pending, nothing binds yet, and at least two cards are held
        # after the take (bonus cards replaced from the stock only add cards, or end the hand).
        return None
    w = _with_meld(state, cards, rank, new_meld, meld is None)
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
    return _after_meld(state, w, turn0)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _short_of(held: int, wanted: int, card: Card) -> str:
    """Why a hand cannot give ``wanted`` cards of a kind."""
    if held == 0:
        return f"the hand holds no {card}"
    return f"the hand holds only {_count(held, str(card))}, not {wanted}"


def _meld_problem(rules: RuleSet, meld: MeldCounts) -> str:
    """What a meld of these counts breaks (MELD-2)."""
    naturals, wilds = meld[0], meld[1] + meld[2]
    have = f"{_count(naturals, 'natural')} and {_count(wilds, 'wild')}"
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return f"{have}, and a meld holds at most {_count(rules.max_wilds, 'wild')}"
    rule = {
        WildRule.MORE_NATURALS: "a meld needs more naturals than wilds",
        WildRule.NOT_MORE_WILDS: "a meld may hold no more wilds than naturals",
        WildRule.TWO_NATURALS: "a meld needs at least two naturals",
    }[rules.wild_rule]
    return f"{have}, and {rule}"


def _eval_caliente(state: GameState, turn0: bool) -> Work | str:
    rules = state.rules
    t = state.table
    w = Work(state)
    if not w.hand[I_CAL]:
        return "the player holds no Caliente card"
    if not t.stock_size and not rules.caliente_on_empty_stock:
        return ("a Caliente card is played only while the stock is not empty (HOT-2; the "
                "option caliente_on_empty_stock allows it, READ-8)")
    mine = t.sides[w.side].meld_count
    for i, other in enumerate(t.sides):
        if i != w.side and other.meld_count < mine:
            return (f"the side has more melds ({mine}) than side {i} ({other.meld_count}): a "
                    "Caliente card needs no more melds than each other side (HOT-2)")
    w.hand[I_CAL] -= 1
    w.calientes += 1
    short = rules.hand_size - sum(w.hand)
    if short > 0:
        draw_cards(rules, t.deck, w, short)
    check_last_card(rules, w)
    w.phase = P_PLAY
    return _finish(state, w, turn0)


# ---------------------------------------------------------------------------------------------
# The play phase: the question, melds, the discard (OUT-1, OUT-2, MELD-1 to MELD-6, DISC-1 to 3)


def _eval_ask(state: GameState, turn0: bool) -> Work | str:
    t = state.table
    turn = t.turn
    rules = state.rules
    if not (rules._facts or rule_facts(rules)).asks:
        return 'no one asks "May I go out?" under going_out_permission = "never" (READ-4)'
    asked = partner(state)
    if asked is None:
        return "there is no partner to ask (OUT-2)"
    if turn.question is not Q_NONE:
        return "the question has already been asked this turn (OUT-2)"
    if turn.melded:
        return "the question is asked before any meld action (OUT-2)"
    w = Work(state)
    if not turn0:
        w.question = Q_ASKED
        w.phase = P_ANSWER
        w.player = asked
        return w
    sit = situation(state, w)
    # After a "yes" going out needs no concealment (READ-4): the question is about that.
    if not can_go_out(rules, attrs.evolve(sit, may_go_out=True, own=None)):
        return "going out is not possible this turn, so a 'yes' would strand the player (OUT-2)"
    if not finish_without_going_out(rules, sit):
        return "the player cannot finish without going out, so a 'no' would strand it (OUT-2)"
    w.question = Q_ASKED
    w.phase = P_ANSWER
    w.player = asked
    return w


def _eval_meld(state: GameState, action: Action, turn0: bool, build: bool) -> Work | str | None:
    rules = state.rules
    cards = action.cards
    if R3 in cards:
        return "bonus cards are never melded (MELD-6)"
    if CAL in cards:
        return "Caliente cards are never melded (MELD-6)"
    t = state.table
    turn = t.turn
    hand = t.hands[turn.player]
    for card in set(cards):
        if hand[card] < cards.count(card):
            return _short_of(hand[card], cards.count(card), card)
    deck = t.deck
    if cards[0] is B3:
        w = Work(state)
        k = len(cards)
        if k not in (3, 4):
            return "stop cards are melded only as a set of 3 or 4 (MELD-5)"
        w.hand[I_B3] -= k
        w.stops = (*w.stops, k)
        w.melded = True
        add_points(rules, deck, w, k * rules.card_values[I_B3])
        return _after_meld(state, w, turn0)
    rank = action.rank
    if rank is None:  # pragma: no cover - notation forbids it
        return "a meld needs a natural rank"
    r = int(rank)
    side = t.sides[(rules._facts or rule_facts(rules)).side_of[turn.player]]
    meld = side.melds[r]
    if action.on is not None and meld is None:
        return f"the side has no meld of {rank} to lay wilds off on (MELD-3)"
    naturals = cards.count(rank)
    twos = cards.count(TWO)
    jokers = cards.count(JOKER)
    n0, t0, j0 = meld if meld is not None else (0, 0, 0)
    new_meld = (n0 + naturals, t0 + twos, j0 + jokers)
    if meld is None and sum(new_meld) < 3:
        return f"a new meld needs at least 3 cards (MELD-1), not {sum(new_meld)}"
    if not meld_is_valid(rules, new_meld[0], new_meld[1] + new_meld[2]):
        return f"the meld of {rank} would break MELD-2: {_meld_problem(rules, new_meld)}"
    if (not build and turn.need <= 0 and turn.question is not Q_YES
            and not side.stop_melds and sum(hand) - len(cards) >= 2):
        # TURN-0 holds trivially: no minimum pending, not bound, two cards left to discard.
        return None
    w = _with_meld(state, cards, r, new_meld, meld is None)
    w.melded = True
    values = rules.card_values
    add_points(rules, deck, w, sum(values[c] for c in cards))
    return _after_meld(state, w, turn0)


def _after_meld(state: GameState, w: Work, turn0: bool) -> Work | str:
    if w.ended is None and not any(w.hand) and not any(w.waiting):
        reason = _going_out_problem(state, w)
        if reason:
            return f"melding the last card is going out, and {reason}"
        w.ended = HandEnd.WENT_OUT
        return w
    return _finish(state, w, turn0)


def _going_out_problem(state: GameState, w: Work) -> str | None:
    rules = state.rules
    if w.question is Q_NO:
        return "the partner answered no (OUT-2)"
    if w.need > 0:
        return f"the first meld is {w.need} points short of the minimum (INIT-3)"
    have = canastas(rules, w.melds)
    if have < rules.canastas_to_go_out:
        return (f"the side has {have} canasta{'s' if have != 1 else ''}; going out needs "
                f"{rules.canastas_to_go_out} (OUT-1)")
    if needs_concealed(state, w) and not _concealed_now(state, w):
        return ('under going_out_permission = "required" the player goes out only after '
                'asking a partner and hearing "yes", or concealed (READ-4, OUT-3)')
    return None


def _concealed_now(state: GameState, w: Work) -> bool:
    """OUT-3 for the layout on ``w``: the player had not melded before (READ-5) and a meld the
    player created (or, unless ``concealed_needs_own_canasta``, added to) this turn is a
    canasta."""
    if not may_be_concealed(state):
        return False
    rules = state.rules
    mask = w.created if rules.concealed_needs_own_canasta else w.touched
    size = rules.canasta_size
    return any(m is not None and mask >> r & 1 and m[0] + m[1] + m[2] >= size
               for r, m in enumerate(w.melds))


def _eval_discard(state: GameState, action: Action, build: bool) -> Work | str | None:
    card = action.cards[0]
    t = state.table
    turn = t.turn
    hand = t.hands[turn.player]
    if card is R3:
        return "bonus cards cannot be discarded (DISC-1)"
    if not hand[card]:
        return f"the hand holds no {card}"
    if turn.need > 0 and (turn.started or any(turn.waiting)):
        return (f"the first meld is {turn.need} points short of the minimum: no discard until "
                "it is met (INIT-3)")
    if not build and sum(hand) > 1:
        rules = state.rules
        side = t.sides[(rules._facts or rule_facts(rules)).side_of[turn.player]]
        if turn.question is Q_YES or side.stop_melds:
            return ("the player is bound to go out this turn and this discard would keep cards "
                    "(OUT-2)")
        return None
    w = Work(state)
    w.hand[card] -= 1
    w.pile = (*w.pile, card)
    if not any(w.hand):
        reason = _going_out_problem(state, w)
        if reason:
            return f"discarding the last card is going out, and {reason} (DISC-3)"
        w.ended = HandEnd.WENT_OUT
        return w
    if w.question is Q_YES or w.stops:
        return "the player is bound to go out this turn and this discard would keep cards (OUT-2)"
    return w


