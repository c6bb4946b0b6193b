"""The rules engine: :func:`new_game`, :func:`legal_actions` and :func:`apply`.

One function, :func:`_evaluate`, decides whether an action is legal and, if so, what follows.
:func:`legal_actions` lists the candidates it accepts and :func:`apply` runs it, so the two
cannot disagree; :func:`illegal_reason` exposes its verdict.

The order of :func:`legal_actions` is documented and deterministic: by verb (``draw``, ``take``,
``caliente``, ``pass``, ``meld``, ``discard``, ``ask``, ``yes``, ``no``, ``deal``), then by the
cards in canonical order, then by the ``on`` rank.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import TypeVar, cast

from .actions import Action, Verb, parse_action
from .cards import NATURALS, NUM_KINDS, Card, counts_from_cards, parse_cards
from .errors import IllegalActionError, NotationError
from .rules import RuleSet, StockOut, WildRule, per_ruleset
from .scoring import score_hand
from .solver import B3 as _B3_I  # the card kinds as plain ints, to index count tuples
from .solver import CAL as _CAL_I
from .solver import JOKER as _JOKER_I
from .solver import R3 as _R3_I
from .solver import TWO as _TWO_I
from .solver import (
    Situation,
    can_finish,
    can_go_out,
    cards_within,
    finish_without_going_out,
    go_out_after_meld,
    go_out_possible,
    going_out_discards,
    meld_caps,
    meld_is_valid,
    most_points,
    too_few_wilds_for,
)
from .state import (
    FREEZERS,
    NO_WAITING,
    NUM_RANKS,
    GameState,
    HandEnd,
    MeldCounts,
    Phase,
    Question,
    SideTable,
    Table,
    Turn,
    make_side,
    make_state,
    make_table,
    make_turn,
)

# Enum members as module constants: the hot paths read them often.
_P_DRAW = Phase.DRAW
_P_PLAY = Phase.PLAY
_P_ANSWER = Phase.ANSWER
_Q_NONE = Question.NONE
_Q_ASKED = Question.ASKED
_Q_YES = Question.YES
_Q_NO = Question.NO
_V_DRAW = Verb.DRAW
_V_TAKE = Verb.TAKE
_V_CALIENTE = Verb.CALIENTE
_V_PASS = Verb.PASS
_V_MELD = Verb.MELD
_V_DISCARD = Verb.DISCARD
_V_ASK = Verb.ASK
_V_YES = Verb.YES
_V_NO = Verb.NO
_V_DEAL = Verb.DEAL

__all__ = [
    "apply",
    "illegal_reason",
    "is_legal",
    "legal_actions",
    "new_game",
    "turn_order",
]

TWO = Card.TWO
JOKER = Card.JOKER
R3 = Card.RED_THREE
B3 = Card.BLACK_THREE
CAL = Card.CALIENTE
ZERO = NO_WAITING
_ALWAYS_FREEZE = frozenset({TWO, JOKER, R3})
_T = TypeVar("_T")


# ---------------------------------------------------------------------------------------------
# Seats, the deck and the deal


def turn_order(rules: RuleSet, hand_number: int) -> tuple[int, ...]:
    """The active seats of a hand in turn order, from its first player (SEAT-3, SEAT-4)."""
    active: list[list[int]] = []
    for side in rules.layout:
        members = list(side)
        if rules.sits_out and len(members) == 3:
            members.remove(members[-(1 + (hand_number - 1) % 3)])
        active.append(members)
    order: list[int] = []
    for i in range(max(len(m) for m in active)):
        for members in active:
            if i < len(members):
                order.append(members[i])
    shift = (hand_number - 1) % len(order)
    return tuple(order[shift:] + order[:shift])


def _make_full_deck(rules: RuleSet) -> tuple[Card, ...]:
    deck: list[Card] = []
    for kind, n in enumerate(rules.deck_counts):
        deck.extend([Card(kind)] * n)
    return tuple(deck)


_full_deck = per_ruleset(_make_full_deck)
"""The rules' deck in card order, per RuleSet."""


def _shuffled_deck(rules: RuleSet, seed: int, hand_number: int) -> tuple[Card, ...]:
    deck = list(_full_deck(rules))
    _shuffle(random.Random(f"canasta-caliente:{seed}:{hand_number}"), deck)
    return tuple(deck)


