"""A tournament takes what a simulation takes: ``executor``, ``chunk_size``, ``on_result`` and
``keep_records``, passed to each pair's :func:`~canasta_caliente.simulate` and checked as it
checks them; none of them changes the games."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.studies import tournament as tournament_module

RULES_2P = cc.RuleSet.preset("caliente-2p")
BOTS = ["heuristic", "random", "level-2"]


def _played(**options: Any) -> cc.Tournament:
    """A small round robin of three bots (three pairs of four games)."""
    return cc.tournament(BOTS, RULES_2P, games=4, seed=3, max_hands=2, **options)


def test_a_round_robin_on_an_executor_is_the_same() -> None:
    """On an executor of one's own (threads here), with any ``workers`` or ``chunk_size``,
    the games are those of one process."""
    here = _played()
    with ThreadPoolExecutor(max_workers=3) as executor:
        for options in ({}, {"workers": 2}, {"chunk_size": 1}):
            there = _played(executor=executor, **options)
            assert there == here
            assert there.to_dict() == here.to_dict()
    assert _played(workers=2, chunk_size=3) == here


def test_the_options_reach_every_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pair's simulation is given the executor, the chunk size (chosen as before when
    ``None``: at most a quarter of a worker's share of the pair's games) and keep_records."""
    calls: list[dict[str, Any]] = []

    def simulate(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return cc.simulate(*args, **kwargs)

    monkeypatch.setattr(tournament_module, "simulate", simulate)
    with ThreadPoolExecutor(max_workers=2) as executor:
        _played(executor=executor, chunk_size=3, keep_records=True)
    assert len(calls) == 3
    assert all(c["executor"] is executor and c["chunk_size"] == 3 and c["keep_records"]
               for c in calls)
    calls.clear()
    cc.tournament(BOTS[:2], RULES_2P, games=16, seed=1, max_hands=1, workers=2)
    assert [(c["executor"], c["chunk_size"], c["keep_records"]) for c in calls] == [
        (None, 2, False)]


def test_on_result_sees_every_game_once() -> None:
    """``on_result`` is given each game's result as it ends, every game of every pair once,
    the result's seat_bots naming the pair; in this process and on an executor alike."""
    for options in ({}, {"workers": 2, "chunk_size": 1}):
        seen: list[cc.GameResult] = []
        if options:
            with ThreadPoolExecutor(max_workers=2) as executor:
                t = _played(executor=executor, on_result=seen.append, **options)
        else:
            t = _played(on_result=seen.append)
        assert len(seen) == t.games == 12
        for pair in t.pairs:
            mine = [g for g in seen if set(g.seat_bots) == set(pair.bots)]
            assert sorted(mine, key=lambda g: g.index) == list(pair.games)


def test_an_interrupt_raised_by_on_result_stops_the_round_robin() -> None:
    """A KeyboardInterrupt from ``on_result`` stops the round robin as it stops a
    simulation: the games played are rated, the tournament flagged interrupted."""
    seen: list[cc.GameResult] = []

    def stop_at_six(result: cc.GameResult) -> None:
        seen.append(result)
        if len(seen) == 6:
            raise KeyboardInterrupt

    t = _played(on_result=stop_at_six)
    assert t.interrupted and t.games == 6 == len(seen)
    assert [len(pair.games) for pair in t.pairs] == [4, 2]
    assert t.pairs[1].interrupted


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupt_at_a_pairs_last_game_stops_the_round_robin(workers: int) -> None:
    """A KeyboardInterrupt from ``on_result`` at the last game of a pair stops the round
    robin too: that pair's result is whole (so not interrupted), and the next pair started
    (a notebook user's trial: ``interrupted`` False, all 12 games played)."""
    seen: list[cc.GameResult] = []

    def stop_at_four(result: cc.GameResult) -> None:
        seen.append(result)
        if len(seen) == 4:
            raise KeyboardInterrupt

    t = _played(on_result=stop_at_four, workers=workers)
    assert t.interrupted and t.games == 4 == len(seen)
    assert [len(pair.games) for pair in t.pairs] == [4] and not t.pairs[0].interrupted


def test_an_error_raised_by_on_result_is_raised_as_it_was() -> None:
    """An error of ``on_result`` ends the round robin, raised again as simulate raises it:
    without the note a game's error gets of its pair (the pair had nothing to do with it)."""
    def fail(result: cc.GameResult) -> None:
        raise ValueError("my callback failed")

    for run in (lambda: cc.simulate(RULES_2P, BOTS[:2], 2, max_hands=1, on_result=fail),
                lambda: _played(on_result=fail)):
        with pytest.raises(ValueError, match="my callback failed") as caught:
            run()
        assert not getattr(caught.value, "__notes__", [])


def test_kept_records_round_trip_through_json() -> None:
    """``keep_records=True`` keeps every game's record in its pair; the tournament goes to
    JSON and back with them, and its games are those played without records."""
    t = _played(keep_records=True)
    assert all(g.record is not None for pair in t.pairs for g in pair.games)
    assert cc.Tournament.from_dict(t.to_dict()) == t
    text = json.dumps(t.to_dict(), allow_nan=False)
    back = cc.Tournament.from_json(text)
    assert back == t
    assert [g.record for p in back.pairs for g in p.games] == [
        g.record for p in t.pairs for g in p.games]
    plain = _played()
    assert all(g.record is None for pair in plain.pairs for g in pair.games)
    assert plain.to_records() == t.to_records() and plain.wins == t.wins


@pytest.mark.parametrize("games", [-3, 0, 1, 3])
def test_games_not_a_positive_even_number_is_said_so(games: int) -> None:
    """A negative count was refused as "at least 0", and 0 then as "a positive even number":
    each is now refused in the tournament's own words (a notebook user's trial)."""
    with pytest.raises(cc.ArgumentError, match=rf"^games must be a positive even number "
                                               rf"\(sides alternate\), not {games}$"):
        cc.tournament(BOTS, RULES_2P, games=games)


def test_each_pairs_progress_bar_names_the_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament shows a bar a pair: each names its pair, where three bars all read
    "games played" (a notebook user's trial); a simulation without a label keeps that."""
    from canasta_caliente.studies import simulate as simulate_module

    named: list[str] = []
    real = simulate_module._Progress.__init__

    def start(self: object, total: int, enabled: bool, what: str = "games played") -> None:
        named.append(what)
        real(self, total, enabled, what)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate_module._Progress, "__init__", start)
    _played()
    cc.simulate(RULES_2P, ["random"], 1, max_hands=1)
    assert named == ["heuristic vs random: games played", "heuristic vs level-2: games played",
                     "random vs level-2: games played", "games played"]

