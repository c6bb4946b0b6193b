"""A second, independent reading of the rules: :func:`reference_legal_actions`.

The engine's :func:`~canasta_caliente.legal_actions` is fast and built around one decision
function with a TURN-0 solver and many shortcuts. This module decides the same question again
from the text of the rules (``docs/rules/``), sharing none of that code: it imports only the
card vocabulary, :class:`~canasta_caliente.RuleSet`, the action type and the state classes,
whose fields it reads as plain facts (hands, melds, pile, stock, and the turn's recorded
first-meld points, waiting pile cards, question and meld flag).

How it decides, by brute force:

* Every candidate action is enumerated: each verb, every two-card pair of held kinds for
  ``take``, every multiset of held naturals of one rank, little wilds, big wilds and Caliente
  cards for ``meld`` (with ``on RANK`` for wilds alone), every stop set, every held kind for
  ``discard``.
* Each is decided by the rule that governs it (TURN-1 and TURN-2 for the phase; PILE-1 to
  PILE-5 and INIT-4 for a take; HOT-2 for a Caliente card; MELD-1 to MELD-6 and INIT-2,
  INIT-3 for a meld; DISC-1 to DISC-3 and OUT-1 for a discard; OUT-2 for the question), and its
  effect is simulated here on a small model of the turn: draws from the stock with bonus cards
  laid out and replaced (TURN-3, END-1), the end on the last card (END-3), the waiting pile
  cards joining once the minimum is met (INIT-4), going out (OUT-1).
* TURN-0 is then decided by a depth-first search over the ways the rest of the turn could go:
  any sequence of meld actions, then a discard or going out. Melds of different ranks commute
  and consecutive melds of one rank merge into one, so the search tries one meld per rank in
  rising rank order, restarting the order when waiting cards join the hand (the one point where
  melds do not commute), with stop sets after the naturals. The search is exhaustive within
  that order; it prunes only a turn that is short of a started first meld with fewer points in
  hand than it needs.

The answer is a tuple in the engine's documented order (:meth:`Action.sort_key`), so the two
can be compared as lists. Where the search would visit more than ``budget`` positions, it
raises :class:`ReferenceTooSlow` and callers skip that state; this happens with large hands
that must meld nearly everything (a "yes" with fifteen cards and many wilds).

:class:`ReferenceCheck` wraps the comparison for perft and random play: it lists the engine's
actions, checks them against the reference and raises :class:`ReferenceMismatch`, carrying the
state as a :func:`~canasta_caliente.dumps` document, where they differ.

>>> import canasta_caliente as cc
>>> from canasta_caliente.testing.reference import reference_legal_actions
>>> state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), "draw")
>>> reference_legal_actions(state) == cc.legal_actions(state)
True
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import Action, Verb
from ..cards import NUM_KINDS, Card
from ..rules.ruleset import RuleSet, StockOut, WildRule
from ..state.game import GameState, Phase, Question
from ._candidates import candidates

__all__ = [
    "DEFAULT_BUDGET",
    "ReferenceCheck",
    "ReferenceMismatch",
    "ReferenceTooSlow",
    "reference_legal_actions",
]

DEFAULT_BUDGET = 200_000
"""The default number of positions the TURN-0 search of one call may visit."""

_RANKS = range(11)  # the natural ranks 4 to A, as count indexes
_TWO = int(Card.TWO)
_JK = int(Card.JOKER)
_R3 = int(Card.RED_THREE)
_B3 = int(Card.BLACK_THREE)
_CAL = int(Card.CALIENTE)
_STOPS = 11  # the place of stop sets in the search's rank order: after the naturals
_NONE = (0,) * NUM_KINDS

_Meld = tuple[int, int, int] | None
"""A rank's meld as (naturals, little wilds, big wilds), or None."""


class ReferenceTooSlow(Exception):
    """The reference's search would visit more positions than its budget allows; the state is
    skipped, not decided."""


class ReferenceMismatch(AssertionError):
    """The engine's legal actions differ from the reference's. ``document`` is the state as
    :func:`~canasta_caliente.dumps` writes it, so the difference can be reproduced with
    :func:`~canasta_caliente.loads`."""

    def __init__(self, message: str, document: str) -> None:
        super().__init__(message)
        self.document = document


