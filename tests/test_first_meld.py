"""Scenario tests for the first meld of a side (INIT-1 to INIT-5) on stacked decks."""

from __future__ import annotations

import pytest

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

# ---------------------------------------------------------------------------------------------
# INIT-1: the minimum from the side's score


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-100, 15), (-1, 15), (0, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120),
     (9000, 120)],
)
def test_minimum_follows_the_side_score_at_the_start_of_the_hand(
    score: int, minimum: int
) -> None:
    """The first-meld minimum is 15 below 0, 50 from 0, 90 from 1500, 120 from 3000, each
    side from its own score."""
    # RULES: INIT-1
    s = deal(hands={0: "4 6 7 8 9 10 J Q K A 4"}, pile="5", stock="Q K", scores=(score, 0))
    assert s.turn.need == minimum
    s = play(s, "draw", "discard Q")
    assert s.current_player == 1
    assert s.turn.need == 50

    other = deal(hands={0: "4 6 7 8 9 10 J Q K A 4"}, pile="5", stock="Q K",
                 scores=(0, score))
    other = play(other, "draw", "discard Q")
    assert other.turn.need == minimum


def test_minimum_uses_the_score_at_the_start_of_each_hand() -> None:
    """Side 0 starts at 1400 (minimum 50), goes out in hand 1 and passes 1500: in hand 2 its
    minimum is 90, while side 1, now below 0, has 15."""
    # RULES: INIT-1
    rules = rules_for("caliente", hand_size=2, canasta_size=3)
    s = deal(rules, hands={0: "A A"}, pile="5", stock="A", scores=(1400, 0))
    assert s.turn.need == 50
    s = play(s, "draw", "meld A A A")
    assert s.is_hand_over
    assert s.scores[0] >= 1500 and s.scores[1] < 0
    s = play(s, "deal")
    assert s.hand_number == 2 and s.current_player == 1
    assert s.turn.need == 15
    s = play(s, "draw")
    s = play(s, min(of_verb(s, "discard")))
    assert s.current_player == 2
    assert s.turn.need == 90


@pytest.mark.parametrize(("score", "minimum"), [(7499, 120), (7500, 150), (20000, 150)])
def test_three_deck_game_adds_a_minimum_of_150(score: int, minimum: int) -> None:
    """The three-deck game's table goes on to 150 from 7500."""
    # RULES: INIT-1
    s = deal("caliente-6p-3deck", scores=(score, 0))
    assert s.turn.need == minimum


def test_initial_meld_minimums_option() -> None:
    """The minimum table is an option: below 0 and a table of (from score, minimum)."""
    # RULES: INIT-1
    rules = rules_for("caliente", minimum_below_zero=0, initial_meld_minimums=((0, 30), (100, 45)))
    assert [deal(rules, scores=(x, 0)).turn.need for x in (-5, 0, 99, 100)] == [0, 30, 30, 45]


# Hands worth (when melded keeping a card to discard) the value given, and nothing more.
H45 = "K K K 7 7 7 4 5 6 8 9"
H50 = "K K K 7 7 7 7 4 5 6 8"
H90 = "A A A K K K 4 5 6 8 9"
H110 = "A A A A K K K 4 5 6 8"
H120 = "A A A A K K K K 4 5 6"


@pytest.mark.parametrize(
    ("score", "hand", "can_meld"),
    [
        (-100, H45, True),
        (0, H45, False),
        (0, H50, True),
        (1500, H50, False),
        (1500, H90, True),
        (3000, H90, False),
        (3000, H110, False),
        (3000, H120, True),
    ],
)
def test_first_meld_offered_only_when_the_minimum_can_be_met(
    score: int, hand: str, can_meld: bool
) -> None:
    """A first meld is offered exactly when the hand can reach the side's minimum (keeping a
    card to discard); otherwise every meld is refused, since a short first meld would leave
    the player unable to discard."""
    # RULES: INIT-1, INIT-3
    s = deal(hands={0: hand}, pile="J", stock="Q", scores=(score, 0))
    s = play(s, "draw")
    melds = of_verb(s, "meld")
    if can_meld:
        assert "meld K K K" in melds
    else:
        assert melds == set()
        assert "minimum" in refused(s, "meld K K K")
    assert of_verb(s, "discard") == {f"discard {c}" for c in set(hand.split()) | {"Q"}}


