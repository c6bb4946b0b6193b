"""Scenario tests: table variants combined (VAR-6, VAR-7).

Each mixture of options is swept with random games (the invariant checker), and one stacked
scenario per mixture shows that its options really act together.
"""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import check_invariants, sweep
from conftest import (
    deal,
    legal,
    play,
    quick_part,
    refused,
    rules_for,
    run_down,
    sorted_cards,
    whole_deck,
)

CAL = cc.Card.CALIENTE
R3 = cc.Card.RED_THREE


THREE_DECK_CLASSIC = {
    "max_wilds": 3,
    "bonus_from_pile_replaced": True,
    "stock_out": "end_on_last_card",
    "concealed_needs_own_canasta": True,
}

MIXTURES: dict[str, tuple[str, dict[str, object]]] = {
    "2p-caliente-cards-always-frozen": ("caliente-2p", {"caliente_cards": 2,
                                                         "always_frozen": True}),
    "classic-caliente-cards": ("classic", {"caliente_cards": 2}),
    "caliente-max-wilds-3": ("caliente", {"max_wilds": 3}),
    "3deck-classic-rules": ("caliente-6p-3deck", THREE_DECK_CLASSIC),
    "5p-caliente-cards": ("caliente-5p", {"caliente_cards": 2}),
    "3p-caliente-cards-always-frozen": ("caliente-3p", {"caliente_cards": 2,
                                                         "always_frozen": True}),
    "6p-2deck-always-frozen": ("caliente-6p", {"always_frozen": True}),
}


def mixture(name: str) -> cc.RuleSet:
    """A named mixture of options."""
    preset, options = MIXTURES[name]
    return rules_for(preset, **options)


@pytest.mark.parametrize("name", quick_part(MIXTURES, ["2p-caliente-cards-always-frozen",
                                                   "classic-caliente-cards",
                                                   "5p-caliente-cards"]))
def test_mixture_sweeps_clean(name: str) -> None:
    """Random games on the mixture keep every invariant (5 games, 2 hands each)."""
    # RULES: VAR-6, VAR-7
    rules = mixture(name)
    preset, options = MIXTURES[name]
    for option, wanted in options.items():
        assert str(getattr(rules, option)) == str(wanted)
    assert rules.players == cc.RuleSet.preset(preset).players
    report = sweep(rules, games=5, max_hands=2)
    assert report.ok, "\n".join(map(str, report.violations[:5]))
    assert report.hands >= 5


# ---------------------------------------------------------------------------------------------
# VAR-6: the always-frozen pile on the 2-player table


def _two_player_up_seven(rules: cc.RuleSet, discard: str = "7") -> cc.GameState:
    """2 players: seat 0 melds K K K and A A A in turn 1 and keeps 7 7 2; seat 1 discards
    ``discard``, which is the up card for seat 0's second turn (no wild in the pile)."""
    hands = {
        0: "K K K A A A 7 7 2 Q J 10 9 8 6",
        1: "7 K 4 5 6 8 9 10 J Q A 4 5 6 8",
    }
    state = deal(rules, hands, pile="9", stock="4 5 6 8")
    state = play(state, "draw", "meld K K K", "meld A A A", "discard 4")
    state = play(state, "draw", f"discard {discard}")
    assert state.current_player == 0 and state.up_card is cc.Card.parse(discard)
    assert not state.pile_has_freezer
    return state


@pytest.mark.parametrize(
    "name", ["2p-caliente-cards-always-frozen", "2p-always-frozen"]
)
def test_two_player_always_frozen_refuses_natural_and_wild(name: str) -> None:
    """With the always-frozen pile the 2-player table refuses a take with a natural and a wild
    (no wild in the pile, side melded), and allows the natural pair."""
    # RULES: VAR-6, VAR-7, PILE-5
    rules = (mixture(name) if name in MIXTURES
             else rules_for("caliente-2p", always_frozen=True))
    state = _two_player_up_seven(rules)
    assert "take 7 7" in legal(state)
    assert "frozen" in refused(state, "take 7 2")
    after = play(state, "take 7 7")
    (sevens,) = [m for m in after.melds(0) if m.rank is cc.Card.SEVEN]
    assert sevens.cards == (cc.Card.SEVEN,) * 3


