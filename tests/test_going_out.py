"""Scenario tests for going out (OUT-1 to OUT-3) and for keeping a card when going out is not
allowed (DISC-3).

The workhorse is a four-player Canasta Caliente deal in which seat 0 holds ``7 7 7 7 7 7 7
A A A Q`` and draws an A: it may go out at once (meld the canasta of 7s, meld four aces, discard
the Q) or finish without going out (keep a card), so it may also ask its partner, seat 2.
"""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from conftest import deal, legal, play, refused

SEVENS = "7 7 7 7 7 7 7"
READY = f"{SEVENS} A A A Q"


def norm(text: str) -> str:
    """Card codes in the engine's hand order (naturals 4 to A, then 2, JK, B3, CAL)."""
    return " ".join(str(c) for c in sorted(cc.Card.parse(code) for code in text.split()))


def hand_of(state: cc.GameState, seat: int) -> str:
    """A seat's hand as card codes."""
    return " ".join(str(c) for c in state.hand(seat))


def melds_of(state: cc.GameState, side: int) -> dict[str, str]:
    """A side's melds: rank code to the meld's cards."""
    return {str(m.rank): " ".join(str(c) for c in m.cards) for m in state.melds(side)}


def ready(rules: cc.RuleSet | str = "caliente", stock: str = "A 5 6 8 A") -> cc.GameState:
    """Seat 0 holds the READY hand and has drawn an A: it may go out or not."""
    state = deal(rules, hands={0: READY}, pile="4", stock=stock)
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == norm(f"{READY} A")
    return state


def went_out(state: cc.GameState, seat: int) -> cc.HandResult:
    """Assert that the hand just ended with ``seat`` going out; return its result."""
    assert state.is_hand_over
    assert state.phase is cc.Phase.HAND_OVER
    result = state.hand_results[-1]
    assert result.ended is cc.HandEnd.WENT_OUT
    assert result.went_out == seat
    assert state.hand(seat) == ()
    return result


# ---------------------------------------------------------------------------------------------
# OUT-1: going out, and the canastas it needs


# RULES: OUT-1, OUT-3
def test_going_out_by_melding_every_card() -> None:
    """Seat 0 melds a canasta of 7s and then five aces: its hand is empty and it has gone out
    (concealed: nothing melded before this turn, its own canasta)."""
    state = deal("caliente", hands={0: f"{SEVENS} A A A A"}, pile="4", stock="A")
    state = play(state, "draw", f"meld {SEVENS}")
    assert hand_of(state, 0) == "A A A A A"
    assert "meld A A A A A" in legal(state)
    state = cc.apply(state, "meld A A A A A")
    result = went_out(state, 0)
    assert result.concealed
    assert result.components(0)["going_out"] == 200
    assert result.components(1)["going_out"] == 0
    assert melds_of(state, 0) == {"7": SEVENS, "A": "A A A A A"}


# RULES: OUT-1, OUT-3
def test_going_out_by_melding_then_discarding_the_last_card() -> None:
    """Seat 0 melds the canasta and four aces, then discards its last card, the Q: it goes out,
    concealed (a final discard is allowed)."""
    state = play(ready(), f"meld {SEVENS}", "meld A A A A")
    assert hand_of(state, 0) == "Q"
    assert legal(state) == {"discard Q"}
    state = cc.apply(state, "discard Q")
    result = went_out(state, 0)
    assert state.pile[-1] is cc.Card.QUEEN
    assert result.concealed
    assert result.components(0)["going_out"] == 200
    assert result.components(0)["canastas"] == 500


# RULES: OUT-1, DISC-3
def test_going_out_needs_a_canasta() -> None:
    """With six 7s (no canasta possible) seat 0 may not meld its last three queens: that would
    be going out without a canasta. It must discard and keep a card."""
    state = deal("caliente", hands={0: "7 7 7 7 7 7 A A A Q Q"}, pile="4", stock="Q")
    state = play(state, "draw", "meld 7 7 7 7 7 7", "meld A A A")
    assert hand_of(state, 0) == "Q Q Q"
    message = refused(state, "meld Q Q Q")
    assert "going out needs 1 (OUT-1)" in message
    assert legal(state) == {"discard Q"}
    state = cc.apply(state, "discard Q")
    assert hand_of(state, 0) == "Q Q"
    assert not state.is_hand_over


