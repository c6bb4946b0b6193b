"""Comparing rule sets: what does a house rule change?

:func:`compare` plays the same games (the same bots, the same seeds) under each variant and
measures each one: hands per game, actions per game and per hand (how long a game and a hand
are in play: the players' actions, deals not counted), points per hand per side, canastas per
hand, how often each side goes out, pile takes per hand, how hands end, and each side's win
rate (a seat's, where each seat is a side). Seat 0 plays first in the first hand, so side 0's
edge is the first player's advantage (the bots change sides every game, so it is not theirs).
Every measure comes with a 95% confidence interval, per variant and for the difference of
every pair; a difference whose interval holds zero is reported as not significant.

The game is the unit of the statistics: games are independent, hands of a game are not. Which
interval a measure gets depends on what it is:

- A count or an amount (hands per game, actions per game and per hand, points per hand,
  canastas per hand, pile takes per hand): the estimate ± 1.96 standard errors. A per-hand
  measure is a ratio of sums over games, whose standard error comes from the games'
  linearized values (the delta method). A pair's difference is taken game by game on the
  shared seeds, so what the deals have in common cancels out.
- A rate, a proportion in [0, 1] (:func:`rates`: the going-out rates, how hands end, the win
  rates): Wilson's score interval, on the games for a win rate and on the effective number of
  hands for a per-hand rate (:func:`~canasta_caliente.studies.stats.rate_interval`). It stays
  in [0, 1] and is never a point, even for a rate of 0 or 1. A pair's difference gets
  Newcombe's hybrid score interval for paired proportions
  (:func:`~canasta_caliente.studies.stats.rate_difference_interval`), which stays in [-1, 1].
  Of no games (an interrupted comparison may have none), a rate is NaN and its interval the
  whole of [0, 1], nothing being known (as a simulation's win rates), and a difference's
  interval the whole of [-1, 1].

>>> import canasta_caliente as cc
>>> base = cc.RuleSet.preset("caliente")
>>> comparison = cc.compare({"caliente": base, "frozen": base.replace(always_frozen=True)},
...                         bots=["heuristic"], games=20, seed=1)
>>> row = comparison.difference("frozen", "caliente", "hands per game")
>>> row["difference"] == row["b"] - row["a"]
True
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from .._arguments import MAX_HANDS
from .._extras import require
from ..errors import ArgumentError, CanastaTypeError, describe_value, short_repr
from ..play.text import count_phrase
from ..records._codec import pretty_json, read_document
from ..rules.differences import change_text, option_changes
from ..rules.ruleset import RuleSet, check_ruleset
from ._measures import Measure, check_measure, check_measures, measures, rates
from .outcomes import GameResult, SimulationResult
from .play import BotSpec, check_seating
from .plots import plot_comparison
from .results import level_columns, to_pandas
from .saved import COMPARISON, COMPARISON_SCHEMA, read_comparison
from .simulate import check_options, checked_arguments, play_variants
from .stats import rate_difference_interval, rate_interval
from .tables import hand_limit_lines

__all__ = ["FEW_GAMES", "Comparison", "Estimate", "check_measure", "check_measures", "compare",
           "measures", "rates"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen
class Estimate:
    """A measure's value with its 95% confidence interval."""

    value: float
    """The estimate (a mean per game, or a ratio of sums per hand)."""
    low: float
    """The interval's lower end."""
    high: float
    """The interval's upper end."""

    @property
    def significant(self) -> bool:
        """True when the interval excludes zero (for a difference: the variants differ)."""
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return f"{self.value:.4g} [{self.low:.4g}, {self.high:.4g}]"


def _ratio(pairs: Sequence[tuple[float, float]]) -> tuple[float, list[float]]:
    """The ratio of sums and each game's linearized value (its influence on the ratio)."""
    num = sum(p[0] for p in pairs)
    den = sum(p[1] for p in pairs)
    if den == 0:
        return (math.nan, [0.0] * len(pairs))
    ratio = num / den
    mean_den = den / len(pairs)
    return ratio, [(y - ratio * n) / mean_den for y, n in pairs]


