"""Scenario tests for melds (MELD-1 to MELD-6) on stacked decks.

Most scenarios start at a game score below 0, so the first-meld minimum is 15 (INIT-1) and any
valid meld meets it: what is checked is the meld rule alone.
"""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from conftest import (
    codes,
    deal,
    hand_of,
    legal,
    melds_of,
    of_verb,
    play,
    reference,
    refused,
    rules_for,
)

LOW = (-100, -100)
"""Game scores that make the first-meld minimum 15 for both sides."""


def meld_of(state: cc.GameState, side: int, rank: str) -> cc.Meld:
    """A side's meld of a rank (``B3`` for its first stop meld)."""
    for m in state.melds(side):
        if str(m.rank) == rank:
            return m
    raise AssertionError(f"side {side} has no meld of {rank}: {melds_of(state, side)}")


# ---------------------------------------------------------------------------------------------
# MELD-1: three or more cards of one natural rank


def test_a_new_meld_needs_three_cards_of_one_rank() -> None:
    """Three naturals make a meld; two cards (two naturals, or a natural and a wild) do not;
    a meld of wilds alone is not even notation, and wilds alone are laid off only on an
    existing meld of the side."""
    # RULES: MELD-1
    s = deal(hands={0: "7 7 7 9 9 9 9 2 JK K Q"}, pile="5", stock="J", scores=LOW)
    s = play(s, "draw")
    assert hand_of(s, 0) == "7 7 7 9 9 9 9 J Q K 2 JK"
    assert "at least 3 cards" in refused(s, "meld 7 7")
    assert "at least 3 cards" in refused(s, "meld 7 2")
    assert "at least 3 cards" in refused(s, "meld 9 JK")
    assert "no meld of nines" in refused(s, "meld 2 JK on 9")
    assert "no meld of nines" in refused(s, "meld JK on 9")
    assert "no meld of sevens" in refused(s, "meld 2 on 7")
    with pytest.raises(cc.NotationError):
        cc.parse_action("meld 2 JK")
    with pytest.raises(cc.NotationError):
        cc.parse_action("meld 7 9 9")
    assert not any(" on " in a for a in legal(s))
    assert "meld 7 7 7" in legal(s)
    assert "meld 9 9 9" in legal(s)

    s = play(s, "meld 9 9 9 9")
    assert melds_of(s, 0) == ["9 9 9 9"]
    assert {"meld 2 on 9", "meld JK on 9", "meld 2 JK on 9"} <= legal(s)
    assert "no meld of sevens" in refused(s, "meld 2 JK on 7")
    s = play(s, "meld 2 JK on 9")
    assert melds_of(s, 0) == ["9 9 9 9 2 JK"]
    assert hand_of(s, 0) == "7 7 7 J Q K"


# ---------------------------------------------------------------------------------------------
# MELD-2: wilds in a meld


def test_caliente_meld_needs_more_naturals_than_wilds() -> None:
    """Caliente: 7 7 2 is a meld, 7 2 2 and 7 7 2 2 are not; with two 7s, two 2s and no other
    pair the melds offered are exactly 7 7 2."""
    # RULES: MELD-2
    s = deal(hands={0: "7 7 2 2 4 6 8 9 10 J Q"}, pile="5", stock="K", scores=LOW)
    s = play(s, "draw")
    assert of_verb(s, "meld") == {"meld 7 7 2"}
    assert legal(s) == reference(s)
    assert "MELD-2" in refused(s, "meld 7 2 2")
    assert "MELD-2" in refused(s, "meld 7 7 2 2")
    s = play(s, "meld 7 7 2")
    m = meld_of(s, 0, "7")
    assert codes(m.cards) == "7 7 2" and not m.is_natural and not m.is_canasta


