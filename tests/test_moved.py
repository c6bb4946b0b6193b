"""The module paths of the former layout still import for one release, with a warning."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import canasta_caliente as cc
from canasta_caliente._moved import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_former_path_imports_with_a_warning_naming_the_new_home(old: str) -> None:
    """``import canasta_caliente.<old>`` warns, names the new home, and gives its names."""
    sys.modules.pop(f"canasta_caliente.{old}", None)
    with pytest.warns(DeprecationWarning, match=f"canasta_caliente.{MOVED[old]}"):
        module = importlib.import_module(f"canasta_caliente.{old}")
    home = importlib.import_module(f"canasta_caliente.{MOVED[old]}")
    for name in getattr(home, "__all__", ()):
        assert getattr(module, name) is getattr(home, name)


def test_the_functions_named_like_their_former_modules_still_work() -> None:
    """Importing ``canasta_caliente.simulate`` (the module) rebinds the package's attribute;
    ``cc.simulate(...)`` still plays, and so do ``compare`` and ``tournament``. Run in a fresh
    interpreter, so that the import really happens there."""
    code = """
import warnings
warnings.simplefilter("ignore", DeprecationWarning)
import canasta_caliente as cc
import canasta_caliente.simulate, canasta_caliente.compare, canasta_caliente.tournament
from canasta_caliente.simulate import SimulationResult
result = cc.simulate(cc.RuleSet.preset("caliente-2p"), ["random", "random"], 2, seed=1)
assert isinstance(result, SimulationResult), result
print(len(result.games))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "2"


def test_a_former_submodule_read_as_an_attribute() -> None:
    """``cc.storage`` (a former submodule) gives the module's names with the warning: at the
    read before the package's names have loaded, at the first use of a name after (a
    stand-in, since the package drops its ``__getattr__`` then); a name that was never there
    is an AttributeError either way. Run in a fresh interpreter, so that the load happens
    there."""
    code = """
import warnings
import canasta_caliente as cc
from canasta_caliente._moved import StandIn

def warned(read):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = read()
    return value, [str(w.message) for w in caught if w.category is DeprecationWarning]

module, before = warned(lambda: cc.storage)
assert "__getattr__" in vars(cc) and not isinstance(module, StandIn), module
assert any("canasta_caliente.records.storage" in m for m in before), before
apply = cc.apply  # the package's names load, and its __getattr__ goes
assert "__getattr__" not in vars(cc), "the package kept its __getattr__"
assert cc.storage is module  # bound by the import above
stand_in = cc.reprs
assert isinstance(stand_in, StandIn), stand_in
function, after = warned(lambda: stand_in.closest_preset)
assert any("canasta_caliente.views.reprs" in m for m in after), after
from canasta_caliente.views import reprs
assert function is reprs.closest_preset
assert cc.reprs is not stand_in  # the import bound the former path's module
display = cc.display
assert isinstance(display, StandIn), display
try:
    display("a state")  # a module, not a function: said so, as the module itself says
except TypeError as error:
    assert str(error) == "module 'canasta_caliente.display' is not callable", error
else:
    raise AssertionError("no TypeError")
for read in (lambda: cc.nothing_here, lambda: stand_in.nothing_here):
    try:
        read()
    except AttributeError as error:
        assert "nothing_here" in str(error), error
    else:
        raise AssertionError("no AttributeError")
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_new_homes_import_without_a_warning() -> None:
    """The package and every new home import with no DeprecationWarning at all."""
    code = """
import warnings, importlib, pkgutil
warnings.simplefilter("error")
import canasta_caliente
for info in pkgutil.walk_packages(canasta_caliente.__path__, "canasta_caliente."):
    if info.name.startswith(("canasta_caliente.rl", "canasta_caliente.cli.__main__")):
        continue
    importlib.import_module(info.name)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_engine_decision_is_decide_and_its_former_name_warns() -> None:
    """One public ``evaluate`` (the search's): the rules decision is ``decide``, and its former
    name still works for a release, with a DeprecationWarning naming the new one."""
    from canasta_caliente.engine import decision

    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    with pytest.warns(DeprecationWarning, match="use decide"):
        former = decision.evaluate  # type: ignore[attr-defined]
    assert former is decision.decide
    assert not isinstance(former(state, cc.legal_actions(state)[0]), str)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        decision.nothing  # type: ignore[attr-defined]  # noqa: B018
