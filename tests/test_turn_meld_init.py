"""Scenario tests for the turn (TURN-0 to TURN-3) on stacked decks.

The melds (MELD-*) are in ``test_melds.py`` and the first meld (INIT-*) in
``test_first_meld.py``.
"""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from conftest import (
    codes,
    deal,
    discards,
    hand_of,
    legal,
    melds_of,
    of_verb,
    play,
    reference,
    refused,
    rules_for,
)

# Eleven cards with no pair and no 5 (the usual up card below), for seats whose hand only
# needs to be known.
PLAIN = "4 6 7 8 9 10 J Q K A 4"


# ---------------------------------------------------------------------------------------------
# TURN-1, TURN-2: draw action, melds, discard


def test_a_turn_is_one_draw_action_then_melds_then_a_discard() -> None:
    """Before the draw only draw actions are legal (melds and discards are refused); the draw
    gives exactly the stock's top card; after it no second draw action is allowed; melds
    follow, and the discard ends the turn and passes it to the next player."""
    # RULES: TURN-1, TURN-2
    s = deal(hands={0: "7 7 7 8 9 10 J Q K A 4"}, pile="5", stock="6 K", scores=(-100, -100))
    assert s.phase is cc.Phase.DRAW and s.current_player == 0
    assert legal(s) == {"draw"}
    assert "draw or take the pile first" in refused(s, "meld 7 7 7")
    assert "draw or take the pile first" in refused(s, "discard 8")
    assert "draw or take the pile first" in refused(s, "ask")
    stock_before = s.stock_size

    s = play(s, "draw")
    assert s.phase is cc.Phase.PLAY and s.current_player == 0
    assert hand_of(s, 0) == "4 6 7 7 7 8 9 10 J Q K A"
    assert s.stock_size == stock_before - 1
    assert str(s.stock[0]) == "K"
    for second in ("draw", "take", "take 5 5", "pass"):
        assert "already drawn (or taken the pile)" in refused(s, second)
    assert of_verb(s, "draw") == of_verb(s, "take") == of_verb(s, "pass") == set()
    assert of_verb(s, "meld") == {"meld 7 7 7"}
    assert of_verb(s, "discard") == discards("4 6 7 8 9 10 J Q K A")

    s = play(s, "meld 7 7 7")
    assert melds_of(s, 0) == ["7 7 7"]
    assert "already drawn (or taken the pile)" in refused(s, "draw")
    s = play(s, "discard 8")
    assert s.phase is cc.Phase.DRAW and s.current_player == 1
    assert s.up_card is cc.Card.EIGHT
    assert hand_of(s, 0) == "4 6 9 10 J Q K A"


def test_the_draw_action_is_exactly_one_of_draw_take_and_caliente() -> None:
    """With a takeable up card and a Caliente card in hand, the draw phase offers draw, the
    take and the Caliente card (and no pass, the stock being full); after a take, a draw or a
    Caliente card is refused as a second draw action."""
    # RULES: TURN-2, TURN-1
    rules = cc.RuleSet.preset("caliente-cards")
    s = deal(rules, hands={0: "9 9 K K K CAL 4 6 8 10 J"}, pile="9", stock="Q",
             scores=(-100, -100))
    assert legal(s) == {"draw", "take 9 9", "caliente"} == reference(s)
    assert "only when the stock is empty" in refused(s, "pass")
    taken = play(s, "take 9 9")
    assert melds_of(taken, 0) == ["9 9 9"]
    assert hand_of(taken, 0) == "4 6 8 10 J K K K CAL"
    assert "already drawn (or taken the pile)" in refused(taken, "draw")
    assert "already drawn (or taken the pile)" in refused(taken, "caliente")
    drawn = play(s, "draw")
    assert "already drawn (or taken the pile)" in refused(drawn, "caliente")
    assert "already drawn (or taken the pile)" in refused(drawn, "take 9 9")


