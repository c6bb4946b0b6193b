"""The house's layers: every import of the package points down a layer or stays within one,
no two modules import each other (through any path, imports inside functions included), and
each subpackage says what it owns and what it may import.

The imports are read from the source with ``ast``, so an import inside a function counts as
much as one at the top of a module. Two kinds are left out, and only these:

- a type checker's imports (``if TYPE_CHECKING:``), which never run;
- the imports of a value's own printing (:data:`PRINTERS`: ``__str__``, ``__repr__``,
  ``_repr_html_``), which the state and the RuleSet make of the views that draw them, and the
  helpers those call (:data:`PRINTING_HELPERS`, empty today).

See docs/architecture.rst for the layout these tests hold in place.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "canasta_caliente"
PACKAGE = "canasta_caliente"

# Bottom to top: a module may import the modules of its own layer and of the layers below it.
# Each entry is a module or a subpackage (with everything in it).
LAYERS: dict[str, int] = {
    "errors": 0, "_version": 0, "_limits": 0, "_arguments": 0, "_extras": 0, "_native": 0,
    "_docstrings": 0,  # (the compiled build's helpers)
    "cards": 1, "actions": 1,  # the vocabulary
    "rules": 2,
    "state": 3,
    "engine": 4,
    "records": 5,
    "views": 6,
    "players": 7,
    "play": 8,  # a game on top: events, text, client messages, take-backs
    "testing": 9,
    "studies": 10,
    "cli": 11, "rl": 11, "web": 11,  # the interfaces
    # the package's root, its names loaded on first use, its finder of former paths and the
    # command line's entry point: anything
    "": 12, "_api": 12, "_moved": 12, "__main__": 12,
}

PRINTERS = frozenset({"__str__", "__repr__", "_repr_html_"})
"""The methods whose imports are a value's own printing, left out of the layers."""

PRINTING_HELPERS: frozenset[tuple[str, str]] = frozenset()
"""(module, function) pairs that a printer calls and that import for it, left out likewise."""


def module_name(path: Path) -> str:
    """The dotted name of a source file."""
    parts = [PACKAGE, *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


def layer_of(module: str) -> int:
    """The layer of a module of the package: that of its first name under the package."""
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else ""]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _resolve(module: str, node: ast.ImportFrom | ast.Import) -> Iterator[str]:
    """The modules of the package an import statement of ``module`` reads."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
        yield from (n for n in names if n == PACKAGE or n.startswith(PACKAGE + "."))
        return
    if node.level:
        here = module.split(".")
        if MODULES[module].name != "__init__.py":
            here = here[:-1]
        parts = here[: len(here) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    elif node.module and (node.module == PACKAGE or node.module.startswith(PACKAGE + ".")):
        base = node.module
    else:
        return
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in MODULES else base


def imports_of(module: str) -> set[tuple[str, int, str]]:
    """The package modules ``module`` imports, with the line and the function (``""`` at
    module level) of each import, inside functions too; type checkers' imports and printers'
    imports left out."""
    found: set[tuple[str, int, str]] = set()

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit_one(other, where)
                continue
            visit_one(child, where)

    def visit_one(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name in PRINTERS or (module, node.name) in PRINTING_HELPERS:
                return
            visit(node, f"{where}.{node.name}" if where else node.name)
            return
        if isinstance(node, ast.ClassDef):
            visit(node, f"{where}.{node.name}" if where else node.name)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update((target, node.lineno, where) for target in _resolve(module, node)
                         if target != module)
        visit(node, where)

    visit(ast.parse(MODULES[module].read_text(encoding="utf-8")), "")
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def upward_imports() -> list[str]:
    """Every import that points up a layer, as ``module:line (function) -> target``."""
    return [f"{module}:{line} ({where or 'module level'}) -> {target}"
            for module, found in GRAPH.items() for target, line, where in sorted(found)
            if layer_of(target) > layer_of(module)]


def import_circles() -> list[list[str]]:
    """The circles of the import graph: one path for each strongly connected set of modules
    larger than one (Tarjan's algorithm)."""
    edges = {m: sorted({t for t, _, _ in found}) for m, found in GRAPH.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(m: str) -> None:
        index[m] = low[m] = len(index)
        stack.append(m)
        on_stack.add(m)
        for t in edges[m]:
            if t not in index:
                connect(t)
                low[m] = min(low[m], low[t])
            elif t in on_stack:
                low[m] = min(low[m], index[t])
        if low[m] == index[m]:
            group = []
            while True:
                t = stack.pop()
                on_stack.discard(t)
                group.append(t)
                if t == m:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for m in sorted(edges):
        if m not in index:
            connect(m)
    return groups


def test_every_module_has_a_layer() -> None:
    """Each module of the package belongs to a layer of the table (a new top-level module or
    subpackage is placed in it deliberately)."""
    assert len(MODULES) > 40
    unplaced = []
    for module in MODULES:
        try:
            layer_of(module)
        except KeyError:
            unplaced.append(module)
    assert not unplaced, f"modules in no layer of LAYERS: {unplaced}"


def test_imports_are_read_inside_functions_too() -> None:
    """The reading of the imports sees an import inside a function, and leaves out the type
    checker's and the printers' (the state prints itself with the views)."""
    commands = {t for t, _, where in GRAPH["canasta_caliente.cli.commands"] if where}
    assert "canasta_caliente.studies.simulate" in commands  # imported inside _simulate
    state = {t for t, _, _ in GRAPH["canasta_caliente.state.game"]}
    assert not any(t.startswith("canasta_caliente.views") for t in state)


def test_no_import_points_up_a_layer() -> None:
    """Every import, at module level or inside a function, reads a module of its own layer or
    of a layer below (the order of LAYERS)."""
    assert not upward_imports(), "imports up a layer:\n" + "\n".join(upward_imports())


def test_no_import_circle() -> None:
    """No module imports, through any path of imports (inside functions too), a module that
    imports it: each can be understood from the ones below it."""
    assert not import_circles(), f"import circles: {import_circles()}"


def test_production_never_imports_the_testing_layer() -> None:
    """Only the testing layer itself imports ``canasta_caliente.testing`` (tests and scripts
    use it; the library, the command line and the RL interfaces do not)."""
    users = [f"{module} -> {target}" for module, found in GRAPH.items()
             if not module.startswith("canasta_caliente.testing")
             for target, _, _ in found if target.startswith("canasta_caliente.testing")]
    assert not users, users


SUBPACKAGES = sorted(m for m, path in MODULES.items() if path.name == "__init__.py"
                     and m != PACKAGE)


@pytest.mark.parametrize("package", SUBPACKAGES)
def test_each_subpackage_says_what_it_owns_and_may_import(package: str) -> None:
    """Each subpackage's ``__init__`` opens with a docstring that names its modules (what it
    owns) and says what it may import."""
    doc = ast.get_docstring(ast.parse(MODULES[package].read_text(encoding="utf-8")))
    assert doc, f"{package} has no docstring"
    assert "May import" in doc, f"{package}'s docstring does not say what it may import"
    children = sorted(m.rsplit(".", 1)[1] for m in MODULES
                      if m.rpartition(".")[0] == package)
    missing = [c for c in children if f"``{c}``" not in doc]
    assert not missing, f"{package}'s docstring does not name its modules {missing}"
