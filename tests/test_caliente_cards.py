"""Scenario tests: the Caliente cards (HOT-1 to HOT-3) on stacked decks."""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import check_invariants
from conftest import (
    count_everywhere,
    deal,
    legal,
    play,
    refused,
    rules_for,
    run_down,
    sorted_cards,
    whole_deck,
)

CAL = cc.Card.CALIENTE
R3 = cc.Card.RED_THREE


# ---------------------------------------------------------------------------------------------
# HOT-1


@pytest.mark.parametrize("preset", cc.RuleSet.preset_names())
def test_only_the_caliente_cards_preset_has_caliente_cards(preset: str) -> None:
    """caliente-cards adds 2 Caliente cards (110 cards with two decks); every other preset has
    none, and a dealt game holds exactly that many."""
    # RULES: HOT-1, CARD-2
    rules = cc.RuleSet.preset(preset)
    expected = 2 if preset == "caliente-cards" else 0
    assert rules.caliente_cards == expected
    assert rules.deck_counts[CAL] == expected
    assert rules.deck_size == 54 * rules.decks + expected
    state = cc.new_game(rules, seed=3)
    assert count_everywhere(state, CAL) == expected
    if preset == "caliente-cards":
        assert rules.deck_size == 110


def test_caliente_cards_cannot_be_stacked_beyond_the_deck() -> None:
    """A third Caliente card, or one in a game without them, is refused naming the card."""
    # RULES: HOT-1
    with pytest.raises(ValueError, match="CAL"):
        cc.new_game(rules_for("caliente-cards"), deck=["CAL", "CAL", "CAL"])
    with pytest.raises(ValueError, match="CAL"):
        cc.new_game(rules_for("caliente"), deck=["CAL"])
    state = cc.new_game(rules_for("caliente-cards"), deck=["CAL", "CAL"], seed=1)
    assert count_everywhere(state, CAL) == 2


# ---------------------------------------------------------------------------------------------
# HOT-2


def _meld_race() -> cc.GameState:
    """Caliente cards. Turn 1: seat 0 melds A A A (side 0: 1 meld); seat 1, holding a Caliente
    card, draws and melds K K K and Q Q Q (side 1: 2 melds); seat 2 draws and discards. Seat 3,
    holding the other Caliente card, is now to act."""
    hands = {
        0: "A A A J J J 4 5 6 8 9",
        1: "K K K Q Q Q CAL 4 5 6 8",
        2: "4 5 6 7 8 9 10 Q K A 2",
        3: "CAL 4 5 6 7 8 9 10 J Q K",
    }
    stock = "10 9 7 8 J R3 4 5 6 7 8 9 10 K"
    state = deal("caliente-cards", hands, pile="9", stock=stock)
    state = play(state, "draw", "meld A A A", "discard 10")
    # Seat 1's side has no more melds than side 0: the Caliente card may be played.
    assert "caliente" in legal(state)
    state = play(state, "draw", "meld K K K", "meld Q Q Q", "discard 9")
    assert state.hand(1) == sorted_cards("CAL 4 5 6 8")
    return play(state, "draw", "discard 7")


def test_caliente_refused_with_more_melds_than_another_side() -> None:
    """Side 1 has 2 melds, side 0 has 1: seat 3 may not play its Caliente card."""
    # RULES: HOT-2
    state = _meld_race()
    assert state.current_player == 3
    assert legal(state) == {"draw"}
    message = refused(state, "caliente")
    assert "more melds" in message


def test_caliente_refill_lays_out_bonus_cards_and_stops_at_dealt_size() -> None:
    """With equal meld counts (2 and 2) seat 1 plays its Caliente card holding 5 cards: the card
    is set aside, and the player draws to 11, the bonus card drawn laid out, replaced and not
    counted (8 stock cards taken). Then the turn goes on with melds and a discard."""
    # RULES: HOT-2, TURN-3
    state = _meld_race()
    state = play(state, "draw", "discard 8", "draw", "meld J J J J", "discard 9")
    assert len(state.melds(0)) == 2 and len(state.melds(1)) == 2
    assert state.current_player == 1
    assert "caliente" in legal(state)
    stock_before = state.stock_size
    state = play(state, "caliente")
    assert state.caliente_played(1) == 1 and state.caliente_played(0) == 0
    assert state.laid_out(1) == (R3,)
    assert state.hand(1) == sorted_cards("4 5 6 8 4 5 6 7 8 9 10")
    assert state.stock_size == stock_before - 8
    assert state.stock[0] is cc.Card.KING
    assert CAL not in state.pile
    assert check_invariants(state) == []
    assert state.phase is cc.Phase.PLAY
    options = legal(state)
    assert "discard 4" in options
    assert not options & {"draw", "caliente", "pass", "take"}
    assert "already" in refused(state, "draw")
    assert "already" in refused(state, "caliente")
    state = play(state, "discard 10")
    assert state.current_player == 2 and state.phase is cc.Phase.DRAW


