"""A comparison plays its variants in step: game by game in this process, chunk by chunk on a
pool, so that an interrupt keeps a comparison of nearly all the games played (it played the
variants one after the other: an interrupt during the first left nothing to compare). The
games are those of one simulation per variant, game ``i`` seeded by ``game_seed(seed, i)``
under every variant, so a finished comparison's results are those it gave before."""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest

import canasta_caliente as cc
from canasta_caliente.players.bots import random_bot
from canasta_caliente.studies import simulate as simulate_module
from canasta_caliente.studies.play import game_seed
from conftest import quick_part

TWO_P = cc.RuleSet.preset("caliente-2p")
VARIANTS = {"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True),
            "3000": TWO_P.replace(target_score=3000)}
BOTS = ["heuristic", "random"]


class Stop:
    """An ``on_result`` that records what it is given and raises :class:`KeyboardInterrupt`
    (as Ctrl-C would) once ``until(seen)`` holds."""

    def __init__(self, until: object) -> None:
        self.until = until
        self.seen: list[tuple[str, int]] = []

    def __call__(self, label: str, result: cc.GameResult) -> None:
        self.seen.append((label, result.index))
        if self.until(self.seen):  # type: ignore[operator]
            raise KeyboardInterrupt


@pytest.mark.parametrize(("workers", "chunk_size"),
                         quick_part([(1, 10), (2, 3), (2, 10)], [(2, 3)]))
def test_a_finished_comparison_plays_the_games_of_one_simulation_per_variant(
        workers: int, chunk_size: int) -> None:
    """Every variant's result is the one ``simulate`` gives it alone (as compare played them,
    one after the other), game ``i`` the game of the seed ``game_seed(seed, i)``, whatever the
    workers and the chunks; the records kept too."""
    comparison = cc.compare(VARIANTS, bots=BOTS, games=7, seed=5, workers=workers,
                            chunk_size=chunk_size, max_hands=3, keep_records=True)
    assert not comparison.interrupted and comparison.games == 7
    assert comparison.labels == tuple(VARIANTS)
    for label, rules in VARIANTS.items():
        alone = cc.simulate(rules, BOTS, 7, 5, max_hands=3, keep_records=True, label=label)
        assert comparison.results[label] == alone
        for i, game in enumerate(alone.games):
            assert game == cc.play_game(rules, BOTS, game_seed(5, i), index=i, max_hands=3,
                                        keep_record=True)
            assert game.record is not None


def test_a_comparison_on_an_executor_is_the_same() -> None:
    """On an executor of one's own (threads here) the games are the same too."""
    alone = cc.compare(VARIANTS, bots=BOTS, games=5, seed=8, max_hands=2)
    with ThreadPoolExecutor(max_workers=3) as executor:
        spread = cc.compare(VARIANTS, bots=BOTS, games=5, seed=8, max_hands=2,
                            executor=executor, chunk_size=2)
    assert spread.results == alone.results


