"""Train sb3-contrib's MaskablePPO on the Gymnasium environment, save it, and evaluate it.

The learner plays seat 0 of the two-player game (``caliente-2p``) against the built-in random
bot, one hand per episode, through the registered id ``canasta_caliente/Caliente-2p-v0``, with
the options made for learners: ``reward_scale=1000`` (rewards in thousands of points) and
``normalize=True`` (every input of about unit size). MaskablePPO reads the mask from the bare
environment (``CanastaGymEnv.action_masks()``): no wrapper is needed.

It trains for ``--seconds``, printing progress, saves the model (``--out``, a ``.zip``) and the
learning curve (a ``.png`` beside it, when matplotlib is installed), loads the model back and
plays ``--eval-hands`` hands against ``random`` and against ``heuristic``, printing the share
won with a 95% Wilson interval, before and after training, and the training steps per second
(of the wall clock and of this process's CPU time). Training stops at the first step after
``--seconds``: an update under way (one every ``--envs`` × ``--n-steps`` steps) finishes first.

Needs the ``rl-train`` extra (sb3-contrib and torch). On a machine without a GPU, install a
CPU-only torch first (a plain ``pip install torch`` on Linux brings the CUDA build, about 5 GB)::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install "canasta-caliente[rl-train]"
    python examples/rl/maskable_ppo.py --seconds 600 --out maskable_ppo.zip
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

try:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env
except ImportError as exc:  # say what to install, not a traceback
    sys.exit(f"this example needs the rl-train extra ({exc.name} is missing): "
             'pip install "canasta-caliente[rl-train]" (see the module docstring for torch)')

from canasta_caliente.rl import ENV_IDS, CanastaGymEnv
from canasta_caliente.studies.stats import wilson_interval

RULES = "caliente-2p"
OPTIONS: dict[str, Any] = {"reward_scale": 1000, "normalize": True}
"""The environment's options for learning, in training and evaluation alike."""

PROGRESS_SECONDS = 5.0
"""How often training prints its progress."""


class Budget(BaseCallback):  # type: ignore[misc, unused-ignore]  # Any without the extra
    """Stops training after ``seconds``; prints progress and records the learning curve (the
    share of the last 100 training hands won, at each progress line and rollout's end)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = self.next_report = 0.0
        self.curve: list[tuple[int, float]] = []

    def _on_training_start(self) -> None:
        self.start = time.monotonic()
        self.next_report = self.start + PROGRESS_SECONDS

    def won_lately(self) -> tuple[float, int] | None:
        """The share of the last (up to 100) training hands won, and how many they are (None
        before the first)."""
        hands = [info["r"] for info in self.model.ep_info_buffer or ()]
        return (sum(r > 0 for r in hands) / len(hands), len(hands)) if hands else None

    def _record(self) -> None:
        lately = self.won_lately()
        if lately is not None:
            self.curve.append((self.num_timesteps, lately[0]))

    def _on_rollout_end(self) -> None:
        self._record()

    def _on_training_end(self) -> None:
        self._record()

    def _on_step(self) -> bool:
        now = time.monotonic()
        if now >= self.next_report:
            lately = self.won_lately()
            text = "no hand finished yet" if lately is None else (
                f"won {lately[0]:.3f} of the last {lately[1]} training hands")
            print(f"  {now - self.start:5.0f} s: {self.num_timesteps} steps, {text}", flush=True)
            self._record()
            self.next_report = now + PROGRESS_SECONDS
        return now - self.start < self.seconds


def evaluate(model: MaskablePPO, bots: str, hands: int, first_seed: int) -> str:
    """Play ``hands`` hands (seeds from ``first_seed``) greedily against ``bots``; return the
    share won (ties are not wins) with its 95% Wilson interval, as text."""
    env = CanastaGymEnv(RULES, bots=bots, **OPTIONS)
    won = 0
    for hand in range(hands):
        obs, _ = env.reset(seed=first_seed + hand)
        done = False
        reward: Any = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        won += float(reward) > 0
    low, high = wilson_interval(won, hands)
    return f"{won / hands:.3f} [{low:.3f}, {high:.3f}] of {hands} hands against {bots}"


def plot(curve: list[tuple[int, float]], path: Path) -> str:
    """Save the learning curve as a PNG; say where, or why not."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "no curve plotted (matplotlib is in the analysis extra)"
    if not curve:
        return "no curve plotted (no hand finished in training)"
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot([s for s, _ in curve], [w for _, w in curve])
    axes.set_xlabel("training steps")
    axes.set_ylabel("share of the last 100 hands won")
    axes.set_title(f"MaskablePPO on {RULES} against random")
    axes.set_ylim(0, 1)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return f"learning curve saved to {path}"


def main() -> None:
    """Evaluate, train, save, load, evaluate again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0, help="training time")
    parser.add_argument("--eval-hands", type=int, default=400, help="hands per evaluation")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together")
    parser.add_argument("--n-steps", type=int, default=512,
                        help="steps per environment in each rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("maskable_ppo.zip"),
                        help="where to save the model (.zip); the curve goes beside it")
    args = parser.parse_args()
    if args.seconds < 0 or args.eval_hands < 1 or args.envs < 1 or args.n_steps < 2:
        parser.error("--seconds must be >= 0, --eval-hands and --envs >= 1, --n-steps >= 2")

    torch.set_num_threads(args.threads)
    # make_vec_env asks for render_mode="rgb_array" unless told: this environment renders text.
    vec = make_vec_env(ENV_IDS[RULES], n_envs=args.envs, seed=args.seed,
                       env_kwargs={"bots": "random", "render_mode": None, **OPTIONS})
    model = MaskablePPO("MlpPolicy", vec, n_steps=args.n_steps, batch_size=256,
                        seed=args.seed, verbose=0, device="cpu")
    evaluation_seeds = 10**6  # evaluation hands never seen in training
    print(f"before training: won {evaluate(model, 'random', args.eval_hands, evaluation_seeds)}",
          flush=True)

    budget = Budget(args.seconds)
    start, cpu_start = time.monotonic(), time.process_time()
    model.learn(total_timesteps=10**12, callback=budget)
    elapsed, cpu = time.monotonic() - start, time.process_time() - cpu_start
    # Per CPU second too: on a shared machine the wall-clock rate says more about the load.
    print(f"trained for {elapsed:.0f} s: {model.num_timesteps} steps, "
          f"{model.num_timesteps / max(elapsed, 1e-9):.0f} steps per second, "
          f"{model.num_timesteps / max(cpu, 1e-9):.0f} per CPU second", flush=True)
    model.save(args.out)
    print(f"model saved to {args.out}; {plot(budget.curve, args.out.with_suffix('.png'))}")
    vec.close()

    trained = MaskablePPO.load(args.out, device="cpu")
    for bots in ("random", "heuristic"):
        print(f"after training: won {evaluate(trained, bots, args.eval_hands, evaluation_seeds)}",
              flush=True)


if __name__ == "__main__":
    main()