def test_two_player_without_always_frozen_allows_natural_and_wild() -> None:
    """The same position on the plain 2-player table: the natural and the wild may take."""
    # RULES: VAR-6, PILE-4
    state = _two_player_up_seven(rules_for("caliente-2p"))
    assert {"take 7 7", "take 7 2"} <= legal(state)
    after = play(state, "take 7 2")
    (sevens,) = [m for m in after.melds(0) if m.rank is cc.Card.SEVEN]
    assert not sevens.is_natural


def test_two_player_always_frozen_lays_off_on_small_meld() -> None:
    """Always frozen, 2 players: the up card K may be laid off on seat 0's meld of three Ks."""
    # RULES: VAR-6, PILE-5
    state = _two_player_up_seven(rules_for("caliente-2p", always_frozen=True), discard="K")
    assert "take" in legal(state)
    after = play(state, "take")
    (kings,) = [m for m in after.melds(0) if m.rank is cc.Card.KING]
    assert len(kings.cards) == 4


# ---------------------------------------------------------------------------------------------
# VAR-7: targeted scenarios, one per mixture


def test_two_player_caliente_card_refills_to_fifteen() -> None:
    """caliente-2p with Caliente cards and the always-frozen pile: the Caliente card is playable
    and refills the hand to 15 (the 2-player deal), not by the draw count of 2."""
    # RULES: VAR-7, HOT-2, VAR-1
    rules = mixture("2p-caliente-cards-always-frozen")
    assert rules.deck_size == 110
    hands = {0: "CAL 4 5 6 7 8 9 10 J Q K A 4 5 6"}
    state = deal(rules, hands, pile="9", stock="7 8 9")
    assert legal(state) == {"draw", "caliente"}
    state = play(state, "caliente")
    assert state.caliente_played(0) == 1
    assert state.hand(0) == sorted_cards("4 5 6 7 8 9 10 J Q K A 4 5 6 7")
    assert state.stock[:2] == (cc.Card.EIGHT, cc.Card.NINE)
    assert state.phase is cc.Phase.PLAY


def test_classic_with_caliente_cards() -> None:
    """classic with Caliente cards: the card is playable, a bonus card drawn in the refill is
    laid out and replaced, and the classic cap of 3 wilds per meld still applies."""
    # RULES: VAR-7, HOT-2, MELD-2
    rules = mixture("classic-caliente-cards")
    hands = {0: "CAL 7 7 7 7 7 2 2 2 JK Q"}
    state = deal(rules, hands, pile="9", stock="R3 K 4")
    state = play(state, "caliente")
    assert state.laid_out(0) == (R3,)
    assert state.hand(0) == sorted_cards("7 7 7 7 7 2 2 2 JK Q K")
    assert state.stock[0] is cc.Card.FOUR
    assert "meld 7 7 7 7 7 2 2 2" in legal(state)
    assert "MELD-2" in refused(state, "meld 7 7 7 7 7 2 2 2 JK")
    assert check_invariants(state) == []


@pytest.mark.parametrize(("max_wilds", "four_wilds_ok"), [(3, False), (None, True)])
def test_caliente_with_max_wilds(max_wilds: int | None, four_wilds_ok: bool) -> None:
    """caliente with max_wilds=3: a meld of 5 naturals and 4 wilds (more naturals than wilds)
    is refused, 3 wilds are fine; without the cap both are legal."""
    # RULES: VAR-7, MELD-2
    rules = rules_for("caliente", max_wilds=max_wilds)
    state = deal(rules, {0: "7 7 7 7 7 2 2 2 JK Q J"}, pile="9", stock="K")
    state = play(state, "draw")
    assert "meld 7 7 7 7 7 2 2 2" in legal(state)
    if four_wilds_ok:
        assert "meld 7 7 7 7 7 2 2 2 JK" in legal(state)
        return
    assert "MELD-2" in refused(state, "meld 7 7 7 7 7 2 2 2 JK")
    state = play(state, "meld 7 7 7 7 7 2 2 2")
    assert "MELD-2" in refused(state, "meld JK on 7")


