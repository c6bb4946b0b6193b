"""The players layer: programs that choose actions from a seat's view.

- ``bots``: :data:`~canasta_caliente.BOTS`, :func:`~canasta_caliente.get_bot` and the
  built-in bots (``random``, ``heuristic``);
- ``search``: :class:`~canasta_caliente.ISMCTSBot` (the information-set search),
  :func:`~canasta_caliente.analyse` and hints; it adds ``"ismcts"`` to the bots'
  :data:`~canasta_caliente.players.bots.BOT_FACTORIES`, so that :func:`~canasta_caliente.get_bot`
  makes it while ``bots`` imports nothing of the search;
- ``levels``: the bot levels ``"level-1"`` to ``"level-5"`` of :func:`~canasta_caliente.get_bot`;
- ``rngs``: :func:`~canasta_caliente.bots_seed`, the seed of a bot's ``rng``, from which no bot
  can learn the game's.

May import: everything below it (the vocabulary, rules, state, engine, records, views), nothing
above.
"""

from __future__ import annotations

from . import bots, levels, search  # the search and the levels register with get_bot

__all__ = ["bots", "levels", "search"]
