"""Scenario tests for taking the pile (PILE-1 to PILE-5) and for the discard (DISC-1, DISC-2).

Most scenarios are four-player Canasta Caliente deals: seat 0 (side 0) opens with ``A A A`` on
its first turn and discards, seat 1 (side 1, not melded) draws and discards a chosen card, and
seat 2 (seat 0's partner, so its side has melded) acts on the resulting pile.
"""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from conftest import deal, legal, play, refused, rules_for

# Seat 0's hand in the standard opening: it draws Q, melds A A A and discards (K by default).
OPENER = "A A A K Q J 10 9 8 6 5"


def norm(text: str) -> str:
    """Card codes in the engine's hand order (naturals 4 to A, then 2, JK, B3, CAL)."""
    return " ".join(str(c) for c in sorted(cc.Card.parse(code) for code in text.split()))


def hand_of(state: cc.GameState, seat: int) -> str:
    """A seat's hand as card codes."""
    return " ".join(str(c) for c in state.hand(seat))


def pile_of(state: cc.GameState) -> str:
    """The pile as card codes, bottom first."""
    return " ".join(str(c) for c in state.pile)


def melds_of(state: cc.GameState, side: int) -> dict[str, str]:
    """A side's melds: rank code to the meld's cards."""
    return {str(m.rank): " ".join(str(c) for c in m.cards) for m in state.melds(side)}


def takes(state: cc.GameState) -> set[str]:
    """The legal pile takes."""
    return {a for a in legal(state) if a.split()[0] == "take"}


def opened(
    seat2: str,
    discard1: str,
    *,
    discard0: str = "K",
    pile: str = "4",
    opener: str = OPENER,
    open_melds: tuple[str, ...] = ("meld A A A",),
    seat1: str | None = None,
    rules: cc.RuleSet | str = "caliente",
    stock: str = "Q J 10 9 8",
) -> cc.GameState:
    """Seat 0 draws, opens with ``open_melds`` and discards ``discard0``; seat 1 draws and
    discards ``discard1``; seat 2 (whose side has now melded) is to make its draw action."""
    state = deal(
        rules,
        hands={0: opener, 1: seat1 if seat1 is not None else discard1, 2: seat2},
        pile=pile,
        stock=stock,
    )
    assert hand_of(state, 2) == norm(seat2)
    state = play(state, "draw", *open_melds, f"discard {discard0}", "draw", f"discard {discard1}")
    assert state.current_player == 2 and state.phase is cc.Phase.DRAW
    return state


# ---------------------------------------------------------------------------------------------
# PILE-1: the whole pile is taken, the up card is melded at once


# RULES: PILE-1, PILE-4
def test_taking_the_pile_takes_every_card_and_melds_the_up_card() -> None:
    """`take 9 9` empties the pile: the two 9s and the up card form the meld, every other pile
    card joins the hand, and the turn goes on in the play phase."""
    seat2 = "9 9 4 5 6 7 8 10 J Q K"
    state = opened(seat2, "9", discard0="K")
    assert pile_of(state) == "4 K 9"
    after = cc.apply(state, "take 9 9")
    assert after.pile == ()
    assert after.up_card is None
    assert hand_of(after, 2) == norm("4 5 6 7 8 10 J Q K 4 K")
    assert len(after.hand(2)) == 11 - 2 + 2
    assert melds_of(after, 0) == {"A": "A A A", "9": "9 9 9"}
    assert after.phase is cc.Phase.PLAY and after.current_player == 2


# RULES: PILE-1, PILE-4, MELD-3
def test_take_lay_off_puts_the_up_card_on_the_existing_meld() -> None:
    """`take` lays the up card off on the side's meld of its rank (one meld per rank), and the
    rest of the pile joins the hand."""
    seat2 = "4 5 6 7 8 9 10 J Q K K"
    state = opened(seat2, "A", discard0="Q")
    assert takes(state) == {"take"}
    after = cc.apply(state, "take")
    assert after.pile == ()
    assert melds_of(after, 0) == {"A": "A A A A"}
    assert hand_of(after, 2) == norm(seat2 + " 4 Q")


