"""Bot levels: ``get_bot("level-1")`` ... ``get_bot("level-5")``, from a weak but legal
player to the full search, for a game that offers its players a choice of opponent.

========  =========================================================================
level     bot
========  =========================================================================
level-1   :func:`~canasta_caliente.players.bots.random_bot`: any legal action
level-2   :class:`Blundering`: the heuristic, but a random legal action half the time
level-3   :func:`~canasta_caliente.players.bots.heuristic_bot`
level-4   :class:`~canasta_caliente.ISMCTSBot` at :data:`LEVEL_4_ITERATIONS` simulations
level-5   :class:`~canasta_caliente.ISMCTSBot` at its default budget (the full search)
========  =========================================================================

Their measured strengths (a round robin of whole games, :func:`~canasta_caliente.tournament`,
Elo with 95% intervals) are in the bots guide, made by ``scripts/rate_bots.py``.

``seconds=`` (a positive number) bounds each decision, and every level takes it, so that a
caller (the web table) can give one value to whichever level a player chose. Level 5 thinks
that long (instead of a fixed number of simulations, so its moves are no longer
reproducible). Level 4 still plays its :data:`LEVEL_4_ITERATIONS` simulations, stopped early
only if the bound comes first, so it stays level 4 (it used to think the whole time too,
which made it level 5). The others answer at once, well within any bound.
``iterations=`` sets the search levels' budget (with ``seconds=`` too, the simulations stop
early if the time runs out first); levels 1 to 3 do not search, and refuse it.

>>> import canasta_caliente as cc
>>> cc.get_bot("level-4")
ISMCTSBot(iterations=20)
>>> cc.get_bot("level-4", seconds=0.5)
ISMCTSBot(iterations=20, seconds=0.5)
>>> cc.get_bot("level-5", seconds=0.5)
ISMCTSBot(seconds=0.5)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .._arguments import as_integer
from ..actions import Action
from ..errors import ArgumentError, CanastaTypeError
from ..views.view import View
from .bots import (
    BOT_FACTORIES,
    BOTS,
    QUICK_LEGAL_TYPES,
    Bot,
    check_bot_call,
    heuristic_bot,
    random_bot,
    read_answer,
)
from .search import ISMCTSBot, check_budget

__all__ = ["LEVELS", "LEVEL_4_ITERATIONS", "LEVEL_COUNT", "LEVEL_NAMES", "SEARCH_LEVEL",
           "Blundering", "level_bot", "level_options"]

LEVEL_COUNT = 5
"""How many levels there are: ``"level-1"`` to ``"level-5"``."""

LEVEL_NAMES: tuple[str, ...] = tuple(f"level-{n}" for n in range(1, LEVEL_COUNT + 1))
"""The names :func:`~canasta_caliente.get_bot` takes for the levels, weakest first."""

LEVEL_4_ITERATIONS = 20
"""Level 4's simulations per decision (level 5 has the search's default budget)."""


class Blundering:
    """A bot that plays ``bot``'s choice, except that with probability ``rate`` it plays a
    legal action chosen uniformly at random instead (level 2: the heuristic at rate 0.5)."""

    __name__ = "blundering"

    def __init__(self, bot: Bot = heuristic_bot, rate: float = 0.5) -> None:
        if not callable(bot):
            raise CanastaTypeError(f"bot must be a bot, not {type(bot).__name__}")
        if isinstance(rate, bool) or not isinstance(rate, int | float):
            raise CanastaTypeError(f"rate must be a number, not {type(rate).__name__}")
        if not 0 <= rate <= 1:
            raise ArgumentError(f"rate must be between 0 and 1, not {rate}")
        self.bot, self.rate = bot, float(rate)

    def __repr__(self) -> str:
        return f"Blundering(rate={self.rate})"

    def __call__(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """``bot``'s choice, or at rate ``rate`` a random legal action. Its call is checked as
        :func:`~canasta_caliente.players.bots.check_bot_call` says (the view must be the seat
        to act's)."""
        if type(legal) not in QUICK_LEGAL_TYPES or not legal or (
                not isinstance(rng, random.Random) or not isinstance(view, View)) or (
                view.over or view.turn.player != view.seat):
            check_bot_call(view, legal, rng)
        if rng.random() < self.rate:
            return random_bot(view, legal, rng)
        answer = self.bot(view, legal, rng)  # (its name made only for an answer to read)
        return answer if type(answer) is Action else read_answer(answer, f"{self!r}'s bot")


SEARCH_LEVEL = 4
"""The first level that searches (and so takes ``iterations=``)."""


def level_options(level: int) -> str:
    """The options ``get_bot("level-N")`` takes, as the refusal of another says them: every
    level takes ``seconds`` (so that a caller, the web table, gives one value to any level;
    a level that does not search answers at once, within it), and the search levels
    ``iterations`` and ``name`` too."""
    if level >= SEARCH_LEVEL:
        return "the options seconds, iterations and name"
    return ("the option seconds (every level takes it, so that one value serves any level: "
            "this one answers at once, within it)")


def level_bot(level: int, *, seconds: float | None = None,
              iterations: int | None = None, name: str | None = None) -> Bot:
    """The bot of ``level`` (1 to 5; see the module). ``seconds`` bounds each decision (level
    5 thinks that long, level 4 plays its simulations within it); every level takes it, so
    that a caller (the web table) can give one value to any level, and levels 1 to 3, which
    do not search, answer at once within it. ``iterations`` sets the search levels' budget,
    and ``name`` their name in results (``level-4`` and ``level-5`` unless given); levels 1 to
    3 refuse both, whatever their values (a :class:`TypeError`, as an unknown option:
    :func:`level_options` says what they take; their bots are shared)."""
    checked = as_integer(level)  # (a NumPy integer read as its int)
    if checked is None:
        raise CanastaTypeError(f"level must be an int, not {type(level).__name__}")
    level = checked
    if not 1 <= level <= LEVEL_COUNT:
        raise ArgumentError(f"level must be 1 to {LEVEL_COUNT}, not {level}")
    if level < SEARCH_LEVEL and (iterations is not None or name is not None):
        taken = "iterations" if iterations is not None else "name"
        raise CanastaTypeError(f"level-{level} does not search, so it takes no {taken}: it "
                               f"takes only {level_options(level)}")
    check_budget(iterations, seconds)
    if level >= SEARCH_LEVEL:
        if iterations is None and level == 4:
            iterations = LEVEL_4_ITERATIONS  # (seconds, if given, bound them)
        # (in results as the level it plays, not "ismcts", unless named)
        searching = ISMCTSBot(iterations=iterations, seconds=seconds,
                              name=f"level-{level}" if name is None else name)
        return searching
    return LEVELS[level - 1]


LEVELS: tuple[Bot, ...] = (random_bot, Blundering(), heuristic_bot)
"""The bots of the levels that do not search, level 1 first (levels 4 and 5 are made per
call, since a search bot carries its budget)."""


def _factory(level: int) -> Callable[..., Bot]:
    """The maker :func:`~canasta_caliente.get_bot` calls for ``"level-N"``."""
    def make(*, seconds: float | None = None, iterations: int | None = None,
             name: str | None = None, **unknown: object) -> Bot:
        if unknown:  # (not Python's own message, which names this inner function)
            raise CanastaTypeError(f"the level-{level} bot takes only {level_options(level)}, not "
                                   f"{', '.join(sorted(unknown))}")
        return level_bot(level, seconds=seconds, iterations=iterations, name=name)
    return make


for _level in range(1, LEVEL_COUNT + 1):
    BOT_FACTORIES[f"level-{_level}"] = _factory(_level)
    BOTS[f"level-{_level}"] = level_bot(_level)