def test_one_process_plays_the_variants_game_by_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process, game 0 of every variant in turn, then game 1, ...: ``on_result`` is
    told each game's variant by its label, and one progress bar counts the games of every
    variant, one by one."""
    steps: list[int] = []
    totals: list[tuple[int, str]] = []
    real = simulate_module._Progress.__init__

    def start(self: object, total: int, enabled: bool, what: str = "games played") -> None:
        totals.append((total, what))
        real(self, total, enabled, what)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate_module._Progress, "__init__", start)
    monkeypatch.setattr(simulate_module._Progress, "update", lambda self, n: steps.append(n))
    seen = Stop(lambda seen: False)
    cc.compare(VARIANTS, bots=BOTS, games=3, seed=1, max_hands=1, on_result=seen,
               progress=True)
    assert seen.seen == [(label, i) for i in range(3) for label in VARIANTS]
    assert totals == [(9, "games played (3 variants)")]
    assert steps == [1] * 9


@pytest.mark.parametrize("k", quick_part([1, 2, 3, 4, 8], [1, 8]))
def test_an_interrupt_keeps_the_games_of_every_variant(k: int) -> None:
    """An interrupt raised by ``on_result`` after the ``k``-th game played keeps ``k // 3``
    games of each of the 3 variants (the games all of them played), those of an uninterrupted
    comparison; it kept none while the first variant played."""
    stop = Stop(lambda seen: len(seen) == k)
    stopped = cc.compare(VARIANTS, bots=BOTS, games=6, seed=2, max_hands=2, on_result=stop)
    assert stopped.interrupted and stopped.games == k // 3
    finished = cc.compare(VARIANTS, bots=BOTS, games=6, seed=2, max_hands=2)
    for label in VARIANTS:
        result = stopped.results[label]
        assert result.requested == 6 and result.label == label
        assert result.games == finished.results[label].games[:k // 3]
    if k >= 3:
        assert stopped.summary() == cc.compare(VARIANTS, bots=BOTS, games=k // 3, seed=2,
                                               max_hands=2).summary()


def test_an_interrupt_on_a_pool_keeps_the_games_of_every_variant() -> None:
    """On a pool of two workers the chunks are submitted for every variant in turn: once every
    variant has reported its games 0 and 1, an interrupt keeps at least those of each (more
    if more were played), the same games as an uninterrupted comparison's, and the pool's
    workers are stopped."""
    def both_first_games(seen: list[tuple[str, int]]) -> bool:
        return all({(label, 0), (label, 1)} <= set(seen) for label in VARIANTS)

    stop = Stop(both_first_games)
    stopped = cc.compare(VARIANTS, bots=BOTS, games=20, seed=3, max_hands=1, workers=2,
                         chunk_size=1, on_result=stop)
    assert stopped.interrupted and 2 <= stopped.games < 20
    finished = cc.compare(VARIANTS, bots=BOTS, games=stopped.games, seed=3, max_hands=1)
    assert {label: r.games for label, r in stopped.results.items()} == {
        label: r.games for label, r in finished.results.items()}
    assert len(stop.seen) < 3 * 20  # stopped: not every game was played


def test_a_bot_interrupting_in_a_later_variant_keeps_the_games_before() -> None:
    """A bot that raises :class:`KeyboardInterrupt` at its first decision of the second
    variant's game 3 (as Ctrl-C during its turn would): the first variant has played 4 games,
    the others 3, and the comparison keeps 3 of each."""
    finished = cc.compare(VARIANTS, bots=["random"], games=6, seed=4, max_hands=1)
    frozen = VARIANTS["frozen"]
    calls = [sum(g.actions for g in finished.results["frozen"].games[:3]) + 1]

    def stop_in_frozen(view: cc.View, legal: Sequence[cc.Action],
                       rng: random.Random) -> cc.Action:
        if view.rules == frozen:
            calls[0] -= 1
            if calls[0] == 0:
                raise KeyboardInterrupt
        return random_bot(view, legal, rng)

    stop_in_frozen.__name__ = "random"
    stopped = cc.compare(VARIANTS, bots=[stop_in_frozen], games=6, seed=4, max_hands=1)
    assert stopped.interrupted and stopped.games == 3
    for label in VARIANTS:
        assert stopped.results[label].games == finished.results[label].games[:3]


def test_on_result_is_checked_as_simulate_checks_it() -> None:
    """``on_result`` and ``keep_records`` are checked before the first game."""
    with pytest.raises(TypeError, match="on_result must be a callable or None"):
        cc.compare(VARIANTS, bots=BOTS, games=1, on_result=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="keep_records"):
        cc.compare(VARIANTS, bots=BOTS, games=1, keep_records="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bots_error_in_a_comparison_names_the_variant(workers: int) -> None:
    """play_game's note says to play the game again with ``rules``: in a comparison, a
    second note says which, the variant's, and play_game with them raises the same error (with
    the other variant's rules the game plays)."""
    from sim_bots import FrozenHater

    two = cc.RuleSet.preset("caliente-2p")
    variants = {"open": two, "frozen": two.replace(always_frozen=True)}
    with pytest.raises(RuntimeError, match=r"^frozen rules upset me") as caught:
        cc.compare(variants, bots=[FrozenHater(), "random"], games=4, seed=3, workers=workers,
                   chunk_size=1)
    first, second = caught.value.__notes__
    assert second == "in the comparison's variant 'frozen': there, rules = the rules of 'frozen'"
    seed, index = first.split("seed=")[1].rstrip(")").split(", index=")
    with pytest.raises(RuntimeError, match=r"^frozen rules upset me"):
        cc.play_game(variants["frozen"], [FrozenHater(), "random"], seed=int(seed),
                     index=int(index), max_hands=1)
    cc.play_game(variants["open"], [FrozenHater(), "random"], seed=int(seed), index=int(index),
                 max_hands=1)
