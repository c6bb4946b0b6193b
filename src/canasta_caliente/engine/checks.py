"""The legality checks: one named check for each legality rule, the one place it is decided.

The rules decision (:func:`~canasta_caliente.engine.decision.decide`), the listing
(:func:`~canasta_caliente.legal_actions`), the direct successors (the partner asked) and the
words of an action (:func:`~canasta_caliente.describe`) ask these checks; none of them restates
a rule. Each check reads a :class:`Context`, the facts of one state that the checks share (the
rules and their :class:`~canasta_caliente.rules.facts.RuleFacts`, the seat whose turn it is, its
side, the side's melds, its hand, the pile), built once per state by whoever asks (a check of
the cards alone, :func:`never_melded`, reads none). There are two kinds:

- a *refusal* (``..._refusal``) returns why the rule refuses an action, the message naming the
  rule's ID, or ``None`` if the rule allows it;
- a *fact* (:func:`pile_frozen_for`, :func:`is_bound`, :func:`needs_concealed`, ...) returns
  what the refusals and the listing share, for the listing to read in one call rather than ask a
  refusal for every candidate; the facts every state needs are attributes of its :class:`Context`
  (:attr:`~Context.opened`, listed in :data:`CONTEXT_FACTS`; :func:`is_bound` and
  :func:`first_meld_short` are read from it as :attr:`~Context.bound` and :attr:`~Context.short`).

TURN-0 (no dead ends) is decided by the finishing search of :mod:`canasta_caliente.engine.solver`;
:func:`turn0_refusal` and :func:`ask_turn0_refusal` ask it and say why it refuses.

Each check's docstring names the rule IDs it decides in its first parentheses that hold rule
IDs alone, such as ``(PILE-3, PILE-5, READ-6)`` (:func:`rules_of`); :data:`CHECKS` is read from
them: by rule ID, the checks that decide it in the order of :data:`CHECK_FUNCTIONS`, then the
facts of :data:`CONTEXT_FACTS` (``CHECKS["PILE-2"] == ("up_card_refusal",)``).

A test (``tests/test_checks.py``) keeps every refusal message of the engine that names a rule
ID inside a check of this module that names that ID so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .._docstrings import docstring
from ..actions import Action, Verb
from ..cards import B3, CAL, I_B3, I_CAL, JOKER, NATURALS, R3, TWO, Card, card_name, rank_name
from ..errors import CanastaTypeError, count_phrase, describe_value
from ..rules.facts import RuleFacts
from ..rules.ruleset import ConcealedScope, RuleSet, WildRule, check_ruleset
from ..state.game import NO_WAITING, GameState, MeldCounts, SideTable, Turn
from .solver import (
    Situation,
    can_finish,
    can_go_out,
    cards_within,
    finish_without_going_out,
    meld_is_valid,
)
from .tables import NO_MELDS, P_DRAW, Q_NO, Q_NONE, Q_YES
from .work import grown_meld, joined_preview

if TYPE_CHECKING:
    from .work import Work

__all__ = [
    "CHECKS",
    "CHECK_FUNCTIONS",
    "CONTEXT_FACTS",
    "TAKABLE",
    "Context",
    "ask_refusal",
    "ask_standing_refusal",
    "ask_turn0_refusal",
    "caliente_refusal",
    "concealed_now",
    "context",
    "discard_refusal",
    "draw_refusal",
    "first_meld_short",
    "freezer_rules",
    "going_out_refusal",
    "hand_refusal",
    "is_bound",
    "may_be_concealed",
    "meld_refusal",
    "meld_wilds_refusal",
    "needs_concealed",
    "never_melded",
    "partner",
    "pass_refusal",
    "pile_frozen_for",
    "pile_frozen_reasons",
    "pile_refusal",
    "rules_of",
    "situation",
    "take_refusal",
    "turn0_refusal",
    "turn_step_refusal",
    "up_card_refusal",
]


class Context:
    """The facts of one state that the checks read, found once per state: :func:`context`.

    It holds what nearly every check reads, and nothing a path might not: a field costs every
    state that builds a context, where reading ``ctx.state.table`` costs only the paths that
    need it (:attr:`bound` and :attr:`short` are found when read: most contexts are made for a
    draw, which never asks). The play-phase listing makes one only where a check needs it."""

    __slots__ = ("facts", "hand", "melds", "opened", "rules", "side", "state", "turn")

    state: GameState
    rules: RuleSet
    facts: RuleFacts
    turn: Turn
    side: SideTable
    """The side of the seat whose turn it is (the asker while a partner answers): its part of
    the table."""
    melds: tuple[MeldCounts | None, ...]
    """The side's melds."""
    opened: bool
    """Whether the side has melded this hand (INIT-5; PILE-3 freezes the pile until then)."""
    hand: tuple[int, ...]
    """The seat's hand, as counts."""

    @property
    def bound(self) -> bool:
        """Whether the player is bound to go out this turn (OUT-2, MELD-5): :func:`is_bound` of
        the turn's answer and the side's stop melds."""
        return is_bound(self.turn.question, self.side.stop_melds)

    @property
    def short(self) -> bool:
        """The first meld started and still short of its minimum: :func:`first_meld_short`."""
        return first_meld_short(self.turn)


