"""Quick constructors for the engine's hot path: :func:`make_state`, :func:`make_table`,
:func:`make_turn` and :func:`make_side` build the frozen state classes of
:mod:`canasta_caliente.state.game` without their constructors' work, trusting the engine's
values (:func:`quick_constructor` says how, and what it saves).

Compiled by mypyc the classes are native, their ``__init__`` compiled code: the constructors
are then the classes themselves (and, for :class:`~canasta_caliente.GameState`, its constructor
told to skip the checks of a state built by hand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import attrs

from .._native import is_native
from ..cards import NUM_RANKS, Card
from ..rules.ruleset import RuleSet
from .game import (
    NO_WAITING,
    GameState,
    HandResult,
    MeldCounts,
    Phase,
    Question,
    SideTable,
    Table,
    Turn,
)

__all__ = ["make_side", "make_state", "make_table", "make_turn", "quick_constructor"]



_HASH_CACHE_SLOT = "_attrs_cached_hash"


def _builder(cls: type[Any]) -> type[Any] | None:
    """A subclass of ``cls`` with the same layout and plain attribute setting, whose instances
    can become instances of ``cls`` by ``__class__`` assignment; ``None`` if this Python refuses
    the assignment."""
    builder = type(f"_{cls.__name__}Builder", (cls,), {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__doc__": f"Builds :class:`{cls.__name__}` objects (internal).",
    })
    probe: Any = object.__new__(builder)
    try:
        probe.__class__ = cls
    except TypeError:  # pragma: no cover - CPython 3.11 to 3.13 allow it
        return None
    return builder


def quick_constructor(cls: type[Any], *, converted: bool = False) -> Callable[..., Any]:
    """A function building ``cls`` like its attrs ``__init__`` (same positional arguments), two
    to three times faster. ``cls`` must be a frozen, slotted attrs class without validators or
    converters (with ``converted=True``, converters are allowed and skipped: the caller
    promises values its converters would return unchanged); fields with ``init=False`` get
    their default or their factory's value, attrs' hash cache starts empty. For any other
    class, ``cls`` itself is returned.

    The object is made as an instance of a subclass with the same slots whose attributes are
    set plainly (a frozen class refuses it, and setting each slot through its descriptor costs
    several times as much), then given its class: the result is an ordinary, frozen ``cls``
    object. Where that is refused, the slots are set through their descriptors.

    Why ``exec`` and a class swap rather than plain code: the four quick constructors below
    save about a fifth of every decision. Measured with ``benchmarks/instructions.py --hands
    40`` (valgrind, random play after 40 warm-up hands), instructions per decision with them and
    with the attrs classes themselves in their place: caliente 66,231 against 84,770, classic
    71,145 against 89,706."""
    if is_native(cls):  # compiled by mypyc: its __init__ is compiled, and sets the struct
        return cls
    fields = attrs.fields(cls)
    slots = set(getattr(cls, "__slots__", ())) - {"__weakref__"}
    names = {f.name for f in fields}
    extra = slots - names
    if extra - {_HASH_CACHE_SLOT} or any(
            f.validator or (f.converter and not converted) for f in fields):
        return cls
    builder = _builder(cls)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "builder": builder}
    params: list[str] = []
    values: list[tuple[str, str]] = []  # (slot, expression)
    for i, f in enumerate(fields):
        if not f.init:
            if isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
                namespace[f"factory{i}"] = f.default.factory
                values.append((f.name, f"factory{i}()"))
            else:
                namespace[f"default{i}"] = f.default
                values.append((f.name, f"default{i}"))
            continue
        # The parameter is named as the field (so a call may name it), unless the name is taken.
        arg = f.alias if f.alias.isidentifier() and f.alias not in namespace else f"a{i}"
        if f.default is attrs.NOTHING:
            params.append(arg)
        else:
            namespace[f"default{i}"] = f.default
            params.append(f"{arg}=default{i}")
        values.append((f.name, arg))
    if _HASH_CACHE_SLOT in extra:
        values.append((_HASH_CACHE_SLOT, "None"))
    if builder is not None:
        body = ["    o = new(builder)", *(f"    o.{name} = {value}" for name, value in values),
                "    o.__class__ = cls"]
    else:  # pragma: no cover - see _builder
        body = ["    o = new(cls)"]
        for i, (name, value) in enumerate(values):
            namespace[f"set{i}"] = cls.__dict__[name].__set__
            body.append(f"    set{i}(o, {value})")
    lines = [f"def make({', '.join(params)}):", *body, "    return o", ""]
    source = "\n".join(lines)
    exec(compile(source, f"<quick constructor of {cls.__name__}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


class _MakeTable(Protocol):
    def __call__(self, deck: tuple[Card, ...], stock_pos: int,
                 hands: tuple[tuple[int, ...], ...], pile: tuple[Card, ...],
                 sides: tuple[SideTable, ...], order: tuple[int, ...], turn_index: int,
                 turn: Turn, melded_seats: int = 0,
                 known: tuple[tuple[int, ...], ...] = ()) -> Table: ...


class _MakeState(Protocol):
    def __call__(self, rules: RuleSet, seed: int, hand_number: int, scores: tuple[int, ...],
                 table: Table, hand_results: tuple[HandResult, ...] = (),
                 over: bool = False) -> GameState: ...


class _MakeTurn(Protocol):
    def __call__(self, phase: Phase, player: int, need: int = 0, started: bool = False,
                 melded: bool = False, points: int = 0, waiting: tuple[int, ...] = NO_WAITING,
                 question: Question = Question.NONE, touched: int = 0, created: int = 0,
                 had_melded: bool = False) -> Turn: ...


class _MakeSide(Protocol):
    def __call__(self, melds: tuple[MeldCounts | None, ...] = (None,) * NUM_RANKS,
                 stop_melds: tuple[int, ...] = (), laid_out: int = 0,
                 caliente_played: int = 0) -> SideTable: ...


def _make_state_native(rules: RuleSet, seed: int, hand_number: int, scores: tuple[int, ...],
                       table: Table, hand_results: tuple[HandResult, ...] = (),
                       over: bool = False) -> GameState:
    """Build a native (compiled) :class:`GameState` without the constructor's checks."""
    return GameState(rules, seed, hand_number, scores, table, hand_results, over, _trusted=True)


make_table: _MakeTable = quick_constructor(Table)
"""Build a :class:`Table` (the arguments of its constructor, by position or name)."""


# Compiled, GameState's own __init__ is compiled code that writes the C struct (no quicker
# constructor exists); it is told to skip the checks of a state built by hand.
make_state: _MakeState = (_make_state_native if is_native(GameState)
                          else quick_constructor(GameState))
"""Build a :class:`GameState` (the arguments of its constructor, by position or name)."""
make_turn: _MakeTurn = quick_constructor(Turn)
"""Build a :class:`Turn` (the arguments of its constructor, by position or name)."""
make_side: _MakeSide = quick_constructor(SideTable)
"""Build a :class:`SideTable` (the arguments of its constructor, by position or name)."""
