"""What every seat knows of the other hands: the cards seen taken with the pile.

``state.known(seat)`` follows every action (pile takes add the pile cards below the up card,
melds, discards and Caliente cards played take cards of their kind off, draws add nothing, a new
hand starts empty); it is part of the state, the view, the documents and the displays;
``resample`` deals every hand its known cards first and the rest uniformly; and the heuristic bot
does not feed the next player a pile it is known to be able to take.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.cards import NUM_KINDS, counts_from_cards
from canasta_caliente.engine.successors import apply_general
from canasta_caliente.players.bots import _heuristic, heuristic_bot
from canasta_caliente.testing import check_invariants, stacked_deck
from canasta_caliente.views.view import View, observe, resample
from conftest import finished_hand, scaled
from strategies import rulesets

R3 = cc.Card.RED_THREE


def took_the_pile() -> cc.GameState:
    """Seat 3 takes a pile of Q J 8 under a 7 before its side's first meld (INIT-4): Q J 8
    wait until the minimum is met."""
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "J", 2: "7", 3: "7 7 A A A"}, pile="Q", stock="K 8 10 4")
    state = cc.new_game(rules, deck=deck, seed=1)
    for action in ("draw", "discard J", "draw", "discard 8", "draw", "discard 7", "take 7 7"):
        state = cc.apply(state, action)
    return state


def cards(text: str) -> tuple[cc.Card, ...]:
    """Cards from their codes, sorted as ``known`` gives them."""
    return tuple(sorted(cc.Card.parse(c) for c in text.split()))


# ---------------------------------------------------------------------------------------------
# The rule, action by action


def test_a_new_hand_knows_nothing() -> None:
    """A new hand starts with nothing known of any hand."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=4)
    assert all(state.known(s) == () for s in range(4))
    assert state.table.known == ()


def test_pile_cards_taken_are_known_waiting_and_after_joining() -> None:
    """The pile cards below the up card are known to be the taker's while they wait (INIT-4)
    and once they join; the up card, melded, is not."""
    # RULES: PILE-1, INIT-4
    state = took_the_pile()
    assert state.waiting == cards("Q J 8")
    assert state.known(3) == cards("Q J 8")
    assert state.known(0) == state.known(1) == state.known(2) == ()
    assert check_invariants(state) == []
    state = cc.apply(state, "meld A A A")
    assert state.waiting == ()
    assert state.known(3) == cards("Q J 8")


def test_discards_and_melds_take_known_cards_off_draws_add_none() -> None:
    """A discard of a known card takes it off; the next seat's draw changes nothing known; a
    card of a kind nobody knows of leaves the known cards as they are."""
    # RULES: DISC-1, TURN-2
    state = cc.apply(cc.apply(took_the_pile(), "meld A A A"), "discard J")
    assert state.known(3) == cards("Q 8")
    state = cc.apply(state, "draw")
    assert state.known(3) == cards("Q 8")
    state = cc.apply(state, cc.legal_actions(state)[-1])  # seat 0 discards
    assert state.known(3) == cards("Q 8")


def test_known_never_below_zero() -> None:
    """Melding more of a kind than is known takes the known ones off, and no more."""
    # RULES: MELD-1
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "J", 2: "7", 3: "7 7 A A A K K"}, pile="K",
                        stock="K 8 10 4")
    state = cc.new_game(rules, deck=deck, seed=1)
    for action in ("draw", "discard J", "draw", "discard 8", "draw", "discard 7", "take 7 7",
                   "meld A A A"):
        state = cc.apply(state, action)
    assert state.known(3) == cards("K J 8")
    state = cc.apply(state, "meld K K K")
    assert state.known(3) == cards("J 8")
    assert check_invariants(state) == []


def test_known_refuses_a_seat_the_table_lacks() -> None:
    """``known`` of a seat the table lacks is a ValueError naming the seat."""
    state = took_the_pile()
    with pytest.raises(ValueError, match="no seat 4"):
        state.known(4)
    with pytest.raises(ValueError, match="no seat 4"):
        observe(state, 0).known(4)


# ---------------------------------------------------------------------------------------------
# Every table and RuleSet: play that takes piles often


@st.composite
def taking_states(draw: st.DrawFn) -> list[cc.GameState]:
    """The states of a game under any RuleSet the strategy draws, played at random with takes
    and melds preferred (so that piles are taken and known cards followed), up to 250
    actions."""
    rules = draw(rulesets())
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(20, 250))
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    states = [state]
    for _ in range(steps):
        legal = cc.legal_actions(state)
        if not legal:
            break
        keen = [a for a in legal if a.verb.value in ("take", "meld")]
        state = cc.apply(state, rng.choice(keen if keen and rng.random() < 0.8 else legal))
        states.append(state)
    return states


