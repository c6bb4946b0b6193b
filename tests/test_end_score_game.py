"""Scenario tests: the stock running out (END), scoring (SCORE) and the game (GAME).

Decks are stacked whole where a scenario runs the stock down, so that every card drawn is known:
:func:`whole_deck` puts chosen cards at the top and the bottom of the stock and the rest of the
deck, bonus cards excluded, in between. :func:`run_down` then plays plain turns (draw, discard the
card drawn) until the stock holds a given number of cards, leaving every hand as it was dealt.
Both are shared with other scenario tests in ``conftest.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck
from conftest import cards, deal, legal, play, refused, rules_for, run_down, whole_deck

# CARD-3, written out here so that the expected scores do not come from the engine's own table.
VALUES = {
    "4": 5, "5": 5, "6": 5, "7": 5, "8": 10, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10,
    "A": 20, "2": 20, "JK": 50, "B3": 5, "CAL": 0,
}  # fmt: skip

def value(cards: Sequence[cc.Card]) -> int:
    """The card value (CARD-3) of some cards."""
    return sum(VALUES[str(c)] for c in cards)


def hand_value(state: cc.GameState, seat: int) -> int:
    """The card value of a seat's hand."""
    return value(state.hand(seat))


def game(
    rules: cc.RuleSet,
    hands: Mapping[int, str],
    pile: str,
    stock: str = "",
    bottom: str = "",
    scores: Sequence[int] | None = None,
) -> cc.GameState:
    """A new game on :func:`whole_deck`."""
    return cc.new_game(rules, deck=whole_deck(rules, hands, pile, stock, bottom), scores=scores)


def assert_no_going_out(result: cc.HandResult, sides: int) -> None:
    """END-4: nobody went out and no side got a going-out bonus."""
    assert result.went_out is None
    assert not result.concealed
    for side in range(sides):
        assert result.components(side)["going_out"] == 0


# ---------------------------------------------------------------------------------------------
# END-1: a bonus card that cannot be replaced ends the hand


@pytest.mark.parametrize("preset", ["caliente", "classic"])
def test_bonus_card_drawn_as_last_stock_card_ends_hand(preset: str) -> None:
    """The last stock card is a bonus card: drawing it lays it out, it cannot be replaced, and
    the hand ends at once (BONUS_NOT_REPLACED) with no going-out bonus; the drawer keeps the
    11 cards it had."""
    # RULES: END-1, END-4, TURN-3, SCORE-4
    rules = rules_for(preset)
    state = game(rules, {}, pile="R3 R3 R3 9", bottom="R3")
    state = run_down(state, 1)
    assert state.current_player == 3
    hand_before = state.hand(3)
    assert "draw" in legal(state)
    state = play(state, "draw")
    assert state.is_hand_over and state.phase is cc.Phase.HAND_OVER
    assert state.current_player is None
    assert legal(state) == {"deal"}
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.BONUS_NOT_REPLACED
    assert state.stock_size == 0
    assert state.laid_out(1) == (cc.Card.RED_THREE,)
    assert state.laid_out(0) == ()
    assert state.hand(3) == hand_before
    assert_no_going_out(result, 2)
    assert result.components(1)["bonus_cards"] == -100
    assert result.components(1)["hand"] == -(hand_value(state, 1) + hand_value(state, 3))
    assert result.components(0)["hand"] == -(hand_value(state, 0) + hand_value(state, 2))


def test_two_player_draw_ends_on_unreplaceable_bonus_card() -> None:
    """2 players draw 2: with "9 R3" left, the 9 joins the hand, the bonus card is laid out and
    cannot be replaced, and the hand ends (END-1) with the 9 still in hand."""
    # RULES: END-1, END-4, VAR-1
    rules = rules_for("caliente-2p")
    state = game(rules, {}, pile="R3 R3 R3 4", bottom="9 R3")
    state = run_down(state, 2)
    seat = state.current_player
    assert seat is not None
    nines = state.hand(seat).count(cc.Card.NINE)
    state = play(state, "draw")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.BONUS_NOT_REPLACED
    assert state.hand(seat).count(cc.Card.NINE) == nines + 1
    assert state.laid_out(seat) == (cc.Card.RED_THREE,)
    assert_no_going_out(result, 2)


