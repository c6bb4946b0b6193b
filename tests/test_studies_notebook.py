"""The studies API as a notebook user meets it: a comparison saved as JSON data, an
interrupted comparison, the plots' arguments, short reprs, and the statistics of no games."""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import matplotlib
import pytest

import canasta_caliente as cc
from canasta_caliente.studies.compare import rates
from conftest import quick_part

matplotlib.use("Agg")

TWO_P = cc.RuleSet.preset("caliente-2p")
VARIANTS = {"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True)}


@pytest.fixture(scope="module")
def comparison() -> cc.Comparison:
    """Two two-player variants compared on 6 games."""
    return cc.compare(VARIANTS, bots=["heuristic"], games=6, seed=2)


def test_a_rate_of_no_games_is_unknown_in_0_1_as_a_simulations_win_rate() -> None:
    """A comparison of no games gave its rates the interval ``[-inf, inf]``, outside [0, 1]
    where the module promises a rate's interval stays (a simulation of no games gives its win
    rates NaN in (0, 1)): a rate of no games is now NaN in [0, 1], a difference of rates NaN
    in [-1, 1]."""
    empty = cc.compare(VARIANTS, bots=["heuristic", "random"], games=0)
    rated = set(rates(TWO_P))
    for label, per in empty.estimates().items():
        for name, estimate in per.items():
            if name in rated:
                assert math.isnan(estimate.value), (label, name)
                assert (estimate.low, estimate.high) == (0.0, 1.0), (label, name)
    for row in empty.summary():
        if row["measure"] in rated:
            assert (row["difference_low"], row["difference_high"]) == (-1.0, 1.0)
            assert not row["significant"]
    simulation = empty.results["open"]
    assert all(rate[1:] == (0.0, 1.0) for rate in simulation.win_rates.values())


class StopAfter:
    """The heuristic bot, which raises :class:`KeyboardInterrupt` (as Ctrl-C during its
    turn would) at its ``calls``-th decision under the rules ``when``."""

    name = "heuristic"

    def __init__(self, when: cc.RuleSet, calls: int) -> None:
        self.when = when
        self.calls = calls
        self.heuristic = cc.get_bot("heuristic")

    def __call__(self, view: Any, legal: Any, rng: Any) -> Any:
        if view.rules == self.when:
            self.calls -= 1
            if self.calls == 0:
                raise KeyboardInterrupt
        return self.heuristic(view, legal, rng)


@pytest.mark.parametrize(("variant", "calls"), quick_part(
    [("frozen", 900), ("open", 900), ("open", 1)], [("open", 900), ("open", 1)]))
def test_an_interrupted_comparison_keeps_the_games_every_variant_played(
        comparison: cc.Comparison, variant: str, calls: int) -> None:
    """An interrupt raised the KeyboardInterrupt again and lost every game played (where
    ``simulate`` returns those played): it now returns the comparison of the games every
    variant played, games 0 to n - 1, the same as an uninterrupted comparison's first n, with
    ``interrupted`` true, and the tables, the reprs, the plots and ``to_dict`` say so."""
    stopped = cc.compare(VARIANTS, bots=[StopAfter(VARIANTS[variant], calls)], games=6, seed=2)
    assert stopped.interrupted
    n = stopped.games
    if calls == 1:  # in the first game: nothing can be compared
        assert n == 0
    else:  # in the third game or so of either variant (they are played in step)
        assert 0 < n < 6
    for label in VARIANTS:
        result = stopped.results[label]
        assert result.interrupted and result.requested == 6 and result.label == label
        assert result.games == comparison.results[label].games[:n]
    if n:
        assert stopped.summary() == cc.compare(
            VARIANTS, bots=["heuristic"], games=n, seed=2).summary()
    assert "(interrupted)" in repr(stopped)
    note = f"(interrupted: {n} of 6 games per variant played by every variant, and compared)"
    assert stopped.table().endswith(note)
    assert note in stopped._repr_html_()
    assert {row["variant"] for row in stopped.to_records()} <= set(VARIANTS)
    assert len(stopped.to_records()) == 2 * n
    for kind in ("differences", "scores", "hands"):
        assert stopped.plot(kind).axes


def test_an_uninterrupted_comparison_says_nothing_of_interrupts(
        comparison: cc.Comparison) -> None:
    """A comparison played to its end is not interrupted, and its tables say nothing of it."""
    assert not comparison.interrupted
    assert "interrupted" not in repr(comparison) + comparison.table()
    assert "interrupted" not in comparison._repr_html_()


def _plain(value: Any) -> Any:
    """A statistic as ``to_dict`` gives it: NaN and infinities as ``None``."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


@pytest.mark.parametrize("games", [0, 1, 6])
def test_a_comparison_is_json_data_as_a_simulation_and_a_tournament_are(games: int) -> None:
    """A comparison had no ``to_dict`` (a simulation and a tournament have one): it now gives
    plain JSON data, strict JSON too (no NaN, no infinity: a statistic of no games and an
    interval of fewer than two are ``None``), holding its figures and every variant's
    simulation."""
    comparison = cc.compare(VARIANTS, bots=["heuristic", "random"], games=games, seed=4)
    data = comparison.to_dict()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert data["variants"] == ["open", "frozen"] and data["games"] == games
    assert data["interrupted"] is False
    assert data["results"] == {label: result.to_dict()
                               for label, result in comparison.results.items()}
    for label, per in comparison.estimates().items():
        assert data["estimates"][label] == {
            name: [_plain(e.value), _plain(e.low), _plain(e.high)] for name, e in per.items()}
    assert data["summary"] == [{key: _plain(value) for key, value in row.items()}
                               for row in comparison.summary()]


def test_an_interrupted_comparisons_data_says_so() -> None:
    """The JSON data of an interrupted comparison says it was, and holds its games alone."""
    stopped = cc.compare(VARIANTS, bots=[StopAfter(VARIANTS["frozen"], 900)], games=6, seed=2)
    data = stopped.to_dict()
    assert data["interrupted"] is True and data["games"] == stopped.games
    assert all(len(r["games"]) == stopped.games and r["interrupted"]
               for r in data["results"].values())


@pytest.mark.parametrize("kind", ["scores", "hands"])
@pytest.mark.parametrize("names", ["hands per game", ["pile takes per hand"], "no such measure"])
def test_the_plots_that_draw_no_measure_refuse_measures(comparison: cc.Comparison, kind: str,
                                                         names: Any) -> None:
    """``plot("scores", measures=...)`` ignored ``measures`` (the figure drew every variant's
    hand scores whatever it named): the kinds that draw no measure now refuse it, saying
    which kind takes it."""
    with pytest.raises(cc.ArgumentError, match=rf"measures: kind '{kind}' draws every "
                       r"variant's .* and takes no measures; measures= chooses the measures "
                       r"of kind 'differences'"):
        comparison.plot(kind, measures=names)
    assert comparison.plot(kind, measures=None).axes


def test_an_option_a_plot_does_not_take_is_named_with_those_it_takes(
        comparison: cc.Comparison) -> None:
    """An unknown option of ``plot`` was Python's TypeError naming the module's function
    (``plot_result() got an unexpected keyword argument 'measures'``): each study's plot now
    says what it takes (a notebook user's trial)."""
    simulation, _, tournament = _studies(comparison)
    for study, match in ((simulation, r"^a simulation's plot takes the options figsize, ax "
                                      r"\(besides kind\), not measures$"),
                         (comparison, r"^a comparison's plot takes the options measures, "
                                      r"figsize, ax \(besides kind\), not measures_x$"),
                         (tournament, r"^a tournament's plot takes the options figsize, ax "
                                      r"\(besides kind\), not measures$")):
        with pytest.raises(TypeError, match=match):
            study.plot(**{"measures_x" if study is comparison else "measures": ["x"]})


def _studies(comparison: cc.Comparison) -> list[Any]:
    simulation = comparison.results["open"]
    tournament = cc.tournament(["heuristic", "random"], TWO_P, games=2, seed=1)
    return [simulation, comparison, tournament]


@pytest.mark.parametrize("kind", [3, None, ("scores",)])
def test_a_kind_or_a_level_that_is_not_a_string_is_a_type_error(comparison: cc.Comparison,
                                                                 kind: Any) -> None:
    """``plot(3)`` and ``to_records(3)`` raised an ArgumentError, the error of a value of the
    right type out of its range: a kind or a level that is not a string is a TypeError, as
    every other argument of the wrong type."""
    for study in _studies(comparison):
        with pytest.raises(TypeError, match=r"kind must be a str \(one of '.*\), not "):
            study.plot(kind)
        for call in (study.to_records, study.to_pandas):
            with pytest.raises(TypeError, match=r"level must be a str \(one of 'game', "
                               r"'hand'\), not "):
                call(kind)
        with pytest.raises(cc.ArgumentError, match="kind must be one of"):
            study.plot("pie")


@pytest.mark.parametrize(("figsize", "error", "message"), [
    ("x", TypeError, r"figsize must be a pair \(width, height\) of numbers in inches, not str"),
    ((6,), TypeError, "figsize must be a pair"),
    ((6, "4"), TypeError, "figsize's height must be a number, not str"),
    ((0, 4), cc.ArgumentError, "figsize's width must be a positive number of inches, not 0"),
    ((6, math.inf), cc.ArgumentError, "figsize's height must be a positive number"),
])
def test_a_figures_size_is_checked(comparison: cc.Comparison, figsize: Any,
                                   error: type[Exception], message: str) -> None:
    """A wrong ``figsize`` was matplotlib's own ValueError (``Invalid figsize format``), or a
    figure of no size: it is checked as every argument is, the message naming it."""
    for study in _studies(comparison):
        with pytest.raises(error, match=message):
            study.plot(figsize=figsize)
        assert study.plot(figsize=(5, 3.5)).get_size_inches().tolist() == [5, 3.5]


def test_a_tournaments_repr_is_a_line_as_the_other_studies_are() -> None:
    """A tournament's repr was attrs' own, every field with every pair's simulation (lines
    long on a few bots, growing with the pairs); it is now one short line, as a simulation's
    and a comparison's are."""
    tournament = cc.tournament(["heuristic", "random"], TWO_P, games=2, seed=1)
    text = repr(tournament)
    best = tournament.ratings["heuristic"]
    assert text == (f"<Tournament of heuristic, random: 2 games; best heuristic, Elo "
                    f"{best.value:.0f} [{best.low:.0f}, {best.high:.0f}]>")
    stopped = attrs.evolve(tournament, interrupted=True)
    assert repr(stopped).startswith("<Tournament of heuristic, random: 2 games (interrupted);")


@pytest.mark.parametrize("kind", ["scores", "hands"])
def test_the_variants_plots_draw_the_games_compared(comparison: cc.Comparison,
                                                    kind: str) -> None:
    """Of a comparison whose variants hold more games than all of them played (built from
    simulations of different lengths), ``plot("hands")`` and ``plot("scores")`` drew every
    game of each variant under a title of the games compared: they now draw those alone,
    as the statistics and the title count them."""
    longer = cc.simulate(VARIANTS["frozen"], ["heuristic"], 9, seed=2, label="frozen")
    mixed = cc.Comparison({"open": comparison.results["open"], "frozen": longer})
    assert mixed.games == 6
    figure = mixed.plot(kind)
    ax = figure.axes[0]
    assert "6 games per variant" in ax.get_title()
    heights = [patch.get_height() for patch in ax.patches]
    if kind == "hands":  # a bar per variant per number of hands: the games of each
        assert sum(heights) == 2 * 6
    else:  # each variant's share of every side's every hand score of its 6 games
        for container, result in zip(ax.containers, mixed.results.values(), strict=True):
            scores = sum(len(g.hand_totals) * 2 for g in result.games[:6])
            counts = [bar.get_height() * scores for bar in container]
            assert all(abs(c - round(c)) < 1e-9 for c in counts), counts
            assert round(sum(counts)) == scores


def test_print_shows_the_table_of_every_study() -> None:
    """``print(result)``, ``print(comparison)`` and ``print(tournament)`` show the study's text
    table, as a pandas DataFrame's ``print`` shows its table; the repr stays one line. Only the
    tournament's did: a simulation and a comparison printed their one-line repr."""
    rules = cc.RuleSet.preset("caliente-2p")
    result = cc.simulate(rules, ["heuristic", "random"], games=2, seed=1, progress=False)
    comparison = cc.compare({"a": rules, "b": rules.replace(target_score=3000)},
                            bots=["heuristic", "random"], games=2, seed=1, progress=False)
    tournament = cc.tournament(["heuristic", "random"], rules, games=2, seed=1, progress=False)
    for study in (result, comparison, tournament):
        assert str(study) == study.table()
        assert "\n" not in repr(study) and repr(study).startswith("<")
