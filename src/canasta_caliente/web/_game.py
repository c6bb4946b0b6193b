"""Take-backs and bot levels as the web table calls them, until issue 28's second part lands
``cc.can_take_back`` and the bot levels (``cc.get_bot("level-1")`` ...) in the package.

Built from the public API only; the server imports the package's own functions, and this
module is deleted, when they land. (Events and client messages are the package's own:
:mod:`canasta_caliente.play`.)
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..players.bots import get_bot as _named_bot
from ..state.game import GameState

__all__ = ["LEVELS", "can_take_back", "level_bot"]

LEVELS = ("level-1", "level-2", "level-3", "level-4", "level-5")
"""The bot levels a seat may be given, weakest first."""


def can_take_back(before: GameState, after: GameState) -> bool:
    """True when the action from ``before`` to ``after`` showed its player nothing new: no card
    came into the hand, the stock is untouched and the hand goes on."""
    seat = before.current_player
    if seat is None or after.is_hand_over or after.stock_size != before.stock_size:
        return False
    held = list(before.hand(seat))
    for card in after.hand(seat):
        if card not in held:
            return False
        held.remove(card)
    return True


Bot = Callable[..., Action]


def level_bot(level: str, seconds: float) -> Bot:
    """The bot of a level: 1 plays at random, 2 by heuristic, 3 to 5 search with a growing
    share of ``seconds`` per decision."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    n = LEVELS.index(level) + 1
    if n == 1:
        return _named_bot("random")
    if n == 2:
        return _named_bot("heuristic")
    return _named_bot("ismcts", seconds=seconds * (n - 2) / 3)
