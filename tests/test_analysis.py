"""Results people can analyse: the flat game and hand tables, writing them to files, kept game
records, comparisons of rule sets with their confidence intervals, plots, short reprs and the
top-level names."""

from __future__ import annotations

import csv
import json
import math
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import matplotlib
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.studies.compare import Z95, measures, rates
from canasta_caliente.studies.results import (
    HAND_COLUMNS,
    check_output_path,
    game_columns,
    write_records,
)
from canasta_caliente.studies.stats import rate_difference_interval, rate_interval, wilson_interval
from conftest import quick_part

matplotlib.use("Agg")

RULES = cc.RuleSet.preset("caliente")
TWO_P = cc.RuleSet.preset("caliente-2p")


@pytest.fixture(scope="module")
def result() -> cc.SimulationResult:
    """A small simulation with its records kept."""
    return cc.simulate(RULES, bots=["heuristic", "random"], games=6, seed=5, keep_records=True,
                       label="standard")


@pytest.fixture(scope="module")
def comparison() -> cc.Comparison:
    """Two two-player variants compared on 30 games."""
    return cc.compare({"plain": TWO_P, "frozen": TWO_P.replace(always_frozen=True)},
                      bots=["heuristic"], games=30, seed=2)


def test_top_level_names() -> None:
    """The simulation and analysis functions are importable from the top-level package."""
    for name in ("simulate", "play_game", "compare", "get_bot", "SimulationResult",
                 "GameResult", "Comparison", "BOTS"):
        assert name in cc.__all__ and hasattr(cc, name), name
    assert cc.get_bot("random") is cc.BOTS["random"]


def test_game_records_are_flat_and_match_the_games(result: cc.SimulationResult) -> None:
    """One row per game, the documented columns, plain scalars, the games' figures."""
    rows = result.to_records("game")
    assert len(rows) == 6
    assert tuple(rows[0]) == game_columns(4, 2)
    for row, game in zip(rows, result.games, strict=True):
        assert all(v is None or type(v) in (int, float, str, bool) for v in row.values())
        assert row["game"] == game.index and row["seed"] == game.seed
        assert row["variant"] == "standard"
        assert (row["side0_score"], row["side1_score"]) == game.scores
        assert row["winner_side"] == game.winner and row["hands"] == game.hands
        assert row["winner_bot"] == row[f"seat{RULES.layout[game.winner][0]}_bot"]


def test_hand_records_keep_every_score_part(result: cc.SimulationResult) -> None:
    """One row per side per hand; the score parts add up to the total, the running game score
    ends at the final score, who went out and how the hand ended match the hand results."""
    rows = result.to_records("hand")
    assert tuple(rows[0]) == HAND_COLUMNS
    assert len(set(HAND_COLUMNS)) == len(HAND_COLUMNS)
    assert len(rows) == sum(g.hands for g in result.games) * 2
    for row in rows:
        parts = [row[f"score_{part}"] for part in cc.COMPONENTS]
        assert sum(parts) == row["score_total"]
        assert all(v is None or type(v) in (int, float, str, bool) for v in row.values())
    for game in result.games:
        mine = [r for r in rows if r["game"] == game.index]
        last = [r for r in mine if r["hand"] == game.hands]
        assert tuple(r["game_score"] for r in last) == game.scores
        for r in mine:
            hand = game.hand_results[r["hand"] - 1]
            assert r["hand_end"] == hand.ended.value
            assert r["went_out_seat"] == hand.went_out
            assert r["went_out"] == (hand.went_out in RULES.layout[r["side"]])
            assert r["score_total"] == hand.totals[r["side"]]


def test_kept_records_replay_to_the_same_game(result: cc.SimulationResult) -> None:
    """With ``keep_records=True`` each game's record replays to its final scores, and the pile
    takes counted per hand are the record's ``take`` actions."""
    for game in result.games:
        assert game.record is not None
        states = cc.replay(game.record)
        assert states[-1].scores == game.scores
        assert states[-1].hand_results == game.hand_results
        takes = sum(1 for a in game.record.actions if a.startswith("take"))
        assert takes == sum(sum(t) for t in game.pile_takes)
    plain = cc.simulate(RULES, bots=["heuristic", "random"], games=2, seed=5)
    assert plain.games[0].record is None
    assert plain.games[0].hand_results == result.games[0].hand_results


def test_game_to_dict_is_json(result: cc.SimulationResult) -> None:
    """A game's ``to_dict`` is plain JSON data, its record included."""
    data = json.loads(json.dumps(result.games[0].to_dict()))
    assert data["hand_results"][0]["ended"] == result.games[0].hand_results[0].ended.value
    assert cc.GameRecord.from_dict(data["record"]) == result.games[0].record


def test_unknown_level_is_refused(result: cc.SimulationResult) -> None:
    """A level other than game or hand is a ValueError naming the levels."""
    with pytest.raises(ValueError, match="'game', 'hand'"):
        result.to_records("turn")


def test_to_pandas(result: cc.SimulationResult) -> None:
    """``to_pandas`` gives the same rows as a DataFrame, missing seats as missing values."""
    frame = result.to_pandas("hand")
    assert list(frame.columns) == list(HAND_COLUMNS)
    assert len(frame) == len(result.to_records("hand"))
    assert str(frame["went_out_seat"].dtype) == "Int64"
    assert frame.groupby("game")["hand"].max().tolist() == [g.hands for g in result.games]