# RULES: PILE-1, MELD-2, MELD-3
def test_pile_take_obeys_meld_2_when_joining_an_existing_meld() -> None:
    """With at most 2 wilds per meld, `take 7 2` onto the side's `7 7 7 2 2` would make a meld
    with 3 wilds: refused. `take 7 7` and `take` join the one meld of 7s."""
    rules = rules_for("caliente", max_wilds=2)
    opener = "7 7 7 2 2 K Q J 10 9 8"
    seat2 = "7 7 2 4 5 6 8 10 J Q K"
    state = opened(seat2, "7", opener=opener, open_melds=("meld 7 7 7 2 2",), rules=rules)
    assert melds_of(state, 0) == {"7": "7 7 7 2 2"}
    assert "MELD-2" in refused(state, "take 7 2")
    assert takes(state) == {"take", "take 7 7"}
    after = cc.apply(state, "take 7 7")
    assert melds_of(after, 0) == {"7": "7 7 7 7 7 7 2 2"}
    after = cc.apply(state, "take")
    assert melds_of(after, 0) == {"7": "7 7 7 7 2 2"}
    # Without the cap the same take is a legal 5-naturals, 3-wilds meld.
    free = opened(seat2, "7", opener=opener, open_melds=("meld 7 7 7 2 2",))
    after = cc.apply(free, "take 7 2")
    assert melds_of(after, 0) == {"7": "7 7 7 7 7 2 2 2"}


# ---------------------------------------------------------------------------------------------
# PILE-2: blocked by a stop card or a Caliente card; a wild up card is never taken


# RULES: PILE-2, DEAL-3, INIT-4
def test_stop_card_turned_up_at_the_deal_blocks_the_first_player_only() -> None:
    """A stop card turned up at the deal blocks seat 0; once seat 0 discards a 9 on it, seat 1
    may take the pile (with the stop card in it)."""
    state = deal(
        "caliente",
        hands={0: "9 4 5 6 7 8 10 J Q K A", 1: "9 9 A A A 4 5 6 7 8 10"},
        pile="B3",
        stock="K",
    )
    assert pile_of(state) == "B3"
    assert takes(state) == set()
    assert legal(state) == {"draw"}
    assert "blocked by a stop card" in refused(state, "take")
    state = play(state, "draw", "discard 9")
    assert pile_of(state) == "B3 9"
    assert takes(state) == {"take 9 9"}
    after = cc.apply(state, "take 9 9")
    # The side had not melded: the rest of the pile waits for the minimum (INIT-4).
    assert after.pile == ()
    assert after.waiting == (cc.Card.BLACK_THREE,)
    after = cc.apply(after, "meld A A A")
    assert hand_of(after, 1) == norm("4 5 6 7 8 10 B3")
    assert melds_of(after, 1) == {"9": "9 9 9", "A": "A A A"}


# RULES: PILE-2, DISC-2
def test_discarded_stop_card_blocks_exactly_the_next_player() -> None:
    """Seat 0 discards a stop card: seat 1 cannot take (even holding the up card's rank below
    it does not matter); seat 1's discard covers it and seat 2 takes the pile, stop card and
    all."""
    opener = "A A A B3 K Q J 10 8 6 5"
    seat1 = "9 4 4 5 5 6 6 8 8 10 10"
    seat2 = "9 9 4 5 6 7 8 10 J Q K"
    state = deal("caliente", hands={0: opener, 1: seat1, 2: seat2}, pile="4", stock="Q J")
    state = play(state, "draw", "meld A A A", "discard B3")
    assert pile_of(state) == "4 B3"
    assert state.current_player == 1
    assert legal(state) == {"draw"}
    assert "blocked by a stop card" in refused(state, "take")
    state = play(state, "draw", "discard 9")
    assert takes(state) == {"take 9 9"}
    after = cc.apply(state, "take 9 9")
    assert hand_of(after, 2) == norm("4 5 6 7 8 10 J Q K 4 B3")


