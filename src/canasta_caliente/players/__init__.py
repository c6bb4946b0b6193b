"""The players layer: programs that choose actions from a seat's view.

- ``bots``: :data:`~canasta_caliente.BOTS`, :func:`~canasta_caliente.get_bot` and the
  built-in bots (``random``, ``heuristic``);
- ``search``: :class:`~canasta_caliente.ISMCTSBot` (the information-set search),
  :func:`~canasta_caliente.analyse` and hints; it adds ``"ismcts"`` to the bots'
  :data:`~canasta_caliente.players.bots.BOT_FACTORIES`, so that :func:`~canasta_caliente.get_bot`
  makes it while ``bots`` imports nothing of the search.

May import: everything below it (the vocabulary, rules, state, engine, records, views), nothing
above.
"""

from __future__ import annotations

from . import bots, search  # the search registers its bot with get_bot

__all__ = ["bots", "search"]