def test_no_games_claim_no_statistics() -> None:
    """A simulation of no games (asked for none, or interrupted before the first) states no
    win rate, mean or rate: NaN in its attributes (``null`` in its JSON, and its tables show
    none), the win rate's interval the whole of [0, 1]; its empty frames keep their numbered
    columns, as a frame with rows has them."""
    empty = cc.simulate(TWO_P, bots=["random", "heuristic"], games=0, progress=False)
    assert all(math.isnan(rate) and (low, high) == (0.0, 1.0)
               for rate, low, high in empty.win_rates.values())
    assert all(math.isnan(mean) for mean in empty.mean_hand_score.values())
    assert math.isnan(empty.hands_per_game) and math.isnan(empty.canastas_per_hand)
    # Its table, repr and notebook table show no statistic: a table of NaN says nothing.
    assert empty.table() == "0 of 0 games played\nno game was played: no statistics to show"
    assert "no statistics to show" in empty._repr_html_() and "nan" not in empty._repr_html_()
    assert "no statistics to show" in repr(empty) and "nan" not in repr(empty)
    data = json.loads(json.dumps(empty.to_dict(), allow_nan=False))
    assert data["win_rates"]["random"] == [None, 0.0, 1.0]
    assert data["mean_hand_score"] == {"random": None, "heuristic": None}
    assert data["hands_per_game"] is None and data["canastas_per_hand"] is None
    played = cc.simulate(TWO_P, bots=["random", "heuristic"], games=1, progress=False)
    assert list(empty.to_pandas().columns) == list(played.to_pandas().columns) == list(
        game_columns(2, 2))
    assert list(empty.to_pandas("hand").columns) == list(HAND_COLUMNS)
    # ... and their dtypes (all objects spoiled a concatenation with a frame of rows)
    for level in ("game", "hand"):
        assert dict(empty.to_pandas(level).dtypes) == dict(played.to_pandas(level).dtypes)
    named = [cc.simulate(TWO_P, bots=["random", "heuristic"], games=n, progress=False,
                         label="x") for n in (0, 1)]  # (a label: the variant's text)
    versus = [cc.compare({"a": TWO_P, "b": TWO_P.replace(draw_count=1)},
                         bots=["random", "random"], games=n, progress=False) for n in (0, 1)]
    for none, one in (named, versus):
        for level in ("game", "hand"):
            assert dict(none.to_pandas(level).dtypes) == dict(one.to_pandas(level).dtypes)
    comparison = cc.compare({"a": TWO_P, "b": TWO_P.replace(draw_count=1)},
                            bots=["random", "random"], games=0, progress=False)
    assert list(comparison.to_pandas().columns) == list(game_columns(2, 2))
    assert json.loads(json.dumps(played.to_dict(), allow_nan=False))["hands_per_game"] >= 1


