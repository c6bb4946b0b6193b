"""The deal: seats in turn order, the deck, its shuffle, :func:`new_game`, the deal of each hand
(DEAL-1 to DEAL-4) and the end of a hand (scored by
:func:`~canasta_caliente.engine.scoring.score_hand`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import SupportsIndex, TypeVar

from .._arguments import as_integer, check_count, check_seed
from .._limits import MAX_INT_BITS
from ..cards import FREEZERS, I_R3, NUM_KINDS, NUM_RANKS, Card, parse_cards
from ..errors import ArgumentError, CanastaTypeError, NotationError, describe_value, short_repr
from ..rules.facts import meld_minimum
from ..rules.ruleset import RuleSet, StockOut, check_ruleset
from ..state.builders import make_side, make_state, make_table
from ..state.game import GameState, HandEnd, HandResult, Table
from .scoring import score_hand
from .tables import NO_MELDS, draw_turn

__all__ = [
    "check_scores", "deal", "end_hand", "just_dealt", "known_at_hand_end", "new_game",
    "seat_order", "shuffle", "shuffled_deck", "turn_order",
]

_T = TypeVar("_T")

_MAX_TURN_ORDERS = 64
"""Turn orders kept per RuleSet (games rarely last longer; later hands' are computed)."""


# ---------------------------------------------------------------------------------------------
# Seats and the deck (SEAT-3, SEAT-4, CARD-2)


def turn_order(rules: RuleSet, hand_number: SupportsIndex) -> tuple[int, ...]:
    """The active seats of a hand in turn order, from its first player (SEAT-3, SEAT-4).

    ``hand_number`` counts from 1: anything but an integer is a :class:`TypeError`, a number
    below 1 an :class:`~canasta_caliente.ArgumentError`.

    >>> import canasta_caliente as cc
    >>> cc.turn_order(cc.RuleSet.preset("caliente"), 2)
    (1, 2, 3, 0)
    """
    check_ruleset(rules)
    return seat_order(rules, check_count("hand_number", hand_number, low=1))


def seat_order(rules: RuleSet, hand_number: int) -> tuple[int, ...]:
    """:func:`turn_order` without its checks, for the deal, whose hand numbers are counts."""
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


def shuffled_deck(rules: RuleSet, seed: int, hand_number: int) -> tuple[Card, ...]:
    """The rules' deck shuffled for hand ``hand_number`` of the game of ``seed`` (DEAL-1)."""
    deck = list(rules.facts.deck)
    shuffle(random.Random(f"canasta-caliente:{seed}:{hand_number}"), deck)
    return tuple(deck)


def shuffle(rng: random.Random, items: list[_T]) -> None:
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
    """The first hand's deck: the ``stacked`` cards first, the rest of the rules' deck shuffled
    by ``seed`` after them; a string is read as card codes separated by spaces (``"7 7 JK"``).
    A ``stacked`` of the wrong type is a :class:`TypeError` naming it; cards the rules' deck
    cannot give, an :class:`~canasta_caliente.ArgumentError` naming them."""
    if isinstance(stacked, str):
        items: list[object] = list(stacked.split())
    elif isinstance(stacked, Iterable) and not isinstance(stacked, (bytes, bytearray, Mapping)):
        items = list(stacked)
    else:
        raise CanastaTypeError("deck must be a sequence of cards or card codes, not "
                               f"{type(stacked).__name__}")
    checked: list[Card | str] = []
    for i, item in enumerate(items):
        if not isinstance(item, (Card, str)):
            raise CanastaTypeError(f"deck[{i}] must be a Card or a card code, not "
                                   f"{type(item).__name__} ({item!r})")
        checked.append(item)
    try:
        top = parse_cards(checked)
    except NotationError as exc:
        raise ArgumentError(f"deck: {exc}") from None
    have = list(rules.deck_counts)
    for card in top:
        if have[card] == 0:
            if rules.deck_counts[card] == 0:
                raise ArgumentError(f"deck: the rules' deck has no {card} card")
            raise ArgumentError(
                f"deck: too many {card} cards (the rules' deck has {rules.deck_counts[card]})"
            )
        have[card] -= 1
    rest: list[Card] = []
    for kind, n in enumerate(have):
        rest.extend([Card(kind)] * n)
    shuffle(random.Random(f"canasta-caliente:{seed}:1"), rest)
    return tuple(top) + tuple(rest)


# ---------------------------------------------------------------------------------------------
# The first hand


def check_scores(rules: RuleSet, scores: object) -> tuple[int, ...]:
    """``scores`` as the sides' starting game scores of ``rules``, the one check of them
    (:func:`new_game`'s and :class:`~canasta_caliente.GameRecord`'s): a sequence of one
    integer per side, each of at most :data:`~canasta_caliente._limits.MAX_INT_BITS` bits.
    A wrong type is a :class:`TypeError`, a wrong count or size an
    :class:`~canasta_caliente.ArgumentError`."""
    n_sides = len(rules.layout)
    if isinstance(scores, (str, bytes, bytearray, Mapping)) or not isinstance(scores, Iterable):
        raise CanastaTypeError(f"scores must be a sequence of {n_sides} integers, one per side, "
                               f"not {type(scores).__name__}")
    read: list[int] = []
    for score in scores:
        value = as_integer(score)  # (a NumPy integer read as its int)
        if value is None:
            raise CanastaTypeError(f"scores must be {n_sides} integers, one per side, not "
                                   f"{short_repr(scores)} ({describe_value(score)} is not one)")
        read.append(value)
    start = tuple(read)
    if len(start) != n_sides:
        raise ArgumentError(f"scores: expected {n_sides} integers, one per side, got "
                            f"{short_repr(scores)}")
    big = next((s for s in start if abs(s).bit_length() > MAX_INT_BITS), None)
    if big is not None:
        raise ArgumentError(f"scores: a starting score must fit in {MAX_INT_BITS} bits (a "
                            f"saved game must be able to hold it), not "
                            f"{abs(big).bit_length()} bits")
    return start


def new_game(
    rules: RuleSet,
    *,
    seed: SupportsIndex | None = None,
    deck: Sequence[Card | str] | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """The state of a new game with its first hand dealt.

    ``seed`` fixes every shuffle of the game. ``deck`` stacks the first hand: its cards come
    first (in the deal order of DEAL-2: one card at a time to each active player in turn
    order from the first player, then the up card, then bonus-card replacements, then the
    stock, top first), the rest of the deck follows shuffled by ``seed``. ``scores``
    sets the sides' starting game scores.

    Raises :class:`TypeError` for arguments of the wrong type (naming what was given) and
    :class:`~canasta_caliente.ArgumentError` (a ``ValueError``) for a seed of more than
    :data:`~canasta_caliente._limits.MAX_INT_BITS` bits, a deck the rules' deck cannot give,
    or scores of the wrong number or size.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=7)
    >>> state.hand_number, state.current_player, len(state.hand(0))
    (1, 0, 11)
    """
    check_ruleset(rules)
    # Every state must round-trip through dumps and loads, whose documents hold integers of
    # at most MAX_INT_BITS bits: check_seed refuses a longer seed.
    seed = random.SystemRandom().randrange(2**63) if seed is None else check_seed("seed", seed)
    start = (0,) * len(rules.layout) if scores is None else check_scores(rules, scores)
    cards = _stacked_deck(rules, seed, deck) if deck is not None else shuffled_deck(
        rules, seed, 1
    )
    return deal(rules, seed, 1, start, (), cards)


# ---------------------------------------------------------------------------------------------
# The deal of a hand (DEAL-2 to DEAL-4) and its end


def deal(
    rules: RuleSet,
    seed: int,
    hand_number: int,
    scores: tuple[int, ...],
    results: tuple[HandResult, ...],
    deck: tuple[Card, ...],
) -> GameState:
    """The state at the start of hand ``hand_number``, dealt from ``deck`` (DEAL-2 to DEAL-4):
    the hands one card at a time in turn order, the up card (another turned on it while it is a
    wild or a bonus card), bonus cards laid out and replaced; a hand that ends in the deal is
    scored at once."""
    facts = rules.facts
    orders = facts.turn_orders
    order = orders.get(hand_number)
    if order is None:
        order = seat_order(rules, hand_number)
        if len(orders) < _MAX_TURN_ORDERS:
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
    natural_up = rules.up_card_must_be_natural
    while pos < len(deck):  # DEAL-3 (READ-1: until the up card is a natural)
        card = deck[pos]
        pos += 1
        pile.append(card)
        if card < NUM_RANKS if natural_up else card not in FREEZERS:
            break
    laid = [0] * len(rules.layout)
    side_of = facts.side_of
    ended: HandEnd | None = None
    for seat in order:  # DEAL-4
        hand = hands[seat]
        while hand[I_R3]:
            # Bonus cards never stay in a hand (TURN-3): once the hand has ended they are
            # still laid out, just not replaced.
            hand[I_R3] -= 1
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
        tuple(make_side(NO_MELDS, (), n) for n in laid),
        order,
        0,
        draw_turn(first, meld_minimum(rules, scores[side_of[first]]), False),
    )
    state = make_state(rules, seed, hand_number, scores, table, tuple(results))
    if ended is not None:
        return end_hand(state, table, ended, None)
    return state


def just_dealt(state: GameState) -> bool:
    """True when ``state`` is its hand as the deal left it, no action played in it yet: the
    state of :func:`new_game` (or :meth:`GameRecord.initial_state
    <canasta_caliente.GameRecord.initial_state>`), or the one a ``deal`` action led to.

    The one test of it, linear in the deck: the hand dealt again (:func:`deal`) from the
    state's own deck, with the scores and the results it was dealt with, is the state. A hand
    that ended in the deal (DEAL-4: a bonus card the stock could not replace) is over already:
    its result, the last, is counted back out of the scores and the results first.

    >>> import canasta_caliente as cc
    >>> state = cc.new_game(cc.RuleSet.preset("caliente"), seed=7)
    >>> just_dealt(state), just_dealt(cc.apply(state, "draw"))
    (True, False)
    """
    results, scores = state.hand_results, state.scores
    if state.over:
        if len(results) != state.hand_number:
            return False
        scores = tuple(a - b for a, b in zip(scores, results[-1].totals, strict=True))
        results = results[:-1]
    again = deal(state.rules, state.seed, state.hand_number, scores, results, state.table.deck)
    return again == state


def known_at_hand_end(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """What is known of the hands once the hand has ended (:attr:`Table.known
    <canasta_caliente.state.Table.known>`): the hands are laid down to be counted (SCORE-1), so
    every card left in a hand is known to all and a view of the finished hand holds what its
    score was counted from; ``()`` when no hand holds a card."""
    return hands if any(map(any, hands)) else ()


def end_hand(
    state: GameState, table: Table, ended: HandEnd, went_out: int | None
) -> GameState:
    """The state of the hand ended (``ended``, ``went_out`` the seat that went out) with
    ``table``: scored (:func:`~canasta_caliente.engine.scoring.score_hand`) and the game scores
    updated."""
    result = score_hand(state.rules, table, ended, went_out)
    t = table
    table = make_table(t.deck, t.stock_pos, t.hands, t.pile, t.sides, t.order, t.turn_index,
                       t.turn, t.melded_seats, known_at_hand_end(t.hands))
    scores = tuple(a + b for a, b in zip(state.scores, result.totals, strict=True))
    return make_state(state.rules, state.seed, state.hand_number, scores, table,
                      (*state.hand_results, result), True)