def test_wilds_added_later_are_checked_after_every_meld_action() -> None:
    """After melding 7 7 7 2, each addition is checked on the resulting meld: one more wild
    (3 naturals, 2 wilds) is fine, two more are not; a 7 with two wilds (4 naturals, 3 wilds)
    is fine although 7 2 2 alone is no meld."""
    # RULES: MELD-2
    s = deal(hands={0: "7 7 7 7 2 2 2 K Q J 10"}, pile="5", stock="9", scores=LOW)
    s = play(s, "draw")
    assert "MELD-2" in refused(s, "meld 7 2 2")
    s = play(s, "meld 7 7 7 2")
    assert hand_of(s, 0) == "7 9 10 J Q K 2 2"
    assert of_verb(s, "meld") == {"meld 2 on 7", "meld 7", "meld 7 2", "meld 7 2 2"}
    assert legal(s) == reference(s)
    assert "MELD-2" in refused(s, "meld 2 2 on 7")

    laid_off = play(s, "meld 2 on 7")
    assert melds_of(laid_off, 0) == ["7 7 7 2 2"]
    assert "MELD-2" in refused(laid_off, "meld 2 on 7")
    assert of_verb(laid_off, "meld") == {"meld 7", "meld 7 2"}
    assert legal(laid_off) == reference(laid_off)

    joined = play(s, "meld 7 2 2")
    assert melds_of(joined, 0) == ["7 7 7 7 2 2 2"]
    assert meld_of(joined, 0, "7").is_canasta


@pytest.mark.parametrize(("preset", "allowed"), [("caliente", True), ("classic", False)])
def test_the_pile_take_meld_is_checked_for_wilds(preset: str, allowed: bool) -> None:
    """A take with a natural and a wild joining the side's meld obeys MELD-2 on the result:
    on 7 7 7 7 2 2 2 (4 naturals, 3 wilds) 'take 7 2' makes 6 naturals and 4 wilds, allowed
    in caliente and refused in classic (at most 3 wilds), where 'take 7 7' remains."""
    # RULES: MELD-2
    s = deal(
        preset,
        hands={
            0: "7 7 7 7 2 2 2 K 4 6 8",
            1: "7 4 5 6 8 9 10 J Q K A",
            2: "7 7 2 4 5 6 8 9 10 J Q",
        },
        pile="5",
        stock="A K Q",
        scores=LOW,
    )
    s = play(s, "draw", "meld 7 7 7 7 2 2 2", "discard A", "draw", "discard 7")
    assert s.current_player == 2
    assert codes(s.pile) == "5 A 7"
    assert "take 7 7" in legal(s)
    if allowed:
        s = play(s, "take 7 2")
        assert melds_of(s, 0) == ["7 7 7 7 7 7 2 2 2 2"]
    else:
        assert "MELD-2" in refused(s, "take 7 2")
        s = play(s, "take 7 7")
        assert melds_of(s, 0) == ["7 7 7 7 7 7 7 2 2 2"]


def test_classic_allows_at_most_three_wilds() -> None:
    """Classic: a meld holds more naturals than wilds and at most 3 wilds: five 7s with three
    wilds is a meld, with four wilds it is not (caliente allows it)."""
    # RULES: MELD-2
    hand = "7 7 7 7 7 2 2 2 JK K Q"
    classic = play(deal("classic", hands={0: hand}, pile="5", stock="J", scores=LOW), "draw")
    assert "meld 7 7 7 7 7 2 2 JK" in legal(classic)
    assert "meld 7 7 7 7 7 2 2 2" in legal(classic)
    assert "MELD-2" in refused(classic, "meld 7 7 7 7 7 2 2 2 JK")
    wilds_per_meld = [sum(c in ("2", "JK") for c in a.split()) for a in of_verb(classic, "meld")]
    assert max(wilds_per_meld) == 3

    caliente = play(deal("caliente", hands={0: hand}, pile="5", stock="J", scores=LOW), "draw")
    assert "meld 7 7 7 7 7 2 2 2 JK" in legal(caliente)
    s = play(caliente, "meld 7 7 7 7 7 2 2 2 JK")
    assert melds_of(s, 0) == ["7 7 7 7 7 2 2 2 JK"]

    # Four wilds reached by a later lay-off are refused in classic too.
    s = play(classic, "meld 7 7 7 7 7 2 2 2")
    assert "MELD-2" in refused(s, "meld JK on 7")


