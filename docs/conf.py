"""Sphinx configuration for the canasta-caliente documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``; the package must be
importable (``pip install -e ".[dev]"`` does that), since the API page is generated from it.
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

# Harmless when the package is installed (editable or not); lets a bare checkout build too.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
# Local extensions: ``canasta_options`` writes the options page from ``cc.OPTIONS``;
# ``canasta_rl`` the action-id and observation tables of the reinforcement-learning guide;
# ``canasta_checks`` the architecture page's table of the legality rules and their checks.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "canasta-caliente"
author = "The canasta-caliente developers"
copyright = "The canasta-caliente developers"

try:
    release = version("canasta-caliente")
except PackageNotFoundError:
    release = "unknown"
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "canasta_options",
    "canasta_checks",
    "canasta_story",
    "canasta_rl",
    "myst_nb",
]

exclude_patterns = ["_build", "_ext"]

# The example notebooks: each ``examples/*.ipynb`` is copied into ``notebooks/`` (ignored by
# git) and shown with the outputs and plots it was committed with (``myst_nb``, which does not
# run it again: the test suite runs it, tests/test_notebooks.py, and a slow test there fails when
# a fresh run's outputs differ from the committed ones).
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
NOTEBOOKS.mkdir(exist_ok=True)
for _notebook in sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.ipynb")):
    _copy = NOTEBOOKS / _notebook.name
    if not _copy.exists() or _copy.read_bytes() != _notebook.read_bytes():
        _copy.write_bytes(_notebook.read_bytes())
nb_execution_mode = "off"
source_suffix = {".rst": "restructuredtext", ".ipynb": "myst-nb"}
nitpicky = False

# autodoc: the API page documents what ``canasta_caliente.__all__`` exports.
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"

# napoleon: Google-style docstrings. ``:ivar:`` for "Attributes:" sections keeps them from
# clashing with the attributes autodoc documents itself (duplicate object warnings).
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True

# doctest builder (``sphinx-build -b doctest``): it runs every ``doctest`` block and ``>>>``
# example of the pages, and the ``>>>`` examples of every docstring on the API pages, each in a
# namespace holding only what this sets up. So an example may use ``cc.Card`` or a bare ``Card``
# (any name of ``canasta_caliente.__all__``) unimported. ``DOCS_ROOT`` is this directory, for
# the examples that read files of the repository (``DOCS_ROOT.parent / "examples"``).
DOCS_ROOT = Path(__file__).resolve().parent
doctest_global_setup = f"""
from pathlib import Path

import canasta_caliente as cc
from canasta_caliente import *

DOCS_ROOT = Path({str(DOCS_ROOT)!r})
"""

# The examples' exceptions are compared whole, their messages included: Sphinx's default flags
# hold IGNORE_EXCEPTION_DETAIL, under which an example showing a wrong message (one the
# library no longer says) would pass.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

html_theme = "furo" if importlib.util.find_spec("furo") is not None else "alabaster"
html_title = f"canasta-caliente {release}"