def test_caliente_refill_of_a_full_hand_draws_one_card() -> None:
    """Playing the Caliente card from a dealt hand of 11 leaves 10: exactly one card is drawn."""
    # RULES: HOT-2
    state = deal("caliente-cards", {0: "CAL 4 5 6 7 8 9 10 J Q K"}, pile="9", stock="A 2 JK")
    assert legal(state) == {"draw", "caliente"}
    state = play(state, "caliente")
    assert state.hand(0) == sorted_cards("4 5 6 7 8 9 10 J Q K A")
    assert state.stock[:2] == (cc.Card.TWO, cc.Card.JOKER)
    assert state.caliente_played(0) == 1


def test_caliente_needs_no_more_melds_than_each_other_side() -> None:
    """Three sides with melds 1, 0 and 2: seat 0 (1 meld) is refused although side 2 has more;
    seat 1 (no meld) may play. Played cards are counted per side."""
    # RULES: HOT-2, VAR-7
    rules = rules_for("caliente-3p", caliente_cards=2)
    hands = {
        0: "A A A CAL 4 5 6 7 8 9 10 J Q",
        1: "CAL 4 5 6 7 8 9 10 J Q K A 2",
        2: "K K K Q Q Q J J J 4 5 6 7",
    }
    state = deal(rules, hands, pile="9", stock="K 4 8 9 5")
    # Side 0 has no meld yet: no more than anyone, so it could play the card now.
    assert "caliente" in legal(state)
    state = play(state, "draw", "meld A A A", "discard K")
    state = play(state, "draw", "discard 4")
    state = play(state, "draw", "meld K K K", "meld Q Q Q", "discard 8")
    assert [len(state.melds(s)) for s in range(3)] == [1, 0, 2]
    assert state.current_player == 0
    assert "more melds" in refused(state, "caliente")
    state = play(state, "draw", "discard 9")
    assert "caliente" in legal(state)
    # A turn's first step, said with the Caliente card the hand holds (TURN-1).
    assert refused(state, "discard 5").endswith(
        "draw, take the pile or play a Caliente card first: a turn begins with its draw (TURN-1)")
    state = play(state, "caliente")
    assert state.caliente_played(1) == 1 and state.caliente_played(0) == 0
    assert len(state.hand(1)) == 13
    assert cc.Card.FIVE in state.hand(1)


def test_caliente_refused_with_empty_stock_and_allowed_with_one_card() -> None:
    """With the stock empty the Caliente card cannot be played (pass is the only option here);
    with one card left it can, drawing that card, and (Caliente rules) play goes on."""
    # RULES: HOT-2, END-2, TURN-2
    rules = rules_for("caliente-cards")
    # Seat 1 holds a Caliente card; the other is the up card of the deal, above 4 bonus cards.
    state = cc.new_game(rules, deck=whole_deck(rules, {1: "CAL"}, pile="R3 R3 R3 R3 CAL"))
    state = run_down(state, 0)
    assert state.current_player == 1 and CAL in state.hand(1)
    assert legal(state) == {"pass"}
    assert refused(state, "caliente").endswith(
        "a Caliente card is played only while the stock has cards (HOT-2, READ-8)")

    state = cc.new_game(
        rules, deck=whole_deck(rules, {0: "CAL"}, pile="R3 R3 R3 R3 CAL", bottom="K")
    )
    state = run_down(state, 1)
    assert state.current_player == 0
    assert {"draw", "caliente"} <= legal(state)
    kings = state.hand(0).count(cc.Card.KING)
    state = play(state, "caliente")
    assert not state.is_hand_over and state.phase is cc.Phase.PLAY
    assert state.stock_size == 0
    assert len(state.hand(0)) == 11
    assert state.hand(0).count(cc.Card.KING) == kings + 1
    state = play(state, "discard K")
    assert "pass" in legal(state) and "draw" not in legal(state)


def test_caliente_refill_ending_on_unreplaceable_bonus_card() -> None:
    """The refill draws the last stock card, a bonus card: it is laid out, cannot be replaced,
    and the hand ends (END-1) with the played card charged."""
    # RULES: HOT-2, END-1, END-4, SCORE-5
    rules = rules_for("caliente-cards")
    deck = whole_deck(rules, {1: "CAL"}, pile="R3 R3 R3 CAL", bottom="R3")
    state = run_down(cc.new_game(rules, deck=deck), 1)
    assert state.current_player == 1
    state = play(state, "caliente")
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.BONUS_NOT_REPLACED
    assert state.laid_out(1) == (R3,)
    assert len(state.hand(1)) == 10
    assert result.components(1)["caliente"] == -100
    assert result.components(1)["bonus_cards"] == -100
    assert result.components(0)["going_out"] == result.components(1)["going_out"] == 0