# RULES: OUT-1
@pytest.mark.parametrize(("drawn", "allowed"), [("8 8", True), ("8 Q", False)])
def test_two_player_game_needs_two_canastas(drawn: str, allowed: bool) -> None:
    """caliente-2p: melding every card goes out with two canastas (7s and 8s); with one canasta
    of 7s, six 8s and four queens the last meld is refused."""
    state = deal("caliente-2p", hands={0: f"{SEVENS} 8 8 8 8 8 Q Q Q"}, pile="4", stock=drawn)
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == norm(f"{SEVENS} 8 8 8 8 8 Q Q Q {drawn}")
    if allowed:
        state = play(state, f"meld {SEVENS}", "meld 8 8 8 8 8 8 8", "meld Q Q Q")
        went_out(state, 0)
        assert state.hand_results[-1].components(0)["going_out"] > 0
    else:
        state = play(state, f"meld {SEVENS}", "meld 8 8 8 8 8 8")
        assert hand_of(state, 0) == "Q Q Q Q"
        assert "going out needs 2 (OUT-1)" in refused(state, "meld Q Q Q Q")


# RULES: OUT-1
@pytest.mark.parametrize(("hand", "drawn", "allowed"), [
    (f"{SEVENS} 8 8 8 8 8 8", "8", True),
    (f"{SEVENS} 8 8 8 Q Q Q", "Q", False),
])
def test_three_deck_game_needs_two_canastas(hand: str, drawn: str, allowed: bool) -> None:
    """caliente-6p-3deck: going out needs two canastas; one canasta of 7s is not enough."""
    state = deal("caliente-6p-3deck", hands={0: hand}, pile="4", stock=drawn)
    state = play(state, "draw", f"meld {SEVENS}")
    if allowed:
        state = cc.apply(state, "meld 8 8 8 8 8 8 8")
        went_out(state, 0)
    else:
        state = cc.apply(state, "meld 8 8 8")
        assert hand_of(state, 0) == "Q Q Q Q"
        assert "going out needs 2 (OUT-1)" in refused(state, "meld Q Q Q Q")
        assert legal(state) == {"discard Q"}


# ---------------------------------------------------------------------------------------------
# DISC-3: a player who cannot go out keeps a card


# RULES: DISC-3, TURN-0
def test_no_meld_may_leave_one_card_without_a_canasta() -> None:
    """No canasta: after melding four aces and three kings, seat 0 (Q Q Q Q J) may meld three
    queens but not four, nor then the fourth alone: either would leave a single card that it
    could only discard by going out."""
    state = deal("caliente", hands={0: "A A A A K K K Q Q Q J"}, pile="4", stock="Q")
    state = play(state, "draw", "meld A A A A", "meld K K K")
    assert hand_of(state, 0) == "J Q Q Q Q"
    assert "fewer than two cards" in refused(state, "meld Q Q Q Q")
    state = cc.apply(state, "meld Q Q Q")
    assert hand_of(state, 0) == "J Q"
    assert "fewer than two cards" in refused(state, "meld Q")
    assert legal(state) == {"discard J", "discard Q"}
    state = cc.apply(state, "discard J")
    assert hand_of(state, 0) == "Q"


# RULES: DISC-3, OUT-1
def test_with_a_canasta_a_meld_may_leave_the_last_card() -> None:
    """The control case: with the canasta melded, melding four aces leaves one card, which is
    allowed because discarding it goes out."""
    state = play(ready(), f"meld {SEVENS}")
    assert "meld A A A A" in legal(state)
    state = cc.apply(state, "meld A A A A")
    assert hand_of(state, 0) == "Q"