class _Pos(NamedTuple):
    """The player's turn, as far as finishing it goes."""

    hand: tuple[int, ...]
    melds: tuple[_Meld, ...]
    """The side's melds by natural rank."""
    stops: int
    """Stop sets the side holds (only ever melded in a going-out turn, so this turn's)."""
    need: int
    """First-meld points still needed (0 when met, or when no minimum applies)."""
    started: bool
    """The player has started the side's first meld this turn."""
    waiting: tuple[int, ...]
    """Pile cards taken under INIT-4, not yet in the hand."""
    stock: int
    """Index in the hand's deck of the stock's top card."""
    ended: bool = False
    """The hand ended during the turn by END-1 or END-3."""
    out: bool = False
    """The player went out (OUT-1)."""
    mine: int = 0
    """Bit mask of the ranks whose meld the player added cards to this turn (OUT-3)."""
    new: int = 0
    """Bit mask of the ranks whose meld the player created this turn (OUT-3)."""


class _Turn:
    """The fixed facts of one turn and the search's memory."""

    def __init__(self, rules: RuleSet, deck: tuple[Card, ...], budget: int) -> None:
        self.rules = rules
        self.deck = deck
        self.values = rules.card_values
        self.left = budget
        self.memo: dict[tuple[object, ...], bool] = {}
        self.ask_first = False  # READ-4 "required" with a partner: a "yes", or concealed
        self.concealable = False  # OUT-3, READ-5: no card melded before this turn


# ---------------------------------------------------------------------------------------------
# The rules, one function each


def _wilds_ok(rules: RuleSet, naturals: int, wilds: int) -> bool:
    """MELD-2: the wild rule and the wild cap, for a meld of these counts."""
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return False
    if rules.wild_rule is WildRule.MORE_NATURALS:
        return naturals > wilds
    if rules.wild_rule is WildRule.NOT_MORE_WILDS:
        return wilds <= naturals
    return naturals >= 2  # WildRule.TWO_NATURALS


def _canastas(rules: RuleSet, melds: tuple[_Meld, ...]) -> int:
    """MELD-4: melds of at least the canasta size."""
    return sum(1 for m in melds if m is not None and sum(m) >= rules.canasta_size)


def _may_go_out(turn: _Turn, pos: _Pos, yes: bool, no: bool) -> bool:
    """OUT-1 with INIT-3 and OUT-2: enough canastas, the minimum met, no "no" this turn; READ-4
    (``required``): a "yes" heard, or the layout concealed (OUT-3)."""
    rules = turn.rules
    if no or pos.need > 0 or _canastas(rules, pos.melds) < rules.canastas_to_go_out:
        return False
    return yes or not turn.ask_first or _concealed(turn, pos)


def _concealed(turn: _Turn, pos: _Pos) -> bool:
    """OUT-3: no card melded before this turn, and a canasta that is the player's own: one the
    player created this turn (``concealed_needs_own_canasta``), or else any meld the player added
    cards to this turn that is a canasta now."""
    if not turn.concealable:
        return False
    mask = pos.new if turn.rules.concealed_needs_own_canasta else pos.mine
    size = turn.rules.canasta_size
    return any(m is not None and mask >> r & 1 and sum(m) >= size
               for r, m in enumerate(pos.melds))


def _from_stock(turn: _Turn, hand: list[int], stock: int, count: int) -> tuple[int, bool]:
    """Take ``count`` cards from the stock into ``hand`` (fewer if it runs out). A bonus card
    drawn is laid out and replaced (TURN-3); if the stock is empty then, the hand ends (END-1).
    Returns the new stock index and whether the hand ended."""
    deck = turn.deck
    while count > 0 and stock < len(deck):
        card = deck[stock]
        stock += 1
        if card == _R3:
            if stock == len(deck):
                return stock, True
            continue  # the replacement is the next card; it does not count as drawn
        hand[card] += 1
        count -= 1
    return stock, False


def _last_card(turn: _Turn, before: int, after: int) -> bool:
    """END-3: the action took the last card of the stock, under the end-on-last-card rule."""
    end = len(turn.deck)
    return turn.rules.stock_out is StockOut.END_ON_LAST_CARD and before < end == after