def context(state: GameState) -> Context:
    """The :class:`Context` of ``state``, a state in a turn (not between hands).

    (A function filling a class that has no ``__init__``, rather than ``Context(state)``: a
    class's ``__init__`` is entered through the interpreter's C machinery, about 800
    instructions, where a call from Python code to a Python function is about 400.)"""
    ctx = Context()
    ctx.state = state
    ctx.rules = rules = state.rules
    t = state.table
    ctx.turn = t.turn
    ctx.facts = facts = rules.facts
    seat = t.order[t.turn_index]
    ctx.side = side = t.sides[facts.side_of[seat]]
    ctx.melds = melds = side.melds
    ctx.hand = t.hands[seat]
    # (No identity test before comparing the melds with NO_MELDS: most contexts are of draws
    # by sides that have melded, where it only adds a step; 18 instructions a decision of
    # random play, by benchmarks/instructions.py.)
    ctx.opened = bool(side.stop_melds) or melds != NO_MELDS
    return ctx


def _side_no(ctx: Context) -> int:
    """The index of the side of the seat whose turn it is."""
    t = ctx.state.table
    return ctx.facts.side_of[t.order[t.turn_index]]


# ---------------------------------------------------------------------------------------------
# Shared facts


def partner(state: GameState) -> int | None:
    """The next active seat of the current player's side in turn order, the partner asked
    "May I go out?" (OUT-2); ``None`` if the player has no partner in this hand."""
    t = state.table
    return state.rules.facts.partners_in(t.order)[t.turn_index]


def is_bound(question: object, stop_melds: tuple[int, ...]) -> bool:
    """Whether a player is bound to go out this turn (OUT-2, MELD-5): after a "yes", or once
    the side has a stop meld (made this turn: a stop meld is made only by one who goes out)."""
    return question is Q_YES or bool(stop_melds)


def _binding(question: object) -> tuple[str, str]:
    """What binds a bound player (:func:`is_bound`) to go out, in words, and its rule."""
    if question is Q_YES:
        return "after the partner's 'yes' the player must go out this turn", "OUT-2"
    return "a stop meld binds the player to go out this turn", "MELD-5"


def first_meld_short(turn: Turn) -> bool:
    """Whether the side's first meld has been started this turn and is still short of its
    minimum (INIT-3, INIT-4), which refuses every discard until it is met: a meld made toward
    it, or pile cards waiting under INIT-4 (a first-meld take has started it). (Waiting cards
    are ``NO_WAITING`` itself unless a take set them: identity first, then the items.)"""
    waiting = turn.waiting
    return turn.need > 0 and (
        turn.started or (waiting is not NO_WAITING and waiting != NO_WAITING))


