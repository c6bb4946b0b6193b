"""The bots' side of the web server: the decisions its workers make, and how a worker
process starts (:mod:`canasta_caliente.web.server` runs them off the event loop)."""

from __future__ import annotations

import os
import random

from ..actions import Action
from ..players.bots import get_bot, read_answer
from ..studies.pool import end_with_parent
from ..views.view import View

__all__ = ["BOT_NICENESS", "bots_worker_init", "decide"]

BOT_NICENESS = 10
"""How much lower than the server's the bots' worker processes run (``os.nice``, where the
system has it): a person's reply waits for a core behind no bot's search. A bot's budget is
time, so a busy core costs it simulations, never the turn order or a rule."""


def bots_worker_init() -> None:
    """A bots' worker process starting: below the server by :data:`BOT_NICENESS`, and ending
    when the server does (:func:`~canasta_caliente.studies.pool.end_with_parent`: a server
    killed, by SIGKILL or the out-of-memory killer, left its workers running for good)."""
    if hasattr(os, "nice"):
        os.nice(BOT_NICENESS)
    end_with_parent()


def decide(level: str, seconds: float, view: View, legal: tuple[Action, ...],
           rng: random.Random) -> Action:
    """A bot's decision, made in a worker (a module-level function, so a process can run it)."""
    return read_answer(get_bot(level, seconds=seconds)(view, legal, rng), level)
