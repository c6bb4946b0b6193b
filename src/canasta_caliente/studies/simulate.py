"""Simulations: play games between bots, alone or in parallel, and summarize them.

:func:`play_game` plays one seeded game; :func:`simulate` plays many and aggregates them. Each
game's seed is derived from the simulation's seed and the game's index alone, so the results
are identical whatever the number of workers or the executor. Parallel runs take any
:class:`concurrent.futures.Executor` (a process pool by default), so a Dask executor
scales a simulation past one machine.

This module runs a simulation (:func:`simulate` and its progress bar); the rest has a module
of its own in :mod:`canasta_caliente.studies`, and the public names are importable from here
as before:

=============  ================================================================================
``play``       one game: :func:`play_game`, :func:`seat_bots`, each game's seed
``outcomes``   the results: :class:`GameResult`, :class:`SimulationResult`
``stats``      win rates with their intervals, mean hand scores
``tables``     the aggregate statistics as text and HTML tables
``pool``       the process pool and its signal handling (interrupts, stopping the workers)
=============  ================================================================================

>>> import canasta_caliente as cc
>>> from canasta_caliente.studies.simulate import simulate
>>> result = simulate(cc.RuleSet.preset("caliente"), ["heuristic", "random"], games=2, seed=1)
>>> len(result.games), sorted(result.win_rates)
(2, ['heuristic', 'random'])
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

from ..players.bots import get_bot
from ..rules.ruleset import RuleSet
from .outcomes import GameResult, SimulationResult
from .play import BotSpec, bot_name, play_game, seat_bots
from .pool import STOP_TIMEOUT, play_chunk, sigint_held, stop_pool, worker_init

__all__ = ["BotSpec", "GameResult", "SimulationResult", "play_game", "seat_bots", "simulate"]


class _Progress:
    """A progress bar: ``tqdm.auto`` if installed (a widget in Jupyter, a text bar in a
    terminal), else a line on standard error."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.bar: Any = None
        self.enabled = enabled
        if enabled:
            try:
                tqdm = importlib.import_module("tqdm.auto").tqdm
            except ImportError:
                self.bar = None
            else:
                self.bar = tqdm(total=total, unit="game", desc="games played")
            if self.bar is None:
                print(f"\rgames played: 0/{total}", end="", file=sys.stderr, flush=True)

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(n)
        else:
            print(f"\rgames played: {self.done}/{self.total}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.close()
        else:
            print(file=sys.stderr)


def simulate(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = False,
    chunk_size: int = 10,
    max_hands: int = 200,
    on_result: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
    label: str | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` and aggregate the results.

    ``workers > 1`` runs them in a process pool; ``executor`` takes any
    :class:`concurrent.futures.Executor` instead (Dask's included: ``client.get_executor()``),
    in which case the bots must be picklable (names, or module-level functions). The results
    are the same for a seed whatever the workers. ``progress`` shows a bar (``tqdm.auto``, a
    widget in Jupyter, with the extra ``progress`` installed).

    Chunks of games are handed back as they finish, whatever their order (so ``progress`` and
    ``on_result`` never wait on a slow early chunk); the result keeps the games in game order.
    ``keep_records=True`` keeps every game's :class:`~canasta_caliente.GameRecord` (in
    :attr:`GameResult.record`) for replay. ``label`` names the variant in the tables.

    An interrupt (a :class:`KeyboardInterrupt`: Ctrl-C, a notebook's kernel interrupt, or one
    raised by ``on_result``), at any moment of the run, stops it cleanly and returns what was
    played (:attr:`SimulationResult.interrupted` is then true): games ``0`` to ``n - 1`` for
    some ``n``, the same games as a run of ``n`` games with the same seed (games finished
    after a gap are dropped). Chunks not yet started are cancelled, on an ``executor`` of your
    own too (its chunks already running finish in their own time, and the executor is not shut
    down). The workers of the pool that ``workers > 1`` starts ignore SIGINT themselves, so a
    terminal's Ctrl-C prints nothing from them; they leave their chunk before their next game,
    and are terminated if still running a second later: every one of them has ended when
    :func:`simulate` returns. A second interrupt while the run stops changes nothing.
    """
    if games < 0:
        raise ValueError("games must be at least 0")
    specs = tuple(bots)
    if not specs:
        raise ValueError("at least one bot is needed")
    for b in specs:
        if isinstance(b, str):
            get_bot(b)
    names = tuple(dict.fromkeys(bot_name(b) for b in specs))
    results: dict[int, GameResult] = {}
    chunks = [tuple(range(i, min(i + chunk_size, games))) for i in range(0, games, chunk_size)]
    bar: _Progress | None = None
    own: ProcessPoolExecutor | None = None
    stop: Any = None
    futures: list[Future[list[GameResult]]] = []
    finished = False
    try:
        bar = _Progress(games, progress)
        if executor is None and workers > 1 and len(chunks) > 1:
            # No interrupt while the pool starts and takes the chunks: one could leave a
            # worker started but unknown to the pool, which then could not be stopped.
            with sigint_held():
                context = multiprocessing.get_context()
                stop = context.RawValue("b", 0)
                own = ProcessPoolExecutor(max_workers=min(workers, len(chunks)),
                                          mp_context=context, initializer=worker_init,
                                          initargs=(stop,))
                for chunk in chunks:
                    futures.append(own.submit(play_chunk, rules, specs, seed, chunk,
                                              max_hands, keep_records))
        elif executor is not None:
            for chunk in chunks:  # one at a time: an interrupt cancels those submitted
                futures.append(executor.submit(play_chunk, rules, specs, seed, chunk,
                                               max_hands, keep_records))
        # Chunks are handed back as they finish (results are put back in game order below).
        done = (future.result() for future in as_completed(futures)) if futures else (
            play_chunk(rules, specs, seed, chunk, max_hands, keep_records) for chunk in chunks)
        for chunk_results in done:
            for r in chunk_results:
                results[r.index] = r
                if on_result is not None:
                    on_result(r)
            bar.update(len(chunk_results))
        finished = True
    except KeyboardInterrupt:
        pass
    finally:
        # An interrupt while the run stops or its pool shuts down changes nothing.
        with sigint_held(discard=True):
            if own is None:
                for future in futures:
                    future.cancel()  # the chunks a user's executor has not started
            elif finished:
                own.shutdown(wait=True)
            else:
                stop_pool(own, stop, STOP_TIMEOUT)
            if bar is not None:
                bar.close()
    ordered = tuple(results[i] for i in sorted(results))
    # Keep only the unbroken prefix, so an interrupted run is a reproducible prefix.
    prefix = []
    for i, r in enumerate(ordered):
        if r.index != i:
            break
        prefix.append(r)
    return SimulationResult(rules, names, seed, tuple(prefix), games, label)