def test_bonus_card_not_replaced_at_the_deal_ends_hand() -> None:
    """House rule with 26-card hands (stock of 3): seat 0's four bonus cards are laid out at the
    deal; the fourth cannot be replaced, so the hand is over before anyone acts, scoring -800
    for four bonus cards without a meld."""
    # RULES: END-1, END-4, DEAL-4, SCORE-4
    rules = rules_for("caliente", hand_size=26)
    seat0 = "R3 R3 R3 R3 2 2 2 2 2 2 2 2 JK JK JK JK B3 B3 B3 B3"
    state = cc.new_game(rules, deck=stacked_deck(rules, {0: seat0}, pile="4", stock="5 6 8"))
    assert state.is_hand_over
    assert legal(state) == {"deal"}
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.BONUS_NOT_REPLACED
    assert state.laid_out(0) == (cc.Card.RED_THREE,) * 4
    assert state.stock_size == 0
    assert len(state.hand(0)) == 26 - 4 + 3
    assert result.components(0)["bonus_cards"] == -800
    assert result.components(0)["hand"] == -(hand_value(state, 0) + hand_value(state, 2))
    assert_no_going_out(result, 2)


def test_classic_deal_replacement_taking_last_card_lays_out_every_bonus_card() -> None:
    """House rule with 26-card hands under classic rules: the stock holds one card and seat 0 was
    dealt two bonus cards. The first replacement takes the last card, which ends the hand
    (END-3), but no bonus card stays in a hand: both are laid out and both score (-200)."""
    # RULES: END-3, END-1, DEAL-4, TURN-3, SCORE-4
    rules = rules_for("classic", hand_size=26)
    seat0 = "R3 R3 2 2 2 2 2 2 2 2 JK JK JK JK B3 B3 B3 B3"
    state = cc.new_game(rules, deck=stacked_deck(rules, {0: seat0}, pile="R3 R3 4", stock="5"))
    assert state.is_hand_over and state.stock_size == 0
    result = state.hand_results[-1]
    assert result.ended in (cc.HandEnd.LAST_CARD, cc.HandEnd.BONUS_NOT_REPLACED)
    assert cc.Card.RED_THREE not in state.hand(0)
    assert state.laid_out(0) == (cc.Card.RED_THREE,) * 2
    assert result.components(0)["bonus_cards"] == -200
    assert_no_going_out(result, 2)


def test_bonus_card_taken_with_pile_not_replaceable_ends_hand() -> None:
    """Caliente with the classic replacement of bonus cards taken with the pile: with the stock
    empty, the four bonus cards buried in the pile join the hand once the first meld reaches
    the minimum; they cannot be replaced, so the hand ends at once (END-1)."""
    # RULES: END-1, END-4, TURN-3, INIT-4
    rules = rules_for("caliente", bonus_from_pile_replaced=True)
    state = game(rules, {3: "7 7 A A A 4 5 6 8 9 10"}, pile="R3 R3 R3 R3 9", bottom="7")
    state = run_down(state, 0)
    assert state.current_player == 3
    state = play(state, "take 7 7")
    assert not state.is_hand_over
    assert state.waiting.count(cc.Card.RED_THREE) == 4
    state = play(state, "meld A A A")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.BONUS_NOT_REPLACED
    assert state.laid_out(1) == (cc.Card.RED_THREE,) * 4
    assert cc.Card.RED_THREE not in state.hand(3)
    assert result.components(1)["bonus_cards"] == 800
    assert_no_going_out(result, 2)


# ---------------------------------------------------------------------------------------------
# END-2: Caliente plays on with an empty stock


def _empty_stock_caliente() -> cc.GameState:
    """Caliente; the stock runs out with seat 2 drawing (and discarding) the last card, a 7;
    seat 3 holds 7 7 A A A, so the frozen pile can be taken for a first meld of 75."""
    rules = rules_for("caliente")
    hands = {3: "7 7 A A A 4 5 6 8 9 10"}
    state = game(rules, hands, pile="R3 R3 R3 R3 9", bottom="7")
    state = run_down(state, 1)
    assert state.current_player == 2
    state = play(state, "draw")
    # END-2: taking the last card does not end the hand.
    assert not state.is_hand_over and state.phase is cc.Phase.PLAY
    assert state.stock_size == 0
    state = play(state, "discard 7")
    assert state.current_player == 3 and state.phase is cc.Phase.DRAW
    assert state.hand(3) == cards("4 5 6 7 7 8 9 10 A A A")
    return state


def test_empty_stock_offers_take_and_pass_only() -> None:
    """With the stock empty the draw-phase options are the pile take and pass; draw is refused
    saying the stock is empty."""
    # RULES: END-2, TURN-2
    state = _empty_stock_caliente()
    assert legal(state) == {"take 7 7", "pass"}
    assert "stock is empty" in refused(state, "draw")
    # A play out of step names the draw actions there are: not a draw from the empty stock.
    assert refused(state, "discard 7").endswith(
        "take the pile or pass first: a turn begins with its draw (TURN-1)")
    assert "to take the pile or pass (the stock is empty)" in str(state)


