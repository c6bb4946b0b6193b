"""Train a masked policy with TorchRL on the Gymnasium environment (REINFORCE), and evaluate it.

TorchRL's ``GymEnv`` makes the registered id ``canasta_caliente/Caliente-2p-v0`` (the learner
at seat 0 of the two-player game against the random bot, one hand per episode, with
``reward_scale=1000`` and ``normalize=True``); an info reader brings ``info["action_mask"]``
into the tensordict, and the policy samples from a ``MaskedCategorical`` over the legal ids
only. Training is REINFORCE with a running-mean baseline, for ``--seconds``, printing progress;
then the greedy policy plays ``--eval-hands`` hands against ``random`` and ``heuristic`` and the
share won is printed with a 95% Wilson interval.

Needs the ``rl-train`` extra (torch, torchrl). On a machine without a GPU, install a CPU-only
torch first (a plain ``pip install torch`` on Linux brings the CUDA build, about 5 GB)::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install "canasta-caliente[rl-train]"
    python examples/rl/torchrl_reinforce.py --seconds 300
"""

from __future__ import annotations

import sys
import time
from typing import Any

try:
    import torch
    from tensordict.nn import (
        ProbabilisticTensorDictModule,
        ProbabilisticTensorDictSequential,
        TensorDictModule,
    )
    from torch import nn
    from torchrl.data import Binary
    from torchrl.envs import ExplorationType, GymEnv, set_exploration_type
    from torchrl.envs.libs.gym import default_info_dict_reader
    from torchrl.modules import MaskedCategorical
except ImportError as exc:  # say what to install, not a traceback
    sys.exit(f"this example needs the rl-train extra ({exc.name} is missing): "
             'pip install "canasta-caliente[rl-train]" (see the module docstring for torch)')

from _training import EVALUATION_SEED, hands_won, steps_per_second, training_arguments

from canasta_caliente.rl import ENV_IDS, observation_size
from canasta_caliente.rules.ruleset import RuleSet
from canasta_caliente.views.action_space import ActionSpace

RULES = "caliente-2p"
PROGRESS_SECONDS = 5.0
"""How often training prints its progress."""


def make_env(bots: str, seed: int) -> Any:
    """TorchRL's GymEnv of the registered id, with the mask read from ``info``."""
    env = GymEnv(ENV_IDS[RULES], categorical_action_encoding=True, bots=bots,
                 reward_scale=1000, normalize=True)
    size = ActionSpace(RuleSet.preset(RULES)).size
    env.set_info_dict_reader(default_info_dict_reader(
        ["action_mask"], spec={"action_mask": Binary(n=size, shape=(size,), dtype=torch.int8)}))
    env.set_seed(seed)
    return env


def make_policy() -> Any:
    """A small network's logits, sampled by MaskedCategorical over the legal ids."""
    rules = RuleSet.preset(RULES)
    net = nn.Sequential(nn.Linear(observation_size(rules), 128), nn.Tanh(),
                        nn.Linear(128, ActionSpace(rules).size))
    return ProbabilisticTensorDictSequential(
        TensorDictModule(net, in_keys=["observation"], out_keys=["logits"]),
        # info["action_mask"] is int8 (what Gymnasium's Discrete.sample takes); masks are bool.
        TensorDictModule(torch.Tensor.bool, in_keys=["action_mask"], out_keys=["legal"]),
        ProbabilisticTensorDictModule(
            in_keys={"logits": "logits", "mask": "legal"}, out_keys=["action"],
            distribution_class=MaskedCategorical, return_log_prob=False))


def play_hand(env: Any, policy: Any) -> Any:
    """One hand (one episode) as a tensordict of its steps."""
    return env.rollout(10_000, policy, break_when_any_done=True)


def train(env: Any, policy: Any, seconds: float) -> tuple[int, int]:
    """REINFORCE for ``seconds``; return the hands and the steps played."""
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    baseline = 0.0
    hands = steps = 0
    won: list[bool] = []
    start = time.monotonic()
    next_report = start + PROGRESS_SECONDS
    while (now := time.monotonic()) - start < seconds:
        if now >= next_report:
            recent = won[-100:]
            print(f"  {now - start:5.0f} s: {hands} hands, {steps} steps, won "
                  f"{sum(recent) / len(recent):.3f} of the last {len(recent)}", flush=True)
            next_report = now + PROGRESS_SECONDS
        with set_exploration_type(ExplorationType.RANDOM):
            episode = play_hand(env, policy)
        reward = float(episode["next", "reward"].sum())
        log_prob = policy.get_dist(episode).log_prob(episode["action"]).sum()
        loss = -(reward - baseline) * log_prob
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        baseline += 0.05 * (reward - baseline)
        hands += 1
        steps += episode.batch_size[0]
        won.append(reward > 0)
    return hands, steps


def evaluate(policy: Any, bots: str, hands: int, seed: int) -> str:
    """The greedy policy's share of ``hands`` hands won against ``bots`` (ties are not wins),
    with its 95% Wilson interval, as text."""
    env = make_env(bots, seed)
    won = 0
    with torch.no_grad(), set_exploration_type(ExplorationType.DETERMINISTIC):
        for _ in range(hands):
            won += float(play_hand(env, policy)["next", "reward"].sum()) > 0
    env.close()
    return hands_won(won, hands, bots)


def main() -> None:
    """Evaluate, train, evaluate again."""
    args = training_arguments(__doc__.splitlines()[0])
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    policy = make_policy()
    print(f"before training: won {evaluate(policy, 'random', args.eval_hands, EVALUATION_SEED)}",
          flush=True)
    env = make_env("random", args.seed)
    start = time.monotonic()
    hands, steps = train(env, policy, args.seconds)
    elapsed = time.monotonic() - start
    env.close()
    print(f"{steps_per_second(elapsed, steps)} ({hands} hands)", flush=True)
    for bots in ("random", "heuristic"):
        print(f"after training: won {evaluate(policy, bots, args.eval_hands, EVALUATION_SEED)}",
              flush=True)


if __name__ == "__main__":
    main()
