"""Native classes under mypyc: what attrs made for a class that mypyc's compiled class lacks.

Compiled by mypyc (see the docs' "A compiled engine"), the frozen attrs state classes and
:class:`~canasta_caliente.Action` become native classes (C structs, whose fields compiled code
reads directly), but mypyc keeps only ``__init__`` and ``__attrs_attrs__`` of what attrs made:
:func:`restore_attrs_methods` puts back the rest. In pure Python it does nothing.
"""

from __future__ import annotations

from typing import Any

import attr
import attrs

from ._docstrings import docstring

_ATTRS_METHODS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__",
                  "__repr__", "__setattr__", "__delattr__")
"""The methods attrs writes that a native class is given back (those it does not define)."""


def is_native(cls: type[Any]) -> bool:
    """Whether mypyc compiled ``cls`` into a native class: attrs' slotted copy of the class (which
    has ``__slots__`` in its namespace) was dropped for mypyc's own."""
    return "__slots__" not in cls.__dict__


def restore_attrs_methods(cls: type[Any]) -> None:
    """On a native (compiled) attrs class, set the methods attrs made (equality, hashing,
    ``repr``, the frozen ``__setattr__``) from a pure twin made by attrs, a ``__reduce__`` for
    pickling and copying, and its docstring (from the source); on a pure-Python class,
    nothing."""
    if not is_native(cls):
        return
    fields = attrs.fields(cls)
    namespace: dict[str, Any] = {
        f.name: attr.ib(default=f.default, init=f.init, eq=f.eq, hash=f.hash, repr=f.repr)
        for f in fields}
    twin = attr.s(frozen=True, slots=True, init=False)(type(cls.__name__, (), namespace))
    for name in _ATTRS_METHODS:
        if name in twin.__dict__ and name not in cls.__dict__:
            setattr(cls, name, twin.__dict__[name])
    names = tuple(f.name for f in fields if f.init)

    def reduce(self: Any) -> tuple[Any, ...]:
        return (cls, tuple(getattr(self, name) for name in names))

    setattr(cls, "__reduce__", reduce)  # noqa: B010 (mypy refuses the plain assignment)
    cls.__doc__ = docstring(cls)  # (mypyc leaves it empty: help() would show nothing)
