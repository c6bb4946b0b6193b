"""Bots for the simulation tests that must reach a worker process: defined at the top level of
a module the workers can import."""

from __future__ import annotations

import os
import random
import sys
import threading
from collections.abc import Sequence

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot
from canasta_caliente.views.view import View


class Smart:
    """A bot that is a class instance with ``__call__`` and no name of its own: the heuristic
    bot."""

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        return heuristic_bot(view, legal, rng)


class Named(Smart):
    """The same bot, named by a ``name`` attribute."""

    def __init__(self, name: str) -> None:
        self.name = name


class Broken:
    """A bot that breaks at its first decision after a draw."""

    name = "broken"

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        if any(action.verb is cc.Verb.DISCARD for action in legal):
            raise ValueError("my bot broke")
        return legal[0]


class Ender:
    """A bot that ends its process at its first decision (``os._exit``), as a bot that crashes
    the interpreter would."""

    name = "ender"

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        os._exit(3)


class LockedError(Exception):
    """An exception that does not pickle: it holds a lock (whatever pickles exceptions, as
    tblib does once Dask's distributed is imported, fails on it)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()


class LockedRaiser:
    """A bot that raises a :class:`LockedError` at its first decision."""

    name = "locked"

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        raise LockedError("a locked failure")


class FrozenHater:
    """A bot that raises at its first decision under always-frozen rules alone (a comparison
    whose one variant fails)."""

    name = "frozen-hater"

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        if view.rules.always_frozen:
            raise RuntimeError("frozen rules upset me")
        return legal[0]


class Quitter:
    """A bot that calls ``sys.exit()`` at its first decision."""

    name = "quitter"

    def __call__(self, view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        sys.exit()