# ---------------------------------------------------------------------------------------------
# HOT-3


def test_discarded_caliente_card_blocks_exactly_the_next_player() -> None:
    """Seat 0 discards its Caliente card: seat 1 cannot take the pile although it holds two
    natural 4s; after seat 1's discard seat 2 takes the pile, Caliente card included, which
    joins its hand once the first-meld minimum is met."""
    # RULES: HOT-3, PILE-2, DISC-2
    hands = {
        0: "CAL 5 6 7 8 9 10 J Q K A",
        1: "4 4 5 6 7 8 9 10 J Q K",
        2: "9 9 A A A 5 6 7 8 10 J",
        3: "5 6 7 8 9 10 J Q K A 2",
    }
    state = deal("caliente-cards", hands, pile="4", stock="Q 9")
    assert "take 4 4" not in legal(state)  # seat 0 holds no 4s
    state = play(state, "draw")
    assert "discard CAL" in legal(state)
    state = play(state, "discard CAL")
    assert state.up_card is CAL
    assert legal(state) == {"draw"}
    assert "Caliente" in refused(state, "take 4 4")
    assert "Caliente" in refused(state, "take")
    state = play(state, "draw", "discard 9")
    assert state.current_player == 2
    assert "take 9 9" in legal(state)
    state = play(state, "take 9 9")
    assert state.waiting == (cc.Card.FOUR, CAL)
    state = play(state, "meld A A A")
    assert CAL in state.hand(2) and cc.Card.FOUR in state.hand(2)
    assert check_invariants(state) == []


def test_caliente_up_card_of_the_deal_blocks_the_first_player() -> None:
    """A Caliente card turned up at the deal blocks the first player (the pile cannot be taken);
    the second player may take the pile above it."""
    # RULES: HOT-3, DEAL-3, PILE-2
    hands = {0: "Q Q A A A 4 5 6 7 8 9", 1: "K K A A A 4 5 6 7 8 9"}
    state = deal("caliente-cards", hands, pile="CAL", stock="K")
    assert state.up_card is CAL
    assert legal(state) == {"draw"}
    assert "Caliente" in refused(state, "take Q Q")
    state = play(state, "draw", "discard K")
    assert "take K K" in legal(state)
    state = play(state, "take K K")
    assert state.waiting == (CAL,)


def test_caliente_card_is_never_melded() -> None:
    """A Caliente card cannot be melded, with naturals, alone, or in a pile take."""
    # RULES: HOT-3, MELD-6
    hands = {0: "CAL CAL 7 7 7 A A A 8 9 10"}
    state = deal("caliente-cards", hands, pile="7", stock="K")
    assert "take 7 7" in legal(state)
    refused(state, "take 7 CAL")
    state = play(state, "draw")
    for action in ("meld 7 7 CAL", "meld 7 7 7 CAL", "meld CAL CAL CAL", "meld A A CAL"):
        message = refused(state, action)
        assert "never melded" in message
    assert not any("CAL" in a for a in legal(state) if a.startswith("meld"))
    assert "discard CAL" in legal(state)


def test_caliente_card_may_be_the_going_out_discard() -> None:
    """A player may go out by discarding a Caliente card as the last card; nobody is caught
    with it and nobody played it, so no Caliente score."""
    # RULES: HOT-3, SCORE-5, OUT-1
    state = deal("caliente-cards", {0: "7 7 7 7 7 7 7 K K K CAL"}, pile="9", stock="K")
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K")
    assert state.hand(0) == (CAL,)
    assert legal(state) == {"discard CAL"}
    state = play(state, "discard CAL")
    result = state.hand_results[-1]
    assert result.went_out == 0 and state.up_card is CAL
    assert result.components(0)["caliente"] == 0
    assert result.components(1)["caliente"] == 0


def test_side_that_played_caliente_and_went_out_still_pays() -> None:
    """Seat 0 plays a Caliente card (refill: a 7), then goes out at once: its side scores the
    going-out bonuses and -100 under `caliente`."""
    # RULES: SCORE-5, HOT-2, SCORE-6
    state = deal("caliente-cards", {0: "CAL 7 7 7 7 7 7 K K K Q"}, pile="9", stock="7")
    state = play(state, "caliente", "meld 7 7 7 7 7 7 7", "meld K K K", "discard Q")
    result = state.hand_results[-1]
    assert result.went_out == 0
    assert dict(result.components(0)) == {
        "melds": 65, "hand": result.components(0)["hand"], "canastas": 500, "going_out": 200,
        "bonus_cards": 0, "caliente": -100,
    }
    assert result.components(0)["hand"] == -sum(
        {"4": 5, "5": 5, "6": 5, "7": 5, "8": 10, "9": 10, "10": 10, "J": 10, "Q": 10,
         "K": 10, "A": 20, "2": 20, "JK": 50}[str(c)]
        for c in state.hand(2)
    )