@pytest.mark.parametrize(
    ("rules", "melds"),
    [
        (rules_for("caliente"), {"meld 7 7 2", "meld 7 7 JK"}),
        (rules_for("classic"), {"meld 7 7 2", "meld 7 7 JK"}),
        (
            rules_for("caliente", wild_rule="not_more_wilds"),
            {"meld 7 7 2", "meld 7 7 JK", "meld 7 7 2 2", "meld 7 7 2 JK"},
        ),
        (
            rules_for("caliente", wild_rule="two_naturals"),
            {"meld 7 7 2", "meld 7 7 JK", "meld 7 7 2 2", "meld 7 7 2 JK", "meld 7 7 2 2 JK"},
        ),
        (
            rules_for("caliente", wild_rule="two_naturals", max_wilds=2),
            {"meld 7 7 2", "meld 7 7 JK", "meld 7 7 2 2", "meld 7 7 2 JK"},
        ),
        (rules_for("caliente", max_wilds=0), set()),
    ],
    ids=["caliente", "classic", "not_more_wilds", "two_naturals", "two_naturals_max2", "max0"],
)
def test_wild_rule_options_change_exactly_the_wild_limit(
    rules: cc.RuleSet, melds: set[str]
) -> None:
    """Two 7s, two 2s and a joker: the melds offered are exactly those the wild_rule and
    max_wilds options allow (no meld with a single natural under any of them)."""
    # RULES: MELD-2
    s = deal(rules, hands={0: "7 7 2 2 JK 4 6 8 9 10 J"}, pile="5", stock="Q", scores=LOW)
    s = play(s, "draw")
    assert of_verb(s, "meld") == melds
    assert legal(s) == reference(s)
    for action in ("meld 7 2 2", "meld 7 2 JK", "meld 7 7 2 2 JK"):
        if action not in melds:
            assert "MELD-2" in refused(s, action)


def test_max_wilds_option_caps_wilds_with_more_naturals_than_wilds() -> None:
    """max_wilds=1 on caliente: 7 7 7 2 is a meld, 7 7 7 2 2 (fine without the cap) is not;
    a later wild lay-off past the cap is refused too."""
    # RULES: MELD-2
    hand = "7 7 7 7 2 2 4 6 8 9 10"
    capped = play(deal(rules_for("caliente", max_wilds=1), hands={0: hand}, pile="5",
                       stock="Q", scores=LOW), "draw")
    plain = play(deal("caliente", hands={0: hand}, pile="5", stock="Q", scores=LOW), "draw")
    assert "meld 7 7 7 2 2" in legal(plain)
    assert "MELD-2" in refused(capped, "meld 7 7 7 2 2")
    assert of_verb(capped, "meld") == {
        "meld 7 7 2", "meld 7 7 7", "meld 7 7 7 2", "meld 7 7 7 7", "meld 7 7 7 7 2"
    }
    assert legal(capped) == reference(capped)
    s = play(capped, "meld 7 7 7 2")
    assert "MELD-2" in refused(s, "meld 2 on 7")
    assert of_verb(s, "meld") == {"meld 7"}
    assert legal(s) == reference(s)


# ---------------------------------------------------------------------------------------------
# MELD-3: one meld per rank per side; no adding to another side's melds


def test_one_meld_per_rank_per_side_and_sides_melds_are_separate() -> None:
    """Side 0 melds 7s; side 1 cannot add a 7 or wilds to it and makes its own separate meld of
    7s; the partner's 7s join side 0's meld, whoever laid it."""
    # RULES: MELD-3
    s = deal(
        hands={
            0: "7 7 7 4 6 8 9 10 J Q K",
            1: "7 7 7 2 4 6 8 9 10 J Q",
            2: "7 7 4 5 6 8 9 10 J Q K",
        },
        pile="5",
        stock="A A A",
        scores=LOW,
    )
    s = play(s, "draw", "meld 7 7 7", "discard A")
    assert melds_of(s, 0) == ["7 7 7"]

    s = play(s, "draw")
    assert s.current_player == 1
    assert "at least 3 cards" in refused(s, "meld 7")
    assert "at least 3 cards" in refused(s, "meld 7 7")
    assert "no meld of sevens" in refused(s, "meld 2 on 7")
    assert of_verb(s, "meld") == {"meld 7 7 2", "meld 7 7 7", "meld 7 7 7 2"}
    assert legal(s) == reference(s)
    s = play(s, "meld 7 7 7")
    assert melds_of(s, 1) == ["7 7 7"]
    assert melds_of(s, 0) == ["7 7 7"]
    assert "meld 2 on 7" in legal(s)
    s = play(s, "meld 2 on 7", "discard A")
    assert melds_of(s, 1) == ["7 7 7 2"]
    assert melds_of(s, 0) == ["7 7 7"]

    s = play(s, "draw")
    assert s.current_player == 2
    assert {"meld 7", "meld 7 7"} <= legal(s)
    s = play(s, "meld 7 7")
    assert melds_of(s, 0) == ["7 7 7 7 7"]
    assert len(s.melds(0)) == 1
    assert melds_of(s, 1) == ["7 7 7 2"]