def test_pass_refused_while_stock_is_not_empty() -> None:
    """Pass is a draw action only with an empty stock: refused at a normal turn and right after
    the second-to-last card is drawn."""
    # RULES: END-2, TURN-2
    state = deal("caliente", {}, pile="9")
    assert legal(state) == {"draw"}
    assert "stock is empty" in refused(state, "pass")
    # A play out of step names the draw actions there are: no pass (a new user was misled).
    assert refused(state, "discard 9").endswith(
        "draw or take the pile first: a turn begins with its draw (TURN-1)")
    assert "to draw from the stock or take the pile" in str(state)
    state = game(rules_for("caliente"), {}, pile="R3 R3 R3 R3 9")
    state = run_down(state, 1)
    assert "pass" not in legal(state)
    refused(state, "pass")


def test_going_out_after_drawing_last_card_pays_bonus() -> None:
    """Caliente: the player who draws the last stock card may still go out in that turn; that
    hand ends by going out, not through END-2, so the bonus is paid."""
    # RULES: END-2, END-4, SCORE-3
    hands = {2: "7 7 7 7 7 7 7 K K K Q"}
    state = game(rules_for("caliente"), hands, pile="R3 R3 R3 R3 9", bottom="K")
    state = run_down(state, 1)
    assert state.current_player == 2
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")
    result = state.hand_results[-1]
    assert state.stock_size == 0
    assert result.ended is cc.HandEnd.WENT_OUT and result.went_out == 2
    assert result.components(0)["going_out"] == 200
    assert result.components(1)["going_out"] == 0


def test_pass_ends_hand_even_when_take_is_possible() -> None:
    """A pass with the stock empty ends the hand (PASSED), although the pile could be taken, and
    pays no going-out bonus."""
    # RULES: END-2, END-4
    state = _empty_stock_caliente()
    state = play(state, "pass")
    assert state.is_hand_over
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.PASSED
    assert_no_going_out(result, 2)
    assert result.totals == (
        -(hand_value(state, 0) + hand_value(state, 2)),
        -(hand_value(state, 1) + hand_value(state, 3)),
    )


def test_play_goes_on_after_take_with_empty_stock() -> None:
    """With the stock empty a player takes the pile and plays on; the next player may then only
    take or pass, and passing ends the hand, the takers' side scoring its melds and bonus
    cards."""
    # RULES: END-2, END-4, SCORE-4
    state = _empty_stock_caliente()
    state = play(state, "take 7 7", "meld A A A")
    assert state.phase is cc.Phase.PLAY and not state.is_hand_over
    # The four bonus cards buried at the deal are laid out, not replaced (TURN-3).
    assert state.laid_out(1) == (cc.Card.RED_THREE,) * 4
    state = play(state, "discard 4")
    assert state.current_player == 0 and state.phase is cc.Phase.DRAW
    options = legal(state)
    assert "pass" in options and "draw" not in options
    assert all(a == "pass" or a.startswith("take") for a in options)
    state = play(state, "pass")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.PASSED
    assert_no_going_out(result, 2)
    assert result.components(1)["bonus_cards"] == 800
    assert result.components(1)["melds"] == 15 + 60


def test_two_player_draw_of_two_with_one_card_left_takes_it() -> None:
    """Caliente for 2: a draw of 2 with one card left takes that card and the turn goes on;
    the next player may only take or pass."""
    # RULES: END-2, VAR-1
    rules = rules_for("caliente-2p")
    state = game(rules, {}, pile="R3 R3 R3 R3 4", bottom="K")
    state = run_down(state, 1)
    seat = state.current_player
    assert seat is not None
    kings = state.hand(seat).count(cc.Card.KING)
    size = len(state.hand(seat))
    state = play(state, "draw")
    assert not state.is_hand_over
    assert state.stock_size == 0
    assert len(state.hand(seat)) == size + 1
    assert state.hand(seat).count(cc.Card.KING) == kings + 1
    state = play(state, "discard K")
    assert "pass" in legal(state) and "draw" not in legal(state)
    state = play(state, "pass")
    assert state.hand_results[-1].ended is cc.HandEnd.PASSED


# ---------------------------------------------------------------------------------------------
# END-3: Classic ends the hand on the last card