def test_a_first_meld_below_the_minimum_blocks_the_discard() -> None:
    """A first meld of 30 toward 50 is allowed (the hand can complete it) but leaves the player
    unable to discard until a second meld reaches the minimum."""
    # RULES: INIT-1, INIT-3
    s = deal(hands={0: "K K K A A A 4 5 6 8 9"}, pile="J", stock="Q")
    s = play(s, "draw", "meld K K K")
    assert s.turn.points == 30 and s.turn.need == 20
    assert of_verb(s, "discard") == set()
    assert "20 points short" in refused(s, "discard 4")
    assert of_verb(s, "meld") == {"meld A A A"}
    s = play(s, "meld A A A")
    assert s.turn.points == 90 and s.turn.need == 0
    assert of_verb(s, "discard") == discards("4 5 6 8 9 Q")


# ---------------------------------------------------------------------------------------------
# INIT-2: what counts toward the minimum


def test_wilds_count_toward_the_minimum_at_their_value() -> None:
    """K K JK is worth 70 and meets 50; K K 2 is worth 40 and does not."""
    # RULES: INIT-2
    s = deal(hands={0: "K K JK 4 5 6 8 9 10 J A"}, pile="7", stock="Q")
    s = play(s, "draw")
    assert of_verb(s, "meld") == {"meld K K JK"}
    s = play(s, "meld K K JK")
    assert s.turn.points == 70 and s.turn.need == 0
    assert "discard 4" in legal(s)

    t = deal(hands={0: "K K 2 4 5 6 8 9 10 J A"}, pile="7", stock="Q")
    t = play(t, "draw")
    assert of_verb(t, "meld") == set()
    assert "minimum" in refused(t, "meld K K 2")


def test_the_minimum_counts_the_card_values_option() -> None:
    """With Ks valued 20 (card_values), K K K is worth 60 and meets 50; at the default 10 it
    is worth 30 and is refused."""
    # RULES: INIT-2
    hand = "K K K 4 5 6 8 9 10 J A"
    valued = play(deal(rules_for("caliente", card_values={"K": 20}), hands={0: hand},
                       pile="7", stock="Q"), "draw")
    assert of_verb(valued, "meld") == {"meld K K K"}
    assert play(valued, "meld K K K").turn.points == 60
    plain = play(deal(hands={0: hand}, pile="7", stock="Q"), "draw")
    assert "minimum" in refused(plain, "meld K K K")


def test_stop_cards_count_toward_the_minimum() -> None:
    """Every card melded in the turn counts, stop cards too (5 each)."""
    # RULES: INIT-2, MELD-5
    s = deal(hands={0: "7 7 7 7 7 7 7 7 B3 B3 B3"}, pile="5", stock="K")
    s = play(s, "draw", "meld B3 B3 B3")
    assert s.turn.points == 15 and s.turn.need == 35
    s = play(s, "meld 7 7 7 7 7 7 7 7")
    assert s.turn.points == 55 and s.turn.need == 0


def test_bonus_cards_never_count_toward_the_minimum() -> None:
    """A bonus card laid out during the turn (worth 100 at scoring) adds nothing: a hand worth
    45 still cannot make its first meld."""
    # RULES: INIT-2
    s = deal(hands={0: "K K K 7 7 7 4 5 6 8 9"}, pile="J", stock="R3 Q")
    s = play(s, "draw")
    assert codes(s.laid_out(0)) == "R3"
    assert s.turn.need == 50 and s.turn.points == 0
    assert of_verb(s, "meld") == set()
    assert "minimum" in refused(s, "meld K K K")


def test_canasta_bonuses_never_count_toward_the_minimum() -> None:
    """Seven 7s are a natural canasta worth 35 in card values: short of 50 on their own, so
    refused; with K K K beside them (65) they are allowed."""
    # RULES: INIT-2
    s = deal(hands={0: "7 7 7 7 7 7 7 4 5 6 8"}, pile="J", stock="9")
    s = play(s, "draw")
    assert of_verb(s, "meld") == set()
    assert "minimum" in refused(s, "meld 7 7 7 7 7 7 7")

    t = deal(hands={0: "7 7 7 7 7 7 7 K K K 4"}, pile="J", stock="9")
    t = play(t, "draw", "meld 7 7 7 7 7 7 7")
    assert t.melds(0)[0].is_canasta
    assert t.turn.points == 35 and t.turn.need == 15
    assert of_verb(t, "discard") == set()
    t = play(t, "meld K K K")
    assert t.turn.points == 65 and t.turn.need == 0


