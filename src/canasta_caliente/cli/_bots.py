"""The bots the ``--bots`` options name, and what the command line says when one fails.

An entry of ``--bots`` is a built-in bot's name (:func:`~canasta_caliente.get_bot` knows it)
or a person's own bot as ``module:attr``, the form of uvicorn and of entry points: the module
is imported (the current directory first, as ``python -m`` searches it) and ``attr``, which
may be dotted (``pkg.mod:Factory.make``), is read from it. What it names is made into a bot
thus:

- a class is instantiated with no arguments: its instances are the bots;
- a callable that takes no arguments (a factory) is called, and what it returns is the bot;
- any other callable is the bot itself, called as ``bot(view, legal, rng)``.

The reference is resolved here, in the command line alone: the library's names
(:func:`~canasta_caliente.get_bot`, the studies' ``bots``, the web table's levels) never
import a module, so that no module a request names is ever imported. A reference that cannot
be resolved is one line on standard error (exit status 2).

A bot that fails in a game (it raises, or answers something that is not a legal action) is a
:class:`BotFailed`: ``play`` names the bot and its seat and saves the game so far; the study
commands show the note (PEP 678) the library adds, with the call that plays the game again
(exit status 1).
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable, Collection, Iterable, Sequence

from .._arguments import signature_text, takes_arguments
from ..actions import Action
from ..errors import IllegalActionError, NotationError, WorkerError, describe_value
from ..play.kinds import Event
from ..play.match import Match
from ..players.bots import Bot, bot_names, exit_answer, illegal_answer, near_bot, read_answer
from ..studies.play import GAME_NOTE, BotSpec
from ..views.view import observe
from ._rules import InputError, one_line
from ._studies import refusal

__all__ = ["BotFailed", "bot_list", "is_reference", "load_bots", "make_bot", "own_bots",
           "play_step", "resumed_own_bots", "study_bots", "study_error"]

REFERENCE = "module:attr"
"""How ``--bots`` names a person's own bot (shown in the messages)."""


class BotFailed(InputError):
    """A bot that failed in a game: its lines say which bot, at which seat, and how; the
    command's exit status is 1 (a bot's failure, not bad input)."""

    status = 1


def is_reference(name: str) -> bool:
    """Whether an entry of ``--bots`` is a ``module:attr`` reference (not a built-in name)."""
    return ":" in name


def _dotted(text: str) -> bool:
    """Whether ``text`` is a dotted Python name (``pkg.mod``, ``Factory.make``)."""
    return all(part.isidentifier() for part in text.split("."))


def bot_list(text: str) -> list[str]:
    """The entries of a ``--bots`` option, checked: each a built-in bot's name or a
    ``module:attr`` reference (its form only: :func:`load_bots` imports it)."""
    known = bot_names()
    names = [b.strip() for b in text.split(",")]
    if "" in names:
        where = names.index("") + 1
        raise InputError([f"--bots: entry {where} of {text!r} is an empty bot name; give "
                          f"comma-separated names of: {', '.join(known)}, or your own bots as "
                          f"{REFERENCE}"])
    for name in names:
        if is_reference(name):
            module, _, attr = name.partition(":")
            if not (_dotted(module) and _dotted(attr)):
                raise InputError([f"--bots: {name!r} is not a {REFERENCE} reference: the "
                                  "module and the attribute must be Python names, dotted or "
                                  "not (mybots:Greedy, pkg.bots:Factory.make)"])
    unknown = [b for b in names if not is_reference(b) and b not in known]
    if unknown:
        hint = near_bot(unknown[0]) if len(unknown) == 1 else ""
        raise InputError([f"--bots: unknown bot {', '.join(map(repr, unknown))}{hint}; "
                          f"bots: {', '.join(known)}; or your own bot as {REFERENCE} (a "
                          "module in the current directory, or importable)"])
    return names