def test_missing_pandas_names_the_extra(result: cc.SimulationResult,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Without pandas, the error says which extra to install."""
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"canasta-caliente\[analysis\]"):
        result.to_pandas()


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_write_records_round_trips(result: cc.SimulationResult, tmp_path: Path,
                                   suffix: str) -> None:
    """The hand table written as CSV, JSONL or Parquet reads back with the same rows."""
    import pandas as pd

    rows = result.to_records("hand")
    path = write_records(rows, tmp_path / f"hands{suffix}", HAND_COLUMNS)
    if suffix == ".csv":
        with path.open(newline="") as f:
            back = list(csv.DictReader(f))
        assert list(back[0]) == list(HAND_COLUMNS)
        assert [int(r["score_total"]) for r in back] == [r["score_total"] for r in rows]
    elif suffix == ".jsonl":
        back = [json.loads(line) for line in path.read_text().splitlines()]
        assert back == rows
    else:
        frame = pd.read_parquet(path)
        assert frame["score_total"].tolist() == [r["score_total"] for r in rows]
        assert list(frame.columns) == list(HAND_COLUMNS)
        # The frame to_pandas gives, dtypes too: a seat missing is <NA> in an Int64 column
        # (it read back as float64, 0.0 and nan: a notebook user's trial).
        assert frame.equals(result.to_pandas("hand")[list(HAND_COLUMNS)])
        assert str(frame["went_out_seat"].dtype) == "Int64"


def test_output_path_is_checked(tmp_path: Path) -> None:
    """An unknown suffix, a missing directory or a directory as the file are refused."""
    with pytest.raises(ValueError, match=r"unknown file type '\.xlsx'"):
        check_output_path(tmp_path / "out.xlsx")
    with pytest.raises(ValueError, match="does not exist"):
        check_output_path(tmp_path / "missing" / "out.csv")
    (tmp_path / "d.csv").mkdir()
    with pytest.raises(ValueError, match="is a directory"):
        check_output_path(tmp_path / "d.csv")
    assert check_output_path(tmp_path / "ok.parquet") == tmp_path / "ok.parquet"


class _SlowFirst(Executor):
    """A thread pool whose first chunk finishes only after every other chunk has."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=4)
        self.submitted = 0
        self.gate = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        if self.submitted == 1:
            def slow() -> Any:
                self.gate.wait(20)
                return fn(*args, **kwargs)
            return self.pool.submit(slow)
        return self.pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_chunks_are_handed_back_as_they_finish() -> None:
    """A slow first chunk does not hold the others back: results arrive as chunks finish, and
    the result keeps the games in game order, the same as a run in one process."""
    executor = _SlowFirst()
    seen: list[int] = []

    def on_result(game: cc.GameResult) -> None:
        seen.append(game.index)
        if len(seen) == 4:  # every game but the first chunk's
            executor.gate.set()

    with executor:
        spread = cc.simulate(TWO_P, bots=["random"], games=6, seed=1, executor=executor,
                             chunk_size=2, on_result=on_result)
    assert seen[:4] != [0, 1, 2, 3] and sorted(seen[:4]) == [2, 3, 4, 5]
    assert seen[4:] == [0, 1]
    alone = cc.simulate(TWO_P, bots=["random"], games=6, seed=1)
    assert spread.games == alone.games


def test_compare_plays_the_same_seeds(comparison: cc.Comparison) -> None:
    """Every variant plays the same game seeds, and its label is the variant column."""
    seeds = {label: [g.seed for g in r.games] for label, r in comparison.results.items()}
    assert seeds["plain"] == seeds["frozen"]
    assert comparison.games == 30
    assert {row["variant"] for row in comparison.to_records("game")} == {"plain", "frozen"}
    assert len(comparison.to_pandas("hand")) == len(comparison.to_records("hand"))


def test_compare_intervals_are_the_textbook_ones(comparison: cc.Comparison) -> None:
    """For a per-game measure (hands per game) the interval is mean ± 1.96 standard errors, and
    the pair's difference is the paired one, game by game on the shared seeds."""
    a = [g.hands for g in comparison.results["plain"].games]
    b = [g.hands for g in comparison.results["frozen"].games]
    n = len(a)

    def interval(xs: Sequence[float]) -> tuple[float, float, float]:
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
        return mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n)

    row = comparison.difference("plain", "frozen", "hands per game")
    assert (row["a"], row["a_low"], row["a_high"]) == pytest.approx(interval(a))
    assert (row["b"], row["b_low"], row["b_high"]) == pytest.approx(interval(b))
    diff = interval([y - x for x, y in zip(a, b, strict=True)])
    assert (row["difference"], row["difference_low"], row["difference_high"]) == (
        pytest.approx(diff))
    assert row["significant"] == (diff[1] > 0 or diff[2] < 0)
    back = comparison.difference("frozen", "plain", "hands per game")
    assert back["difference"] == pytest.approx(-row["difference"])
    assert back["difference_low"] == pytest.approx(-row["difference_high"])


def test_compare_ratio_measures(comparison: cc.Comparison) -> None:
    """A per-hand measure is the ratio of sums over every hand of the games."""
    games = comparison.results["frozen"].games
    takes = sum(sum(sum(t) for t in g.pile_takes) for g in games)
    hands = sum(g.hands for g in games)
    est = comparison.estimates()["frozen"]["pile takes per hand"]
    assert est.value == pytest.approx(takes / hands)
    assert est.low < est.value < est.high
    names = list(measures(TWO_P))
    assert "win rate, seat 0" in names and "going-out rate, side 1" in names
    four = list(measures(RULES))
    assert "win rate, side 0 (seats 0 2)" in four


def test_compare_measures_how_long_games_and_hands_are_in_play(
        comparison: cc.Comparison) -> None:
    """Fewer hands need not be shorter games: each hand may get longer. Right after the hands
    per game come the actions per game (the mean of the games' ``actions``, deals not counted)
    and per hand (every action over every hand), amounts with a normal interval, not rates."""
    names = list(measures(TWO_P))
    assert names[:3] == ["hands per game", "actions per game", "actions per hand"]
    assert names[:3] == list(measures(RULES))[:3]
    assert not {"actions per game", "actions per hand"} & set(rates(TWO_P))
    for label, result in comparison.results.items():
        games = result.games
        est = comparison.estimates()[label]
        assert est["actions per game"].value == pytest.approx(
            sum(g.actions for g in games) / len(games))
        assert est["actions per game"].value == pytest.approx(result.actions_per_game)
        assert est["actions per hand"].value == pytest.approx(
            sum(g.actions for g in games) / sum(g.hands for g in games))
        for name in ("actions per game", "actions per hand"):
            assert est[name].low < est[name].value < est[name].high
    row = comparison.difference("plain", "frozen", "actions per game")
    assert row["difference"] == pytest.approx(row["b"] - row["a"])
    text = comparison.table()
    assert "\nactions per game " in text and "\nactions per hand " in text
    assert "<th>actions per game</th>" in comparison._repr_html_()
    frame = comparison.summary_pandas()
    assert {"actions per game", "actions per hand"} <= set(frame["measure"])
    games = comparison.to_pandas()
    assert games.groupby("variant")["actions"].mean()["frozen"] == pytest.approx(
        comparison.estimates()["frozen"]["actions per game"].value)