def _join(turn: _Turn, hand: list[int], stock: int, cards: tuple[int, ...]) -> tuple[int, bool]:
    """Pile cards join the hand (PILE-1, INIT-4): bonus cards are laid out, and replaced from
    the stock where ``bonus_from_pile_replaced`` says so (TURN-3, END-1)."""
    for kind in range(NUM_KINDS):
        if kind != _R3:
            hand[kind] += cards[kind]
    if turn.rules.bonus_from_pile_replaced:
        for _ in range(cards[_R3]):
            if stock == len(turn.deck):
                return stock, True
            stock, ended = _from_stock(turn, hand, stock, 1)
            if ended:
                return stock, True
    return stock, False


def _after_meld(
    turn: _Turn, pos: _Pos, hand: list[int], melds: tuple[_Meld, ...], stops: int, points: int,
    no: bool, yes: bool = False, rank: int | None = None,
) -> _Pos | None:
    """The turn after a meld action worth ``points`` (a take's meld included): the points count
    toward a pending minimum (INIT-2, INIT-3), the waiting cards join once it is met (INIT-4),
    and a hand emptied is going out, refused where going out is not allowed (OUT-1)."""
    need, started, waiting, stock, ended = pos.need, pos.started, pos.waiting, pos.stock, False
    if need > 0:
        started = True
        need = max(0, need - points)
    if need == 0 and any(waiting):
        stock, ended = _join(turn, hand, stock, waiting)
        ended = ended or _last_card(turn, pos.stock, stock)
        waiting = _NONE
    mine, new = pos.mine, pos.new
    if rank is not None:  # the meld of rank had cards added by the player (OUT-3)
        mine |= 1 << rank
        if pos.melds[rank] is None:
            new |= 1 << rank
    nxt = _Pos(tuple(hand), melds, stops, need, started, waiting, stock, ended, False, mine, new)
    if not ended and not any(hand) and not any(waiting):
        if not _may_go_out(turn, nxt, yes, no):
            return None
        return nxt._replace(out=True)
    return nxt


def _meld(
    turn: _Turn, pos: _Pos, rank: int, naturals: int, twos: int, jokers: int, no: bool,
    yes: bool = False,
) -> _Pos | None:
    """A meld of naturals of ``rank`` and wilds (MELD-1 to MELD-4), or None where a rule
    refuses it (TURN-0 aside)."""
    hand = pos.hand
    if naturals > hand[rank] or twos > hand[_TWO] or jokers > hand[_JK]:
        return None
    old = pos.melds[rank]
    if old is None:
        # MELD-1: a new meld is 3 or more cards with a natural; wilds alone join a meld.
        if naturals == 0 or naturals + twos + jokers < 3:
            return None
        old = (0, 0, 0)
    new = (old[0] + naturals, old[1] + twos, old[2] + jokers)
    if not _wilds_ok(turn.rules, new[0], new[1] + new[2]):
        return None
    rest = list(hand)
    rest[rank] -= naturals
    rest[_TWO] -= twos
    rest[_JK] -= jokers
    melds = (*pos.melds[:rank], new, *pos.melds[rank + 1:])  # MELD-3: the side's one meld
    values = turn.values
    points = naturals * values[rank] + twos * values[_TWO] + jokers * values[_JK]
    return _after_meld(turn, pos, rest, melds, pos.stops, points, no, yes, rank)


def _stop_meld(
    turn: _Turn, pos: _Pos, count: int, no: bool, yes: bool = False
) -> _Pos | None:
    """MELD-5: a set of 3 or 4 stop cards, on its own."""
    if count not in (3, 4) or pos.hand[_B3] < count:
        return None
    rest = list(pos.hand)
    rest[_B3] -= count
    return _after_meld(turn, pos, rest, pos.melds, pos.stops + 1, count * turn.values[_B3], no,
                       yes)


def _bound(pos: _Pos, yes: bool) -> bool:
    """Bound to go out this turn: a "yes" (OUT-2) or a stop set melded (MELD-5)."""
    return yes or pos.stops > 0


def _discard_finishes(turn: _Turn, pos: _Pos, yes: bool, no: bool) -> bool:
    """Some discard now ends the turn legally (DISC-1 to DISC-3): not short of a started first
    meld (INIT-3); the last card only when going out is allowed (OUT-1); otherwise not bound to
    go out (OUT-2, MELD-5). A hand never holds a bonus card, so any held card can go."""
    if pos.need > 0 and pos.started:
        return False
    held = sum(pos.hand)
    if held == 0:
        return False
    if held == 1:
        return not any(pos.waiting) and _may_go_out(turn, pos, yes, no)
    return not _bound(pos, yes)