def test_a_second_meld_of_a_rank_in_one_turn_joins_the_first() -> None:
    """Melding 9s twice in one turn makes one meld of 9s, not two."""
    # RULES: MELD-3
    s = deal(hands={0: "9 9 9 9 9 9 4 6 8 10 J"}, pile="5", stock="Q", scores=LOW)
    s = play(s, "draw", "meld 9 9 9", "meld 9 9 9")
    assert melds_of(s, 0) == ["9 9 9 9 9 9"]
    assert [str(m.rank) for m in s.melds(0)] == ["9"]


def test_no_one_takes_the_pile_onto_another_sides_meld() -> None:
    """Side 0 has a meld of Ks; side 1 (opened, no K meld) facing an up K cannot take the pile
    by laying it off on side 0's meld, but can take it with K 2 into a meld of its own."""
    # RULES: MELD-3
    s = deal(
        hands={
            0: "K K K 4 5 6 8 9 10 J A",
            1: "Q Q Q 4 5 6 8 9 10 J A",
            2: "K 4 5 6 8 9 10 J Q A 6",
            3: "K 2 4 5 6 8 9 10 J A 9",
        },
        pile="7",
        stock="A A A A",
        scores=LOW,
    )
    s = play(s, "draw", "meld K K K", "discard 4", "draw", "meld Q Q Q", "discard 5",
             "draw", "discard K")
    assert s.current_player == 3 and s.up_card is cc.Card.KING
    assert "no meld of kings" in refused(s, "take")
    assert "take K 2" in legal(s)
    assert legal(s) == reference(s)
    s = play(s, "take K 2")
    assert melds_of(s, 1) == ["Q Q Q", "K K 2"]
    assert melds_of(s, 0) == ["K K K"]


# ---------------------------------------------------------------------------------------------
# MELD-4: canastas


def test_seven_cards_make_a_canasta_that_keeps_growing() -> None:
    """Six 7s are no canasta, seven are a natural canasta; a wild added makes it mixed (still
    a canasta) and it keeps growing."""
    # RULES: MELD-4
    s = deal(hands={0: "7 7 7 7 7 7 7 7 2 K Q"}, pile="5", stock="J", scores=LOW)
    s = play(s, "draw", "meld 7 7 7 7 7 7")
    m = meld_of(s, 0, "7")
    assert len(m.cards) == 6 and not m.is_canasta and m.is_natural
    s = play(s, "meld 7")
    m = meld_of(s, 0, "7")
    assert len(m.cards) == 7 and m.is_canasta and m.is_natural
    s = play(s, "meld 2 on 7")
    m = meld_of(s, 0, "7")
    assert codes(m.cards) == "7 7 7 7 7 7 7 2" and m.is_canasta and not m.is_natural
    s = play(s, "meld 7")
    m = meld_of(s, 0, "7")
    assert len(m.cards) == 9 and m.is_canasta and not m.is_natural


def test_a_mixed_canasta_from_one_meld_action() -> None:
    """Five 7s and two wilds, melded at once, are a mixed canasta; five 7s and one wild are
    not a canasta."""
    # RULES: MELD-4
    s = deal(hands={0: "7 7 7 7 7 2 JK 4 6 8 9"}, pile="5", stock="Q", scores=LOW)
    s = play(s, "draw")
    six = play(s, "meld 7 7 7 7 7 2")
    assert not meld_of(six, 0, "7").is_canasta
    seven = play(s, "meld 7 7 7 7 7 2 JK")
    m = meld_of(seven, 0, "7")
    assert m.is_canasta and not m.is_natural


