"""Text and HTML renderings of a game state."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .cards import format_cards

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["state_html", "state_text"]


def _seat_label(state: GameState, seat: int) -> str:
    marks = []
    if state.current_player == seat:
        marks.append("to act")
    if seat not in state.table.order:
        marks.append("sitting out")
    return f"seat {seat}" + (f" ({', '.join(marks)})" if marks else "")


def state_text(state: GameState) -> str:
    """A readable text table of the whole state (every hand shown)."""
    lines = [
        f"{state.rules.players}-player game, hand {state.hand_number}, phase {state.phase.value}",
        "scores: " + ", ".join(f"side {i}: {s}" for i, s in enumerate(state.scores)),
    ]
    for side_no, seats in enumerate(state.sides):
        melds = state.melds(side_no)
        lines.append(
            f"side {side_no} melds: "
            + ("; ".join(str(m) for m in melds) if melds else "none")
            + (f"  bonus cards: {len(state.laid_out(side_no))}" if state.laid_out(side_no)
               else "")
        )
        for seat in seats:
            lines.append(f"  {_seat_label(state, seat)}: {format_cards(state.hand(seat))}")
    lines.append(f"pile ({len(state.pile)}): {format_cards(state.pile[-5:])}"
                 + (" (frozen)" if state.pile_has_freezer else ""))
    lines.append(f"stock: {state.stock_size} cards")
    if state.waiting:
        lines.append(f"waiting (INIT-4): {format_cards(state.waiting)}")
    if state.is_game_over:
        lines.append(f"game over: side {state.winner} wins")
    return "\n".join(lines)


def state_html(state: GameState) -> str:
    """An HTML rendering for Jupyter."""
    return "<pre>" + html.escape(state_text(state)) + "</pre>"
