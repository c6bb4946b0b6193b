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


@pytest.mark.slow  # trains for two seconds of wall time, however fast the machine
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


def _run_example(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, str(ROOT / "examples" / "rl" / name), *args],
                          capture_output=True, text=True, timeout=300, check=False, env=env)


@pytest.mark.slow  # importing torch alone takes seconds
def test_maskable_ppo_example_trains_saves_and_evaluates(tmp_path: Path) -> None:
    """examples/rl/maskable_ppo.py trains for a few seconds on the bare environment, saves the
    model and its curve, loads it and reports hands won against random and heuristic with
    Wilson intervals (where the rl-train extra is installed)."""
    pytest.importorskip("sb3_contrib", reason="the rl-train extra (sb3-contrib, torch) is "
                        "not installed: pip install canasta-caliente[rl-train]")
    out = tmp_path / "model.zip"
    done = _run_example("maskable_ppo.py", "--seconds", "3", "--eval-hands", "3", "--envs",
                        "1", "--n-steps", "64", "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before training: won ")
    assert any(" steps per second" in line for line in lines)
    assert lines[-2].startswith("after training: won ") and lines[-2].endswith("against random")
    assert lines[-1].endswith("of 3 hands against heuristic")
    assert out.exists()
    assert all("[" in line and "]" in line for line in (lines[0], lines[-2], lines[-1]))


@pytest.mark.slow  # importing torch alone takes seconds
def test_torchrl_example_trains_and_evaluates() -> None:
    """examples/rl/torchrl_reinforce.py trains a masked policy through TorchRL's GymEnv for a
    few seconds and reports hands won with Wilson intervals (where the rl-train extra is
    installed)."""
    pytest.importorskip("torchrl", reason="the rl-train extra (torch, torchrl) is not "
                        "installed: pip install canasta-caliente[rl-train]")
    done = _run_example("torchrl_reinforce.py", "--seconds", "2", "--eval-hands", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before training: won ")
    assert " steps per second" in lines[-3]
    assert lines[-2].endswith("of 2 hands against random")
    assert lines[-1].endswith("of 2 hands against heuristic")
