"""Simulations: play games between bots, alone or in parallel, and summarize them.

:func:`play_game` plays one seeded game; :func:`simulate` plays many and aggregates them. Each
game's seed is derived from the simulation's seed and the game's index alone, so the results
are identical whatever the number of workers or the executor (for bots that keep no state
between calls: see :func:`simulate`). Parallel runs take any
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

import importlib.util
import inspect
import itertools
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .._arguments import MAX_HANDS, as_integer, check_count, check_flag, check_seed, check_workers
from ..errors import ArgumentError, CanastaTypeError, WorkerError, describe_value
from ..rules.ruleset import RuleSet, check_ruleset
from .outcomes import GameResult, SimulationResult
from .play import BotSpec, check_bots, check_seating, play_game, seat_bots
from .pool import STOP_TIMEOUT, check_sendable, play_chunk, sigint_held, stop_pool, worker_init

__all__ = [
    "CHUNK_SIZE",
    "WINDOW",
    "BotSpec",
    "GameResult",
    "SimulationResult",
    "check_options",
    "checked_arguments",
    "chunk_size_for",
    "play_game",
    "play_variants",
    "seat_bots",
    "simulate",
    "workers_used",
]


class _Progress:
    """A progress bar: tqdm's if installed (``tqdm.auto``, a widget in Jupyter, where
    ipywidgets is installed; else ``tqdm.std``'s text bar, which ``tqdm.auto`` falls back to
    after a ``TqdmWarning`` that ipywidgets is missing), else a line on standard error,
    described as ``what``."""

    def __init__(self, total: int, enabled: bool, what: str = "games played") -> None:
        self.total = total
        self.done = 0
        self.bar: Any = None
        self.enabled = enabled
        self.what = what
        if enabled:
            try:
                widgets = importlib.util.find_spec("ipywidgets") is not None
                tqdm = importlib.import_module("tqdm.auto" if widgets else "tqdm.std").tqdm
            except ImportError:
                self.bar = None
            else:
                self.bar = tqdm(total=total, unit="game", desc=what)
            if self.bar is None:
                print(f"\r{what}: 0/{total}", end="", file=sys.stderr, flush=True)

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(n)
        else:
            print(f"\r{self.what}: {self.done}/{self.total}", end="", file=sys.stderr,
                  flush=True)

    def close(self) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.close()
        else:
            print(file=sys.stderr)


CHUNK_SIZE = 10
"""The most games :func:`simulate` sends to a worker at a time unless told (``chunk_size``):
see :func:`chunk_size_for`."""


def chunk_size_for(games: int, workers: int) -> int:
    """The games a worker is sent at a time unless told: :data:`CHUNK_SIZE`, or fewer, so that
    each of ``workers`` has four chunks of the ``games``, as far as the games allow (one game a
    chunk at the least: a run of a few games of a slow bot is spread over the workers, and a
    progress bar moves); whatever the chunks, the games are the same.

    >>> chunk_size_for(1000, workers=2), chunk_size_for(40, workers=2), chunk_size_for(6, 2)
    (10, 5, 1)
    """
    return max(1, min(CHUNK_SIZE, games // (4 * workers)))


def _chunk_size(chunk_size: object, games: int, workers: int) -> int:
    """A ``chunk_size`` argument, checked, or (``None``) :func:`chunk_size_for` the run."""
    if chunk_size is None:
        return chunk_size_for(games, workers)
    return check_count("chunk_size", chunk_size, low=1)


WINDOW = 64
"""How many chunks a run on an executor keeps submitted ahead at least (``2 * workers`` if
more): the chunks are submitted as earlier ones finish, so memory does not grow with the
number of games."""


def checked_arguments(
    rules: Any, bots: Any, games: Any, seed: Any, *, even: bool = False,
) -> tuple[int, int, tuple[BotSpec, ...], tuple[str, ...]]:
    """The arguments every study shares, checked, in this order: ``rules`` a RuleSet, ``bots``
    as :func:`~canasta_caliente.studies.play.check_bots` says (a non-empty sequence of bot
    names :func:`~canasta_caliente.get_bot` knows or callables, distinct bots with distinct
    names), ``games`` a count (with ``even``, a positive even number: a tournament's, whose
    sides alternate) and ``seed`` an integer seed. Returns ``games``,
    ``seed``, the bots and their names (each name once, in order)."""
    check_ruleset(rules)
    specs, names = check_bots(bots)
    count = as_integer(games)
    if even and count is not None and (count < 2 or count % 2):
        raise ArgumentError(f"games must be a positive even number (sides alternate), not "
                            f"{count}")
    games = check_count("games", games)
    seed = check_seed("seed", seed)
    return games, seed, specs, names


def workers_used(workers: int, games: int, chunk_size: int | None = None) -> int:
    """How many processes :func:`simulate` plays ``games`` games in, given ``workers`` and
    no executor: a worker plays a chunk of ``chunk_size`` games at a time (unless given,
    :func:`chunk_size_for`), so the pool has no more workers than chunks, and a run of one
    chunk (or of ``workers=1``) plays in this process alone, 1.

    >>> workers_used(8, games=100), workers_used(8, games=5), workers_used(8, 30, chunk_size=10)
    (8, 5, 3)
    """
    workers = check_count("workers", workers, low=1)
    games = check_count("games", games)
    return max(1, min(workers, -(-games // _chunk_size(chunk_size, games, workers))))


def _windowed(
    submit: Callable[[int, int], None], jobs: Iterator[tuple[int, int]], window: int,
    pending: dict[Future[list[GameResult]], int], noted: Callable[[Exception, int], None],
) -> Iterator[tuple[int, list[GameResult]]]:
    """The results of the chunks ``jobs`` (a variant and the chunk's first game) as they
    finish, each with its variant, with at most ``window`` of them submitted (into
    ``pending``, in the order submitted, each to its variant) at any moment. Chunks that have
    finished by the same wake-up are handed back in the order they were submitted: ``wait``
    gives them as a set, in no order, and a later chunk handed back first could end the run
    (an interrupt raised by ``on_result``) before an earlier finished one was kept, the kept
    prefix then stopping short of games that had been played. A chunk's error gains the note
    ``noted`` adds for its variant."""
    for variant, start in itertools.islice(jobs, window):
        submit(variant, start)
    while pending:
        ready, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in [f for f in pending if f in ready]:
            variant = pending.pop(future)
            for job in itertools.islice(jobs, 1):
                submit(*job)
            try:
                results = future.result()
            except Exception as exc:
                noted(exc, variant)
                raise
            yield variant, results


def _played_here(variants: Sequence[tuple[RuleSet, str | None]], specs: tuple[BotSpec, ...],
                 seed: int, games: int, max_hands: int, keep_records: bool,
                 noted: Callable[[Exception, int], None],
                 ) -> Iterator[tuple[int, list[GameResult]]]:
    """The games of :func:`play_variants` in this process, game by game (game 0 of every
    variant in turn, then game 1, ...), each with its variant; a game's error gains the note
    ``noted`` adds for its variant."""
    for i in range(games):
        for v, (rules, _) in enumerate(variants):
            try:
                results = play_chunk(rules, specs, seed, (i,), max_hands, keep_records)
            except Exception as exc:
                noted(exc, v)
                raise
            yield v, results


def _check_arguments_taken(on_result: Callable[..., Any], told: tuple[str, ...]) -> None:
    """A :class:`TypeError` if ``on_result``'s signature cannot take one positional argument
    for each of ``told`` (a callable whose signature cannot be read is taken as it is): it
    failed after the first game, with Python's message."""
    try:
        signature = inspect.signature(on_result)
    except (TypeError, ValueError):  # (a builtin without a signature, say)
        return
    try:
        signature.bind(*told)
    except TypeError as exc:
        raise CanastaTypeError(f"on_result is called with {' and '.join(told)} ({len(told)} "
                               f"argument{'s' if len(told) > 1 else ''}), which its signature "
                               f"{signature} cannot take: {exc}") from None


def check_options(
    executor: Any, workers: Any, progress: Any, chunk_size: Any, max_hands: Any,
    on_result: Any, keep_records: Any, told: tuple[str, ...] = ("the game's result",), *,
    games: int,
) -> tuple[int, int, int]:
    """The options of a run of ``games`` (checked) games a variant, checked as
    :func:`simulate` says; returns ``workers``, ``chunk_size`` (``None`` chosen by
    :func:`chunk_size_for`) and ``max_hands``. ``told`` names what ``on_result`` is called with, one
    argument each (a comparison's: the variant's label too): a callable whose signature
    cannot take that many is refused before any game."""
    if executor is not None and not isinstance(executor, Executor):
        # A Dask client is not an Executor, but gives one.
        hint = ("; a Dask client gives one: executor=client.get_executor()"
                if callable(getattr(executor, "get_executor", None)) else "")
        raise CanastaTypeError("executor must be a concurrent.futures.Executor or None, not "
                               f"{describe_value(executor)}{hint}")
    # The pool's own bound, where the run starts processes here; an executor's are its own.
    workers = (check_workers("workers", workers) if executor is None
               else check_count("workers", workers, low=1))
    check_flag("progress", progress)
    chunk_size = _chunk_size(chunk_size, games, workers)
    max_hands = check_count("max_hands", max_hands, low=1)
    if on_result is not None and not callable(on_result):
        raise CanastaTypeError("on_result must be a callable or None, not "
                               f"{describe_value(on_result)}")
    if on_result is not None:
        _check_arguments_taken(on_result, told)
    check_flag("keep_records", keep_records)
    return workers, chunk_size, max_hands


def simulate(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = False,
    chunk_size: int | None = None,
    max_hands: int = MAX_HANDS,
    on_result: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
    label: str | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` and aggregate the results.

    ``workers > 1`` runs them in a process pool; ``executor`` takes any
    :class:`concurrent.futures.Executor` instead (Dask's included: ``client.get_executor()``),
    in which case the bots must be picklable (names, or module-level functions). The results
    are the same for a seed whatever the workers, for bots whose choice depends only on
    ``(view, legal, rng)``: one bot object plays every seat of its side and every game of a
    worker (each worker plays its own copy), so a bot that keeps state between calls sees in
    it what each seat it plays is shown (its partner's hand too), and its results depend on
    how the games are split among the workers (the bots guide's "A bot that keeps state").
    ``progress`` shows a bar (``tqdm.auto``, a widget in Jupyter, with the extra ``progress``
    installed).

    In this process (``workers=1``, or a single chunk, without an ``executor``) the games are
    played and reported one by one: ``on_result`` and ``progress`` see each game as it ends.
    On a pool or an ``executor``, chunks of ``chunk_size`` games (unless given,
    :func:`chunk_size_for`: at most :data:`CHUNK_SIZE`, fewer where the workers would
    otherwise have fewer than four chunks each) are handed back as they finish, whatever
    their order (so ``progress`` and ``on_result`` never wait on a slow early chunk); the
    result keeps the games in game order.
    ``keep_records=True`` keeps every game's :class:`~canasta_caliente.GameRecord` (in
    :attr:`GameResult.record`) for replay. ``label`` names the variant in the tables.

    Every argument is checked before the first game (:func:`checked_arguments` for ``rules``,
    ``bots``, ``games`` and ``seed``): a wrong type raises :class:`TypeError` (a ``bool`` is
    not a count), a value out of range :class:`~canasta_caliente.errors.ArgumentError`
    naming the parameter and its range (``games >= 0``; ``workers``, ``chunk_size`` and
    ``max_hands >= 1``; without an ``executor``, ``workers`` at most a few per CPU this
    process may use, the message saying how many: more play no faster). ``bots`` are at most
    the table's sides, each side playing one in turn (:func:`seat_bots`, whose
    :func:`check_seating` says why). The pool has no more
    workers than chunks (:func:`workers_used`). Bots are told apart by identity: two
    different bots with one name (two :class:`~canasta_caliente.ISMCTSBot` budgets, say) are
    refused, as their games would be counted as one bot's. Chunks are submitted to the pool
    or ``executor`` as earlier ones finish, at most ``2 * workers`` (at least :data:`WINDOW`
    on an ``executor``) at a time, so the memory a run takes before its first game does not
    grow with ``games``.

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
    games, seed, specs, names = checked_arguments(rules, bots, games, seed)
    check_seating(rules, specs)
    workers, chunk_size, max_hands = check_options(executor, workers, progress, chunk_size,
                                                   max_hands, on_result, keep_records,
                                                   games=games)
    if label is not None and not isinstance(label, str):
        raise CanastaTypeError(f"label must be a str or None, not {describe_value(label)}")
    given = on_result  # each game's result, told of no variant
    report = None if given is None else lambda variant, result: given(result)
    return play_variants(((rules, label),), specs, names, games, seed, workers=workers,
                         executor=executor, progress=progress, chunk_size=chunk_size,
                         max_hands=max_hands, on_result=report, keep_records=keep_records)[0]


def play_variants(
    variants: Sequence[tuple[RuleSet, str | None]],
    specs: tuple[BotSpec, ...],
    names: tuple[str, ...],
    games: int,
    seed: int,
    *,
    workers: int,
    executor: Executor | None,
    progress: bool,
    chunk_size: int,
    max_hands: int,
    on_result: Callable[[int, GameResult], None] | None,
    keep_records: bool,
) -> tuple[SimulationResult, ...]:
    """Play games ``0`` to ``games - 1`` under each of ``variants`` (its rules and its label),
    in step: game by game in this process (game 0 of every variant in turn, then game 1, ...),
    chunk by chunk on a pool or an ``executor`` (each chunk of games submitted for every
    variant in turn), so that at any moment every variant has played about the same games.
    Returns one :class:`SimulationResult` per variant, in order, each as :func:`simulate`
    returns it (game ``i`` seeded by ``game_seed(seed, i)`` whatever the variant); interrupted,
    each variant keeps its own unbroken prefix of games. ``on_result`` is called with the
    variant's position and each game's result. The arguments are those of :func:`simulate`,
    already checked (:func:`checked_arguments`, :func:`check_options`, and
    :func:`~canasta_caliente.studies.play.check_seating` for each variant); the pool, if any,
    has :func:`workers_used` processes, as a :func:`simulate` of one variant's games."""
    results: list[dict[int, GameResult]] = [{} for _ in variants]
    jobs = ((v, start) for start in range(0, games, chunk_size) for v in range(len(variants)))

    def chunk(start: int) -> tuple[int, ...]:
        return tuple(range(start, min(start + chunk_size, games)))

    def noted(exc: Exception, variant: int) -> None:
        # (play_game's note says to play the game again with "rules": in a comparison, say
        # which, the variant's)
        if len(variants) > 1:
            label = variants[variant][1]
            exc.add_note(f"in the comparison's variant {label!r}: there, rules = the rules of "
                         f"{label!r}")

    bar: _Progress | None = None
    own: ProcessPoolExecutor | None = None
    stop: Any = None
    pending: dict[Future[list[GameResult]], int] = {}  # in the order submitted: the variant
    finished = False
    try:
        title = "games played"
        if len(variants) > 1:
            title += f" ({len(variants)} variants)"
        elif variants[0][1]:  # (a run's label names its bar: a tournament's, "a vs b")
            title = f"{variants[0][1]}: {title}"
        bar = _Progress(games * len(variants), progress, title)
        pool: Executor | None = executor
        window = max(WINDOW, 2 * workers)
        processes = workers_used(workers, games, chunk_size)
        if executor is None and processes > 1:
            check_sendable(specs)
            # No interrupt while the pool starts: one could leave a worker started but
            # unknown to the pool, which then could not be stopped.
            with sigint_held():
                context = multiprocessing.get_context()
                stop = context.RawValue("b", 0)
                own = ProcessPoolExecutor(max_workers=processes, mp_context=context,
                                          initializer=worker_init, initargs=(stop,))
            pool, window = own, 2 * processes
        done: Iterator[tuple[int, list[GameResult]]]
        if pool is None:
            # In this process a chunk would only delay the results: play game by game, so
            # that on_result, the progress bar and an interrupt see every game as it ends.
            done = _played_here(variants, specs, seed, games, max_hands, keep_records, noted)
        else:
            submitter = pool

            def submit(variant: int, start: int) -> None:
                # Held: a chunk submitted (and perhaps a worker started) is always in
                # ``pending``, so an interrupt cancels it.
                with sigint_held():
                    future = submitter.submit(play_chunk, variants[variant][0], specs, seed,
                                              chunk(start), max_hands, keep_records)
                    pending[future] = variant

            done = _windowed(submit, jobs, window, pending, noted)
        for variant, chunk_results in done:
            for r in chunk_results:
                if not set(r.seat_bots) <= set(names):
                    raise ArgumentError(
                        f"bots: game {r.index} was played by {', '.join(r.seat_bots)}, not by "
                        f"{', '.join(names)}: a bot's name changed on its way to a worker; "
                        "give it a name (a text attribute `name`, or `__name__`)")
                results[variant][r.index] = r
                if on_result is not None:
                    on_result(variant, r)
            bar.update(len(chunk_results))
        finished = True
    except KeyboardInterrupt:
        pass
    except BrokenProcessPool as exc:
        # (spawn and forkserver workers run the script again: one that starts a simulation
        # outside `if __name__ == "__main__":` makes each worker fail as it starts)
        unguarded = ("; or, where workers are started by spawn or forkserver (macOS and "
                     "Windows), the script starts the simulation outside `if __name__ == "
                     "'__main__':` (a worker runs the script again)"
                     if multiprocessing.get_start_method() != "fork" else "")
        raise WorkerError(
            f"a worker process ended while it played, or what it sent back could not be read "
            f"({exc}): a bot may have ended it (os._exit) or crashed the interpreter, or "
            f"raised an error that cannot be read back{unguarded}; with workers=1 the games "
            "are played in this process, where the error shows with its game") from exc
    finally:
        # An interrupt while the run stops or its pool shuts down changes nothing.
        with sigint_held(discard=True):
            if own is None:
                for future in pending:
                    future.cancel()  # the chunks a user's executor has not started
            elif finished:
                own.shutdown(wait=True)
            else:
                stop_pool(own, stop, STOP_TIMEOUT)
            if bar is not None:
                bar.close()
    return tuple(SimulationResult(rules, names, seed, _prefix(played), games, label)
                 for (rules, label), played in zip(variants, results, strict=True))


def _prefix(results: dict[int, GameResult]) -> tuple[GameResult, ...]:
    """Games ``0`` to ``n - 1`` of ``results``, up to the first game missing: an interrupted
    run keeps a reproducible prefix (games finished after a gap are dropped)."""
    prefix = []
    for i in itertools.count():
        if i not in results:
            break
        prefix.append(results[i])
    return tuple(prefix)
