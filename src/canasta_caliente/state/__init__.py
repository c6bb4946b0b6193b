"""The state layer: the immutable game state and the parts it is made of.

- ``game``: :class:`~canasta_caliente.GameState`, its :class:`Table`, :class:`SideTable` and
  :class:`Turn`, :class:`~canasta_caliente.Meld`, :class:`~canasta_caliente.HandResult`, the
  enumerations.
- ``builders``: the quick constructors the engine builds states with (``make_state``, ...).
- ``progress``: :class:`GameProgress`, the seat's view's base, with the facts of where a game
  stands (the view's own class, kept out of ``game``, which mypyc compiles: a native class cannot
  be the base of a Python one).

May import: the vocabulary (:mod:`~canasta_caliente.cards`, :mod:`~canasta_caliente.actions`,
:mod:`~canasta_caliente.errors`) and :mod:`canasta_caliente.rules`; its printers
(``__repr__``, ``__str__``, ``_repr_html_``) import :mod:`canasta_caliente.views` when called.
The names of the former ``canasta_caliente.state`` module are importable from here as before.
"""

from __future__ import annotations

from .game import (
    COMPONENTS,
    GameState,
    HandEnd,
    HandResult,
    Meld,
    Phase,
    Question,
    SideTable,
    Table,
    Turn,
)
from .progress import GameProgress

__all__ = [
    "COMPONENTS",
    "GameProgress",
    "GameState",
    "HandEnd",
    "HandResult",
    "Meld",
    "Phase",
    "Question",
    "SideTable",
    "Table",
    "Turn",
]
