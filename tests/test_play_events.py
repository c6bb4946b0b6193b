"""The events are complete and leak nothing: replayed onto a seat's view before an action, the
events that seat may see give its whole view after the action, every field of it; replayed
unredacted onto the whole table, they account for every card that moved.

The replay below is the test's own bookkeeping of the table as one audience can tell it: where
the cards are (hands, stock, pile, melds, laid-out bonus cards, Caliente cards played, waiting
pile cards, what is known of each hand), the scores and hand results, and the turn (its phase
and player, the first-meld points and need, the question, the ranks melded to and made this
turn, whether the player had melded before, which seats have melded). It reads the events, the
rules' own tables (:meth:`RuleSet.minimum_for <canasta_caliente.RuleSet.minimum_for>`, the
sides' seats) and the view before, never the engine or the view after: :func:`check_action`
builds the :class:`~canasta_caliente.View` after from the replay and compares it whole.

No field of the view is left out of the replay or copied from the view after: the events carry
what a rule decides (a meld's first-meld ``points``, INIT-2 and INIT-4; a deal's turn ``order``,
SEAT-3 and SEAT-4), and the replay follows what an event plainly means (a discard passes the turn
to the next seat of the order, DISC-2; a new turn owes the side's first-meld minimum while the
side has no meld, INIT-1).
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.cards import NUM_RANKS, counts_from_cards
from canasta_caliente.engine.checks import freezer_rules
from canasta_caliente.play import kinds as k
from canasta_caliente.state.game import HandResult, Phase, Question, SideTable, Turn
from canasta_caliente.testing import stacked_deck
from conftest import EVERY_PRESET, deal, in_quick_loop, play, rules_for, scaled
from play_walks import steps
from strategies import rulesets

# (the package's ``events`` function shadows the module's name as an attribute of ``play``)
events_module = importlib.import_module("canasta_caliente.play.events")
Card = cc.Card
R3, B3, CAL = Card.RED_THREE, Card.BLACK_THREE, Card.CALIENTE
TWO, JOKER = Card.TWO, Card.JOKER


@attrs.define
class Seen:
    """The table as one audience can tell it: the hands of :attr:`seats` by their cards, every
    hand by its size, and all that is public."""

    rules: cc.RuleSet
    seats: frozenset[int]
    hands: dict[int, Counter[Card]]
    sizes: list[int]
    stock: int
    pile: list[Card]
    melds: list[dict[Card, Counter[Card]]]
    stops: list[list[int]]
    laid_out: list[int]
    caliente: list[int]
    hand_number: int
    scores: tuple[int, ...]
    results: list[HandResult]
    over: bool
    order: tuple[int, ...]
    turn_index: int
    turn: Turn
    waiting: Counter[Card]
    melded_seats: int
    known: list[Counter[Card]] | None
    """What all know of each hand (``None`` while nothing is known of any)."""
    taking: bool = False
    """A take's meld is next: its cards from hand were counted when the pile was taken."""

    def side_of(self, seat: int) -> int:
        """The side of ``seat``, from the rules' layout."""
        return next(i for i, seats in enumerate(self.rules.layout) if seat in seats)

    def view(self, seat: int) -> cc.View:
        """The view of ``seat`` (one of :attr:`seats`) this bookkeeping gives."""
        sides = tuple(SideTable(
            tuple(None if not (m := self.melds[i].get(Card(r))) else
                  (m.total() - m[TWO] - m[JOKER], m[TWO], m[JOKER]) for r in range(NUM_RANKS)),
            tuple(self.stops[i]), self.laid_out[i], self.caliente[i])
            for i in range(len(self.rules.layout)))
        turn = attrs.evolve(self.turn, waiting=counts_from_cards(self.waiting.elements()))
        known = ()  # nothing known of any hand
        if self.known is not None and any(+c for c in self.known):
            known = tuple(counts_from_cards(c.elements()) for c in self.known)
        return cc.View(seat, self.rules, self.hand_number, self.scores, tuple(self.results),
                       self.over, tuple(self.hands[seat].elements()), tuple(self.sizes),
                       self.stock, tuple(self.pile), sides, self.order, self.turn_index, turn,
                       self.melded_seats, known)