def _interval(value: float, influences: Sequence[float]) -> Estimate:
    n = len(influences)
    if n < 2 or math.isnan(value):
        return Estimate(value, -math.inf if n < 2 else math.nan,
                        math.inf if n < 2 else math.nan)
    mean = sum(influences) / n
    var = sum((u - mean) ** 2 for u in influences) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(value, value - half, value + half)


@attrs.frozen
class Comparison:
    """The results of :func:`compare`: one
    :class:`~canasta_caliente.studies.outcomes.SimulationResult`
    per variant, all on the same seeds, and the measures with their intervals."""

    results: Mapping[str, SimulationResult]
    """Per variant label, its simulation (its ``label`` is the variant's)."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The variants' labels, in the order given."""
        return tuple(self.results)

    @property
    def games(self) -> int:
        """The games compared per variant (all variants share the first this many seeds)."""
        return min((len(r.games) for r in self.results.values()), default=0)

    @property
    def interrupted(self) -> bool:
        """True if the comparison stopped early (see :func:`compare`): every variant then
        keeps the games all of them played, games ``0`` to :attr:`games` ``- 1``."""
        return any(r.interrupted for r in self.results.values())

    def _interrupted_note(self) -> str:
        requested = max((r.requested for r in self.results.values()), default=0)
        return (f"(interrupted: {self.games} of {count_phrase(requested, 'game')} per variant "
                "played by every variant, and compared)")

    def _measures(self) -> dict[str, Measure]:
        return measures(self._rules())

    def _rates(self) -> frozenset[str]:
        return frozenset(rates(self._rules()))

    def _notes(self) -> list[str]:
        """What the tables say under the measures of every variant: too few games for the
        intervals; bots that take the sides in turn, so that a side's measures mix them."""
        notes = [_FEW_GAMES_NOTE] if self.games < FEW_GAMES else []
        bots = next(iter(self.results.values())).bots
        if len(set(bots)) > 1:
            notes.append(f"the bots ({', '.join(bots)}) take the sides in turn, game by game, "
                         "so a side's measures mix them; each bot's wins are in the games' "
                         "table (to_pandas('game'), winner_bot)")
        return notes

    def _rules(self) -> RuleSet:
        return next(iter(self.results.values())).rules

    def _counts(self) -> dict[str, dict[str, list[tuple[float, float]]]]:
        """Per variant, per measure: each game's (numerator, denominator)."""
        n = self.games
        table = self._measures()
        return {label: {name: [f(g) for g in result.games[:n]] for name, f in table.items()}
                for label, result in self.results.items()}

    @staticmethod
    def _estimate(rate: bool, pairs: list[tuple[float, float]]) -> Estimate:
        """One variant's measure with the interval its kind takes (see the module)."""
        if rate:
            if sum(p[1] for p in pairs) > 0:
                return Estimate(*rate_interval(pairs, Z95))
            return Estimate(math.nan, 0.0, 1.0)  # no games: nothing is known of the rate
        return _interval(*_ratio(pairs))

    @staticmethod
    def _difference(rate: bool, a: list[tuple[float, float]],
                    b: list[tuple[float, float]]) -> Estimate:
        """The paired difference ``b - a`` of a measure with the interval its kind takes."""
        if rate:
            if sum(p[1] for p in a) > 0 and sum(p[1] for p in b) > 0:
                return Estimate(*rate_difference_interval(a, b, Z95))
            return Estimate(math.nan, -1.0, 1.0)
        value_a, infl_a = _ratio(a)
        value_b, infl_b = _ratio(b)
        return _interval(value_b - value_a,
                         [ub - ua for ua, ub in zip(infl_a, infl_b, strict=True)])

    def estimates(self) -> dict[str, dict[str, Estimate]]:
        """Per variant, per measure, the estimate with its 95% confidence interval (Wilson's
        for a rate, see the module's docstring)."""
        rated = set(rates(self._rules()))
        return {label: {name: self._estimate(name in rated, pairs)
                        for name, pairs in per.items()}
                for label, per in self._counts().items()}

    def pairs(self) -> Iterator[tuple[str, str]]:
        """Every pair of variants ``(a, b)``, ``a`` before ``b`` in the order given."""
        labels = self.labels
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                yield a, b

    def summary(self) -> list[dict[str, Any]]:
        """The comparison as rows of plain scalars: one row per measure per pair, with each
        variant's value and interval (``a``, ``a_low``, ``a_high``, ``b``, ...), the difference
        ``b - a`` with its interval, and ``significant`` (the interval excludes zero)."""
        counts = self._counts()
        rated = set(rates(self._rules()))
        rows: list[dict[str, Any]] = []
        for a, b in self.pairs():
            for name in self._measures():
                rate = name in rated
                est_a = self._estimate(rate, counts[a][name])
                est_b = self._estimate(rate, counts[b][name])
                diff = self._difference(rate, counts[a][name], counts[b][name])
                rows.append({
                    "measure": name, "variant_a": a, "variant_b": b,
                    "a": est_a.value, "a_low": est_a.low, "a_high": est_a.high,
                    "b": est_b.value, "b_low": est_b.low, "b_high": est_b.high,
                    "difference": diff.value, "difference_low": diff.low,
                    "difference_high": diff.high, "significant": diff.significant,
                    "games": self.games,
                })
        return rows

    def difference(self, a: str, b: str, measure: str) -> dict[str, Any]:
        """The :meth:`summary` row of ``measure`` for the pair ``a``, ``b`` (the difference is
        ``b - a``, whichever order the variants were given in).

        A :class:`TypeError` if ``a``, ``b`` or ``measure`` is not a string; an
        :class:`~canasta_caliente.ArgumentError` for a variant or a measure the comparison does
        not have (the message lists those it has) or the same variant twice (a variant has no
        difference with itself)."""
        for name, value in (("a", a), ("b", b)):
            if not isinstance(value, str):
                raise CanastaTypeError(f"{name} must be a str (a variant's label), not "
                                       f"{describe_value(value)}")
        check_measure(self._rules(), measure)
        labels = self.labels
        for name, value in (("a", a), ("b", b)):
            if value not in labels:
                raise ArgumentError(f"{name}: no variant {short_repr(value)} in this "
                                    f"comparison (its variants: {', '.join(map(repr, labels))})")
        if a == b:
            raise ArgumentError(f"a and b are the same variant {a!r}: a difference is between "
                                f"two variants (this comparison's: "
                                f"{', '.join(map(repr, labels))})")
        for row in self.summary():
            if row["measure"] != measure:
                continue
            if (row["variant_a"], row["variant_b"]) == (a, b):
                return row
            if (row["variant_a"], row["variant_b"]) == (b, a):
                return _swapped(row)
        raise AssertionError(f"no row of {measure!r} for {a!r} and {b!r}")  # checked above

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the document's kind and format (``"schema"``,
        :data:`~canasta_caliente.studies.saved.COMPARISON_SCHEMA`), the variants' labels, the
        games compared, whether the comparison was interrupted, each variant's
        :meth:`estimates` (per measure ``[value, low, high]``), the :meth:`summary` rows, and
        every variant's
        :meth:`~canasta_caliente.SimulationResult.to_dict` (all its games, compared or not).
        A statistic of no games (NaN) and an infinite end of an interval (of fewer than two
        games) are ``None`` here: JSON has neither.

        >>> import json
        >>> two = cc.RuleSet.preset("caliente-2p")
        >>> comparison = cc.compare({"open": two, "frozen": two.replace(always_frozen=True)},
        ...                         bots=["random"], games=4, seed=1)
        >>> data = json.loads(json.dumps(comparison.to_dict(), allow_nan=False))
        >>> sorted(data)
        ['estimates', 'games', 'interrupted', 'results', 'schema', 'summary', 'variants']
        >>> data["schema"]
        {'name': 'canasta-caliente/comparison', 'version': 1}
        >>> data["variants"], data["games"], data["interrupted"]
        (['open', 'frozen'], 4, False)
        >>> data["summary"][0] == comparison.summary()[0]
        True
        """
        return {
            "schema": dict(COMPARISON_SCHEMA),
            "variants": list(self.labels),
            "games": self.games,
            "interrupted": self.interrupted,
            "estimates": {label: {name: [_finite(x) for x in (e.value, e.low, e.high)]
                                  for name, e in per.items()}
                          for label, per in self.estimates().items()},
            "summary": [{key: _finite(value) if isinstance(value, float) else value
                         for key, value in row.items()} for row in self.summary()],
            "results": {label: result.to_dict() for label, result in self.results.items()},
        }

    def to_json(self, *, indent: int | str | None = 2) -> str:
        """:meth:`to_dict` as a JSON document (``indent`` as :func:`json.dumps` takes it;
        ``None``: one line); :meth:`from_json` reads it back."""
        return pretty_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Any) -> Comparison:
        """Read a comparison back from its :meth:`to_dict` data: every variant's result
        checked as :meth:`SimulationResult.from_dict
        <canasta_caliente.SimulationResult.from_dict>` checks one, all of the same bots, seed
        and table, and the estimates and summary those of the results
        (:func:`~canasta_caliente.studies.saved.read_comparison`); a malformed one raises
        :class:`~canasta_caliente.StateError` listing every problem.

        >>> two = cc.RuleSet.preset("caliente-2p")
        >>> comparison = cc.compare({"open": two, "frozen": two.replace(always_frozen=True)},
        ...                         bots=["random"], games=4, seed=1)
        >>> Comparison.from_dict(comparison.to_dict()) == comparison
        True
        """
        return read_comparison(data, GameResult, SimulationResult,
                               lambda results: cls(results=results))

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Comparison:
        """Read a comparison from JSON text (see :meth:`from_dict`)."""
        return cls.from_dict(read_document(text, COMPARISON))

    def to_records(self, level: str = "game") -> list[dict[str, Any]]:
        """Every variant's :meth:`~canasta_caliente.studies.outcomes.SimulationResult.to_records`,
        one
        after the other (the ``variant`` column tells them apart)."""
        return [row for result in self.results.values() for row in result.to_records(level)]

    def to_pandas(self, level: str = "game") -> Any:
        """:meth:`to_records` as a :class:`pandas.DataFrame` (needs the extra ``analysis``)."""
        rules = next(iter(self.results.values())).rules  # every variant seats the same table
        return to_pandas(self.to_records(level), level, level_columns(rules, level),
                         labelled=True)

    def summary_pandas(self) -> Any:
        """:meth:`summary` as a :class:`pandas.DataFrame` (needs the extra ``analysis``)."""
        require("pandas", "analysis")
        return to_pandas(self.summary())

    def table(self) -> str:
        """The summary as text: per measure, each variant's value with its interval, then for
        each pair the difference with its interval and whether it is significant. Of no
        games (an interrupt before every variant finished one) there is nothing to compare,
        and the table says so rather than show every value unknown and every difference
        "not significant"."""
        if not self.games:
            lines = [_NOTHING_COMPARED]
            if self.interrupted:
                lines.extend(["", self._interrupted_note()])
            return "\n".join(lines)
        est = self.estimates()
        labels = self.labels
        lines = [f"{count_phrase(self.games, 'game')} per variant, the same seeds for each; "
                 "95% confidence intervals"]
        width = max(len(m) for m in self._measures())
        rated = self._rates()
        lines.append(f"{'measure':<{width}}" + "".join(f"  {lab:>28}" for lab in labels))
        for name in self._measures():
            lines.append(f"{name:<{width}}" + "".join(
                f"  {_fmt(est[lab][name], name in rated):>28}" for lab in labels))
        for label in labels:
            lines += hand_limit_lines(self.results[label], label)
        for note in self._notes():
            lines += textwrap.wrap(f"note: {note}", width=100, subsequent_indent="  ")
        for a, b in self.pairs():
            lines.append("")
            lines.append(f"{b} - {a}:")
            for said in _options_differing(self.results[a].rules, self.results[b].rules):
                if said is not None:
                    lines.extend(textwrap.wrap(said, width=100, initial_indent="  ",
                                               subsequent_indent="    "))
            quiet, unmeasured = [], []
            for row in self.summary():
                if (row["variant_a"], row["variant_b"]) != (a, b):
                    continue
                diff = Estimate(row["difference"], row["difference_low"],
                                row["difference_high"])
                if row["significant"]:
                    lines.append(f"  {row['measure']:<{width}}  "
                                 f"{_fmt(diff, row['measure'] in rated, signed=True)}")
                elif not (math.isfinite(diff.low) and math.isfinite(diff.high)):
                    unmeasured.append(row["measure"])  # (one game: no spread to measure)
                else:
                    quiet.append(row["measure"])
            if quiet:
                lines.extend(textwrap.wrap(
                    "not significant (the 95% interval of the difference holds zero: these "
                    "games cannot tell the variants apart on it): " + "; ".join(quiet) + ".",
                    width=100, initial_indent="  ", subsequent_indent="    "))
            if unmeasured:
                lines.extend(textwrap.wrap(
                    "no interval (too few games to measure the spread): " + "; ".join(unmeasured)
                    + ".", width=100, initial_indent="  ", subsequent_indent="    "))
        if self.interrupted:
            lines.extend(["", self._interrupted_note()])
        return "\n".join(lines)

    def plot(self, kind: str = "differences", **options: Any) -> Any:
        """A matplotlib figure (returned, not shown; needs the extra ``analysis``):
        ``"differences"``, every pair's differences with their intervals (of every measure
        but the rates of how hands end, unless ``measures=`` names them); ``"scores"`` or
        ``"hands"``, each variant's hand scores or hands per game. ``measures=`` limits the
        differences to those named, checked as :meth:`difference` checks its ``measure`` (a
        single name is one measure); the other kinds refuse it (an
        :class:`~canasta_caliente.ArgumentError`); ``figsize=`` sizes it, ``ax=`` draws it in
        matplotlib axes of the caller's. See
        :func:`canasta_caliente.studies.plots.plot_comparison`."""
        return plot_comparison(self, kind, **options)

    def __str__(self) -> str:
        """The text table (:meth:`table`), what ``print(comparison)`` shows, as a
        tournament's."""
        return self.table()

    def __repr__(self) -> str:
        significant = sum(1 for r in self.summary() if r["significant"])
        stopped = " (interrupted)" if self.interrupted else ""
        return (f"<Comparison of {', '.join(self.labels)}: {count_phrase(self.games, 'game')} "
                f"each{stopped}, {count_phrase(significant, 'significant difference')}>")

    def _repr_html_(self) -> str:
        esc = html.escape
        if not self.games:
            return (f"<div><strong>Comparison</strong>: {esc(_NOTHING_COMPARED)}"
                    + (f"<p>{self._interrupted_note()}</p>" if self.interrupted else "")
                    + "</div>")
        est = self.estimates()
        head = "".join(f"<th>{esc(lab)}</th>" for lab in self.labels)
        pairs = list(self.pairs())
        head += "".join(f"<th>{esc(b)} − {esc(a)}</th>" for a, b in pairs)
        by_pair = {(r["variant_a"], r["variant_b"], r["measure"]): r for r in self.summary()}
        body = []
        rated = self._rates()
        for name in self._measures():
            cells = "".join(f"<td>{_fmt(est[lab][name], name in rated)}</td>"
                            for lab in self.labels)
            for a, b in pairs:
                row = by_pair[(a, b, name)]
                diff = Estimate(row["difference"], row["difference_low"],
                                row["difference_high"])
                text = _fmt(diff, name in rated, signed=True)
                cells += (f"<td><strong>{text}</strong></td>" if row["significant"]
                          else f"<td>{text} <em>(not significant)</em></td>")
            body.append(f"<tr><th>{esc(name)}</th>{cells}</tr>")
        said = []
        for a, b in pairs:
            options, note = _options_differing(self.results[a].rules, self.results[b].rules)
            said.append(f"<li>{esc(b)} − {esc(a)}: {esc(options)}"
                        + ("" if note is None else f" <em>({esc(note)})</em>") + "</li>")
        return (f"<div><strong>Comparison</strong>: {count_phrase(self.games, 'game')} per "
                "variant, the same seeds for each; 95% confidence intervals. A difference is "
                "not significant when its interval holds zero.<table><thead><tr><th>measure</th>"
                f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
                f"<ul>{''.join(said)}</ul>"
                + "".join(f"<p>note: {esc(note)}</p>" for note in self._notes())
                + (f"<p>{self._interrupted_note()}</p>" if self.interrupted else "")
                + "</div>")