def test_a_simulations_summary_says_how_long_its_games_are(
        result: cc.SimulationResult) -> None:
    """Beside the hands per game, the actions per game: its mean, in the text table, the
    notebook's table and the repr (NaN with no game, whose table shows no statistic)."""
    mean = sum(g.actions for g in result.games) / len(result.games)
    assert result.actions_per_game == pytest.approx(mean)
    said = (f"hands per game {result.hands_per_game:.2f}, actions per game {mean:.1f}, "
            f"canastas per hand {result.canastas_per_hand:.2f}")
    assert said in result.table().splitlines()
    assert f"{mean:.1f} actions per game" in result._repr_html_()
    assert repr(result).endswith(f"hands per game, {mean:.1f} actions per game>")
    assert list(result.to_pandas()["actions"]) == [g.actions for g in result.games]
    empty = cc.simulate(TWO_P, bots=["random", "heuristic"], games=0, progress=False)
    assert math.isnan(empty.actions_per_game)


# Per game: (times the event happened, hands), at least one game.
_GAMES = st.lists(st.integers(1, 12).flatmap(
    lambda hands: st.tuples(st.integers(0, hands), st.just(hands))), min_size=1, max_size=40)


@given(_GAMES)
def test_every_interval_of_a_rate_lies_in_0_1_with_a_width(pairs: list[tuple[int, int]]) -> None:
    """A rate's interval lies in [0, 1], holds the rate and is never a point, even at a rate
    of 0 or 1 (where a normal interval leaves [0, 1] or shrinks to nothing)."""
    rate, low, high = rate_interval(pairs, Z95)
    assert 0 <= low <= rate <= high <= 1
    assert low < high


@given(st.lists(st.integers(1, 12).flatmap(lambda hands: st.tuples(
    st.integers(0, hands), st.integers(0, hands), st.just(hands))), min_size=1, max_size=40))
@example([(2, 0, 4), (4, 2, 4)])  # moved together: the uncorrected correlation was 1, a point
def test_every_difference_of_rates_lies_in_minus_1_1(games: list[tuple[int, int, int]]) -> None:
    """The paired difference of two rates on the same games holds the difference, lies in
    [-1, 1] and is never a point: not when the rates moved together game by game, nor when
    they are equal."""
    a = [(x, n) for x, _, n in games]
    b = [(y, n) for _, y, n in games]
    diff, low, high = rate_difference_interval(a, b, Z95)
    assert -1 <= low <= diff <= high <= 1
    assert low < high


def _newcombe_paired(both: int, only_b: int, only_a: int, neither: int) -> tuple[float, ...]:
    """Newcombe's method 10 for a paired 2x2 table as the textbooks write it (Newcombe 1998;
    Altman et al., Statistics with Confidence, p. 52): Wilson intervals for the two margins and
    phi = (AD - BC - N/2) / sqrt(efgh) when AD - BC > N/2, 0 up to there, uncorrected below 0."""
    n = both + only_b + only_a + neither
    p_b, p_a = (both + only_b) / n, (both + only_a) / n
    low_b, high_b = wilson_interval(both + only_b, n, Z95)
    low_a, high_a = wilson_interval(both + only_a, n, Z95)
    margins = (both + only_b) * (only_a + neither) * (both + only_a) * (only_b + neither)
    cross = both * neither - only_b * only_a
    corrected = cross - n / 2 if cross > n / 2 else min(cross, 0)
    phi = corrected / math.sqrt(margins) if margins else 0.0
    d = p_b - p_a
    return (d, d - math.sqrt((p_b - low_b) ** 2 - 2 * phi * (p_b - low_b) * (high_a - p_a)
                             + (high_a - p_a) ** 2),
            d + math.sqrt((p_a - low_a) ** 2 - 2 * phi * (p_a - low_a) * (high_b - p_b)
                          + (high_b - p_b) ** 2))


@given(st.tuples(*[st.integers(0, 30)] * 4).filter(lambda cells: sum(cells) > 0))
@example((10, 0, 0, 10))  # equal game by game: phi 0.9, not 1
@example((12, 9, 2, 21))
def test_a_difference_of_rates_of_one_hand_a_game_is_newcombes(
        cells: tuple[int, int, int, int]) -> None:
    """With one hand a game, the paired difference is Newcombe's interval for the 2x2 table of
    the games (both rates counted, only b's, only a's, neither), continuity correction and
    all."""
    both, only_b, only_a, neither = cells
    a = [(1, 1)] * both + [(0, 1)] * only_b + [(1, 1)] * only_a + [(0, 1)] * neither
    b = [(1, 1)] * both + [(1, 1)] * only_b + [(0, 1)] * only_a + [(0, 1)] * neither
    expected = _newcombe_paired(*cells)
    assert rate_difference_interval(a, b, Z95) == pytest.approx(
        (expected[0], max(-1.0, expected[1]), min(1.0, expected[2])))


def test_rate_intervals_refuse_impossible_counts() -> None:
    """A count above its game's hands, no hand at all, or unpaired games are refused."""
    with pytest.raises(ValueError, match="game 1: a rate counts from 0 to the game's hands"):
        rate_interval([(1, 2), (3, 2)])
    with pytest.raises(ValueError, match="at least one hand"):
        rate_interval([])
    with pytest.raises(ValueError, match="the same games on both sides"):
        rate_difference_interval([(1, 2)], [(1, 2), (0, 1)])


