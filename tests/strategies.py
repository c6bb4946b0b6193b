"""Hypothesis strategies: valid RuleSets with every option combined, each over its whole range.

Every option of :class:`~canasta_caliente.RuleSet` is drawn (a test below checks that none is
left out): integers from their least allowed value (0 bonus scores, 0 card values, 0 canastas to
go out, ...) to well past the presets, every value of every enumeration, both values of every
switch.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.rules.facts import most_canastas

TABLES = [(2, 2, 2), (3, 3, 2), (4, 2, 2), (5, 2, 2), (6, 2, 2), (6, 2, 3), (6, 3, 3),
          (2, 2, 3), (3, 3, 3), (4, 2, 3)]


@st.composite
def ruleset_options(draw: st.DrawFn) -> dict[str, Any]:
    """The options of a valid RuleSet, every one of them given: a table, then every other
    option drawn independently within its range."""
    players, sides, decks = draw(st.sampled_from(TABLES))
    base = cc.RuleSet(players=players, sides=sides, decks=decks)
    active = base.active_players
    caliente_cards = draw(st.integers(0, 2 * decks))
    deck = 54 * decks + caliente_cards
    hand_size = draw(st.integers(3, min(15, (deck - 2) // active)) | st.integers(1, 3))
    minimums = draw(st.lists(st.integers(0, 150), min_size=1, max_size=4))
    starts = [0, *sorted(draw(st.sets(st.integers(1, 9000), min_size=len(minimums) - 1,
                                      max_size=len(minimums) - 1)))]
    extras = draw(st.lists(st.tuples(st.integers(1, 8), st.integers(0, 800)), max_size=2,
                           unique_by=lambda row: row[0]))
    options: dict[str, Any] = {
        "caliente_cards": caliente_cards,
        "hand_size": hand_size,
        "draw_count": draw(st.integers(1, min(3, hand_size))),
        "wild_rule": draw(st.sampled_from(list(cc.WildRule))),
        "max_wilds": draw(st.none() | st.integers(0, 4)),
        "canasta_size": draw(st.integers(3, 9) | st.integers(3, 20)),
        "target_score": draw(st.integers(500, 10000) | st.integers(1, 500)),
        "minimum_below_zero": draw(st.integers(0, 60)),
        "initial_meld_minimums": tuple(zip(starts, minimums, strict=True)),
        "always_frozen": draw(st.booleans()),
        "bonus_from_pile_replaced": draw(st.booleans()),
        "stock_out": draw(st.sampled_from(list(cc.StockOut))),
        "concealed_needs_own_canasta": draw(st.booleans()),
        "bonus_card_extras": tuple(sorted(extras)) or ((4, 400),),
        # The other readings (READ-1 to READ-8), every value.
        "up_card_must_be_natural": draw(st.booleans()),
        "tie_break": draw(st.sampled_from(list(cc.TieBreak))),
        "bonus_extras_without_meld": draw(st.sampled_from(list(cc.BonusExtras))),
        "going_out_permission": draw(st.sampled_from(list(cc.GoingOutPermission))),
        "concealed_scope": draw(st.sampled_from(list(cc.ConcealedScope))),
        "stop_card_freezes": draw(st.booleans()),
        "pile_pair_onto_canasta": draw(st.booleans()),
        "caliente_on_empty_stock": draw(st.booleans()),
    }
    values = dict(zip((card.code for card in cc.Card), base.card_values, strict=True))
    if draw(st.booleans()):
        # Any value per card, 0 included; small values are drawn often so that a hand of
        # zero-valued cards (no first-meld points at all) happens.
        values = {card.code: draw(st.sampled_from((0, 0, 5)) | st.integers(0, 60))
                  for card in cc.Card}
        values["R3"] = 0  # (a bonus card has no card value: CARD-3)
    options["card_values"] = values
    for name in SCORE_OPTIONS:
        options[name] = draw(st.sampled_from((0, 0, 100)) | st.integers(0, 1000))
    # At most the canastas the deck can make of that size at once (OUT-1: more would leave no
    # side able to go out, and the RuleSet is refused).
    most = most_canastas(cc.RuleSet(players=players, sides=sides, decks=decks, **options,
                                    canastas_to_go_out=0))
    options["canastas_to_go_out"] = draw(st.integers(0, min(2, most)) | st.integers(0, most))
    return {"players": players, "sides": sides, "decks": decks, **options}


def rulesets() -> st.SearchStrategy[cc.RuleSet]:
    """Any valid RuleSet, every option drawn (see :func:`ruleset_options`)."""
    return ruleset_options().map(lambda options: cc.RuleSet(**options))


SCORE_OPTIONS = ("natural_canasta_bonus", "mixed_canasta_bonus", "going_out_bonus",
                 "concealed_bonus", "bonus_card_score", "caliente_card_penalty")
"""The bonus and penalty options, each drawn from 0 up."""
TABLE_OPTIONS = ("players", "sides", "decks")
"""The options the table (:data:`TABLES`) sets."""
