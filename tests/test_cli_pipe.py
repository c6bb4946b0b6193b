"""A closed output pipe is a normal end for the command line: ``canasta-caliente demo | head -1``
exits with status 0 and prints nothing on standard error, for every subcommand that prints."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_caliente.cli.commands import main
from conftest import quick_part

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "examples" / "house-rules"

# Every subcommand that prints on standard output (``play`` prints too: it reads its moves from
# standard input, which is closed here, after printing the table).
PRINTING = {
    "demo": ["demo", "--seed", "1"],
    "simulate": ["simulate", "--games", "2", "--no-progress"],
    "compare": ["compare", str(HOUSE / "two-player-3000.toml"),
                str(HOUSE / "two-player-frozen-caliente.json"), "--games", "2",
                "--no-progress"],
    "tournament": ["tournament", "--bots", "heuristic,random", "--games", "2", "--no-progress"],
    "play": ["play", "--seed", "3"],
    "rules validate": ["rules", "validate", str(HOUSE / "two-player-3000.toml")],
    "rules show": ["rules", "show", "caliente"],
    "rules diff": ["rules", "diff", "caliente", "classic"],
    "rules presets": ["rules", "presets"],
    "--help": ["--help"],
    "--version": ["--version"],
}


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))


@pytest.mark.parametrize("args", quick_part(
    PRINTING.values(), [PRINTING["demo"], PRINTING["simulate"], PRINTING["rules show"]]),
    ids=list(PRINTING))
def test_a_closed_pipe_ends_every_command_normally(args: list[str]) -> None:
    """The reader of the output is gone before the first line (its end of the pipe closed
    before the command starts, so the first write surely fails): status 0, nothing on standard
    error."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "canasta_caliente.cli", *args],
                              stdout=write, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, env=_env(), timeout=120, check=False)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr.decode()) == (0, "")


def test_demo_piped_into_head() -> None:
    """The issue's own command, ``canasta-caliente demo --seed 1 | head -1``: the first line,
    status 0, nothing on standard error."""
    demo = subprocess.Popen([sys.executable, "-m", "canasta_caliente.cli", "demo", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    assert demo.stdout is not None
    head = subprocess.run(["head", "-1"], stdin=demo.stdout, capture_output=True, timeout=120,
                          check=False)
    demo.stdout.close()
    _, err = demo.communicate(timeout=120)
    assert head.stdout.decode().startswith("canasta-caliente ")
    assert (demo.returncode, err.decode()) == (0, "")


class _OneLine(io.StringIO):
    """Standard output whose reader goes away after the first line (as ``head -1`` does)."""

    def write(self, text: str) -> int:
        if "\n" in self.getvalue():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no file descriptor")


def test_a_pipe_closed_after_the_first_line(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The pipe closes in the middle of the output, after the first line: status 0, and
    nothing on standard error."""
    out = _OneLine()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["demo", "--seed", "1"]) == 0
    assert out.getvalue().startswith("canasta-caliente ") and out.getvalue().count("\n") == 1
    assert capsys.readouterr().err == ""
