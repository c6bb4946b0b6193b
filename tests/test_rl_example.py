"""The reinforcement-learning example trains and reports its win rates (a short run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parent.parent


def test_train_linear_runs_and_prints_win_rates() -> None:
    """examples/rl/train_linear.py trains for two seconds and prints the win rate against the
    random bot, with a confidence interval, before and after training."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "rl" / "train_linear.py"), "--seconds", "2",
         "--eval-hands", "10"],
        capture_output=True, text=True, timeout=120, check=False, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before training: win rate against random ")
    assert lines[-1].startswith("after training:  win rate against random ")
    assert all(" ± " in line for line in (lines[0], lines[-1]))