def test_classic_draw_of_last_card_ends_hand_and_card_counts() -> None:
    """Classic: drawing the last stock card ends the hand at once (LAST_CARD); the drawn ace
    stays in the hand and counts against the side; no going-out bonus."""
    # RULES: END-3, END-4, SCORE-1
    rules = rules_for("classic")
    state = game(rules, {}, pile="R3 R3 R3 R3 9", bottom="A")
    state = run_down(state, 1)
    assert state.current_player == 2
    before = state.hand(2)
    assert "draw" in legal(state)
    state = play(state, "draw")
    assert state.is_hand_over and state.phase is cc.Phase.HAND_OVER
    assert legal(state) == {"deal"}
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.LAST_CARD
    assert len(state.hand(2)) == 12
    assert state.hand(2).count(cc.Card.ACE) == before.count(cc.Card.ACE) + 1
    assert_no_going_out(result, 2)
    assert result.components(0)["hand"] == -(value(before) + 20 + hand_value(state, 0))
    assert result.totals[0] == -(value(before) + 20 + hand_value(state, 0))


def test_caliente_draw_of_last_card_does_not_end_hand() -> None:
    """The same deck under Caliente rules: drawing the last card leaves the turn to go on."""
    # RULES: END-2, END-3
    state = game(rules_for("caliente"), {}, pile="R3 R3 R3 R3 9", bottom="A")
    state = run_down(state, 1)
    state = play(state, "draw")
    assert not state.is_hand_over and state.phase is cc.Phase.PLAY


def test_classic_bonus_replacement_taking_last_card_ends_hand() -> None:
    """Classic: a bonus card drawn with two cards left is laid out and replaced by the last
    card, which ends the hand (LAST_CARD) with the replacement in hand."""
    # RULES: END-3, END-4, TURN-3, SCORE-4
    rules = rules_for("classic")
    state = game(rules, {}, pile="R3 R3 R3 9", bottom="R3 K")
    state = run_down(state, 2)
    assert state.current_player == 2
    kings = state.hand(2).count(cc.Card.KING)
    state = play(state, "draw")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.LAST_CARD
    assert state.laid_out(0) == (cc.Card.RED_THREE,)
    assert len(state.hand(2)) == 12
    assert state.hand(2).count(cc.Card.KING) == kings + 1
    assert result.components(0)["bonus_cards"] == -100
    assert_no_going_out(result, 2)


def test_classic_caliente_refill_taking_last_card_ends_hand() -> None:
    """Classic with Caliente cards: a Caliente card played with one card in the stock refills
    with that card and the hand ends (LAST_CARD); the card played costs 100. (The deck turns a
    Caliente card up at the deal; classic would turn it under, READ-1, so that reading is
    switched off to keep the deck's stock as counted.)"""
    # RULES: END-3, END-4, HOT-2, SCORE-5, VAR-7
    rules = rules_for("classic", caliente_cards=2, up_card_must_be_natural=False)
    state = game(rules, {0: "CAL"}, pile="R3 R3 R3 R3 CAL", bottom="Q")
    state = run_down(state, 1)
    assert state.current_player == 0
    assert {"draw", "caliente"} <= legal(state)
    queens = state.hand(0).count(cc.Card.QUEEN)
    state = play(state, "caliente")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.LAST_CARD
    assert state.caliente_played(0) == 1
    assert cc.Card.CALIENTE not in state.hand(0)
    assert len(state.hand(0)) == 11
    assert state.hand(0).count(cc.Card.QUEEN) == queens + 1
    assert result.components(0)["caliente"] == -100
    assert_no_going_out(result, 2)


def test_classic_two_player_draw_of_last_card_ends_hand() -> None:
    """2 players with END-3: a draw of 2 with one card left takes it and ends the hand."""
    # RULES: END-3, VAR-1
    rules = rules_for("caliente-2p", stock_out="end_on_last_card")
    state = game(rules, {}, pile="R3 R3 R3 R3 4", bottom="K")
    state = run_down(state, 1)
    state = play(state, "draw")
    assert state.hand_results[-1].ended is cc.HandEnd.LAST_CARD


# ---------------------------------------------------------------------------------------------
# SCORE: one hand scored exactly


def _out_on_first_turn(scores: Sequence[int] | None = None) -> cc.GameState:
    """Caliente; seat 0 (holding a bonus card, replaced by an A) draws a K and goes out at once,
    concealed, with a natural canasta of aces and K K K K (180 points, enough for any first-meld
    minimum), discarding a Q. Hand totals: (840, -390)."""
    hands = {
        0: "A A A A A A K K K Q R3",
        1: "Q Q Q J J J 10 10 10 R3 R3",  # bonus cards replaced by 4 and 5: 100
        2: "8 8 8 2 JK B3 4 5 6 9 10",  # 140
        3: "6 6 6 9 9 9 7 7 7 J 2",  # 90
    }
    state = deal("caliente", hands, pile="9", stock="A 4 5 K", scores=scores)
    return play(state, "draw", "meld A A A A A A A", "meld K K K K", "discard Q")