# RULES: PILE-2, HOT-3, DISC-2
def test_caliente_card_up_card_blocks_the_next_player() -> None:
    """A Caliente card turned up at the deal blocks seat 0; a Caliente card discarded by seat 0
    blocks seat 1; the following discard unblocks the pile."""
    rules = cc.RuleSet.preset("caliente-cards")
    state = deal(rules, hands={0: "9 4 5 6 7 8 10 J Q K A"}, pile="CAL", stock="K")
    assert pile_of(state) == "CAL"
    assert takes(state) == set()
    assert "blocked by a Caliente card" in refused(state, "take")

    opener = "A A A CAL K Q J 10 8 6 5"
    seat1 = "5 5 4 6 7 8 9 10 J Q K"
    seat2 = "9 9 4 5 6 7 8 10 J Q K"
    state = deal(rules, hands={0: opener, 1: seat1, 2: seat2}, pile="5", stock="Q J")
    state = play(state, "draw", "meld A A A", "discard CAL")
    assert pile_of(state) == "5 CAL"
    assert "blocked by a Caliente card" in refused(state, "take 5 5")
    assert "blocked by a Caliente card" in refused(state, "take")
    assert takes(state) == set()
    state = play(state, "draw", "discard 9")
    assert takes(state) == {"take 9 9"}
    assert "CAL" in hand_of(cc.apply(state, "take 9 9"), 2)


# RULES: PILE-2, DISC-2
@pytest.mark.parametrize("wild", ["2", "JK"])
def test_a_wild_up_card_can_never_be_taken(wild: str) -> None:
    """A discarded wild on top of the pile cannot be taken, not even with wilds from hand nor
    by a side that has melded; every form of take is refused."""
    opener = f"A A A {wild} K Q J 10 8 6 5"
    seat1 = "2 2 JK 4 5 6 7 8 9 10 J"
    state = deal("caliente", hands={0: opener, 1: seat1}, pile="4", stock="Q J")
    state = play(state, "draw", "meld A A A", f"discard {wild}")
    assert state.up_card is cc.Card.parse(wild)
    assert takes(state) == set()
    assert "wild up card can never be taken" in refused(state, "take")
    assert "wild up card can never be taken" in refused(state, "take 2 2")
    # Seat 2's side has melded, but the wild is still on top when seat 1 discards a wild too.
    state = play(state, "draw", "discard 2")
    assert state.current_player == 2 and state.up_card is cc.Card.TWO
    assert takes(state) == set()
    assert "wild up card can never be taken" in refused(state, "take")


# ---------------------------------------------------------------------------------------------
# PILE-3: the frozen pile


# RULES: PILE-3, DEAL-3
@pytest.mark.parametrize("buried", ["2", "JK", "R3"])
def test_card_buried_at_the_deal_freezes_the_pile_until_taken(buried: str) -> None:
    """A wild or bonus card buried under the deal's up card freezes the pile for everyone, long
    after the deal: a side that has melded may take only with two natural 9s."""
    seat2 = "9 9 2 4 5 6 7 8 10 J Q"
    state = opened(seat2, "9", pile=f"{buried} K", discard0="Q")
    assert pile_of(state) == f"{buried} K Q 9"
    assert state.pile_has_freezer
    assert takes(state) == {"take 9 9"}
    assert "frozen" in refused(state, "take 9 2")
    assert "PILE-3" in refused(state, "take 9 2")
    after = cc.apply(state, "take 9 9")
    assert after.pile == ()
    assert melds_of(after, 0) == {"9": "9 9 9", "A": "A A A"}
    if buried == "R3":
        # The bonus card taken with the pile is laid out, not kept (TURN-3).
        assert after.laid_out(0) == (cc.Card.RED_THREE,)
        assert hand_of(after, 2) == norm("2 4 5 6 7 8 10 J Q K Q")
    else:
        assert hand_of(after, 2) == norm(f"2 4 5 6 7 8 10 J Q {buried} K Q")


# RULES: PILE-3, PILE-4
def test_same_pile_without_a_buried_wild_is_open() -> None:
    """The control case for the buried-wild test: with no wild or bonus card in the pile, the
    same seat may take with a natural and a wild."""
    seat2 = "9 9 2 4 5 6 7 8 10 J Q"
    state = opened(seat2, "9", pile="K", discard0="Q")
    assert not state.pile_has_freezer
    assert takes(state) == {"take 9 9", "take 9 2"}
    after = cc.apply(state, "take 9 2")
    assert melds_of(after, 0) == {"9": "9 9 2", "A": "A A A"}


# RULES: PILE-3, PILE-4
@pytest.mark.parametrize(("pile", "allowed"), [("2 K", False), ("K", True)])
def test_frozen_pile_cannot_be_laid_off_on_a_meld(pile: str, allowed: bool) -> None:
    """`take` (laying the up card off on the side's meld of aces) works on an open pile and is
    refused while a buried wild freezes the pile."""
    seat2 = "4 5 6 7 8 9 10 J Q K K"
    state = opened(seat2, "A", pile=pile, discard0="Q")
    if allowed:
        assert takes(state) == {"take"}
        assert melds_of(cc.apply(state, "take"), 0) == {"A": "A A A A"}
    else:
        assert takes(state) == set()
        assert "frozen" in refused(state, "take")


