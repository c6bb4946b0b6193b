"""The measures of a comparison (:func:`~canasta_caliente.compare`): every measure of a table of
a rule set's shape, by name, whether each is a rate, and the one check of a measure's name.

Kept apart from :mod:`canasta_caliente.studies.compare`, which re-exports its public names, so
that the plots of a comparison (:mod:`canasta_caliente.studies.plots`, which ``compare``
imports) check and read the measures without importing ``compare``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, TypeAlias

from ..errors import ArgumentError, CanastaTypeError, describe_value, short_repr
from ..rules.ruleset import RuleSet
from ..state.game import HandEnd

if TYPE_CHECKING:  # (outcomes imports the plots, which import this module)
    from .outcomes import GameResult

__all__ = ["Measure", "check_measure", "check_measures", "measures", "rates", "signed"]


Measure: TypeAlias = "Callable[[GameResult], tuple[float, float]]"
"""A measure: per game, a numerator and a denominator (hands for per-hand measures, 1 for
per-game ones); the estimate is sum(numerators) / sum(denominators)."""


def _side_points(side: int) -> Measure:
    return lambda g: (sum(t[side] for t in g.hand_totals), g.hands)


def _going_out(seats: tuple[int, ...]) -> Measure:
    return lambda g: (sum(1 for h in g.hand_results
                          if h.went_out is not None and h.went_out in seats), g.hands)


def _ending(end: str) -> Measure:
    return lambda g: (sum(1 for x in g.hand_ends if x == end), g.hands)


def _wins(side: int) -> Measure:
    return lambda g: (1.0 if g.winner == side else 0.0, 1)


def _table(rules: RuleSet) -> dict[str, tuple[Measure, bool]]:
    """Every measure by name, in order, with whether it is a rate (a proportion). Every
    measure but the points (:func:`signed`) is a count or a rate, never below 0."""
    layout = rules.layout
    out: dict[str, tuple[Measure, bool]] = {
        "hands per game": (lambda g: (g.hands, 1), False),
        # How long a game and a hand are in play: a rule that cuts the hands of a game may
        # lengthen each hand, so that the game is barely shorter.
        "actions per game": (lambda g: (g.actions, 1), False),
        "actions per hand": (lambda g: (g.actions, g.hands), False)}
    for side in range(len(layout)):
        out[_points(side)] = (_side_points(side), False)
    out["canastas per hand"] = (lambda g: (sum(g.canastas), g.hands), False)
    for side, seats in enumerate(layout):
        out[f"going-out rate, side {side}"] = (_going_out(seats), True)
    out["pile takes per hand"] = (lambda g: (sum(sum(t) for t in g.pile_takes), g.hands),
                                  False)
    for end in HandEnd:
        out[f"hands ending {end.value}"] = (_ending(end.value), True)
    for side, seats in enumerate(layout):
        names = " ".join(map(str, seats))
        name = (f"win rate, seat {names}" if len(seats) == 1
                else f"win rate, side {side} (seats {names})")
        out[name] = (_wins(side), True)
    return out


def measures(rules: RuleSet) -> dict[str, Measure]:
    """The measures of a comparison for a table of ``rules``' shape, by name, in order: each
    maps a game to (numerator, denominator), the measure being the ratio of their sums."""
    return {name: measure for name, (measure, _) in _table(rules).items()}


def signed(rules: RuleSet) -> tuple[str, ...]:
    """The names of the :func:`measures` that may be below 0: the points per hand (the others
    count or are rates, so a variant's value falls by at most all of it)."""
    return tuple(_points(side) for side in range(len(rules.layout)))


def _points(side: int) -> str:
    """The name of a side's points per hand (one home: the table and :func:`signed`)."""
    return f"points per hand, side {side}"


def rates(rules: RuleSet) -> tuple[str, ...]:
    """The names of the :func:`measures` that are rates (proportions, in [0, 1]), whose
    intervals are Wilson's and Newcombe's (see the module's docstring).

    >>> import canasta_caliente as cc
    >>> from canasta_caliente.studies.compare import rates
    >>> rates(cc.RuleSet.preset("caliente-2p"))[:2]
    ('going-out rate, side 0', 'going-out rate, side 1')
    """
    return tuple(name for name, (_, rate) in _table(rules).items() if rate)


def check_measure(rules: RuleSet, value: object, name: str = "measure") -> str:
    """``value`` if it names one of the :func:`measures` of ``rules``' table: the one check of
    a measure's name, for :meth:`Comparison.difference` and its plot. A :class:`TypeError`
    if it is not a string; an :class:`~canasta_caliente.ArgumentError`, listing the measures,
    if it names none."""
    if not isinstance(value, str):
        raise CanastaTypeError(f"{name} must be a str (a measure's name), not "
                               f"{describe_value(value)}")
    known = measures(rules)
    if value not in known:
        raise ArgumentError(f"{name}: no measure {short_repr(value)} in this comparison "
                            f"(its measures: {', '.join(map(repr, known))})")
    return value


def check_measures(rules: RuleSet, value: object, name: str = "measures") -> list[str]:
    """``value`` as a list of measures' names, each checked by :func:`check_measure`: a
    string is one measure (not a sequence of letters), any other iterable holds names. A
    :class:`TypeError` if it is neither; an :class:`~canasta_caliente.ArgumentError` if it
    is empty."""
    if isinstance(value, str):
        return [check_measure(rules, value, name)]
    if isinstance(value, bytes | Mapping) or not isinstance(value, Iterable):
        raise CanastaTypeError(f"{name} must be a measure's name or a list of them, not "
                               f"{describe_value(value)}")
    names = [check_measure(rules, item, f"{name}[{i}]") for i, item in enumerate(value)]
    if not names:
        raise ArgumentError(f"{name} must name at least one measure: it names none")
    return names
