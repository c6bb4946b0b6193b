"""Plots of simulations, comparisons and tournaments (needs the extra ``analysis``:
matplotlib).

Each function returns a :class:`matplotlib.figure.Figure` and shows nothing: the figure is
closed in :mod:`matplotlib.pyplot` as soon as it is made, so nothing accumulates there and
``plt.show()`` does not show it again. It works the same in a script, on a server without a
display (any backend, Agg included) and in a notebook, where a figure that ends a cell is drawn
under it. Save one with ``figure.savefig("file.png")``. A legend stands outside the axes, on
their right, so that it never covers data.

>>> import canasta_caliente as cc
>>> result = cc.simulate(cc.RuleSet.preset("caliente"), bots=["heuristic", "random"], games=4)
>>> figure = result.plot("scores")
>>> type(figure).__name__, len(figure.axes)
('Figure', 1)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._arguments import check_choice, read_real
from .._extras import require
from ..errors import ArgumentError, CanastaTypeError, describe_value
from ..play.text import count_phrase
from ._measures import check_measures, rates, signed

if TYPE_CHECKING:
    from .compare import Comparison
    from .outcomes import SimulationResult
    from .tournament import Tournament

__all__ = ["COMPARISON_KINDS", "RESULT_KINDS", "TOURNAMENT_KINDS", "plot_comparison",
           "plot_result", "plot_tournament"]

RESULT_KINDS = ("scores", "hands", "final")
"""The kinds of :func:`plot_result`."""

COMPARISON_KINDS = ("differences", "scores", "hands")
"""The kinds of :func:`plot_comparison`."""

TOURNAMENT_KINDS = ("ratings",)
"""The kinds of :func:`plot_tournament`."""


def _refuse_unknown(what: str, unknown: dict[str, Any], *taken: str) -> None:
    """A :class:`TypeError` for the options of a ``plot`` method it does not take, naming
    those it does (Python's own message would name this module's function)."""
    if unknown:
        options = f"the option {taken[0]}" if len(taken) == 1 else (
            f"the options {', '.join(taken)}")
        raise CanastaTypeError(f"{what} takes {options} (besides kind), not "
                               f"{', '.join(sorted(unknown))}")


def _check_figsize(figsize: Any) -> None:
    """``figsize`` a pair ``(width, height)`` of positive finite numbers (inches): a
    :class:`TypeError` if it is not a pair of numbers, an
    :class:`~canasta_caliente.ArgumentError` if a number is not positive and finite."""
    if figsize is None:
        return
    if isinstance(figsize, str) or not isinstance(figsize, Sequence) or len(figsize) != 2:
        raise CanastaTypeError(f"figsize must be a pair (width, height) of numbers in inches, not "
                               f"{describe_value(figsize)}")
    for name, value in zip(("width", "height"), figsize, strict=True):
        number = read_real(f"figsize's {name}", value)
        if not 0 < number < math.inf:
            raise ArgumentError(f"figsize's {name} must be a positive number of inches, not "
                                f"{value!r}")


def _figure(**options: Any) -> Any:
    """A new figure, already closed in pyplot (made through pyplot so that a notebook's inline
    backend knows how to draw it)."""
    plt = require("matplotlib.pyplot", "analysis")
    figure = plt.figure(**options)
    plt.close(figure)
    return figure


def _whole_counts(ax: Any) -> None:
    """Ticks of whole numbers on a count axis (games, hands): no tick at 1.5 games."""
    ticker = require("matplotlib.ticker", "analysis")
    ax.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))


LONG_LABEL = 24
"""The longest legend label set on the right of the axes; a legend with a longer one (a
house-rules file's path, say) goes under them, where its width takes none of theirs."""


def _canvas(ax: Any, figsize: Any, default: tuple[float, float]) -> tuple[Any, Any, bool]:
    """The figure and the axes a plot draws in, and whether the figure is the plot's own: a
    new figure of ``figsize`` (or ``default``) with one axes, or the caller's ``ax`` (a
    matplotlib ``Axes``: a subplot of a grid, say) in its figure, whose size is the
    caller's (``figsize`` beside ``ax`` is an :class:`~canasta_caliente.ArgumentError`,
    another ``ax`` a :class:`TypeError`)."""
    _check_figsize(figsize)
    if ax is None:
        figure = _figure(figsize=figsize or default, layout="constrained")
        return figure, figure.add_subplot(), True
    if not isinstance(ax, require("matplotlib.axes", "analysis").Axes):
        raise CanastaTypeError(f"ax must be a matplotlib Axes (one of plt.subplots()'s, say), "
                               f"not {describe_value(ax)}")
    if figsize is not None:
        raise ArgumentError("figsize: a plot drawn in the ax given takes the size of that ax's "
                            "figure; give figsize where the figure is made")
    return ax.figure, ax, False


def _legend(ax: Any, own: bool, **options: Any) -> None:
    """The plot's legend. In a figure of its own, the figure's legend, outside the axes, so
    that it covers no data: a bar's top or the first rows of the differences would be hidden
    under a legend inside them. On their right; under them when a label is longer than
    :data:`LONG_LABEL` characters (on the right, a legend of paths squeezed the axes to a
    sliver and ran over the title: a notebook user's trial). The constrained layout makes
    room for it. In the caller's axes (``own`` false), the axes' own legend, where
    matplotlib finds room: the figure may hold other plots, which a figure's legend would
    cover or mix with this one's."""
    if not own:
        ax.legend(**options)
        return
    labels = ax.get_legend_handles_labels()[1]
    long = max(map(len, labels), default=0) > LONG_LABEL
    ax.figure.legend(loc="outside lower center" if long else "outside right upper", **options)


def _bins(values: list[int], count: int = 30) -> list[float]:
    low, high = min(values, default=0), max(values, default=1)
    if high <= low:
        high = low + 1
    step = (high - low) / count
    return [low + i * step for i in range(count + 1)]


def _hand_scores(result: SimulationResult) -> dict[str, list[int]]:
    """Per bot, the hand scores of the sides it played."""
    layout = result.rules.layout
    out: dict[str, list[int]] = {bot: [] for bot in result.bots}
    for g in result.games:
        for side, seats in enumerate(layout):
            out.setdefault(g.seat_bots[seats[0]], []).extend(t[side] for t in g.hand_totals)
    return out


def plot_result(result: SimulationResult, kind: str = "scores", *,
                figsize: tuple[float, float] | None = None, ax: Any = None,
                **unknown: Any) -> Any:
    """A figure of one simulation: ``"scores"``, the distribution of hand scores per bot;
    ``"hands"``, the number of hands per game; ``"final"``, the final game scores per bot.
    ``figsize`` (6.4 by 4 inches by default) sizes a figure of its own; ``ax`` draws in the
    caller's matplotlib axes instead (a subplot of a grid), and the figure returned is that
    axes' (:func:`_canvas`). Any other option is a :class:`TypeError` naming those taken."""
    _refuse_unknown("a simulation's plot", unknown, "figsize", "ax")
    check_choice("kind", kind, RESULT_KINDS)
    figure, ax, own = _canvas(ax, figsize, (6.4, 4.0))
    name = f" ({result.label})" if result.label else ""
    if not result.games:  # (as its table says: an empty chart said "mean nan")
        _say_no_games(ax)
    if kind == "hands":
        hands = [g.hands for g in result.games]
        edges = [h - 0.5 for h in range(min(hands, default=1), max(hands, default=1) + 2)]
        ax.hist(hands, bins=edges, color="C0", edgecolor="white")
        ax.set_xticks(sorted(set(hands)))  # (whole hands: no tick at 1.6, as a comparison's)
        ax.set_xlabel("hands per game")
        ax.set_ylabel("games")
        _whole_counts(ax)
        ax.set_title(f"Hands per game{name}, {count_phrase(len(result.games), 'game')}")
        return figure
    if kind == "scores":
        per_bot = _hand_scores(result)
        label_x, title = "hand score of a side", "Hand scores"
    else:
        per_bot = {bot: [] for bot in result.bots}
        for g in result.games:
            for side, seats in enumerate(result.rules.layout):
                per_bot.setdefault(g.seat_bots[seats[0]], []).append(g.scores[side])
        label_x, title = "final game score of a side", "Final scores"
    edges = _bins([v for values in per_bot.values() for v in values])
    for bot, values in per_bot.items():
        ax.hist(values, bins=edges, alpha=0.6,
                label=f"{bot} (mean {_mean(values):.0f})" if values else f"{bot} (no games)")
    ax.set_xlabel(label_x)
    ax.set_ylabel("count")
    _whole_counts(ax)
    ax.set_title(f"{title}{name}, {count_phrase(len(result.games), 'game')}")
    _legend(ax, own)
    return figure


def _say_no_games(ax: Any) -> None:
    """Write "no game was played" across an empty chart, as the tables say it."""
    ax.text(0.5, 0.5, "no game was played", ha="center", va="center", transform=ax.transAxes)


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else math.nan


def plot_comparison(comparison: Comparison, kind: str = "differences", *,
                    measures: str | Sequence[str] | None = None,
                    figsize: tuple[float, float] | None = None, ax: Any = None,
                    **unknown: Any) -> Any:
    """A figure of a comparison: ``"differences"`` (every pair's difference in each measure,
    with its 95% interval; significant ones are filled, the others hollow), ``"scores"`` (the
    hand scores of each variant) or ``"hands"`` (hands per game of each variant), each of the
    games compared (:attr:`~canasta_caliente.Comparison.games`, the first games of each
    variant).

    ``measures`` limits the differences to those named (in the order given; a single name is
    one measure), each checked as :meth:`~canasta_caliente.Comparison.difference` checks its
    ``measure`` (:func:`~canasta_caliente.studies.compare.check_measures`); the other kinds
    draw no measure, and refuse ``measures`` with an :class:`~canasta_caliente.ArgumentError`
    (it was ignored); by default every
    measure but the rates of the ways hands end (rare events, whose relative differences are
    too wide to share the axis; :meth:`~canasta_caliente.Comparison.table` has them). Each
    measure is scaled by the size of the first variant's value (A of the legend's ``B − A``),
    so measures of different units share an axis: the difference is shown in percent of it, a
    rise to the right whatever the value's sign (points per hand of -236 to +1452 is +714%); a
    count or a rate falls by at most all of it, so its interval stops at -100% (an absolute
    interval divided by a small rate went below it). Where that value is 0 (a rate of
    0, say), a relative change has no meaning: no point is drawn, and the row says the
    difference itself, with its interval (in percentage points for a rate).

    ``figsize`` sizes a figure of its own; ``ax`` draws in the caller's matplotlib axes
    instead, as :func:`plot_result` does.
    """
    _refuse_unknown("a comparison's plot", unknown, "measures", "figsize", "ax")
    check_choice("kind", kind, COMPARISON_KINDS)
    _check_figsize(figsize)
    if kind != "differences" and measures is not None:
        raise ArgumentError(f"measures: kind {kind!r} draws every variant's "
                            f"{'hand scores' if kind == 'scores' else 'hands per game'} and "
                            "takes no measures; measures= chooses the measures of kind "
                            "'differences'")
    if kind != "differences":
        figure, ax, own = _canvas(ax, figsize, (6.4, 4.0))
        data: dict[str, list[int]] = {}
        compared = comparison.games  # the games every variant played, as the title says
        for label, result in comparison.results.items():
            if kind == "hands":
                data[label] = [g.hands for g in result.games[:compared]]
            else:
                data[label] = [t for g in result.games[:compared] for t in
                               (x for totals in g.hand_totals for x in totals)]
        if kind == "hands":  # side-by-side bars, one per variant, for each number of hands
            counts = [Counter(values) for values in data.values()]
            hands = sorted(set().union(*counts))
            width = 0.8 / len(data)
            for i, (label, values) in enumerate(data.items()):
                ax.bar([h - 0.4 + width * (i + 0.5) for h in hands],
                       [counts[i][h] for h in hands], width=width,
                       label=f"{label} (mean {_mean(values):.2f})")
            ax.set_xticks(hands)
            _whole_counts(ax)
        else:
            edges = _bins([v for values in data.values() for v in values])
            for label, values in data.items():
                # Each variant's share of its hand scores: the variants play as many games,
                # not as many hands, and counts drew the one of fewer hands lower throughout.
                share = [1 / len(values)] * len(values) if values else None
                ax.hist(values, bins=edges, alpha=0.55, weights=share,
                        label=f"{label} (mean {_mean(values):.2f})")
        ax.set_xlabel("hands per game" if kind == "hands" else "hand score of a side")
        ax.set_ylabel("games" if kind == "hands" else "share of the variant's hand scores")
        ax.set_title(("Hands per game" if kind == "hands" else "Hand scores")
                     + f", {count_phrase(comparison.games, 'game')} per variant")
        _legend(ax, own)
        return figure

    rules = next(iter(comparison.results.values())).rules
    chosen = None if measures is None else check_measures(rules, measures)
    rows = comparison.summary()
    names = chosen if chosen is not None else [
        name for name in dict.fromkeys(r["measure"] for r in rows)
        if not name.startswith("hands ending")]
    pairs = list(comparison.pairs())
    figure, ax, own = _canvas(ax, figsize, (7.0, 0.35 * len(names) * len(pairs) + 1.5))
    by_key = {(r["variant_a"], r["variant_b"], r["measure"]): r for r in rows}
    rated, below_0 = set(rates(rules)), set(signed(rules))
    unscaled = False  # (whether a difference is drawn from 0, with no relative change)
    for p, (a, b) in enumerate(pairs):
        labelled = False
        for i, name in enumerate(names):
            row = by_key[(a, b, name)]
            y = -(i * len(pairs) + p)
            color = f"C{p}"
            if not row["a"] or math.isnan(row["a"]):
                _no_relative_change(ax, y, row, name in rated, color)
                unscaled = True
                continue
            scale = abs(row["a"])
            value = 100 * row["difference"] / scale
            low = 100 * row["difference_low"] / scale
            high = 100 * row["difference_high"] / scale
            if not (math.isfinite(low) and math.isfinite(high)):
                # (one game a variant: no spread, no interval; not a bar to -100%)
                ax.plot([value], [y], "o", color=color, mfc="white",
                        label=None if labelled else f"{b} − {a}")
                ax.annotate("no interval", (value, y), xytext=(6, 0), va="center",
                            textcoords="offset points", fontsize="small", color=color)
                labelled = True
                continue
            if name not in below_0:  # a count or a rate falls by at most all of it: -100%
                low = max(low, -100.0)
            ax.errorbar([value], [y], xerr=[[value - low], [high - value]], fmt="o",
                        color=color, mfc=color if row["significant"] else "white",
                        capsize=3, label=None if labelled else f"{b} − {a}")
            labelled = True
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks([-(i * len(pairs)) - (len(pairs) - 1) / 2 for i in range(len(names))])
    ax.set_yticklabels(names)
    note = ("\nfrom 0, no relative change: the difference itself, a rate's in percentage "
            "points (pp)" if unscaled else "")
    ax.set_xlabel(f"difference B − A (as in the legend) in % of the size of A's value, 95% "
                  f"interval{note}")
    ax.set_title(f"What changes: {count_phrase(comparison.games, 'game')} per variant")
    if ax.get_legend_handles_labels()[0]:
        _legend(ax, own, title="hollow: not significant", fontsize="small",
                title_fontsize="small")
    return figure


def _no_relative_change(ax: Any, y: float, row: dict[str, Any], rate: bool, color: str) -> None:
    """In the differences' row ``y``, in place of a point: the difference of a measure whose
    first value is 0 (or of no games), of which no relative change can be drawn (a rate's
    difference once showed as ``+2.0`` on the axis of percents, 2 percentage points from 0)."""
    ends = (row["difference"], row["difference_low"], row["difference_high"])
    if rate:
        value, low, high = (f"{100 * x:+.1f}" for x in ends)
        text = f"{value} pp [{low}, {high}]"
    else:
        value, low, high = (f"{x:+.3g}" for x in ends)
        text = f"{value} [{low}, {high}]"
    ax.annotate(f"{text} from {row['a']:g}", xy=(0.01, y), xycoords=("axes fraction", "data"),
                va="center", fontsize="small", color=color)


def plot_tournament(tournament: Tournament, kind: str = "ratings", *,
                    figsize: tuple[float, float] | None = None, ax: Any = None,
                    **unknown: Any) -> Any:
    """A figure of a tournament: ``"ratings"``, each bot's Elo rating (mean 0) with its 95%
    interval, best at the top, in :meth:`~canasta_caliente.Tournament.summary`'s order. A bot
    that played no game (an interrupted round robin) is not rated: listed last, as the table
    lists it, with no point (its 0 was drawn among the ratings, above the bots that played
    and lost), its label saying so. ``figsize`` sizes a figure of its own; ``ax`` draws in
    the caller's matplotlib axes instead, as :func:`plot_result` does."""
    _refuse_unknown("a tournament's plot", unknown, "figsize", "ax")
    check_choice("kind", kind, TOURNAMENT_KINDS)
    ranked = tournament.summary()  # (the table's order and its "not rated": one home)
    figure, ax, _ = _canvas(ax, figsize, (6.4, 0.4 * len(ranked) + 1.5))
    if not ranked:
        _say_no_games(ax)
    labels = []
    for y, row in enumerate(ranked):
        value, low, high = row["elo"], row["elo_low"], row["elo_high"]
        if value is None:
            labels.append(f"{row['bot']} (not rated: no games)")
        elif low is None or high is None:  # (an interval without an end: a point alone)
            ax.plot([value], [-y], "o", color="C0", mfc="white")
            labels.append(f"{row['bot']} (no interval)")
        else:
            ax.errorbar([value], [-y], xerr=[[value - low], [high - value]], fmt="o",
                        color="C0", capsize=3)
            labels.append(row["bot"])
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks([-y for y in range(len(ranked))])
    ax.set_yticklabels(labels)
    ax.set_xlabel("Elo rating (mean 0), 95% interval")
    stopped = ", interrupted" if tournament.interrupted else ""
    ax.set_title(f"Ratings: {count_phrase(tournament.games, 'game')}{stopped}")
    return figure
