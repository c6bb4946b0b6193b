"""The command line and the example scripts run and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from canasta_caliente.cli.commands import main
from conftest import quick_part

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


@pytest.mark.parametrize("script", quick_part(EXAMPLES, [ROOT / "examples" / "random_game.py",
                                                       ROOT / "examples" / "stacked_scenario.py"]),
                         ids=[p.name for p in EXAMPLES])
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


def test_simulate_prints_a_results_table(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    """`simulate` plays the games, prints win rates with confidence intervals, and writes the
    JSON results when asked."""
    out_file = tmp_path / "results.json"
    assert main(["simulate", "--games", "4", "--seed", "3", "--no-progress",
                 "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "random" in out and "95% CI" in out
    assert "hands per game" in out
    import json

    data = json.loads(out_file.read_text())
    assert len(data["games"]) == 4
    assert set(data["win_rates"]) == {"heuristic", "random"}


def test_simulate_rejects_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot name exits with status 2 and lists the bots."""
    assert main(["simulate", "--games", "1", "--bots", "heuristic,genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_play_reports_bad_input_and_goes_on(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`play`: malformed notation and illegal actions get a clear message and the game goes on;
    the end of input leaves cleanly."""
    answers = iter(["draw", "frobnicate", "discard R3", "help"])

    def fake_input(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "--seat", "0", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "not an action: 'frobnicate': unknown verb" in out
    assert "illegal: discard R3: bonus cards cannot be discarded (DISC-1)" in out
    assert "legal: " in out
    assert "end of input" in out