def test_compare_gives_rates_wilson_intervals(comparison: cc.Comparison) -> None:
    """In a comparison every rate's interval lies in [0, 1] with a width, also for a way of
    ending hands that never happened (a normal interval gave [0.000, 0.000] or dipped below 0),
    and a win rate's is the textbook Wilson interval over the games."""
    names = rates(TWO_P)
    assert "hands ending passed" in names and "win rate, seat 1" in names
    assert "pile takes per hand" not in names
    for per in comparison.estimates().values():
        for name in names:
            assert 0 <= per[name].low <= per[name].value <= per[name].high <= 1
            assert per[name].low < per[name].high, name
    wins = sum(1 for g in comparison.results["plain"].games if g.winner == 0)
    est = comparison.estimates()["plain"]["win rate, seat 0"]
    assert (est.low, est.high) == pytest.approx(wilson_interval(wins, 30, Z95))
    for row in comparison.summary():
        if row["measure"] in names:
            assert -1 <= row["difference_low"] <= row["difference"] <= row["difference_high"] <= 1


def test_identical_variants_differ_in_nothing() -> None:
    """Two labels for the same rules play the same games: every difference is zero and
    reported as not significant."""
    same = cc.compare({"a": TWO_P, "b": TWO_P}, bots=["random"], games=8, seed=3)
    assert all(row["difference"] == 0 and not row["significant"] for row in same.summary())
    assert "not significant" in same.table()
    assert "not significant" in same._repr_html_()


def test_the_table_says_what_each_pair_changes() -> None:
    """Under each pair's heading, the options its rules change (as ``rules diff`` says them),
    "the same rules" where none does, and a note where the game's length or first-meld
    minimums differ: per-hand measures then average over other hands (a club's trial found a
    shorter target hiding what a frozen pile does to pile takes)."""
    club = TWO_P.replace(target_score=3000, always_frozen=True)
    study = cc.compare({"plain": TWO_P, "same": TWO_P, "club": club}, bots=["random"],
                       games=2, seed=3, max_hands=1)
    text = study.table()
    pairs = text.split("\n\n")[1:]
    assert pairs[0].startswith("same - plain:\n  the same rules\n")
    assert pairs[1].startswith("club - plain:\n  options: target_score 5000 -> 3000; "
                               "always_frozen false -> true\n  note: target_score differs: "
                               "the games play other hands")
    assert "compare one option at a time" in pairs[1]
    assert pairs[2].startswith("club - same:\n  options: target_score")
    frozen = cc.compare({"plain": TWO_P, "frozen": TWO_P.replace(always_frozen=True)},
                        bots=["random"], games=2, seed=3, max_hands=1).table()
    assert "  options: always_frozen false -> true\n" in frozen and "  note:" not in frozen
    shown = study._repr_html_()  # a notebook's table says the same, under it
    assert "<li>same − plain: the same rules</li>" in shown
    assert ("<li>club − plain: options: target_score 5000 -&gt; 3000; always_frozen false "
            "-&gt; true <em>(note: target_score differs: the games play other hands") in shown


def test_option_changes_are_the_options_whose_values_differ() -> None:
    """:func:`~canasta_caliente.rules.differences.option_changes`: every option whose document
    value differs, in the options' order, none for equal rules; card values name only the
    cards changed."""
    from canasta_caliente.rules.differences import change_text, option_changes

    values = dict(TWO_P.to_dict()["card_values"], JK=40)
    other = TWO_P.replace(hand_size=13, card_values=values, max_wilds=3)
    changes = option_changes(TWO_P, other)
    assert [info.name for info, _, _ in changes] == [
        info.name for info in cc.OPTIONS if info.name in ("hand_size", "max_wilds", "card_values")]
    assert {info.name: change_text(a, b) for info, a, b in changes} == {
        "hand_size": "15 -> 13", "max_wilds": '"none" -> 3', "card_values": "JK 50 -> 40"}
    assert option_changes(TWO_P, TWO_P) == []


def test_a_real_difference_is_significant(comparison: cc.Comparison) -> None:
    """A frozen pile is taken less often: 30 games show it, listed as a difference."""
    row = comparison.difference("plain", "frozen", "pile takes per hand")
    assert row["significant"] and row["difference"] < 0
    assert "pile takes per hand" in comparison.table().split("frozen - plain:")[1].split(
        "not significant")[0]


def test_compare_refuses_bad_variants() -> None:
    """Fewer than two variants, tables of other shapes and non-RuleSets are refused."""
    with pytest.raises(ValueError, match="at least two variants"):
        cc.compare({"a": TWO_P}, bots=["random"], games=1)
    with pytest.raises(ValueError, match="same players in the same sides"):
        cc.compare({"a": TWO_P, "b": RULES}, bots=["random"], games=1)
    with pytest.raises(TypeError, match=r"variant 'b' must be a RuleSet, not str 'caliente' \(a"):
        cc.compare({"a": TWO_P, "b": "caliente"}, bots=["random"], games=1)  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="must map a label"):
        cc.compare([TWO_P, TWO_P], bots=["random"], games=1)  # type: ignore[arg-type]