def _shuffle(rng: random.Random, items: list[_T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle`` does in Python 3.11 to 3.13
    (Fisher-Yates, each index drawn by rejection from ``getrandbits``), with the calls
    inlined: a seed's decks stay the same whatever later Pythons do to ``shuffle``."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _stacked_deck(rules: RuleSet, seed: int, stacked: Sequence[Card | str]) -> tuple[Card, ...]:
    try:
        top = parse_cards(stacked)
    except NotationError as exc:
        raise ValueError(f"deck: {exc}") from None
    have = list(rules.deck_counts)
    for card in top:
        if have[card] == 0:
            if rules.deck_counts[card] == 0:
                raise ValueError(f"deck: the rules' deck has no {card} card")
            raise ValueError(
                f"deck: too many {card} cards (the rules' deck has {rules.deck_counts[card]})"
            )
        have[card] -= 1
    rest: list[Card] = []
    for kind, n in enumerate(have):
        rest.extend([Card(kind)] * n)
    random.Random(f"canasta-caliente:{seed}:1").shuffle(rest)
    return tuple(top) + tuple(rest)


def new_game(
    rules: RuleSet,
    *,
    seed: int | None = None,
    deck: Sequence[Card | str] | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """The state of a new game with its first hand dealt.

    ``seed`` fixes every shuffle of the game. ``deck`` stacks the first hand: its cards come
    first (in the deal order of DEAL-2: one card at a time to each active player in turn
    order from the first player, then the up card, then bonus-card replacements, then the
    stock, top first), the rest of the deck follows shuffled by ``seed``. ``scores``
    sets the sides' starting game scores.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=7)
    >>> state.hand_number, state.current_player, len(state.hand(0))
    (1, 0, 11)
    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    n_sides = len(rules.layout)
    if scores is None:
        start = (0,) * n_sides
    else:
        start = tuple(scores)
        if len(start) != n_sides or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in start
        ):
            raise ValueError(f"scores: expected {n_sides} integers, one per side, got {scores!r}")
    cards = _stacked_deck(rules, seed, deck) if deck is not None else _shuffled_deck(
        rules, seed, 1
    )
    return _deal(rules, seed, 1, start, (), cards)


def _deal(
    rules: RuleSet,
    seed: int,
    hand_number: int,
    scores: tuple[int, ...],
    results: tuple[object, ...],
    deck: tuple[Card, ...],
) -> GameState:
    orders = _turn_orders(rules)
    order = orders.get(hand_number)
    if order is None:
        order = turn_order(rules, hand_number)
        if len(orders) < 64:  # (games rarely last longer; later hands are computed)
            orders[hand_number] = order
    hands = [[0] * NUM_KINDS for _ in range(rules.players)]
    # DEAL-2: one card at a time to each active player in turn, so the card at position p
    # goes to order[p % len(order)].
    pos = len(order) * rules.hand_size
    for i, seat in enumerate(order):
        hand = hands[seat]
        for card in deck[i:pos:len(order)]:
            hand[card] += 1
    pile: list[Card] = []
    while pos < len(deck):  # DEAL-3
        card = deck[pos]
        pos += 1
        pile.append(card)
        if card not in _ALWAYS_FREEZE:
            break
    laid = [0] * len(rules.layout)
    side_of = _side_index(rules)
    ended: HandEnd | None = None
    for seat in order:  # DEAL-4
        hand = hands[seat]
        while hand[_R3_I]:
            # Bonus cards never stay in a hand (TURN-3): once the hand has ended they are
            # still laid out, just not replaced.
            hand[_R3_I] -= 1
            laid[side_of[seat]] += 1
            if ended is not None:
                continue
            if pos == len(deck):
                ended = HandEnd.BONUS_NOT_REPLACED
                continue
            hand[deck[pos]] += 1
            pos += 1
            if pos == len(deck) and rules.stock_out is StockOut.END_ON_LAST_CARD:
                ended = HandEnd.LAST_CARD
    first = order[0]
    table = make_table(
        deck,
        pos,
        tuple(tuple(h) for h in hands),
        tuple(pile),
        tuple(make_side(_NO_MELDS, (), n) for n in laid),
        order,
        0,
        _draw_turn(first, rules.minimum_for(scores[side_of[first]]), False),
    )
    state = make_state(rules, seed, hand_number, scores, table, tuple(results))
    if ended is not None:
        return _end_hand(state, table, ended, None)
    return state


_turn_orders: Callable[[RuleSet], dict[int, tuple[int, ...]]] = per_ruleset(lambda rules: {})
"""Per RuleSet, the :func:`turn_order` of each hand number dealt."""

_DRAW_TURNS: dict[tuple[int, int, bool], Turn] = {}


def _draw_turn(seat: int, need: int, had_melded: bool) -> Turn:
    """The turn of ``seat`` at its start (interned: states share it)."""
    key = (seat, need, had_melded)
    turn = _DRAW_TURNS.get(key)
    if turn is None:
        turn = _DRAW_TURNS[key] = Turn(_P_DRAW, seat, need=need, had_melded=had_melded)
    return turn


def _make_side_index(rules: RuleSet) -> tuple[int, ...]:
    out = [0] * rules.players
    for i, side in enumerate(rules.layout):
        for seat in side:
            out[seat] = i
    return tuple(out)


_side_index = per_ruleset(_make_side_index)
"""Per seat, the index of its side, per RuleSet."""


# ---------------------------------------------------------------------------------------------
# The work copy: an action's effects are computed on it, then frozen into the next state.


class _Work:
    """A mutable copy of the parts of a state an action may change."""

    __slots__ = (
        "calientes",
        "created",
        "ended",
        "hand",
        "laid_out",
        "melded",
        "melds",
        "need",
        "phase",
        "pile",
        "player",
        "points",
        "pos",
        "question",
        "seat",
        "side",
        "started",
        "stops",
        "took_last",
        "touched",
        "waiting",
    )

    def __init__(self, state: GameState) -> None:
        t = state.table
        turn = t.turn
        self.seat = t.order[t.turn_index]
        self.side = _side_index(state.rules)[self.seat]
        st = t.sides[self.side]
        self.hand = list(t.hands[self.seat])
        self.melds: list[MeldCounts | None] = list(st.melds)
        self.stops = st.stop_melds
        self.laid_out = st.laid_out
        self.calientes = st.caliente_played
        self.pile = t.pile
        self.pos = t.stock_pos
        self.phase = turn.phase
        self.player = turn.player
        self.need = turn.need
        self.started = turn.started
        self.melded = turn.melded
        self.points = turn.points
        self.waiting = turn.waiting
        self.question = turn.question
        self.touched = turn.touched
        self.created = turn.created
        self.ended: HandEnd | None = None
        self.took_last = False


def _draw(rules: RuleSet, deck: tuple[Card, ...], w: _Work, count: int) -> None:
    """Draw ``count`` cards into the hand, laying out and replacing bonus cards (TURN-3), up to
    the end of the stock; END-1 ends the hand when a bonus card cannot be replaced."""
    end = len(deck)
    got = 0
    while got < count and w.pos < end:
        card = deck[w.pos]
        w.pos += 1
        if w.pos == end:
            w.took_last = True
        if card is R3:
            w.laid_out += 1
            if w.pos == end:
                w.ended = HandEnd.BONUS_NOT_REPLACED
                return
            count += 1
            got += 1
            continue
        w.hand[card] += 1
        got += 1


def _join(rules: RuleSet, deck: tuple[Card, ...], w: _Work, counts: Sequence[int]) -> None:
    """Pile cards join the hand: bonus cards are laid out, and replaced if the rules say so
    (TURN-3); END-1 ends the hand when one cannot be replaced."""
    hand = w.hand
    for kind in range(NUM_KINDS):
        if kind != R3 and counts[kind]:
            hand[kind] += counts[kind]
    bonus = counts[_R3_I]
    if not bonus:
        return
    w.laid_out += bonus
    if rules.bonus_from_pile_replaced:
        for _ in range(bonus):
            if w.pos == len(deck):
                w.ended = HandEnd.BONUS_NOT_REPLACED
                return
            _draw(rules, deck, w, 1)
            if w.ended is not None:
                return


def _check_last_card(rules: RuleSet, w: _Work) -> None:
    """END-3: an action that took the last card of the stock ends the hand."""
    if w.took_last and w.ended is None and rules.stock_out is StockOut.END_ON_LAST_CARD:
        w.ended = HandEnd.LAST_CARD


def _joined_preview(
    rules: RuleSet, deck: tuple[Card, ...], pos: int, waiting: tuple[int, ...]
) -> tuple[tuple[int, ...], bool]:
    """What joining the waiting cards would add to the hand, and whether it ends the hand."""
    probe = _Work.__new__(_Work)
    probe.hand = [0] * NUM_KINDS
    probe.laid_out = 0
    probe.pos = pos
    probe.ended = None
    probe.took_last = False
    _join(rules, deck, probe, waiting)
    _check_last_card(rules, probe)
    return tuple(probe.hand), probe.ended is not None


def _situation(state: GameState, w: _Work) -> Situation:
    rules = state.rules
    joined: tuple[int, ...] | None = None
    ends = False
    if any(w.waiting):
        joined, ends = _joined_preview(rules, state.table.deck, w.pos, w.waiting)
    return Situation(
        hand=tuple(w.hand),
        melds=tuple(w.melds),
        need=w.need,
        started=w.started,
        joined=joined,
        join_ends_hand=ends,
        may_go_out=w.question is not _Q_NO,
        bound=w.question is _Q_YES or bool(w.stops),
    )


def _add_points(rules: RuleSet, deck: tuple[Card, ...], w: _Work, value: int) -> None:
    """Count melded values toward the first-meld minimum; once met, waiting cards join."""
    if w.need <= 0:
        return
    w.started = True
    w.points += value
    w.need -= value
    if w.need <= 0:
        w.need = 0
        waiting = w.waiting
        w.waiting = ZERO
        if any(waiting):
            _join(rules, deck, w, waiting)
            _check_last_card(rules, w)


def _canastas(rules: RuleSet, melds: Iterable[MeldCounts | None]) -> int:
    size = rules.canasta_size
    return sum(1 for m in melds if m is not None and m[0] + m[1] + m[2] >= size)


# ---------------------------------------------------------------------------------------------
# The one place that decides legality


def _evaluate(
    state: GameState, action: Action, turn0: bool = True, build: bool = True
) -> _Work | str | None:
    """The work copy after ``action`` if it is legal in ``state``; otherwise why not.

    With ``turn0=False`` the TURN-0 search is skipped (every other rule still applies): the
    brute-force reference of :mod:`canasta_caliente.testing` decides TURN-0 on its own. With
    ``build=False`` a legal meld or discard may be reported as ``None`` without its work copy,
    where the verdict needs none (the list of legal actions does not).
    """
    if state.over:
        if action.verb is _V_DEAL:
            if state.is_game_over:
                return "the game is over"
            w = _Work.__new__(_Work)
            return w
        if state.is_game_over:
            return "the game is over"
        return "the hand is over: the next action is deal"
    phase = state.table.turn.phase
    verb = action.verb
    if verb is _V_DEAL:
        return "the hand is still being played"
    if phase is _P_ANSWER:
        if verb is _V_YES or verb is _V_NO:
            w = _Work(state)
            w.question = _Q_YES if verb is _V_YES else _Q_NO
            w.phase = _P_PLAY
            w.player = w.seat
            return w
        return f"player {state.table.turn.player} must answer the question \"May I go out?\""
    if verb is _V_YES or verb is _V_NO:
        return "no question has been asked"
    if phase is _P_DRAW:
        if verb is _V_DRAW:
            if not build and state.table.stock_size:
                # TURN-0 always holds after a draw: a turn starts with at least one card in
                # hand (the last turn kept one), so at least two are held, no first meld is
                # started and nothing binds; or the draw ended the hand (END-1, END-3).
                return None
            return _eval_draw(state, turn0)
        if verb is _V_TAKE:
            return _eval_take(state, action, turn0, build)
        if verb is _V_CALIENTE:
            return _eval_caliente(state, turn0)
        if verb is _V_PASS:
            if state.table.stock_size:
                return "pass is allowed only when the stock is empty (END-2)"
            w = _Work(state)
            w.ended = HandEnd.PASSED
            return w
        return f"player {state.table.turn.player} must first draw, take the pile or pass (TURN-1)"
    # The play phase.
    if verb in (_V_DRAW, _V_TAKE, _V_CALIENTE, _V_PASS):
        return "the draw action has already been made this turn (TURN-1)"
    if verb is _V_MELD:
        return _eval_meld(state, action, turn0, build)
    if verb is _V_DISCARD:
        return _eval_discard(state, action, build)
    if verb is _V_ASK:
        return _eval_ask(state, turn0)
    return f"{verb.value} is not possible now"  # pragma: no cover - every verb is handled


def _finish(state: GameState, w: _Work, turn0: bool = True) -> _Work | str:
    """TURN-0: after the action, the player must still be able to finish the turn."""
    if w.ended is not None:
        if w.question is _Q_YES or w.stops:
            return "the hand would end before the player, bound to go out, goes out (TURN-0)"
        return w
    if not turn0 or can_finish(state.rules, _situation(state, w)):
        return w
    return _stranded_reason(state, w)


def _stranded_reason(state: GameState, w: _Work) -> str:
    if w.question is _Q_YES or w.stops:
        return "the player is bound to go out this turn and could no longer do so (OUT-2, TURN-0)"
    if w.need > 0 and (w.started or any(w.waiting)):
        return (f"the first meld could no longer reach the minimum ({w.need} points short) and "
                "leave a card to discard (INIT-3, TURN-0)")
    return ("it would leave the player unable to finish the turn: fewer than two cards and no "
            "way to go out (DISC-3, TURN-0)")


def _eval_draw(state: GameState, turn0: bool) -> _Work | str:
    if not state.table.stock_size:
        return "the stock is empty: take the pile or pass (END-2)"
    rules = state.rules
    w = _Work(state)
    _draw(rules, state.table.deck, w, rules.draw_count)
    _check_last_card(rules, w)
    w.phase = _P_PLAY
    return _finish(state, w, turn0)


def _eval_take(
    state: GameState, action: Action, turn0: bool, build: bool = True
) -> _Work | str | None:
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
    side = t.sides[_side_index(rules)[seat]]
    opened = side.meld_count > 0
    has_freezer = not FREEZERS.isdisjoint(t.pile)
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
    w = _Work(state)
    for card in cards:
        w.hand[card] -= 1
    w.melds[rank] = new_meld
    bit = 1 << rank
    w.touched |= bit
    if meld is None:
        w.created |= bit
    w.phase = _P_PLAY
    w.pile = ()
    rest = counts_from_cards(t.pile[:-1])
    deck = t.deck
    if not opened:
        # INIT-4: the up card and the hand cards count; the rest of the pile waits.
        w.need = t.turn.need
        w.waiting = rest
        _add_points(rules, deck, w, sum(rules.card_values[c] for c in (up, *cards)))
        if w.need <= 0 and any(w.waiting):
            waiting = w.waiting
            w.waiting = ZERO
            _join(rules, deck, w, waiting)
            _check_last_card(rules, w)
        w.started = True
    else:
        _join(rules, deck, w, rest)
        _check_last_card(rules, w)
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


def _eval_caliente(state: GameState, turn0: bool) -> _Work | str:
    rules = state.rules
    t = state.table
    w = _Work(state)
    if not w.hand[_CAL_I]:
        return "the player holds no Caliente card"
    if not t.stock_size:
        return "a Caliente card is played only while the stock is not empty (HOT-2)"
    mine = t.sides[w.side].meld_count
    for i, other in enumerate(t.sides):
        if i != w.side and other.meld_count < mine:
            return (f"the side has more melds ({mine}) than side {i} ({other.meld_count}): a "
                    "Caliente card needs no more melds than each other side (HOT-2)")
    w.hand[_CAL_I] -= 1
    w.calientes += 1
    short = rules.hand_size - sum(w.hand)
    if short > 0:
        _draw(rules, t.deck, w, short)
    _check_last_card(rules, w)
    w.phase = _P_PLAY
    return _finish(state, w, turn0)


def _eval_ask(state: GameState, turn0: bool) -> _Work | str:
    t = state.table
    turn = t.turn
    partner = _partner(state)
    if partner is None:
        return "there is no partner to ask (OUT-2)"
    if turn.question is not _Q_NONE:
        return "the question has already been asked this turn (OUT-2)"
    if turn.melded:
        return "the question is asked before any meld action (OUT-2)"
    w = _Work(state)
    if not turn0:
        w.question = _Q_ASKED
        w.phase = _P_ANSWER
        w.player = partner
        return w
    sit = _situation(state, w)
    rules = state.rules
    if not can_go_out(rules, sit):
        return "going out is not possible this turn, so a 'yes' would strand the player (OUT-2)"
    if not finish_without_going_out(rules, sit):
        return "the player cannot finish without going out, so a 'no' would strand it (OUT-2)"
    w.question = _Q_ASKED
    w.phase = _P_ANSWER
    w.player = partner
    return w


def _partner(state: GameState) -> int | None:
    """The next active seat of the current player's side in turn order (asked in OUT-2)."""
    t = state.table
    order = t.order
    last_rules, last_order, partners = _LAST_PARTNERS[-1]
    if last_order is not order or last_rules is not state.rules:
        sides = _side_index(state.rules)
        found: list[int | None] = []
        for i, seat in enumerate(order):
            others = [order[(i + k) % len(order)] for k in range(1, len(order))]
            found.append(next((o for o in others if sides[o] == sides[seat]), None))
        partners = tuple(found)
        _LAST_PARTNERS[:] = [(state.rules, order, partners)]
    return partners[t.turn_index]


# The partners of the last turn order seen, by turn index: a hand's states share its order.
_LAST_PARTNERS: list[tuple[RuleSet | None, tuple[int, ...] | None, tuple[int | None, ...]]] = [
    (None, None, ())
]


def _eval_meld(state: GameState, action: Action, turn0: bool, build: bool) -> _Work | str | None:
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
        w = _Work(state)
        k = len(cards)
        if k not in (3, 4):
            return "stop cards are melded only as a set of 3 or 4 (MELD-5)"
        w.hand[_B3_I] -= k
        w.stops = (*w.stops, k)
        w.melded = True
        _add_points(rules, deck, w, k * rules.card_values[_B3_I])
        return _after_meld(state, w, turn0)
    rank = action.rank
    if rank is None:  # pragma: no cover - notation forbids it
        return "a meld needs a natural rank"
    r = int(rank)
    side = t.sides[_side_index(rules)[turn.player]]
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
    if (not build and turn.need <= 0 and turn.question is not _Q_YES
            and not side.stop_melds and sum(hand) - len(cards) >= 2):
        # TURN-0 holds trivially: no minimum pending, not bound, two cards left to discard.
        return None
    w = _Work(state)
    for card in cards:
        w.hand[card] -= 1
    w.melds[r] = new_meld
    bit = 1 << r
    w.touched |= bit
    if meld is None:
        w.created |= bit
    w.melded = True
    values = rules.card_values
    _add_points(rules, deck, w, sum(values[c] for c in cards))
    return _after_meld(state, w, turn0)


def _after_meld(state: GameState, w: _Work, turn0: bool) -> _Work | str:
    if w.ended is None and not any(w.hand) and not any(w.waiting):
        reason = _going_out_problem(state, w)
        if reason:
            return f"melding the last card is going out, and {reason}"
        w.ended = HandEnd.WENT_OUT
        return w
    return _finish(state, w, turn0)


def _going_out_problem(state: GameState, w: _Work) -> str | None:
    rules = state.rules
    if w.question is _Q_NO:
        return "the partner answered no (OUT-2)"
    if w.need > 0:
        return f"the first meld is {w.need} points short of the minimum (INIT-3)"
    have = _canastas(rules, w.melds)
    if have < rules.canastas_to_go_out:
        return (f"the side has {have} canasta{'s' if have != 1 else ''}; going out needs "
                f"{rules.canastas_to_go_out} (OUT-1)")
    return None


def _eval_discard(state: GameState, action: Action, build: bool) -> _Work | str | None:
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
        side = t.sides[_side_index(state.rules)[turn.player]]
        if turn.question is _Q_YES or side.stop_melds:
            return ("the player is bound to go out this turn and this discard would keep cards "
                    "(OUT-2)")
        return None
    w = _Work(state)
    w.hand[card] -= 1
    w.pile = (*w.pile, card)
    if not any(w.hand):
        reason = _going_out_problem(state, w)
        if reason:
            return f"discarding the last card is going out, and {reason} (DISC-3)"
        w.ended = HandEnd.WENT_OUT
        return w
    if w.question is _Q_YES or w.stops:
        return "the player is bound to go out this turn and this discard would keep cards (OUT-2)"
    return w


# ---------------------------------------------------------------------------------------------
# Building the next state


def _successor(state: GameState, action: Action, w: _Work) -> GameState:
    if state.over:
        rules = state.rules
        number = state.hand_number + 1
        deck = _shuffled_deck(rules, state.seed, number)
        return _deal(rules, state.seed, number, state.scores, state.hand_results, deck)
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
    turn_index = t.turn_index
    if w.ended is None and verb is _V_DISCARD:
        turn_index = (turn_index + 1) % len(t.order)
        seat = t.order[turn_index]
        side_no = _side_index(state.rules)[seat]
        opened = sides[side_no].meld_count > 0
        turn = _draw_turn(
            seat,
            0 if opened else state.rules.minimum_for(state.scores[side_no]),
            bool(melded_seats >> seat & 1),
        )
    else:
        turn = make_turn(
            w.phase, w.player, w.need, w.started, w.melded, w.points, w.waiting, w.question,
            w.touched, w.created, t.turn.had_melded,
        )
    table = make_table(t.deck, w.pos, hands, w.pile, sides, t.order, turn_index, turn,
                       melded_seats)
    if w.ended is not None:
        went_out = w.seat if w.ended is HandEnd.WENT_OUT else None
        return _end_hand(state, table, w.ended, went_out)
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


def _end_hand(
    state: GameState, table: Table, ended: HandEnd, went_out: int | None
) -> GameState:
    result = score_hand(state.rules, table, ended, went_out)
    scores = tuple(a + b for a, b in zip(state.scores, result.totals, strict=True))
    return make_state(state.rules, state.seed, state.hand_number, scores, table,
                      (*state.hand_results, result), True)


# ---------------------------------------------------------------------------------------------
# The public functions


_ACTIONS: dict[tuple[Verb, tuple[Card, ...], Card | None], Action] = {}
_SORT_KEYS: dict[Action, tuple[int, tuple[int, ...], int]] = {}


def _act(verb: Verb, cards: tuple[Card, ...] = (), on: Card | None = None) -> Action:
    """An interned action (``cards`` already in canonical order), with its sort key cached."""
    key = (verb, cards, on)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(verb, cards, on)
        _SORT_KEYS[action] = action.sort_key()
    return action


def _candidates(state: GameState) -> list[Action]:
    """A superset of the legal actions, cheap to list."""
    if state.over:
        return [] if state.is_game_over else [_act(_V_DEAL)]
    t = state.table
    turn = t.turn
    if turn.phase is _P_ANSWER:
        return [_act(_V_YES), _act(_V_NO)]
    hand = t.hands[turn.player]
    out: list[Action] = []
    if turn.phase is _P_DRAW:
        out.append(_act(_V_DRAW))
        if t.pile and t.pile[-1].is_natural:
            up = t.pile[-1]
            out.append(_act(_V_TAKE))
            if hand[up] >= 2:
                out.append(_act(_V_TAKE, (up, up)))
            if hand[up]:
                for wild in (TWO, JOKER):
                    if hand[wild]:
                        out.append(_act(_V_TAKE, (up, wild)))
        if hand[_CAL_I]:
            out.append(_act(_V_CALIENTE))
        out.append(_act(_V_PASS))
        return out
    side_melds = t.sides[_side_index(state.rules)[turn.player]].melds
    # Melds that break MELD-1 or MELD-2 are never legal: only valid ones are candidates.
    out.extend(option[0] for option in _valid_melds(state.rules, hand, side_melds))
    for k in (3, 4):
        if hand[_B3_I] >= k:
            out.append(_act(_V_MELD, (B3,) * k))
    for kind in range(NUM_KINDS):
        if hand[kind]:
            out.append(_act(_V_DISCARD, (_CARDS[kind],)))
    out.append(_act(_V_ASK))
    return out


def legal_actions(state: GameState) -> tuple[Action, ...]:
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
    """
    legal = state._legal
    if legal is not None:
        return legal
    # The common states are listed directly, in order: the draw phase, and the play phase
    # (see _plain_play_actions for which). There the checks of _evaluate a candidate might fail
    # are made inline, and a candidate the inline checks cannot settle goes through _evaluate
    # itself. Every other state lists _candidates through _evaluate, sorted.
    found: list[Action] | None = None
    if not state.over:
        t = state.table
        turn = t.turn
        phase = turn.phase
        if phase is _P_DRAW:
            # Draw (always legal while the stock is not empty), the takes, caliente, and pass
            # (only when the stock is empty, END-2).
            hand = t.hands[turn.player]
            pile = t.pile
            stock = t.stock_pos < len(t.deck)
            natural_up = bool(pile) and pile[-1] <= ACE
            if stock and not natural_up and not hand[_CAL_I]:
                legal = _ONLY_DRAW
            else:
                found = [_A_DRAW] if stock else []
                if natural_up:
                    _list_takes(state, t, turn, hand, pile, found)
                if hand[_CAL_I] and _accepts(state, _A_CALIENTE):
                    found.append(_A_CALIENTE)
                if not stock:
                    found.append(_A_PASS)
        elif phase is _P_ANSWER:
            legal = _YES_NO
        elif turn.waiting is ZERO or not any(turn.waiting):
            if turn.question is not _Q_NO or not _stop_melds_of(state, t, turn):
                found = _plain_play_actions(state, t, turn)
        elif (turn.question is _Q_NONE and turn.started and turn.need > 0
                and not _stop_melds_of(state, t, turn)):
            found = _plain_play_actions(state, t, turn)
    if legal is None:
        if found is None:
            found = [a for a in _candidates(state) if _accepts(state, a)]
            found.sort(key=_SORT_KEYS.__getitem__)
        legal = tuple(found)
    _set_legal(state, legal)
    return legal


def _stop_melds_of(state: GameState, t: Table, turn: Turn) -> tuple[int, ...]:
    """The stop melds of the side of the player whose turn it is."""
    return t.sides[_info(state.rules).side_of[turn.player]].stop_melds


_set_legal = GameState.__dict__["_legal"].__set__
"""Store the legal actions on a state (a frozen class: the slot's own setter)."""


def _accepts(state: GameState, action: Action) -> bool:
    return not isinstance(_evaluate(state, action, build=False), str)


def _list_takes(
    state: GameState, t: Table, turn: Turn, hand: tuple[int, ...], pile: tuple[Card, ...],
    out: list[Action],
) -> None:
    """Append the legal takes of a natural up card, in order.

    The inline checks are those of :func:`_eval_take` for a side that has melded, where a take
    that keeps two cards in hand needs no TURN-0 search; anything else is evaluated."""
    up = pile[-1]
    rules = state.rules
    last = _INFO_LAST
    info = last[1] if last[0] is rules else _info(rules)
    side = t.sides[info.side_of[turn.player]]
    melds = side.melds
    have = hand[up]
    if not side.stop_melds and melds == _NO_MELDS:
        # INIT-4: before the side's first meld only a take with two natural up cards can be
        # legal (_eval_take refuses the others at once). The minimum counts the three-card
        # meld and melds from hand only: if all the hand could ever meld (most_points, as in
        # _plain_play_actions) cannot make up the rest, the take leaves the player stranded
        # short of it (INIT-3), so TURN-0 refuses it without the search.
        #
        # The take is legal outright if, after it, the hand can meld the rest of the minimum and
        # still keep a card to discard once the waiting cards (bonus cards aside) have joined
        # it: the test of _meld_ok for a state with cards waiting. Anything else is evaluated.
        if have >= 2:
            values = rules.card_values
            rest = list(hand)
            rest[up] -= 2
            rest_hand = tuple(rest)
            need = turn.need - 3 * values[up]
            if rest[_B3_I] * values[_B3_I] + most_points(rules, rest_hand, _MELDED[up]) < need:
                return
            keep = sum(rest_hand) + len(pile) - 1 - pile.count(R3) - 2
            if (cards_within(rules, rest_hand, _MELDED[up], need, keep)
                    or _accepts(state, _TAKE_PAIR[up])):
                out.append(_TAKE_PAIR[up])
        return
    meld = melds[up]
    if meld is None and not have:
        return  # no meld to lay the up card off on, no natural to take it with
    caps = info.caps
    if meld is None:
        n0 = w0 = 0
    else:
        n0, w0 = meld[0], meld[1] + meld[2]
    # Cards held after the take, before the cards it melds from hand leave: bonus cards of the
    # pile are laid out (replaced ones only add cards, or end the hand).
    after = sum(hand) + len(pile) - 1 - pile.count(R3)
    frozen = rules.always_frozen or not FREEZERS.isdisjoint(pile)
    if meld is not None:
        blocked = n0 + w0 >= rules.canasta_size if rules.always_frozen else frozen
        # Blocked: _eval_take refuses it (PILE-3, PILE-5).
        if not blocked and ((w0 <= caps[n0 + 1] and after >= 2) or _accepts(state, _A_TAKE)):
            out.append(_A_TAKE)
    if have >= 2:
        action = _TAKE_PAIR[up]
        if (w0 <= caps[n0 + 3] and after >= 4) or _accepts(state, action):
            out.append(action)
    if have and not frozen:
        for wild, table in ((TWO, _TAKE_TWO), (JOKER, _TAKE_JOKER)):
            if hand[wild]:
                action = table[up]
                if (w0 + 1 <= caps[n0 + 2] and after >= 4) or _accepts(state, action):
                    out.append(action)


def _plain_play_actions(state: GameState, t: Table, turn: Turn) -> list[Action]:
    """The legal actions of a play-phase state, in order: with no pile cards waiting (INIT-4)
    and, after a "no", no stop meld; or with pile cards waiting, the first meld started short of
    the minimum, no question asked and no stop meld.

    Unbound (no "yes" answered, no stop meld), by the checks of :func:`_eval_meld` and
    :func:`_eval_discard`: a meld that obeys MELD-1 to MELD-3, meets any first-meld minimum and
    leaves two cards is legal outright (TURN-0 holds: a discard remains), and so is any discard
    that keeps a card, unless a first meld has been started short of its minimum (INIT-3). A
    meld short of the minimum is legal if the fewest further cards worth the rest leave a card
    to discard (the search of :func:`can_finish`). Bound to go out (OUT-2, MELD-5), no discard
    keeps a card and every meld must keep going out possible, which
    :func:`~canasta_caliente.solver.go_out_possible` decides directly. A meld of the last cards,
    and whatever else the inline checks cannot settle, goes through :func:`_evaluate`.

    With pile cards waiting (INIT-4), the melds are those from hand, and the waiting cards
    (bonus cards aside: laid out, or replaced by a card or the hand's end) join the hand once the
    minimum is met, so a meld may use that many more cards and still leave one to discard.
    There, and after a "no" (no going out this turn, OUT-2), what only going out could finish,
    stop melds and the question go through :func:`_evaluate`.
    """
    rules = state.rules
    last = _INFO_LAST
    info = last[1] if last[0] is rules else _info(rules)
    side = t.sides[info.side_of[turn.player]]
    hand = t.hands[turn.player]
    bound = bool(side.stop_melds) or turn.question is _Q_YES
    need = turn.need
    held = sum(hand)
    keep = -1 if bound else held - 2
    waiting = turn.waiting
    if waiting is not ZERO and any(waiting):
        keep += sum(waiting) - waiting[_R3_I]  # (never bound here: see legal_actions)
        decide = True
    else:
        # After a "no" (OUT-2) the player may not go out: what only going out could finish
        # is left to the decision function too.
        decide = turn.question is _Q_NO
    out: list[Action] = []
    wild_out: list[Action] = []
    wild_ranks = 0
    twos, jokers = hand[_TWO_I], hand[_JOKER_I]
    wilds = twos + jokers
    melds = side.melds
    get = info.rank_melds.get
    short = info.new_meld_wilds
    # The ranks with cards in hand; with wilds in hand, every rank (a melded one without
    # cards in hand may take wilds alone).
    ranks: Iterable[int] = _RANKS if wilds else compress(_RANKS, hand)
    if need > 0 and most_points(rules, hand, melds) + hand[_B3_I] * rules.card_values[_B3_I] < need:
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
        found = get((rank, have, meld, twos, jokers))
        if found is None:
            found = _rank_entry(rules, info, rank, have, meld, twos, jokers)
        if found[0] <= keep and found[1] >= need:
            # Every option meets any minimum and leaves a card to discard.
            out += found[2]
            if found[3]:
                wild_out += found[3]
                wild_ranks += 1
            continue
        if keep < 0 and need <= 0 and exits is None:
            # Bound to go out: every meld is decided by the ways of going out from the whole
            # hand (see _bound_meld_ok), found once.
            exits = going_out_discards(rules, hand, melds)
        for options, into in ((found[4], out), (found[5], wild_out)):
            for a, used, value in options:
                if (_bound_meld_ok(state, hand, melds, a, used, value, held, exits)
                        if exits is not None
                        else _meld_ok(state, hand, melds, a, used, value, keep, decide)):
                    into.append(a)
        if found[5]:
            wild_ranks += 1
    if wild_out:
        if wild_ranks > 1:
            wild_out.sort(key=_SORT_KEYS.__getitem__)
        out.extend(wild_out)
    stops = hand[_B3_I]
    if stops >= 3 and melds_possible:
        # A stop meld binds the player to go out this turn (MELD-5).
        for action in _STOP_MELDS[: 1 if stops == 3 else 2]:
            rest = list(hand)
            rest[_B3_I] -= len(action.cards)
            rest_hand = tuple(rest)
            if decide:
                if _accepts(state, action):
                    out.append(action)
            # Going out must follow at once: first the counting refusal of go_out_possible (the
            # ranks' singles and pairs are the hand's, the stop cards aside), which settles
            # most of these.
            elif (not too_few_wilds_for(info.caps, rest_hand, singles, pairs)
                    and _may_go_out_with(state, action, rest_hand, melds)):
                out.append(action)
    if held == 1:
        out.extend(a for a in compress(_DISCARDS, hand) if _accepts(state, a))
    elif not bound and not (need > 0 and turn.started):
        # INIT-3: no discard once a first meld is started short of the minimum; OUT-2: bound,
        # none that keeps a card.
        out.extend(compress(_DISCARDS, hand))
    # OUT-2: the question comes before any meld and only once; a partner is needed; going out
    # must be possible.
    if decide:
        if (turn.question is _Q_NONE and not turn.melded and melds_possible
                and _accepts(state, _A_ASK)):
            out.append(_A_ASK)
    elif (not turn.melded and turn.question is _Q_NONE and melds_possible
            # (the usual refusal of too_few_wilds_for first, without the call)
            and 2 * singles + pairs - 2 <= wilds
            and not too_few_wilds_for(info.caps, hand, singles, pairs)
            and _partner(state) is not None
            and go_out_possible(rules, hand, melds, need)
            # ... and finishing without going out must be possible too (the checks of
            # _eval_ask, for a state with no cards waiting).
            and (held >= 2 if need <= 0 or not turn.started
                 else cards_within(rules, hand, melds, need, held - 2))):
        out.append(_A_ASK)
    return out


def _meld_ok(
    state: GameState, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...],
    action: Action, used: int, value: int, keep: int,
    decide: bool = False,
) -> bool:
    """Is a meld that obeys MELD-1 to MELD-3 legal (see :func:`_plain_play_actions`)?

    ``keep`` is the most cards a meld may use and still leave a card to discard (-1 when bound
    to go out); ``decide`` leaves what only going out could finish to :func:`_evaluate` (pile
    cards waiting under INIT-4, or a "no" answered)."""
    need = state.table.turn.need
    if used <= keep and value >= need:
        return True
    rest = list(hand)
    _, rank, naturals, twos, jokers = _meld_facts(action)
    rest[rank] -= naturals
    rest[_TWO_I] -= twos
    rest[_JOKER_I] -= jokers
    meld = melds[rank]
    n0, t0, j0 = meld if meld is not None else (0, 0, 0)
    after = (*melds[:rank], (n0 + naturals, t0 + twos, j0 + jokers), *melds[rank + 1:])
    rest_hand = tuple(rest)
    # INIT-3: the rest of the minimum from the cards left, keeping one to discard.
    if used <= keep and cards_within(state.rules, rest_hand, after, need - value, keep - used):
        return True
    if decide:
        return _accepts(state, action)
    return _may_go_out_with(state, action, rest_hand, after)


def _bound_meld_ok(
    state: GameState, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...],
    action: Action, used: int, value: int, held: int, exits: list[int | None],
) -> bool:
    """:func:`_meld_ok` for a player bound to go out with no minimum pending, given ``exits``,
    the last discards with which the whole hand can go out (``going_out_discards``): a meld
    that keeps a card is legal exactly when going out stays possible after it, which
    :func:`~canasta_caliente.solver.go_out_after_meld` decides from those. A meld of the last
    cards is decided by :func:`_meld_ok` (going out at once)."""
    if used >= held:
        return _meld_ok(state, hand, melds, action, used, value, -1)
    facts = _meld_facts(action)
    return go_out_after_meld(state.rules, hand, melds, exits, facts[1], facts[2], facts[3],
                             facts[4])


def _may_go_out_with(
    state: GameState, action: Action, rest: tuple[int, ...],
    melds: tuple[MeldCounts | None, ...],
) -> bool:
    """Is a meld legal that leaves ``rest`` in hand and ``melds`` on the table, in a state with
    no pile cards waiting and no "no" answered, when only going out could finish the turn after
    it (the can_finish of :func:`_finish`)? A meld of the last cards is decided by
    :func:`_evaluate` (going out at once)."""
    if not any(rest):
        return _accepts(state, action)
    rules = state.rules
    need = state.table.turn.need
    if need > 0:
        values = rules.card_values
        need -= sum(values[c] for c in action.cards)
    return go_out_possible(rules, rest, melds, need)


_MeldOption = tuple[Action, int, int]
"""A meld action, the cards it uses, and their value."""
_RankMelds = tuple[
    int, int, tuple[Action, ...], tuple[Action, ...], tuple[_MeldOption, ...],
    tuple[_MeldOption, ...],
]
"""Per rank: the most cards a meld option uses, the least value one has (a large number if
none), the actions with naturals and those laying off wilds alone, each in order, and the same
as options."""
INF = 10**9


def _valid_melds(
    rules: RuleSet, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...]
) -> list[_MeldOption]:
    """Every meld action of natural ranks the hand can make onto the side's melds that obeys
    MELD-1 and MELD-2, each with the number of cards it uses and their value (cached per
    rank)."""
    twos, jokers = hand[_TWO_I], hand[_JOKER_I]
    last = _INFO_LAST
    info = last[1] if last[0] is rules else _info(rules)
    table = info.rank_melds
    out: list[_MeldOption] = []
    for rank in _RANKS:
        have = hand[rank]
        meld = melds[rank]
        if not have and meld is None:
            continue
        found = table.get((rank, have, meld, twos, jokers))
        if found is None:
            found = _rank_entry(rules, info, rank, have, meld, twos, jokers)
        out.extend(found[4])
        out.extend(found[5])
    return out


def _rank_entry(
    rules: RuleSet, info: _Info, rank: int, have: int, meld: MeldCounts | None, twos: int,
    jokers: int,
) -> _RankMelds:
    """Every meld action of one rank that obeys MELD-1 and MELD-2, kept in
    ``info.rank_melds`` under ``(rank, have, meld, twos, jokers)`` (where callers look first),
    and shared by every meld and hand of the rank that give the same options: those that leave
    the same room for wilds for each number of naturals added (a meld's split of little and big
    wilds, and its naturals beyond what sets the room, change none), and hands with more wilds
    than any option could lay. Which cards the options hold, and their order, does not depend on
    the rank: that is found once for all ranks (:func:`_meld_template`) and given the rank's
    actions and values here (the result: see ``_RankMelds``)."""
    caps = info.caps
    # An option of a naturals may add up to rooms[a] wilds: that, the naturals held and the
    # wilds held decide every option (not the meld's naturals and wilds themselves).
    if meld is None:
        rooms: tuple[int, ...] = (-1, *caps[1:have + 1])  # (-1: a new meld needs naturals)
    else:
        w0 = meld[1] + meld[2]
        rooms = tuple([c - w0 for c in caps[meld[0]:meld[0] + have + 1]])
    # Wilds beyond the most any option could lay change no option: count at most that many.
    room = max(max(rooms), 0)
    pattern = (meld is None, rooms, min(twos, room), min(jokers, room))
    shape = (rank, pattern)
    found = info.rank_shapes.get(shape)
    if found is None:
        template = _TEMPLATES.get(pattern)
        if template is None:
            template = _TEMPLATES[pattern] = _meld_template(*pattern)
        most, natural_codes, wild_codes = template
        options = info.meld_options
        get = options.get
        base = rank << 24
        made: list[list[_MeldOption]] = [[], []]
        for codes, out in zip((natural_codes, wild_codes), made, strict=True):
            for code in codes:
                option = get(base | code)
                if option is None:
                    option = options[base | code] = _meld_option(
                        rules, rank, code >> 16, code >> 8 & 255, code & 255)
                out.append(option)
        natural, wild = tuple(made[0]), tuple(made[1])
        least = min([o[2] for o in natural] + [o[2] for o in wild], default=INF)
        found = info.rank_shapes[shape] = (most, least, tuple([o[0] for o in natural]),
                                           tuple([o[0] for o in wild]), natural, wild)
    info.rank_melds[(rank, have, meld, twos, jokers)] = found
    return found


_Template = tuple[int, tuple[int, ...], tuple[int, ...]]
"""See :func:`_meld_template`."""
_TEMPLATES: dict[tuple[bool, tuple[int, ...], int, int], _Template] = {}
"""By the arguments of :func:`_meld_template` (as :func:`_rank_entry` finds them): its
result."""


def _meld_template(new: bool, rooms: tuple[int, ...], twos: int, jokers: int) -> _Template:
    """The meld options of a rank, for any rank: of a ``new`` meld (three cards at least,
    MELD-1) or of one on the table (a card at least), whose option of ``a`` naturals may hold up
    to ``rooms[a]`` wilds (none if negative), with ``twos`` little and ``jokers`` big wilds
    held. The most cards one uses, and the options with naturals and those of wilds alone, each
    as codes ``naturals << 16 | little wilds << 8 | big wilds``, in the order of the actions'
    sort keys."""
    found: list[tuple[int, int]] = []  # (order key, code)
    most = 0
    for a, room in enumerate(rooms):
        if room < 0 or (new and not a):
            continue
        for b in range(min(twos, room) + 1):
            for c in range(min(jokers, room - b) + 1):
                used = a + b + c
                if used < 3 and (new or not used):
                    continue
                most = max(most, used)
                # The cards in base 4 (a natural 1, a little wild 2, a big wild 3), padded with
                # zeros to a fixed length: the order of the sort keys, which compare the cards
                # in canonical order (the rank, 2, JK), a shorter list first where one is the
                # other's start.
                key = 0
                for digit in (1,) * a + (2,) * b + (3,) * c:
                    key = key * 4 + digit
                found.append((key << 2 * (_MELD_KEY_DIGITS - used), a << 16 | b << 8 | c))
    found.sort()
    return (most, tuple([code for _, code in found if code >> 16]),
            tuple([code for _, code in found if not code >> 16]))


_MELD_KEY_DIGITS = 32
"""More digits than any meld has cards (at most 30: twelve naturals, twelve 2s and six jokers
with three decks, RULES: CARD-2)."""


def _meld_option(rules: RuleSet, rank: int, naturals: int, twos: int, jokers: int) -> _MeldOption:
    """The meld of ``rank`` with those cards, as an option: the action, its cards, their value."""
    cards = (_CARDS[rank],) * naturals + (TWO,) * twos + (JOKER,) * jokers
    values = rules.card_values
    return (_act(_V_MELD, cards, _CARDS[rank] if naturals == 0 else None), len(cards),
            naturals * values[rank] + twos * values[_TWO_I] + jokers * values[_JOKER_I])


class _Info:
    """What the engine derives from a RuleSet, computed once per RuleSet."""

    __slots__ = ("caps", "meld_options", "new_meld_wilds", "rank_melds", "rank_shapes",
                 "side_of")

    def __init__(self, rules: RuleSet) -> None:
        self.side_of = _side_index(rules)
        # Per number of naturals, the most wilds a meld may hold (-1: no valid meld), MELD-2.
        self.caps = caps = meld_caps(rules)
        # Per number of naturals held (0 to 2), the fewest wilds a new meld of them needs
        # (MELD-1: three cards; MELD-2: wilds the naturals allow); INF: none can be made.
        self.new_meld_wilds = tuple(
            min((3 - a for a in range(1, have + 1) if caps[a] >= 3 - a), default=INF)
            for have in range(3))
        self.rank_melds: dict[tuple[object, ...], _RankMelds] = {}
        self.rank_shapes: dict[tuple[object, ...], _RankMelds] = {}
        # By rank << 24 | naturals << 16 | little wilds << 8 | big wilds (each count below 256:
        # no deck holds more of a kind): the meld option of those cards (_meld_option).
        self.meld_options: dict[int, _MeldOption] = {}


_info_of = per_ruleset(_Info)


def _info(rules: RuleSet) -> _Info:
    """The engine's derived facts of a RuleSet. The last RuleSet's are also in ``_INFO_LAST``,
    which the hot paths read first (one global read, no call)."""
    global _INFO_LAST
    info = _info_of(rules)
    _INFO_LAST = (rules, info)
    return info


_INFO_LAST: tuple[object, _Info] = (None, cast(_Info, None))  # no RuleSet is None: unread


_CARDS = tuple(Card)
_RANKS = tuple(range(NUM_RANKS))
ACE = Card.ACE
_NO_MELDS: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS
_MELDED: tuple[tuple[MeldCounts | None, ...], ...] = tuple(
    tuple((3, 0, 0) if r == rank else None for r in range(NUM_RANKS)) for rank in range(NUM_RANKS)
)
"""Per rank, the melds of a side whose only meld is three naturals of that rank."""
_A_DRAW = _act(_V_DRAW)
_A_TAKE = _act(_V_TAKE)
_A_CALIENTE = _act(_V_CALIENTE)
_A_PASS = _act(_V_PASS)
_A_ASK = _act(_V_ASK)
_A_YES = _act(_V_YES)
_A_NO = _act(_V_NO)
_ONLY_DRAW = (_A_DRAW,)
_YES_NO = (_A_YES, _A_NO)
_TAKE_PAIR = tuple(_act(_V_TAKE, (c, c)) for c in NATURALS)
_TAKE_TWO = tuple(_act(_V_TAKE, (c, TWO)) for c in NATURALS)
_TAKE_JOKER = tuple(_act(_V_TAKE, (c, JOKER)) for c in NATURALS)
_STOP_MELDS = (_act(_V_MELD, (B3,) * 3), _act(_V_MELD, (B3,) * 4))
_DISCARDS = tuple(_act(_V_DISCARD, (c,)) for c in Card)


def _as_action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return parse_action(action)
    raise TypeError(f"expected an Action or its notation, not {type(action).__name__}")


def illegal_reason(state: GameState, action: Action | str) -> str | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal."""
    action = _as_action(action)
    result = _evaluate(state, action, build=False)
    return result if isinstance(result, str) else None


def is_legal(state: GameState, action: Action | str) -> bool:
    """True if ``action`` is legal in ``state``."""
    return illegal_reason(state, action) is None


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after ``action`` (an :class:`Action` or its notation); ``state`` is unchanged.

    Raises :class:`~canasta_caliente.IllegalActionError` saying why an illegal action is refused.
    """
    legal = state._legal
    if legal is not None:
        # Listed actions are interned, so identity settles membership at once.
        for candidate in legal:
            if candidate is action:
                # The cached list accepted it: TURN-0 has been decided, so build without the
                # search, directly for the common actions.
                verb = action.verb
                if verb is _V_DISCARD:
                    following = _fast_discard(state, action)
                elif verb is _V_DRAW:
                    following = _fast_draw(state, action)
                elif verb is _V_MELD:
                    following = _fast_meld(state, action)
                elif verb is _V_TAKE:
                    following = _fast_take(state, action)
                elif verb is _V_ASK or verb is _V_YES or verb is _V_NO:
                    following = _fast_question(state, action)
                else:
                    following = None
                if following is not None:
                    return following
                return _apply_slow(state, action, turn0=False)
    if action.__class__ is not Action:
        action = _as_action(action)
    if legal is not None and action in legal:
        # An equal action made elsewhere (parsed, say): the cached list settles it.
        return apply(state, legal[legal.index(action)])
    return _apply_slow(state, action)


def _apply_slow(state: GameState, action: Action, turn0: bool = True) -> GameState:
    """:func:`apply` without the direct successors (``_fast_*``): the general path, also for
    tests. ``turn0=False`` skips the TURN-0 search, for an action the cached list accepted."""
    result = _evaluate(state, action, turn0=turn0)
    if isinstance(result, str):
        raise IllegalActionError(f"{action}: {result}")
    if result is None:  # pragma: no cover - _evaluate builds unless told not to
        raise AssertionError("no work copy")
    return _successor(state, action, result)


# ---------------------------------------------------------------------------------------------
# Direct successors of the common legal actions. Each builds exactly what _successor builds from
# _evaluate's work copy, for the cases where the action has no effect beyond the obvious one;
# it returns None for any other case, which then takes the general path. Only actions the
# cached legal list accepted come here, so legality is settled. The draw, discard, meld and take
# build their new state with make_state(make_table(...)) written out rather than through
# _next_state and _replaced: the two calls cost half a percent of every decision (measured with
# benchmarks/instructions.py).


def _replaced(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced by ``item``."""
    return (*items[:index], item, *items[index + 1:])


def _next_state(state: GameState, table: Table) -> GameState:
    """The state of the same game and hand with ``table``."""
    return make_state(state.rules, state.seed, state.hand_number, state.scores, table,
                      state.hand_results)


_PLAY_AFTER: dict[int, tuple[Turn, Turn]] = {}
"""By the id of an interned draw-phase turn (:func:`_draw_turn`): that turn and the play-phase
turn that follows a plain draw (the turn is kept, so its id cannot be reused)."""


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
        side_no = _info(state.rules).side_of[seat]
        side = sides[side_no]
        sides = _replaced(sides, side_no, make_side(side.melds, side.stop_melds,
                                                    side.laid_out + bonus, side.caliente_played))
    else:
        for card in drawn:
            hand[card] += 1
    melded_seats = t.melded_seats
    known = _PLAY_AFTER.get(id(turn))
    if known is not None and known[0] is turn:
        following = known[1]
    else:
        key = (seat, turn.need, turn.had_melded)
        if _DRAW_TURNS.get(key) is turn:
            # An interned draw-phase turn holds only its player, need and had_melded.
            following = Turn(_P_PLAY, seat, need=turn.need, had_melded=turn.had_melded)
            _PLAY_AFTER[id(turn)] = (turn, following)
        else:
            following = make_turn(_P_PLAY, seat, turn.need, turn.started, turn.melded,
                                  turn.points, turn.waiting, turn.question, turn.touched,
                                  turn.created, turn.had_melded)
            if turn.melded or turn.touched:
                melded_seats |= 1 << seat
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(deck, end, (*hands[:seat], tuple(hand), *hands[seat + 1:]),
                                 t.pile, sides, t.order, t.turn_index, following,
                                 melded_seats),
                      state.hand_results)


def _with_turn(state: GameState, turn: Turn) -> GameState:
    """The state with only its turn changed (as :func:`_successor` builds it)."""
    t = state.table
    melded_seats = t.melded_seats
    if turn.melded or turn.touched:
        melded_seats |= 1 << t.order[t.turn_index]
    return _next_state(state, make_table(t.deck, t.stock_pos, t.hands, t.pile, t.sides, t.order,
                                         t.turn_index, turn, melded_seats))


def _fast_question(state: GameState, action: Action) -> GameState | None:
    """``ask``, ``yes`` and ``no`` (OUT-2): only the turn changes."""
    turn = state.table.turn
    if action.verb is _V_ASK:
        partner = _partner(state)
        if partner is None:  # pragma: no cover - a listed ask has a partner
            return None
        question, phase, player = _Q_ASKED, _P_ANSWER, partner
    else:
        question = _Q_YES if action.verb is _V_YES else _Q_NO
        phase, player = _P_PLAY, state.table.order[state.table.turn_index]
    return _with_turn(state, make_turn(phase, player, turn.need, turn.started, turn.melded,
                                       turn.points, turn.waiting, question, turn.touched,
                                       turn.created, turn.had_melded))


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
    last = _INFO_LAST
    side_no = (last[1] if last[0] is rules else _info(rules)).side_of[following]
    side = t.sides[side_no]
    need = 0 if side.stop_melds or side.melds != _NO_MELDS else rules.minimum_for(
        state.scores[side_no])
    key = (following, need, melded_seats >> following & 1 == 1)
    turn_next = _DRAW_TURNS.get(key) or _draw_turn(*key)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos,
                                 (*hands[:seat], tuple(hand), *hands[seat + 1:]),
                                 (*t.pile, card), t.sides, order, turn_index, turn_next,
                                 melded_seats),
                      state.hand_results)


_MELD_FACTS: dict[int, tuple[Action, int, int, int, int]] = {}
"""By the id of an interned meld action: the action (kept, so its id cannot be reused), its
rank, and the naturals, little wilds and big wilds it melds."""


def _meld_facts(action: Action) -> tuple[Action, int, int, int, int]:
    """The action, rank, naturals, little wilds and big wilds of a natural-rank meld action
    (kept in ``_MELD_FACTS`` for interned actions)."""
    facts = _MELD_FACTS.get(id(action))
    if facts is not None and facts[0] is action:
        return facts
    cards = action.cards
    rank = action.on if action.on is not None else cards[0]
    facts = (action, int(rank), cards.count(rank), cards.count(TWO), cards.count(JOKER))
    if _ACTIONS.get((action.verb, cards, action.on)) is action:
        _MELD_FACTS[id(action)] = facts
    return facts


def _fast_meld(state: GameState, action: Action) -> GameState | None:
    """A meld of a natural rank that keeps a card, with no pile cards waiting (INIT-4)."""
    t = state.table
    turn = t.turn
    if turn.waiting is not ZERO and any(turn.waiting):
        return None
    facts = _meld_facts(action)
    rank = facts[1]
    if rank > ACE:
        return None
    naturals, twos, jokers = facts[2], facts[3], facts[4]
    seat = turn.player
    hands = t.hands
    hand = list(hands[seat])
    hand[rank] -= naturals
    if twos:
        hand[_TWO_I] -= twos
    if jokers:
        hand[_JOKER_I] -= jokers
    if not any(hand):
        return None
    rules = state.rules
    last = _INFO_LAST
    side_no = (last[1] if last[0] is rules else _info(rules)).side_of[seat]
    sides, created = _grown(t, side_no, rank, naturals, twos, jokers, turn.created)
    need, started, points = turn.need, turn.started, turn.points
    if need > 0:
        # Toward the first-meld minimum (INIT-2, INIT-3); nothing waits to join the hand.
        values = state.rules.card_values
        value = naturals * values[rank] + twos * values[_TWO_I] + jokers * values[_JOKER_I]
        started = True
        points += value
        need = max(need - value, 0)
    following = make_turn(_P_PLAY, seat, need, started, True, points, turn.waiting,
                          turn.question, turn.touched | 1 << rank, created, turn.had_melded)
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos,
                                 (*hands[:seat], tuple(hand), *hands[seat + 1:]), t.pile,
                                 sides, t.order, t.turn_index, following,
                                 t.melded_seats | 1 << seat),
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
    grown = (meld[0] + naturals, meld[1] + twos, meld[2] + jokers)
    new_side = make_side((*melds[:rank], grown, *melds[rank + 1:]), side.stop_melds,
                         side.laid_out, side.caliente_played)
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
    last = _INFO_LAST
    side_no = (last[1] if last[0] is rules else _info(rules)).side_of[seat]
    side = t.sides[side_no]
    melds = side.melds
    if not side.stop_melds and melds == _NO_MELDS:
        return _fast_first_take(state, action, side_no)
    up = pile[-1]
    hand = list(t.hands[seat])
    cards = action.cards
    for card in cards:
        hand[card] -= 1
    for card in pile[:-1]:
        hand[card] += 1
    if not any(hand):
        return None
    sides, created = _grown(t, side_no, up, 1 + cards.count(up), cards.count(TWO),
                            cards.count(JOKER), turn.created)
    following = make_turn(_P_PLAY, seat, turn.need, turn.started, turn.melded, turn.points,
                          turn.waiting, turn.question, turn.touched | 1 << up, created,
                          turn.had_melded)
    return _after_take(state, seat, tuple(hand), sides, following)


def _after_take(
    state: GameState, seat: int, hand: tuple[int, ...], sides: tuple[SideTable, ...],
    turn: Turn,
) -> GameState:
    """The state after a take by ``seat``: its new hand, the sides with the grown meld, the
    turn, and the pile empty."""
    t = state.table
    hands = t.hands
    return make_state(state.rules, state.seed, state.hand_number, state.scores,
                      make_table(t.deck, t.stock_pos, (*hands[:seat], hand, *hands[seat + 1:]),
                                 (), sides, t.order, t.turn_index, turn,
                                 t.melded_seats | 1 << seat),
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
        waiting = ZERO
    else:
        waiting = counts_from_cards(pile[:-1])
    if not any(hand) and not any(waiting):
        return None  # the last cards melded: going out
    sides, created = _grown(t, side_no, up, 3, 0, 0, turn.created)
    following = make_turn(_P_PLAY, seat, need, True, turn.melded, points, waiting,
                          turn.question, turn.touched | 1 << up, created, turn.had_melded)
    return _after_take(state, seat, tuple(hand), sides, following)