def test_hand_scored_component_by_component() -> None:
    """A constructed hand: every component of both sides, exactly. Side 0 (went out concealed):
    melds 180, hand -140 (seat 2, whose 8 8 8 would form a meld), natural canasta 500, going
    out 100 + 100, one bonus card +100. Side 1 (no meld): hands -190, two bonus cards -200."""
    # RULES: SCORE-1, SCORE-2, SCORE-3, SCORE-4, SCORE-6, OUT-3
    state = _out_on_first_turn()
    assert state.hand(1) == cards("4 5 10 10 10 J J J Q Q Q")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.WENT_OUT and result.went_out == 0 and result.concealed
    assert dict(result.components(0)) == {
        "melds": 180, "hand": -140, "canastas": 500, "going_out": 200, "bonus_cards": 100,
        "caliente": 0,
    }
    assert dict(result.components(1)) == {
        "melds": 0, "hand": -190, "canastas": 0, "going_out": 0, "bonus_cards": -200,
        "caliente": 0,
    }
    assert result.totals == (840, -390)
    assert state.scores == (840, -390)
    for side in (0, 1):
        assert sum(result.components(side).values()) == result.totals[side]


def test_mixed_canasta_and_plain_going_out() -> None:
    """Seat 0 melds in turn 1 and goes out in turn 2 completing a mixed canasta of 7s: melds
    160, mixed canasta 300, going out 100 only (not concealed); the other side gets no
    going-out bonus."""
    # RULES: SCORE-1, SCORE-2, SCORE-3, SCORE-6, OUT-3
    hands = {
        0: "7 7 7 7 7 A A A 2 JK Q",
        1: "4 4 5 5 6 6 8 8 10 10 K",
        2: "9 9 J J Q Q K K A 4 5",
        3: "6 8 9 10 J Q K A 2 B3 B3",
    }
    state = deal("caliente", hands, pile="9", stock="J 4 5 6 7")
    state = play(state, "draw", "meld 7 7 7 7 7", "meld A A A", "discard J")
    assert state.hand(0) == (cc.Card.QUEEN, cc.Card.TWO, cc.Card.JOKER)
    state = play(state, "draw", "discard 4", "draw", "discard 5", "draw", "discard 6")
    state = play(state, "draw", "meld 7 2 JK", "discard Q")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.WENT_OUT and result.went_out == 0
    assert not result.concealed
    (sevens,) = [m for m in state.melds(0) if m.rank is cc.Card.SEVEN]
    assert sevens.is_canasta and not sevens.is_natural
    assert dict(result.components(0)) == {
        "melds": 160, "hand": -110, "canastas": 300, "going_out": 100, "bonus_cards": 0,
        "caliente": 0,
    }
    v1 = value(cards(hands[1]))
    v3 = value(cards(hands[3]))
    assert dict(result.components(1)) == {
        "melds": 0, "hand": -(v1 + v3), "canastas": 0, "going_out": 0, "bonus_cards": 0,
        "caliente": 0,
    }
    assert result.totals == (450, -(v1 + v3))


def test_melding_side_does_not_escape_hand_penalty() -> None:
    """Side 0 has melded (Q Q Q, J J J) but side 1 goes out: side 0 scores its melds minus
    every card left in its players' hands and gets no going-out bonus."""
    # RULES: SCORE-1, SCORE-2, SCORE-3, SCORE-6
    hands = {
        0: "Q Q Q J J J 4 5 6 8 9",
        1: "K K K K K K K A A A 10",
        2: "4 5 6 8 9 10 J Q 7 A 2",  # 110
        3: "4 5 6 8 9 10 J Q 7 A JK",  # 140
    }
    state = deal("caliente", hands, pile="7", stock="10 A")
    state = play(state, "draw", "meld Q Q Q", "meld J J J", "discard 10")
    assert state.hand(0) == cards("4 5 6 8 9")
    state = play(state, "draw", "meld K K K K K K K", "meld A A A A", "discard 10")
    result = state.hand_results[-1]
    assert result.went_out == 1
    assert dict(result.components(0)) == {
        "melds": 60, "hand": -(35 + 110), "canastas": 0, "going_out": 0, "bonus_cards": 0,
        "caliente": 0,
    }
    assert dict(result.components(1)) == {
        "melds": 150, "hand": -140, "canastas": 500, "going_out": 200, "bonus_cards": 0,
        "caliente": 0,
    }
    assert result.totals == (-85, 710)


