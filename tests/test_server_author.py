"""What a game-server author's trial found: the words of an action no meld takes, seats that
share a name, and names the words cannot hold."""

from __future__ import annotations

import pytest

import canasta_caliente as cc
from canasta_caliente.play import not_to_act

RULES = cc.RuleSet.preset("caliente")


@pytest.mark.parametrize(("notation", "words"), [
    ("meld R3 R3 R3", "meld three red threes: never legal, bonus cards are never melded (MELD-6)"),
    ("meld CAL CAL CAL",
     "meld three Caliente cards: never legal, Caliente cards are never melded (MELD-6)"),
    ("meld B3 B3 B3", "meld three black threes (MELD-5)"),
])
def test_a_meld_no_state_allows_is_said_so_with_its_rule(notation: str, words: str) -> None:
    """``describe`` of a meld of bonus or Caliente cards cites the rule that refuses it,
    MELD-6, as ``apply`` does (it cited MELD-5, the stop cards' rule): a client that previews
    typed notation showed the wrong rule."""
    assert cc.describe(notation, RULES) == words
    state = cc.apply(cc.new_game(RULES, seed=1), "draw")
    if "MELD-6" in words:
        with pytest.raises(cc.IllegalActionError, match=r"never melded \(MELD-6\)"):
            cc.apply(state, notation)


def shared_names() -> cc.Match:
    """A match whose three bots share a name, as ``--bots level-3`` seats them; seat 0 has
    drawn and discarded."""
    match = cc.Match.start(RULES, seed=1, players=["ana", "level-3", "level-3", "level-3"])
    match.play("draw", seat=0)
    match.play(next(a for a in cc.legal_actions(match.state) if a.verb is cc.Verb.DISCARD),
               seat=0)
    return match


def test_seats_of_one_name_are_told_apart_by_their_seats() -> None:
    """Two seats of one name are told apart in every text that names them (it said "not your
    turn: level-3 is to act" to a seat named level-3, and "the last action is level-1's, not
    level-1's")."""
    match = shared_names()
    assert not_to_act(match.state, match.record.players) == (
        "not your turn: level-3 (seat 1) is to act")
    refusal = match.take_back_refusal(2)
    assert refusal is not None
    assert refusal.startswith("take-back: the last action is ana's, not yours")
    match.play("draw", seat=1)
    texts = [e["text"] for e in match.message(0, 0)["events"]]
    assert texts[-1] == "level-3 (seat 1) draws 1 card."
    assert texts[-2] == "ana discards a four."
    # (names that differ are left as they are)
    named = match.message(0, 0, names=["Ann", "Bob", "Cy", "Di"])
    assert named["events"][-1]["text"] == "Bob draws 1 card."


@pytest.mark.parametrize(("name", "why"), [
    ("x" * (cc.records.storage.MAX_NAME + 1), "at most 64 characters"),
    ("two\nlines", "a single line"),
    ("Seat\u2028two", "a single line"),
    ("Ana\n", "a single line"),  # (a line break last: "Ana\n discards a four.")
    ("Ana\r", "a single line"),
])
def test_a_name_the_words_cannot_hold_is_refused(name: str, why: str) -> None:
    """A seat's name for the words is one line of at most 64 characters, as a record's
    player's is (``message`` took a name of a megabyte, sent in every event); a comma, which
    a record's names may not hold, is a name's own."""
    match = shared_names()
    with pytest.raises(cc.ArgumentError, match=f"names\\[1\\]: .*{why}"):
        match.message(0, names=["Ann", name, "Cy", "Di"])
    with pytest.raises(cc.ArgumentError, match=why):
        match.events()[0].text(0, names=["Ann", name, "Cy", "Di"])
    assert match.message(0, names=["Smith, John", "b", "c", "d"])["events"]


def test_names_told_apart_are_told_apart_whatever_names_are_given() -> None:
    """A name given that is another told apart ("x (seat 1)" beside two "x") makes every seat
    told apart by its seat: the words named seats 1 and 2 alike."""
    from canasta_caliente.play.kinds import check_names

    assert check_names(["x", "x", "x (seat 1)", "d"]) == (
        "x (seat 0)", "x (seat 1)", "x (seat 1) (seat 2)", "d (seat 3)")
    assert check_names(["x", "y", "x (seat 1)", "d"]) == ("x", "y", "x (seat 1)", "d")