@pytest.mark.parametrize(("preset", "allowed"), [("classic", False), ("caliente", True)])
def test_wilds_on_a_natural_canasta_only_while_meld_2_holds(preset: str, allowed: bool) -> None:
    """Three wilds on a natural canasta of seven 7s make it mixed in both presets; a fourth
    is allowed in caliente but refused in classic (at most 3 wilds)."""
    # RULES: MELD-4, MELD-2
    s = deal(preset, hands={0: "7 7 7 7 7 7 7 2 2 2 JK"}, pile="5", stock="K", scores=LOW)
    s = play(s, "draw", "meld 7 7 7 7 7 7 7")
    assert meld_of(s, 0, "7").is_natural and meld_of(s, 0, "7").is_canasta
    if allowed:
        assert "meld 2 2 2 JK on 7" in legal(s)
    else:
        assert "MELD-2" in refused(s, "meld 2 2 2 JK on 7")
    s = play(s, "meld 2 2 2 on 7")
    m = meld_of(s, 0, "7")
    assert m.is_canasta and not m.is_natural and len(m.cards) == 10
    if allowed:
        assert "meld JK on 7" in legal(s)
    else:
        assert "MELD-2" in refused(s, "meld JK on 7")


def test_canasta_size_option() -> None:
    """canasta_size=5: five 9s are a canasta; with the default, five are not."""
    # RULES: MELD-4
    hand = "9 9 9 9 9 4 6 8 10 J Q"
    small = play(deal(rules_for("caliente", canasta_size=5), hands={0: hand}, pile="5",
                      stock="K", scores=LOW), "draw", "meld 9 9 9 9")
    assert not meld_of(small, 0, "9").is_canasta
    small = play(small, "meld 9")
    assert meld_of(small, 0, "9").is_canasta and meld_of(small, 0, "9").is_natural
    default = play(deal("caliente", hands={0: hand}, pile="5", stock="K", scores=LOW), "draw",
                   "meld 9 9 9 9 9")
    assert not meld_of(default, 0, "9").is_canasta


# ---------------------------------------------------------------------------------------------
# MELD-5: stop cards


def test_stop_meld_only_when_going_out_this_turn() -> None:
    """With a canasta and a discard left, three stop cards may be melded; it binds the player
    to go out: discards that keep cards are refused, and going out follows."""
    # RULES: MELD-5
    s = deal(hands={0: "7 7 7 7 7 7 7 7 B3 B3 B3"}, pile="5", stock="K", scores=LOW)
    s = play(s, "draw")
    assert "meld B3 B3 B3" in legal(s)
    assert "only as a set of 3 or 4" in refused(s, "meld B3")
    assert "only as a set of 3 or 4" in refused(s, "meld B3 B3")
    with pytest.raises(cc.NotationError):
        cc.parse_action("meld B3 B3 2")
    s = play(s, "meld B3 B3 B3")
    assert melds_of(s, 0) == ["B3 B3 B3"]
    assert hand_of(s, 0) == "7 7 7 7 7 7 7 7 K"
    bound = ("a stop meld binds the player to go out this turn, and this discard would keep "
             "cards (MELD-5)")  # (MELD-5's binding, not a "yes": OUT-2)
    assert refused(s, "discard K").endswith(bound) and refused(s, "discard 7").endswith(bound)
    assert of_verb(s, "discard") == set()
    s = play(s, "meld 7 7 7 7 7 7 7 7")
    assert melds_of(s, 0) == ["7 7 7 7 7 7 7 7", "B3 B3 B3"]
    assert legal(s) == {"discard K"}
    out = play(s, "discard K")
    assert out.hand_results[-1].went_out == 0


def test_stop_meld_refused_when_going_out_is_impossible() -> None:
    """Without a canasta in reach, a stop meld would bind the player to a going out that
    cannot happen: it is refused and not offered."""
    # RULES: MELD-5
    s = deal(hands={0: "B3 B3 B3 7 7 7 4 6 8 9 10"}, pile="5", stock="K", scores=LOW)
    s = play(s, "draw")
    assert "go out" in refused(s, "meld B3 B3 B3")
    assert of_verb(s, "meld") == {"meld 7 7 7"}
    assert legal(s) == reference(s)


