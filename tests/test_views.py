"""Views: what a seat may know, resampling for search bots, and the text and HTML displays.

States come from seeded random play over every preset. Two states that differ only in what a
seat cannot see (the other hands' cards, the stock's order, the dealt order of the deck, the
seed) give that seat equal views; anything it can see changes its view. A resampled state gives
the seat the same view, passes the invariant checks, and offers the seat the same actions.
"""

from __future__ import annotations

import doctest
import html.parser
import json
import random
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.cards import counts_from_cards
from canasta_caliente.testing import check_invariants, stacked_deck
from canasta_caliente.views import display as display
from canasta_caliente.views import view as views
from canasta_caliente.views.view import View, observe, resample
from conftest import STATES, random_state


def hidden_variant(state: cc.GameState, seat: int, rng: random.Random) -> cc.GameState:
    """``state`` with only what ``seat`` cannot see changed: cards swapped between the other
    hands and the stock, the stock and the dealt part of the deck shuffled, another seed."""
    t = state.table
    stock = list(t.deck[t.stock_pos:])
    hands = [list(state.hand(s)) for s in range(state.rules.players)]
    others: list[list[cc.Card]] = [hands[s] for s in t.order if s != seat and hands[s]]
    places = others + ([stock] if stock else [])
    for _ in range(12):
        if len(places) < 2:
            break
        a, b = rng.sample(places, 2)
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
    rng.shuffle(stock)
    dealt = list(t.deck[:t.stock_pos])
    rng.shuffle(dealt)
    table = attrs.evolve(t, deck=(*dealt, *stock),
                         hands=tuple(counts_from_cards(h) for h in hands))
    return attrs.evolve(state, table=table, seed=rng.randrange(2**63))


# ---------------------------------------------------------------------------------------------
# observe


@given(STATES, st.integers(0, 5), st.integers(0, 2**32))
def test_hidden_differences_give_equal_views(
    state: cc.GameState, seat_pick: int, salt: int
) -> None:
    """States differing only in the other hands' cards, the stock's order, the deck's dealt
    order and the seed give the seat equal (and equally hashed, equally serialized) views."""
    seat = seat_pick % state.rules.players
    other = hidden_variant(state, seat, random.Random(salt))
    a, b = observe(state, seat), observe(other, seat)
    assert a == b
    assert hash(a) == hash(b)
    assert a.to_json() == b.to_json()


VISIBLE_CHANGES = ["own hand", "hand sizes", "stock size", "pile", "scores", "turn", "melds",
                   "laid out"]


def visible_change(state: cc.GameState, seat: int, change: str) -> cc.GameState | None:
    """``state`` with one thing ``seat`` can see changed, or ``None`` if this state has no such
    change to make."""
    t = state.table
    stock = list(t.deck[t.stock_pos:])
    hands = [list(state.hand(s)) for s in range(state.rules.players)]
    others = [s for s in t.order if s != seat and hands[s]]
    table = t
    if change == "own hand":
        mine = hands[seat]
        for i, card in enumerate(mine):
            for j, hidden in enumerate(stock):
                if hidden is not card and hidden is not cc.Card.RED_THREE:
                    mine[i], stock[j] = hidden, card
                    table = attrs.evolve(t, deck=(*t.deck[:t.stock_pos], *stock),
                                         hands=tuple(counts_from_cards(h) for h in hands))
                    return attrs.evolve(state, table=table)
        return None
    if change == "hand sizes":
        if len(others) < 2:
            return None
        hands[others[1]].append(hands[others[0]].pop())
        table = attrs.evolve(t, hands=tuple(counts_from_cards(h) for h in hands))
    elif change == "stock size":
        if not others or not stock:
            return None
        hands[others[0]].append(stock[0])
        table = attrs.evolve(t, stock_pos=t.stock_pos + 1,
                             hands=tuple(counts_from_cards(h) for h in hands))
    elif change == "pile":
        for j, hidden in enumerate(stock):
            if t.pile and hidden is not t.pile[-1]:
                stock[j] = t.pile[-1]
                table = attrs.evolve(t, pile=(*t.pile[:-1], hidden),
                                     deck=(*t.deck[:t.stock_pos], *stock))
                break
        else:
            return None
    elif change == "scores":
        return attrs.evolve(state, scores=(state.scores[0] + 5, *state.scores[1:]))
    elif change == "turn":
        table = attrs.evolve(t, turn=attrs.evolve(t.turn, points=t.turn.points + 5))
    elif change == "melds":
        side = t.sides[0]
        if side.melds[3] is None:
            melds = (*side.melds[:3], (3, 0, 0), *side.melds[4:])
        else:
            n, two, jk = side.melds[3]
            melds = (*side.melds[:3], (n + 1, two, jk), *side.melds[4:])
        table = attrs.evolve(t, sides=(attrs.evolve(side, melds=melds), *t.sides[1:]))
    elif change == "laid out":
        side = t.sides[-1]
        table = attrs.evolve(t, sides=(*t.sides[:-1],
                                       attrs.evolve(side, laid_out=side.laid_out + 1)))
    return attrs.evolve(state, table=table)