# ---------------------------------------------------------------------------------------------
# INIT-3: several melds; no one stranded short


def test_several_melds_reach_the_minimum_together() -> None:
    """45 then 30 toward 50: after the first, discarding is refused; after the second, the
    minimum is met and the discard is free."""
    # RULES: INIT-3
    s = deal(hands={0: "7 7 7 7 7 2 K K K 4 6"}, pile="J", stock="Q")
    s = play(s, "draw", "meld 7 7 7 7 7 2")
    assert s.turn.points == 45 and s.turn.need == 5
    assert of_verb(s, "discard") == set()
    assert "5 points short" in refused(s, "discard Q")
    assert of_verb(s, "meld") == {"meld K K K"}
    s = play(s, "meld K K K")
    assert s.turn.points == 75 and s.turn.need == 0
    assert of_verb(s, "discard") == {"discard 4", "discard 6", "discard Q"}
    s = play(s, "discard Q")
    assert s.current_player == 1
    assert melds_of(s, 0) == ["7 7 7 7 7 2", "K K K"]


def test_first_meld_refused_when_reaching_the_minimum_leaves_nothing_to_discard() -> None:
    """Twelve cards worth 60 only if all are melded (four sets of three, no canasta): reaching
    50 would leave no card to discard, so no meld is offered; at a minimum of 15 they are."""
    # RULES: INIT-3, TURN-0
    hand = "7 7 7 6 6 6 5 5 5 4 4"
    s = play(deal(hands={0: hand}, pile="J", stock="4"), "draw")
    assert hand_of(s, 0) == "4 4 4 5 5 5 6 6 6 7 7 7"
    assert of_verb(s, "meld") == set()
    for meld in ("meld 7 7 7", "meld 4 4 4", "meld 5 5 5"):
        assert "minimum" in refused(s, meld)
    assert legal(s) == {"discard 4", "discard 5", "discard 6", "discard 7"} == reference(s)

    low = play(deal(hands={0: hand}, pile="J", stock="4", scores=(-100, 0)), "draw")
    assert of_verb(low, "meld") == {"meld 4 4 4", "meld 5 5 5", "meld 6 6 6", "meld 7 7 7"}

    # With a fourth 7, 50 is reachable keeping a card: 7 7 7 7, 6 6 6, 5 5 5 (50), 4 4 kept.
    enough = play(deal(hands={0: "7 7 7 7 6 6 6 5 5 5 4"}, pile="J", stock="4"), "draw")
    assert of_verb(enough, "meld") == {"meld 5 5 5", "meld 6 6 6", "meld 7 7 7",
                                       "meld 7 7 7 7"}


def test_a_first_meld_action_that_would_strand_the_player_is_refused() -> None:
    """Toward 50 the only route is K K 2 (40) with 7 7 7 (15): melding the 2 with the 7s
    (7 7 2, 7 7 7 2, or 2 laid off on 7 7 7) would leave the Ks unmeldable and the minimum
    out of reach, so those melds are refused and never listed."""
    # RULES: INIT-3, TURN-0
    s = deal(hands={0: "7 7 7 2 K K 4 5 6 8 9"}, pile="J", stock="Q")
    s = play(s, "draw")
    assert of_verb(s, "meld") == {"meld 7 7 7", "meld K K 2"}
    assert "minimum" in refused(s, "meld 7 7 2")
    assert "minimum" in refused(s, "meld 7 7 7 2")
    s = play(s, "meld 7 7 7")
    assert s.turn.points == 15 and s.turn.need == 35
    assert "minimum" in refused(s, "meld 2 on 7")
    assert legal(s) == {"meld K K 2"} == reference(s)
    s = play(s, "meld K K 2")
    assert s.turn.points == 55 and s.turn.need == 0
    assert of_verb(s, "discard") == discards("4 5 6 8 9 Q")


# ---------------------------------------------------------------------------------------------
# INIT-4: taking the pile before the side has melded