_NOTHING_COMPARED = "no game was played under every variant: nothing to compare"

FEW_GAMES = 30
"""Below this many games a variant, a comparison's table says its intervals are too narrow."""

_FEW_GAMES_NOTE = (f"from fewer than {FEW_GAMES} games a variant, the intervals of the measures "
                   "that are not rates (the mean plus or minus 1.96 standard errors) hold the "
                   "true value less often than 95% of the time (78% of runs of 3 games, for "
                   "hands per game), and from one game they have none: play more games "
                   "before reading them")


def _finite(value: float) -> float | None:
    """A statistic as JSON data: NaN (of no games) or an infinite end (of fewer than two
    games) as ``None``."""
    return value if math.isfinite(value) else None


def _swapped(row: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    out["variant_a"], out["variant_b"] = row["variant_b"], row["variant_a"]
    for key in ("", "_low", "_high"):
        out["a" + key], out["b" + key] = row["b" + key], row["a" + key]
    out["difference"] = -row["difference"]
    out["difference_low"] = -row["difference_high"]
    out["difference_high"] = -row["difference_low"]
    return out


def _fmt(est: Estimate, rate: bool, signed: bool = False) -> str:
    """An estimate and its interval, to a fixed number of decimals by the measure's kind: a
    rate's three (its interval was rounded to a point, ``1.00 [1.00, 1.00]``, for
    [0.998, 1.000]), another's two (the decimals changed with the value's size, from row to
    row and run to run: a notebook user's trial)."""
    sign, digits = "+" if signed else "", 3 if rate else 2
    if not (math.isfinite(est.low) and math.isfinite(est.high)):  # (a mean of one game)
        return f"{est.value:{sign}.{digits}f} [no interval]"
    return (f"{est.value:{sign}.{digits}f} [{est.low:{sign}.{digits}f}, "
            f"{est.high:{sign}.{digits}f}]")


def compare(
    variants: Mapping[str, RuleSet],
    *,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = False,
    chunk_size: int | None = None,
    max_hands: int = MAX_HANDS,
    on_result: Callable[[str, GameResult], None] | None = None,
    keep_records: bool = False,
) -> Comparison:
    """Play ``games`` games between ``bots`` under each variant (``variants`` maps a label to
    a :class:`~canasta_caliente.RuleSet`), every variant on the same seeds, and compare them
    (see :class:`Comparison`). Each variant's games are those of
    ``simulate(rules, bots, games, seed, label=label)``, game ``i`` on the seed
    :func:`~canasta_caliente.studies.play.game_seed` ``(seed, i)``. ``workers``, ``executor``,
    ``progress``, ``chunk_size``, ``max_hands`` and ``keep_records`` are
    :func:`~canasta_caliente.simulate`'s, checked as it checks them; ``on_result`` is called
    with the variant's label and each game's :class:`~canasta_caliente.GameResult` as it is
    played (``simulate``'s is given the result alone).

    The variants must seat the same number of players in the same sides (the measures are per
    seat and per side). Raises :class:`~canasta_caliente.ArgumentError` for fewer than two
    variants or tables of different shapes.

    The variants are played in step, so that at any moment each has played about the same
    games: in this process (``workers=1``, or a single chunk, without an ``executor``) game by
    game, game 0 of every variant in turn, then game 1, and so on; on a pool or an
    ``executor``, chunk by chunk, each chunk of ``chunk_size`` games (unless given,
    :func:`~canasta_caliente.studies.simulate.chunk_size_for` of a variant's games) submitted
    for every variant in turn. The pool is one for all the variants, of as many processes as
    :func:`~canasta_caliente.simulate` would start for one variant's games
    (:func:`~canasta_caliente.studies.simulate.workers_used`). ``progress`` shows one bar, of
    the games of every variant (``games`` times the number of variants).

    An interrupt (a :class:`KeyboardInterrupt`: Ctrl-C, a notebook's kernel interrupt, or one
    raised by ``on_result``) stops the comparison as it stops
    :func:`~canasta_caliente.simulate` (its workers ended, its chunks not started cancelled)
    and returns what can be compared, with :attr:`Comparison.interrupted` true: every variant
    cut to the games that every variant played, games ``0`` to ``n - 1`` (the same games as a
    comparison of ``n`` games with the same seed). The variants being played in step, that is
    nearly every game played: all but those of the last round in this process, all but about
    the chunks in flight on a pool.
    """
    if not isinstance(variants, Mapping):
        raise CanastaTypeError("variants must map a label to a RuleSet, not "
                               f"{type(variants).__name__}")
    if len(variants) < 2:
        raise ArgumentError(f"variants must hold at least two variants, got {len(variants)}")
    for label, rules in variants.items():
        if not isinstance(label, str):
            raise CanastaTypeError(f"a variant's label must be a str, not {type(label).__name__}")
        if not label.strip():
            raise ArgumentError(f"a variant's label cannot be empty or white space alone "
                                f"({label!r}): it heads the variant's column")
        check_ruleset(rules, f"variant {label!r}")
    shapes = {label: (rules.players, rules.layout) for label, rules in variants.items()}
    if len(set(shapes.values())) > 1:
        raise ArgumentError("the variants must seat the same players in the same sides: "
                         + "; ".join(f"{label}: {p} players in sides {layout}"
                                     for label, (p, layout) in shapes.items()))
    first = next(iter(variants.values()))
    games, seed, specs, names = checked_arguments(first, bots, games, seed)
    check_seating(first, specs)  # the variants' tables are the same
    workers, chunk_size, max_hands = check_options(
        executor, workers, progress, chunk_size, max_hands, on_result, keep_records,
        told=("the variant's label", "the game's result"), games=games)
    labels = tuple(variants)
    given = on_result  # each game's result, told of its variant by its label
    report = None if given is None else lambda v, result: given(labels[v], result)
    played = play_variants(tuple((rules, label) for label, rules in variants.items()), specs,
                           names, games, seed, workers=workers, executor=executor,
                           progress=progress, chunk_size=chunk_size, max_hands=max_hands,
                           on_result=report, keep_records=keep_records)
    # Interrupted, every variant keeps the games all of them played (each a prefix of its
    # games, the same seeds), so that every table and plot compares the same.
    common = min(len(result.games) for result in played)
    return Comparison({label: attrs.evolve(result, games=result.games[:common])
                       for label, result in zip(labels, played, strict=True)})


LENGTH_OPTIONS = ("target_score", "minimum_below_zero", "initial_meld_minimums")
"""The options that change which hands a game plays (how long it lasts, the first-meld minimum
at each score): a per-hand measure of variants that differ in one of them averages over other
hands, and may differ by that alone."""


def _options_differing(a: RuleSet, b: RuleSet) -> tuple[str, str | None]:
    """What the rules of a pair change, in words
    (:func:`~canasta_caliente.rules.differences.option_changes`: ``"options: ..."``, or ``"the
    same rules"``), and a note when an option of :data:`LENGTH_OPTIONS` is among them (else
    ``None``): the lines under each pair of :meth:`Comparison.table`, and of its HTML."""
    changes = option_changes(a, b)
    if not changes:
        return "the same rules", None
    listed = "; ".join(f"{info.name} {change_text(x, y)}" for info, x, y in changes)
    length = [info.name for info, _, _ in changes if info.name in LENGTH_OPTIONS]
    if not length:
        return f"options: {listed}", None
    return f"options: {listed}", (
        f"note: {' and '.join(length)} differ{'s' if len(length) == 1 else ''}: the games "
        "play other hands (at other scores, with other first-meld minimums), so a per-hand "
        "measure may differ by that alone; compare one option at a time to tell the options "
        "apart.")
