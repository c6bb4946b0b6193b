"""``python -m canasta_caliente.cli``: the command line, as the ``canasta-caliente`` command."""

from __future__ import annotations

import sys

from .commands import main

if __name__ == "__main__":
    sys.exit(main())