def pile_frozen_for(ctx: Context) -> bool:
    """Whether the pile is frozen for the player's side (PILE-3, PILE-5, READ-6): always under
    ``always_frozen``; while it holds a freezer (a wild or a bonus card, or a stop card under
    ``stop_card_freezes``: :attr:`RuleFacts.freezers
    <canasta_caliente.rules.facts.RuleFacts.freezers>`); and for a side that has not melded."""
    return (ctx.rules.always_frozen or not ctx.opened
            or not ctx.facts.freezers.isdisjoint(ctx.state.table.pile))


def pile_frozen_reasons(ctx: Context) -> tuple[str, ...]:
    """Why the pile is frozen for the player's side (PILE-3, PILE-5, READ-6), in words, each
    reason naming its rule IDs: one for each cause of :func:`pile_frozen_for` that holds (the
    rules keep it always frozen; each kind of freezer it holds, read from :attr:`RuleFacts.freezers
    <canasta_caliente.rules.facts.RuleFacts.freezers>`; the side has not melded), in that order;
    ``()`` when the pile is not frozen for the side. For pages and messages that say why; the
    rules decide by :func:`pile_frozen_for` alone.

    >>> import canasta_caliente as cc
    >>> pile_frozen_reasons(context(cc.new_game(cc.RuleSet.preset("caliente"), seed=1)))[-1]
    'the side to play has not melded yet (PILE-3)'
    """
    if not pile_frozen_for(ctx):
        return ()
    reasons: list[str] = []
    if ctx.rules.always_frozen:
        reasons.append("these rules keep the pile always frozen (PILE-5)")
    held = ctx.facts.freezers.intersection(ctx.state.table.pile)
    for kind, words in (({TWO, JOKER}, "it holds a wild card"),
                        ({R3}, "it holds a red three, a bonus card"),
                        ({B3}, "it holds a black three, a stop card, which these rules let "
                               "freeze it")):
        if found := kind.intersection(held):  # (freezers all: the kinds share their rules)
            reasons.append(f"{words} ({', '.join(freezer_rules(ctx.rules, min(found)))})")
    if not ctx.opened:
        reasons.append("the side to play has not melded yet (PILE-3)")
    return tuple(reasons)


def freezer_rules(rules: RuleSet, card: Card) -> tuple[str, ...]:
    """The rule IDs under which ``card`` freezes the pile while the pile holds it (PILE-3,
    READ-6), for the reasons of :func:`pile_frozen_reasons` and the events to name: PILE-3 for
    a wild or a bonus card, PILE-3 and READ-6 for a stop card under ``stop_card_freezes``; ``()``
    for a card that does not freeze it (:attr:`RuleFacts.freezers
    <canasta_caliente.rules.facts.RuleFacts.freezers>`).

    >>> import canasta_caliente as cc
    >>> rules = cc.RuleSet.preset("caliente").replace(stop_card_freezes=True)
    >>> freezer_rules(rules, cc.Card.BLACK_THREE), freezer_rules(rules, cc.Card.JOKER)
    (('PILE-3', 'READ-6'), ('PILE-3',))
    """
    check_ruleset(rules, "freezer_rules: rules")
    if not isinstance(card, Card):
        raise CanastaTypeError(f"freezer_rules: expected a Card, got {describe_value(card)}")
    if card not in rules.facts.freezers:
        return ()
    return ("PILE-3", "READ-6") if card is B3 else ("PILE-3",)


def needs_concealed(ctx: Context, question: object) -> bool:
    """Whether going out now needs to be concealed (READ-4): under ``going_out_permission =
    "required"``, for a player with a partner and no answer heard this turn (``question``)."""
    return (ctx.facts.asks_first and question is Q_NONE
            and partner(ctx.state) is not None)


def may_be_concealed(ctx: Context) -> bool:
    """OUT-3's first condition for the turn in progress (OUT-3, READ-5): the player had melded
    no card in this hand before this turn (nor had a partner, under ``concealed_scope =
    "side"``)."""
    turn = ctx.turn
    if turn.had_melded:
        return False
    rules = ctx.rules
    if rules.concealed_scope is ConcealedScope.SIDE:
        player = turn.player
        mask = ctx.state.table.melded_seats
        return not any(mask >> seat & 1 for seat in rules.layout[_side_no(ctx)]
                       if seat != player)
    return True


