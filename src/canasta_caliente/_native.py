"""Native classes under mypyc: what attrs made for a class that mypyc's compiled class lacks.

Compiled by mypyc (see the docs' "A compiled engine"), the frozen attrs state classes and
:class:`~canasta_caliente.Action` become native classes (C structs, whose fields compiled code
reads directly), but mypyc keeps only ``__init__`` and ``__attrs_attrs__`` of what attrs made:
:func:`restore_attrs_methods` puts back the rest. In pure Python it gives the classes their
pickling alone.
"""

from __future__ import annotations

from typing import Any

import attr
import attrs

from ._docstrings import docstring

_ATTRS_METHODS = ("__eq__", "__ne__", "__hash__", "__repr__", "__setattr__", "__delattr__",
                  "__match_args__")
"""What attrs writes that a native class is given back (those it does not define): the
classes are unordered (``order=False``), as the twin is."""


def is_native(cls: type[Any]) -> bool:
    """Whether mypyc compiled ``cls`` into a native class: attrs' slotted copy of the class (which
    has ``__slots__`` in its namespace) was dropped for mypyc's own."""
    return "__slots__" not in cls.__dict__


def restore_attrs_methods(cls: type[Any]) -> None:
    """Give ``cls`` a ``__reduce__`` that pickles and copies it by its constructor's arguments
    (in either build: the hash and the legal actions a state keeps once computed are not
    carried, so a copy unpickled in another process hashes as that process does); and on a
    native (compiled) attrs class, set the methods attrs made (equality, hashing, ``repr``, the
    frozen ``__setattr__``, ``__match_args__``) from a pure twin made by attrs, and its
    docstring (from the source)."""
    fields = attrs.fields(cls)
    names = tuple(f.name for f in fields if f.init)

    def reduce(self: Any) -> tuple[Any, ...]:
        return (cls, tuple(getattr(self, name) for name in names))

    setattr(cls, "__reduce__", reduce)  # noqa: B010 (mypy refuses the plain assignment)
    if not is_native(cls):
        return
    namespace: dict[str, Any] = {
        f.name: attr.ib(default=f.default, init=f.init, eq=f.eq, hash=f.hash, repr=f.repr)
        for f in fields}
    twin = attr.s(frozen=True, slots=True, init=False, order=False)(
        type(cls.__name__, (), namespace))
    for name in _ATTRS_METHODS:
        if name in twin.__dict__ and name not in cls.__dict__:
            setattr(cls, name, twin.__dict__[name])
    cls.__doc__ = docstring(cls)  # (mypyc leaves it empty: help() would show nothing)