# RULES: DISC-3, INIT-4, TURN-0
@pytest.mark.parametrize(("pile", "allowed"), [("7", False), ("2 7", False), ("2 JK 7", True)])
def test_take_counts_waiting_pile_cards_toward_the_card_kept(pile: str, allowed: bool) -> None:
    """At 3000 (minimum 120) seat 0 takes the 7 with `7 7` and must meld all nine other cards
    (A A A K K K Q Q Q) to reach it. With no canasta it must keep a card: the take is legal only
    when at least two waiting pile cards will join the hand once the minimum is met."""
    state = deal(
        "caliente", hands={0: "7 7 A A A K K K Q Q Q"}, pile=pile, stock="5",
        scores=(3000, 0),
    )
    assert state.turn.need == 120
    if not allowed:
        refused(state, "take 7 7")
        assert "take 7 7" not in legal(state)
        return
    state = play(state, "take 7 7", "meld A A A", "meld K K K")
    assert state.waiting == (cc.Card.TWO, cc.Card.JOKER)
    state = cc.apply(state, "meld Q Q Q")
    assert state.waiting == ()
    assert hand_of(state, 0) == "2 JK"
    state = cc.apply(state, "discard 2")
    assert hand_of(state, 0) == "JK"


# RULES: DISC-3, OUT-2
def test_after_no_a_meld_may_not_leave_the_last_card() -> None:
    """After the partner's "no", the meld of four aces that would leave only the Q is refused
    (discarding the Q would go out); three aces are fine, and then the lay-off of the fourth
    ace is refused for the same reason."""
    state = play(ready(), "ask", "no")
    state = cc.apply(state, f"meld {SEVENS}")
    assert "fewer than two cards" in refused(state, "meld A A A A")
    state = cc.apply(state, "meld A A A")
    assert hand_of(state, 0) == "Q A"
    assert "fewer than two cards" in refused(state, "meld A")
    assert legal(state) == {"discard A", "discard Q"}


# ---------------------------------------------------------------------------------------------
# OUT-2: "May I go out?"


# RULES: OUT-2, TURN-1
def test_ask_comes_after_the_draw_action_and_before_any_meld() -> None:
    """`ask` is refused before the draw action and after a meld action; it is offered between."""
    state = deal("caliente", hands={0: READY}, pile="4", stock="A")
    assert "draw or take the pile first" in refused(state, "ask")
    never = cc.RuleSet.preset("caliente").replace(going_out_permission="never")
    assert "never" in refused(deal(never, hands={0: READY}, pile="4", stock="A"), "ask")
    state = cc.apply(state, "draw")
    assert "ask" in legal(state)
    melded = cc.apply(state, "meld 7 7 7")
    assert "before any meld action" in refused(melded, "ask")


# RULES: OUT-2, INIT-4
def test_ask_is_offered_after_a_pile_take() -> None:
    """A pile take is the draw action: after `take 7 7` (a first meld under INIT-4) the player
    may ask, then go out after a "yes"."""
    state = deal("caliente", hands={0: "7 7 7 7 7 7 A A A A Q"}, pile="7", stock="5")
    state = cc.apply(state, "take 7 7")
    assert melds_of(state, 0) == {"7": "7 7 7"}
    assert "ask" in legal(state)
    state = play(state, "ask", "yes", "meld 7 7 7 7", "meld A A A A", "discard Q")
    went_out(state, 0)


# RULES: OUT-2
def test_the_partner_answers_the_question() -> None:
    """After `ask` the partner (seat 2) is to act and may only answer yes or no; the asker's own
    actions are refused until then."""
    state = cc.apply(ready(), "ask")
    assert state.phase is cc.Phase.ANSWER
    assert state.current_player == 2
    assert legal(state) == {"yes", "no"}
    assert "answer the partner's question" in refused(state, "discard Q")
    assert "answer the partner's question" in refused(state, f"meld {SEVENS}")
    for answer in ("yes", "no"):
        after = cc.apply(state, answer)
        assert after.phase is cc.Phase.PLAY
        assert after.current_player == 0