def seen_of(view: cc.View, hands: dict[int, tuple[Card, ...]]) -> Seen:
    """The bookkeeping of an audience that sees ``hands`` (seat to cards), started from a view
    before the action (any seat's: all but its hand is public)."""
    rules = view.rules
    sides = range(len(rules.layout))
    melds = [{m.rank: Counter(m.cards) for m in view.melds(i) if m.rank is not B3}
             for i in sides]
    stops = [[len(m.cards) for m in view.melds(i) if m.rank is B3] for i in sides]
    known = (None if not view.known_cards
             else [Counter(view.known(s)) for s in range(rules.players)])
    return Seen(rules, frozenset(hands), {s: Counter(h) for s, h in hands.items()},
                list(view.hand_sizes), view.stock_size, list(view.pile), melds, stops,
                [len(view.laid_out(i)) for i in sides], [view.caliente_played(i) for i in sides],
                view.hand_number, view.scores, list(view.hand_results), view.over, view.order,
                view.turn_index, view.turn, Counter(view.waiting), view.melded_seats, known)


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


def _seen_played(seen: Seen, seat: int, cards: tuple[Card, ...]) -> None:
    """``seat`` was seen to meld, discard or play ``cards``: known cards of theirs no longer."""
    if seen.known is not None:
        row = seen.known[seat]
        for card in cards:
            if row[card]:
                row[card] -= 1


def _turn(seen: Seen, **changes: object) -> None:
    seen.turn = attrs.evolve(seen.turn, **changes)


def _next_turn(seen: Seen) -> None:
    """The turn passes to the next seat of the order (DISC-2), which owes its side's first-meld
    minimum while the side has no meld (INIT-1)."""
    seen.turn_index = (seen.turn_index + 1) % len(seen.order)
    seat = seen.order[seen.turn_index]
    side = seen.side_of(seat)
    opened = bool(seen.melds[side] or seen.stops[side])
    need = 0 if opened else seen.rules.minimum_for(seen.scores[side])
    seen.turn = Turn(Phase.DRAW, seat, need=need, had_melded=bool(seen.melded_seats >> seat & 1))
    seen.waiting = Counter()


def replay(seen: Seen, happened: tuple[k.Event, ...]) -> None:
    """Bring ``seen`` to after the events."""
    for event in happened:
        _replay_one(seen, event)
    if any(isinstance(e, k.DiscardEvent) for e in happened) and not seen.over:
        _next_turn(seen)