def _must_hold(view: View, seat: int) -> tuple[int, ...]:
    """The cards ``seat``'s hand must hold: its known cards less those waiting."""
    row = counts_from_cards(view.known(seat))
    if not view.over and view.turn_player == seat:
        waiting = counts_from_cards(view.waiting)
        row = tuple(max(n - w, 0) for n, w in zip(row, waiting, strict=True))
    return row


@settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(taking_states(), st.integers(0, 2**32))
def test_known_follows_play_under_every_ruleset(states: list[cc.GameState], salt: int) -> None:
    """Under every RuleSet: the known cards of each seat are in its hand or waiting; the
    direct successors and the general path agree on them; documents round-trip them; every
    seat's view shows the same known cards (a partner's view no more than an opponent's);
    a resampled state gives the same view and holds every seat's known cards."""
    # RULES: PILE-1, INIT-4, TURN-0
    rng = random.Random(salt)
    previous = None
    for state in states:
        if previous is not None and not previous.over:
            # the general path builds the same known cards as the direct one
            action = next(a for a in cc.legal_actions(previous)
                          if cc.apply(previous, a) == state)
            assert apply_general(previous, action).table.known == state.table.known
        previous = state
    picks = rng.sample(states, min(4, len(states)))
    for state in picks:
        rules = state.rules
        assert check_invariants(state) == []
        assert cc.loads(cc.dumps(state)) == state
        views = [observe(state, s) for s in range(rules.players)]
        assert len({v.known_cards for v in views}) == 1
        for seat in range(rules.players):
            for v in views:
                assert v.known(seat) == state.known(seat)
        for view in views:
            assert View.from_json(view.to_json()) == view
            sample = resample(view, rng)
            assert observe(sample, view.seat) == view
            for seat in range(rules.players):
                must = _must_hold(view, seat)
                held = sample.hand_counts(seat)
                assert all(held[k] >= must[k] for k in range(NUM_KINDS))
            if not state.over:
                assert check_invariants(sample) == []


def test_a_resampled_opponent_always_holds_what_it_took() -> None:
    """Seat 1, watching seat 3 take Q J 8 and meld, finds them in seat 3's hand in every
    resample; seat 0 and seat 2 get no such cards forced."""
    state = cc.apply(took_the_pile(), "meld A A A")
    view = observe(state, 1)
    assert view.known(3) == cards("Q J 8")
    rng = random.Random(5)
    for _ in range(300):
        sample = resample(view, rng)
        hand = sample.hand_counts(3)
        for card in cards("Q J 8"):
            assert hand[card] >= 1
        assert observe(sample, 1) == view


def test_partner_view_leaks_nothing_of_the_partner_hand() -> None:
    """The known cards are public: seat 1's view of its partner seat 3 shows what seat 0's
    view shows, and changing seat 3's unknown cards changes neither."""
    state = cc.apply(took_the_pile(), "meld A A A")
    mine, theirs = observe(state, 1), observe(state, 0)
    assert mine.known_cards == theirs.known_cards
    row = [line for line in str(mine).splitlines() if line.startswith("  seat 3")]
    assert row == [line for line in str(theirs).splitlines() if line.startswith("  seat 3")]
    assert row == ["  seat 3        9 cards; known to all: 8 J Q; 6 unknown  <- to act"]
    # swap an unknown card of seat 3 with one of the stock: seat 1's view is unchanged
    t = state.table
    hand = list(t.hands[3])
    unknown = next(k for k in range(NUM_KINDS) if hand[k] > counts_from_cards(state.known(3))[k])
    top = t.deck[t.stock_pos]
    if top != unknown:
        hand[unknown] -= 1
        hand[top] += 1
        deck = list(t.deck)
        deck[t.stock_pos] = cc.Card(unknown)
        table = attrs.evolve(t, deck=tuple(deck),
                             hands=(*t.hands[:3], tuple(hand), *t.hands[4:]))
        other = attrs.evolve(state, table=table)
        assert observe(other, 1) == mine


# ---------------------------------------------------------------------------------------------
# Uniformity


