"""The process pool a simulation plays its chunks of games on, and its signal handling: the
workers ignore SIGINT and leave their chunk when the parent raises a shared flag, the pool is
started and stopped with SIGINT held back, and a stopped pool's workers are all gone (ended, or
terminated after :data:`STOP_TIMEOUT`) when :func:`stop_pool` returns.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import sys
import threading
import time
import types
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..errors import CanastaTypeError, WorkerError
from ..rules.ruleset import RuleSet
from .outcomes import GameResult
from .play import BotSpec, bot_name, game_seed, play_game

__all__ = ["KEPT_RULES", "STOP_TIMEOUT", "check_sendable", "end_with_parent", "ignore_sigint",
           "play_chunk", "sendable", "sigint_held", "stop_pool", "worker_init"]

STOP_TIMEOUT = 1.0
"""Seconds an interrupted run's workers get to leave their game before they are terminated."""

# Set in a worker process of simulate's own pool: a shared flag the parent raises to stop the
# worker between games once the run is interrupted.
_STOP: Any = None


def worker_init(stop: Any) -> None:
    """Start a worker of the simulation's own pool: it ignores SIGINT (the parent alone handles
    an interrupt and stops the workers), it watches ``stop`` between games, and it ends when
    its parent does (:func:`end_with_parent`)."""
    global _STOP
    _STOP = stop
    ignore_sigint()
    end_with_parent()


def ignore_sigint() -> None:
    """In a pool's worker process starting (its ``initializer``): ignore SIGINT from now on
    (the parent alone handles an interrupt), the simulations' pools and the web server's
    alike. The parent held SIGINT back while it started the worker (:func:`sigint_held`),
    which the worker inherits, so that a SIGINT then could not kill it half started ("Fatal
    Python error: init_import_site"); one held meanwhile is dropped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def end_with_parent() -> None:
    """In a pool's worker process starting (its ``initializer``): end the worker when its
    parent ends (:func:`_end_with_parent`), the simulations' pools and the web server's
    alike. Nothing in a process that is no pool's worker."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with_parent, args=(parent,), name="end-with-parent",
                         daemon=True).start()


def _end_with_parent(parent: Any) -> None:
    """Wait for the worker's parent to end, then end the worker. A parent that ends with no
    chance to stop its pool (``kill``'s SIGTERM, SIGKILL, a notebook kernel shut down) left
    its workers waiting for chunks forever: a worker holds its copy of the pool's queue, so it
    never sees the queue close. The wait is on the parent's sentinel, a pipe that closes when
    the parent ends: no polling."""
    parent.join()
    os._exit(0)


KEPT_RULES = 8
"""How many RuleSets a process keeps from its last chunks (see :func:`play_chunk`)."""

# The RuleSets of this process's last chunks, the latest first. A chunk sent to a worker brings
# its rules pickled: a new object, whose facts (the meld tables the engine fills as it plays)
# start empty; an equal RuleSet is played as the one kept, whose tables are filled (about 3 ms a
# chunk of caliente). A comparison's chunks take turns among its variants: a few are kept.
_KEPT_RULES: list[RuleSet] = []


def _rules_played(rules: RuleSet) -> RuleSet:
    """``rules``, or the equal RuleSet of one of this process's last chunks."""
    for i, kept in enumerate(_KEPT_RULES):
        if kept is rules or kept == rules:
            if i:
                _KEPT_RULES.insert(0, _KEPT_RULES.pop(i))
            return kept
    _KEPT_RULES.insert(0, rules)
    del _KEPT_RULES[KEPT_RULES:]
    return rules