def _replay_one(seen: Seen, event: k.Event) -> None:
    seat = event.seat
    if isinstance(event, k.DrawEvent):
        assert seat is not None and seen.stock >= event.count
        seen.stock -= event.count
        _into(seen, seat, event.cards, event.count)
        if seen.turn.phase is Phase.DRAW:
            _turn(seen, phase=Phase.PLAY)
    elif isinstance(event, k.BonusEvent):
        assert seat is not None
        _out_of(seen, seat, (R3,))
        seen.laid_out[seen.side_of(seat)] += 1
    elif isinstance(event, k.CalienteEvent):
        assert seat is not None
        _out_of(seen, seat, (CAL,))
        _seen_played(seen, seat, (CAL,))
        seen.caliente[seen.side_of(seat)] += 1
        _turn(seen, phase=Phase.PLAY)
    elif isinstance(event, k.PassEvent):
        pass  # the hand ends: the HandEndEvent that follows
    elif isinstance(event, k.TakeEvent):
        assert seat is not None
        assert seen.pile == [*event.under, event.up_card], "the pile taken is not the pile"
        seen.pile = []
        _into(seen, seat, (event.up_card,), 1)  # melded at once by the next event
        if event.waiting:
            seen.waiting = Counter(event.under)
        else:
            _into(seen, seat, event.under, len(event.under))
        side = seen.side_of(seat)
        if not seen.melds[side] and not seen.stops[side]:
            _turn(seen, started=True)  # the side's first meld starts with the take
        _seen_played(seen, seat, event.with_cards)
        if seen.known is None:
            seen.known = [Counter() for _ in range(seen.rules.players)]
        seen.known[seat].update(c for c in event.under if c is not R3)
        seen.taking = True
        _turn(seen, phase=Phase.PLAY)
    elif isinstance(event, k.WaitingJoinEvent):
        assert seat is not None and seen.waiting == Counter(event.cards)
        seen.waiting = Counter()
        _into(seen, seat, event.cards, len(event.cards))
    elif isinstance(event, k.MeldEvent):
        assert seat is not None
        _out_of(seen, seat, event.cards)
        turn = seen.turn
        touched, created = turn.touched, turn.created
        if event.rank is B3:
            seen.stops[event.side].append(len(event.cards))
        else:
            melds = seen.melds[event.side]
            assert event.new == (event.rank not in melds)
            melds.setdefault(event.rank, Counter()).update(event.cards)
            assert melds[event.rank].total() == event.size
            touched |= 1 << event.rank
            if event.new:
                created |= 1 << event.rank
        started = turn.started or (turn.need > 0 and not seen.taking)
        _turn(seen, need=max(turn.need - event.points, 0), points=turn.points + event.points,
              started=started, melded=turn.melded or not seen.taking, touched=touched,
              created=created)
        if not seen.taking:
            _seen_played(seen, seat, event.cards)
        seen.taking = False
        seen.melded_seats |= 1 << seat
    elif isinstance(event, k.DiscardEvent):
        assert seat is not None
        _out_of(seen, seat, (event.card,))
        _seen_played(seen, seat, (event.card,))
        seen.pile.append(event.card)
        if seen.turn.melded or seen.turn.touched:
            seen.melded_seats |= 1 << seat
    elif isinstance(event, k.AskEvent):
        assert seat is not None
        _turn(seen, phase=Phase.ANSWER, player=event.partner, question=Question.ASKED)
    elif isinstance(event, k.AnswerEvent):
        _turn(seen, phase=Phase.PLAY, player=event.asker,
              question=Question.YES if event.yes else Question.NO)
    elif isinstance(event, k.StockOutEvent):
        assert seen.stock == 0
    elif isinstance(event, k.WentOutEvent):
        pass  # the hand's result: the HandEndEvent that follows
    elif isinstance(event, k.HandEndEvent):
        assert event.hand_number == seen.hand_number
        seen.scores = event.scores
        seen.results.append(HandResult(event.breakdown, event.ended, event.seat,
                                       event.concealed))
        seen.over = True
        seen.waiting = Counter()
        for s, hand in enumerate(event.hands):
            assert len(hand) == seen.sizes[s]
            if s in seen.seats:
                assert Counter(hand) == +seen.hands[s]
        # The hands are laid down to be counted (SCORE-1): all of each is known to all.
        seen.known = [Counter(h) for h in event.hands] if any(event.hands) else None
    elif isinstance(event, k.GameOverEvent):
        assert seen.over and event.scores == seen.scores
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
        seen.over = False
        seen.order = event.order
        assert event.order[0] == event.first
        seen.turn_index = -1  # the first seat of the order is next, as after a discard
        seen.melded_seats = 0
        seen.known = None
        _next_turn(seen)
    else:  # pragma: no cover - a new kind of event must be replayed here
        raise AssertionError(f"no replay of {event.kind}")


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
    # Unredacted, on the whole table: every card that moved is accounted for, and every seat's
    # view after follows.
    table = seen_of(cc.observe(before, 0), {s: before.hand(s) for s in range(players)})
    replay(table, happened)
    for seat in range(players):
        assert table.view(seat) == cc.observe(after, seat), f"the table, seat {seat}'s view"
    # Each seat from its own view, and what a spectator is shown.
    for seat in (*range(players), None):
        shown = tuple(e.for_seat(seat) for e in happened)
        assert not any(leaks(e, seat) for e in shown)
        if seat is None:
            continue
        view = cc.observe(before, seat)
        seen = seen_of(view, {seat: view.hand})
        replay(seen, shown)
        derived = seen.view(seat)
        want = cc.observe(after, seat)
        if derived != want:
            diff = [f.name for f in attrs.fields(cc.View)
                    if getattr(derived, f.name) != getattr(want, f.name)]
            pytest.fail(f"seat {seat} after {action} ({[e.kind.value for e in happened]}): "
                        f"{diff} differ: {[getattr(derived, n) for n in diff]} != "
                        f"{[getattr(want, n) for n in diff]}")
    return after