# ---------------------------------------------------------------------------------------------
# SCORE-4: bonus cards


@pytest.mark.parametrize(
    ("seat2", "seat1", "side0", "side1"),
    [
        ("R3 R3 R3 R3", "", 800, 0),
        ("R3 R3 R3", "R3", 300, -100),
        ("R3", "R3 R3 R3", 100, -300),
        ("", "R3 R3 R3 R3", 0, -800),
        ("R3 R3", "R3 R3", 200, -200),
    ],
)
def test_bonus_cards_two_decks(seat2: str, seat1: str, side0: int, side1: int) -> None:
    """Two decks: 100 per bonus card for a side with a meld, minus 100 without; all four bring
    400 more (or 400 less)."""
    # RULES: SCORE-4, SCORE-6
    n = len(seat2.split()) + len(seat1.split())
    replacements = " ".join(["4", "5", "6", "8"][:n])
    hands = {0: "7 7 7 7 7 7 7 K K K Q", 1: seat1, 2: seat2}
    state = deal("caliente", hands, pile="9", stock=f"{replacements} K")
    assert state.laid_out(0) == (cc.Card.RED_THREE,) * len(seat2.split())
    assert state.laid_out(1) == (cc.Card.RED_THREE,) * len(seat1.split())
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")
    result = state.hand_results[-1]
    assert result.components(0)["bonus_cards"] == side0
    assert result.components(1)["bonus_cards"] == side1
    for side in (0, 1):
        assert sum(result.components(side).values()) == result.totals[side]


@pytest.mark.parametrize(
    ("side0_r3", "side1_r3", "side0", "side1"),
    [
        (4, 0, 400, 0),
        (4, 2, 400, -200),
        (5, 1, 1100, -100),
        (6, 0, 1200, 0),
        (0, 6, 0, -1200),
        (1, 5, 100, -1100),
        (2, 4, 200, -400),
    ],
)
def test_bonus_cards_three_decks(side0_r3: int, side1_r3: int, side0: int, side1: int) -> None:
    """Three decks: no extra for four bonus cards; five or six bring 600 more (or 600 less
    without a meld)."""
    # RULES: SCORE-4, VAR-5
    rules = rules_for("caliente-6p-3deck")
    # Seat 0 goes out at once with two natural canastas (2 needed with three decks).
    hands: dict[int, str] = {0: "K K K K K K K Q Q Q Q Q Q"}
    # Side 0's bonus cards go to seats 2 and 4, side 1's to seats 1, 3 and 5, at most 3 each.
    for seats, count in (((2, 4), side0_r3), ((1, 3, 5), side1_r3)):
        for i, seat in enumerate(seats):
            k = max(0, min(3, count - 3 * i))
            if k:
                hands[seat] = " ".join(["R3"] * k)
    n = side0_r3 + side1_r3
    replacements = " ".join((["4", "5", "6", "8", "9", "10"])[:n])
    state = cc.new_game(rules, deck=stacked_deck(rules, hands, pile="J", stock=f"{replacements} Q"))
    assert len(state.laid_out(0)) == side0_r3 and len(state.laid_out(1)) == side1_r3
    state = play(state, "draw", "meld K K K K K K K", "meld Q Q Q Q Q Q Q")
    result = state.hand_results[-1]
    assert result.went_out == 0
    assert result.components(0)["bonus_cards"] == side0
    assert result.components(1)["bonus_cards"] == side1


def test_stop_meld_counts_as_a_meld_for_bonus_cards() -> None:
    """House rule (3-card hands, no canasta needed to go out): seat 0 goes out with a stop meld
    as its side's only meld; the side's bonus card scores +100, while the other side's, with
    no meld, scores -100."""
    # RULES: SCORE-4, MELD-5
    rules = rules_for("caliente", hand_size=3, canastas_to_go_out=0)
    hands = {0: "B3 B3 B3", 1: "R3 4 5", 2: "R3 6 8", 3: "9 10 J"}
    # Below 0 the first-meld minimum is 15: three stop cards make it.
    state = deal(rules, hands, pile="K", stock="Q A 7", scores=(-10, 0))
    assert state.hand(1) == (cc.Card.FOUR, cc.Card.FIVE, cc.Card.QUEEN)
    assert state.hand(2) == (cc.Card.SIX, cc.Card.EIGHT, cc.Card.ACE)
    state = play(state, "draw", "meld B3 B3 B3", "discard 7")
    result = state.hand_results[-1]
    assert result.went_out == 0
    assert [m.rank for m in state.melds(0)] == [cc.Card.BLACK_THREE]
    assert dict(result.components(0)) == {
        "melds": 15, "hand": -(5 + 10 + 20), "canastas": 0, "going_out": 100,
        "bonus_cards": 100, "caliente": 0,
    }
    assert result.components(1)["bonus_cards"] == -100


