"""Benchmark: random legal play.

Plays random legal hands (each from a fresh seeded game) and prints hands per second, decisions
per second, the mean number of legal actions per decision, and microseconds per
``legal_actions`` and per ``apply`` call, each the median of several runs.

Each run plays its hands twice: once as a plain loop, which gives hands and decisions per
second, and once more (the same hands, the same choices) with a timer around every call, which
gives the microseconds per call. The timers cost about a third of a microsecond per decision,
which the plain loop leaves out of the rates.

    python benchmarks/bench_random.py --rules caliente --hands 200 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canasta_caliente as cc


def play(rules: cc.RuleSet, hands: int, seed: int) -> int:
    """Play ``hands`` random hands, untimed; return the number of decisions."""
    rng = random.Random(seed)
    legal_actions, apply, choice = cc.legal_actions, cc.apply, rng.choice
    decisions = 0
    for h in range(hands):
        state = cc.new_game(rules, seed=seed * 100_003 + h)
        while not state.is_hand_over:
            state = apply(state, choice(legal_actions(state)))
            decisions += 1
    return decisions


def run_once(rules: cc.RuleSet, hands: int, seed: int) -> dict[str, float]:
    """Play ``hands`` random hands, untimed and then timed; return the measured rates."""
    start = time.perf_counter()
    played = play(rules, hands, seed)
    elapsed = time.perf_counter() - start
    rng = random.Random(seed)
    t_legal = t_apply = 0.0
    decisions = listed = 0
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
    if played != decisions:  # pragma: no cover - the same hands, the same choices
        raise RuntimeError("the timed pass played different hands")
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
