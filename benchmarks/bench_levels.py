"""Benchmark: the bot levels' cost per move, and how closely ``seconds=`` is kept.

Collects decision points (more than one legal action) from seeded heuristic hands (those of
``bench_search.py``), then times
each level on them (median and mean milliseconds per move, wall clock and CPU time: on a
loaded machine the CPU time is what an idle core would take; and the slowest move's CPU
time). Then it times the search level
at ``get_bot("level-5", seconds=S)`` for each ``--seconds`` and prints the wall time of each
move as a share of ``S`` (the smallest, the mean and the largest): the docs promise within
20%.

    python benchmarks/bench_levels.py --positions 20 --seconds 0.1 0.5 1.0
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_search import positions  # the same decision points as the search's benchmark

import canasta_caliente as cc


def timed(bot: cc.players.bots.Bot, states: list[cc.GameState]) -> tuple[list[float], list[float]]:
    """The wall seconds and the CPU seconds of each move of ``bot`` on ``states``."""
    walls, cpus = [], []
    for i, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        view, legal = cc.observe(state, seat), cc.legal_actions(state)
        cpu, start = time.process_time(), time.perf_counter()
        bot(view, legal, random.Random(i))
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def main() -> None:
    """Time the levels, then the seconds budgets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, nargs="*", default=[0.1, 0.5, 1.0])
    args = parser.parse_args()
    states = positions(cc.RuleSet.preset(args.rules), args.positions, args.seed)
    print(f"{args.rules}: {len(states)} decision points with more than one legal action")
    # The CPU time's mean, what the guide's table gives, and its largest: a table that waits
    # on a bot waits for its slowest moves too.
    print(f"{'level':<9} {'median ms':>10} {'mean ms':>9} {'cpu ms':>8} {'max cpu ms':>11}")
    for level in range(1, 6):
        walls, cpus = timed(cc.get_bot(f"level-{level}"), states)
        print(f"level-{level:<3} {1000 * statistics.median(walls):>10.2f}"
              f" {1000 * statistics.fmean(walls):>9.2f} {1000 * statistics.fmean(cpus):>8.2f}"
              f" {1000 * max(cpus):>11.2f}")
    print(f"\n{'seconds':>8} {'moves':>6} {'min':>6} {'mean':>6} {'max':>6}  (wall / seconds)")
    for seconds in args.seconds:
        walls, _ = timed(cc.get_bot("level-5", seconds=seconds), states)
        shares = [w / seconds for w in walls]
        print(f"{seconds:>8.2f} {len(shares):>6} {min(shares):>6.3f}"
              f" {statistics.fmean(shares):>6.3f} {max(shares):>6.3f}")


if __name__ == "__main__":
    main()