def concealed_now(ctx: Context, w: Work | Turn, melds: Sequence[MeldCounts | None]) -> bool:
    """Whether going out with ``melds`` on the table is concealed (OUT-3, READ-5): the player
    had not melded before, and a meld the player created (or, unless
    ``concealed_needs_own_canasta``, added to) this turn is a canasta."""
    if not may_be_concealed(ctx):
        return False
    rules = ctx.rules
    mask = w.created if rules.concealed_needs_own_canasta else w.touched
    size = rules.canasta_size
    return any(m is not None and mask >> r & 1 and m[0] + m[1] + m[2] >= size
               for r, m in enumerate(melds))


def situation(ctx: Context, w: Work) -> Situation:
    """What the finishing search (:mod:`canasta_caliente.engine.solver`) needs to know of the turn
    in
    progress on the work copy ``w`` of the state of ``ctx`` (TURN-0)."""
    rules = ctx.rules
    joined: tuple[int, ...] | None = None
    ends = False
    if any(w.waiting):
        joined, ends = joined_preview(rules, ctx.state.table.deck, w.pos, w.waiting)
    may = w.question is not Q_NO
    own: int | None = None
    own_new = False
    if needs_concealed(ctx, w.question):
        # READ-4: without a "yes", going out only concealed (OUT-3); not at all if it cannot be
        if not may_be_concealed(ctx):
            may = False
        else:
            own_new = rules.concealed_needs_own_canasta
            own = w.created if own_new else w.touched
    return Situation(
        hand=tuple(w.hand),
        melds=tuple(w.melds),
        need=w.need,
        started=w.started,
        joined=joined,
        join_ends_hand=ends,
        may_go_out=may,
        bound=is_bound(w.question, w.stops),
        own=own,
        own_new=own_new,
    )


# ---------------------------------------------------------------------------------------------
# The turn's steps (TURN-1, TURN-2, END-2)

_DRAW_VERBS = frozenset({Verb.DRAW, Verb.TAKE, Verb.CALIENTE, Verb.PASS})


def turn_step_refusal(ctx: Context, verb: Verb) -> str | None:
    """Whether ``verb`` is the turn's step now: first one draw action, then melds and a
    discard (TURN-1). Its refusal names those the stock allows (:func:`pass_refusal`'s)."""
    if ctx.turn.phase is P_DRAW:
        if verb in _DRAW_VERBS:
            return None
        if ctx.state.table.stock_size:  # (a Caliente card in hand is one more way to begin)
            return (("draw, take the pile or play a Caliente card" if ctx.hand[I_CAL] else
                     "draw or take the pile") + " first: a turn begins with its draw (TURN-1)")
        return "take the pile or pass first: a turn begins with its draw (TURN-1)"
    if verb in _DRAW_VERBS:
        return "the player has already drawn (or taken the pile) this turn (TURN-1)"
    return None


def draw_refusal(ctx: Context) -> str | None:
    """Whether the player may draw from the stock: not once it is empty (TURN-2, END-2)."""
    if not ctx.state.table.stock_size:
        return "the stock is empty: take the pile or pass (END-2)"
    return None


def pass_refusal(ctx: Context) -> str | None:
    """Whether the player may pass: only when the stock is empty (END-2)."""
    if ctx.state.table.stock_size:
        return "pass is allowed only when the stock is empty (END-2)"
    return None


def caliente_refusal(ctx: Context) -> str | None:
    """Whether the player may play a Caliente card (HOT-2, READ-8): holding one, while the
    stock is not empty (or under ``caliente_on_empty_stock``), with no more melds than each
    other side."""
    if not ctx.hand[I_CAL]:
        return "the hand holds no Caliente cards"
    if not ctx.state.table.stock_size and not ctx.rules.caliente_on_empty_stock:
        return "a Caliente card is played only while the stock has cards (HOT-2, READ-8)"
    mine = ctx.side.meld_count
    side_no = _side_no(ctx)
    for i, other in enumerate(ctx.state.table.sides):
        if i != side_no and other.meld_count < mine:
            return (f"the side has more melds ({mine}) than side {i} ({other.meld_count}): a "
                    "Caliente card needs no more melds than each other side (HOT-2)")
    return None


