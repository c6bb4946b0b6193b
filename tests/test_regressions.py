"""Regression tests: each pins down a bug that a sweep or a bot game once found."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.play.schemas import schema
from canasta_caliente.players.levels import Blundering, level_bot
from canasta_caliente.testing import reference_legal_actions
from conftest import deal, legal, refused, rules_for


def test_take_that_melds_the_last_cards_goes_out() -> None:
    """A pile take that melds the up card with the last two cards of the hand empties it: that
    is going out (OUT-1), allowed with a canasta and ending the hand. Once it left an empty
    hand in the play phase, a dead end."""
    # RULES: OUT-1, PILE-1, TURN-0
    rules = rules_for("caliente", hand_size=2, canasta_size=3)
    state = deal(rules, {0: "K K"}, pile="K", scores=(-100, -100))
    assert "take K K" in legal(state)
    after = cc.apply(state, "take K K")
    assert after.is_hand_over
    result = after.hand_results[-1]
    assert result.ended is cc.HandEnd.WENT_OUT and result.went_out == 0
    assert reference_legal_actions(state) == cc.legal_actions(state)


def test_take_that_would_empty_the_hand_without_a_canasta_is_refused() -> None:
    """The same take without a canasta would go out illegally, so it is refused (TURN-0)."""
    # RULES: OUT-1, TURN-0, DISC-3
    rules = rules_for("caliente", hand_size=2)
    state = deal(rules, {0: "K K"}, pile="K", scores=(-100, -100))
    message = refused(state, "take K K")
    assert "going out needs 1" in message
    assert reference_legal_actions(state) == cc.legal_actions(state)


def test_a_meld_that_leaves_no_way_out_says_the_canasta_it_lacks() -> None:
    """A meld leaving one card, no canasta held: refused as a dead end (DISC-3, TURN-0), and
    the message says what forbids going out, the canasta (OUT-1). It said "no way to go out"
    alone: a beginner could not tell why (a beginner's trial)."""
    # RULES: OUT-1, TURN-0, DISC-3
    state = cc.apply(deal(rules_for("classic", hand_size=3), {0: "A A A"}, pile="5",
                          stock="4"), "draw")
    message = refused(state, "meld A A A")
    assert message.endswith("fewer than two cards and no way to go out (DISC-3, TURN-0); the "
                            "side has no canasta; going out needs 1 (OUT-1)"), message


@pytest.mark.parametrize("call", [
    lambda s: s.hand(9), lambda s: s.hand_counts(-1), lambda s: s.hand_size(4),
    lambda s: s.melds(2), lambda s: s.melds(5), lambda s: s.laid_out(-1),
    lambda s: s.caliente_played(5), lambda s: s.side_of(4), lambda s: cc.observe(s, 4),
    lambda s: cc.observe(s, 0).melds(3), lambda s: cc.observe(s, 0).hand_size(7),
    lambda s: cc.observe(s, 0).laid_out(-1), lambda s: cc.client_message(s, 4),
])
def test_bad_seat_or_side_is_a_clear_argument_error(
    call: Callable[[cc.GameState], object]
) -> None:
    """A seat or side the table does not have raises ArgumentError (a ValueError) saying what
    the table has, never an IndexError from inside, and never a silent answer for a negative
    index."""
    state = cc.new_game(rules_for("caliente"), seed=1)
    with pytest.raises(cc.ArgumentError,
                       match=r"no (seat|side) .*(seats 0 to 3|sides \(0 to 1\))"):
        call(state)


RULES = rules_for("caliente")


@pytest.mark.parametrize("call", [
    lambda: cc.get_bot("level-9"),
    lambda: cc.simulate(RULES, bots=["x"], games=1),
    lambda: cc.tournament(["random", "x"], RULES),
    lambda: cc.compare({"a": RULES}, bots=["random"], games=1),
    lambda: cc.simulate(RULES, bots=["random"], games=0, progress=False).to_records("x"),
    lambda: cc.ActionSpace(rules_for("caliente-6p-3deck")).legal_ids(cc.new_game(RULES, seed=1)),
    lambda: level_bot(9), lambda: Blundering(rate=2), lambda: schema("views"),
])
def test_a_value_out_of_range_is_an_argument_error(call: Callable[[], object]) -> None:
    """A public argument of the right type but out of range (an unknown bot or level, one
    variant, an unknown table level, a state of another deck count) raises ArgumentError, a
    CanastaError and a ValueError, rather than a plain ValueError."""
    with pytest.raises(cc.ArgumentError):
        call()


@pytest.mark.parametrize("call", [
    lambda s: cc.observe(s, "0"), lambda s: cc.observe(s, None), lambda s: cc.observe(s, 1.0),
    lambda s: cc.observe(s, True), lambda s: s.hand("a"), lambda s: s.hand_size("0"),
    lambda s: s.side_of(0.0), lambda s: s.melds("0"), lambda s: s.laid_out(None),
    lambda s: cc.observe(s, 0).hand_size("1"), lambda s: cc.observe(s, 0).melds(False),
    lambda s: cc.client_message(s, "0"),
])
def test_a_seat_or_side_of_the_wrong_type_is_a_type_error(
    call: Callable[[cc.GameState], object]
) -> None:
    """A seat or side that is not an int (a bool is not one) raises TypeError naming what a
    seat or side is and what was given, not a ValueError about a missing seat."""
    state = cc.new_game(rules_for("caliente"), seed=1)
    with pytest.raises(TypeError, match=r"(seat|side).* must be an int \(a (seat|side), 0 to "):
        call(state)


def test_caliente_card_as_the_last_card_on_an_empty_stock_is_refused() -> None:
    """Under ``caliente_on_empty_stock`` a player whose only card is a Caliente card, the stock
    empty, once had ``caliente`` listed: it draws nothing (READ-8) and left an empty hand in the
    play phase with nothing legal, a dead end. TURN-0 refuses it; ``pass`` remains (END-2).
    (A state the reference comparison under generated rules found, kept as its document.)"""
    # RULES: READ-8, HOT-2, TURN-0, END-2
    path = Path(__file__).parent / "regression_states" / "caliente-card-last-on-empty-stock.json"
    state = cc.loads(path.read_text())
    assert state.rules.caliente_on_empty_stock and state.stock_size == 0
    assert state.hand(state.current_player) == (cc.Card.CALIENTE,)
    assert legal(state) == {"pass"}
    assert "TURN-0" in refused(state, "caliente")
    assert reference_legal_actions(state) == cc.legal_actions(state)
