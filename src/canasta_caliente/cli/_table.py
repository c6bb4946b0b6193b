"""The table of ``canasta-caliente play``: the saved game it resumes, who sits where (and
what a resumed game keeps of its own whatever the options say), whether ``--save`` may write
over a file, and the table talk (its commands, their help, "did you mean" for a mistyped
word). The game itself, with the take-backs a player may ask for (``undo``), is a
:class:`~canasta_caliente.Match`.

Kept apart from :mod:`canasta_caliente.cli.commands` so that the game loop there reads as a
loop: read a line, and either answer a command or play an action.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import tomllib
from collections.abc import Collection, Sequence
from typing import Any

from ..actions import Verb
from ..errors import CanastaError
from ..play.match import Match
from ..records.storage import GameRecord
from ..rules.ruleset import RuleSet
from ..state.game import COMPONENTS, GameState
from ._rules import InputError, one_line, read_text

__all__ = ["COMMANDS", "HUMAN", "Given", "check_save", "command_with_words", "commands_help",
           "commands_too", "did_you_mean", "hand_table", "ignored_on_resume", "saved_game",
           "seating"]

HUMAN = "human"
"""The name a saved game gives the person's seat (the others are named by their bot)."""

COMMANDS: dict[str, str] = {
    "help": "this list",
    "legal": "the legal actions (also: an empty line)",
    "hint": "the search's advice: the legal actions in the order it recommends them",
    "undo": "take back your last meld, where nothing was revealed by it (a discard passes "
            "the turn: the bots play at once)",
    "quit": "stop; the game is saved if --save or --resume named a file (also: exit)",
}
"""The commands ``play`` answers besides actions, each with its help line."""

_WORDS = (*COMMANDS, "exit", *(verb.value for verb in Verb))


def commands_help() -> str:
    """The ``help`` text: the commands, then how to write an action."""
    lines = ["commands:"]
    lines += [f"  {name:<6} {text}" for name, text in COMMANDS.items()]
    lines.append("or type an action in notation: draw, take 7 7, meld 7 7 7, meld 2 on 9, "
                 "discard Q, ask, yes, no, ...")
    lines.append("the view: the card in [brackets] is the pile's up card; \"known to all\" "
                 "lists the cards of a hand that every seat has seen (taken from the pile, say)")
    return "\n".join(lines)


def command_with_words(text: str) -> str | None:
    """What to say of a command given words after it (``undo please``, read as an action
    whose verb ``undo`` is unknown), or ``None`` for any other line."""
    words = text.split()
    if len(words) > 1 and words[0].lower() in (*COMMANDS, "exit"):
        return f"'{words[0]}' takes nothing after it: type {words[0].lower()} alone"
    return None


def commands_too(text: str) -> str:
    """For a line whose first word is neither a verb nor a command (whose refusal lists the
    verbs), ``"; or a command: help, legal, ..."``; else ``""``."""
    words = text.split()
    return ("; or a command: " + ", ".join(COMMANDS)
            if words and words[0].lower() not in _WORDS else "")


def did_you_mean(text: str) -> str | None:
    """For a line whose first word is neither a command nor a verb, the nearest words
    (``"did you mean 'draw'?"``), or ``None`` when none is near or the word is known."""
    word = text.split(maxsplit=1)[0].lower() if text.split() else ""
    if not word or word in _WORDS:
        return None
    near = difflib.get_close_matches(word, _WORDS, n=2, cutoff=0.6)
    if not near:
        return None
    return "did you mean " + " or ".join(f"'{w}'" for w in near) + "?"


def seating(players: Sequence[str] | None, seat: int, size: int, bots: Sequence[str],
            known: Collection[str], source: str | None) -> tuple[int, str, dict[int, str]]:
    """Who sits where: the person's seat, the name that seat is saved under, and the bots'
    names by seat. ``players`` is the seats' names of a resumed record (``source``, its file),
    or None for a new game: the person takes ``seat`` of the ``size`` and ``bots`` fill the
    others in turn. A record ``play`` saved names the person's seat :data:`HUMAN` and the
    others by their bots (one this version lacks is an error). One written elsewhere names each
    seat by a bot (of ``known``) or a person: the person plays the one seat named otherwise,
    under that name, and in a record of bots alone takes over ``seat``'s; several people are
    an error."""
    if players is None:
        _check_seat(seat, size)
        others = [s for s in range(size) if s != seat]
        free = len(others)
        if len(bots) > free:  # fewer are repeated in turn; more would be dropped unsaid
            raise InputError([f"--bots: {len(bots)} bots named for " + (
                f"1 seat: at a table of {size} you play one seat and a bot the other; name one"
                if free == 1 else f"{free} seats: at a table of {size} you play one seat and "
                f"bots the other {free}; name at most {free} (fewer are repeated in turn)")])
        return seat, HUMAN, {s: bots[i % len(bots)] for i, s in enumerate(others)}
    person = HUMAN
    if HUMAN in players:
        seat = players.index(HUMAN)
        unknown = sorted({n for s, n in enumerate(players) if s != seat} - set(known))
        if unknown:
            raise InputError([f"--resume: {source}: the game was saved with bots this "
                              f"version does not know: {', '.join(unknown)}"])
    else:
        people = [s for s, name in enumerate(players) if name not in known]
        if len(people) > 1:
            raise InputError([f"--resume: {source}: the game was saved with {len(people)} "
                              "people (" + ", ".join(f"seat {s} {players[s]}" for s in people)
                              + "); play plays one seat against bots"])
        if people:
            seat = people[0]
            person = players[seat]
        else:
            _check_seat(seat, size)
    return seat, person, {s: name for s, name in enumerate(players) if s != seat}