# ---------------------------------------------------------------------------------------------
# The pile (PILE-1 to PILE-5, INIT-4, READ-7)

TAKABLE: frozenset[Card] = frozenset(NATURALS)
"""The up cards a take may take: the naturals (PILE-2: never a stop card, a Caliente card or a
wild; never a bonus card). The listing reads it before anything else of a draw phase."""


def up_card_refusal(ctx: Context) -> str | None:
    """Whether the up card can be taken at all (PILE-2): the pile is not empty and its up card
    is a natural (:func:`pile_refusal` of the table's pile)."""
    return pile_refusal(ctx.state.table.pile)


def pile_refusal(pile: Sequence[Card]) -> str | None:
    """Why no take of ``pile`` is possible whoever takes it (PILE-2), or ``None`` if its up card
    is a natural: :func:`up_card_refusal` for a pile alone, for readers with no state (a seat's
    view, its display).

    >>> from canasta_caliente.cards import Card
    >>> pile_refusal((Card.FIVE, Card.BLACK_THREE))
    'the pile is blocked by a stop card (PILE-2)'
    """
    if not pile:
        return "the pile is empty"
    up = pile[-1]
    if up in TAKABLE:
        return None
    if up is B3:
        return "the pile is blocked by a stop card (PILE-2)"
    if up is CAL:
        return "the pile is blocked by a Caliente card (PILE-2)"
    if up.is_wild:
        return "a wild up card can never be taken (PILE-2)"
    return f"{card_name(up)} up card cannot be taken"


def take_refusal(ctx: Context, naturals: int | None, wilds: int = 0) -> str | None:
    """Whether a natural up card may be taken with cards from hand, ``naturals`` of its rank and
    ``wilds`` wilds, or (``naturals=None``) laid off on the side's meld (PILE-3, PILE-4, PILE-5,
    INIT-4, READ-7). MELD-2 for the meld it makes is :func:`meld_wilds_refusal`."""
    up = ctx.state.table.pile[-1]
    meld = ctx.melds[up]
    rules = ctx.rules
    if naturals is not None:
        # The cards a take needs, said as the pile allows them: a frozen pile (or a side yet
        # to meld) never offers "or a natural and a wild", which it would refuse too.
        pair = naturals == 2 and not wilds
        if not ctx.opened and not pair:
            return (f"before the side's first meld the up card must be melded with two natural "
                    f"{rank_name(up)} from hand (INIT-4)")
        if not pair and pile_frozen_for(ctx):
            return (f"the pile is frozen: take it only with two natural {rank_name(up)} "
                    + ("(PILE-5)" if rules.always_frozen else "(PILE-3)"))
        if naturals + wilds != 2 or naturals == 0:
            return (f"the up card is {card_name(up)}: take it with two {rank_name(up)}, or "
                    f"{card_name(up)} and a wild (PILE-4)")
        if (ctx.facts.no_pair_onto_canasta and meld is not None
                and sum(meld) >= rules.canasta_size):
            return (f"the meld of {rank_name(up)} is already a canasta: with "
                    "pile_pair_onto_canasta off, the always-frozen pile is not taken onto a "
                    "canasta (PILE-5, READ-7)")
        return None
    if not ctx.opened:
        return (f"before the side's first meld the up card must be melded with two natural "
                f"{rank_name(up)} from hand (INIT-4)")
    if meld is None:
        return f"the side has no meld of {rank_name(up)} to lay the up card off on (PILE-4)"
    if rules.always_frozen:
        if sum(meld) >= rules.canasta_size:
            return (f"the meld of {rank_name(up)} is already a canasta: with the pile always "
                    "frozen, the up card is laid off only on a meld short of one (PILE-5)")
    elif pile_frozen_for(ctx):
        return f"the pile is frozen: take it only with two natural {rank_name(up)} (PILE-3)"
    return None


