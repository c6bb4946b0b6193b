"""The command line's entry point: ``canasta-caliente`` and ``python -m canasta_caliente``.

Its first act is to be ready for a Ctrl-C: the package's own ``__init__`` imports nothing heavy
(its names load on first use), so this module runs a few milliseconds after the interpreter
starts, and everything the command line needs is imported inside :func:`main`'s guard. A Ctrl-C
at any moment, even in the first tenth of a second while the engine is still being imported,
ends the command with status 130 and one line, ``canasta-caliente: interrupted``, on standard
error: never a traceback. Once the command line runs, it handles interrupts itself
(:func:`canasta_caliente.cli.main`: a simulation reports the games it played, and so on).

May import: only the standard library at the top; the command line inside :func:`main`.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Sequence

INTERRUPTED = 130
"""The exit status after a Ctrl-C (128 + SIGINT), as shells report it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, or the process's arguments); returns the exit status.

    The statuses are those of :func:`canasta_caliente.cli.main`; a Ctrl-C while the command
    line is still being imported also gives 130 and one line on standard error.
    """
    try:
        from .cli.commands import main as run

        return run(argv)
    except KeyboardInterrupt:
        # A second Ctrl-C while saying so must not print a traceback either.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            sys.stderr.write("canasta-caliente: interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # standard error closed or gone: the status says it
            pass
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
