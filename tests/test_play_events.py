"""The events are complete and leak nothing: replayed onto a seat's view before an action, the
events that seat may see move every card to where its view after the action has it; replayed
unredacted onto the whole table, they account for every card that moved.

The replay below is the test's own bookkeeping of where cards are (hands, stock, pile, melds,
laid-out bonus cards, Caliente cards played, waiting pile cards): it reads only the events,
never the engine.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.play import kinds as k
from conftest import EVERY_PRESET
from play_walks import steps
from strategies import rulesets

Card = cc.Card
R3, B3, CAL = Card.RED_THREE, Card.BLACK_THREE, Card.CALIENTE


@attrs.define
class Seen:
    """Where the cards are, as one audience can tell: the hands of ``seats`` by their cards,
    every hand by its size."""

    seats: frozenset[int]
    side_of: tuple[int, ...]
    hands: dict[int, Counter[Card]]
    sizes: list[int]
    stock: int
    pile: list[Card]
    melds: list[dict[Card, Counter[Card]]]
    stops: list[list[int]]
    laid_out: list[int]
    caliente: list[int]
    waiting: list[Card]
    scores: tuple[int, ...]
    results: int
    hand_number: int


def seen_of(game: cc.GameState | cc.View, seats: frozenset[int]) -> Seen:
    """What ``seats`` see of a state or a view, for the replay and to compare it with."""
    rules = game.rules
    sides = range(len(rules.layout))
    if isinstance(game, cc.View):
        hands = {game.seat: Counter(game.hand)}
        sizes = list(game.hand_sizes)
    else:
        hands = {s: Counter(game.hand(s)) for s in seats}
        sizes = [game.hand_size(s) for s in range(rules.players)]
    melds = [{m.rank: Counter(m.cards) for m in game.melds(i) if m.rank is not B3}
             for i in sides]
    stops = [sorted(len(m.cards) for m in game.melds(i) if m.rank is B3) for i in sides]
    return Seen(seats, tuple(game.side_of(s) for s in range(rules.players)), hands, sizes,
                game.stock_size, list(game.pile), melds, stops,
                [len(game.laid_out(i)) for i in sides], [game.caliente_played(i) for i in sides],
                list(game.waiting), game.scores, len(game.hand_results), game.hand_number)


def _into(seen: Seen, seat: int, cards: tuple[Card, ...] | None, count: int) -> None:
    seen.sizes[seat] += count
    if seat in seen.seats:
        assert cards is not None, "a hand the audience sees got cards it was not shown"
        seen.hands[seat].update(cards)


def _out_of(seen: Seen, seat: int, cards: tuple[Card, ...]) -> None:
    seen.sizes[seat] -= len(cards)
    assert seen.sizes[seat] >= 0
    if seat in seen.seats:
        hand = seen.hands[seat]
        hand.subtract(cards)
        assert min(hand.values(), default=0) >= 0, f"{cards} left a hand that did not hold them"


def replay(seen: Seen, happened: tuple[k.Event, ...]) -> None:
    """Move the cards of ``seen`` as the events say."""
    for event in happened:
        seat = event.seat
        if isinstance(event, k.DrawEvent):
            assert seat is not None and seen.stock >= event.count
            seen.stock -= event.count
            _into(seen, seat, event.cards, event.count)
        elif isinstance(event, k.BonusEvent):
            assert seat is not None
            _out_of(seen, seat, (R3,))
            seen.laid_out[seen.side_of[seat]] += 1
        elif isinstance(event, k.CalienteEvent):
            assert seat is not None
            _out_of(seen, seat, (CAL,))
            seen.caliente[seen.side_of[seat]] += 1
        elif isinstance(event, k.TakeEvent):
            assert seat is not None
            assert seen.pile == [*event.under, event.up_card], "the pile taken is not the pile"
            seen.pile = []
            _into(seen, seat, (event.up_card,), 1)  # melded at once by the next event
            if event.waiting:
                seen.waiting = list(event.under)
            else:
                _into(seen, seat, event.under, len(event.under))
        elif isinstance(event, k.WaitingJoinEvent):
            assert seat is not None and sorted(seen.waiting) == sorted(event.cards)
            seen.waiting = []
            _into(seen, seat, event.cards, len(event.cards))
        elif isinstance(event, k.MeldEvent):
            assert seat is not None
            _out_of(seen, seat, event.cards)
            if event.rank is B3:
                seen.stops[event.side] = sorted([*seen.stops[event.side], len(event.cards)])
            else:
                melds = seen.melds[event.side]
                assert event.new == (event.rank not in melds)
                melds.setdefault(event.rank, Counter()).update(event.cards)
                assert melds[event.rank].total() == event.size
        elif isinstance(event, k.DiscardEvent):
            assert seat is not None
            _out_of(seen, seat, (event.card,))
            seen.pile.append(event.card)
        elif isinstance(event, k.StockOutEvent):
            assert seen.stock == 0
        elif isinstance(event, k.HandEndEvent):
            seen.scores = event.scores
            seen.results += 1
            seen.waiting = []
            for s, hand in enumerate(event.hands):
                assert len(hand) == seen.sizes[s]
                if s in seen.seats:
                    assert Counter(hand) == +seen.hands[s]
        elif isinstance(event, k.DealEvent):
            n_sides = len(seen.melds)
            seen.hand_number = event.hand_number
            seen.sizes = list(event.hand_sizes)
            for s in seen.seats:
                hand = event.hands[s]
                assert hand is not None, "a dealt hand the audience sees was not shown"
                seen.hands[s] = Counter(hand)
            seen.stock = event.stock_size
            seen.pile = list(event.pile)
            seen.melds = [{} for _ in range(n_sides)]
            seen.stops = [[] for _ in range(n_sides)]
            seen.laid_out = [len(cards) for cards in event.laid_out]
            seen.caliente = [0] * n_sides
            seen.waiting = []


def same(replayed: Seen, want: Seen) -> None:
    """The replayed table is the one the audience sees after the action."""
    for s in replayed.seats:
        assert +replayed.hands[s] == +want.hands[s], f"seat {s}'s hand"
    for name in ("sizes", "stock", "pile", "stops", "laid_out", "caliente", "scores",
                 "results", "hand_number"):
        assert getattr(replayed, name) == getattr(want, name), name
    assert [{r: +c for r, c in m.items()} for m in replayed.melds] == want.melds
    assert sorted(replayed.waiting) == sorted(want.waiting)


def leaks(event: k.Event, seat: int | None) -> bool:
    """Whether ``event`` (as sent to ``seat``) shows cards of a hand that is not ``seat``'s."""
    if isinstance(event, k.DrawEvent):
        return event.seat != seat and event.cards is not None
    if isinstance(event, k.DealEvent):
        return any(hand is not None for s, hand in enumerate(event.hands) if s != seat)
    return False


