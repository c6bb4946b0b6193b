"""The game layer: what a game made on the engine needs between the players and the tests.

- ``takeback``: :func:`~canasta_caliente.can_take_back` and
  :func:`~canasta_caliente.play.takeback.take_back_refusal`, which say whether a move may be
  undone without revealing anything (:doc:`/guides/game`).

It sits between :mod:`canasta_caliente.players` and :mod:`canasta_caliente.testing`.

May import: everything below it (the vocabulary, rules, state, engine, records, views,
players), nothing above.
"""

from __future__ import annotations

from . import takeback

__all__ = ["takeback"]