@given(STATES, st.integers(0, 5), st.sampled_from(VISIBLE_CHANGES))
def test_visible_differences_give_different_views(
    state: cc.GameState, seat_pick: int, change: str
) -> None:
    """Changing anything the seat can see (its hand, a hand's size, the stock's size, the pile,
    the scores, the turn's facts, a meld, the laid-out bonus cards) changes its view."""
    seat = seat_pick % state.rules.players
    other = visible_change(state, seat, change)
    if other is None:
        return
    assert observe(other, seat) != observe(state, seat)


@given(STATES, st.integers(0, 5))
def test_view_carries_what_the_seat_sees(state: cc.GameState, seat_pick: int) -> None:
    """The view holds the seat's hand, every hand's size, the pile, the melds and laid-out bonus
    cards of every side, the scores and whose turn it is, as the state has them."""
    seat = seat_pick % state.rules.players
    view = observe(state, seat)
    assert view.seat == seat and view.rules == state.rules
    assert view.hand == state.hand(seat)
    assert view.hand_sizes == tuple(state.hand_size(s) for s in range(state.rules.players))
    assert view.stock_size == state.stock_size and view.pile == state.pile
    assert view.up_card == state.up_card and view.pile_has_freezer == state.pile_has_freezer
    for side in range(len(state.sides)):
        assert view.melds(side) == state.melds(side)
        assert view.laid_out(side) == state.laid_out(side)
        assert view.caliente_played(side) == state.caliente_played(side)
    assert (view.phase, view.current_player, view.turn_player) == (
        state.phase, state.current_player, state.turn_player)
    assert view.scores == state.scores and view.hand_results == state.hand_results
    assert view.hand_number == state.hand_number and view.waiting == state.waiting
    assert (view.is_hand_over, view.is_game_over, view.winner) == (
        state.is_hand_over, state.is_game_over, state.winner)
    assert view.sitting_out == tuple(s for s in range(state.rules.players)
                                     if s not in state.active_seats)
    assert view.is_my_turn == (state.current_player == seat)


@given(STATES, st.integers(0, 5))
def test_view_json_round_trip(state: cc.GameState, seat_pick: int) -> None:
    """A view is a JSON document: from_json(to_json()) gives it back, equal and equally
    hashed; the document never holds the seed or the deck."""
    view = observe(state, seat_pick % state.rules.players)
    text = view.to_json()
    back = View.from_json(text)
    assert back == view and hash(back) == hash(view)
    assert View.from_dict(json.loads(view.to_json(indent=None))) == view
    data = json.loads(text)
    assert "seed" not in data and "deck" not in data and "stock" not in data


def test_view_shows_waiting_cards_and_first_meld_progress() -> None:
    """After an INIT-4 take the waiting pile cards and the points still needed are public."""
    # RULES: INIT-4
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 K K K A A Q J 9 2"}, pile="JK 7", stock="5")
    state = cc.apply(cc.new_game(rules, deck=deck, seed=1), "take 7 7")
    view = observe(state, 1)
    assert view.waiting == (cc.Card.JOKER,)
    assert view.first_meld_points == 15 and view.first_meld_needed == 35
    assert "JK (pile cards waiting" in str(view)


