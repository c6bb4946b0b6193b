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
from collections.abc import Iterable, Sequence

from .actions import Action, Verb, parse_action
from .cards import NATURALS, NUM_KINDS, Card, counts_from_cards, parse_cards
from .errors import IllegalActionError, NotationError
from .rules import RuleSet, StockOut, WildRule
from .scoring import score_hand
from .solver import (
    Situation,
    can_finish,
    can_go_out,
    finish_without_going_out,
    meld_is_valid,
    wild_cap,
)
from .state import (
    FREEZERS,
    GameState,
    HandEnd,
    MeldCounts,
    Phase,
    Question,
    SideTable,
    Table,
    Turn,
)

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
ZERO = (0,) * NUM_KINDS
_ALWAYS_FREEZE = frozenset({TWO, JOKER, R3})


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


def _full_deck(rules: RuleSet) -> list[Card]:
    deck: list[Card] = []
    for kind, n in enumerate(rules.deck_counts):
        deck.extend([Card(kind)] * n)
    return deck


def _shuffled_deck(rules: RuleSet, seed: int, hand_number: int) -> tuple[Card, ...]:
    deck = _full_deck(rules)
    random.Random(f"canasta-caliente:{seed}:{hand_number}").shuffle(deck)
    return tuple(deck)


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
    order = turn_order(rules, hand_number)
    hands = [[0] * NUM_KINDS for _ in range(rules.players)]
    pos = 0
    for _ in range(rules.hand_size):  # DEAL-2
        for seat in order:
            hands[seat][deck[pos]] += 1
            pos += 1
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
        while hand[R3]:
            # Bonus cards never stay in a hand (TURN-3): once the hand has ended they are
            # still laid out, just not replaced.
            hand[R3] -= 1
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
    table = Table(
        deck=deck,
        stock_pos=pos,
        hands=tuple(tuple(h) for h in hands),
        pile=tuple(pile),
        sides=tuple(SideTable(laid_out=n) for n in laid),
        order=order,
        turn_index=0,
        turn=Turn(Phase.DRAW, first, need=rules.minimum_for(scores[side_of[first]])),
    )
    state = GameState(rules, seed, hand_number, scores, table, tuple(results))  # type: ignore[arg-type]
    if ended is not None:
        return _end_hand(state, table, ended, None)
    return state


_SIDE_CACHE: dict[RuleSet, tuple[int, ...]] = {}


def _side_index(rules: RuleSet) -> tuple[int, ...]:
    cached = _SIDE_CACHE.get(rules)
    if cached is None:
        out = [0] * rules.players
        for i, side in enumerate(rules.layout):
            for seat in side:
                out[seat] = i
        cached = _SIDE_CACHE[rules] = tuple(out)
    return cached


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
    bonus = counts[R3]
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
        may_go_out=w.question is not Question.NO,
        bound=w.question is Question.YES or bool(w.stops),
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
        if action.verb is Verb.DEAL:
            if state.is_game_over:
                return "the game is over"
            w = _Work.__new__(_Work)
            return w
        if state.is_game_over:
            return "the game is over"
        return "the hand is over: the next action is deal"
    phase = state.table.turn.phase
    verb = action.verb
    if verb is Verb.DEAL:
        return "the hand is still being played"
    if phase is Phase.ANSWER:
        if verb is Verb.YES or verb is Verb.NO:
            w = _Work(state)
            w.question = Question.YES if verb is Verb.YES else Question.NO
            w.phase = Phase.PLAY
            w.player = w.seat
            return w
        return f"player {state.table.turn.player} must answer the question \"May I go out?\""
    if verb is Verb.YES or verb is Verb.NO:
        return "no question has been asked"
    if phase is Phase.DRAW:
        if verb is Verb.DRAW:
            if not build and state.table.stock_size:
                # TURN-0 always holds after a draw: a turn starts with at least one card in
                # hand (the last turn kept one), so at least two are held, no first meld is
                # started and nothing binds; or the draw ended the hand (END-1, END-3).
                return None
            return _eval_draw(state, turn0)
        if verb is Verb.TAKE:
            return _eval_take(state, action, turn0, build)
        if verb is Verb.CALIENTE:
            return _eval_caliente(state, turn0)
        if verb is Verb.PASS:
            if state.table.stock_size:
                return "pass is allowed only when the stock is empty (END-2)"
            w = _Work(state)
            w.ended = HandEnd.PASSED
            return w
        return f"player {state.table.turn.player} must first draw, take the pile or pass (TURN-1)"
    # Phase.PLAY
    if verb in (Verb.DRAW, Verb.TAKE, Verb.CALIENTE, Verb.PASS):
        return "the draw action has already been made this turn (TURN-1)"
    if verb is Verb.MELD:
        return _eval_meld(state, action, turn0, build)
    if verb is Verb.DISCARD:
        return _eval_discard(state, action, build)
    if verb is Verb.ASK:
        return _eval_ask(state, turn0)
    return f"{verb.value} is not possible now"  # pragma: no cover - every verb is handled


