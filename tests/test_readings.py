"""Scenario tests: the other readings of section 14 of the rules (READ-1 to READ-8), each option
with both of its values on stacked decks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck
from conftest import (
    codes,
    deal,
    hand_of,
    legal,
    play,
    reference,
    rules_for,
    run_down,
    whole_deck,
)

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


# ---------------------------------------------------------------------------------------------
# READ-5: who is concealed


def _partner_melded_then_out(scope: str) -> cc.GameState:
    """Seat 0 opens with Q Q Q and J J J; seat 2, its partner, who has melded nothing, then
    goes out in one turn with a natural canasta of 7s and K K K K made that turn."""
    rules = rules_for("caliente", concealed_scope=scope)
    hands = {
        0: "Q Q Q J J J 4 5 6 8 9",
        1: "4 5 6 7 8 9 10 J Q K A",
        2: "7 7 7 7 7 7 7 K K K Q",
    }
    state = deal(rules, hands, pile="9", stock="A 5 K")
    state = play(state, "draw", "meld Q Q Q", "meld J J J", "discard A", "draw", "discard 5")
    return play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")


@pytest.mark.parametrize(("scope", "concealed"), [("player", True), ("side", False)])
def test_concealed_scope_player_or_side(scope: str, concealed: bool) -> None:
    """A player who had melded nothing goes out in one turn after the partner melded:
    concealed (200 for going out) when the player counts, not (100) when the side does."""
    # RULES: READ-5, OUT-3
    state = _partner_melded_then_out(scope)
    result = state.hand_results[-1]
    assert result.went_out == 2
    assert result.concealed is concealed
    assert result.components(0)["going_out"] == (200 if concealed else 100)


@pytest.mark.parametrize("scope", ["player", "side"])
def test_concealed_with_no_meld_on_the_side_either_way(scope: str) -> None:
    """When nobody of the side had melded, going out in one turn is concealed under both
    readings."""
    # RULES: READ-5, OUT-3
    state = _out_on_first_turn(rules_for("caliente", concealed_scope=scope), (0, 0))
    assert state.hand_results[-1].concealed


# ---------------------------------------------------------------------------------------------
# READ-6: a stop card freezes


def _after_stop_discard(freezes: bool) -> cc.GameState:
    """Seat 0 opens and discards a stop card (blocking seat 1, who discards a J); seat 2,
    whose side has melded, holds J J 2."""
    rules = rules_for("caliente", stop_card_freezes=freezes)
    hands = {
        0: "8 8 8 9 9 9 10 10 10 K B3",
        1: "J 4 5 6 7 8 9 10 Q K A",
        2: "J J 2 4 5 6 7 9 Q K A",
    }
    state = deal(rules, hands, pile="4", stock="5 6")
    state = play(state, "draw", "meld 8 8 8", "meld 9 9 9", "discard B3")
    assert not any(a.startswith("take") for a in legal(state))  # PILE-2: blocked either way
    return play(state, "draw", "discard J")


def test_discarded_stop_card_freezes_when_on() -> None:
    """With ``stop_card_freezes`` the stop card under the J freezes the pile: only the natural
    pair takes it."""
    # RULES: READ-6, PILE-3, DISC-2
    state = _after_stop_discard(True)
    assert state.pile_has_freezer
    options = legal(state)
    assert "take J J" in options and "take J 2" not in options
    assert "frozen" in cc.illegal_reason(state, "take J 2")
    assert reference(state) == options


def test_discarded_stop_card_only_blocks_when_off() -> None:
    """Without the option the stop card only blocked seat 1: the pile is open for seat 2's
    side, so a natural and a wild take it."""
    # RULES: READ-6, PILE-4, DISC-2
    state = _after_stop_discard(False)
    assert not state.pile_has_freezer
    assert {"take J J", "take J 2"} <= legal(state)


def test_stop_card_buried_at_the_deal_freezes_when_on() -> None:
    """Turned under at the deal (READ-1), a stop card freezes the pile under READ-6 too."""
    # RULES: READ-6, READ-1, DEAL-3
    rules = rules_for("caliente", up_card_must_be_natural=True, stop_card_freezes=True)
    assert deal(rules, {}, pile="B3 7").pile_has_freezer


# ---------------------------------------------------------------------------------------------
# READ-7: the always-frozen pile and canastas


def _pair_onto_canasta(onto: bool, always_frozen: bool = True) -> cc.GameState:
    """Side 0 has a mixed canasta of Ks; seat 1 discards a K; seat 2 holds K K."""
    rules = rules_for("caliente", always_frozen=always_frozen, pile_pair_onto_canasta=onto)
    hands = {
        0: "K K K K K 2 2 Q Q Q 4",
        1: "K 4 5 6 7 8 9 10 J A 6",
        2: "K K 4 5 6 7 8 9 10 J A",
    }
    state = deal(rules, hands, pile="9", stock="5 6")
    state = play(state, "draw", "meld K K K K K 2 2", "meld Q Q Q", "discard 4")
    return play(state, "draw", "discard K")


@pytest.mark.parametrize("onto", [True, False])
def test_pair_onto_a_canasta_under_always_frozen(onto: bool) -> None:
    """Under PILE-5 a natural pair takes the pile onto the side's canasta only with
    ``pile_pair_onto_canasta``; laying the K off alone is refused either way."""
    # RULES: READ-7, PILE-5
    state = _pair_onto_canasta(onto)
    options = legal(state)
    assert ("take K K" in options) is onto
    assert "take" not in options
    if not onto:
        assert "READ-7" in (cc.illegal_reason(state, "take K K") or "")
    assert reference(state) == options
    if onto:
        after = cc.apply(state, "take K K")
        assert [len(m.cards) for m in after.melds(0) if m.rank is cc.Card.KING] == [10]


def test_pair_onto_canasta_option_only_matters_always_frozen() -> None:
    """Without the always-frozen pile the option changes nothing: the pair takes the pile."""
    # RULES: READ-7, PILE-4
    assert "take K K" in legal(_pair_onto_canasta(False, always_frozen=False))


# ---------------------------------------------------------------------------------------------
# READ-8: a Caliente card on an empty stock


def _empty_stock_with_caliente(on: bool) -> cc.GameState:
    """Caliente cards in seats 1 and 3; the stock run down to nothing, seat 1 to act."""
    rules = rules_for("caliente-cards", caliente_on_empty_stock=on)
    state = cc.new_game(rules, deck=whole_deck(rules, {1: "CAL", 3: "CAL"}, "R3 R3 R3 R3 9"))
    state = run_down(state, 0)
    assert state.current_player == 1 and state.stock_size == 0
    return state


def test_caliente_card_on_empty_stock_when_on() -> None:
    """With ``caliente_on_empty_stock`` the card is played with the stock empty: nothing is
    drawn, the turn goes on, and the side pays 100 for it."""
    # RULES: READ-8, HOT-2, SCORE-5, END-2
    state = _empty_stock_with_caliente(True)
    assert legal(state) == {"caliente", "pass"}
    assert reference(state) == legal(state)
    before = len(state.hand(1))
    state = play(state, "caliente")
    assert state.phase is cc.Phase.PLAY and state.stock_size == 0
    assert len(state.hand(1)) == before - 1 and cc.Card.CALIENTE not in state.hand(1)
    assert state.caliente_played(1) == 1
    state = play(state, "discard 4", "pass")
    result = state.hand_results[-1]
    hand3 = sum(cc.RuleSet().value(c) for c in state.hand(3))
    assert result.components(1)["caliente"] == -100 - hand3


def test_caliente_card_not_on_empty_stock_when_off() -> None:
    """Without the option (HOT-2) the card cannot be played on an empty stock."""
    # RULES: READ-8, HOT-2
    state = _empty_stock_with_caliente(False)
    assert legal(state) == {"pass"}
    assert "HOT-2" in (cc.illegal_reason(state, "caliente") or "")


# ---------------------------------------------------------------------------------------------
# READ-4: asking to go out

READY = "7 7 7 7 7 7 7 A A A Q"
"""A hand that can go out after drawing an A (a canasta of 7s, the aces, a Q to discard)."""


@pytest.mark.parametrize("permission", ["optional", "never"])
def test_question_offered_only_when_optional(permission: str) -> None:
    """Seat 0 can go out or not: ``ask`` is offered under ``optional`` (OUT-2) and never under
    ``never``, where the player goes out without asking."""
    # RULES: READ-4, OUT-2
    rules = rules_for("caliente", going_out_permission=permission)
    state = play(deal(rules, hands={0: READY}, pile="4", stock="A"), "draw")
    options = legal(state)
    assert ("ask" in options) is (permission == "optional")
    assert reference(state) == options
    if permission == "never":
        assert "READ-4" in (cc.illegal_reason(state, "ask") or "")
    out = play(state, "meld 7 7 7 7 7 7 7", "meld A A A A", "discard Q")
    assert out.hand_results[-1].went_out == 0


def _melded_before(permission: str) -> cc.GameState:
    """Seat 0 melds 7s (a canasta) and aces on its first turn, keeps a Q, and on its next turn
    draws an A: laying it off and discarding the Q would go out, not concealed (OUT-3)."""
    rules = rules_for("caliente", going_out_permission=permission)
    state = deal(rules, hands={0: "7 7 7 7 7 7 7 A A A Q"}, pile="4", stock="K 5 6 9 A")
    return play(state, "draw", "meld 7 7 7 7 7 7 7", "meld A A A", "discard K", "draw",
                "discard 5", "draw", "discard 6", "draw", "discard 9", "draw")


@pytest.mark.parametrize("permission", ["optional", "required", "never"])
def test_required_refuses_going_out_without_a_yes(permission: str) -> None:
    """A player who melded before this turn cannot go out concealed: under ``required`` the
    meld of the A, which would leave only the Q to discard (going out), is refused (TURN-0:
    the player keeps a card), while the discards stay legal and the question is offered; the
    other readings allow it."""
    # RULES: READ-4, OUT-2, DISC-3, TURN-0
    state = _melded_before(permission)
    assert hand_of(state, 0) == "Q A"
    options = legal(state)
    assert reference(state) == options
    assert {"discard Q", "discard A"} <= options
    assert ("meld A" in options) is (permission != "required")
    assert ("ask" in options) is (permission != "never")
    if permission == "required":
        assert "READ-4" in (cc.illegal_reason(state, "meld A") or "")


def test_required_allows_going_out_after_yes() -> None:
    """Under ``required``, after asking and hearing "yes" the player must and may go out (not
    concealed); after a "no" only the discards keeping a card remain."""
    # RULES: READ-4, OUT-2
    state = _melded_before("required")
    yes = play(state, "ask", "yes")
    assert legal(yes) == {"meld A"} == reference(yes)
    out = play(yes, "meld A", "discard Q")
    assert out.hand_results[-1].went_out == 0 and not out.hand_results[-1].concealed
    no = play(state, "ask", "no")
    assert legal(no) == {"discard Q", "discard A"} == reference(no)


def test_required_last_meld_refused_without_a_yes() -> None:
    """Melding the last cards is going out too: under ``required``, seat 0 (who melded before)
    holding A A cannot lay them off on its aces without a "yes"."""
    # RULES: READ-4, OUT-1
    rules = rules_for("caliente", going_out_permission="required")
    state = deal(rules, hands={0: "7 7 7 7 7 7 7 A A A Q"}, pile="4", stock="A 5 6 9 A")
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld A A A", "discard Q", "draw",
                 "discard 5", "draw", "discard 6", "draw", "discard 9", "draw")
    assert hand_of(state, 0) == "A A"
    assert legal(state) == {"discard A", "ask"} == reference(state)
    assert "READ-4" in (cc.illegal_reason(state, "meld A A") or "")
    out = play(state, "ask", "yes", "meld A A")
    assert out.hand_results[-1].went_out == 0


def test_required_concealed_going_out_needs_no_question() -> None:
    """Under ``required`` a player going out concealed (no meld before this turn, a canasta
    of the player's own) needs no question; the question is still offered."""
    # RULES: READ-4, OUT-3
    rules = rules_for("caliente", going_out_permission="required")
    state = play(deal(rules, hands={0: READY}, pile="4", stock="A"), "draw")
    options = legal(state)
    assert "ask" in options and "meld 7 7 7 7 7 7 7" in options
    assert reference(state) == options
    out = play(state, "meld 7 7 7 7 7 7 7", "meld A A A A", "discard Q")
    assert out.hand_results[-1].went_out == 0 and out.hand_results[-1].concealed


@pytest.mark.parametrize("own", [False, True])
def test_required_concealed_by_a_partners_meld(own: bool) -> None:
    """Seat 0 (no meld before) makes its partner's 7s a canasta with a 7 and a 2 and could go
    out with its last discard. Under the caliente reading of OUT-3 that is concealed, so no
    question is needed; under ``concealed_needs_own_canasta`` the canasta is the partner's, so
    going out needs a "yes" and the meld that would leave only the J is refused."""
    # RULES: READ-4, OUT-3, TURN-0
    rules = rules_for("caliente", going_out_permission="required",
                      concealed_needs_own_canasta=own)
    state = deal(rules, hands={0: "A A A K K K Q Q Q 2 J", 2: "7 7 7 7 7 7 8 8 8 9 10"},
                 pile="4", stock="5 6 8 9 7 J")
    state = play(state, "draw", "discard 5", "draw", "discard 6", "draw", "meld 7 7 7 7 7 7",
                 "meld 8 8 8 8", "discard 9", "draw", "discard 9", "draw")
    state = play(state, "meld A A A", "meld K K K", "meld Q Q Q")
    options = legal(state)
    assert reference(state) == options
    assert ("meld 7 2" in options) is not own
    if own:
        assert "READ-4" in (cc.illegal_reason(state, "meld 7 2") or "")
    else:
        out = play(state, "meld 7 2", "discard J")
        assert out.hand_results[-1].went_out == 0 and out.hand_results[-1].concealed