def test_draw_gives_one_card_and_two_in_the_two_player_game() -> None:
    """A draw takes 1 card from the stock in the 4-player game and 2 in caliente-2p
    (draw_count), in stock order."""
    # RULES: TURN-2
    s4 = deal(hands={0: PLAIN}, pile="5", stock="Q K A")
    after4 = play(s4, "draw")
    assert len(after4.hand(0)) == 12
    assert hand_of(after4, 0) == "4 4 6 7 8 9 10 J Q Q K A"
    assert after4.stock_size == s4.stock_size - 1
    assert str(after4.stock[0]) == "K"

    s2 = deal("caliente-2p", hands={0: "4 6 7 8 9 10 J Q K A 4 6 7 8 9"}, pile="5",
              stock="Q K A")
    after2 = play(s2, "draw")
    assert len(after2.hand(0)) == 17
    assert hand_of(after2, 0) == "4 4 6 6 7 7 8 8 9 9 10 J Q Q K K A"
    assert after2.stock_size == s2.stock_size - 2
    assert str(after2.stock[0]) == "A"


def test_pass_only_when_the_stock_is_empty() -> None:
    """Pass is refused while the stock holds cards and is the way on once it is empty (the
    draw being refused then); a pass ends the hand."""
    # RULES: TURN-2
    # 22-card hands; the 16 wilds and bonus cards sit under the up card, so the stock is
    # exactly the three cards given.
    rules = rules_for("caliente", hand_size=22)
    s = deal(
        rules,
        hands={1: "B3 B3 B3 B3"},
        pile="R3 R3 R3 R3 2 2 2 2 2 2 2 2 JK JK JK JK 5",
        stock="K Q J",
    )
    assert s.stock_size == 3
    for seat, card in ((0, "K"), (1, "Q"), (2, "J")):
        assert s.current_player == seat
        assert "only when the stock is empty" in refused(s, "pass")
        s = play(s, "draw", f"discard {card}")
    assert s.stock_size == 0 and s.current_player == 3
    assert "pass" in legal(s)
    assert "stock is empty" in refused(s, "draw")
    assert of_verb(s, "draw") == set()
    ended = play(s, "pass")
    assert ended.is_hand_over
    assert ended.hand_results[-1].ended is cc.HandEnd.PASSED


# ---------------------------------------------------------------------------------------------
# TURN-3: bonus cards never stay in a hand


def test_bonus_card_drawn_is_laid_out_and_replaced() -> None:
    """A bonus card drawn from the stock is laid out for the side and replaced by the next
    stock card; the hand gains only the replacement."""
    # RULES: TURN-3
    s = deal(hands={0: PLAIN}, pile="5", stock="R3 Q K")
    size = s.stock_size
    s = play(s, "draw")
    assert codes(s.laid_out(0)) == "R3"
    assert codes(s.laid_out(1)) == ""
    assert hand_of(s, 0) == "4 4 6 7 8 9 10 J Q Q K A"
    assert s.stock_size == size - 2
    assert str(s.stock[0]) == "K"
    assert "never melded" in refused(s, "meld R3 R3 R3")


def test_two_bonus_cards_drawn_in_a_row_are_both_laid_out_and_replaced() -> None:
    """A replacement that is itself a bonus card is laid out and replaced too: a chain of two
    R3s lays out both, and the hand gains the third card only."""
    # RULES: TURN-3
    s = deal(hands={0: PLAIN}, pile="5", stock="R3 R3 Q K")
    size = s.stock_size
    s = play(s, "draw")
    assert codes(s.laid_out(0)) == "R3 R3"
    assert hand_of(s, 0) == "4 4 6 7 8 9 10 J Q Q K A"
    assert s.stock_size == size - 3
    assert str(s.stock[0]) == "K"


def test_bonus_card_in_a_two_card_draw_is_replaced() -> None:
    """caliente-2p draws 2: a bonus card among them is laid out and replaced, so the hand
    still gains two cards."""
    # RULES: TURN-3, TURN-2
    s = deal("caliente-2p", hands={0: "4 6 7 8 9 10 J Q K A 4 6 7 8 9"}, pile="5",
             stock="R3 Q K A")
    size = s.stock_size
    s = play(s, "draw")
    assert codes(s.laid_out(0)) == "R3"
    assert hand_of(s, 0) == "4 4 6 6 7 7 8 8 9 9 10 J Q Q K K A"
    assert s.stock_size == size - 3
    assert str(s.stock[0]) == "A"


