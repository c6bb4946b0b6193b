"""What a table's page draws besides its seat's client message: the public facts of the pile
(frozen, and why; blocked) and each finished hand's totals by side, in the words of the
engine's named checks."""

from __future__ import annotations

import functools
from typing import Any

from ..engine.checks import context, pile_frozen_reasons, up_card_refusal
from ..rules._documents import toml_value
from ..rules.ruleset import OPTIONS, RuleSet
from ..rules.summary import house_changes
from ..state.game import GameState

__all__ = ["OPTION_HELP", "board", "house_rules", "pile_status"]

OPTION_HELP = {option.name: " ".join(option.help.split()) for option in OPTIONS}
"""Each option's help on one line, as the pages show it (the set-up page's list, a table's
house rules)."""


def pile_status(state: GameState) -> dict[str, Any]:
    """Whether the pile is frozen for the side to play, and why, and whether its up card may
    be taken at all, in the words of the engine's named checks
    (:func:`~canasta_caliente.engine.checks.pile_frozen_reasons`,
    :func:`~canasta_caliente.engine.checks.up_card_refusal`), which a page shows as they are."""
    if state.current_player is None:
        return {"frozen": [], "blocked": None}
    ctx = context(state)
    return {"frozen": list(pile_frozen_reasons(ctx)),
            "blocked": up_card_refusal(ctx) if state.pile else None}


def board(state: GameState) -> dict[str, Any]:
    """What a page draws besides the client message's view (which holds the table as the seat
    sees it): whether the pile is frozen for the side to play and why, or blocked
    (:func:`pile_status`), and each finished hand's totals by side. Public facts only."""
    return {"pile_status": pile_status(state),
            "totals": [list(r.totals) for r in state.hand_results]}


@functools.lru_cache(maxsize=64)  # (a table's rules never change: said in every update)
def _house_rules(rules: RuleSet) -> tuple[str, tuple[tuple[str, str, str], ...]]:
    preset, changed = house_changes(rules)
    return preset, tuple((option, toml_value(value), OPTION_HELP[option])
                         for option, value in changed)


def house_rules(rules: RuleSet) -> dict[str, Any]:
    """The table's rules as a page lists them for its players: ``preset``, the closest preset,
    and ``changes``, each option that differs from it
    (:func:`~canasta_caliente.rules.summary.house_changes`) as ``option``, ``value`` (as a
    house-rules file writes it) and ``help`` (the option's, which says what it changes). A club
    could not tell its house rules from a line of option names."""
    preset, changed = _house_rules(rules)
    return {"preset": preset, "changes": [{"option": option, "value": value, "help": help_}
                                          for option, value, help_ in changed]}
