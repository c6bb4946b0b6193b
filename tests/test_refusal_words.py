"""The rules' refusals name cards in words, as a table would, never by their codes.

A refusal's reason reaches players as it is (a web page's *Why not*, a client message's
refusal), so "the hand holds no jokers", not "the hand holds no JK". The words come from the
cards' one home of names, :func:`canasta_caliente.cards.card_name` and
:func:`~canasta_caliente.cards.rank_name`, which the events' texts use too.
"""

# RULES: PILE-3, PILE-4, INIT-4, MELD-2, MELD-3, DISC-1

from __future__ import annotations

import random
import re

import pytest

import canasta_caliente as cc
from canasta_caliente import Card
from canasta_caliente.cards import card_name, rank_name
from canasta_caliente.play import text
from canasta_caliente.testing.harness import stacked_deck
from conftest import deal, refused, scaled

# A card's code where a reason names a card: a letter code standing alone ("no JK", "of K"),
# a quoted code ("'4'"), a code made plural ("8s", "Js") or a digit code after the words that
# name a card ("no 4", "meld of 9", "up card is 8").
CODE = re.compile(r"\b(JK|R3|B3|CAL|[JQKA]s?)\b|'(JK|R3|B3|CAL|[JQKA]|10|[2-9])'|\b(10|[2-9])s\b"
                  r"|(holds no|holds only|meld of|up card is|natural) (10|[2-9])\b")


def candidates(hand: tuple[int, ...]) -> list[str]:
    """Actions that name cards, held or not: discards, melds, lay-offs of wilds and takes."""
    out = ["take"]
    for card in Card:
        out.append(f"discard {card}")
        if card.is_natural:
            out += [f"meld {card} {card} {card}", f"meld {card} {card} 2 2",
                    f"meld 2 on {card}", f"take {card} {card}", f"take {card} JK"]
    out += [f"meld {' '.join(['2'] * max(1, hand[Card.TWO] + 1))} on 4", "meld B3 B3 B3"]
    return out


@pytest.mark.parametrize("preset", ["caliente", "classic", "caliente-always-frozen"])
def test_no_refusal_names_a_card_by_its_code(preset: str) -> None:
    rules = cc.RuleSet.preset(preset)
    rng = random.Random(preset)
    said, seeds = 0, scaled(4)  # four hands; one in the quick loop
    for seed in range(seeds):
        state = cc.new_game(rules, seed=seed)
        while not state.is_hand_over:
            hand = state.table.hands[state.turn_player or 0]
            for notation in candidates(hand):
                reason = cc.illegal_reason(state, notation)
                if reason is not None:
                    said += 1
                    assert CODE.search(reason) is None, (notation, reason)
                    # one list of rules a reason, and no count of nothing ("0 canastas")
                    assert ") (" not in reason and " 0 " not in reason, (notation, reason)
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
        assert cc.illegal_reason(state, "draw") == (
            "the game is over" if state.is_game_over
            else "the hand is over: the table deals the next hand")
    assert said > 3_000 * seeds  # (the candidates were refused often enough to mean something)


def test_the_refusals_that_name_cards_read_as_a_table_would_say_them() -> None:
    # RULES: PILE-4, INIT-4, MELD-3
    state = deal("caliente", hands={0: "2 7 7 9 9 A Q Q J 4 5"}, pile="7 7")
    assert refused(state, "take 7 2") == (
        "take 7 2: before the side's first meld the up card must be melded with two natural "
        "sevens from hand (INIT-4)")
    assert refused(state, "take 9 9") == (  # (the cards the pile asks for, before the hand's)
        "take 9 9: before the side's first meld the up card must be melded with two natural "
        "sevens from hand (INIT-4)")
    state = cc.apply(state, "draw")
    assert refused(state, "discard K") == "discard K: the hand holds no kings"
    assert refused(state, "meld 9 9 9") == (
        "meld 9 9 9: the hand holds only two nines, not three nines")
    assert refused(state, "meld 2 on 9") == (
        "meld 2 on 9: the side has no meld of nines to lay wilds off on (MELD-3)")
    assert refused(state, "meld Q Q 2 2") == "meld Q Q 2 2: the hand holds only a two, not two twos"


def test_every_card_has_a_name_in_one_home() -> None:
    """The cards' names live in :mod:`canasta_caliente.cards`; :mod:`~canasta_caliente.play.text`
    gives the same functions to the events."""
    assert text.card_name is card_name and text.rank_name is rank_name
    names = {card: (card_name(card), rank_name(card)) for card in Card}
    assert len(set(names.values())) == len(Card)  # every card has its own name
    assert names[Card.ACE] == ("an ace", "aces")
    assert names[Card.CALIENTE] == ("a Caliente card", "Caliente cards")
    assert card_name("10", 3) == "three tens" and card_name(Card.SIX, 0) == "no sixes"
    assert card_name(Card.TWO, 14) == "14 twos"
    with pytest.raises(cc.CanastaTypeError, match=r"card: a card is a Card or its code"):
        card_name(7)  # type: ignore[arg-type]
    with pytest.raises(cc.NotationError, match="unknown card code 'X'"):
        rank_name("X")


def test_the_pile_refusals_cite_the_rule_in_force_and_offer_only_what_it_allows() -> None:
    """A frozen pile's refusal offers no "natural and a wild" (refused too) and cites PILE-3,
    or PILE-5 under the always-frozen rules alone (it cited both); an open pile's cites PILE-4
    alone. The cards the pile asks for are checked before the hand's."""
    # RULES: PILE-3, PILE-4, PILE-5
    cases = (("caliente", "4", None, "the up card is an eight: take it with two eights, or an "
              "eight and a wild (PILE-4)"),
             ("caliente", "2 4", "PILE-3", "the pile is frozen: take it only with two natural "
              "eights (PILE-3)"),
             ("caliente-always-frozen", "4", "PILE-5", "the pile is frozen: take it only with "
              "two natural eights (PILE-5)"))
    for preset, pile, frozen, said in cases:
        rules = cc.RuleSet.preset(preset)
        deck = stacked_deck(rules, {0: "7 7 7 A A A", 2: "8 2"}, pile=pile, stock="5 8")
        state = cc.new_game(rules, deck=deck)
        for action in ["draw", "meld 7 7 7", "meld A A A", "discard 5", "draw", "discard 8"]:
            state = cc.apply(state, action)
        assert state.current_player == 2  # (its side has melded; the up card is an eight)
        assert cc.illegal_reason(state, "take 9 9") == said
        assert cc.illegal_reason(state, "take 8 2") == (None if frozen is None else said)
        assert cc.illegal_reason(state, "take 8 8") == (
            "the hand holds only an eight, not two eights")
