"""Tournaments: seat rotation, identical tables for any worker count, the Bradley-Terry fit."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente.errors import ArgumentError
from canasta_caliente.studies.tournament import bradley_terry

RULES_2P = cc.RuleSet.preset("caliente-2p")


def test_sides_rotate_within_every_pair() -> None:
    """Each bot of a pair sits on each side in exactly half of the pair's games."""
    t = cc.tournament(["heuristic", "random"], RULES_2P, games=4, seed=3, max_hands=3)
    assert len(t.pairs) == 1
    games = t.pairs[0].games
    for name in t.bots:
        sides = [next(k for k, seats in enumerate(RULES_2P.layout)
                      if g.seat_bots[seats[0]] == name) for g in games]
        assert sides.count(0) == sides.count(1) == 2


def test_same_tables_for_any_worker_count() -> None:
    """A seeded tournament gives the same results and table with one worker or two."""
    one = cc.tournament(["heuristic", "random"], RULES_2P, games=2, seed=5, max_hands=2)
    two = cc.tournament(["heuristic", "random"], RULES_2P, games=2, seed=5, max_hands=2,
                        workers=2)
    assert one.table() == two.table()
    assert one.to_records() == two.to_records()


@pytest.mark.slow
def test_three_bots_play_every_pair() -> None:
    """Three bots make three pairs, each bot's games adding up to twice the games per pair."""
    t = cc.tournament(["heuristic", "random", cc.get_bot("ismcts", iterations=2)], RULES_2P,
                      games=2, seed=1, max_hands=1)
    assert [p.label for p in t.pairs] == ["heuristic vs random", "heuristic vs ismcts",
                                          "random vs ismcts"]
    for i in range(3):
        assert sum(t.wins[i][j] + t.wins[j][i] for j in range(3)) == 4
    assert len(t.to_records()) == 6