def check_action(before: cc.GameState, action: cc.Action) -> cc.GameState:
    """Check the events of ``action`` for every audience, and return the state after it."""
    after, happened = cc.step(before, action)
    players = before.rules.players
    # Unredacted, on the whole table: every card that moved is accounted for.
    everyone = frozenset(range(players))
    table = seen_of(before, everyone)
    replay(table, happened)
    same(table, seen_of(after, everyone))
    # Each seat, and a spectator, from its view.
    for seat in (*range(players), None):
        shown = tuple(e.for_seat(seat) for e in happened)
        assert not any(leaks(e, seat) for e in shown)
        if seat is None:
            continue
        seen = seen_of(cc.observe(before, seat), frozenset({seat}))
        replay(seen, shown)
        same(seen, seen_of(cc.observe(after, seat), frozenset({seat})))
    return after


PRESETS = cc.RuleSet.preset_names()


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_events_replay_onto_every_view_in_every_preset(preset: str) -> None:
    # RULES: TURN-2, TURN-3, PILE-1, INIT-4, MELD-4, DISC-2, HOT-2, END-2, SCORE-6, DEAL-4
    rules = cc.RuleSet.preset(preset)
    kinds = set()
    for before, action, after, happened in steps(rules, 7, 250):
        assert check_action(before, action) == after == cc.apply(before, action)
        kinds.update(e.kind for e in happened)
    assert {cc.EventKind.DRAW, cc.EventKind.MELD, cc.EventKind.DISCARD} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_events_replay_over_whole_games(preset: str) -> None:
    rules = cc.RuleSet.preset(preset)
    for seed in range(2):
        for before, action, _, _ in steps(rules, seed, 5000):
            check_action(before, action)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_events_replay_under_generated_rulesets(rules: cc.RuleSet, seed: int) -> None:
    for before, action, _, _ in steps(rules, seed, 120):
        check_action(before, action)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_events_replay_under_many_generated_rulesets(rules: cc.RuleSet, seed: int) -> None:
    for before, action, _, _ in steps(rules, seed, 600):
        check_action(before, action)