def _finish(state: GameState, w: _Work, turn0: bool = True) -> _Work | str:
    """TURN-0: after the action, the player must still be able to finish the turn."""
    if w.ended is not None:
        if w.question is Question.YES or w.stops:
            return "the hand would end before the player, bound to go out, goes out (TURN-0)"
        return w
    if not turn0 or can_finish(state.rules, _situation(state, w)):
        return w
    return _stranded_reason(state, w)


def _stranded_reason(state: GameState, w: _Work) -> str:
    if w.question is Question.YES or w.stops:
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
    w.phase = Phase.PLAY
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
    w.phase = Phase.PLAY
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
    if not w.hand[CAL]:
        return "the player holds no Caliente card"
    if not t.stock_size:
        return "a Caliente card is played only while the stock is not empty (HOT-2)"
    mine = t.sides[w.side].meld_count
    for i, other in enumerate(t.sides):
        if i != w.side and other.meld_count < mine:
            return (f"the side has more melds ({mine}) than side {i} ({other.meld_count}): a "
                    "Caliente card needs no more melds than each other side (HOT-2)")
    w.hand[CAL] -= 1
    w.calientes += 1
    short = rules.hand_size - sum(w.hand)
    if short > 0:
        _draw(rules, t.deck, w, short)
    _check_last_card(rules, w)
    w.phase = Phase.PLAY
    return _finish(state, w, turn0)


def _eval_ask(state: GameState, turn0: bool) -> _Work | str:
    t = state.table
    turn = t.turn
    partner = _partner(state)
    if partner is None:
        return "there is no partner to ask (OUT-2)"
    if turn.question is not Question.NONE:
        return "the question has already been asked this turn (OUT-2)"
    if turn.melded:
        return "the question is asked before any meld action (OUT-2)"
    w = _Work(state)
    if not turn0:
        w.question = Question.ASKED
        w.phase = Phase.ANSWER
        w.player = partner
        return w
    sit = _situation(state, w)
    rules = state.rules
    if not can_go_out(rules, sit):
        return "going out is not possible this turn, so a 'yes' would strand the player (OUT-2)"
    if not finish_without_going_out(rules, sit):
        return "the player cannot finish without going out, so a 'no' would strand it (OUT-2)"
    w.question = Question.ASKED
    w.phase = Phase.ANSWER
    w.player = partner
    return w


