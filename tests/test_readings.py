"""Scenario tests: the other readings of section 14 of the rules (READ-1 to READ-8), each option
with both of its values on stacked decks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck
from conftest import codes, deal, legal, play, rules_for, run_down, whole_deck

# ---------------------------------------------------------------------------------------------
# READ-1: the up card of the deal


@pytest.mark.parametrize("turned", ["B3", "CAL", "2", "R3"])
def test_up_card_turned_until_natural(turned: str) -> None:
    """With ``up_card_must_be_natural`` every card turned up that is not a natural (stop,
    Caliente, wild or bonus card) stays in the pile beneath, and the next card is turned."""
    # RULES: READ-1, DEAL-3
    rules = rules_for("caliente-cards", up_card_must_be_natural=True)
    state = deal(rules, {}, pile=f"{turned} B3 7")
    assert codes(state.pile) == f"{turned} B3 7"
    assert state.up_card is cc.Card.SEVEN
    assert state.pile_has_freezer is (turned in ("2", "R3"))
    assert state.stock_size == rules.deck_size - 44 - 3
    assert "draw" in legal(state)


@pytest.mark.parametrize("turned", ["B3", "CAL"])
def test_stop_or_caliente_up_card_stands_when_off(turned: str) -> None:
    """Without the option (the Caliente presets), a stop or Caliente card turned up stays on
    top and blocks the first player (DEAL-3, PILE-2)."""
    # RULES: READ-1, DEAL-3, PILE-2
    rules = rules_for("caliente-cards")
    assert not rules.up_card_must_be_natural
    state = deal(rules, {0: "7 7 4 5 6 8 9 10 J Q K"}, pile=f"{turned} 7")
    assert codes(state.pile) == turned
    assert not any(a.startswith("take") for a in legal(state))


def test_classic_turns_a_stop_card_under() -> None:
    """``classic`` (seed 003) turns a black three under at the deal; ``caliente`` lets it
    stand."""
    # RULES: READ-1, DEAL-3
    assert cc.RuleSet.preset("classic").up_card_must_be_natural
    classic = deal("classic", {}, pile="B3 9")
    assert codes(classic.pile) == "B3 9" and classic.up_card is cc.Card.NINE
    caliente = deal("caliente", {}, pile="B3 9")
    assert codes(caliente.pile) == "B3" and caliente.up_card is cc.Card.BLACK_THREE


def test_stop_card_under_the_up_card_is_no_freezer() -> None:
    """A stop card turned under is not a wild or bonus card: the pile is not frozen for a side
    that has melded, so `take J 2` is offered (PILE-4)."""
    # RULES: READ-1, PILE-3, PILE-4
    hands = {
        0: "8 8 8 9 9 9 10 10 10 K Q",
        1: "J 4 5 6 7 8 9 10 Q K A",
        2: "J J 2 4 5 6 7 9 Q K A",
    }
    state = deal(rules_for("caliente", up_card_must_be_natural=True), hands, pile="B3 4",
                 stock="5 6")
    assert not state.pile_has_freezer
    state = play(state, "draw", "meld 8 8 8", "meld 9 9 9", "discard Q", "draw", "discard J")
    assert "take J 2" in legal(state)


# ---------------------------------------------------------------------------------------------
# READ-2: a tie at the target


def _out_on_first_turn(rules: cc.RuleSet, scores: Sequence[int]) -> cc.GameState:
    """Seat 0 draws a K and goes out at once; the hand's totals are (840, -390)."""
    hands = {
        0: "A A A A A A K K K Q R3",
        1: "Q Q Q J J J 10 10 10 R3 R3",
        2: "8 8 8 2 JK B3 4 5 6 9 10",
        3: "6 6 6 9 9 9 7 7 7 J 2",
    }
    state = deal(rules, hands, pile="9", stock="A 4 5 K", scores=scores)
    return play(state, "draw", "meld A A A A A A A", "meld K K K K", "discard Q")