@pytest.mark.slow
def test_plots_return_figures(result: cc.SimulationResult, comparison: cc.Comparison,
                              tmp_path: Path) -> None:
    """Every kind of plot returns a figure with axes, drawable with the Agg backend."""
    from matplotlib.figure import Figure

    figures = [result.plot(kind) for kind in ("scores", "hands", "final")]
    figures += [comparison.plot(kind) for kind in ("differences", "scores", "hands")]
    for i, figure in enumerate(figures):
        assert isinstance(figure, Figure) and figure.axes
        figure.savefig(tmp_path / f"{i}.png")
        assert (tmp_path / f"{i}.png").stat().st_size > 1000
    with pytest.raises(ValueError, match="kind must be one of"):
        result.plot("pie")


@pytest.mark.parametrize(("names", "error", "message"), [
    (["hands per gmae"], cc.ArgumentError,
     r"measures\[0\]: no measure 'hands per gmae' in this comparison \(its measures: "
     r"'hands per game'"),
    ([None], TypeError, r"measures\[0\] must be a str \(a measure's name\), not NoneType"),
    (3, TypeError, "measures must be a measure's name or a list of them, not int"),
    ([], cc.ArgumentError, "measures must name at least one measure"),
])
def test_the_plots_measures_are_checked_as_difference_checks_them(
        comparison: cc.Comparison, names: Any, error: type[Exception], message: str) -> None:
    """An unknown measure was a bare KeyError ``('plain', 'frozen', 'hands per gmae')``; it
    now gets :meth:`~canasta_caliente.Comparison.difference`'s message (one check for both),
    which lists the measures."""
    with pytest.raises(error, match=message):
        comparison.plot(measures=names)
    with pytest.raises(cc.ArgumentError, match="measure: no measure 'hands per gmae'"):
        comparison.difference("plain", "frozen", "hands per gmae")


def test_a_single_measure_is_one_measure(comparison: cc.Comparison) -> None:
    """``measures="hands per game"`` was read letter by letter (a KeyError on ``'h'``); a
    string is one measure's name, in the plot as in ``difference``."""
    for names in ("hands per game", ["hands per game"]):
        figure = comparison.plot(measures=names)
        labels = [label.get_text() for label in figure.axes[0].get_yticklabels()]
        assert labels == ["hands per game"]


@pytest.mark.parametrize("last_cards", [0, 1])
def test_a_difference_from_0_is_not_drawn_as_a_percent(comparison: cc.Comparison,
                                                        last_cards: int) -> None:
    """From a rate of 0, the plot drew 100 times the difference on the axis of percents of the
    first value (2 percentage points as ``+2.0``): it now draws no point there, and writes the
    difference itself, in percentage points; the other measures stay in percent."""
    frozen = comparison.results["frozen"]
    games = [attrs.evolve(g, hand_ends=("last_card", *g.hand_ends[1:]))
             for g in frozen.games[:last_cards]]
    changed = cc.Comparison({"plain": comparison.results["plain"],
                             "frozen": attrs.evolve(frozen, games=(*games,
                                                                   *frozen.games[last_cards:]))})
    row = changed.difference("plain", "frozen", "hands ending last_card")
    assert row["a"] == 0 and (row["b"] > 0) == bool(last_cards)
    ax = changed.plot(measures=["hands per game", "hands ending last_card"]).axes[0]
    drawn = {float(y) for line in ax.lines for y in line.get_ydata()}
    assert -1.0 not in drawn and 0.0 in drawn
    hands = changed.difference("plain", "frozen", "hands per game")
    assert 100 * hands["difference"] / hands["a"] in {
        float(x) for line in ax.lines for x in line.get_xdata()}
    [note] = [text.get_text() for text in ax.texts]
    assert note == (f"{100 * row['difference']:+.1f} pp [{100 * row['difference_low']:+.1f}, "
                    f"{100 * row['difference_high']:+.1f}] from 0")
    assert "percentage points (pp)" in ax.get_xlabel()


def _data_boxes(figure: Any, renderer: Any) -> list[Any]:
    """The window boxes of every data artist of the figure's axes: bars, histogram patches,
    markers, error bars and lines (the zero line included)."""
    boxes = []
    for ax in figure.axes:
        for artist in [*ax.patches, *ax.lines, *ax.collections]:
            if artist.get_visible():
                box = artist.get_window_extent(renderer)
                if box.width > 0 or box.height > 0:
                    boxes.append(box)
    return boxes


@pytest.mark.parametrize("kind", quick_part(
    ["result scores", "result final", "comparison differences", "comparison scores",
     "comparison hands"], ["result scores", "comparison differences"]))
