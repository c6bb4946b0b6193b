"""Sphinx extension: the table of the engine's legality rules and their named checks.

``.. canasta-checks::`` writes, for each rule ID that a check of
:mod:`canasta_caliente.engine.checks` decides (its :data:`~canasta_caliente.engine.checks.CHECKS`
table, read from the checks' own docstrings), the named checks that decide it and the modules
of the package that call each of them, found by reading the package's source at build time. The
table is generated from the code, so it cannot drift from it: a check renamed, moved or newly
called elsewhere changes the page at the next build.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import canasta_caliente as cc
from canasta_caliente.engine import checks

PACKAGE = Path(cc.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def callers() -> dict[str, set[str]]:
    """For each check name (a function of ``checks``, or ``Context.x`` for a context fact), the
    modules of the package other than ``checks`` that use it."""
    functions = {f.__name__ for f in checks.CHECK_FUNCTIONS}
    facts = {name.partition(".")[2]: name for name in checks.CONTEXT_FACTS}
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        if module == checks.__name__:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id in functions:
                found[node.id].add(module)
            elif isinstance(node, ast.Attribute):
                if node.attr in functions and isinstance(node.value, ast.Name) and (
                        node.value.id == "checks"):
                    found[node.attr].add(module)
                elif node.attr in facts and isinstance(node.value, ast.Name) and (
                        node.value.id == "ctx"):
                    found[facts[node.attr]].add(module)
    return found


def _short(module: str) -> str:
    return module.removeprefix("canasta_caliente.")


def render_checks() -> str:
    """The table as reStructuredText."""
    used = callers()
    lines = [
        ".. list-table:: The legality rules, their named checks, and who asks them",
        "   :header-rows: 1",
        "   :widths: 12 40 48",
        "",
        "   * - Rule",
        "     - Named check (``engine.checks``)",
        "     - Modules that call it",
    ]

    def order(rule: str) -> tuple[str, int]:
        family, _, number = rule.partition("-")
        return family, int(number)

    for rule in sorted(checks.CHECKS, key=order):
        names = checks.CHECKS[rule]
        modules = sorted({_short(m) for name in names for m in used.get(name, ())})
        lines += [
            f"   * - :rule:`{rule}`",
            "     - " + ", ".join(f"``{name}``" for name in names),
            "     - " + (", ".join(f"``{m}``" for m in modules) if modules else "(none)"),
        ]
    return "\n".join(lines) + "\n"


class ChecksDirective(SphinxDirective):
    """``.. canasta-checks::``: the table of :func:`render_checks`."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        nested_parse_with_titles(self.state, StringList(render_checks().splitlines(),
                                                        source="canasta-checks"), container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("canasta-checks", ChecksDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