# ---------------------------------------------------------------------------------------------
# Melds (MELD-1 to MELD-6)


def hand_refusal(hand: tuple[int, ...], cards: Sequence[Card]) -> str | None:
    """Whether the hand holds ``cards`` (what any action from hand needs; no rule of its own)."""
    for card in set(cards):
        held, wanted = hand[card], cards.count(card)
        if held < wanted:
            if held == 0:
                return f"the hand holds {card_name(card, 0)}"
            return f"the hand holds only {card_name(card, held)}, not {card_name(card, wanted)}"
    return None


def meld_wilds_refusal(rules: RuleSet, rank: Card, meld: MeldCounts) -> str | None:
    """Whether a natural-rank meld of these counts holds wilds as it may (MELD-2), after a
    meld action or a take: ``wild_rule`` and ``max_wilds``."""
    naturals, wilds = meld[0], meld[1] + meld[2]
    if meld_is_valid(rules, naturals, wilds):
        return None
    have = f"{count_phrase(naturals, 'natural')} and {count_phrase(wilds, 'wild')}"
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        problem = f"{have}, and a meld holds at most {count_phrase(rules.max_wilds, 'wild')}"
    else:
        rule = {
            WildRule.MORE_NATURALS: "a meld needs more naturals than wilds",
            WildRule.NOT_MORE_WILDS: "a meld may hold no more wilds than naturals",
            WildRule.TWO_NATURALS: "a meld needs at least two naturals",
        }[rules.wild_rule]
        problem = f"{have}, and {rule}"
    return f"the {rank_name(rank)} would then hold {problem} (MELD-2)"


def never_melded(cards: Sequence[Card]) -> str | None:
    """Whether ``cards`` hold a card no meld ever takes, in any state (MELD-6)."""
    if R3 in cards:
        return "bonus cards are never melded (MELD-6)"
    return "Caliente cards are never melded (MELD-6)" if CAL in cards else None


def meld_refusal(ctx: Context, action: Action) -> str | None:
    """Whether the meld ``action`` is a meld the rules allow, before TURN-0 (MELD-1, MELD-2,
    MELD-3, MELD-5, MELD-6): never bonus or Caliente cards; stop cards only as a set of 3 or 4;
    a lay-off of wilds onto a meld the side has; a new meld of 3 cards or more; wilds as MELD-2
    allows."""
    cards = action.cards
    refused = never_melded(cards) or hand_refusal(ctx.hand, cards)
    if refused is not None:
        return refused
    if cards[0] is B3:
        if len(cards) not in (3, 4):
            return "stop cards are melded only as a set of 3 or 4 (MELD-5)"
        return None
    rank = action.rank
    if rank is None:  # pragma: no cover - notation forbids it
        return "a meld needs a natural rank"
    meld = ctx.melds[rank]
    if action.on is not None and meld is None:
        return f"the side has no meld of {rank_name(rank)} to lay wilds off on (MELD-3)"
    new_meld = grown_meld(meld, cards.count(rank), cards.count(TWO), cards.count(JOKER))
    if meld is None and sum(new_meld) < 3:
        return f"a new meld needs at least 3 cards (MELD-1), not {sum(new_meld)}"
    return meld_wilds_refusal(ctx.rules, rank, new_meld)


# ---------------------------------------------------------------------------------------------
# The discard, the question, going out (DISC-1 to DISC-3, OUT-1 to OUT-3, READ-4)