# ---------------------------------------------------------------------------------------------
# SCORE-5: Caliente cards


def _caliente_hand(seat1: str, seat3: str, play_caliente: bool) -> cc.GameState:
    """Caliente cards; seat 1 may play a Caliente card in turn 1 (refill: a 5, discarded);
    seat 0 goes out in turn 2 with a natural canasta of 7s and K K K K."""
    hands = {
        0: "7 7 7 7 7 7 7 K K K Q",
        1: seat1,
        2: "4 5 6 8 9 10 J Q A A 2",
        3: seat3,
    }
    state = deal("caliente-cards", hands, pile="9", stock="4 5 6 8 K")
    state = play(state, "draw", "discard 4")
    state = play(state, "caliente" if play_caliente else "draw", "discard 5")
    state = play(state, "draw", "discard 6", "draw", "discard 8")
    return play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")


def test_caliente_played_and_caught() -> None:
    """Side 1 played one Caliente card (-100) and seat 3 is caught holding the other: seat 3's
    penalty counts twice, the plain penalty under `hand`, the extra under `caliente`."""
    # RULES: SCORE-5, SCORE-6, HOT-3
    seat1 = "CAL 4 5 6 8 9 10 J Q K A"  # 95 once the Caliente card is played
    seat3 = "CAL A A A 2 JK 4 5 6 8 9"  # 165, Caliente card 0
    state = _caliente_hand(seat1, seat3, play_caliente=True)
    assert state.caliente_played(1) == 1
    result = state.hand_results[-1]
    assert result.went_out == 0
    assert dict(result.components(1)) == {
        "melds": 0, "hand": -(95 + 165), "canastas": 0, "going_out": 0, "bonus_cards": 0,
        "caliente": -100 - 165,
    }
    assert result.totals[1] == -(95 + 165) - 100 - 165
    assert result.components(0)["caliente"] == 0


def test_player_caught_with_two_caliente_cards_pays_triple() -> None:
    """A player caught with both Caliente cards has its penalty multiplied by 3: `hand` holds
    the plain penalty, `caliente` twice it; nobody played one, so there is no -100."""
    # RULES: SCORE-5, SCORE-6, HOT-3
    seat1 = "4 5 6 8 9 10 J Q K A 2"  # 115
    seat3 = "CAL CAL A A 2 JK 4 5 6 8 9"  # 145
    state = _caliente_hand(seat1, seat3, play_caliente=False)
    result = state.hand_results[-1]
    assert state.caliente_played(1) == 0
    assert result.components(1)["hand"] == -(115 + 145)
    assert result.components(1)["caliente"] == -2 * 145
    assert result.totals[1] == -(115 + 145) - 290


# ---------------------------------------------------------------------------------------------
# GAME-1


def test_hand_scores_add_to_game_scores_which_may_go_negative() -> None:
    """Starting at (100, -50), the hand's totals (840, -390) are added: (940, -440). Below the
    target the game goes on: the only legal action is deal."""
    # RULES: GAME-1, SCORE-6
    state = _out_on_first_turn(scores=(100, -50))
    assert state.hand_results[-1].totals == (840, -390)
    assert state.scores == (940, -440)
    assert not state.is_game_over and state.winner is None
    assert state.phase is cc.Phase.HAND_OVER
    assert state.current_player is None
    assert legal(state) == {"deal"}
    assert "hand is over" in refused(state, "draw")
    assert "hand is over" in refused(state, "discard Q")
    state = play(state, "deal")
    assert state.hand_number == 2 and state.scores == (940, -440)
    assert state.phase is cc.Phase.DRAW