def _small_position() -> View:
    """A view of a 2-player hand near its end in which the opponent holds known cards and a
    few unknown ones, with a small stock: few enough deals to count them all."""
    rules = cc.RuleSet.preset("caliente-2p")
    for seed in range(400):
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        while not state.is_hand_over:
            view = observe(state, 0) if state.current_player is not None else None
            if (view is not None and view.is_my_turn and view.phase is cc.Phase.DRAW
                    and view.known(1) and 2 <= view.unknown_count(1) <= 4
                    and 3 <= view.stock_size <= 6):
                return view
            seat = state.current_player
            assert seat is not None
            state = cc.apply(state, heuristic_bot(observe(state, seat),
                                                  cc.legal_actions(state), rng))
    raise AssertionError("no small position found")


@pytest.mark.slow
def test_resample_deals_the_rest_uniformly() -> None:
    """Over a small position, the opponent's unknown cards follow the exact distribution of a
    uniform deal of the unseen cards (the known ones set aside): a chi-square test over every
    possible set of unknown cards, at the 0.1% level."""
    scipy_stats = pytest.importorskip("scipy.stats")
    view = _small_position()
    known = counts_from_cards(view.known(1))
    pool = list(view.rules.deck_counts)
    for card in view.hand + view.pile:
        pool[card] -= 1
    for side in view.side_tables:
        pool[R3] -= side.laid_out
        pool[cc.Card.CALIENTE] -= side.caliente_played
        pool[cc.Card.BLACK_THREE] -= sum(side.stop_melds)
        for rank, m in enumerate(side.melds):
            if m is not None:
                pool[rank] -= m[0]
                pool[cc.Card.TWO] -= m[1]
                pool[cc.Card.JOKER] -= m[2]
    for k in range(NUM_KINDS):
        pool[k] -= known[k]
    pool[R3] = 0  # unseen bonus cards are in the stock (TURN-3)
    total = sum(pool)
    u = view.unknown_count(1)
    # every multiset of u cards from the pool, with its probability under a uniform deal
    expected: dict[tuple[int, ...], float] = {}

    def walk(kind: int, left: int, chosen: list[int], weight: int) -> None:
        if kind == NUM_KINDS:
            if left == 0:
                expected[tuple(chosen)] = weight / math.comb(total, u)
            return
        for n in range(min(left, pool[kind]) + 1):
            chosen.append(n)
            walk(kind + 1, left - n, chosen, weight * math.comb(pool[kind], n))
            chosen.pop()

    walk(0, u, [], 1)
    assert len(expected) >= 5
    rng = random.Random(11)
    draws = 6000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(draws):
        hand = resample(view, rng).hand_counts(1)
        seen[tuple(hand[k] - known[k] for k in range(NUM_KINDS))] += 1
    assert set(seen) <= set(expected)
    keys = sorted(expected)
    observed = [seen[k] for k in keys]
    wanted = [expected[k] * draws for k in keys]
    _, p = scipy_stats.chisquare(observed, wanted)
    assert p > 0.001


# ---------------------------------------------------------------------------------------------
# Documents


def test_old_documents_without_known_read_as_nothing_known() -> None:
    """A state or view document written before known cards were tracked (no ``known`` field)
    reads as nothing known: always consistent, merely less informed."""
    state = took_the_pile()
    data = json.loads(cc.dumps(state))
    del data["table"]["known"]
    old = cc.loads(json.dumps(data))
    assert old.known(3) == ()
    assert old == state.__class__(state.rules, state.seed, state.hand_number, state.scores,
                                  attrs.evolve(state.table, known=()),
                                  state.hand_results, state.over)
    vdata = json.loads(observe(state, 1).to_json())
    del vdata["known"]
    assert View.from_dict(vdata).known(3) == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["known"][0].append("JK"), r"table\.known\[0\]: seat 0: known cards must "
                                               r"be in the hand: 1 JK known, 0 held"),
        (lambda t: t["known"][3].append("R3"), r"table\.known\[3\]: seat 3: a bonus card"),
        (lambda t: t["known"].pop(0), r"table\.known: expected one list of cards per seat"),
        # (a wrong number of seats whose lists are all empty too: it loaded)
        (lambda t: t.__setitem__("known", [[]] * 50),
         r"table\.known: expected one list of cards per seat \(4\), got 50"),
        (lambda t: t.__setitem__("known", [[], []]), r"table\.known: expected one list"),
        (lambda t: t["known"][1].append("XX"), r"table\.known\[1\]\[0\]"),
        (lambda t: t.__setitem__("known", 7), r"table\.known: expected a list"),
    ],
)
def test_loads_checks_known_against_the_hands(change: Any, message: str) -> None:
    """``loads`` refuses known cards a hand does not hold, bonus cards known, a wrong number of
    seats and bad card codes, each naming the field and the rule."""
    state = took_the_pile()
    data = json.loads(cc.dumps(state))
    data["table"]["known"] = [[], [], [], ["Q"]]
    assert cc.loads(json.dumps(data)).known(3) == cards("Q")  # waiting: known, and allowed
    change(data["table"])
    with pytest.raises(cc.StateError, match=message):
        cc.loads(json.dumps(data))


