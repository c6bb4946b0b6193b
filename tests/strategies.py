"""Hypothesis strategies: valid RuleSets with every option combined."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import canasta_caliente as cc

TABLES = [(2, 2, 2), (3, 3, 2), (4, 2, 2), (5, 2, 2), (6, 2, 2), (6, 2, 3), (6, 3, 3),
          (2, 2, 3), (3, 3, 3), (4, 2, 3)]


@st.composite
def rulesets(draw: st.DrawFn) -> cc.RuleSet:
    """Any valid RuleSet: a table, then every option drawn independently within its range."""
    players, sides, decks = draw(st.sampled_from(TABLES))
    base = cc.RuleSet(players=players, sides=sides, decks=decks)
    active = base.active_players
    caliente_cards = draw(st.integers(0, 2 * decks))
    deck = 54 * decks + caliente_cards
    hand_size = draw(st.integers(3, min(15, (deck - 2) // active)))
    minimums = draw(st.lists(st.integers(0, 150), min_size=1, max_size=4))
    starts = [0, *sorted(draw(st.sets(st.integers(1, 9000), min_size=len(minimums) - 1,
                                      max_size=len(minimums) - 1)))]
    extras = draw(st.lists(st.tuples(st.integers(1, 8), st.integers(0, 800)), max_size=2,
                           unique_by=lambda row: row[0]))
    options: dict[str, Any] = {
        "caliente_cards": caliente_cards,
        "hand_size": hand_size,
        "draw_count": draw(st.integers(1, 3)),
        "wild_rule": draw(st.sampled_from(list(cc.WildRule))),
        "max_wilds": draw(st.none() | st.integers(0, 4)),
        "canasta_size": draw(st.integers(3, 9)),
        "canastas_to_go_out": draw(st.integers(0, 2)),
        "target_score": draw(st.integers(500, 10000)),
        "minimum_below_zero": draw(st.integers(0, 60)),
        "initial_meld_minimums": tuple(zip(starts, minimums, strict=True)),
        "always_frozen": draw(st.booleans()),
        "bonus_from_pile_replaced": draw(st.booleans()),
        "stock_out": draw(st.sampled_from(list(cc.StockOut))),
        "concealed_needs_own_canasta": draw(st.booleans()),
        "bonus_card_extras": tuple(sorted(extras)) or ((4, 400),),
    }
    if draw(st.booleans()):
        values = {card.code: draw(st.integers(0, 60)) for card in cc.Card}
        options["card_values"] = values
    return base.replace(**options)