# RULES: PILE-3, INIT-4
def test_pile_is_frozen_for_a_side_that_has_not_melded() -> None:
    """With no wild in the pile, seat 1 (side not melded) may take only with two natural 9s;
    a natural and a wild, or a lay-off, is refused."""
    opener = "9 4 5 6 7 8 10 J Q K A"
    seat1 = "9 9 2 A A A 4 5 6 7 8"
    state = deal("caliente", hands={0: opener, 1: seat1}, pile="K", stock="Q J")
    assert hand_of(state, 1) == norm(seat1)
    state = play(state, "draw", "discard 9")
    assert not state.pile_has_freezer
    assert takes(state) == {"take 9 9"}
    assert "two natural" in refused(state, "take 9 2")
    assert "first meld" in refused(state, "take")
    after = play(state, "take 9 9", "meld A A A")
    assert melds_of(after, 1) == {"9": "9 9 9", "A": "A A A"}


# RULES: PILE-3, DISC-2
def test_discarded_wild_freezes_the_pile_until_it_is_taken() -> None:
    """Seat 0 discards a 2: the pile is frozen, so seat 2 (side melded) must take seat 1's 9
    with two natural 9s; after that take the new pile is open again and seat 0 may take with
    a natural and a wild."""
    opener = "A A A 2 2 5 Q J 10 8 6"
    seat1 = "9 5 4 4 6 6 8 10 J Q K"
    seat2 = "9 9 2 4 7 7 8 10 J Q K"
    seat3 = "5 4 6 7 8 9 10 J Q K A"
    state = deal(
        "caliente", hands={0: opener, 1: seat1, 2: seat2, 3: seat3}, pile="4",
        stock="Q J 10 9 K",
    )
    state = play(state, "draw", "meld A A A", "discard 2")
    assert state.pile_has_freezer
    state = play(state, "draw", "discard 9")
    assert pile_of(state) == "4 2 9"
    assert takes(state) == {"take 9 9"}
    assert "frozen" in refused(state, "take 9 2")
    state = play(state, "take 9 9", "discard 8")
    assert pile_of(state) == "8"
    assert not state.pile_has_freezer
    state = play(state, "draw", "discard 5")
    assert state.current_player == 0
    assert pile_of(state) == "8 5"
    assert takes(state) == {"take 5 2"}
    after = cc.apply(state, "take 5 2")
    assert melds_of(after, 0) == {"5": "5 5 2", "9": "9 9 9", "A": "A A A"}


# ---------------------------------------------------------------------------------------------
# PILE-4: the open pile


# RULES: PILE-4
def test_open_pile_takes_with_a_pair_or_a_natural_and_a_wild() -> None:
    """On an open pile a side that has melded takes the up card 7 with `7 7`, `7 2` or `7 JK`;
    `take` is refused without a meld of 7s."""
    seat2 = "7 7 2 JK 4 5 6 8 10 J Q"
    state = opened(seat2, "7")
    assert takes(state) == {"take 7 7", "take 7 2", "take 7 JK"}
    assert "no meld of sevens" in refused(state, "take")
    assert melds_of(cc.apply(state, "take 7 7"), 0) == {"7": "7 7 7", "A": "A A A"}
    assert melds_of(cc.apply(state, "take 7 2"), 0) == {"7": "7 7 2", "A": "A A A"}
    assert melds_of(cc.apply(state, "take 7 JK"), 0) == {"7": "7 7 JK", "A": "A A A"}
    # Two wilds without a natural is not a take.
    assert "take it with two sevens, or a seven and a wild" in refused(state, "take 2 JK")
    # (the cards the pile asks for first: two wilds never take it, whatever the hand holds)
    assert refused(state, "take 2 2").endswith("take it with two sevens, or a seven and a wild "
                                               "(PILE-4)")


