"""What the study commands (``simulate``, ``compare``, ``tournament``) share: a study's refusal
of its arguments said in the words the user typed (the option, not the Python parameter).

The studies check their own arguments (:func:`~canasta_caliente.simulate`,
:func:`~canasta_caliente.compare`, :func:`~canasta_caliente.tournament`), before any game:
the command line passes the options on and words the refusal, so that each check has one
home.
"""

from __future__ import annotations

import re

from ._rules import InputError, one_line

__all__ = ["refusal"]

_PARAMETER = re.compile(r"(games|workers|bots|seed)(?::\s*|\s+(?=must\b))")
"""The start of a study's message about one of its parameters that the command line takes as
an option of the same name: ``games must be ...``, ``bots: ...``."""


def refusal(command: str, exc: BaseException) -> InputError:
    """A study's refusal (an :class:`~canasta_caliente.errors.ArgumentError`, a
    :class:`ValueError`) as the command's one line: a message about a parameter the command
    takes as an option names the option (``games must be an even number`` reads ``--games:
    must be an even number``); any other is the command's (``compare: ...``)."""
    text = one_line(exc)
    match = _PARAMETER.match(text)
    if match is None:
        return InputError([f"{command}: {text}"])
    return InputError([f"--{match[1]}: {text[match.end():]}"])
