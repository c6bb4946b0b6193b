"""The views layer: what a seat, a person or a program sees of a game.

- ``view``: :class:`~canasta_caliente.View`, :func:`~canasta_caliente.observe` and
  :func:`~canasta_caliente.resample` (one seat's knowledge);
- ``_documents``: a view as a document;
- ``display`` and ``reprs``: text and HTML boards, and the reprs of the library's values;
- ``action_space``: :class:`~canasta_caliente.ActionSpace`, the fixed action ids.

May import: everything below it (the vocabulary, :mod:`~canasta_caliente.rules`,
:mod:`~canasta_caliente.state`, :mod:`~canasta_caliente.engine`,
:mod:`~canasta_caliente.records`), nothing above. The names of the former
``canasta_caliente.views`` module are importable from here as before.
"""

from __future__ import annotations

from .view import RESAMPLE_TRIES, VIEW_FORMAT, View, observe, resample

__all__ = ["RESAMPLE_TRIES", "VIEW_FORMAT", "View", "observe", "resample"]