class _MainFinder(pickle.Pickler):
    """A pickler that notes the classes and functions of ``__main__`` an object refers to
    (pickle names them ``__main__.Name``: a worker must find them in its own ``__main__``)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.found: list[str] = []

    def reducer_override(self, obj: Any) -> Any:
        """Note ``obj`` if it is a class or function of ``__main__``; pickle it as usual."""
        if isinstance(obj, type | types.FunctionType) and obj.__module__ == "__main__":
            self.found.append(obj.__qualname__)
        return NotImplemented


def _main_importable() -> bool:
    """Whether a worker started by ``spawn`` or ``forkserver`` can import this process's
    ``__main__`` again: it runs a script's file, or a module run with ``-m``, but a notebook,
    ``python -c`` and a script read from standard input have neither."""
    main = sys.modules.get("__main__")
    if getattr(main, "__spec__", None) is not None:
        return True
    path = getattr(main, "__file__", None)
    return isinstance(path, str) and os.path.isfile(path)


def check_sendable(bots: tuple[BotSpec, ...]) -> None:
    """Refuse, before the pool starts, a bot that cannot reach the pool's workers: each is
    sent to them pickled, and a lambda or a function defined inside another does not pickle.
    Where the workers are started by ``spawn`` or ``forkserver`` (macOS and Windows by default,
    or as the caller set), a class or function defined in a notebook, ``python -c`` or standard
    input pickles but cannot be found in a worker. A :class:`TypeError` naming the bot and
    what to do (the pool raised pickle's own error, or broke with an ``AttributeError`` in a
    worker, and a thread of the pool printed a second traceback as it broke)."""
    method = multiprocessing.get_start_method()
    for index, bot in enumerate(bots):
        if isinstance(bot, str):
            continue
        finder = _MainFinder()
        try:
            finder.dump(bot)
        except Exception as exc:  # (pickling runs the object's own code: any error)
            raise CanastaTypeError(
                f"bots[{index}]: the bot {bot_name(bot)!r} cannot be sent to the worker "
                f"processes (it does not pickle: {exc}); define it at the top level of a "
                "module (not a lambda, nor a function inside another), holding nothing that "
                "does not pickle (a lock, an open file, a connection), or play with "
                "workers=1") from None
        if finder.found and method != "fork" and not _main_importable():
            raise CanastaTypeError(
                f"bots[{index}]: the bot {bot_name(bot)!r} cannot be sent to the worker "
                f"processes: {finder.found[0]} is defined in this session's __main__ (a "
                f"notebook, python -c or standard input), which workers started by "
                f"{method!r} cannot import; define it in a "
                "module (a .py file, imported), or play with workers=1")


def play_chunk(
    rules: RuleSet, bots: tuple[BotSpec, ...], seed: int, indices: tuple[int, ...],
    max_hands: int, keep_records: bool = False,
) -> list[GameResult]:
    """Play the games ``indices`` of a simulation (a chunk, in a worker or in this process);
    in a worker of the simulation's own pool, stop before the next game once the run is
    interrupted. ``rules`` equal to those of one of the last :data:`KEPT_RULES` chunks played
    in this process are played as that chunk's RuleSet, its facts already filled (the games
    are the same)."""
    rules = _rules_played(rules)
    out = []
    failed: Exception | None = None
    try:
        for i in indices:
            if _STOP is not None and _STOP.value:
                break  # the run was interrupted: what is left is not wanted
            out.append(play_game(rules, bots, game_seed(seed, i), index=i,
                                 max_hands=max_hands, keep_record=keep_records))
    except Exception as exc:
        if multiprocessing.parent_process() is None:
            raise  # (in this process: the error itself, whatever it is)
        failed = sendable(exc)
    if failed is not None:
        # Raised here, out of the handler, so that a stand-in has no __context__: a pickler
        # of exceptions that sends the context too (tblib's, which Dask's distributed
        # installs) would send the error that could not be sent.
        raise failed
    return out


def sendable(exc: Exception) -> Exception:
    """``exc``, if it comes back whole from a worker process (it pickles and unpickles), else
    a :class:`~canasta_caliente.WorkerError` with its type, its message and its notes (the
    game's, from :func:`~canasta_caliente.play_game`). An exception that does not come back
    broke the pool (``BrokenProcessPool``), and said nothing of the game."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception as why:  # (the exception's own code: any error)
        stand_in = WorkerError(f"{type(exc).__name__}: {exc}")
        for note in getattr(exc, "__notes__", ()):
            stand_in.add_note(note)
        stand_in.add_note(f"(the {type(exc).__name__} could not be sent back from the worker "
                          f"process, {type(why).__name__}: {why}; with workers=1 it is "
                          "raised itself)")
        return stand_in
    return exc


@contextlib.contextmanager
def sigint_held(*, discard: bool = False) -> Iterator[None]:
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
    masked = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masked else set()
    try:
        yield
    finally:
        if masked:
            # Take any SIGINT that waits for this thread, then restore its mask (where the
            # system cannot take it, macOS, it is delivered as the mask is restored: to the
            # stand-in handler, in the main thread).
            while (hasattr(signal, "sigtimedwait") and signal.SIGINT not in previous
                   and signal.SIGINT in signal.sigpending()
                   and signal.sigtimedwait({signal.SIGINT}, 0) is not None):
                caught.append(signal.SIGINT)
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        if handler is not None:
            signal.signal(signal.SIGINT, handler)
        if caught and not discard:
            signal.raise_signal(signal.SIGINT)


def stop_pool(pool: ProcessPoolExecutor, stop: Any, timeout: float) -> None:
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
