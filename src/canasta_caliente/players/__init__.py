"""The players layer: programs that choose actions from a seat's view.

- ``bots``: :data:`~canasta_caliente.BOTS`, :func:`~canasta_caliente.get_bot` and the
  built-in bots (``random``, ``heuristic``);
- ``search``: :class:`~canasta_caliente.ISMCTSBot` (the information-set search),
  :func:`~canasta_caliente.analyse` and hints.

May import: everything below it (the vocabulary, rules, state, engine, records, views), nothing
above.
"""
