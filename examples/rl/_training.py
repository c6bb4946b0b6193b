"""What the training examples of this folder share: their command line and how they report the
hands won (``torchrl_reinforce.py``, ``tianshou_dqn.py``)."""

from __future__ import annotations

import argparse

from canasta_caliente.studies.stats import wilson_interval

EVALUATION_SEED = 10**6
"""The seed of the evaluation hands, never met in training."""


def training_arguments(description: str) -> argparse.Namespace:
    """The command line: ``--seconds`` of training, ``--eval-hands`` per evaluation,
    ``--threads`` for torch and ``--seed``, checked."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=300.0, help="training time")
    parser.add_argument("--eval-hands", type=int, default=200, help="hands per evaluation")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.seconds < 0 or args.eval_hands < 1:
        parser.error("--seconds must be >= 0 and --eval-hands >= 1")
    return args


def hands_won(won: int, hands: int, bots: str) -> str:
    """The share of ``hands`` won against ``bots``, with its 95% Wilson interval, as text."""
    low, high = wilson_interval(won, hands)
    return f"{won / hands:.3f} [{low:.3f}, {high:.3f}] of {hands} hands against {bots}"


def steps_per_second(elapsed: float, steps: int) -> str:
    """How long training took and its speed, as text."""
    return (f"trained for {elapsed:.0f} s: {steps} steps, "
            f"{steps / max(elapsed, 1e-9):.0f} steps per second")
