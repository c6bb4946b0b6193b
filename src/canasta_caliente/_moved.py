"""The module paths of the 0.x layout, importable for one more release.

The modules moved into the layer subpackages (see :doc:`/architecture`). Importing a former path
(``canasta_caliente.facts``, ``canasta_caliente.simulate``, ...) still works: a finder on
``sys.meta_path`` answers for exactly the paths in :data:`MOVED`, and gives a module holding the
new home's names, with a :class:`DeprecationWarning` naming the new path. The paths go in the
release after next.
"""

from __future__ import annotations

# Only modules the interpreter has loaded already: the package's ``__init__`` imports this one,
# and the command line's entry point must be running, ready for a Ctrl-C, as soon as it can
# (``importlib.abc`` alone would pull in ``importlib.resources``, ``pathlib`` and ``tempfile``).
import importlib
import importlib.machinery
import sys
import types
import warnings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.abc import Loader as _LoaderBase
    from typing import Any
else:
    _LoaderBase = object  # the import system asks only for the two methods

__all__ = ["MOVED", "StandIn", "bind_stand_ins", "install", "moved_attribute"]

PACKAGE = __name__.rpartition(".")[0]

MOVED: dict[str, str] = {
    "action_space": "views.action_space",
    "bots": "players.bots",
    "compare": "studies.compare",
    "display": "views.display",
    "facts": "rules.facts",
    "invariants": "records.invariants",
    "plots": "studies.plots",
    "reference": "testing.reference",
    "reprs": "views.reprs",
    "results": "studies.results",
    "scoring": "engine.scoring",
    "search": "players.search",
    "simulate": "studies.simulate",
    "solver": "engine.solver",
    "storage": "records.storage",
    "tournament": "studies.tournament",
}
"""Former module path (under ``canasta_caliente``) -> its new home."""


class MovedModule(types.ModuleType):
    """A former module path: the new home's names, copied when first imported.

    Calling it calls the function of its own name, where the package exports one: importing
    ``canasta_caliente.simulate`` binds the package's ``simulate`` attribute to this module
    (the import system does that for every submodule), and ``cc.simulate(...)`` must go on
    working."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function = self.__dict__.get(self.__name__.rpartition(".")[2])
        if not callable(function):
            raise TypeError(f"module {self.__name__!r} is not callable")
        return function(*args, **kwargs)


class _Loader(_LoaderBase):
    """Loads a former path as a :class:`MovedModule` of its new home."""

    def __init__(self, home: str) -> None:
        self.home = home

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return MovedModule(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        warnings.warn(
            f"{module.__name__} has moved to {self.home}; import it from there (the old path "
            "goes in the release after next)", DeprecationWarning, stacklevel=2)
        home = importlib.import_module(self.home)
        module.__dict__.update(
            (name, value) for name, value in vars(home).items()
            if not name.startswith("__") or name in ("__all__", "__doc__"))


class _Finder:
    """Answers for exactly the former paths of :data:`MOVED`."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, leaf = fullname.rpartition(".")
        if package != PACKAGE or leaf not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(f"{PACKAGE}.{MOVED[leaf]}"))


def install() -> None:
    """Put the finder of the former paths on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


class StandIn(types.ModuleType):
    """A former submodule read as the package's attribute (``cc.storage``) once the package's
    names are loaded: the first read of any of its names imports the former path, with its
    :class:`DeprecationWarning` (the import binds the package's attribute to that module
    from then on), and gives that module's name."""

    def __getattr__(self, name: str) -> Any:
        return getattr(moved_attribute(self.__name__.rpartition(".")[2]), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Called (``cc.display(state)``): as the former path's module is
        (:meth:`MovedModule.__call__`), which says the module is not callable."""
        module = moved_attribute(self.__name__.rpartition(".")[2])
        if isinstance(module, MovedModule):  # (the finder's: always, unless a caller swapped it)
            return module(*args, **kwargs)
        raise TypeError(f"module {module.__name__!r} is not callable")


def bind_stand_ins(namespace: dict[str, Any]) -> None:
    """Bind a :class:`StandIn` in the package's ``namespace`` for each former path that no
    name holds already (the package's ``simulate`` is its function, say)."""
    for leaf in MOVED:
        namespace.setdefault(leaf, StandIn(f"{PACKAGE}.{leaf}"))


def moved_attribute(name: str) -> types.ModuleType:
    """The package's ``__getattr__``: ``canasta_caliente.storage`` and the other former
    submodules, read as attributes of the package (as the old layout allowed once imported),
    give the former path's module, with its :class:`DeprecationWarning`."""
    if name not in MOVED:
        raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}")
    return importlib.import_module(f"{PACKAGE}.{name}")