def load_bots(names: Sequence[str], where: str = "--bots") -> dict[str, BotSpec]:
    """Each distinct name of ``names`` with its bot as the studies take it: a built-in name
    as it is, a ``module:attr`` reference resolved (once, so that a reference named twice is
    one bot). ``where`` starts a refusal's line."""
    bots: dict[str, BotSpec] = {}
    for name in names:
        if name not in bots:
            bots[name] = _resolve(name, f"{where}: {name}") if is_reference(name) else name
    return bots


def own_bots(seated: Iterable[str]) -> list[str]:
    """The person's own bots (``module:attr``) among the bot names ``seated``, sorted: what
    ``play --resume`` must be given with ``--bots`` again."""
    return sorted({name for name in seated if is_reference(name)})


def resumed_own_bots(seated: Iterable[str], names: Collection[str], source: str) -> list[str]:
    """The person's own bots (``module:attr``) among the names ``seated`` of a game ``play
    --resume`` reads from ``source``, each of which ``--bots`` (``names``) must name too: a
    saved file never makes the command import a module by itself (a file from elsewhere could
    name any module). An :class:`InputError` saying what to give otherwise."""
    own = own_bots(seated)
    if not set(own) <= set(names):
        one = len(own) == 1
        raise InputError([f"--resume: {source}: the game was saved with your own "
                          f"{'bot' if one else 'bots'} {', '.join(own)}: give --bots "
                          f"{','.join(own)} to import {'it' if one else 'them'} (a saved game "
                          "never imports a module by itself)"])
    return own


def make_bot(spec: BotSpec) -> Bot:
    """The bot to call for a spec of :func:`load_bots`: a built-in name's bot, or the bot."""
    from ..players import bots  # (read at the call: a test may stand a spy in for get_bot)

    return bots.get_bot(spec) if isinstance(spec, str) else spec


def _search_current_directory() -> None:
    """Put the current directory at the front of the module search path, as ``python -m``
    does, unless it is there already (the ``canasta-caliente`` script's path starts with the
    script's folder instead)."""
    try:
        here = os.getcwd()
    except OSError:  # the current directory was removed
        return
    if "" in sys.path or here in (os.path.abspath(entry) for entry in sys.path):
        return
    sys.path.insert(0, here)


def _raised(exc: BaseException) -> str:
    """An exception as the refusals say it: its type and its message."""
    return f"{type(exc).__name__}: {one_line(exc)}"