# RULES: PILE-4, PILE-1
def test_open_pile_lay_off_and_pair_both_offered_when_the_side_has_the_meld() -> None:
    """With a meld of aces, a natural ace and a wild in hand, every form of take is offered;
    each puts the up card into the one meld of aces."""
    seat2 = "A 2 4 5 6 7 8 9 10 J Q"
    state = opened(seat2, "A")
    assert takes(state) == {"take", "take A 2"}
    assert melds_of(cc.apply(state, "take A 2"), 0) == {"A": "A A A A A 2"}
    assert melds_of(cc.apply(state, "take"), 0) == {"A": "A A A A"}


# ---------------------------------------------------------------------------------------------
# PILE-5: the always-frozen variant


AF = "caliente-always-frozen"


# RULES: PILE-5
def test_always_frozen_takes_only_with_a_natural_pair() -> None:
    """Always frozen, with no wild in the pile and the side melded: `take 7 7` only; `7 2` is
    refused, and `take` needs a meld of 7s."""
    seat2 = "7 7 2 JK 4 5 6 8 10 J Q"
    state = opened(seat2, "7", rules=AF)
    assert not state.pile_has_freezer
    assert takes(state) == {"take 7 7"}
    assert "frozen" in refused(state, "take 7 2")
    assert "frozen" in refused(state, "take 7 JK")
    assert "no meld of sevens" in refused(state, "take")


# RULES: PILE-5
@pytest.mark.parametrize("pile", ["4", "2 4", "R3 4"])
def test_always_frozen_lay_off_on_a_meld_that_is_not_a_canasta(pile: str) -> None:
    """Always frozen: `take` lays the up card off on the side's 3-card meld of aces, whether or
    not the pile holds a wild or bonus card."""
    seat2 = "4 5 6 7 8 9 10 J Q K K"
    state = opened(seat2, "A", rules=AF, pile=pile)
    assert state.pile_has_freezer == (pile != "4")
    assert takes(state) == {"take"}
    assert melds_of(cc.apply(state, "take"), 0) == {"A": "A A A A"}


# RULES: PILE-5, PILE-3
def test_lay_off_on_a_frozen_pile_differs_from_standard_rules() -> None:
    """The same buried-wild position as above under the standard rules: `take` is refused
    (PILE-3), whereas the always-frozen variant allows it (PILE-5)."""
    seat2 = "4 5 6 7 8 9 10 J Q K K"
    state = opened(seat2, "A", pile="2 4")
    assert "frozen" in refused(state, "take")


# RULES: PILE-5
@pytest.mark.parametrize(("aces", "allowed"), [(6, True), (7, False)])
def test_always_frozen_lay_off_only_below_canasta_size(aces: int, allowed: bool) -> None:
    """Always frozen: the up card is laid off on a 6-card meld (making a canasta), but not on a
    7-card canasta."""
    melded = " ".join(["A"] * aces)
    opener = f"{melded} " + " ".join(["K", "Q", "J", "10", "9", "8"][: 11 - aces])
    seat2 = "4 5 6 7 8 9 10 J Q K K"
    state = opened(
        seat2, "A", rules=AF, opener=opener, open_melds=(f"meld {melded}",),
        stock="Q J 10 9 8",
    )
    assert melds_of(state, 0) == {"A": melded}
    if allowed:
        assert takes(state) == {"take"}
        after = cc.apply(state, "take")
        assert melds_of(after, 0) == {"A": "A A A A A A A"}
        assert after.melds(0)[0].is_canasta
    else:
        assert takes(state) == set()
        assert "canasta" in refused(state, "take")
        # The standard rules allow laying off on a canasta.
        std = opened(seat2, "A", opener=opener, open_melds=(f"meld {melded}",),
                     stock="Q J 10 9 8")
        assert melds_of(cc.apply(std, "take"), 0) == {"A": "A A A A A A A A"}


# RULES: PILE-5, PILE-1
def test_always_frozen_natural_pair_may_join_a_canasta() -> None:
    """Always frozen: the side's `7 7 7 7 7 2 2` is a canasta, so `take` (lay-off) is refused,
    but a natural pair from hand takes the up card 7 into it."""
    opener = "7 7 7 7 7 2 2 K Q J 10"
    seat2 = "7 7 4 5 6 8 9 10 J Q K"
    state = opened(seat2, "7", rules=AF, opener=opener, open_melds=("meld 7 7 7 7 7 2 2",))
    assert state.melds(0)[0].is_canasta
    assert takes(state) == {"take 7 7"}
    assert "canasta" in refused(state, "take")
    after = cc.apply(state, "take 7 7")
    assert melds_of(after, 0) == {"7": "7 7 7 7 7 7 7 7 2 2"}