def discard_refusal(ctx: Context, card: Card) -> str | None:
    """Whether ``card`` may be discarded (DISC-1, DISC-3, INIT-3, OUT-2, MELD-5): never a bonus
    card; not while a started first meld is short (INIT-3); not keeping cards while bound to go
    out; the last card only where going out is allowed (:func:`going_out_refusal`)."""
    if card is R3:
        return "bonus cards cannot be discarded (DISC-1)"
    hand = ctx.hand
    if not hand[card]:
        return f"the hand holds {card_name(card, 0)}"
    if ctx.short:
        return (f"the first meld is {ctx.turn.need} points short of the minimum: no discard "
                "until it is met (INIT-3)")
    if sum(hand) > 1:
        if ctx.bound:
            bound, rule = _binding(ctx.turn.question)
            return f"{bound}, and this discard would keep cards ({rule})"
        return None
    reason = going_out_refusal(ctx, ctx.turn, ctx.melds)
    if reason:
        return f"discarding the last card goes out (DISC-3), and {reason}"
    return None


def _canastas(rules: RuleSet, melds: Sequence[MeldCounts | None]) -> int:
    size = rules.canasta_size
    return sum(1 for m in melds if m is not None and m[0] + m[1] + m[2] >= size)


def going_out_refusal(ctx: Context, turn: Work | Turn,
                      melds: Sequence[MeldCounts | None]) -> str | None:
    """Whether the player may go out now, with ``turn`` (the state's turn, or the work copy
    after the action) and ``melds`` on the table (OUT-1, OUT-2, OUT-3, INIT-3, READ-4): not
    after a "no"; not short of the first-meld minimum; with the canastas OUT-1 needs; under
    ``going_out_permission = "required"`` only after a "yes", or concealed."""
    rules = ctx.rules
    if turn.question is Q_NO:
        return "the partner answered no (OUT-2)"
    if turn.need > 0:
        return f"the first meld is {turn.need} points short of the minimum (INIT-3)"
    have = _canastas(rules, melds)
    if have < rules.canastas_to_go_out:
        has = "no canasta" if have == 0 else count_phrase(have, "canasta")
        return f"the side has {has}; going out needs {rules.canastas_to_go_out} (OUT-1)"
    if needs_concealed(ctx, turn.question) and not concealed_now(ctx, turn, melds):
        return ('under going_out_permission = "required" the player goes out only after '
                'asking a partner and hearing "yes", or concealed (READ-4, OUT-3)')
    return None


def ask_refusal(ctx: Context) -> str | None:
    """Whether the player may ask "May I go out?", before TURN-0 (OUT-2, READ-4): once a turn,
    before any meld action (asked first: after a meld, the commonest refusal, the partner's
    lookup is not needed), then :func:`ask_standing_refusal`."""
    turn = ctx.turn
    if turn.question is not Q_NONE:
        return "the question has already been asked this turn (OUT-2)"
    if turn.melded:
        return "the question may be asked only before any meld action this turn (OUT-2)"
    return ask_standing_refusal(ctx)


def ask_standing_refusal(ctx: Context) -> str | None:
    """Whether the player may ask "May I go out?" at all this turn (OUT-2, READ-4): not under
    ``going_out_permission = "never"``; only with a partner. Told before the turn's step."""
    if not ctx.facts.asks:
        return 'no one asks "May I go out?" under going_out_permission = "never" (READ-4)'
    return "there is no partner to ask (OUT-2)" if partner(ctx.state) is None else None


def ask_turn0_refusal(ctx: Context, w: Work) -> str | None:
    """TURN-0 for the question (OUT-2, TURN-0): both answers must leave a legal way to finish,
    going out after a "yes" and finishing without going out after a "no"."""
    rules = ctx.rules
    sit = situation(ctx, w)
    # After a "yes" going out needs no concealment (READ-4): the question is about that.
    if not can_go_out(rules, attrs.evolve(sit, may_go_out=True, own=None)):
        return "going out is not possible this turn, so a 'yes' would leave no legal play (OUT-2)"
    if not finish_without_going_out(rules, sit):
        return "only going out can finish the turn, so a 'no' would leave no legal play (OUT-2)"
    return None


# ---------------------------------------------------------------------------------------------
# TURN-0: the player must still be able to finish the turn