def _finishes(turn: _Turn, pos: _Pos, yes: bool, no: bool, first: int = 0) -> bool:
    """TURN-0: from ``pos``, some sequence of meld actions of ranks from ``first`` on (stop
    sets last) ends in a legal discard, in going out, or in the end of the hand while not
    bound to go out."""
    if pos.out:
        return True
    if pos.ended:
        return not _bound(pos, yes)
    if _discard_finishes(turn, pos, yes, no):
        return True
    key = (pos, first, yes, no)
    known = turn.memo.get(key)
    if known is not None:
        return known
    turn.left -= 1
    if turn.left < 0:
        raise ReferenceTooSlow("the TURN-0 search ran out of its budget")
    turn.memo[key] = False
    hand = pos.hand
    if _bound(pos, yes) and not any(pos.waiting):
        # Bound to go out with no cards to join: every card must leave the hand, and at most
        # one by the final discard. Naturals of the ranks the order has passed and Caliente
        # cards (MELD-6) can leave only that way.
        stranded = hand[_CAL] + sum(hand[r] for r in range(min(first, len(_RANKS))))
        if stranded > 1:
            return False
    if pos.need > 0 and pos.started:
        # Short of a started first meld: only melds can help, and all the hand holds (the
        # waiting cards join only once the minimum is met) must be able to make up the rest.
        meldable = sum(hand[k] * turn.values[k] for k in (*_RANKS, _TWO, _JK, _B3))
        if meldable < pos.need:
            return False
    waiting = any(pos.waiting)
    found = False
    for rank in range(first, len(_RANKS)):
        for n in range(hand[rank] + 1):
            for t in range(hand[_TWO] + 1):
                for j in range(hand[_JK] + 1):
                    if n + t + j == 0:
                        continue
                    nxt = _meld(turn, pos, rank, n, t, j, no, yes)
                    if nxt is None:
                        continue
                    joined = waiting and not any(nxt.waiting)
                    if _finishes(turn, nxt, yes, no, 0 if joined else rank + 1):
                        found = True
                        break
                if found:
                    break
            if found:
                break
        if found:
            break
    if not found and first <= _STOPS:
        for count in (3, 4):
            nxt = _stop_meld(turn, pos, count, no, yes)
            if nxt is None:
                continue
            joined = waiting and not any(nxt.waiting)
            if _finishes(turn, nxt, yes, no, 0 if joined else _STOPS):
                found = True
                break
    turn.memo[key] = found
    return found


# ---------------------------------------------------------------------------------------------
# Reading the state


def _side_of(rules: RuleSet, seat: int) -> int:
    """SEAT-1, SEAT-2: the index of the side that holds ``seat``."""
    return next(i for i, side in enumerate(rules.layout) if seat in side)


def _partner(state: GameState) -> int | None:
    """OUT-2: the next active partner in turn order of the player whose turn it is."""
    t = state.table
    order = t.order
    side = _side_of(state.rules, order[t.turn_index])
    for k in range(1, len(order)):
        seat = order[(t.turn_index + k) % len(order)]
        if _side_of(state.rules, seat) == side:
            return seat
    return None


def _game_won(state: GameState) -> bool:
    """GAME-1: some side has the target and is strictly ahead of every other; READ-2: with
    ``tie_break = "went_out"`` a tie for that lead is won by the tied side whose player went
    out in the last hand."""
    scores = state.scores
    best = max(scores)
    if not state.hand_results or best < state.rules.target_score:
        return False
    if scores.count(best) == 1:
        return True
    seat = state.hand_results[-1].went_out
    return (state.rules.tie_break == "went_out" and seat is not None
            and scores[_side_of(state.rules, seat)] == best)


def _turn_start(state: GameState) -> _Pos:
    """The turn as the draw phase leaves it: the side's minimum pending if it has not melded
    this hand (INIT-1, INIT-5), nothing started, nothing waiting."""
    rules = state.rules
    t = state.table
    side_no = _side_of(rules, t.turn.player)
    side = t.sides[side_no]
    opened = any(m is not None for m in side.melds) or bool(side.stop_melds)
    need = 0 if opened else rules.minimum_for(state.scores[side_no])
    return _Pos(t.hands[t.turn.player], side.melds, len(side.stop_melds), need, False, _NONE,
                t.stock_pos)