def _resolve(text: str, where: str) -> Bot:
    """The bot ``module:attr`` names (see the module's docstring); an :class:`InputError`
    starting with ``where`` if there is none."""
    module_name, _, attr = text.partition(":")

    def refuse(why: str) -> InputError:
        return InputError([f"{where}: {why}"])

    _search_current_directory()
    try:
        target: object = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
            raise refuse(f"no module named {exc.name!r} (the current directory is searched "
                         "first, then Python's path)") from None
        raise refuse(f"importing the module {module_name!r} raised {_raised(exc)}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the module's own code: any error, sys.exit() too
        raise refuse(f"importing the module {module_name!r} raised {_raised(exc)}") from None
    parts = attr.split(".")
    for i, part in enumerate(parts):
        owner = f"the module {module_name!r}" if i == 0 else (
            f"{module_name}:{'.'.join(parts[:i])}")
        try:
            target = getattr(target, part)
        except AttributeError:
            raise refuse(f"{owner} has no attribute {part!r}") from None
        except Exception as exc:  # a property's own code
            raise refuse(f"reading {part!r} of {owner} raised {_raised(exc)}") from None
    if not callable(target):
        raise refuse(f"{describe_value(target)} is not a bot: name a bot (a function or an "
                     "object called as bot(view, legal, rng)), a class of bots, or a function "
                     "of no arguments that makes one")
    if isinstance(target, type):
        if takes_arguments(target, 0) is False:
            raise refuse(f"the class needs arguments {signature_text(target)}: a class named in "
                         "--bots is made with none; give them defaults, or name a function "
                         "of no arguments that makes the bot")
        target = _made(target, text, refuse)
    elif takes_arguments(target, 3) is False:
        if takes_arguments(target, 0) is False:
            raise refuse(f"it takes {signature_text(target)}: a bot is called as bot(view, legal, "
                         "rng), and a function that makes one with no arguments")
        target = _made(target, text, refuse)
    if takes_arguments(target, 3) is False:
        raise refuse(f"{describe_value(target)} is not called as bot(view, legal, rng)")
    return target  # type: ignore[return-value]  # (called as a bot: play_game checks answers)


def _made(factory: object, text: str, refuse: Callable[[str], InputError]) -> object:
    """The bot a class or a factory of no arguments makes (``refuse`` makes a refusal)."""
    assert callable(factory)
    try:
        bot = factory()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        raise refuse(f"making the bot, {text}(), raised {_raised(exc)}") from None
    if not callable(bot):
        raise refuse(f"{text}() made {describe_value(bot)}, not a bot (a callable "
                     "bot(view, legal, rng))")
    return bot


def play_step(bot: Bot, who: str, match: Match, seat: int, legal: Sequence[Action],
              rng: random.Random) -> tuple[Action, tuple[Event, ...]]:
    """A bot's move in ``play``: its answer, read as :func:`~canasta_caliente.play_game`
    reads one, and played on ``match`` for ``seat``; returns the action and its events.
    ``who`` names the bot and its seat (``the bot 'mybots:Greedy' at seat 1``). A bot that
    raises, answers something that is not an action or plays an illegal one is a
    :class:`BotFailed`, its line in the library's words."""
    try:
        answer: object = bot(observe(match.state, seat), legal, rng)
    except KeyboardInterrupt:
        raise
    except SystemExit as exc:  # (it would end play unsaid, the game not saved)
        raise BotFailed([f"play: {exit_answer(who, exc)}"]) from None
    except Exception as exc:
        raise BotFailed([f"play: {who} raised {_raised(exc)}"]) from None
    try:
        action = read_answer(answer, who)
    except (TypeError, NotationError) as exc:
        raise BotFailed([f"play: {one_line(exc)}"]) from None
    try:
        happened = match.play(action, seat=seat)
    except IllegalActionError as exc:
        raise BotFailed([f"play: {one_line(illegal_answer(who, exc))}"]) from None
    return action, happened


def study_error(command: str, exc: Exception, bots: Sequence[str] = ()) -> InputError:
    """A study's error as ``command``'s lines: a game's failure (a bot that raised or answered
    something illegal), which the game's note (PEP 678) says with which game, which bot at
    which seat, and the call that plays it again, is a :class:`BotFailed` showing the note, as
    is a worker process that ended (:class:`~canasta_caliente.WorkerError`); a refusal of the
    arguments (a :class:`ValueError`, a :class:`TypeError` such as a bot that
    cannot be sent to the workers) the command's refusal (:func:`refusal`, a bot named by its
    entry of ``bots``, the ``--bots`` entries). Any other error is raised again."""
    notes = [n for n in getattr(exc, "__notes__", ()) if isinstance(n, str)]
    if any(note.startswith(GAME_NOTE) for note in notes):
        return BotFailed([f"{command}: a game failed: {_raised(exc)}",
                          *(f"  {' '.join(note.split())}" for note in notes),
                          "  (that call, in Python, shows the traceback)"])
    if isinstance(exc, WorkerError):  # a worker ended: no game's note to show
        return BotFailed([f"{command}: {one_line(exc)}"])
    if isinstance(exc, (ValueError, TypeError)):
        return refusal(command, exc, bots)
    raise exc


def study_bots(text: str, *, once: bool = False) -> list[BotSpec]:
    """The bots of a study command's ``--bots``: :func:`bot_list`'s entries, as
    :func:`load_bots` loads them; with ``once`` (a tournament, which plays each bot against
    the others), an entry named twice is refused, naming it."""
    names = bot_list(text)
    twice = sorted({name for name in names if names.count(name) > 1})
    if once and twice:
        raise InputError([f"--bots: {', '.join(twice)} named twice: a tournament plays each "
                          "bot against each other one; name each bot once"])
    loaded = load_bots(names)
    return [loaded[name] for name in names]