def test_bradley_terry_recovers_known_strengths() -> None:
    """On synthetic results with the model's expected win counts, the fit finds the Elo gaps
    it was made from, and the intervals hold them."""
    elo = [200.0, 0.0, -200.0]
    n = 1000
    wins = [[0.0] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(3):
            if i != j:
                wins[i][j] = n / (1 + 10 ** ((elo[j] - elo[i]) / 400))
    fit = bradley_terry(wins, prior=0.0)
    for est, true in zip(fit, elo, strict=True):
        assert est.value == pytest.approx(true, abs=1e-6)
        assert est.low < true < est.high
        assert est.high - est.low < 60


def test_bradley_terry_stays_finite_on_a_clean_sweep() -> None:
    """A bot that won every game still gets a finite rating (the prior's virtual draw)."""
    fit = bradley_terry([[0, 10], [0, 0]])
    assert all(math.isfinite(e.value) and math.isfinite(e.high) for e in fit)
    assert fit[0].value - fit[1].value == pytest.approx(400 * math.log10(10.5 / 0.5))


def test_bad_arguments_raise() -> None:
    """An odd number of games, a single bot or duplicate names are refused."""
    with pytest.raises(ValueError, match="even"):
        cc.tournament(["heuristic", "random"], RULES_2P, games=3)
    with pytest.raises(ValueError, match="at least two"):
        cc.tournament(["heuristic"], RULES_2P, games=2)
    with pytest.raises(ValueError, match="differ"):
        cc.tournament(["random", "random"], RULES_2P, games=2)
    with pytest.raises(TypeError, match="sequence of bots, not str"):
        cc.tournament("random", RULES_2P, games=2)  # type: ignore[arg-type]


@pytest.mark.parametrize(("wins", "options", "error", "message"), [
    ([], {}, ArgumentError, "a row per bot, at least one: it has none"),
    (None, {}, TypeError, "wins must be a square matrix of numbers"),
    ("ab", {}, TypeError, "wins must be a square matrix of numbers"),
    ([[0, 1]], {}, ArgumentError, "square matrix: it has 1 rows, but row 0 has 2"),
    ([[0, "a"], [1, 0]], {}, TypeError, r"wins\[0\]\[1\] must be a number, not str"),
    ([[0, -1], [1, 0]], {}, ArgumentError, r"wins\[0\]\[1\] must be a finite number"),
    ([[0, math.nan], [1, 0]], {}, ArgumentError, r"wins\[0\]\[1\] must be a finite number"),
    ([[0, math.inf], [1, 0]], {}, ArgumentError, r"wins\[0\]\[1\] must be a finite number"),
    ([[0, 10**400], [1, 0]], {}, ArgumentError, r"wins\[0\]\[1\] must be a finite number"),
    ([[1, 1], [1, 0]], {}, ArgumentError, r"wins\[0\]\[0\] must be 0"),
    ([[0, 2], [1, 0]], {"prior": -1}, ArgumentError, "prior must be a finite number"),
    ([[0, 2], [1, 0]], {"prior": math.nan}, ArgumentError, "prior must be a finite number"),
    ([[0, 2], [1, 0]], {"prior": math.inf}, ArgumentError, "prior must be a finite number"),
    ([[0, 2], [1, 0]], {"prior": "x"}, TypeError, "prior must be a number, not str"),
    ([[0, 2], [1, 0]], {"prior": None}, TypeError, "prior must be a number, not NoneType"),
])
def test_bradley_terry_checks_its_arguments(wins: Any, options: dict[str, Any],
                                            error: type[Exception], message: str) -> None:
    """An empty matrix was a ZeroDivisionError, a negative prior an OverflowError, a negative
    or NaN count a silent 0 ± inf and an infinite one NaN: each is refused, naming the entry."""
    with pytest.raises(error, match=message):
        bradley_terry(wins, **options)


def test_bradley_terry_survives_a_sweep_without_a_prior() -> None:
    """A clean sweep with ``prior=0`` parts the strengths past what ``exp`` can hold: the
    interval is then infinite instead of an OverflowError."""
    fit = bradley_terry([[0, 10], [0, 0]], prior=0)
    assert fit[0].value > fit[1].value and math.isinf(fit[0].high)


def test_the_table_gives_each_bot_a_column_as_wide_as_its_name() -> None:
    """The table's columns were 8 wide and cut a longer name ("heuristi"); each is now as
    wide as its bot's name, and every row lines up with the head."""
    result = cc.tournament(["heuristic", "random"], RULES_2P, games=2, seed=1)
    lines = result.table().splitlines()
    assert lines[0].endswith(" heuristic   random")
    assert len({len(line) for line in lines}) == 1
    # The diagonal's "-" ends where its bot's name ends in the head.
    for row, name in zip(lines[1:], lines[0].split()[-2:], strict=True):
        bot = row.split()[0]
        end = lines[0].index(f" {bot}", len("bot")) + 1 + len(bot)
        assert row[end - 1] == "-", (row, name)


def test_a_count_of_one_is_singular() -> None:
    """A round robin interrupted after one game rates "the 1 game played", which "is" rated;
    a game of one hand is "after 1 hand"; a simulation of one game "of 1 game"."""
    t = cc.tournament(["random", "heuristic"], RULES_2P, games=2, seed=1, max_hands=1)
    pair = attrs.evolve(t.pairs[0], games=t.pairs[0].games[:1])
    one = attrs.evolve(t, pairs=(pair,), interrupted=True)
    assert one.table().endswith("(interrupted: only the 1 game played is rated)")
    assert t.table().count("\n") == one.table().count("\n") - 1
    assert " after 1 hand; seats " in repr(pair.games[0])
    assert repr(attrs.evolve(pair, requested=1)).startswith(
        "<SimulationResult 'random vs heuristic': 1 of 1 game, ")


@pytest.mark.parametrize(("wins", "absent"), [
    ([[0, 33, 0], [7, 0, 0], [0, 0, 0]], [2]),
    ([[0, 0, 0], [0, 0, 33], [0, 7, 0]], [0]),
    ([[0, 33, 0, 0], [7, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], [2, 3]),
])
def test_a_bot_without_games_leaves_the_others_intervals_alone(wins: list[list[int]],
                                                               absent: list[int]) -> None:
    """A bot with no games (a round robin interrupted before its pairs) made the others'
    intervals a point (``130 [130, 130]``) or infinite; they are now those of the games
    played, as if the bot were absent, and the bot rates 0 with an infinite interval."""
    fit = bradley_terry(wins)
    alone = bradley_terry([[0, 33], [7, 0]])
    played = [e for i, e in enumerate(fit) if i not in absent]
    for estimate, expected in zip(played, alone, strict=True):
        assert estimate.value == pytest.approx(expected.value)
        assert estimate.low == pytest.approx(expected.low)
        assert estimate.high == pytest.approx(expected.high)
    assert played[0].high - played[0].low == pytest.approx(138, abs=1)
    for i in absent:
        assert (fit[i].value, fit[i].low, fit[i].high) == (0.0, -math.inf, math.inf)


def _interrupted_in_the_second_pair(monkeypatch: pytest.MonkeyPatch) -> cc.Tournament:
    """A round robin of heuristic, random and level-2 interrupted as its second pair starts:
    level-2 has played no games."""
    from canasta_caliente.studies import tournament as module

    calls: list[str] = []

    def simulate(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs["label"])
        if len(calls) > 1:
            raise KeyboardInterrupt
        return cc.simulate(*args, **kwargs)

    monkeypatch.setattr(module, "simulate", simulate)
    t = cc.tournament(["heuristic", "random", "level-2"], RULES_2P, games=4, seed=1,
                      max_hands=2)
    assert t.interrupted and calls == ["heuristic vs random", "heuristic vs level-2"]
    return t


def test_an_interrupted_round_robin_rates_the_games_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Interrupted in its second pair, a round robin of three bots rates the first pair's
    bots with the interval of their games, not a point, and the third bot not at all."""
    t = _interrupted_in_the_second_pair(monkeypatch)
    alone = bradley_terry([list(row[:2]) for row in t.wins[:2]])
    for name, expected in zip(("heuristic", "random"), alone, strict=True):
        assert t.ratings[name].low == pytest.approx(expected.low)
        assert t.ratings[name].high - t.ratings[name].low > 1
    assert math.isinf(t.ratings["level-2"].high)


def test_the_summary_rows_are_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """``summary()`` gives the table's figures as rows, best first (a notebook user had no
    frame of the ratings): a bot that met no other last, its interval's ends ``None``; and a
    round robin of no games, no rows but the frame's columns."""
    pytest.importorskip("pandas")
    t = _interrupted_in_the_second_pair(monkeypatch)
    rows = t.summary()
    assert [row["bot"] for row in rows][-1] == "level-2"
    assert (rows[-1]["games"], rows[-1]["elo_low"], rows[-1]["elo_high"]) == (0, None, None)
    assert all(isinstance(row["games"], int) for row in rows)
    for row, line in zip(rows[:-1], t.table().splitlines()[1:3], strict=True):
        assert line.split()[0] == row["bot"]
        assert f"{row['elo']:>7.0f} [{row['elo_low']:>6.0f}," in line
        assert f" {row['points']:>4g}/{row['games']:<4g}" in line
    first = rows[0]
    other = "random" if first["bot"] == "heuristic" else "heuristic"
    assert first[f"vs {first['bot']}"] is None
    assert first[f"vs {other}"] == t.wins[t.bots.index(first["bot"])][t.bots.index(other)] / (
        first["games"])
    frame = t.summary_pandas()
    assert list(frame["bot"]) == [row["bot"] for row in rows] and len(frame.columns) == 9
    # A bot that played no game has no rating (it was 0, sorted above the bots that played
    # and lost), and a column of a bot no other met is of floats, NaN (it was of None).
    assert rows[-1]["elo"] is None and math.isnan(frame["elo"].iloc[-1])
    assert list(frame.sort_values("elo", ascending=False)["bot"])[-1] == "level-2"
    assert all(str(frame[c].dtype) == "float64" for c in frame.columns if c not in (
        "bot", "games")) and frame["vs level-2"].isna().all()
    none = attrs.evolve(t, pairs=())
    assert none.summary() == [] and list(none.summary_pandas().columns) == [
        "bot", "elo", "elo_low", "elo_high", "points", "games", "vs heuristic", "vs random",
        "vs level-2"]
    assert dict(none.summary_pandas().dtypes) == dict(frame.dtypes)  # (were objects)
    for level in ("game", "hand"):
        assert dict(none.to_pandas(level).dtypes) == dict(t.to_pandas(level).dtypes)


def test_a_tournament_is_json_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament had no ``to_dict``, as a simulation has: it gives the ratings, the wins
    and every pair's games as JSON data, an infinite end (of a bot with no games) as null."""
    t = _interrupted_in_the_second_pair(monkeypatch)
    data = json.loads(json.dumps(t.to_dict(), allow_nan=False))
    assert sorted(data) == ["bots", "games", "interrupted", "pairs", "ratings", "rules",
                            "schema", "wins"]
    assert data["bots"] == ["heuristic", "random", "level-2"] and data["interrupted"]
    assert data["games"] == t.games == 4 and data["wins"] == [list(row) for row in t.wins]
    heuristic = t.ratings["heuristic"]
    assert data["ratings"]["heuristic"] == [heuristic.value, heuristic.low, heuristic.high]
    assert data["ratings"]["level-2"] == [0.0, None, None]
    assert data["pairs"] == [json.loads(json.dumps(t.pairs[0].to_dict()))]
    assert cc.RuleSet.from_dict(data["rules"]) == RULES_2P


def test_a_tournament_shows_its_table_in_a_notebook(monkeypatch: pytest.MonkeyPatch) -> None:
    """A notebook showed a tournament's attrs repr: it now shows its table as HTML, the bots
    best first, each with its rating, interval, score and shares, and the interruption."""
    t = _interrupted_in_the_second_pair(monkeypatch)
    page = t._repr_html_()
    assert page.count("<table>") == 1 and page.count("<tr>") == 1 + 3
    order = sorted(t.bots, key=lambda name: -t.ratings[name].value)
    rows = page.split("<tbody>")[1].split("<tr>")[1:]
    for row, name in zip(rows, order, strict=True):
        r = t.ratings[name]
        if name == "level-2":  # (no game played: it read "0", "-inf – inf")
            assert row.startswith(f"<th>{name}</th><td>not rated</td><td>-</td><td>0/0</td>")
            continue
        assert row.startswith(f"<th>{name}</th><td>{r.value:.0f}</td>")
        assert f"<td>{r.low:.0f} – {r.high:.0f}</td>" in row
    assert "(interrupted: only the 4 games played are rated)" in page
    assert t.table().splitlines()[3].split() == ["level-2", "not", "rated", "0/0", "-", "-", "-"]


def test_a_tournament_plots_its_ratings(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    """A tournament had no plot: ``plot()`` draws each rating with its interval, best at
    the top, and a bot with no games last, with no point (its 0 sat among the ratings, above
    a bot that lost), its label saying so."""
    from matplotlib.figure import Figure

    t = _interrupted_in_the_second_pair(monkeypatch)
    figure = t.plot()
    assert isinstance(figure, Figure)
    ax = figure.axes[0]
    order = sorted((b for b in t.bots if b != "level-2"), key=lambda b: -t.ratings[b].value)
    assert [label.get_text() for label in ax.get_yticklabels()] == [
        *order, "level-2 (not rated: no games)"]
    assert all(-2 not in list(line.get_ydata()) for line in ax.lines)  # (no point: level-2)
    bars = [x for container in ax.containers for x in container[0].get_xdata()]
    assert sorted(bars) == sorted(t.ratings[name].value for name in ("heuristic", "random"))
    figure.savefig(tmp_path / "ratings.png")
    with pytest.raises(ArgumentError, match="kind must be one of 'ratings'"):
        t.plot("scores")
