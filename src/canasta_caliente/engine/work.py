"""The work copy: a mutable copy of the parts of a state an action may change.

The rules decision (:func:`canasta_caliente.engine.decision.decide`) computes an action's
effects on a :class:`Work` copy, and :func:`canasta_caliente.engine.successors.successor`
freezes it into the next state. The card movements every action shares are here: drawing from
the stock (:func:`draw_cards`), pile cards joining a hand (:func:`join_cards`), the end of the
stock (:func:`check_last_card`) and points toward a first meld (:func:`add_points`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import I_R3, NUM_KINDS, R3, Card
from ..rules.ruleset import RuleSet, StockOut
from ..state.game import NO_WAITING, GameState, HandEnd, MeldCounts

__all__ = [
    "Work",
    "add_points",
    "check_last_card",
    "draw_cards",
    "grown_meld",
    "join_cards",
    "joined_preview",
    "known_after",
]


class Work:
    """A mutable copy of the parts of a state an action may change; ``Work()`` is an empty one,
    whose attributes the caller sets (a probe, the deal's verdict).

    Never ``Work.__new__(Work)`` for the empty one: compiled by mypyc (a trial, see
    ``benchmarks/bench_mypyc.py``), ``__new__`` runs ``__init__``."""

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

    def __init__(self, state: GameState | None = None) -> None:
        if state is None:  # (a probe: its fields set by its maker; no hand ended yet)
            self.ended: HandEnd | None = None
            self.took_last = False
            return
        t = state.table
        rules = state.rules
        turn = t.turn
        self.seat = t.order[t.turn_index]
        self.side = rules.facts.side_of[self.seat]
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
        self.ended = None
        self.took_last = False


def known_after(
    known: tuple[tuple[int, ...], ...],
    players: int,
    seat: int,
    seen: Sequence[Card],
    taken: Sequence[Card] = (),
) -> tuple[tuple[int, ...], ...]:
    """What is known of the hands (:attr:`Table.known <canasta_caliente.state.Table.known>`)
    once ``seat`` was seen to meld, discard or play the cards ``seen`` from its hand, then took
    the pile cards ``taken`` into its hand or to wait under INIT-4: one known card of the kind
    off for each card seen (never below zero), then each taken card on, bonus cards excepted
    (they are laid out, never held). ``()`` when nothing is known of any hand."""
    if known:
        row = known[seat]
        if not taken:
            for card in seen:
                if row[card]:
                    break
            else:
                return known  # none of the cards seen was known: nothing changes
        mine = list(row)
        for card in seen:
            if mine[card]:
                mine[card] -= 1
    elif not taken:
        return known
    else:
        mine = [0] * NUM_KINDS
    for card in taken:
        if card is not R3:
            mine[card] += 1
    # The rows as a list with the seat's replaced: fewer steps than joining slices.
    rows = list(known) if known else [NO_WAITING] * players
    rows[seat] = tuple(mine)
    if not any(mine) and not any(map(any, rows)):
        return ()
    return tuple(rows)


def draw_cards(deck: tuple[Card, ...], w: Work, count: int) -> None:
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


def join_cards(rules: RuleSet, deck: tuple[Card, ...], w: Work, counts: Sequence[int]) -> None:
    """Pile cards join the hand: bonus cards are laid out, and replaced if the rules say so
    (TURN-3); END-1 ends the hand when one cannot be replaced."""
    hand = w.hand
    for kind in range(NUM_KINDS):
        if kind != R3 and counts[kind]:
            hand[kind] += counts[kind]
    bonus = counts[I_R3]
    if not bonus:
        return
    w.laid_out += bonus
    if rules.bonus_from_pile_replaced:
        for _ in range(bonus):
            if w.pos == len(deck):
                w.ended = HandEnd.BONUS_NOT_REPLACED
                return
            draw_cards(deck, w, 1)
            if w.ended is not None:
                return


def check_last_card(rules: RuleSet, w: Work) -> None:
    """END-3: an action that took the last card of the stock ends the hand."""
    if w.took_last and w.ended is None and rules.stock_out is StockOut.END_ON_LAST_CARD:
        w.ended = HandEnd.LAST_CARD


def joined_preview(
    rules: RuleSet, deck: tuple[Card, ...], pos: int, waiting: tuple[int, ...]
) -> tuple[tuple[int, ...], bool]:
    """What joining the waiting cards would add to the hand, and whether it ends the hand."""
    probe = Work()
    probe.hand = [0] * NUM_KINDS
    probe.laid_out = 0
    probe.pos = pos
    # (ended and took_last start as Work() sets them: assigned here, a compiled copy, mypyc,
    # took ended for None after the calls below and failed on the hand end they set)
    join_cards(rules, deck, probe, waiting)
    check_last_card(rules, probe)
    return tuple(probe.hand), probe.ended is not None


def add_points(rules: RuleSet, deck: tuple[Card, ...], w: Work, value: int) -> None:
    """Count melded values toward the first-meld minimum; once met, waiting cards join."""
    if w.need <= 0:
        return
    w.started = True
    w.points += value
    w.need -= value
    if w.need <= 0:
        w.need = 0
        waiting = w.waiting
        w.waiting = NO_WAITING
        if any(waiting):
            join_cards(rules, deck, w, waiting)
            check_last_card(rules, w)


def grown_meld(meld: MeldCounts | None, naturals: int, twos: int, jokers: int) -> MeldCounts:
    """A side's meld (``None``: none yet) with these cards added."""
    if meld is None:
        return (naturals, twos, jokers)
    return (meld[0] + naturals, meld[1] + twos, meld[2] + jokers)
