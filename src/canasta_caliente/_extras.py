"""The optional extras: the one message that names the extra to install when a part of the
package needs a package the core does not, and :func:`require`, which imports one or raises
that message. At the bottom of the layers: every part with an extra (the studies' tables and
plots, the RL environments, the web table, the command line) words it here."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["install_command", "missing_extra", "require"]


def install_command(extra: str) -> str:
    """The commands that install the optional ``extra``: from PyPI, and from a checkout (the
    brackets quoted, as shells such as zsh need)."""
    return f'pip install "canasta-caliente[{extra}]" (from a checkout: pip install -e ".[{extra}]")'


def missing_extra(what: str, extra: str, missing: str | None = None) -> str:
    """The message for ``what`` (a module, a function or a command) needing the optional
    ``extra``, ``missing`` naming the package found missing, if known."""
    found = f" ({missing} is missing)" if missing else ""
    return f"{what} needs the optional extra '{extra}'{found}: {install_command(extra)}"


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`ImportError` naming the extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(missing_extra("this", extra, exc.name or module)) from exc