def test_stop_cards_are_never_laid_off() -> None:
    """Holding four stop cards, melding three would strand the fourth (it can never be laid
    off on them or on another meld), so only the set of four is offered."""
    # RULES: MELD-5
    s = deal(hands={0: "B3 B3 B3 B3 7 7 7 7 7 7 7"}, pile="5", stock="K")
    s = play(s, "draw")
    assert "meld B3 B3 B3 B3" in legal(s)
    refused(s, "meld B3 B3 B3")
    refused(s, "meld B3")
    s = play(s, "meld 7 7 7 7 7 7 7")
    refused(s, "meld B3 B3 B3")
    s = play(s, "meld B3 B3 B3 B3")
    assert melds_of(s, 0) == ["7 7 7 7 7 7 7", "B3 B3 B3 B3"]
    assert meld_of(s, 0, "7").is_canasta and len(meld_of(s, 0, "7").cards) == 7
    out = play(s, "discard K")
    assert out.hand_results[-1].went_out == 0


def test_stop_meld_refused_after_a_no() -> None:
    """A "no" forbids going out this turn, so the stop meld (which binds the player to go out)
    is no longer offered; after a "yes" it is."""
    # RULES: MELD-5
    s = deal(hands={0: "7 7 7 7 7 7 7 7 B3 B3 B3"}, pile="5", stock="K", scores=LOW)
    s = play(s, "draw")
    assert {"ask", "meld B3 B3 B3"} <= legal(s)
    no = play(s, "ask", "no")
    assert "go out" in refused(no, "meld B3 B3 B3")
    assert legal(no) == reference(no)
    yes = play(s, "ask", "yes")
    assert "meld B3 B3 B3" in legal(yes)
    assert legal(yes) == reference(yes)


def test_two_stop_sets_with_three_decks() -> None:
    """Three decks, six stop cards: two sets of three may be melded in the turn that goes out;
    a set of four is not offered since the two left could never be melded (canasta_size 3
    gives the two canastas this table needs to go out)."""
    # RULES: MELD-5
    rules = rules_for("caliente-6p-3deck-3x2", canasta_size=3)
    s = deal(rules, hands={0: "B3 B3 B3 B3 B3 B3 7 7 7 8 8 8 8"}, pile="5", stock="K")
    s = play(s, "draw")
    assert "meld B3 B3 B3" in legal(s)
    refused(s, "meld B3 B3 B3 B3")
    assert legal(s) == reference(s)
    s = play(s, "meld B3 B3 B3")
    assert legal(s) == reference(s)
    assert "meld B3 B3 B3" in legal(s)
    refused(s, "meld B3")
    refused(s, "meld B3 B3")
    s = play(s, "meld B3 B3 B3", "meld 7 7 7", "meld 8 8 8 8")
    assert melds_of(s, 0) == ["7 7 7", "8 8 8 8", "B3 B3 B3", "B3 B3 B3"]
    out = play(s, "discard K")
    assert out.hand_results[-1].went_out == 0


# ---------------------------------------------------------------------------------------------
# MELD-6: bonus and Caliente cards


def test_bonus_and_caliente_cards_are_never_melded() -> None:
    """No meld holding a bonus card or a Caliente card is offered or applied."""
    # RULES: MELD-6
    s = deal("caliente-cards", hands={0: "7 7 CAL CAL K K 4 6 8 9 10"}, pile="5", stock="J",
             scores=LOW)
    s = play(s, "draw")
    assert "Caliente cards are never melded" in refused(s, "meld 7 7 CAL")
    assert "Caliente cards are never melded" in refused(s, "meld CAL CAL CAL")
    assert "bonus cards are never melded" in refused(s, "meld R3 R3 R3")
    assert not any("CAL" in a or "R3" in a for a in of_verb(s, "meld"))

    b = deal(hands={0: "7 7 7 4 6 8 9 10 J Q K"}, pile="5", stock="R3 A", scores=LOW)
    b = play(b, "draw", "meld 7 7 7")
    assert codes(b.laid_out(0)) == "R3"
    assert melds_of(b, 0) == ["7 7 7"]
    assert "bonus cards are never melded" in refused(b, "meld R3 R3 R3")
    assert "bonus cards are never melded" in refused(b, "meld 7 R3")
