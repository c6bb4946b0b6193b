"""Benchmark: random legal play.

Plays random legal hands (each from a fresh seeded game) and prints hands per second, decisions
per second, the mean number of legal actions per decision, and microseconds per
``legal_actions`` and per ``apply`` call, each the median of several runs.

    python benchmarks/bench_random.py --rules caliente --hands 200 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canasta_caliente as cc


def run_once(rules: cc.RuleSet, hands: int, seed: int) -> dict[str, float]:
    """Play ``hands`` random hands; return the measured rates."""
    rng = random.Random(seed)
    t_legal = t_apply = 0.0
    decisions = listed = 0
    start = time.perf_counter()
    for h in range(hands):
        state = cc.new_game(rules, seed=seed * 100_003 + h)
        while not state.is_hand_over:
            t0 = time.perf_counter()
            legal = cc.legal_actions(state)
            t1 = time.perf_counter()
            state = cc.apply(state, rng.choice(legal))
            t2 = time.perf_counter()
            t_legal += t1 - t0
            t_apply += t2 - t1
            decisions += 1
            listed += len(legal)
    elapsed = time.perf_counter() - start
    return {
        "hands/s": hands / elapsed,
        "decisions/s": decisions / elapsed,
        "actions/decision": listed / decisions,
        "decisions/hand": decisions / hands,
        "us legal_actions": 1e6 * t_legal / decisions,
        "us apply": 1e6 * t_apply / decisions,
        "us both": 1e6 * (t_legal + t_apply) / decisions,
    }


def main() -> None:
    """Parse arguments, run, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="preset name")
    parser.add_argument("--hands", type=int, default=200, help="hands per run")
    parser.add_argument("--runs", type=int, default=5, help="runs (the median is printed)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    runs = [run_once(rules, args.hands, args.seed + i) for i in range(args.runs)]
    print(f"{args.rules}: {args.runs} runs of {args.hands} random hands (median)")
    for key in runs[0]:
        print(f"  {key:<18} {statistics.median(r[key] for r in runs):>12.1f}")


if __name__ == "__main__":
    main()