def test_view_documents_check_known_cards() -> None:
    """A view document whose known cards are not in the seat's own hand, or more than another
    hand holds, is refused."""
    view = observe(took_the_pile(), 1)
    data = json.loads(view.to_json())
    data["known"][1] = ["JK"]
    with pytest.raises(cc.StateError, match=r"known\[1\]: seat 1: known cards must be in the hand"):
        View.from_dict(data)
    data = json.loads(view.to_json())
    data["known"][0] = ["4"] * 12
    with pytest.raises(cc.StateError, match=r"known\[0\]: seat 0 is known to hold 12 cards"):
        View.from_dict(data)


# ---------------------------------------------------------------------------------------------
# Displays and the bot


def test_displays_show_known_and_unknown_cards() -> None:
    """An opponent's row shows its known cards and how many are unknown, in text and HTML;
    the full state's row marks the cards known to all."""
    state = cc.apply(took_the_pile(), "meld A A A")
    view = observe(state, 0)
    assert "seat 3        9 cards; known to all: 8 J Q; 6 unknown" in str(view)
    assert "9 cards; known to all: 8 J Q; 6 unknown" in view._repr_html_()
    assert "(9 cards)  (known to all: 8 J Q)" in str(state)
    # waiting under INIT-4: known, but not in the hand yet, so all 9 held cards are unknown
    waiting = observe(took_the_pile(), 0)
    assert "9 cards; known to all: 8 J Q; 9 unknown" in str(waiting)
    assert waiting.unknown_count(3) == 9 and view.unknown_count(3) == 6


def test_heuristic_bot_keeps_a_known_pair_card_from_the_next_player() -> None:
    """Seat 0, whose next player (seat 1) is known to hold two 9s, discards another card than
    a 9, where the bot that ignores known cards would discard the 9."""
    rules = cc.RuleSet.preset("caliente")
    state0 = cc.new_game(rules, seed=1)
    known = [(0,) * NUM_KINDS] * 4
    known[1] = counts_from_cards(cards("9 9"))
    t = state0.table
    # A table no game reaches (known cards with no pile taken), so a View's constructor would
    # refuse it: observe trusts its state and builds the view unchecked, as bots get theirs.
    table = attrs.evolve(t, hands=(counts_from_cards(cards("9 K Q")), *t.hands[1:]),
                         known=tuple(known), turn=attrs.evolve(t.turn, phase=cc.Phase.PLAY))
    fake = observe(attrs.evolve(state0, table=table), 0)
    legal = tuple(cc.parse_action(f"discard {c}") for c in ("9", "Q", "K"))
    old = _heuristic(fake, legal, random.Random(0), False)
    new = heuristic_bot(fake, legal, random.Random(0))
    assert str(old) == "discard 9"
    assert str(new) != "discard 9"


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-6p", "classic"])
def test_a_finished_hand_is_shown_so_resampling_keeps_its_score(preset: str) -> None:
    """Once a hand is over its cards are laid down to be counted (SCORE-1): every seat's known
    cards are its whole hand, so a view of the finished hand resamples to the same hands and
    the same (checked) score."""
    # RULES: SCORE-1
    for seed in range(4):
        state = finished_hand(preset, seed)
        for seat in range(state.rules.players):
            assert state.known(seat) == state.hand(seat)
            view = observe(state, seat)
            sample = resample(view, random.Random(seed))
            assert observe(sample, seat) == view
            assert check_invariants(sample) == []
            assert [sample.hand(s) for s in range(state.rules.players)] == [
                state.hand(s) for s in range(state.rules.players)]


def test_a_finished_hand_with_less_known_than_its_cards_is_refused() -> None:
    """A document of a finished hand whose known cards are not the whole hand is a
    StateError naming the field and SCORE-1 (the hands were shown to be counted)."""
    # RULES: SCORE-1
    state = finished_hand("caliente", 1)
    doc = json.loads(cc.dumps(state))
    seat = next(s for s in range(state.rules.players) if state.hand(s))
    doc["table"]["known"][seat] = doc["table"]["known"][seat][1:]
    with pytest.raises(cc.StateError, match=r"table\.known.*SCORE-1"):
        cc.loads(json.dumps(doc))