# RULES: OUT-2
def test_the_next_active_partner_answers_in_a_side_of_three() -> None:
    """caliente-6p-3deck, sides (0 2 4) and (1 3 5): seat 0's question goes to seat 2, the next
    partner in turn order, not seat 4."""
    state = deal("caliente-6p-3deck", hands={0: f"{SEVENS} 8 8 8 8 8 8"}, pile="4", stock="8")
    state = cc.apply(state, "draw")
    assert "ask" in legal(state)
    state = cc.apply(state, "ask")
    assert state.current_player == 2
    assert legal(state) == {"yes", "no"}


# RULES: OUT-2, OUT-1
def test_yes_binds_the_player_to_go_out() -> None:
    """After "yes" every action that would make going out impossible is refused (a discard that
    keeps cards), while melds that keep going out possible are allowed; the player goes out."""
    state = play(ready(), "ask", "yes")
    bound = ("after the partner's 'yes' the player must go out this turn, and this discard "
             "would keep cards (OUT-2)")
    assert refused(state, "discard Q").endswith(bound)
    assert refused(state, "discard A").endswith(bound)
    assert "already been asked" in refused(state, "ask")
    state = play(state, f"meld {SEVENS}", "meld A A A")
    assert hand_of(state, 0) == "Q A"
    assert refused(state, "discard Q").endswith(bound)
    assert legal(state) == {"meld A"}
    state = play(state, "meld A", "discard Q")
    went_out(state, 0)


# RULES: OUT-2, DISC-3
def test_no_forbids_going_out_this_turn_only() -> None:
    """After "no" seat 0 keeps a card this turn; on its next turn it may go out again (and ask
    again)."""
    state = play(ready(), "ask", "no")
    assert "already been asked" in refused(state, "ask")
    state = play(state, f"meld {SEVENS}", "meld A A A", "discard Q")
    assert hand_of(state, 0) == "A"
    state = play(state, "draw", "discard 5", "draw", "discard 6", "draw", "discard 8")
    assert state.current_player == 0
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == "A A"
    assert {"ask", "meld A A"} <= legal(state)
    state = cc.apply(state, "meld A A")
    went_out(state, 0)


# RULES: OUT-2
def test_no_question_when_going_out_is_impossible() -> None:
    """With six 7s and no wild, no canasta can be made this turn: `ask` is not offered."""
    state = deal("caliente", hands={0: "7 7 7 7 7 7 A A A Q Q"}, pile="4", stock="Q")
    state = cc.apply(state, "draw")
    assert "going out is not possible" in refused(state, "ask")


# RULES: OUT-2, INIT-4, TURN-0
def test_no_question_when_the_player_cannot_finish_without_going_out() -> None:
    """At 3000 (minimum 120), after `take 7 7` seat 0 must meld every card to reach 120
    (7s 40 + 2 20 + A A A 60), so it can only finish by going out: `ask` is not offered, and
    going out is allowed."""
    state = deal(
        "caliente", hands={0: f"{SEVENS} A A A 2"}, pile="7", stock="5", scores=(3000, 0)
    )
    state = cc.apply(state, "take 7 7")
    assert hand_of(state, 0) == "7 7 7 7 7 A A A 2"
    assert "only going out can finish the turn" in refused(state, "ask")
    assert "discard A" not in legal(state)
    state = play(state, "meld 7 7 7 7 7 2", "meld A A A")
    went_out(state, 0)


# RULES: OUT-2
@pytest.mark.parametrize(("preset", "hand", "drawn"), [
    ("caliente-2p", f"{SEVENS} 8 8 8 8 8 8 8 Q", "Q Q"),
    ("caliente-3p", f"{SEVENS} A A A Q Q Q", "K"),
])
def test_no_question_in_individual_games(preset: str, hand: str, drawn: str) -> None:
    """Individual games have no partner: `ask` is never offered, even when the player could go
    out or not; asked before the draw, it is refused for that first (no draw would make it
    legal), not for the turn's step."""
    state = deal(preset, hands={0: hand}, pile="4", stock=drawn)
    assert refused(state, "ask") == "ask: there is no partner to ask (OUT-2)"
    state = cc.apply(state, "draw")
    assert "no partner" in refused(state, "ask")
    assert not any(a == "ask" for a in legal(state))