def test_legends_cover_no_data(kind: str, result: cc.SimulationResult,
                               comparison: cc.Comparison) -> None:
    """Every legend stands where it overlaps no data: its box meets no box of a bar, a
    histogram's patch, a marker, an error bar or a line (a legend inside the axes covered the
    top of a bar in ``plot("hands")`` and the first rows of ``plot()``)."""
    source, what = kind.split()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = (result if source == "result" else comparison).plot(what)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # the constrained layout places the axes and the legend
    renderer = canvas.get_renderer()
    legends = [*figure.legends, *(ax.get_legend() for ax in figure.axes if ax.get_legend())]
    assert legends
    boxes = _data_boxes(figure, renderer)
    assert boxes
    for legend in legends:
        frame = legend.get_window_extent(renderer)
        assert not [box for box in boxes if frame.overlaps(box)], kind
        # Nor the axes' area, where more data would be drawn (with other games, another bar
        # may grow where an inside legend's "best" place was free here).
        assert not [ax for ax in figure.axes if frame.overlaps(ax.get_window_extent(renderer))]


def test_reprs_are_short() -> None:
    """Cards print as their codes, a state and a view in one line, a RuleSet as its preset
    and changes (which evaluates back to it), results in a line."""
    state = cc.new_game(RULES, seed=1)
    assert repr(cc.Card.FOUR) == "4" and repr((cc.Card.FOUR, cc.Card.JOKER)) == "(4, JK)"
    for text in (repr(state), repr(cc.observe(state, 1))):
        assert "\n" not in text and len(text) < 160
    assert repr(RULES) == "RuleSet.preset('caliente')"
    house = RULES.replace(max_wilds=3, going_out_bonus=200)
    assert repr(house) == "RuleSet.preset('caliente').replace(max_wilds=3, going_out_bonus=200)"
    assert repr(RULES.replace(max_wilds=3, always_frozen=True)) == (
        "RuleSet.preset('caliente-always-frozen').replace(max_wilds=3)")  # the closest preset
    assert eval(repr(house), {"RuleSet": cc.RuleSet}) == house
    assert "<table>" in house._repr_html_()
    sim = cc.simulate(TWO_P, bots=["heuristic", "random"], games=20, seed=1)
    assert len(repr(sim)) < 200 and "20 of 20 games" in repr(sim)
    assert "<table>" in sim._repr_html_()
    assert repr(sim.games[0]).startswith("<GameResult game 0: side ")
    assert len(repr(sim.games[0])) < 120
    hand = sim.games[0].hand_results[0]
    assert repr(hand).startswith("<HandResult ") and "totals" in repr(hand)
    assert hand._repr_html_().count("<tr>") == 1 + len(hand.totals)


def test_missing_matplotlib_or_pyarrow_names_the_extra(result: cc.SimulationResult,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Without matplotlib a plot, and without pyarrow a Parquet path, raise an ImportError that
    names the extra to install."""
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"canasta-caliente\[analysis\]"):
        result.plot()
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r"this needs the optional extra 'analysis' \(pyarrow "
                       r"is missing\): pip install \"canasta-caliente\[analysis\]\""):
        check_output_path(tmp_path / "hands.parquet")


@pytest.mark.parametrize("widgets", [True, False])
def test_progress_bar_is_tqdm_auto_where_ipywidgets_is(
        widgets: bool, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``progress=True`` draws a tqdm.auto bar (a widget in Jupyter, a text bar outside) where
    ipywidgets is installed, and tqdm's text bar where it is not: tqdm.auto in a notebook
    without ipywidgets warned "IProgress not found" before falling back to that text bar (a
    notebook user's trial)."""
    import importlib.util

    import tqdm.auto
    import tqdm.std

    from canasta_caliente.studies.simulate import _Progress

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: (
        (find_spec("tqdm") if widgets else None) if name == "ipywidgets"
        else find_spec(name, *rest)))
    bar = _Progress(3, True)
    try:
        assert isinstance(bar.bar, tqdm.auto.tqdm if widgets else tqdm.std.tqdm)
        assert widgets or not isinstance(bar.bar, tqdm.auto.tqdm)
    finally:
        bar.close()
    cc.simulate(TWO_P, bots=["random"], games=2, seed=1, progress=True)
    assert "2/2" in capsys.readouterr().err


def test_a_simulation_of_no_games_plots_say_so() -> None:
    """A run of no games (asked for none, or interrupted at once) plotted an empty chart
    with "heuristic (mean nan)" in its legend; each plot says no game was played, as its
    table does, and no legend says "nan"."""
    empty = cc.simulate(TWO_P, ["random", "heuristic"], games=0, progress=False)
    for kind in ("scores", "hands", "final"):
        ax = empty.plot(kind).axes[0]
        assert [t.get_text() for t in ax.texts] == ["no game was played"], kind
        legends = [*ax.figure.legends, *([ax.get_legend()] if ax.get_legend() else [])]
        labels = [t.get_text() for legend in legends for t in legend.get_texts()]
        assert kind == "hands" or labels == ["random (no games)", "heuristic (no games)"]
        assert not any("nan" in label for label in labels), labels


def test_the_hands_plots_tick_whole_hands() -> None:
    """``plot("hands")`` of a simulation ticks the numbers of hands the games had, as a
    comparison's does; with every game of one length it ticked 1.6, 1.8, ... (a notebook
    user's trial). An interrupted round robin lists its bots with no game last."""
    short = cc.simulate(TWO_P, ["random"], 3, seed=1, max_hands=1)
    ticks = short.plot("hands").axes[0].get_xticks()
    assert list(ticks) == [1]
    seen: list[cc.GameResult] = []

    def stop(result: cc.GameResult) -> None:
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt

    t = cc.tournament(["heuristic", "random", "level-2"], TWO_P.replace(target_score=300),
                      games=2, seed=2, max_hands=3, on_result=stop)
    assert t.interrupted and t.ratings["random"].value < 0 == t.ratings["level-2"].value
    assert [line.split()[0] for line in t.table().splitlines()[1:4]] == [
        "heuristic", "random", "level-2"]  # (level-2, rated 0 of no game, sat above random)


