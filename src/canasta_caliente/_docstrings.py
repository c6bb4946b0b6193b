"""Docstrings that survive compilation: a function's or a class's docstring, read from its
module's source when it has none at run time.

Compiled by mypyc, functions and classes lose their docstrings, yet some facts have their one
home in a docstring: the rule IDs each legality check decides
(:func:`canasta_caliente.engine.checks.rules_of`); and ``help()`` of a native class shows its
docstring only once it is put back (:mod:`canasta_caliente._native`). The compiled wheel ships
each compiled module's ``.py`` source beside its extension module (which Python imports
first), and :func:`docstring` reads the docstring from there. This module is never compiled.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["docstring"]


def docstring(function: Callable[..., Any] | type) -> str:
    """The docstring of a module-level function or class: its ``__doc__``, or, compiled (where
    it is ``None``, or empty for a class), the one its module's source gives it (``""`` for
    one without). A compiled module whose source is missing is an :class:`ImportError` (the
    wheel is broken)."""
    doc = function.__doc__
    if doc:
        return doc
    return _source_docstrings(function.__module__).get(function.__name__, "")


@functools.cache
def _source_docstrings(module: str) -> dict[str, str]:
    """The docstrings of a module's top-level functions and classes, by name, read from its
    ``.py``."""
    spec = importlib.util.find_spec(module)
    origin = None if spec is None else spec.origin
    if origin is None:
        raise ImportError(f"{module}: no source to read its docstrings from")
    path = Path(origin)
    source = path.with_name(path.name.split(".", 1)[0] + ".py")
    try:
        tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
    except OSError as exc:
        raise ImportError(f"{module}: its source {source} cannot be read ({exc}); the "
                          "compiled wheel ships every module's .py beside it") from exc
    return {node.name: ast.get_docstring(node, clean=False) or ""
            for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