def test_take_before_the_first_meld_needs_two_natural_cards() -> None:
    """Before the side's first meld the up card is taken only with two natural cards of its
    rank, even from a pile holding no wild; a natural and a wild, or the lay-off take, are
    refused. Once the side has melded, the same natural-and-wild take is allowed."""
    # RULES: INIT-4
    s = deal(
        hands={
            0: "9 9 2 K K K 4 5 6 8 10",
            1: "9 4 5 6 7 8 10 J Q K A",
            2: "9 2 K K K 4 5 6 8 10 J",
        },
        pile="9",
        stock="A Q J",
        scores=(-100, -100),
    )
    assert legal(s) == {"draw", "take 9 9"} == reference(s)
    assert "INIT-4" in refused(s, "take 9 2")
    assert "INIT-4" in refused(s, "take")

    s = play(s, "draw", "meld K K K", "discard A", "draw", "discard 9")
    assert s.current_player == 2
    assert codes(s.pile) == "9 A 9"
    assert "take 9 2" in legal(s)
    s = play(s, "take 9 2")
    assert melds_of(s, 0) == ["9 9 2", "K K K"]


def test_take_counts_up_card_and_hand_cards_while_the_rest_waits() -> None:
    """A first-meld take with a joker buried in the pile: 9 9 9 count 30 toward 50, the joker
    waits (it cannot help); the discard is refused; K K K meets the minimum and the joker
    joins the hand."""
    # RULES: INIT-4, INIT-2, INIT-3
    s = deal(hands={0: "9 9 K K K 4 5 6 8 10 Q"}, pile="JK 9", stock="A")
    assert codes(s.pile) == "JK 9"
    assert legal(s) == {"draw", "take 9 9"} == reference(s)
    s = play(s, "take 9 9")
    assert melds_of(s, 0) == ["9 9 9"]
    assert s.pile == ()
    assert codes(s.waiting) == "JK"
    assert hand_of(s, 0) == "4 5 6 8 10 Q K K K"
    assert s.turn.points == 30 and s.turn.need == 20
    assert of_verb(s, "discard") == set()
    assert "minimum" in refused(s, "discard Q")
    assert "hand holds" in refused(s, "meld JK on 9")
    assert legal(s) == {"meld K K K"} == reference(s)
    s = play(s, "meld K K K")
    assert s.waiting == ()
    assert s.turn.points == 60 and s.turn.need == 0
    assert hand_of(s, 0) == "4 5 6 8 10 Q JK"
    assert {"meld JK on 9", "meld JK on K", "discard JK", "discard Q"} <= legal(s)


def test_take_refused_when_only_waiting_cards_could_complete_the_minimum() -> None:
    """9 9 9 from the take are worth 30; K K with the buried joker would make 70, but the joker
    waits until the minimum is met from hand, and the hand alone cannot: the take is
    refused and only the draw is offered."""
    # RULES: INIT-4, TURN-0
    s = deal(hands={0: "9 9 K K 4 5 6 8 10 Q J"}, pile="JK 9", stock="A")
    assert "minimum" in refused(s, "take 9 9")
    assert legal(s) == {"draw"} == reference(s)


def test_waiting_cards_count_as_the_card_left_to_discard() -> None:
    """Five-card hands: after 'take 9 9' the Ks must all be melded to reach 50. With two cards
    waiting (2, JK) they join the hand and one is discarded, one kept: the take is legal.
    With one card waiting (JK) the player would have to discard the last card without a
    canasta: the take is refused."""
    # RULES: INIT-4, TURN-0
    rules = rules_for("caliente", hand_size=5)
    s = deal(rules, hands={0: "9 9 K K K"}, pile="2 JK 9")
    assert legal(s) == {"draw", "take 9 9"} == reference(s)
    s = play(s, "take 9 9")
    assert codes(s.waiting) == "2 JK"
    assert legal(s) == {"meld K K K"} == reference(s)
    s = play(s, "meld K K K")
    assert hand_of(s, 0) == "2 JK"
    assert legal(s) == {"discard 2", "discard JK"} == reference(s)
    refused(s, "meld 2 on 9")
    refused(s, "meld 2 JK on K")

    one = deal(rules, hands={0: "9 9 K K K"}, pile="JK 9")
    assert "minimum" in refused(one, "take 9 9")
    assert legal(one) == {"draw"} == reference(one)


