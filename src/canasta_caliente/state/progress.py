"""GameProgress, the base of the seat's view: the facts of where a game stands, read from its
rules, scores, hand results and whether the hand is over.

Its facts have one home, the functions of :mod:`canasta_caliente.state.game`
(:func:`~canasta_caliente.state.game.side_of_seat`,
:func:`~canasta_caliente.state.game.winner_of`), which :class:`~canasta_caliente.GameState`
calls too: compiled by mypyc, ``GameState`` is a native class, which cannot derive from a Python
class such as this one (and this module is not compiled, so that the view can derive from it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, SupportsIndex

from ..rules.ruleset import RuleSet
from .game import side_of_seat, winner_of

if TYPE_CHECKING:
    from .game import HandResult

__all__ = ["GameProgress"]


class GameProgress:
    """The table's sides and where the game stands, for anything that knows the rules, the
    scores, the hand results and whether the hand is over: the base of the seat's view, with
    the same properties as :class:`~canasta_caliente.GameState`."""

    __slots__ = ()
    rules: RuleSet
    scores: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    over: bool

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides as tuples of seats, players sitting out included (SEAT-2)."""
        return self.rules.layout

    def side_of(self, seat: SupportsIndex) -> int:
        """The side of a seat."""
        return side_of_seat(self.rules, seat)

    @property
    def is_hand_over(self) -> bool:
        """True between hands (and after the game)."""
        return self.over

    @property
    def is_game_over(self) -> bool:
        """True once a side has won (GAME-1)."""
        return self.over and self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning side (GAME-1), or ``None`` while the game goes on."""
        return winner_of(self.rules, self.scores, self.hand_results, self.over)
