"""Train a linear softmax policy against the random bot, end to end, with numpy only.

The learner plays seat 0 of the two-player game (``caliente-2p``) in the Gymnasium environment
of ``canasta_caliente.rl``; the other seat is the built-in random bot. Each episode is one hand,
rewarded with the hand score difference. The policy scores every legal action id with a linear
function of the observation (one weight vector per action id), softmax over the legal ids
only (the mask), and learns by REINFORCE with a running-mean baseline.

It prints the win rate against the random bot (hands won, with a 95% confidence interval)
before and after training, and its progress every few seconds while it trains (hands played,
share won lately). A few minutes of training already move it well above one half.

Needs the ``rl`` extra: ``pip install "canasta-caliente[rl]"``.

    python examples/rl/train_linear.py --seconds 180
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import numpy.typing as npt

from canasta_caliente.rl import CanastaGymEnv, observation_scale

Array = npt.NDArray[np.float64]

PROGRESS_SECONDS = 5.0
"""How often training prints its progress."""


class LinearPolicy:
    """Softmax over the legal action ids of ``W[id] · features + b[id]``."""

    def __init__(self, env: CanastaGymEnv, rng: np.random.Generator) -> None:
        # Scale each entry to about [0, 1] (game scores in units of the target score): what
        # the environments' normalize=True divides by.
        self.scale: Array = observation_scale(env.rules).astype(np.float64)
        size = env.space.size
        self.weights: Array = np.zeros((size, self.scale.size))
        self.bias: Array = np.zeros(size)
        self.rng = rng

    def features(self, obs: npt.NDArray[np.float32]) -> Array:
        """The observation, scaled."""
        scaled: Array = obs.astype(np.float64) / self.scale
        return scaled

    def probabilities(self, x: Array, legal: npt.NDArray[np.intp]) -> Array:
        """The policy's probabilities over the legal ids."""
        logits = self.weights[legal] @ x + self.bias[legal]
        logits -= logits.max()
        p: Array = np.exp(logits)
        p /= p.sum()
        return p

    def act(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8],
            greedy: bool = False) -> tuple[int, Array, npt.NDArray[np.intp], Array]:
        """Choose an id; return it with what the update needs."""
        legal = np.flatnonzero(mask)
        x = self.features(obs)
        p = self.probabilities(x, legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), x, legal, p


def play_hand(env: CanastaGymEnv, policy: LinearPolicy, seed: int, greedy: bool = False,
              ) -> tuple[float, list[tuple[Array, npt.NDArray[np.intp], Array, int]]]:
    """One hand; return the reward and the learner's (features, legal ids, probabilities,
    chosen index) at each decision."""
    obs, info = env.reset(seed=seed)
    trace: list[tuple[Array, npt.NDArray[np.intp], Array, int]] = []
    reward = 0.0
    done = False
    while not done:
        action, x, legal, p = policy.act(obs, info["action_mask"], greedy)
        trace.append((x, legal, p, int(np.flatnonzero(legal == action)[0])))
        obs, r, done, _, info = env.step(action)
        reward += float(r)
    return reward, trace


def win_rate(env: CanastaGymEnv, policy: LinearPolicy, hands: int, first_seed: int
             ) -> tuple[float, float]:
    """The share of hands won (a tie counts one half) and the half-width of its 95%
    confidence interval (normal approximation)."""
    score = 0.0
    for h in range(hands):
        reward, _ = play_hand(env, policy, first_seed + h)
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    p = score / hands
    return p, 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / hands)


def train(env: CanastaGymEnv, policy: LinearPolicy, seconds: float, learning_rate: float,
          first_seed: int) -> int:
    """REINFORCE for ``seconds``, printing progress every ``PROGRESS_SECONDS``; return the
    hands played."""
    baseline = 0.0
    hands = 0
    won: list[bool] = []
    start = time.monotonic()
    end = start + seconds
    next_report = start + PROGRESS_SECONDS
    while (now := time.monotonic()) < end:
        if now >= next_report:
            recent = won[-200:]
            print(f"  {now - start:5.0f} s: {hands} hands, won {sum(recent) / len(recent):.3f} "
                  f"of the last {len(recent)} (training, sampled actions)", flush=True)
            next_report = now + PROGRESS_SECONDS
        reward, trace = play_hand(env, policy, first_seed + hands)
        hands += 1
        won.append(reward > 0)
        ret = reward / 1000.0  # hand scores are in the hundreds or thousands
        advantage = ret - baseline
        baseline += 0.02 * (ret - baseline)
        step = learning_rate * advantage / max(len(trace), 1)
        for x, legal, p, k in trace:
            grad = -p
            grad[k] += 1.0  # d log softmax / d logits
            policy.weights[legal] += step * np.outer(grad, x)
            policy.bias[legal] += step * grad
    return hands


def main() -> None:
    """Evaluate, train, evaluate again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="training time")
    parser.add_argument("--eval-hands", type=int, default=400, help="hands per evaluation")
    parser.add_argument("--learning-rate", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = CanastaGymEnv(rules="caliente-2p", bots="random", reward="hand")
    policy = LinearPolicy(env, np.random.default_rng(args.seed))
    evaluation_seeds = 10**6  # evaluation hands never seen in training

    p, ci = win_rate(env, policy, args.eval_hands, evaluation_seeds)
    print(f"before training: win rate against random {p:.3f} ± {ci:.3f} "
          f"({args.eval_hands} hands)", flush=True)
    hands = train(env, policy, args.seconds, args.learning_rate, args.seed * 10**7)
    print(f"trained for {args.seconds:g} s: {hands} hands")
    p, ci = win_rate(env, policy, args.eval_hands, evaluation_seeds)
    print(f"after training:  win rate against random {p:.3f} ± {ci:.3f} "
          f"({args.eval_hands} hands)")


if __name__ == "__main__":
    main()
