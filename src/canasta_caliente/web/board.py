"""What a table's page draws besides its seat's client message: the public facts of the pile
(frozen, and why; blocked) and each finished hand's totals by side, in the words of the
engine's named checks."""

from __future__ import annotations

from typing import Any

from ..engine.checks import context, pile_frozen_reasons, up_card_refusal
from ..state.game import GameState

__all__ = ["board", "pile_status"]


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