def _turn_now(state: GameState) -> _Pos:
    """The turn in its play phase. The first-meld need is the side's minimum less the points
    recorded as melded this turn (INIT-2), where the side had no meld before this turn (a meld
    the player did not create this turn); started means the side now has a meld."""
    rules = state.rules
    t = state.table
    turn = t.turn
    seat = t.order[t.turn_index]
    side_no = _side_of(rules, seat)
    side = t.sides[side_no]
    before = any(m is not None and not turn.created >> r & 1 for r, m in enumerate(side.melds))
    need = 0 if before else max(0, rules.minimum_for(state.scores[side_no]) - turn.points)
    has_meld = any(m is not None for m in side.melds) or bool(side.stop_melds)
    started = need > 0 and (has_meld or any(turn.waiting))
    return _Pos(t.hands[seat], side.melds, len(side.stop_melds), need, started, turn.waiting,
                t.stock_pos, mine=turn.touched, new=turn.created)


def _read_going_out(turn: _Turn, state: GameState) -> None:
    """READ-4 and OUT-3 (READ-5) for the turn of ``state``: whether going out needs a "yes"
    unless concealed (``going_out_permission = "required"`` and a partner to ask), and whether
    the turn can be concealed at all (no card melded before it by the player, or under
    ``concealed_scope = "side"`` by anyone of the side)."""
    rules = state.rules
    t = state.table
    turn.ask_first = rules.going_out_permission == "required" and _partner(state) is not None
    player = t.turn.player
    if t.turn.had_melded:
        turn.concealable = False
    elif rules.concealed_scope == "side":
        side = rules.layout[_side_of(rules, player)]
        turn.concealable = not any(t.melded_seats >> seat & 1 for seat in side
                                   if seat != player)
    else:
        turn.concealable = True


# ---------------------------------------------------------------------------------------------
# The draw actions


def _draw(turn: _Turn, state: GameState) -> _Pos | None:
    """TURN-2: a draw from the stock, of ``draw_count`` cards or what is left (END-2)."""
    pos = _turn_start(state)
    if pos.stock == len(turn.deck):
        return None
    hand = list(pos.hand)
    stock, ended = _from_stock(turn, hand, pos.stock, state.rules.draw_count)
    ended = ended or _last_card(turn, pos.stock, stock)
    return pos._replace(hand=tuple(hand), stock=stock, ended=ended)


def _caliente(turn: _Turn, state: GameState) -> _Pos | None:
    """HOT-2: a Caliente card played while the stock is not empty (READ-8: or at any time, under
    ``caliente_on_empty_stock``), by a side with no more melds than each other side; the hand
    refills to the deal's size from what the stock holds."""
    rules = state.rules
    t = state.table
    pos = _turn_start(state)
    if not pos.hand[_CAL]:
        return None
    if pos.stock == len(turn.deck) and not rules.caliente_on_empty_stock:
        return None
    counts = [sum(1 for m in s.melds if m is not None) + len(s.stop_melds) for s in t.sides]
    mine = counts[_side_of(rules, t.turn.player)]
    if any(mine > other for other in counts):
        return None
    hand = list(pos.hand)
    hand[_CAL] -= 1
    stock, ended = _from_stock(turn, hand, pos.stock, rules.hand_size - sum(hand))
    ended = ended or _last_card(turn, pos.stock, stock)
    return pos._replace(hand=tuple(hand), stock=stock, ended=ended)