def test_take_that_meets_the_minimum_brings_the_pile_at_once() -> None:
    """With a minimum of 15, the take alone (30) meets it and the rest of the pile joins the
    hand at once."""
    # RULES: INIT-4
    s = deal(hands={0: "9 9 4 5 6 7 8 10 J Q K"}, pile="2 9", stock="A", scores=(-100, 0))
    s = play(s, "take 9 9")
    assert s.waiting == ()
    assert s.turn.need == 0
    assert hand_of(s, 0) == "4 5 6 7 8 10 J Q K 2"
    assert "meld 2 on 9" in legal(s)


def test_ask_is_allowed_after_a_first_meld_take() -> None:
    """After a first-meld take, the player may still ask the partner; after a "yes" the player
    meets the minimum, the joker joins the hand and the player goes out."""
    # RULES: INIT-4, INIT-3
    s = deal(hands={0: "9 9 K K K K K K K 4 4"}, pile="JK 9", stock="A")
    s = play(s, "take 9 9")
    assert codes(s.waiting) == "JK"
    assert legal(s) == {"ask", "meld K K K", "meld K K K K", "meld K K K K K",
                        "meld K K K K K K", "meld K K K K K K K"} == reference(s)
    s = play(s, "ask")
    assert s.current_player == 2
    s = play(s, "yes", "meld K K K K K K K")
    assert s.waiting == ()
    assert hand_of(s, 0) == "4 4 JK"
    assert "the player must go out this turn" in refused(s, "discard 4")
    assert legal(s) == {"meld 4 4 JK"} == reference(s)
    out = play(s, "meld 4 4 JK")
    assert out.is_hand_over and out.hand_results[-1].went_out == 0


# ---------------------------------------------------------------------------------------------
# INIT-5: no minimum once the side has melded


def test_no_minimum_for_the_partner_once_the_side_has_melded() -> None:
    """Side 0 melds 50 on seat 0's turn; seat 2 then melds 7 7 7 (15) with no minimum, while
    seat 1 (side 1, not melded) cannot meld its 7 7 7 short of 50."""
    # RULES: INIT-5, INIT-1
    s = deal(
        hands={
            0: "K K K K K 4 5 6 8 9 10",
            1: "7 7 7 4 5 6 8 9 10 J Q",
            2: "7 7 7 4 5 6 8 9 10 J Q",
        },
        pile="A",
        stock="A A A A",
    )
    s = play(s, "draw", "meld K K K K K", "discard A")
    assert s.current_player == 1
    s = play(s, "draw")
    assert s.turn.need == 50
    assert of_verb(s, "meld") == set()
    assert "minimum" in refused(s, "meld 7 7 7")
    s = play(s, "discard A", "draw")
    assert s.current_player == 2
    assert s.turn.need == 0
    assert "meld 7 7 7" in legal(s)
    s = play(s, "meld 7 7 7")
    assert melds_of(s, 0) == ["7 7 7", "K K K K K"]
    assert s.turn.need == 0
    assert "discard 4" in legal(s)
    s = play(s, "discard 4", "draw", "discard A")
    assert s.current_player == 0
    assert s.turn.need == 0


def test_refusal_counts_the_shortfall_of_the_best_the_turn_can_reach() -> None:
    """At 1500 (minimum 90), `meld 4 4 4` with `A A A` still in hand is refused: after it the
    turn could meld at most 15 + 60 = 75 points, 15 short of 90; the message says so (not the
    75 still missing after the 4s)."""
    # RULES: INIT-1, INIT-3, TURN-0
    state = play(deal("caliente", {0: "4 4 4 A A A 5 6 8 9 10"}, pile="Q", stock="J",
                          scores=(1500, 0)), "draw")
    assert state.turn.need == 90
    message = refused(state, "meld 4 4 4")
    assert "minimum of 90" in message
    assert "the most this turn could still meld is 75 points, 15 short" in message
    assert "75 points short" not in message
    # With a fourth A in hand the best is 95: the meld is allowed.
    richer = play(deal("caliente", {0: "4 4 4 A A A 5 6 8 9 10"}, pile="Q", stock="A",
                           scores=(1500, 0)), "draw")
    assert "meld 4 4 4" in legal(richer)