@pytest.mark.parametrize("classic_rules", [True, False])
def test_three_deck_table_with_classic_rules_ends_on_last_card(classic_rules: bool) -> None:
    """Six players with three decks and classic rules: drawing the last stock card ends the
    hand (END-3); under the plain preset play goes on."""
    # RULES: VAR-7, VAR-5, END-3, END-2
    rules = (mixture("3deck-classic-rules") if classic_rules
             else cc.RuleSet.preset("caliente-6p-3deck"))
    deck = whole_deck(rules, {}, pile="R3 R3 R3 R3 R3 R3 9", bottom="A")
    state = run_down(cc.new_game(rules, deck=deck), 1)
    assert state.current_player == 4
    state = play(state, "draw")
    if classic_rules:
        assert state.hand_results[-1].ended is cc.HandEnd.LAST_CARD
        assert len(state.hand(4)) == 14
    else:
        assert not state.is_hand_over and state.phase is cc.Phase.PLAY


def test_three_deck_table_with_classic_rules_caps_wilds() -> None:
    """Six players with three decks and classic rules: at most 3 wilds per meld."""
    # RULES: VAR-7, MELD-2
    rules = mixture("3deck-classic-rules")
    state = deal(rules, {0: "7 7 7 7 7 2 2 2 JK Q J 10 9"}, pile="8", stock="K")
    state = play(state, "draw")
    assert "MELD-2" in refused(state, "meld 7 7 7 7 7 2 2 2 JK")
    assert "meld 7 7 7 7 7 2 2 2" in legal(state)


@pytest.mark.parametrize(("classic_rules", "going_out"), [(True, 100), (False, 200)])
def test_three_deck_table_concealed_needs_own_canasta(classic_rules: bool, going_out: int) -> None:
    """Seat 2 goes out in its first turn completing two canastas that its partner started: not
    concealed under classic rules (no canasta of its own), concealed under Caliente rules."""
    # RULES: VAR-7, OUT-3, SCORE-3
    rules = (mixture("3deck-classic-rules") if classic_rules
             else cc.RuleSet.preset("caliente-6p-3deck"))
    hands = {
        0: "7 7 7 7 7 7 8 8 8 8 8 8 Q",
        2: "7 8 K K K K K K A A A A 4",
    }
    state = deal(rules, hands, pile="9", stock="Q 5 A")
    state = play(state, "draw", "meld 7 7 7 7 7 7", "meld 8 8 8 8 8 8", "discard Q")
    state = play(state, "draw", "discard 5")
    state = play(state, "draw", "meld 7", "meld 8", "meld K K K K K K", "meld A A A A A")
    state = play(state, "discard 4")
    result = state.hand_results[-1]
    assert result.went_out == 2
    assert result.concealed is (not classic_rules)
    assert result.components(0)["going_out"] == going_out


def test_five_players_with_caliente_cards() -> None:
    """caliente-5p with Caliente cards: seat 1 (side of three, seat 4 sitting out) plays one and
    seat 3 is caught holding the other; the side pays 100 and seat 3's doubled penalty."""
    # RULES: VAR-7, VAR-3, HOT-2, SCORE-5
    rules = mixture("5p-caliente-cards")
    assert rules.deck_size == 110
    hands = {
        0: "7 7 7 7 7 7 7 K K K Q",
        1: "CAL 4 5 6 8 9 10 J Q K A",  # 95 once the Caliente card is played
        2: "4 5 6 8 9 10 J Q A A 2",
        3: "CAL A A A 2 JK 4 5 6 8 9",  # 165
    }
    state = deal(rules, hands, pile="9", stock="4 5 6 8 K")
    assert state.active_seats == (0, 1, 2, 3) and state.hand(4) == ()
    state = play(state, "draw", "discard 4")
    assert "caliente" in legal(state)
    state = play(state, "caliente", "discard 5")
    assert state.caliente_played(1) == 1
    state = play(state, "draw", "discard 6", "draw", "discard 8")
    state = play(state, "draw", "meld 7 7 7 7 7 7 7", "meld K K K K", "discard Q")
    result = state.hand_results[-1]
    assert result.went_out == 0
    assert dict(result.components(1)) == {
        "melds": 0, "hand": -(95 + 165), "canastas": 0, "going_out": 0, "bonus_cards": 0,
        "caliente": -100 - 165,
    }