def _take(turn: _Turn, state: GameState, cards: tuple[Card, ...]) -> _Pos | None:
    """PILE-1 to PILE-5 and INIT-4: take the pile with two cards from hand, or (no cards) by
    laying the up card off on the side's meld of its rank."""
    rules = state.rules
    pile = state.table.pile
    if not pile or not pile[-1].is_natural:
        return None  # PILE-2: blocked by a stop or Caliente card; a wild is never taken
    up = int(pile[-1])
    pos = _turn_start(state)
    hand = list(pos.hand)
    for card in cards:
        hand[card] -= 1
    if min(hand) < 0:
        return None
    opened = any(m is not None for m in pos.melds) or pos.stops > 0
    # PILE-3; READ-6: a stop card freezes too when the rules say so
    freezer = any(c in (Card.TWO, Card.JOKER, Card.RED_THREE)
                  or (c == Card.BLACK_THREE and rules.stop_card_freezes) for c in pile)
    naturals = sum(1 for c in cards if c == up)
    wilds = sum(1 for c in cards if c.is_wild)
    meld = pos.melds[up]
    if cards:
        # A natural pair takes any pile (PILE-3, PILE-4, PILE-5, INIT-4); a natural and a wild
        # only a pile open for the side (PILE-4).
        pair = len(cards) == 2 and naturals == 2
        mixed = len(cards) == 2 and naturals == 1 and wilds == 1
        open_pile = opened and not freezer and not rules.always_frozen
        if not (pair or (mixed and open_pile)):
            return None
        if (pair and rules.always_frozen and not rules.pile_pair_onto_canasta
                and meld is not None and sum(meld) >= rules.canasta_size):
            return None  # READ-7: the up card may not end in a canasta complete before
    else:
        if not opened or meld is None:
            return None  # INIT-4 needs the natural pair; PILE-4 a meld to lay off on
        if rules.always_frozen:
            if sum(meld) >= rules.canasta_size:
                return None  # PILE-5: only onto a meld that is not yet a canasta
        elif freezer:
            return None  # PILE-3: a frozen pile is taken only with a natural pair
    old = meld or (0, 0, 0)
    twos = sum(1 for c in cards if c == Card.TWO)
    jokers = sum(1 for c in cards if c == Card.JOKER)
    new = (old[0] + 1 + naturals, old[1] + twos, old[2] + jokers)
    if not _wilds_ok(rules, new[0], new[1] + new[2]):
        return None  # PILE-1: the meld with the up card obeys MELD-2
    melds = (*pos.melds[:up], new, *pos.melds[up + 1:])
    rest = [0] * NUM_KINDS
    for card in pile[:-1]:
        rest[card] += 1
    if not opened:
        # INIT-4: the up card and the hand's cards count; the rest of the pile waits.
        points = turn.values[up] + sum(turn.values[c] for c in cards)
        waiting = pos._replace(waiting=tuple(rest))
        return _after_meld(turn, waiting, hand, melds, pos.stops, points, False, False, up)
    stock, ended = _join(turn, hand, pos.stock, tuple(rest))
    ended = ended or _last_card(turn, pos.stock, stock)
    nxt = pos._replace(hand=tuple(hand), melds=melds, stock=stock, ended=ended,
                       mine=pos.mine | 1 << up,
                       new=pos.new | (1 << up if meld is None else 0))
    if not ended and not any(hand):
        if not _may_go_out(turn, nxt, False, False):
            return None
        return nxt._replace(out=True)
    return nxt


# ---------------------------------------------------------------------------------------------
# The verdicts (the candidates: :mod:`canasta_caliente.testing._candidates`)