def test_view_shows_the_question_and_answer() -> None:
    """A "May I go out?" question and its answer are public facts of the turn."""
    # RULES: OUT-2
    state = asked_state()
    assert observe(state, 1).question is cc.Question.ASKED
    answered = cc.apply(state, "no")
    assert observe(answered, 3).question is cc.Question.NO
    assert "answered no" in str(observe(answered, 3))


def test_observe_refuses_a_seat_the_table_lacks() -> None:
    """observe raises ValueError for a seat number outside the table."""
    state = cc.new_game(cc.RuleSet.preset("caliente-3p"), seed=2)
    with pytest.raises(ValueError, match="no seat 3"):
        observe(state, 3)
    with pytest.raises(ValueError):
        observe(state, -1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d.pop("pile"), "pile: missing field"),
        (lambda d: d.update(seat=9), "seat: must be at most 3"),
        (lambda d: d.update(hand=[*d["hand"][:-1], "ZZ"]), "unknown card code 'ZZ'"),
        (lambda d: d.update(hand=d["hand"][:-1]), "hand_sizes gives seat"),
        (lambda d: d.update(hand=["JK"] * 11), "more cards than the rules' deck holds"),
        (lambda d: d.update(stock_size=d["stock_size"] + 1), "cards do not add up"),
        (lambda d: d.update(rules_version=7), "rules version 7"),
        (lambda d: d.update(format="canasta-caliente/state"), "format"),
        (lambda d: d["sides"][0].update(melds=[["7", "7"]]), "MELD-1"),
        (lambda d: d.update(order=[3, 2, 1, 0]), "turn order"),
    ],
)
def test_view_document_errors(change: Callable[[dict[str, Any]], object], message: str) -> None:
    """A corrupt view document raises StateError saying what is wrong."""
    # RULES: MELD-1, SEAT-4
    data = json.loads(observe(cc.new_game(cc.RuleSet.preset("caliente"), seed=4), 0).to_json())
    change(data)
    with pytest.raises(cc.StateError, match=message):
        View.from_dict(data)


# ---------------------------------------------------------------------------------------------
# resample


def _may_depend_on_the_stock(state: cc.GameState) -> bool:
    """True where the rules make a legal action depend on unseen stock cards (TURN-0's noted
    case: a bonus card joining from the pile is replaced from the stock)."""
    bonus = cc.Card.RED_THREE
    return state.rules.bonus_from_pile_replaced and (bonus in state.pile
                                                     or bonus in state.waiting)


@given(STATES, st.integers(0, 5), st.integers(0, 2**32))
def test_resample_is_consistent_with_the_view(
    state: cc.GameState, seat_pick: int, salt: int
) -> None:
    """A resampled state gives the seat the same view, passes every invariant check, keeps its
    play going (TURN-0) and offers the seat the actions the real state offers."""
    # RULES: TURN-0, CARD-2
    seat = seat_pick % state.rules.players
    view = observe(state, seat)
    sample = resample(view, random.Random(salt))
    assert observe(sample, seat) == view
    assert check_invariants(sample) == []
    if state.current_player == seat and not _may_depend_on_the_stock(state):
        assert cc.legal_actions(sample) == cc.legal_actions(state)


@given(STATES, st.integers(0, 5), st.integers(0, 2**32))
def test_resample_keeps_play_going(state: cc.GameState, seat_pick: int, salt: int) -> None:
    """From a resampled state random play goes on without a dead end to the end of the hand."""
    # RULES: TURN-0
    seat = seat_pick % state.rules.players
    sample = resample(observe(state, seat), random.Random(salt))
    rng = random.Random(salt)
    steps = 0
    while not sample.is_hand_over and steps < 300:
        legal = cc.legal_actions(sample)
        assert legal
        sample = cc.apply(sample, rng.choice(legal))
        steps += 1


