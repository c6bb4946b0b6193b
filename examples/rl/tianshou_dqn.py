"""Train a masked DQN with Tianshou on the Gymnasium environment, and evaluate it.

Tianshou reads an action mask from the observation: a dict observation with ``"obs"`` and
``"mask"`` (bool, one entry per action id), which its DQN policy uses to take the best legal
action and to explore among the legal ones only. :class:`TianshouMask` gives it that from
``info["legal_ids"]``: a NumPy bool array set at the few legal ids of a decision (a median of 7
of the 4,503), never a Python list made of the whole mask at every step.

The learner is seat 0 of the two-player game (``canasta_caliente/Caliente-2p-v0``, one hand per
episode, ``reward_scale=1000`` and ``normalize=True``) against the random bot. Training runs for
``--seconds``, then the greedy policy plays ``--eval-hands`` hands against ``random`` and
``heuristic`` and the share won is printed with a 95% Wilson interval.

Needs torch and Tianshou (``pip install tianshou``; it is not in the ``rl-train`` extra: its 2.0
release needs a pandas older than 3). On a machine without a GPU install a CPU-only torch first
(a plain ``pip install torch`` on Linux brings the CUDA build, about 5 GB)::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install tianshou "canasta-caliente[rl]"
    python examples/rl/tianshou_dqn.py --seconds 300
"""

from __future__ import annotations

import sys
import time
from typing import Any

try:
    import gymnasium as gym
    import numpy as np
    import torch
    from gymnasium import spaces
    from tianshou.algorithm import DQN
    from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.utils.net.common import Net
    from tianshou.utils.torch_utils import policy_within_training_step, torch_train_mode
except ImportError as exc:  # say what to install, not a traceback
    sys.exit(f"this example needs torch and tianshou ({exc.name} is missing): "
             'pip install tianshou "canasta-caliente[rl]" (see the module docstring for torch)')

from _training import EVALUATION_SEED, hands_won, steps_per_second, training_arguments

from canasta_caliente.rl import ENV_IDS

RULES = "caliente-2p"
COLLECT_STEPS = 64
"""Environment steps collected between two rounds of gradient steps."""
GRADIENT_STEPS = 4
"""Gradient steps (each on a sample of 64 steps from the buffer) after each collection."""
PROGRESS_SECONDS = 5.0
"""How often training prints its progress."""


class TianshouMask(gym.Wrapper[dict[str, Any], Any, Any, Any]):
    """The observation as Tianshou's masked policies read it: ``{"obs": the vector, "mask": a
    bool array of the legal ids}``, the mask set from ``info["legal_ids"]``."""

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        super().__init__(env)
        actions = env.action_space
        if not isinstance(actions, spaces.Discrete):
            raise TypeError(f"expected an env of action ids (Discrete), not {actions}")
        self.size = int(actions.n)
        """How many action ids there are."""
        self.vector_space = env.observation_space
        """The space of the observation vector (``"obs"``)."""
        self.observation_space = spaces.Dict(
            {"obs": self.vector_space, "mask": spaces.MultiBinary(self.size)})

    def _with_mask(self, obs: Any, info: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The observation with its mask, and the info without the masks: Tianshou keeps every
        info in its buffer as arrays of one shape, which the legal ids (a few, of varying
        number) are not, and the mask is in the observation now."""
        mask = np.zeros(self.size, dtype=bool)
        mask[list(info["legal_ids"])] = True
        rest = {k: v for k, v in info.items() if k not in ("legal_ids", "action_mask")}
        return {"obs": obs, "mask": mask}, rest

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Reset, the mask in the observation."""
        return self._with_mask(*self.env.reset(**kwargs))

    def step(self, action: Any) -> tuple[dict[str, Any], Any, bool, bool, dict[str, Any]]:
        """Step, the mask in the observation."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        masked, rest = self._with_mask(obs, info)
        return masked, reward, terminated, truncated, rest


def make_env(bots: str) -> TianshouMask:
    """The registered environment against ``bots``, with the mask in the observation."""
    return TianshouMask(gym.make(ENV_IDS[RULES], bots=bots, reward_scale=1000, normalize=True))


def make_algorithm(env: TianshouMask) -> Any:
    """A DQN of a small network over the observation vector, exploring among legal ids."""
    net = Net(state_shape=env.vector_space.shape, action_shape=env.size,
              hidden_sizes=[128])
    policy = DiscreteQLearningPolicy(model=net, action_space=env.action_space,
                                     eps_training=0.2, eps_inference=0.0)
    return DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.99,
               target_update_freq=100)


def train(algorithm: Any, seed: int, seconds: float) -> int:
    """Collect and learn for ``seconds``; return the environment steps taken."""
    envs = DummyVectorEnv([lambda: make_env("random")])
    envs.seed(seed)
    collector = Collector(algorithm, envs, VectorReplayBuffer(20_000, 1), exploration_noise=True)
    collector.reset()
    steps = 0
    start = time.monotonic()
    next_report = start + PROGRESS_SECONDS
    with policy_within_training_step(algorithm.policy):
        while (now := time.monotonic()) - start < seconds:
            if now >= next_report:
                print(f"  {now - start:5.0f} s: {steps} steps", flush=True)
                next_report = now + PROGRESS_SECONDS
            with torch_train_mode(algorithm.policy, enabled=False):
                steps += collector.collect(n_step=COLLECT_STEPS).n_collected_steps
            with torch_train_mode(algorithm.policy):
                for _ in range(GRADIENT_STEPS):
                    algorithm.update(buffer=collector.buffer, sample_size=64)
    envs.close()
    return steps


def evaluate(algorithm: Any, bots: str, hands: int, seed: int) -> str:
    """The greedy policy's share of ``hands`` hands won against ``bots`` (ties are not wins),
    with its 95% Wilson interval, as text."""
    envs = DummyVectorEnv([lambda: make_env(bots)])
    envs.seed(seed)
    collector = Collector(algorithm.policy, envs)
    collector.reset()
    with torch.no_grad(), torch_train_mode(algorithm.policy, enabled=False):
        returns = collector.collect(n_episode=hands).returns
    envs.close()
    return hands_won(int((np.asarray(returns) > 0).sum()), hands, bots)


def main() -> None:
    """Evaluate, train, evaluate again."""
    args = training_arguments(__doc__.splitlines()[0])
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)  # Tianshou's exploration draws from NumPy's global generator
    algorithm = make_algorithm(make_env("random"))
    print(f"before training: won "
          f"{evaluate(algorithm, 'random', args.eval_hands, EVALUATION_SEED)}", flush=True)
    start = time.monotonic()
    steps = train(algorithm, args.seed, args.seconds)
    elapsed = time.monotonic() - start
    print(steps_per_second(elapsed, steps), flush=True)
    for bots in ("random", "heuristic"):
        print(f"after training: won {evaluate(algorithm, bots, args.eval_hands, EVALUATION_SEED)}",
              flush=True)


if __name__ == "__main__":
    main()
