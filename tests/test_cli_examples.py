"""The command line and the example scripts run and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from canasta_caliente.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def test_demo_prints_breakdowns_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """`canasta-caliente demo --seed 1` plays a whole game: a breakdown per hand, then the
    winner."""
    assert main(["demo", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "going_out" in out and "bonus_cards" in out and "caliente" in out
    assert "hand 1:" in out
    assert " wins after " in out


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed prints the same game."""
    main(["demo", "--seed", "4"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "4"])
    assert capsys.readouterr().out == first


def test_demo_unknown_preset_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown preset exits with status 2 and names the problem."""
    assert main(["demo", "--rules", "calente"]) == 2
    assert "unknown preset 'calente'" in capsys.readouterr().err


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script: Path) -> None:
    """Each example script runs to completion and prints something."""
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_console_script_installed() -> None:
    """The installed `canasta-caliente` entry point answers --version."""
    done = subprocess.run([sys.executable, "-m", "canasta_caliente.cli", "--version"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.strip()
