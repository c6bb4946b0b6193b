"""The reinforcement-learning example trains and reports its win rates (a short run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import canasta_caliente as cc

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
@pytest.mark.parametrize(("example", "library", "install"), [
    ("torchrl_reinforce.py", "torchrl", "the rl-train extra (torch, torchrl): "
     "pip install canasta-caliente[rl-train]"),
    ("tianshou_dqn.py", "tianshou", "tianshou, in no extra (its 2.0 release needs pandas < 3): "
     "pip install tianshou"),
])
def test_a_masked_training_example_trains_and_evaluates(
        example: str, library: str, install: str) -> None:
    """examples/rl/torchrl_reinforce.py (a masked policy through TorchRL's GymEnv) and
    examples/rl/tianshou_dqn.py (Tianshou's DQN, the mask in the observation) train for a few
    seconds and report hands won with Wilson intervals, where their library is installed."""
    pytest.importorskip(library, reason=f"{library} is not installed; it comes with {install}")
    done = _run_example(example, "--seconds", "2", "--eval-hands", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before training: won ")
    assert " steps per second" in lines[-3]
    assert lines[-2].endswith("of 2 hands against random")
    assert lines[-1].endswith("of 2 hands against heuristic")
    assert all("[" in line and "]" in line for line in (lines[0], lines[-2], lines[-1]))


def test_tianshou_mask_wrapper_gives_the_legal_ids_as_a_bool_mask() -> None:
    """The example's wrapper puts a bool mask set at exactly ``info["legal_ids"]`` into the
    observation, and leaves the masks out of ``info`` (Tianshou stacks infos into arrays)."""
    pytest.importorskip("tianshou", reason="tianshou is not installed: pip install tianshou")
    sys.path.insert(0, str(ROOT / "examples" / "rl"))
    try:
        import tianshou_dqn
    finally:
        sys.path.remove(str(ROOT / "examples" / "rl"))
    env = tianshou_dqn.make_env("random")
    obs, info = env.reset(seed=3)
    legal = cc.ActionSpace(cc.RuleSet.preset("caliente-2p")).legal_ids(
        env.unwrapped.game_state)
    assert obs["mask"].dtype == bool and tuple(obs["mask"].nonzero()[0]) == legal
    assert "legal_ids" not in info and "action_mask" not in info
    assert obs in env.observation_space
    obs, *_, info = env.step(legal[0])
    assert obs["mask"].any() and "legal_ids" not in info