def _check_seat(seat: int, size: int) -> None:
    """Refuse a ``--seat`` the table does not have."""
    if not 0 <= seat < size:
        raise InputError([f"--seat: no seat {seat} at a table of {size}"])


class Given(argparse.Action):
    """An option's ``store`` action that also notes that the option was given on the command
    line, in the namespace's ``given`` (a frozenset of the options' ``dest``): so that ``play
    --resume`` can say which of the options given it does not use (:func:`ignored_on_resume`),
    while the help still shows each option's default."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.given = frozenset(getattr(namespace, "given", ())) | {self.dest}


def ignored_on_resume(given: Collection[str], asked: int, seat: int) -> list[str]:
    """The lines ``play --resume`` prints on standard error for the options ``given`` that the
    saved game overrides, each saying why: ``--rules``, ``--bots`` (as its help has always
    said) and ``--seed``, and ``--seat`` (``asked``) where the game seats the person
    elsewhere (``seat``: a record that names the person's seat; one of bots alone takes
    ``--seat``'s)."""
    why = {"rules": "a resumed game keeps the rules it was saved with",
           "seat": f"the saved game seats you at seat {seat}" if asked != seat else "",
           "bots": "a resumed game keeps the bots it was saved with",
           "seed": "a resumed game keeps its own seed (it deals every hand)"}
    return [f"--{name}: ignored: {reason}" for name, reason in why.items()
            if name in given and reason]


def saved_game(source: str) -> Match:
    """The game ``play --resume`` plays on, of the record in the file ``source``: the file read
    as a rule file is, refused in the same words (`_rules.read_text`), and a document that is
    not a game record, or does not replay, refused with what is wrong with it."""
    text = read_text(source, "--resume")
    try:
        return Match(GameRecord.from_json(text))
    except (CanastaError, ValueError, RecursionError) as exc:
        hint = " (it is a house-rules file: give it to --rules)" if _reads_as_rules(text) else ""
        raise InputError([f"--resume: {source}: {one_line(exc)}{hint}"]) from None


def _reads_as_rules(text: str) -> bool:
    """Whether ``text``, not a game record, is a house-rules document (TOML or JSON) that says
    something: an empty one (``{}``, a blank file: a crashed save, say) reads as the default
    rules, and is no more a rule file than a record."""
    for parse, read in ((tomllib.loads, RuleSet.from_toml), (json.loads, RuleSet.from_json)):
        try:
            if parse(text) and read(text):
                return True
        except (CanastaError, ValueError, RecursionError):
            continue
    return False


def check_save(save: str | None, resume: str | None, overwrite: bool) -> None:
    """Refuse ``--save`` naming a file that exists, unless ``--overwrite`` asks for it or it
    is the file ``--resume`` reads (the game saved back where it came from): a new game must
    not replace a saved one, or any other file, without being asked. ``--overwrite`` without
    ``--save`` is refused: it would let nothing be replaced, silently."""
    if overwrite and save is None:
        raise InputError(["--overwrite: lets --save replace a file that exists, but no --save "
                          "was given" + (" (--resume saves back to its own file: no "
                                         "--overwrite needed)" if resume is not None else "")])
    if save is None or overwrite or not os.path.lexists(save):
        return
    try:
        if resume is not None and os.path.samefile(save, resume):
            return
    except (OSError, ValueError):  # the file --resume names is refused in its own words
        pass
    raise InputError([f"--save: {save}: the file exists; give --overwrite to replace it"
                      + ("" if resume is not None else
                         f" (to play on a game saved in it: --resume {save})")])


def hand_table(state: GameState) -> list[str]:
    """The last hand's breakdown, one line per side (``play`` and ``demo``)."""
    result = state.hand_results[-1]
    how = result.ended.value + (
        f" (seat {result.went_out}{', concealed' if result.concealed else ''})"
        if result.went_out is not None else "")
    lines = [f"hand {len(state.hand_results)}: {how}",
             "side  " + "".join(f"{c:>12}" for c in COMPONENTS) + f"{'total':>10}"]
    for side in range(len(state.sides)):
        comps = result.components(side)
        lines.append(f"{side:<6}" + "".join(f"{comps[c]:>12}" for c in COMPONENTS)
                     + f"{result.totals[side]:>10}")
    lines.append("game: " + ", ".join(f"side {i} {s}" for i, s in enumerate(state.scores)))
    return lines