@pytest.mark.parametrize(
    ("start", "winner"),
    [
        ((4990, 0), 0),  # 5830 to -390
        ((4160, 0), 0),  # exactly 5000
        ((5000, 6390), 1),  # 5840 to 6000: both at the target, side 1 ahead
        ((6000, 6000), 0),  # 6840 to 5610
    ],
)
def test_game_over_with_target_and_strict_lead(start: tuple[int, int], winner: int) -> None:
    """After a hand a side at or above 5000 that is strictly ahead wins: the game is over, no
    action is legal, deal is refused."""
    # RULES: GAME-1
    state = _out_on_first_turn(scores=start)
    assert state.scores == (start[0] + 840, start[1] - 390)
    assert state.is_game_over and state.phase is cc.Phase.GAME_OVER
    assert state.winner == winner
    assert state.current_player is None
    assert cc.legal_actions(state) == ()
    assert "game is over" in refused(state, "deal")
    assert "game is over" in refused(state, "draw")


@pytest.mark.parametrize("start", [(4160, 5390), (5160, 6390)])
def test_tie_for_lead_at_target_plays_another_hand(start: tuple[int, int]) -> None:
    """Both sides tied at or above the target (5000 and 5000, 6000 and 6000): no winner, the
    game goes on with another hand."""
    # RULES: GAME-1
    state = _out_on_first_turn(scores=start)
    assert state.scores[0] == state.scores[1] >= 5000
    assert not state.is_game_over and state.winner is None
    assert legal(state) == {"deal"}
    state = play(state, "deal")
    assert state.hand_number == 2 and not state.is_hand_over


def test_below_target_no_winner_even_with_lead() -> None:
    """A side strictly ahead but below the target (4999 after the hand) does not win."""
    # RULES: GAME-1
    state = _out_on_first_turn(scores=(4159, 0))
    assert state.scores == (4999, -390)
    assert not state.is_game_over and state.winner is None
    assert legal(state) == {"deal"}


def test_three_sides_tie_for_lead_goes_on() -> None:
    """Three sides: two tie for the lead above the target while the third is behind: no winner.
    The hand ends by a pass with an empty stock (scored from the hands alone)."""
    # RULES: GAME-1
    rules = rules_for("caliente-3p")
    state = game(rules, {}, pile="R3 R3 R3 R3 9")
    state = run_down(state, 0)
    hands = [hand_value(state, s) for s in range(3)]
    state = play(state, "pass")
    totals = state.hand_results[-1].totals
    assert totals == tuple(-v for v in hands)
    # Replay with starting scores that make sides 0 and 1 tie at 6000.
    start = (6000 + hands[0], 6000 + hands[1], 0)
    again = game(rules, {}, pile="R3 R3 R3 R3 9", scores=start)
    again = play(run_down(again, 0), "pass")
    assert again.scores[:2] == (6000, 6000)
    assert not again.is_game_over and again.winner is None
    assert legal(again) == {"deal"}


def test_next_hand_minimum_comes_from_score_at_its_start() -> None:
    """Side 1 starts at 3050 (minimum 120) and loses 390: hand 2 starts at 2660, so its first
    player (seat 1) needs 90; side 0 starts at -10 (15) and ends at 830 (50)."""
    # RULES: GAME-1, INIT-1
    state = deal("caliente", {}, pile="9", stock="4", scores=(-10, 3050))
    assert state.turn.need == 15
    state = play(state, "draw", "discard 4")
    assert state.current_player == 1 and state.turn.need == 120
    state = _out_on_first_turn(scores=(-10, 3050))
    assert state.scores == (830, 2660)
    state = play(state, "deal")
    assert state.hand_number == 2
    assert state.current_player == 1
    assert state.turn.need == 90
    drawn = play(state, "draw")
    discard = sorted(a for a in legal(drawn) if a.startswith("discard"))[0]
    state = play(drawn, discard)
    assert state.current_player == 2
    assert state.turn.need == 50


@pytest.mark.parametrize(("start", "over"), [((4990, 0), False), ((9990, 0), True)])
def test_three_deck_target_is_ten_thousand(start: tuple[int, int], over: bool) -> None:
    """Three decks: the target is 10000, so passing 5000 ends nothing; passing 10000 with the
    lead wins."""
    # RULES: GAME-1, VAR-5
    rules = rules_for("caliente-6p-3deck")
    # 210 points of melds: enough for the minimum of 150 from 7500.
    hands = {0: "A A A A A A A K K K K K K"}
    deck = stacked_deck(rules, hands, pile="J", stock="K")
    state = cc.new_game(rules, deck=deck, scores=start)
    state = play(state, "draw", "meld A A A A A A A", "meld K K K K K K K")
    total = state.hand_results[-1].totals[0]
    assert total > 10
    assert state.scores[0] == start[0] + total
    assert state.is_game_over is over
    assert state.winner == (0 if over else None)
    assert legal(state) == (set() if over else {"deal"})