def turn0_refusal(ctx: Context, w: Work, turn0: bool = True) -> str | None:
    """Whether the player can still finish the turn after an action, its work copy ``w``
    (TURN-0, INIT-3, OUT-2, MELD-5, READ-4, DISC-3): a hand that ended counts as finished unless the
    player was bound to go out; otherwise the finishing search decides (skipped with
    ``turn0=False``), and the refusal says what is missing."""
    if w.ended is not None:
        if is_bound(w.question, w.stops):
            return "the hand would end before the player, bound to go out, goes out (TURN-0)"
        return None
    if not turn0 or can_finish(ctx.rules, situation(ctx, w)):
        return None
    if is_bound(w.question, w.stops):
        bound, rule = _binding(w.question)
        return f"{bound}, and could no longer go out ({rule}, TURN-0)"
    if w.need > 0 and (w.started or any(w.waiting)):
        best = _best_first_meld(ctx.rules, w)
        minimum = w.points + w.need
        if best < minimum:
            return (f"the first meld could no longer reach the minimum of {minimum} points and "
                    f"leave a card to discard: the most this turn could still meld is {best} "
                    f"points, {minimum - best} short (INIT-3, TURN-0)")
        return (f"the first meld's minimum ({w.need} points still missing) could no longer be "
                "met with a card left to discard (INIT-3, TURN-0)")
    if needs_concealed(ctx, w.question):
        return ("it would leave the player unable to finish the turn: fewer than two cards, and "
                "going out without a 'yes' is allowed only concealed (READ-4, DISC-3, TURN-0)")
    why = going_out_refusal(ctx, w, w.melds)  # (what forbids going out outright, said too)
    return ("it would leave the player unable to finish the turn: fewer than two cards and no "
            "way to go out (DISC-3, TURN-0)" + ("" if why is None else f"; {why}"))


def _best_first_meld(rules: RuleSet, w: Work) -> int:
    """For a refusal's message: the most points the turn's first meld could still reach, the
    points melded so far and what the hand (not its stop cards) could still meld while a card
    is left to discard (waiting pile cards, once they join, can be that card)."""
    hand = list(w.hand)
    keep = sum(hand)
    hand[I_B3] = hand[I_CAL] = 0
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
# The table of checks
CHECK_FUNCTIONS: tuple[Callable[..., Any], ...] = (
    turn_step_refusal, draw_refusal, pass_refusal, caliente_refusal,  # (the turn's start)
    up_card_refusal, take_refusal, pile_frozen_for,  # (the pile)
    never_melded, meld_refusal, meld_wilds_refusal, discard_refusal, first_meld_short,
    ask_refusal, ask_standing_refusal, ask_turn0_refusal, partner, is_bound,  # (the question)
    going_out_refusal, needs_concealed, may_be_concealed, concealed_now, turn0_refusal,
)
"""Every check of this module, in the order of the turn."""

_RULE_LIST = re.compile(r"\(([A-Z]{3,5}-\d+(?:,\s+[A-Z]{3,5}-\d+)*)\)")


def rules_of(check: Callable[..., Any]) -> tuple[str, ...]:
    """The rule IDs a check decides: the first parentheses of its docstring that hold rule IDs
    alone, such as ``(PILE-3, PILE-5, READ-6)``."""
    found = _RULE_LIST.search(docstring(check))  # (compiled, read from the source)
    return tuple(re.split(r",\s+", found.group(1))) if found else ()


CONTEXT_FACTS: dict[str, tuple[str, ...]] = {"Context.opened": ("INIT-5", "PILE-3")}
"""The facts of a :class:`Context` the checks and the listing read, with the rule IDs each
decides (as in their docstrings)."""


def _checks_by_rule() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for check in CHECK_FUNCTIONS:
        for rule in rules_of(check):
            found.setdefault(rule, []).append(check.__name__)
    for name, rules in CONTEXT_FACTS.items():
        for rule in rules:
            found.setdefault(rule, []).append(name)
    return {rule: tuple(names) for rule, names in sorted(found.items())}


CHECKS: dict[str, tuple[str, ...]] = _checks_by_rule()
"""Per legality rule ID, the names of the checks of this module that decide it (see the module
docstring)."""
