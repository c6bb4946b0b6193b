"""The package version and build, in a module of their own: the documents
(:mod:`canasta_caliente.records.storage`,
:mod:`canasta_caliente.views`) and the command line read them without importing each other or
the package's ``__init__``."""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES

__all__ = ["COMPILED", "__version__"]

__version__ = "0.1.0"
"""The version of the package (read by the build backend too)."""

# Read from the files beside this one (a few stat calls), not by importing the engine: the
# package's import loads nothing heavy before the command line's guard. The compiled wheel
# holds the engine's modules as extension modules, which Python imports before their sources.
COMPILED: bool = any(
    os.path.exists(os.path.join(os.path.dirname(__file__), "engine", "listing" + suffix))
    for suffix in EXTENSION_SUFFIXES)
"""True where the engine runs compiled (the wheel built with mypyc for this platform), False
where it runs as pure Python (the ``py3-none-any`` wheel, or a checkout): both play the same
games, the compiled one faster (see the docs' "A compiled engine")."""
