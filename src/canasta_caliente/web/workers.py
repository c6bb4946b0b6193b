"""The bots' side of the web server: the decisions its workers make, and how a worker
process starts (:mod:`canasta_caliente.web.server` runs them off the event loop)."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from ..actions import Action
from ..players.bots import get_bot, read_answer
from ..studies.pool import end_with_parent, ignore_sigint
from ..views.view import View

__all__ = ["BOT_NICENESS", "Interrupted", "bots_worker_init", "decide", "start_workers"]

BOT_NICENESS = 10
"""How much lower than the server's the bots' worker processes run (``os.nice``, where the
system has it): a person's reply waits for a core behind no bot's search. A bot's budget is
time, so a busy core costs it simulations, never the turn order or a rule."""


def bots_worker_init() -> None:
    """A bots' worker process starting: below the server by :data:`BOT_NICENESS`, ending
    when the server does (:func:`~canasta_caliente.studies.pool.end_with_parent`: a server
    killed, by SIGKILL or the out-of-memory killer, left its workers running for good), and
    deaf to Ctrl-C while idle, which a terminal sends every process of the server (a
    decision hears it: :func:`decide`): a KeyboardInterrupt in a worker came back through the
    event loop as a dozen tracebacks."""
    if hasattr(os, "nice"):
        os.nice(BOT_NICENESS)
    ignore_sigint()  # (the server starts a worker with SIGINT held: see its run)
    end_with_parent()


def start_workers(count: int, processes: bool) -> Executor:
    """The workers bots and hints think in: ``count`` processes (spawned, so no lock of the
    server is inherited; each started by :func:`bots_worker_init`) or threads."""
    if processes:
        return ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=bots_worker_init)
    return ThreadPoolExecutor(count, thread_name_prefix="canasta-bot")


class Interrupted(Exception):
    """A bot's decision stopped by Ctrl-C in its worker process: the server is stopping."""


def decide(level: str, seconds: float, view: View, legal: tuple[Action, ...],
           rng: random.Random) -> Action:
    """A bot's decision, made in a worker (a module-level function, so a process can run it).

    In a worker process a decision hears Ctrl-C (which an idle worker ignores: see
    :func:`bots_worker_init`), so that a stopping server does not wait out a bot's budget; it
    ends as :class:`Interrupted`, which the server takes quietly."""
    main = threading.current_thread() is threading.main_thread()  # (a process's, not a thread)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler) if main else None
    try:
        return read_answer(get_bot(level, seconds=seconds)(view, legal, rng), level)
    except KeyboardInterrupt:
        raise Interrupted("the server is stopping (Ctrl-C)") from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