@pytest.mark.parametrize("rng", [None, 5, random.Random, "seed"])
def test_resample_names_the_generator_it_takes(rng: object) -> None:
    """An ``rng`` that is not a random.Random is a TypeError naming the type wanted, not an
    AttributeError from inside the shuffle."""
    view = observe(cc.new_game(cc.RuleSet.preset("caliente"), seed=1), 0)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random .*, not "):
        resample(view, rng)  # type: ignore[arg-type]


def test_resample_draws_hidden_cards_at_random() -> None:
    """Different generators deal the hidden cards differently; the same seed deals the same."""
    view = observe(cc.new_game(cc.RuleSet.preset("caliente"), seed=8), 2)
    samples = [resample(view, random.Random(k)) for k in range(5)]
    assert len({(s.hand(0), s.stock) for s in samples}) == 5
    assert resample(view, random.Random(3)) == samples[3]
    assert all(s.hand(2) == view.hand for s in samples)


def asked_state() -> cc.GameState:
    """Seat 0 has drawn and asked "May I go out?" with 12 cards: seven 7s and four Ks to meld,
    a Q to discard."""
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 7 7 7 7 7 K K K Q"}, pile="5", stock="K")
    state = cc.apply(cc.new_game(rules, deck=deck, seed=1), "draw")
    return cc.apply(state, "ask")


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_resample_lets_an_asker_finish_either_way(seat: int) -> None:
    """While a partner answers, the asker's hidden hand is resampled so that both answers
    leave it a way to finish: after "yes" it can go out, after "no" it can discard."""
    # RULES: OUT-2, TURN-0
    view = observe(asked_state(), seat)
    for k in range(10):
        sample = resample(view, random.Random(k))
        assert observe(sample, seat) == view
        assert cc.legal_actions(cc.apply(sample, "yes"))
        assert cc.legal_actions(cc.apply(sample, "no"))


def test_resample_binds_a_yes_to_going_out() -> None:
    """After a "yes" the resampled asker (12 hidden cards) can still go out this turn."""
    # RULES: OUT-2, TURN-0
    state = cc.apply(asked_state(), "yes")
    view = observe(state, 1)
    for k in range(10):
        sample = resample(view, random.Random(k))
        assert check_invariants(sample) == []
        assert cc.legal_actions(sample)


def test_resample_refuses_an_impossible_view() -> None:
    """A view whose cards cannot be dealt raises StateError."""
    view = observe(cc.new_game(cc.RuleSet.preset("caliente"), seed=8), 2)
    with pytest.raises(cc.StateError, match="unseen"):
        resample(attrs.evolve(view, stock_size=view.stock_size + 3), random.Random(0))
    with pytest.raises(cc.StateError, match="more cards"):
        resample(attrs.evolve(view, hand=(cc.Card.JOKER,) * 11), random.Random(0))


# ---------------------------------------------------------------------------------------------
# Display


class _Text(html.parser.HTMLParser):
    """Collects the text and the tags of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _html_text(fragment: str) -> tuple[str, list[str]]:
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return "".join(parser.text), parser.tags


@given(STATES)
def test_state_text_and_html_show_the_whole_table(state: cc.GameState) -> None:
    """str(state) shows every active hand, every meld, the pile's up card, the stock size and
    the scores; _repr_html_ is a table with the same content, every text escaped."""
    text = str(state)
    for seat in state.active_seats:
        hand = state.hand(seat)
        if hand:
            assert " ".join(map(str, hand)) in text
    for side in range(len(state.sides)):
        for meld in state.melds(side):
            assert " ".join(map(str, meld.cards)) in text
        assert f"score {state.scores[side]}" in text
    if state.pile:
        assert f"[{state.pile[-1]}]" in text
    assert re.search(rf"\n  stock +{state.stock_size} card", text)
    page = state._repr_html_()
    content, tags = _html_text(page)
    assert tags[0] == "table" and "<script" not in page
    for line in text.splitlines()[1:]:
        for part in line.split("  "):
            if part.strip():
                assert part.strip() in content


@given(STATES, st.integers(0, 5))
def test_view_text_hides_other_hands(state: cc.GameState, seat_pick: int) -> None:
    """str(view) shows the seat's own hand, and only the sizes of the others."""
    seat = seat_pick % state.rules.players
    view = observe(state, seat)
    lines = str(view).splitlines()
    for s in state.active_seats:
        line = next(x for x in lines if re.match(rf"  seat {s}( |$)", x))
        if s == seat:
            assert "(you)" in line
            if view.hand:
                assert " ".join(map(str, view.hand)) in line
        else:
            # (hidden: "N cards, hidden", or with cards known to all, "...; M unknown")
            assert f"{view.hand_sizes[s]} card" in line and (
                line.endswith(("hidden", "hidden  <- to act")) or "unknown" in line)
    content, tags = _html_text(view._repr_html_())
    assert tags[0] == "table"
    assert "hidden" in content or "unknown" in content


