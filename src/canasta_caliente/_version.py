"""The package version, in a module of its own: the documents
(:mod:`canasta_caliente.records.storage`,
:mod:`canasta_caliente.views`) and the command line read it without importing each other or
the package's ``__init__``."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
"""The version of the package (read by the build backend too)."""
