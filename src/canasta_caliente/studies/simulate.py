"""Simulations: play games between bots, alone or in parallel, and summarize them.

:func:`play_game` plays one seeded game; :func:`simulate` plays many and aggregates them. Each
game's seed is derived from the simulation's seed and the game's index alone, so the results
are identical whatever the number of workers or the executor. Parallel runs take any
:class:`concurrent.futures.Executor` (a process pool by default), so a Dask executor
scales a simulation past one machine.

>>> import canasta_caliente as cc
>>> from canasta_caliente.simulate import simulate
>>> result = simulate(cc.RuleSet.preset("caliente"), ["heuristic", "random"], games=2, seed=1)
>>> len(result.games), sorted(result.win_rates)
(2, ['heuristic', 'random'])
"""

from __future__ import annotations

import contextlib
import importlib
import math
import multiprocessing
import multiprocessing.connection
import random
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from ..actions import Action, Verb, parse_action
from ..engine import apply, legal_actions, new_game
from ..players.bots import Bot, get_bot
from ..records.storage import GameRecord
from ..rules.ruleset import RuleSet
from ..state.game import HandResult
from ..views.view import observe

__all__ = ["GameResult", "SimulationResult", "play_game", "seat_bots", "simulate"]

BotSpec = str | Bot


@attrs.frozen
class GameResult:
    """The result of one game."""

    index: int
    """The game's index in its simulation (from 0)."""
    seed: int
    """The game's seed (derived from the simulation's seed and the index)."""
    seat_bots: tuple[str, ...]
    """The name of the bot at each seat."""
    winner: int | None
    """The winning side, or ``None`` if the game hit the hand limit."""
    scores: tuple[int, ...]
    """The sides' final game scores."""
    hands: int
    """How many hands were played."""
    hand_totals: tuple[tuple[int, ...], ...]
    """Per hand, each side's hand score."""
    hand_ends: tuple[str, ...]
    """Per hand, how it ended (a :class:`~canasta_caliente.HandEnd` value)."""
    canastas: tuple[int, ...]
    """Per hand, the canastas on the table at its end (all sides)."""
    actions: int
    """How many actions the players took (deals not counted)."""
    hand_results: tuple[HandResult, ...] = ()
    """Per hand, its full result: every side's score parts, who went out, how it ended."""
    pile_takes: tuple[tuple[int, ...], ...] = ()
    """Per hand, how many times each side took the pile."""
    side_canastas: tuple[tuple[int, ...], ...] = ()
    """Per hand, the canastas of each side on the table at its end."""
    record: GameRecord | None = None
    """The game's :class:`~canasta_caliente.GameRecord` (every action, for
    :func:`~canasta_caliente.replay`), when the simulation ran with ``keep_records=True``."""

    def winning_bots(self, rules: RuleSet) -> frozenset[str]:
        """The bots that sat on the winning side."""
        if self.winner is None:
            return frozenset()
        return frozenset(self.seat_bots[s] for s in rules.layout[self.winner])

    def __repr__(self) -> str:
        outcome = ("no winner" if self.winner is None
                   else f"side {self.winner} wins")
        return (f"<GameResult game {self.index}: {outcome}, scores "
                f"{' '.join(map(str, self.scores))} after {self.hands} hands; seats "
                f"{' '.join(self.seat_bots)}>")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the hand results as ``{"breakdown", "ended", "went_out",
        "concealed"}``, the record as :meth:`~canasta_caliente.GameRecord.to_dict`)."""
        data = attrs.asdict(self, recurse=False)
        for name in ("seat_bots", "scores", "hand_totals", "hand_ends", "canastas",
                     "pile_takes", "side_canastas"):
            data[name] = _plain(data[name])
        data["hand_results"] = [
            {"breakdown": _plain(h.breakdown), "ended": h.ended.value, "went_out": h.went_out,
             "concealed": h.concealed} for h in self.hand_results]
        data["record"] = None if self.record is None else self.record.to_dict()
        return data


def _plain(value: Any) -> Any:
    """Nested tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _bot_name(bot: BotSpec) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def seat_bots(rules: RuleSet, bots: Sequence[BotSpec], index: int) -> tuple[BotSpec, ...]:
    """The bot at each seat in game ``index``: side ``k`` plays ``bots[(k + index) % len]``,
    so with two bots they swap sides every game and neither keeps the first turn."""
    out: list[BotSpec] = [bots[0]] * rules.players
    for side_no, seats in enumerate(rules.layout):
        for seat in seats:
            out[seat] = bots[(side_no + index) % len(bots)]
    return tuple(out)


