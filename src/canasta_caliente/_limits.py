"""The limits every document of the package keeps, in a module of their own at the bottom of
the layers: the records refuse a document past them (:mod:`canasta_caliente.records._codec`),
and the engine refuses to start a game no document could hold
(:func:`~canasta_caliente.new_game`), without either importing the other."""

from __future__ import annotations

__all__ = ["MAX_INT_BITS", "MAX_NAME", "is_one_line"]

MAX_INT_BITS = 256
"""The largest integer a document may hold, in bits (a seed of 256 bits fits; every count and
score is far smaller); larger integers are refused rather than read."""

MAX_NAME = 64
"""The longest name of a seat (a record's player, a name an event's words give a seat) or a
record's date, in characters."""


def is_one_line(text: str) -> bool:
    """Whether ``text`` holds no line break of any kind :meth:`str.splitlines` splits at, a
    last one included (``"Ann\\n"`` is not one line): what a name must be, in a record's
    header or an event's words."""
    return "".join(text.splitlines()) == text