@pytest.mark.parametrize(("preset", "replaced"), [("caliente", False), ("classic", True)])
def test_bonus_card_taken_with_the_pile(preset: str, replaced: bool) -> None:
    """A bonus card in a taken pile is laid out for the side; it is not replaced in caliente
    and replaced from the stock in classic (bonus_from_pile_replaced)."""
    # RULES: TURN-3
    rules = cc.RuleSet.preset(preset)
    assert rules.bonus_from_pile_replaced is replaced
    s = deal(
        rules,
        hands={
            0: "8 8 8 K 4 6 7 9 10 A A",
            1: "Q 4 6 7 9 10 J K A 5 5",
            2: "Q Q 4 6 7 9 10 J K 8 5",
        },
        pile="R3 5",
        stock="4 6 A 9",
        scores=(-100, -100),
    )
    s = play(s, "draw", "meld 8 8 8", "discard K", "draw", "discard Q")
    assert codes(s.pile) == "R3 5 K Q"
    assert s.current_player == 2
    assert "take Q Q" in legal(s)
    size = s.stock_size
    s = play(s, "take Q Q")
    assert codes(s.laid_out(0)) == "R3"
    assert melds_of(s, 0) == ["8 8 8", "Q Q Q"]
    if replaced:
        assert s.stock_size == size - 1
        assert hand_of(s, 2) == "4 5 5 6 7 8 9 10 J K K A"
    else:
        assert s.stock_size == size
        assert hand_of(s, 2) == "4 5 5 6 7 8 9 10 J K K"
    assert s.waiting == ()


@pytest.mark.parametrize(("preset", "replaced"), [("caliente", False), ("classic", True)])
def test_bonus_card_taken_before_the_first_meld_waits_with_the_pile(
    preset: str, replaced: bool
) -> None:
    """Under INIT-4 a bonus card in the pile waits with the other pile cards: it is laid out
    (and, in classic only, replaced) when the minimum is met and the waiting cards join the
    hand."""
    # RULES: TURN-3, INIT-4
    rules = cc.RuleSet.preset(preset)
    s = deal(rules, hands={0: "9 9 K K K 4 5 6 8 10 Q"}, pile="R3 9", stock="A J")
    size = s.stock_size
    s = play(s, "take 9 9")
    assert codes(s.waiting) == "R3"
    assert codes(s.laid_out(0)) == ""
    assert s.stock_size == size
    s = play(s, "meld K K K")
    assert s.waiting == ()
    assert codes(s.laid_out(0)) == "R3"
    if replaced:
        assert hand_of(s, 0) == "4 5 6 8 10 Q A"
        assert s.stock_size == size - 1
    else:
        assert hand_of(s, 0) == "4 5 6 8 10 Q"
        assert s.stock_size == size


@pytest.mark.parametrize(("preset", "replaced"), [("caliente", False), ("classic", True)])
def test_bonus_replacement_under_init_4_decides_whether_the_take_is_legal(
    preset: str, replaced: bool
) -> None:
    """Five-card hands, pile R3 2 9: after 'take 9 9' the Ks must all be melded to reach 50.
    In classic the waiting R3 is replaced when it joins, so the hand gets 2 and the
    replacement (a card to keep and one to discard): the take is legal. In caliente only the
    2 joins, which would have to be discarded as the last card: the take is refused."""
    # RULES: TURN-3, TURN-0, INIT-4
    s = deal(rules_for(preset, hand_size=5), hands={0: "9 9 K K K"}, pile="R3 2 9", stock="Q")
    if not replaced:
        assert "minimum" in refused(s, "take 9 9")
        assert legal(s) == {"draw"} == reference(s)
        return
    assert legal(s) == {"draw", "take 9 9"} == reference(s)
    s = play(s, "take 9 9")
    assert codes(s.waiting) == "2 R3"
    s = play(s, "meld K K K")
    assert codes(s.laid_out(0)) == "R3"
    assert hand_of(s, 0) == "Q 2"
    assert legal(s) == {"discard Q", "discard 2"} == reference(s)


