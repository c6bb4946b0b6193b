"""Benchmark: environment steps per second, with the observation and the action mask.

Three loops over whole hands, each choosing uniformly among the legal actions:

- ``engine``: the engine alone (``legal_actions`` and ``apply``), the baseline;
- ``pettingzoo``: the AEC environment as a learner drives it: ``env.last()`` (the observation
  vector and the action mask of the agent to act), a legal id drawn from the mask, ``env.step``;
- ``gymnasium``: the single-agent environment with random bots in the other seats: one step is
  the learner's action and the bots' replies, with the learner's observation and mask. Its
  rate is given both as learner steps and as decisions (every seat's actions) per second.

Each figure is the median of several runs, on one core.

    python benchmarks/bench_env.py --rules caliente --hands 100 --runs 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

import numpy as np

import canasta_caliente as cc
from canasta_caliente.rl import CanastaGymEnv, env


def engine_rate(rules: cc.RuleSet, hands: int, seed: int) -> float:
    """Decisions per second of random play with the engine alone."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for h in range(hands):
        state = cc.new_game(rules, seed=seed * 100_003 + h)
        while not state.is_hand_over:
            legal = cc.legal_actions(state)
            state = cc.apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def pettingzoo_rate(rules: cc.RuleSet, hands: int, seed: int) -> float:
    """AEC steps per second, each with the acting agent's observation and mask."""
    e = env(rules=rules)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for h in range(hands):
        e.reset(seed=seed * 100_003 + h)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def gymnasium_rate(rules: cc.RuleSet, hands: int, seed: int) -> tuple[float, float]:
    """Learner steps per second, and decisions (every seat's actions) per second, of the
    Gymnasium environment with random bots."""
    bot_moves = 0

    def counting_random_bot(view: cc.View, legal: Sequence[cc.Action],
                            rng: random.Random) -> cc.Action:
        nonlocal bot_moves
        bot_moves += 1
        return legal[rng.randrange(len(legal))]

    e = CanastaGymEnv(rules=rules, bots=counting_random_bot)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for h in range(hands):
        _, info = e.reset(seed=seed * 100_003 + h)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, (steps + bot_moves) / elapsed


def main() -> None:
    """Parse the options, run the loops, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="a preset name")
    parser.add_argument("--hands", type=int, default=100, help="hands per run")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is printed)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    engine, pz, gym_steps, gym_decisions = [], [], [], []
    for run in range(args.runs):
        seed = args.seed + run
        engine.append(engine_rate(rules, args.hands, seed))
        pz.append(pettingzoo_rate(rules, args.hands, seed))
        learner, everyone = gymnasium_rate(rules, args.hands, seed)
        gym_steps.append(learner)
        gym_decisions.append(everyone)
    print(f"{args.rules}: {args.runs} runs of {args.hands} random hands (median)")
    print(f"  engine decisions/s             {statistics.median(engine):10.0f}")
    print(f"  pettingzoo steps/s (obs+mask)  {statistics.median(pz):10.0f}")
    print(f"  gymnasium learner steps/s      {statistics.median(gym_steps):10.0f}"
          "   (each with the bots' replies)")
    print(f"  gymnasium decisions/s          {statistics.median(gym_decisions):10.0f}"
          "   (the learner's and the bots')")


if __name__ == "__main__":
    main()
