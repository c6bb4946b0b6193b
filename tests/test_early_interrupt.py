"""The command line's entry point is ready for a Ctrl-C before anything heavy is imported.

``canasta-caliente`` (the console script) and ``python -m canasta_caliente`` enter through
``canasta_caliente/__main__.py``, whose guard is in place before the engine is imported: the
package's ``__init__`` loads its names on first use (PEP 562). A Ctrl-C while the command is
still importing ends it with status 130 and one line on standard error, never a traceback.

The subprocess tests make the interrupt land inside the import, every time, without waiting
for time: a ``sitecustomize`` module, put first on the child's path, holds the import of one
chosen module of the package, says so on a pipe, and waits for a signal. The test reads the
pipe (the condition), sends SIGINT, and reads the child's status and standard error.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import canasta_caliente as cc

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "pause"), reason="holds an import with signal.pause (POSIX)")

HOLD = textwrap.dedent('''
    """Hold the import of $CANASTA_TEST_HOLD: say so on fd $CANASTA_TEST_READY, then wait."""
    import os, signal, sys

    class _Hold:
        def find_spec(self, name, path=None, target=None):
            if name == os.environ["CANASTA_TEST_HOLD"]:
                sys.meta_path.remove(self)
                ready = int(os.environ["CANASTA_TEST_READY"])
                os.write(ready, b"importing " + name.encode())
                os.close(ready)
                signal.pause()  # the SIGINT's KeyboardInterrupt is raised here, mid-import
            return None

    sys.meta_path.insert(0, _Hold())
''')


def console_script() -> list[str]:
    """What the installed ``canasta-caliente`` runs: pip's wrapper around the entry point that
    pyproject.toml names (``module:function``)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        entry = tomllib.load(file)["project"]["scripts"]["canasta-caliente"]
    module, function = entry.split(":")
    return ["-c", f"import sys; from {module} import {function}; sys.exit({function}())"]


ENTRIES = {
    "python -m canasta_caliente": ["-m", "canasta_caliente"],
    "console script": console_script(),
}

# The first module the command line imports, one deep in the engine, one of the studies.
# (Compiled, the engine's modules import each other inside mypyc's shared library, past the
# import hooks: the module held deep in the engine is then one of Python's, which it imports.)
HELD = ["canasta_caliente.cli.commands",
        "canasta_caliente.state.builders" if cc.COMPILED else "canasta_caliente.engine.checks",
        "canasta_caliente.studies.simulate"]


def run_interrupted(
        tmp_path: Path, entry: list[str], held: str) -> subprocess.CompletedProcess[str]:
    """Start ``entry simulate --games 2``, interrupt it while it imports ``held``."""
    (tmp_path / "sitecustomize.py").write_text(HOLD)
    read_end, write_end = os.pipe()
    env = dict(os.environ, CANASTA_TEST_HOLD=held, CANASTA_TEST_READY=str(write_end),
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT / "src")]))
    proc = subprocess.Popen(
        [sys.executable, *entry, "simulate", "--games", "2"], env=env, pass_fds=(write_end,),
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    os.close(write_end)
    try:
        # Blocks until the child holds the import (or has exited: then the pipe reads empty).
        with os.fdopen(read_end, "rb") as ready:
            said = ready.read()
        assert said == f"importing {held}".encode(), "the child never reached the held import"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)  # a bound for a broken run, not a wait
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize("held", HELD)
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_interrupt_while_importing_exits_130_without_traceback(
        tmp_path: Path, entry: str, held: str) -> None:
    done = run_interrupted(tmp_path, ENTRIES[entry], held)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr == "canasta-caliente: interrupted\n"
    assert done.stdout == ""
    assert done.returncode == 130


def test_importing_the_package_imports_nothing_heavy() -> None:
    """What runs before the entry point's guard: the package's ``__init__``, two small modules
    of its own and a few small modules of the standard library (most of them frozen into the
    interpreter): not ``typing``, not ``attrs``, nothing of the engine."""
    code = ("import sys; before = set(sys.modules); import canasta_caliente; "
            "print(*sorted(set(sys.modules) - before))")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    imported = set(done.stdout.split())
    assert {m for m in imported if m.startswith("canasta_caliente")} == {
        "canasta_caliente", "canasta_caliente._moved", "canasta_caliente._version"}
    assert imported - {"canasta_caliente", "canasta_caliente._moved",
                       "canasta_caliente._version"} <= {
        "__future__", "importlib", "importlib._bootstrap", "importlib._bootstrap_external",
        "importlib.machinery", "types", "warnings"}


def test_every_name_loads_on_first_use() -> None:
    """``cc.<name>`` for every name of ``__all__``, ``from canasta_caliente import *`` and
    ``dir`` work in a fresh interpreter, and the names are those of their homes."""
    code = textwrap.dedent("""
        import canasta_caliente as cc
        assert set(cc.__all__) <= set(dir(cc)), set(cc.__all__) - set(dir(cc))
        from canasta_caliente import *
        from canasta_caliente import _api
        for name in cc.__all__:
            assert getattr(cc, name) is getattr(_api, name, cc.__version__), name
        assert isinstance(cc.get_bot("ismcts"), cc.ISMCTSBot)  # the search registered itself
        print("ok")
    """)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    assert done.stdout == "ok\n", done.stderr


def test_an_unknown_name_is_an_attribute_error() -> None:
    import canasta_caliente as cc

    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        cc.nonesuch  # noqa: B018


def test_the_entry_point_runs_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_caliente.__main__ import main
    from canasta_caliente._version import __version__

    with pytest.raises(SystemExit) as exited:  # argparse's --version exits
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"canasta-caliente {__version__}"
    assert main(["rules", "show", "caliente"]) == 0
    assert "caliente" in capsys.readouterr().out