# ---------------------------------------------------------------------------------------------
# OUT-3: the going-out bonus and going out concealed


# RULES: OUT-3, OUT-1, SCORE-3
def test_going_out_after_melding_in_an_earlier_turn_scores_100() -> None:
    """Seat 0 melds aces and six 7s on its first turn, then completes the canasta and goes out
    on its second: 100 for going out, not concealed (a canasta completed this turn counts)."""
    state = deal(
        "caliente", hands={0: "A A A A 7 7 7 7 7 7 K"}, pile="4", stock="Q 5 6 8 7"
    )
    state = play(state, "draw", "meld A A A A", "meld 7 7 7 7 7 7", "discard Q")
    assert hand_of(state, 0) == "K"
    state = play(state, "draw", "discard 5", "draw", "discard 6", "draw", "discard 8")
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == "7 K"
    state = play(state, "meld 7", "discard K")
    result = went_out(state, 0)
    assert not result.concealed
    assert result.components(0)["going_out"] == 100
    assert result.components(1)["going_out"] == 0


# RULES: OUT-3, SCORE-3
@pytest.mark.parametrize("rules", ["caliente", "classic"])
def test_concealed_scores_200_and_is_reported(rules: str) -> None:
    """Going out concealed with a canasta created this turn (both presets): 100 plus 100,
    `result.concealed` set, and the side's total is the sum of its components."""
    state = play(ready(rules), f"meld {SEVENS}", "meld A A A A", "discard Q")
    result = went_out(state, 0)
    assert result.concealed
    comps = result.components(0)
    assert comps["going_out"] == 200
    assert comps["melds"] == 7 * 5 + 4 * 20
    assert sum(comps.values()) == result.totals[0]


def _partner_goes_out(rules: str, sevens: int, card: str) -> cc.GameState:
    """Seat 0 opens with ``sevens`` 7s and three aces; seat 2 (never melded) adds ``card`` (a 7,
    or a 2 laid off) to that meld, melds K K K, Q Q Q, J J J J and discards its last card."""
    opener = " ".join(["7"] * sevens) + " A A A " + " ".join(["9", "8"][: 8 - sevens])
    seat2 = f"{card} K K K Q Q Q J J J 10"
    state = deal(rules, hands={0: opener, 2: seat2}, pile="4", stock="5 6 J")
    assert hand_of(state, 2) == norm(seat2)
    state = play(state, "draw", f"meld {' '.join(['7'] * sevens)}", "meld A A A", "discard 5")
    state = play(state, "draw", "discard 6", "draw", "meld 7" if card == "7" else "meld 2 on 7")
    seven_meld = state.melds(0)[0]
    assert seven_meld.is_canasta and len(seven_meld.cards) == sevens + 1
    return play(state, "meld K K K", "meld Q Q Q", "meld J J J J", "discard 10")


# RULES: OUT-3
@pytest.mark.parametrize("card", ["7", "2"])
@pytest.mark.parametrize("sevens", [6, 7])
@pytest.mark.parametrize(("rules", "concealed"), [("caliente", True), ("classic", False)])
def test_adding_to_a_partners_canasta(
    rules: str, sevens: int, card: str, concealed: bool
) -> None:
    """Seat 2 had melded nothing and goes out adding a 7 (or laying a 2 off) to seat 0's meld,
    which becomes (6) or already is (7) a canasta. Caliente: concealed. Classic (needs a
    canasta the player created this turn): not concealed."""
    state = _partner_goes_out(rules, sevens, card)
    result = went_out(state, 2)
    assert result.concealed is concealed
    assert result.components(0)["going_out"] == (200 if concealed else 100)


