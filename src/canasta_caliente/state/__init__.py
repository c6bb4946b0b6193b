"""The state layer: the immutable game state and the parts it is made of.

- ``game``: :class:`~canasta_caliente.GameState`, its :class:`Table`, :class:`SideTable` and
  :class:`Turn`, :class:`~canasta_caliente.Meld`, :class:`~canasta_caliente.HandResult`, the
  enumerations, and the fast constructors the engine builds states with.

May import: the vocabulary (:mod:`~canasta_caliente.cards`, :mod:`~canasta_caliente.actions`,
:mod:`~canasta_caliente.errors`) and :mod:`canasta_caliente.rules`; its printers
(``__repr__``, ``__str__``, ``_repr_html_``) import :mod:`canasta_caliente.views` when called.
The names of the former ``canasta_caliente.state`` module are importable from here as before.
"""

from __future__ import annotations

from .game import (
    COMPONENTS,
    GameProgress,
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