@given(st.integers(1, 100_000).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
@example((2000, 973))  # 48.65% and 51.35%: printed 48.6% and 51.3% (a bot author's trial)
def test_two_rates_that_add_up_to_1_print_as_100_percent(games_won: tuple[int, int]) -> None:
    """A table's rates are rounded as written, half to even, so a pair of rates that add up
    to 1 (two bots' win rates with no game unwon) print as percentages that add up to 100.0."""
    from canasta_caliente.studies.tables import percent

    games, won = games_won
    shown = [percent(won / games), percent((games - won) / games)]
    assert round(sum(float(p.removesuffix("%")) for p in shown), 6) == 100.0, shown


def test_a_relative_interval_of_a_rate_stops_at_minus_100_percent(
        comparison: cc.Comparison) -> None:
    """A rate falls by at most all of it: the interval of a difference from a small rate,
    divided by it, went below -100% (-206% in a notebook user's trial); it stops there, and
    the axis names the legend's A as the base. The points, which may be below 0, are not cut."""
    plain = comparison.results["plain"]
    frozen = comparison.results["frozen"]
    one = [attrs.evolve(plain.games[0], hand_ends=("last_card", *plain.games[0].hand_ends[1:]))]
    changed = cc.Comparison({"plain": attrs.evolve(plain, games=(*one, *plain.games[1:])),
                             "frozen": frozen})
    row = changed.difference("plain", "frozen", "hands ending last_card")
    assert row["a"] > 0 and row["b"] == 0 and 100 * row["difference_low"] / row["a"] < -100
    ax = changed.plot(measures=["hands ending last_card"]).axes[0]
    ends = [x for c in ax.collections for seg in c.get_segments() for x, _ in seg]
    assert ends and min(ends) == -100.0
    assert "B − A (as in the legend) in % of the size of A's value" in ax.get_xlabel()


def test_a_comparisons_table_keeps_its_decimals_and_warns_of_few_games() -> None:
    """A rate has three decimals, another measure two, whatever their size (a rate's interval
    [0.998, 1.000] read "1.00 [1.00, 1.00]", a point; the decimals changed from row to row and
    run to run); a comparison of fewer than 30 games a variant says its intervals are too
    narrow, one of 30 does not (a notebook user's trial: 78% of runs of 3 games held the
    truth)."""
    variants = {"plain": cc.RuleSet.preset("caliente-2p"),
                "frozen": cc.RuleSet.preset("caliente-2p").replace(always_frozen=True)}
    few = cc.compare(variants, bots=["random"], games=3, seed=1)
    rows = {line[:32].strip(): line[32:].split() for line in few.table().splitlines()[2:17]}
    assert all(len(v.split(".")[1].rstrip("],")) == 3 for v in rows["hands ending went_out"])
    assert all(len(v.split(".")[1].rstrip("],")) == 2 for v in rows["actions per game"])
    assert "note: from fewer than 30 games a variant" in few.table()
    assert "from fewer than 30 games a variant" in few._repr_html_()
    enough = cc.compare(variants, bots=["random"], games=30, seed=1)
    assert "fewer than 30" not in enough.table() + enough._repr_html_()


def test_a_comparison_of_two_bots_says_the_sides_mix_them() -> None:
    """With two bots taking the sides in turn, a side's win rate mixes them (0.51 for a
    heuristic bot that won 97% against random, in a notebook user's trial): the tables say so,
    and where each bot's wins are; with one bot they say nothing of it."""
    variants = {"plain": cc.RuleSet.preset("caliente-2p"),
                "frozen": cc.RuleSet.preset("caliente-2p").replace(always_frozen=True)}
    mixed = cc.compare(variants, bots=["heuristic", "random"], games=2, seed=1)
    said = "the bots (heuristic, random) take the sides in turn, game by game"
    assert said in " ".join(mixed.table().split()) and said in mixed._repr_html_()
    alone = cc.compare(variants, bots=["random"], games=2, seed=1)
    assert "take the sides in turn" not in alone.table() + alone._repr_html_()


def test_a_comparisons_scores_are_each_variants_share_of_its_hands(
        comparison: cc.Comparison) -> None:
    """The variants play as many games, not as many hands: each variant's bars are its share
    of its hand scores (adding up to 1), where counts drew the variant of fewer hands lower
    throughout (a notebook user's trial)."""
    ax = comparison.plot("scores").axes[0]
    hands = {label: sum(g.hands for g in r.games) for label, r in comparison.results.items()}
    assert len(set(hands.values())) > 1  # (the variants played different numbers of hands)
    for container in ax.containers:
        assert sum(bar.get_height() for bar in container) == pytest.approx(1.0)
    assert len(ax.containers) == 2 and ax.get_ylabel() == "share of the variant's hand scores"