def test_display_marks_canastas_stop_cards_and_frozen_piles() -> None:
    """Canastas are marked natural or mixed, a stop card on the pile blocks it, a wild in the
    pile freezes it, and the seat to act is marked."""
    # RULES: MELD-4, PILE-2, PILE-3
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 7 7 7 7 7 K K B3 Q", 1: "9 9 9 9 9 9 2 4 4 5 5"},
                        pile="2 5", stock="K 8 6")
    state = cc.new_game(rules, deck=deck, seed=1)
    assert "frozen (PILE-3)" in str(state)
    state = cc.apply(state, "draw")
    state = cc.apply(state, "meld 7 7 7 7 7 7 7")
    state = cc.apply(state, "meld K K K")
    state = cc.apply(state, "discard B3")
    text = str(state)
    assert "7 7 7 7 7 7 7 (natural canasta)" in text
    assert "blocked by a stop card (PILE-2)" in text
    assert "<- to act" in next(x for x in text.splitlines() if x.startswith("  seat 1"))
    state = cc.apply(state, "draw")
    state = cc.apply(state, "meld 9 9 9 9 9 9 2")
    assert "9 9 9 9 9 9 2 (mixed canasta)" in str(state)
    page = state._repr_html_()
    assert "&lt;- to act" in page and "<- to act" not in page


def test_display_between_hands_and_at_the_end() -> None:
    """Between hands the display says the next action is deal and shows the hand's result;
    after the last hand it names the winner."""
    # RULES: GAME-1
    state = random_state("caliente", 5, 100_000)
    assert state.is_game_over
    text = str(state)
    assert f"game over: side {state.winner} wins" in text.splitlines()[0]
    assert f"hand {state.hand_number}" in text
    view_text = str(observe(state, 1))
    assert "game over" in view_text
    mid = cc.new_game(cc.RuleSet.preset("caliente"), seed=5)
    rng = random.Random(5)
    while not mid.is_hand_over:
        mid = cc.apply(mid, rng.choice(cc.legal_actions(mid)))
    assert "hand over: the next action is deal" in str(mid)
    assert mid.hand_results[-1].ended.value.replace("_", " ") in str(mid)


@pytest.mark.parametrize("module", [views, display], ids=["views", "display"])
def test_module_doctests(module: ModuleType) -> None:
    """The examples in the views and display modules run as written."""
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_views_text_names_the_preset_its_rules_change_a_little() -> None:
    """The first line of a view's text names the rules: a preset, a preset with one or two
    options changed (a shorter game of caliente said "house rules"), or house rules."""
    caliente = cc.RuleSet.preset("caliente")

    def title(rules: cc.RuleSet) -> str:
        return str(cc.observe(cc.new_game(rules, seed=1), 0)).splitlines()[0].split(" · ")[0]

    assert title(caliente) == "Seat 0's view: caliente (4 players, 2 decks)"
    assert title(caliente.replace(target_score=1500)) == (
        "Seat 0's view: caliente with target_score changed (4 players, 2 decks)")
    assert title(cc.RuleSet.preset("classic").replace(target_score=1500, always_frozen=True)) == (
        "Seat 0's view: classic with target_score and always_frozen changed (4 players, 2 decks)")
    assert title(caliente.replace(target_score=1500, hand_size=13, canastas_to_go_out=3)) == (
        "Seat 0's view: house rules (4 players, 2 decks)")