def _partner(state: GameState) -> int | None:
    t = state.table
    order = t.order
    sides = _side_index(state.rules)
    seat = order[t.turn_index]
    for k in range(1, len(order)):
        other = order[(t.turn_index + k) % len(order)]
        if sides[other] == sides[seat]:
            return other
    return None


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
        w.hand[B3] -= k
        w.stops = (*w.stops, k)
        w.melded = True
        _add_points(rules, deck, w, k * rules.card_values[B3])
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
    if (not build and turn.need <= 0 and turn.question is not Question.YES
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
    if w.question is Question.NO:
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
        if turn.question is Question.YES or side.stop_melds:
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
    if w.question is Question.YES or w.stops:
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
    new_side = SideTable(tuple(w.melds), w.stops, w.laid_out, w.calientes)
    sides = t.sides
    if new_side != side:
        sides = (*sides[: w.side], new_side, *sides[w.side + 1:])
    melded_seats = t.melded_seats
    if w.melded or w.touched:
        melded_seats |= 1 << w.seat
    verb = action.verb
    turn_index = t.turn_index
    if w.ended is None and verb is Verb.DISCARD:
        turn_index = (turn_index + 1) % len(t.order)
        seat = t.order[turn_index]
        side_no = _side_index(state.rules)[seat]
        opened = sides[side_no].meld_count > 0
        turn = Turn(
            Phase.DRAW,
            seat,
            need=0 if opened else state.rules.minimum_for(state.scores[side_no]),
            had_melded=bool(melded_seats >> seat & 1),
        )
    else:
        turn = Turn(
            w.phase, w.player, w.need, w.started, w.melded, w.points, w.waiting, w.question,
            w.touched, w.created, t.turn.had_melded,
        )
    table = Table(t.deck, w.pos, hands, w.pile, sides, t.order, turn_index, turn, melded_seats)
    if w.ended is not None:
        went_out = w.seat if w.ended is HandEnd.WENT_OUT else None
        return _end_hand(state, table, w.ended, went_out)
    return GameState(state.rules, state.seed, state.hand_number, state.scores, table,
                     state.hand_results)


def _end_hand(
    state: GameState, table: Table, ended: HandEnd, went_out: int | None
) -> GameState:
    result = score_hand(state.rules, table, ended, went_out)
    scores = tuple(a + b for a, b in zip(state.scores, result.totals, strict=True))
    return GameState(state.rules, state.seed, state.hand_number, scores, table,
                     (*state.hand_results, result), over=True)


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
        return [] if state.is_game_over else [_act(Verb.DEAL)]
    t = state.table
    turn = t.turn
    if turn.phase is Phase.ANSWER:
        return [_act(Verb.YES), _act(Verb.NO)]
    hand = t.hands[turn.player]
    out: list[Action] = []
    if turn.phase is Phase.DRAW:
        out.append(_act(Verb.DRAW))
        if t.pile and t.pile[-1].is_natural:
            up = t.pile[-1]
            out.append(_act(Verb.TAKE))
            if hand[up] >= 2:
                out.append(_act(Verb.TAKE, (up, up)))
            if hand[up]:
                for wild in (TWO, JOKER):
                    if hand[wild]:
                        out.append(_act(Verb.TAKE, (up, wild)))
        if hand[CAL]:
            out.append(_act(Verb.CALIENTE))
        out.append(_act(Verb.PASS))
        return out
    side_melds = t.sides[_side_index(state.rules)[turn.player]].melds
    # Melds that break MELD-1 or MELD-2 are never legal: only valid ones are candidates.
    out.extend(action for action, _ in _valid_melds(state.rules, hand, side_melds))
    for k in (3, 4):
        if hand[B3] >= k:
            out.append(_act(Verb.MELD, (B3,) * k))
    for kind in range(NUM_KINDS):
        if hand[kind]:
            out.append(_act(Verb.DISCARD, (_CARDS[kind],)))
    out.append(_act(Verb.ASK))
    return out


_CARDS = tuple(Card)


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
    cache = state._cache
    legal = cache.get("legal")
    if legal is None:
        found = _plain_play_actions(state)
        if found is None:
            found = [a for a in _candidates(state)
                     if not isinstance(_evaluate(state, a, build=False), str)]
        found.sort(key=_SORT_KEYS.__getitem__)
        legal = cache["legal"] = tuple(found)
    return legal


def _plain_play_actions(state: GameState) -> list[Action] | None:
    """The legal actions of a plain play-phase state, listed directly; ``None`` if the state is
    not plain.

    Plain: no first-meld minimum pending, no question asked, no stop meld. There, by the
    checks of :func:`_eval_meld` and :func:`_eval_discard`, a meld that obeys MELD-1 to MELD-3
    and leaves two cards is legal outright (TURN-0 holds: a discard remains), and so is any
    discard that keeps a card. Every other candidate goes through :func:`_evaluate`.
    """
    if state.over:
        return None
    t = state.table
    turn = t.turn
    if (turn.phase is not Phase.PLAY or turn.need > 0 or turn.question is not Question.NONE):
        return None
    rules = state.rules
    side = t.sides[_side_index(rules)[turn.player]]
    if side.stop_melds:
        return None
    hand = t.hands[turn.player]
    held = sum(hand)
    out: list[Action] = []
    slow: list[Action] = []
    for action, used in _valid_melds(rules, hand, side.melds):
        (out if held - used >= 2 else slow).append(action)
    for k in (3, 4):
        if hand[B3] >= k:
            slow.append(_act(Verb.MELD, (B3,) * k))
    for kind in range(NUM_KINDS):
        if hand[kind]:
            action = _act(Verb.DISCARD, (_CARDS[kind],))
            (out if held > 1 else slow).append(action)
    slow.append(_act(Verb.ASK))
    out.extend(a for a in slow if not isinstance(_evaluate(state, a, build=False), str))
    return out


_RANK_MELDS: dict[tuple[object, ...], tuple[tuple[Action, int], ...]] = {}


def _valid_melds(
    rules: RuleSet, hand: tuple[int, ...], melds: tuple[MeldCounts | None, ...]
) -> list[tuple[Action, int]]:
    """Every meld action of natural ranks the hand can make onto the side's melds that obeys
    MELD-1 and MELD-2, each with the number of cards it uses (cached per rank)."""
    twos, jokers = hand[TWO], hand[JOKER]
    caps = _caps(rules)
    out: list[tuple[Action, int]] = []
    for rank in NATURALS:
        have = hand[rank]
        meld = melds[rank]
        if not have and meld is None:
            continue
        key = (rank, have, meld, twos, jokers, caps)
        options = _RANK_MELDS.get(key)
        if options is None:
            options = _RANK_MELDS[key] = _rank_melds(rank, have, meld, twos, jokers, caps)
        out.extend(options)
    return out


def _rank_melds(
    rank: Card, have: int, meld: MeldCounts | None, twos: int, jokers: int,
    caps: tuple[int, ...],
) -> tuple[tuple[Action, int], ...]:
    """Every meld action of one rank that obeys MELD-1 and MELD-2, with the cards it uses."""
    if meld is None:
        n0 = w0 = 0
    else:
        n0, w0 = meld[0], meld[1] + meld[2]
    out = []
    for a in range(0 if meld is not None else 1, have + 1):
        room = caps[n0 + a] - w0
        for b in range(min(twos, room) + 1 if room >= 0 else 0):
            for c in range(min(jokers, room - b) + 1):
                used = a + b + c
                if used == 0 or (meld is None and used < 3):
                    continue
                action = _act(Verb.MELD, (rank,) * a + (TWO,) * b + (JOKER,) * c,
                              rank if a == 0 else None)
                out.append((action, used))
    return tuple(out)


_CAPS: dict[RuleSet, tuple[int, ...]] = {}


def _caps(rules: RuleSet) -> tuple[int, ...]:
    """Per number of naturals, the most wilds a meld may hold (-1: no valid meld), MELD-2."""
    caps = _CAPS.get(rules)
    if caps is None:
        top = rules.deck_counts[0] + 1
        caps = _CAPS[rules] = tuple(
            wild_cap(rules, n) if n >= 1 else -1 for n in range(top + 1)
        )
    return caps


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
    action = _as_action(action)
    known = state._cache.get("legal")
    # An action the cached list accepted has passed TURN-0 already: build without the search.
    result = _evaluate(state, action, turn0=known is None or action not in known)
    if isinstance(result, str):
        raise IllegalActionError(f"{action}: {result}")
    if result is None:  # pragma: no cover - _evaluate builds unless told not to
        raise AssertionError("no work copy")
    return _successor(state, action, result)