# ---------------------------------------------------------------------------------------------
# TURN-0: no dead ends


def test_melding_every_card_without_a_canasta_is_refused() -> None:
    """Three cards after the draw: melding all three is going out, refused without a
    canasta, so only discards are legal; with canasta_size 3 the same meld goes out."""
    # RULES: TURN-0, TURN-1
    s = deal(rules_for("caliente", hand_size=2), hands={0: "7 7"}, pile="5", stock="7",
             scores=(-100, -100))
    s = play(s, "draw")
    assert hand_of(s, 0) == "7 7 7"
    message = refused(s, "meld 7 7 7")
    assert "going out" in message and "canasta" in message
    assert legal(s) == {"discard 7"} == reference(s)

    s3 = deal(rules_for("caliente", hand_size=2, canasta_size=3), hands={0: "7 7"}, pile="5",
              stock="7", scores=(-100, -100))
    s3 = play(s3, "draw")
    assert legal(s3) == {"meld 7 7 7", "discard 7", "ask"} == reference(s3)
    out = play(s3, "meld 7 7 7")
    assert out.is_hand_over
    assert out.hand_results[-1].went_out == 0
    assert out.hand_results[-1].ended is cc.HandEnd.WENT_OUT


def test_a_meld_leaving_one_card_is_refused_when_going_out_is_impossible() -> None:
    """Four cards after the draw and no canasta possible: a meld leaving one card would force
    going out on the discard, so it is refused (DISC-3); with one more card in hand it is
    allowed."""
    # RULES: TURN-0, DISC-3
    s = deal(rules_for("caliente", hand_size=3), hands={0: "7 7 7"}, pile="5", stock="K",
             scores=(-100, -100))
    s = play(s, "draw")
    assert hand_of(s, 0) == "7 7 7 K"
    assert "fewer than two cards" in refused(s, "meld 7 7 7")
    assert legal(s) == {"discard 7", "discard K"} == reference(s)

    s4 = deal(rules_for("caliente", hand_size=4), hands={0: "7 7 7 Q"}, pile="5", stock="K",
              scores=(-100, -100))
    s4 = play(s4, "draw")
    assert legal(s4) == {"meld 7 7 7", "discard 7", "discard Q", "discard K"} == reference(s4)
    s4 = play(s4, "meld 7 7 7")
    assert hand_of(s4, 0) == "Q K"
    assert legal(s4) == {"discard Q", "discard K"} == reference(s4)


def test_a_pile_take_that_leaves_no_card_is_refused() -> None:
    """A take melding the whole hand with no canasta leaves nothing to discard and no way to
    go out: it is refused and absent; the draw remains."""
    # RULES: TURN-0
    s = deal(rules_for("caliente", hand_size=2), hands={0: "9 9"}, pile="9",
             scores=(-100, -100))
    refused(s, "take 9 9")
    assert legal(s) == {"draw"} == reference(s)


def test_a_player_bound_by_yes_cannot_discard_a_non_last_card() -> None:
    """After a "yes" the player must go out: a discard that keeps cards is refused, melds
    that keep going out possible are allowed, and the final discard goes out."""
    # RULES: TURN-0
    s = deal(hands={0: "7 7 7 7 7 7 7 K K K K"}, pile="5", stock="Q")
    s = play(s, "draw")
    assert "ask" in legal(s)
    s = play(s, "ask")
    assert s.current_player == 2 and legal(s) == {"yes", "no"}
    s = play(s, "yes")
    assert s.current_player == 0
    for card in ("7", "K", "Q"):
        assert "the player must go out this turn" in refused(s, f"discard {card}")
    assert of_verb(s, "discard") == set()
    assert "meld K K K K" in legal(s)
    s = play(s, "meld 7 7 7 7 7 7 7", "meld K K K K")
    assert hand_of(s, 0) == "Q"
    assert legal(s) == {"discard Q"} == reference(s)
    out = play(s, "discard Q")
    assert out.hand_results[-1].went_out == 0