# RULES: PILE-5, INIT-4
@pytest.mark.parametrize(("seat1", "can_take"), [
    ("5 5 2 A A A 4 6 7 8 9", True),
    ("5 5 2 K Q J 4 6 7 8 9", False),
])
def test_always_frozen_before_the_first_meld_applies_init_4(seat1: str, can_take: bool) -> None:
    """Always frozen, side not melded: the natural pair takes only if the minimum (50) can be
    met (`5 5 5` is 15, with the 2 laid off 35, with `A A A` 75); `take 5 2` is refused
    either way."""
    opener = "5 4 6 7 8 9 10 J Q K A"
    state = deal(AF, hands={0: opener, 1: seat1}, pile="K", stock="Q J")
    assert hand_of(state, 1) == norm(seat1)
    state = play(state, "draw", "discard 5")
    assert "two natural fives" in refused(state, "take 5 2")
    if can_take:
        assert takes(state) == {"take 5 5"}
        after = play(state, "take 5 5", "meld A A A")
        assert melds_of(after, 1) == {"5": "5 5 5", "A": "A A A"}
    else:
        assert takes(state) == set()
        assert "minimum" in refused(state, "take 5 5")


# ---------------------------------------------------------------------------------------------
# DISC-1, DISC-2: the discard


# RULES: DISC-1
def test_discard_moves_one_card_from_hand_to_the_top_of_the_pile() -> None:
    """`discard Q` removes exactly one Q from the hand, makes it the up card and passes the turn
    to the next player."""
    hand0 = "Q Q 4 5 6 7 8 9 10 J K"
    state = deal("caliente", hands={0: hand0}, pile="A", stock="5")
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == norm(hand0 + " 5")
    after = cc.apply(state, "discard Q")
    assert hand_of(after, 0) == norm("Q 4 5 6 7 8 9 10 J K 5")
    assert pile_of(after) == "A Q"
    assert after.up_card is cc.Card.QUEEN
    assert after.current_player == 1 and after.phase is cc.Phase.DRAW


# RULES: DISC-1, TURN-3, DEAL-4
def test_bonus_cards_and_cards_not_held_cannot_be_discarded() -> None:
    """A bonus card dealt to seat 0 is laid out, so `discard R3` is refused as a bonus card;
    discarding a card not in hand is refused; the discards the hand allows are all offered."""
    hand0 = "R3 4 5 6 7 8 9 10 J Q K"
    state = deal("caliente", hands={0: hand0}, pile="A", stock="5 6")
    assert state.laid_out(0) == (cc.Card.RED_THREE,)
    state = cc.apply(state, "draw")
    assert hand_of(state, 0) == norm("4 5 6 7 8 9 10 J Q K 5 6")
    assert "bonus cards cannot be discarded" in refused(state, "discard R3")
    assert "holds no aces" in refused(state, "discard A")
    assert "holds no jokers" in refused(state, "discard JK")
    discards = {a for a in legal(state) if a.startswith("discard")}
    assert discards == {f"discard {c}" for c in norm("4 5 6 7 8 9 10 J Q K").split()}


# RULES: DISC-1, TURN-1
def test_no_discard_before_the_draw_action() -> None:
    """The discard ends the turn: it is refused before the draw action."""
    state = deal("caliente", hands={0: "Q 4 5 6 7 8 9 10 J K A"}, pile="A")
    assert "draw or take the pile first" in refused(state, "discard Q")


# RULES: DISC-2, PILE-3
def test_discarded_wild_freezes_the_pile_for_a_player_who_could_otherwise_take() -> None:
    """Seat 2 holds `9 2` with its side melded: on an open pile it may take seat 1's 9 with them;
    when seat 0 had discarded a wild the pile is frozen and only `take 9 9` remains."""
    seat2 = "9 9 2 4 5 6 7 8 10 J Q"
    wild = opened(seat2, "9", discard0="2", opener="A A A 2 Q J 10 9 8 6 5")
    assert pile_of(wild) == "4 2 9"
    assert wild.pile_has_freezer
    assert takes(wild) == {"take 9 9"}
    plain = opened(seat2, "9", discard0="Q", opener="A A A 2 Q J 10 9 8 6 5")
    assert takes(plain) == {"take 9 9", "take 9 2"}