def _take_and_go_out(rules: str, seat2: str, take: str, melds: tuple[str, ...]) -> cc.GameState:
    """Seat 0 opens (with six 9s when seat 2 is to lay the up card off, else with A A A) and
    discards K; seat 1 discards a 9; seat 2 takes the pile with ``take`` and plays ``melds``."""
    lay_off = take == "take"
    opener = "9 9 9 9 9 9 K Q J 10 8" if lay_off else "A A A K Q J 10 8 6 5 4"
    state = deal(rules, hands={0: opener, 1: "9", 2: seat2}, pile="4", stock="Q J")
    assert hand_of(state, 2) == norm(seat2)
    state = play(state, "draw", "meld 9 9 9 9 9 9" if lay_off else "meld A A A", "discard K",
                 "draw", "discard 9")
    state = cc.apply(state, take)
    assert melds_of(state, 0)["9"].count("9") == (7 if lay_off else 3)
    return play(state, *melds)


# RULES: OUT-3
@pytest.mark.parametrize("rules", ["caliente", "classic"])
def test_canasta_begun_with_the_up_card_of_a_take_is_the_players_own(rules: str) -> None:
    """Seat 2 (never melded) takes a 9 with `9 9`, grows that new meld to a canasta and goes out:
    the up card counts as its own, so even classic scores it concealed."""
    seat2 = "9 9 9 9 9 9 K K Q Q Q"
    state = _take_and_go_out(
        rules, seat2, "take 9 9", ("meld 9 9 9 9", "meld K K K", "meld Q Q Q", "discard 4"),
    )
    result = went_out(state, 2)
    assert melds_of(state, 0)["9"] == "9 9 9 9 9 9 9"
    assert result.concealed
    assert result.components(0)["going_out"] == 200


# RULES: OUT-3, PILE-4
@pytest.mark.parametrize(("rules", "concealed"), [("caliente", True), ("classic", False)])
def test_laying_the_up_card_off_on_a_partners_meld(rules: str, concealed: bool) -> None:
    """Seat 2 (never melded) lays the up card 9 off on seat 0's six 9s (a canasta now) and goes
    out: concealed in caliente, not in classic (the canasta is not seat 2's creation)."""
    seat2 = "K K Q Q Q J J J 10 10 10"
    state = _take_and_go_out(
        rules, seat2, "take",
        ("meld K K K", "meld Q Q Q", "meld J J J", "meld 10 10 10", "discard 4"),
    )
    result = went_out(state, 2)
    assert result.concealed is concealed


# RULES: OUT-3, TURN-3
def test_laying_out_a_bonus_card_is_not_melding() -> None:
    """Seat 2 draws a bonus card on its first turn (laid out and replaced), melds nothing, and
    goes out on its second turn with its own canasta: concealed."""
    seat2 = "9 9 9 9 9 9 9 K K K Q"
    state = deal("caliente", hands={2: seat2}, pile="4", stock="5 6 R3 J 8 10 4 K")
    state = play(state, "draw", "discard 5", "draw", "discard 6")
    state = cc.apply(state, "draw")
    assert state.laid_out(0) == (cc.Card.RED_THREE,)
    assert hand_of(state, 2) == norm(f"{seat2} J")
    state = play(state, "discard J", "draw", "discard 8", "draw", "discard 10", "draw",
                 "discard 4", "draw")
    assert hand_of(state, 2) == norm(f"{seat2} K")
    state = play(state, "meld 9 9 9 9 9 9 9", "meld K K K K", "discard Q")
    result = went_out(state, 2)
    assert result.concealed
    assert result.components(0)["going_out"] == 200
    assert result.components(0)["bonus_cards"] == 100


# RULES: OUT-3
def test_bonus_card_laid_out_at_the_deal_does_not_spoil_concealed() -> None:
    """A bonus card dealt to seat 0 is laid out at the deal (DEAL-4); seat 0 still goes out
    concealed on its first turn."""
    state = deal("caliente", hands={0: f"R3 {SEVENS} A A A"}, pile="4", stock="Q A")
    assert hand_of(state, 0) == norm(READY)
    state = play(state, "draw", f"meld {SEVENS}", "meld A A A A", "discard Q")
    result = went_out(state, 0)
    assert result.concealed
    assert result.components(0)["bonus_cards"] == 100
