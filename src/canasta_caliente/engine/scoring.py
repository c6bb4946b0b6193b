"""Scoring a finished hand (RULES: SCORE-1 to SCORE-6, OUT-3, END-4)."""

from __future__ import annotations

from ..cards import I_B3, I_CAL, I_JOKER, I_TWO
from ..rules.ruleset import BonusExtras, ConcealedScope, RuleSet
from ..state.game import HandEnd, HandResult, Table

__all__ = ["score_hand"]


def score_hand(rules: RuleSet, table: Table, ended: HandEnd, went_out: int | None) -> HandResult:
    """The breakdown of a finished hand, one row of components per side."""
    values = rules.card_values
    size = rules.canasta_size
    concealed = False
    if went_out is not None:
        concealed = _concealed(rules, table)
    rows = []
    for side_no, seats in enumerate(rules.layout):
        side = table.sides[side_no]
        melds = 0
        canastas = 0
        for rank, m in enumerate(side.melds):
            if m is None:
                continue
            n, two, jk = m
            melds += n * values[rank] + two * values[I_TWO] + jk * values[I_JOKER]
            if n + two + jk >= size:
                canastas += rules.natural_canasta_bonus if two + jk == 0 else (
                    rules.mixed_canasta_bonus)
        melds += sum(side.stop_melds) * values[I_B3]
        hand = 0
        caliente = -rules.caliente_card_penalty * side.caliente_played
        for seat in seats:
            counts = table.hands[seat]
            penalty = -sum(values[k] * n for k, n in enumerate(counts) if n)
            hand += penalty
            caliente += penalty * counts[I_CAL]
        going_out = 0
        if went_out is not None and went_out in seats:
            going_out = rules.going_out_bonus + (rules.concealed_bonus if concealed else 0)
        bonus = 0
        if side.laid_out:
            extra = 0
            for at_least, amount in rules.bonus_card_extras:
                if side.laid_out >= at_least:
                    extra = amount
            if side.meld_count == 0:
                # SCORE-4; READ-3: with "none" the side loses no extra
                if rules.bonus_extras_without_meld is BonusExtras.NONE:
                    extra = 0
                bonus = -(side.laid_out * rules.bonus_card_score + extra)
            else:
                bonus = side.laid_out * rules.bonus_card_score + extra
        rows.append((melds, hand, canastas, going_out, bonus, caliente))
    return HandResult(tuple(rows), ended, went_out, concealed)


def _concealed(rules: RuleSet, table: Table) -> bool:
    """OUT-3: the player had melded nothing before this turn (READ-5: nor had any partner, under
    ``concealed_scope = "side"``), and a canasta of the turn is the player's own (created this
    turn, or, unless the rules ask for that, added to this turn)."""
    turn = table.turn
    if turn.had_melded:
        return False
    facts = rules.facts
    side_no = facts.side_of[turn.player]
    if rules.concealed_scope is ConcealedScope.SIDE and any(
            table.melded_seats >> seat & 1 for seat in rules.layout[side_no]
            if seat != turn.player):
        return False
    mask = turn.created if rules.concealed_needs_own_canasta else turn.touched
    side = table.sides[side_no]
    size = rules.canasta_size
    for rank, m in enumerate(side.melds):
        if m is not None and mask >> rank & 1 and sum(m) >= size:
            return True
    return False

