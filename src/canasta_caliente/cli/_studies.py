"""What the study commands (``simulate``, ``compare``, ``tournament``) share: a study's refusal
of its arguments said in the words the user typed (the option, not the Python parameter),
output files checked against each other, and whether the progress bar shows.

The studies check their own arguments (:func:`~canasta_caliente.simulate`,
:func:`~canasta_caliente.compare`, :func:`~canasta_caliente.tournament`), before any game:
the command line passes the options on and words the refusal, so that each check has one
home.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence

from ._rules import InputError, one_line

__all__ = ["NO_PROGRESS", "PROGRESS", "add_progress", "distinct_outputs", "refusal",
           "shows_progress"]

NO_PROGRESS = "no progress bar (there is none when standard error is not a terminal)"
"""The help of the study commands' ``--no-progress``."""

PROGRESS = ("a progress bar on standard error even when it is not a terminal (a log, a "
            "pipe, a program that watches it)")
"""The help of the study commands' ``--progress``."""


def add_progress(parser: argparse.ArgumentParser) -> None:
    """A study command's ``--progress`` and ``--no-progress``: one or the other (both given
    were taken as ``--progress``, whichever came last)."""
    either = parser.add_mutually_exclusive_group()
    either.add_argument("--no-progress", action="store_true", help=NO_PROGRESS)
    either.add_argument("--progress", action="store_true", help=PROGRESS)


def shows_progress(args: argparse.Namespace) -> bool:
    """Whether a study command (its ``args``) shows its progress bar: with ``--progress``,
    always; with ``--no-progress``, never; otherwise when standard error is a terminal (in a
    log or a pipe, its redrawn lines would be noise)."""
    return bool(args.progress or (not args.no_progress and sys.stderr.isatty()))

_PARAMETER = re.compile(r"(games|workers|bots|seed)(?::\s*|\s+(?=must\b))")
"""The start of a study's message about one of its parameters that the command line takes as
an option of the same name: ``games must be ...``, ``bots: ...``."""


def refusal(command: str, exc: BaseException, bots: Sequence[str] = ()) -> InputError:
    """A study's refusal (an :class:`~canasta_caliente.errors.ArgumentError`, a
    :class:`ValueError`) as the command's one line: a message about a parameter the command
    takes as an option names the option (``games must be an even number`` reads ``--games:
    must be an even number``), one about a bot (``bots[0]: ...``) its ``--bots`` entry, of
    ``bots`` (``--bots: mybots:factory: ...``); any other is the command's (``compare:
    ...``)."""
    # (the studies' advice names their parameter: here, the option)
    text = one_line(exc).replace("workers=1", "--workers 1")
    entry = re.match(r"bots\[(\d+)\]: ", text)
    if entry is not None and int(entry[1]) < len(bots):
        return InputError([f"--bots: {bots[int(entry[1])]}: {text[entry.end():]}"])
    match = _PARAMETER.match(text)
    if match is None:
        return InputError([f"{command}: {text}"])
    return InputError([f"--{match[1]}: {text[match.end():]}"])


def _same_file(a: str, b: str) -> bool:
    """Whether two checked output paths name one file: the same path once links and ``..``
    are resolved, or two names (hard links) of one existing file."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist yet: different files
        return False


def distinct_outputs(outputs: Sequence[tuple[str, str | None]]) -> None:
    """Refuse, before the run, two options (``--json``, ``--out``) that would write one file,
    the second replacing the first: ``outputs`` gives each option with the path typed, or
    ``None`` where the option was not given. An :class:`InputError` names both."""
    given = [(option, text) for option, text in outputs if text is not None]
    for i, (option, text) in enumerate(given):
        for other, earlier in given[:i]:
            if _same_file(text, earlier):
                raise InputError([f"{option}: {text} is also the {other} file, and one would "
                                  f"replace the other; give {option} a file of its own"])