PRESETS = cc.RuleSet.preset_names()


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_events_replay_onto_every_view_in_every_preset(preset: str) -> None:
    # RULES: TURN-2, TURN-3, PILE-1, INIT-4, MELD-4, DISC-2, HOT-2, END-2, SCORE-6, DEAL-4
    rules = cc.RuleSet.preset(preset)
    kinds = set()
    # (150 actions reach the end of the first hand in every quick preset)
    for before, action, after, happened in steps(rules, 7, 150 if in_quick_loop() else 250):
        assert check_action(before, action) == after == cc.apply(before, action)
        kinds.update(e.kind for e in happened)
    assert {cc.EventKind.DRAW, cc.EventKind.MELD, cc.EventKind.DISCARD, cc.EventKind.HAND_END,
            cc.EventKind.DEAL} <= kinds


def test_a_stop_meld_counts_its_points_toward_the_first_meld() -> None:
    """A first meld of three stop cards counts their 15 points toward the minimum (INIT-2
    counts every card melded that turn), in its event as on the turn: the event said 0, and
    a view replayed from the events still owed the minimum (found by Hypothesis: a house rule
    of 3-card hands, the side below 0)."""
    # RULES: INIT-1, INIT-2, MELD-5
    rules = rules_for("caliente", hand_size=3, canastas_to_go_out=0)
    drawn = play(deal(rules, {0: "B3 B3 B3", 1: "R3 4 5", 2: "R3 6 8", 3: "9 10 J"},
                      pile="K", stock="Q A 7", scores=(-10, 0)), "draw")
    assert drawn.turn.need == 15
    (meld,) = cc.events(drawn, "meld B3 B3 B3")
    assert isinstance(meld, k.MeldEvent)
    assert meld.points == 15 and meld.rules == ("MELD-5",)
    melded = check_action(drawn, cc.parse_action("meld B3 B3 B3"))  # every view follows
    check_action(melded, cc.parse_action("discard 7"))


@settings(max_examples=scaled(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32), limit=st.integers(0, 300))
def test_replay_events_gives_each_actions_events_as_step_does(rules: cc.RuleSet, seed: int,
                                                               limit: int) -> None:
    """``replay_events(record)``: the record's states, as ``replay`` gives them, and the events
    of each action, as ``step`` gives them (every hand, deal and hand end included); a record
    ``replay`` refuses, it refuses alike."""
    walked = list(steps(rules, seed, limit))
    record = cc.GameRecord.start(rules, seed=seed).extend(*(str(a) for _, a, _, _ in walked))
    states, log = cc.replay_events(record)
    assert states == cc.replay(record)
    assert log == tuple(happened for _, _, _, happened in walked)
    bad = attrs.evolve(record, actions=(*record.actions, "meld R3 R3 R3"))
    with pytest.raises(cc.ReplayError, match=f"step {len(record.actions) + 1}"):
        cc.replay_events(bad)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_events_replay_over_whole_games(preset: str) -> None:
    rules = cc.RuleSet.preset(preset)
    for seed in range(2):
        for before, action, _, _ in steps(rules, seed, 5000):
            check_action(before, action)


