"""Bots for the simulation tests that must reach a worker process: defined at the top level of
a module the workers can import."""

from __future__ import annotations

import random
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