def _game_seed(seed: int, index: int) -> int:
    return random.Random(f"canasta-caliente-sim:{seed}:{index}").randrange(2**63)


def play_game(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    seed: int,
    *,
    index: int = 0,
    max_hands: int = 200,
    keep_record: bool = False,
) -> GameResult:
    """Play one game between ``bots`` (names from :data:`~canasta_caliente.players.bots.BOTS` or
    callables) seated by :func:`seat_bots`, every shuffle and choice fixed by ``seed``.

    ``keep_record=True`` keeps the game's :class:`~canasta_caliente.GameRecord` in the result.

    >>> import canasta_caliente as cc
    >>> game = cc.play_game(cc.RuleSet.preset("caliente"), ["heuristic", "random"], seed=7)
    >>> game.winner, game.scores, game.hands
    (0, (5465, 1595), 5)
    """
    seated = seat_bots(rules, bots, index)
    players = [get_bot(b) if isinstance(b, str) else b for b in seated]
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    totals: list[tuple[int, ...]] = []
    ends: list[str] = []
    canastas: list[int] = []
    side_canastas: list[tuple[int, ...]] = []
    takes: list[tuple[int, ...]] = []
    hand_takes = [0] * len(rules.layout)
    side_of = [0] * rules.players
    for side_no, seats in enumerate(rules.layout):
        for s in seats:
            side_of[s] = side_no
    played: list[str] | None = [] if keep_record else None
    actions = 0
    size = rules.canasta_size
    take = Verb.TAKE

    def end_hand() -> None:
        result = state.hand_results[-1]
        totals.append(result.totals)
        ends.append(result.ended.value)
        per_side = tuple(t.canastas(size) for t in state.table.sides)
        side_canastas.append(per_side)
        canastas.append(sum(per_side))
        takes.append(tuple(hand_takes))
        hand_takes[:] = [0] * len(hand_takes)

    while not state.is_game_over:
        if state.is_hand_over:
            end_hand()
            if state.hand_number >= max_hands:
                break
            deal = legal_actions(state)[0]
            if played is not None:
                played.append(str(deal))
            state = apply(state, deal)
            continue
        legal = legal_actions(state)
        seat = state.current_player
        assert seat is not None
        action: Action | str = players[seat](observe(state, seat), legal, rng)
        if isinstance(action, str):  # a bot may answer in notation, as apply accepts
            action = parse_action(action)
        if action.verb is take:
            hand_takes[side_of[seat]] += 1
        if played is not None:
            played.append(str(action))
        state = apply(state, action)
        actions += 1
    if state.is_game_over:
        end_hand()
    return GameResult(
        index=index,
        seed=seed,
        seat_bots=tuple(_bot_name(b) for b in seated),
        winner=state.winner,
        scores=state.scores,
        hands=len(totals),
        hand_totals=tuple(totals),
        hand_ends=tuple(ends),
        canastas=tuple(canastas),
        actions=actions,
        hand_results=state.hand_results[:len(totals)],
        pile_takes=tuple(takes),
        side_canastas=tuple(side_canastas),
        record=None if played is None else GameRecord(rules, seed, actions=tuple(played)),
    )


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class SimulationResult:
    """Per-game results and their aggregate statistics."""

    rules: RuleSet
    bots: tuple[str, ...]
    seed: int
    games: tuple[GameResult, ...]
    requested: int
    """Games asked for; more than ``len(games)`` if the run was interrupted."""
    label: str | None = None
    """The variant's label (the ``variant`` column of the tables), if one was given."""

    @property
    def interrupted(self) -> bool:
        """True if the run stopped early (the partial results are kept)."""
        return len(self.games) < self.requested

    @property
    def win_rates(self) -> dict[str, tuple[float, float, float]]:
        """Per bot: (win rate, low, high) with a 95% Wilson confidence interval."""
        out = {}
        n = len(self.games)
        for bot in self.bots:
            wins = sum(1 for g in self.games if bot in g.winning_bots(self.rules))
            low, high = _wilson(wins, n)
            out[bot] = (wins / n if n else 0.0, low, high)
        return out

    @property
    def mean_hand_score(self) -> dict[str, float]:
        """Per bot: the mean hand score of the sides it played."""
        sums: Counter[str] = Counter()
        counts: Counter[str] = Counter()
        for g in self.games:
            for side_no, seats in enumerate(self.rules.layout):
                bot = g.seat_bots[seats[0]]
                for totals in g.hand_totals:
                    sums[bot] += totals[side_no]
                    counts[bot] += 1
        return {bot: sums[bot] / counts[bot] if counts[bot] else 0.0 for bot in self.bots}

    @property
    def hands_per_game(self) -> float:
        """Mean hands per game."""
        return sum(g.hands for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def canastas_per_hand(self) -> float:
        """Mean canastas on the table at the end of a hand (all sides)."""
        hands = sum(len(g.canastas) for g in self.games)
        return sum(sum(g.canastas) for g in self.games) / hands if hands else 0.0

    @property
    def hand_ends(self) -> dict[str, int]:
        """How hands ended, with counts."""
        return dict(Counter(end for g in self.games for end in g.hand_ends))

    def table(self) -> str:
        """A text table of the aggregate statistics."""
        lines = [f"{len(self.games)} games of {self.requested}"
                 + (" (interrupted)" if self.interrupted else ""),
                 f"{'bot':<12}{'win rate':>10}{'95% CI':>18}{'mean hand':>12}"]
        rates = self.win_rates
        means = self.mean_hand_score
        for bot in self.bots:
            rate, low, high = rates[bot]
            lines.append(f"{bot:<12}{rate:>10.1%}{f'{low:.1%} - {high:.1%}':>18}"
                         f"{means[bot]:>12.1f}")
        lines.append(f"hands per game {self.hands_per_game:.2f}, canastas per hand "
                     f"{self.canastas_per_hand:.2f}")
        lines.append("hands ended: " + ", ".join(f"{k} {v}" for k, v in
                                                 sorted(self.hand_ends.items())))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the aggregates and every game."""
        return {
            "rules": self.rules.to_dict(),
            "label": self.label,
            "bots": list(self.bots),
            "seed": self.seed,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "win_rates": {k: list(v) for k, v in self.win_rates.items()},
            "mean_hand_score": self.mean_hand_score,
            "hands_per_game": self.hands_per_game,
            "canastas_per_hand": self.canastas_per_hand,
            "hand_ends": self.hand_ends,
            "games": [g.to_dict() for g in self.games],
        }

    def to_records(self, level: str = "game") -> list[dict[str, Any]]:
        """A flat table, as a list of rows of plain scalars: ``level="game"`` gives one row per
        game, ``level="hand"`` one row per side per hand (see
        :mod:`canasta_caliente.studies.results`
        for the columns)."""
        from .results import records

        return records(self, level)

    def to_pandas(self, level: str = "game") -> Any:
        """:meth:`to_records` as a :class:`pandas.DataFrame` (needs the extra ``analysis``)."""
        from .results import to_pandas

        return to_pandas(self.to_records(level), level)

    def plot(self, kind: str = "scores", **options: Any) -> Any:
        """A matplotlib figure (returned, not shown) of ``kind``: ``"scores"`` (the hand
        scores of each bot), ``"hands"`` (hands per game) or ``"final"`` (final game scores).
        Needs the extra ``analysis``; see :func:`canasta_caliente.studies.plots.plot_result`."""
        from .plots import plot_result

        return plot_result(self, kind, **options)

    def __repr__(self) -> str:
        label = f" {self.label!r}" if self.label else ""
        rates = ", ".join(f"{bot} {rate:.1%}" for bot, (rate, _, _) in self.win_rates.items())
        return (f"<SimulationResult{label}: {len(self.games)} of {self.requested} games, "
                f"bots {', '.join(self.bots)}; win rates {rates}; "
                f"{self.hands_per_game:.2f} hands per game>")

    def _repr_html_(self) -> str:
        from .results import simulation_html

        return simulation_html(self)


# Set in a worker process of simulate's own pool: a shared flag the parent raises to stop the
# worker between games once the run is interrupted.
_STOP: Any = None


def _worker_init(stop: Any) -> None:
    """Start a worker of the simulation's own pool: it ignores SIGINT (the parent alone handles
    an interrupt and stops the workers), and it watches ``stop`` between games."""
    global _STOP
    _STOP = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        # The parent blocks SIGINT while it starts the pool; a forked worker inherits that.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _play_chunk(
    rules: RuleSet, bots: tuple[BotSpec, ...], seed: int, indices: tuple[int, ...],
    max_hands: int, keep_records: bool = False,
) -> list[GameResult]:
    out = []
    for i in indices:
        if _STOP is not None and _STOP.value:
            break  # the run was interrupted: what is left is not wanted
        out.append(play_game(rules, bots, _game_seed(seed, i), index=i, max_hands=max_hands,
                             keep_record=keep_records))
    return out


@contextlib.contextmanager
def _sigint_held(*, discard: bool = False) -> Iterator[None]:
    """Hold back SIGINT for the duration of the block, where a :class:`KeyboardInterrupt`
    would leave a process pool half started or half stopped. A SIGINT that arrives meanwhile is
    delivered when the block ends, or dropped with ``discard`` (while a run already stops
    because of one).

    Python runs signal handlers in the main thread whichever thread the signal reached, so the
    main thread's handler is replaced for the block; SIGINT is also blocked in this thread, so
    that worker processes started in the block start with it blocked, until they ignore it.
    """
    caught: list[int] = []
    handler: Any = None
    if threading.current_thread() is threading.main_thread():
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
        else:
            handler = None  # SIG_IGN or SIG_DFL: no Python code runs on SIGINT anyway
    masked = hasattr(signal, "pthread_sigmask") and hasattr(signal, "sigtimedwait")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masked else set()
    try:
        yield
    finally:
        if masked:
            # Take any SIGINT that waits for this thread, then restore its mask.
            while (signal.SIGINT not in previous and signal.SIGINT in signal.sigpending()
                   and signal.sigtimedwait({signal.SIGINT}, 0) is not None):
                caught.append(signal.SIGINT)
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        if handler is not None:
            signal.signal(signal.SIGINT, handler)
        if caught and not discard:
            signal.raise_signal(signal.SIGINT)


def _stop_pool(pool: ProcessPoolExecutor, stop: Any, timeout: float) -> None:
    """Stop the simulation's own pool at once: pending chunks are cancelled, the workers
    leave their chunk before their next game, and any worker still running after ``timeout``
    seconds is terminated. Returns once every worker process has ended."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    stop.value = 1
    pool.shutdown(wait=False, cancel_futures=True)
    running = {process.sentinel: process for process in processes}
    deadline = time.monotonic() + timeout
    while running and (left := deadline - time.monotonic()) > 0:
        for sentinel in multiprocessing.connection.wait(list(running), left):
            del running[sentinel]
    if running:
        for process in running.values():
            process.terminate()
        multiprocessing.connection.wait(list(running), 5.0)
    for process in processes:
        # Its sentinel closed as it exited; wait for the exit to complete (here, or in the
        # pool's thread, whichever reaps it first).
        process.join(1.0)


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
                self.bar = tqdm(total=total, unit="game")
            if self.bar is None:
                print(f"\r0/{total} games", end="", file=sys.stderr, flush=True)

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(n)
        else:
            print(f"\r{self.done}/{self.total} games", end="", file=sys.stderr, flush=True)

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
    names = tuple(dict.fromkeys(_bot_name(b) for b in specs))
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
            with _sigint_held():
                context = multiprocessing.get_context()
                stop = context.RawValue("b", 0)
                own = ProcessPoolExecutor(max_workers=min(workers, len(chunks)),
                                          mp_context=context, initializer=_worker_init,
                                          initargs=(stop,))
                for chunk in chunks:
                    futures.append(own.submit(_play_chunk, rules, specs, seed, chunk,
                                              max_hands, keep_records))
        elif executor is not None:
            for chunk in chunks:  # one at a time: an interrupt cancels those submitted
                futures.append(executor.submit(_play_chunk, rules, specs, seed, chunk,
                                               max_hands, keep_records))
        # Chunks are handed back as they finish (results are put back in game order below).
        done = (future.result() for future in as_completed(futures)) if futures else (
            _play_chunk(rules, specs, seed, chunk, max_hands, keep_records) for chunk in chunks)
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
        with _sigint_held(discard=True):
            if own is None:
                for future in futures:
                    future.cancel()  # the chunks a user's executor has not started
            elif finished:
                own.shutdown(wait=True)
            else:
                _stop_pool(own, stop, _STOP_TIMEOUT)
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


_STOP_TIMEOUT = 1.0
"""Seconds an interrupted run's workers get to leave their game before they are terminated."""