@pytest.mark.parametrize("start", [(4160, 5390), (5160, 6390)])
def test_tie_goes_to_the_side_that_went_out(start: tuple[int, int]) -> None:
    """With ``tie_break = "went_out"`` a tie for the lead at or above the target is won by
    the side whose player went out; with ``play_on`` another hand is played."""
    # RULES: READ-2, GAME-1
    won = _out_on_first_turn(rules_for("caliente", tie_break="went_out"), start)
    assert won.scores[0] == won.scores[1] >= 5000
    assert won.is_game_over and won.winner == 0
    assert cc.legal_actions(won) == ()
    on = _out_on_first_turn(rules_for("caliente"), start)
    assert not on.is_game_over and on.winner is None
    assert legal(on) == {"deal"}


def test_tie_without_going_out_plays_on() -> None:
    """Three players; the hand ends by a pass with sides 0 and 1 tied at 6000: nobody went
    out, so even under ``went_out`` another hand is played."""
    # RULES: READ-2, GAME-1, END-2
    rules = rules_for("caliente-3p", tie_break="went_out")
    first = play(run_down(cc.new_game(rules, deck=whole_deck(rules, {}, "R3 R3 R3 R3 9")), 0),
                 "pass")
    totals = first.hand_results[-1].totals
    start = (6000 - totals[0], 6000 - totals[1], 0)
    again = cc.new_game(rules, deck=whole_deck(rules, {}, "R3 R3 R3 R3 9"), scores=start)
    again = play(run_down(again, 0), "pass")
    assert again.scores[:2] == (6000, 6000)
    assert again.hand_results[-1].went_out is None
    assert not again.is_game_over and legal(again) == {"deal"}


# ---------------------------------------------------------------------------------------------
# READ-3: bonus cards without a meld


@pytest.mark.parametrize(("extras", "expected"), [("negated", -800), ("none", -400)])
def test_four_bonus_cards_without_meld(extras: str, expected: int) -> None:
    """Side 1 lays out all four bonus cards and melds nothing: -100 each, and the extra 400 is
    subtracted too (``negated``) or not at all (``none``). Side 0, with melds, is unchanged."""
    # RULES: READ-3, SCORE-4
    rules = rules_for("caliente", bonus_extras_without_meld=extras)
    hands = {0: "7 7 7 7 7 7 7 K K K Q", 1: "R3 R3 R3 R3"}
    state = deal(rules, hands, pile="9", stock="4 5 6 8 K")
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")
    result = state.hand_results[-1]
    assert result.components(1)["bonus_cards"] == expected
    assert result.components(0)["bonus_cards"] == 0


@pytest.mark.parametrize(("extras", "expected"), [("negated", -1200), ("none", -600)])
def test_six_bonus_cards_without_meld_three_decks(extras: str, expected: int) -> None:
    """Three decks: six bonus cards and no meld lose 600, and 600 more unless ``none``."""
    # RULES: READ-3, SCORE-4, VAR-5
    rules = rules_for("caliente-6p-3deck", bonus_extras_without_meld=extras)
    hands = {0: "K K K K K K K Q Q Q Q Q Q", 1: "R3 R3", 3: "R3 R3", 5: "R3 R3"}
    deck = stacked_deck(rules, hands, pile="J", stock="4 5 6 8 9 10 Q")
    state = play(cc.new_game(rules, deck=deck), "draw", "meld K K K K K K K",
                 "meld Q Q Q Q Q Q Q")
    result = state.hand_results[-1]
    assert result.components(1)["bonus_cards"] == expected


def test_bonus_extra_kept_with_a_meld_either_way() -> None:
    """A side with a meld gets its extra under both readings."""
    # RULES: READ-3, SCORE-4
    for extras in ("negated", "none"):
        rules = rules_for("caliente", bonus_extras_without_meld=extras)
        hands = {0: "7 7 7 7 7 7 7 K K K Q", 2: "R3 R3 R3 R3"}
        state = deal(rules, hands, pile="9", stock="4 5 6 8 K")
        state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")
        assert state.hand_results[-1].components(0)["bonus_cards"] == 800