@settings(max_examples=scaled(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_events_replay_under_generated_rulesets(rules: cc.RuleSet, seed: int) -> None:
    for before, action, _, _ in steps(rules, seed, 120):
        check_action(before, action)


@pytest.mark.slow
@settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_events_replay_under_many_generated_rulesets(rules: cc.RuleSet, seed: int) -> None:
    for before, action, _, _ in steps(rules, seed, 600):
        check_action(before, action)


# -- the rules of a freezing discard: the engine's freezer_rules, never the events' own ---------


def _discard_events(card: str, freezes: bool, pile: str = "4") -> tuple[k.Event, ...]:
    """The events of seat 0's discard of ``card`` after its draw, under ``caliente`` with
    ``stop_card_freezes`` as given."""
    rules = rules_for("caliente", stop_card_freezes=freezes)
    state = play(deal(rules, {0: f"8 8 8 9 9 9 10 10 10 K {card}"}, pile=pile, stock="5 6"),
                 "draw")
    return cc.events(state, f"discard {card}")


@pytest.mark.parametrize(("card", "freezes", "froze", "rules"), [
    ("B3", True, True, ("DISC-2", "PILE-3", "READ-6", "PILE-2")),
    ("B3", False, False, ("DISC-2", "PILE-2")),
    ("2", True, True, ("DISC-2", "PILE-3", "PILE-2")),
    ("2", False, True, ("DISC-2", "PILE-3", "PILE-2")),
    ("JK", True, True, ("DISC-2", "PILE-3", "PILE-2")),
    ("JK", False, True, ("DISC-2", "PILE-3", "PILE-2")),
    ("K", True, False, ()),
    ("K", False, False, ()),
])
def test_a_discard_names_the_rules_under_which_it_froze_the_pile(
        card: str, freezes: bool, froze: bool, rules: tuple[str, ...]) -> None:
    """A wild freezes the pile under PILE-3 whatever ``stop_card_freezes`` says; a stop card
    freezes it (PILE-3, READ-6) only when it is on, and blocks the next player (PILE-2) either
    way; a wild up card cannot be taken either (PILE-2); a natural does neither. The rule IDs
    of the freezing are the engine's :func:`freezer_rules`."""
    # RULES: DISC-2, PILE-2, PILE-3, READ-6
    (discard,) = _discard_events(card, freezes)
    assert isinstance(discard, k.DiscardEvent)
    blocked = card != "K"
    assert (discard.froze, discard.blocked, discard.rules) == (froze, blocked, rules)
    named = freezer_rules(rules_for("caliente", stop_card_freezes=freezes), cc.Card.parse(card))
    assert discard.rules[1:len(rules) - blocked] == (named if froze else ())
    if rules:
        assert discard.text(seat=None).endswith(f"({', '.join(rules)}).")


@pytest.mark.parametrize("freezes", [True, False])
def test_a_discard_onto_a_frozen_pile_freezes_nothing(freezes: bool) -> None:
    """A wild discarded onto a pile that already holds one (buried at the deal, DEAL-3) does
    not freeze it again: only the block is named."""
    # RULES: DISC-2, DEAL-3, PILE-3
    (discard,) = _discard_events("2", freezes, pile="JK 4")
    assert isinstance(discard, k.DiscardEvent)
    assert not discard.froze and discard.rules == ("DISC-2", "PILE-2")


@pytest.mark.parametrize("freezes", [True, False])
def test_a_red_three_freezes_but_is_never_discarded(freezes: bool) -> None:
    """A bonus card freezes the pile (PILE-3) under both readings, but cannot be discarded
    (DISC-1): its discard has no events, only the engine's refusal."""
    # RULES: DISC-1, PILE-3
    rules = rules_for("caliente", stop_card_freezes=freezes)
    assert freezer_rules(rules, cc.Card.RED_THREE) == ("PILE-3",)
    state = play(deal(rules, {}, stock="5 6"), "draw")
    with pytest.raises(cc.IllegalActionError, match=r"bonus cards cannot be discarded \(DISC-1\)"):
        cc.events(state, "discard R3")


# -- the first hand's deal, which no action made: deal_events -----------------------------------


def before_the_game(rules: cc.RuleSet, seat: int, scores: tuple[int, ...]) -> Seen:
    """The bookkeeping of ``seat`` before a game's first deal: no card anywhere, the scores
    the game starts at, no hand played."""
    sides = len(rules.layout)
    return Seen(rules, frozenset({seat}), {seat: Counter()}, [0] * rules.players, 0, [],
                [{} for _ in range(sides)], [[] for _ in range(sides)], [0] * sides,
                [0] * sides, 0, scores, [], True, (), 0, Turn(Phase.DRAW, 0), Counter(), 0,
                None)


def check_first_deal(state: cc.GameState) -> tuple[k.Event, ...]:
    """Check ``deal_events`` of a game's first state, and return them: the DealEvent ``step``
    gives a later hand's ``deal`` too (one home, ``_dealt``), then the hand's end when the
    deal ended it; replayed as each seat may see them onto what the seat knew before the game
    (nothing), they give the seat's whole first view, and they show no other seat's hand (a
    spectator's, none)."""
    rules = state.rules
    opening = cc.deal_events(state)
    assert opening[0] == events_module._dealt(state) and (len(opening) > 1) == state.over
    ended = state.hand_results[-1].totals if state.over else (0,) * len(state.scores)
    scores = tuple(a - b for a, b in zip(state.scores, ended, strict=True))  # the game's start
    for seat in (*range(rules.players), None):
        shown = tuple(e.for_seat(seat) for e in opening)
        assert not any(leaks(e, seat) for e in shown), seat
        if seat is None:
            assert isinstance(shown[0], k.DealEvent)
            assert all(h is None for h in shown[0].hands)
            continue
        seen = before_the_game(rules, seat, scores)
        replay(seen, shown)
        assert seen.view(seat) == cc.observe(state, seat), seat
    return opening


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_the_first_deals_events_give_each_seat_its_first_view_and_no_other_hand(
        preset: str) -> None:
    """``deal_events`` of a game's first state: one DealEvent (:func:`check_first_deal`)."""
    # RULES: DEAL-1, DEAL-2, DEAL-3, DEAL-4, SEAT-4
    for seed in range(3):
        opening = check_first_deal(cc.new_game(cc.RuleSet.preset(preset), seed=seed))
        assert [e.kind for e in opening] == [cc.EventKind.DEAL]


@settings(max_examples=scaled(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_the_first_deals_events_give_each_first_view_under_generated_rulesets(
        rules: cc.RuleSet, seed: int) -> None:
    """The same under house rules: seats sitting out, small hands, a deal that ends the hand."""
    check_first_deal(cc.new_game(rules, seed=seed))


def test_a_later_hands_deal_events_are_its_deal_actions() -> None:
    """For a later hand's first state, ``deal_events`` gives what the ``deal`` action that made
    it gave."""
    seen = 0
    for _, action, after, happened in steps("caliente", 4, 2000):
        if action.verb is cc.Verb.DEAL:
            assert cc.deal_events(after) == happened
            seen += 1
    assert seen


def test_a_first_hand_that_ends_in_the_deal_has_its_end_in_the_deal_events() -> None:
    """A deal that ends the hand (DEAL-4: the last card of the stock replaces a bonus card):
    the deal's events go on to the hand's end, as a ``deal`` action's do."""
    # RULES: DEAL-4, END-3, END-1
    rules = rules_for("classic", hand_size=26)
    seat0 = "R3 R3 2 2 2 2 2 2 2 2 JK JK JK JK B3 B3 B3 B3"
    state = cc.new_game(rules, deck=stacked_deck(rules, {0: seat0}, pile="R3 R3 4", stock="5"))
    assert state.is_hand_over
    happened = check_first_deal(state)  # every seat's view follows, the hands laid down
    assert [e.kind for e in happened][:2] == [cc.EventKind.DEAL, cc.EventKind.HAND_END]
    assert happened[1] == k.HandEndEvent(
        seat=None, hand_number=1, ended=state.hand_results[0].ended, concealed=False,
        hands=tuple(state.hand(s) for s in range(rules.players)),
        breakdown=state.hand_results[0].breakdown, scores=state.scores,
        rules=happened[1].rules)
    # Its words: each sentence begins with a capital (the hand's totals too).
    assert re.fullmatch(r"Hand 1 is over: [^.]+\. Side 0: [+-]\d+; side 1: [+-]\d+ "
                        r"\(game: -?\d+, -?\d+\)\.", happened[1].text()), happened[1].text()


def test_deal_events_refuses_a_state_with_an_action_played_in_its_hand() -> None:
    """Only the state a deal made: one a step on is an ArgumentError that says what was wrong,
    and so is a hand over by play; anything but a state is a TypeError."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=7)
    for later in (play(state, "draw"), play(state, "draw", "meld 6 6 6")):
        with pytest.raises(cc.ArgumentError, match=r"^state: not a hand as it was dealt \(hand 1 "
                           r"has had an action played in it, or its cards are not those its "
                           r"deck and seed deal\)"):
            cc.deal_events(later)
    # A state no action touched, its hidden cards dealt again at random, is not the deal either.
    redealt = cc.resample(cc.observe(state, 0), random.Random(1))
    with pytest.raises(cc.ArgumentError, match="or its cards are not those its deck and seed"):
        cc.deal_events(redealt)
    *_, (_, action, over, _) = steps("caliente", 4, 2000)  # to the end of the game
    assert over.is_hand_over and action.verb is not cc.Verb.DEAL
    with pytest.raises(cc.ArgumentError, match="not a hand as it was dealt"):
        cc.deal_events(over)
    with pytest.raises(TypeError, match="expected a GameState"):
        cc.deal_events(cc.observe(state, 0))  # type: ignore[arg-type]
