"""The records layer: states and games as documents, and the checks every loaded one passes.

- ``storage``: :func:`~canasta_caliente.dumps`, :func:`~canasta_caliente.loads`,
  :class:`~canasta_caliente.GameRecord` and :func:`~canasta_caliente.replay`;
- ``text``: the plain-text game record (:meth:`GameRecord.to_text
  <canasta_caliente.GameRecord.to_text>`, :meth:`~canasta_caliente.GameRecord.from_text`);
- ``invariants``: the invariants of a state and a view (cards conserved, facts consistent);
- ``_codec`` and ``_parts``: the generic document readers and the parts of a state (sides,
  melds, turns, results) as documents.

May import: the vocabulary, :mod:`canasta_caliente.rules`, :mod:`canasta_caliente.state` and
:mod:`canasta_caliente.engine` (a replay plays the actions), nothing above.
"""