def _legal(turn: _Turn, state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (not over), by the rules' text."""
    phase = state.table.turn.phase
    verb = action.verb
    if phase is Phase.ANSWER:
        return verb in (Verb.YES, Verb.NO)  # OUT-2: the partner answers, either way
    if phase is Phase.DRAW:
        # TURN-1, TURN-2: exactly one draw action opens the turn.
        if verb is Verb.PASS:
            return state.table.stock_size == 0  # END-2; the hand ends, the turn is finished
        if verb is Verb.DRAW:
            pos = _draw(turn, state)
        elif verb is Verb.CALIENTE:
            pos = _caliente(turn, state)
        elif verb is Verb.TAKE:
            pos = _take(turn, state, action.cards)
        else:
            return False
        return pos is not None and _finishes(turn, pos, False, False)
    # The play phase: melds, then a discard; the question before any meld (TURN-1, OUT-2).
    turn_state = state.table.turn
    yes = turn_state.question is Question.YES
    no = turn_state.question is Question.NO
    pos = _turn_now(state)
    if verb is Verb.MELD:
        cards = action.cards
        if Card.CALIENTE in cards or Card.RED_THREE in cards:
            return False  # MELD-6
        if cards[0] == Card.BLACK_THREE:
            nxt = _stop_meld(turn, pos, len(cards), no, yes)
        else:
            rank = action.rank
            if rank is None:
                return False
            nxt = _meld(turn, pos, int(rank), cards.count(rank), cards.count(Card.TWO),
                        cards.count(Card.JOKER), no, yes)
        return nxt is not None and _finishes(turn, nxt, yes, no)
    if verb is Verb.DISCARD:
        card = action.cards[0]
        if card == Card.RED_THREE or not pos.hand[card]:
            return False  # DISC-1
        if pos.need > 0 and pos.started:
            return False  # INIT-3
        if sum(pos.hand) == 1:
            return _may_go_out(turn, pos, yes, no)  # DISC-3, OUT-1, READ-4
        return not _bound(pos, yes)  # OUT-2, MELD-5
    if verb is Verb.ASK:
        if (turn_state.question is not Question.NONE or turn_state.melded
                or _partner(state) is None):
            return False
        if state.rules.going_out_permission == "never":
            return False  # READ-4: the question does not exist
        # Both answers must leave a way to finish: going out after a "yes", finishing
        # without going out after a "no" (TURN-0).
        return _finishes(turn, pos, True, False) and _finishes(turn, pos, False, True)
    return False


def reference_legal_actions(
    state: GameState, *, budget: int = DEFAULT_BUDGET
) -> tuple[Action, ...]:
    """The legal actions of ``state`` decided from the rules' text alone, by brute force, in the
    order of :func:`~canasta_caliente.legal_actions` (by :meth:`Action.sort_key`).

    Shares no decision code with the engine (see :mod:`canasta_caliente.testing.reference`). Raises
    :class:`ReferenceTooSlow` when the TURN-0 search would visit more than ``budget``
    positions; callers skip such a state.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.testing import reference_legal_actions
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    >>> [str(a) for a in reference_legal_actions(state)]
    ['draw']
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if state.over:
        return () if _game_won(state) else (Action(Verb.DEAL),)
    turn = _Turn(state.rules, state.table.deck, budget)
    _read_going_out(turn, state)
    legal = {a for a in candidates(state) if _legal(turn, state, a)}
    return tuple(sorted(legal, key=Action.sort_key))


def reference_difference(state: GameState, *, budget: int = DEFAULT_BUDGET) -> str | None:
    """How :func:`~canasta_caliente.legal_actions` differs from the reference in ``state``:
    ``None`` when the lists are equal, otherwise what one lists that the other does not, or
    the two orders. Raises :class:`ReferenceTooSlow` as the reference does."""
    from ..engine import legal_actions

    ref = reference_legal_actions(state, budget=budget)
    legal = legal_actions(state)
    if ref == legal:
        return None
    extra = sorted(map(str, set(legal) - set(ref)))
    missing = sorted(map(str, set(ref) - set(legal)))
    if extra or missing:
        return (f"legal_actions lists {extra} that the reference refuses and misses "
                f"{missing} that it allows")
    return (f"legal_actions orders them {[str(a) for a in legal]}, the reference "
            f"{[str(a) for a in ref]}")


class ReferenceCheck:
    """A generator for :func:`~canasta_caliente.testing.perft` that lists the engine's actions
    after checking them against the reference, node by node.

    Raises :class:`ReferenceMismatch` at the first state where they differ; counts the states
    checked and those skipped because the reference was too slow there.

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.testing import ReferenceCheck, perft
    >>> check = ReferenceCheck()
    >>> perft(cc.new_game(cc.RuleSet.preset("caliente"), seed=3), 2, check) > 0
    True
    >>> check.checked > 0, check.skipped
    (True, 0)
    """

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.checked = 0
        """States where the engine and the reference were compared."""
        self.skipped = 0
        """States the reference could not decide within its budget."""

    def __call__(self, state: GameState) -> tuple[Action, ...]:
        """The engine's legal actions in ``state``, once checked against the reference."""
        from ..engine import legal_actions
        from ..records.storage import dumps

        try:
            problem = reference_difference(state, budget=self.budget)
        except ReferenceTooSlow:
            self.skipped += 1
            return legal_actions(state)
        self.checked += 1
        if problem is not None:
            raise ReferenceMismatch(f"{problem}\nstate: {dumps(state)}", dumps(state))
        return legal_actions(state)
