"""Benchmark: the ISMCTS search bot's cost per decision and its simulations per second.

Collects decision points (more than one legal action) from heuristic games, then times the
search bot on each at an iteration budget, and prints the median and mean milliseconds per
decision (wall clock and CPU time: on a loaded machine the CPU time is what an idle core
would take) and the simulations (iterations) per second, on one process. Use it to calibrate
:data:`canasta_caliente.players.search.DEFAULT_ITERATIONS` to about 100 ms on an idle core (the
figures are only meaningful on a quiet machine).

    python benchmarks/bench_search.py --rules caliente --positions 40 --iterations 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot
from canasta_caliente.players.search import ISMCTSBot


def positions(rules: cc.RuleSet, count: int, seed: int) -> list[cc.GameState]:
    """``count`` decision points from seeded heuristic hands, spread over the hands."""
    out: list[cc.GameState] = []
    rng = random.Random(seed)
    hand = 0
    while len(out) < count:
        state = cc.new_game(rules, seed=seed * 1000 + hand)
        hand += 1
        step = 0
        while not state.is_hand_over and len(out) < count:
            legal = cc.legal_actions(state)
            seat = state.current_player
            assert seat is not None
            if len(legal) > 1 and step % 7 == 0:
                out.append(state)
            state = cc.apply(state, heuristic_bot(cc.observe(state, seat), legal, rng))
            step += 1
    return out


def main() -> None:
    """Time the bot on the positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations per decision (default: the bot's default)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    bot = ISMCTSBot(iterations=args.iterations)
    times: list[float] = []
    cpu_times: list[float] = []
    sims = 0
    for i, state in enumerate(positions(rules, args.positions, args.seed)):
        seat = state.current_player
        assert seat is not None
        view, legal = cc.observe(state, seat), cc.legal_actions(state)
        start, cpu = time.perf_counter(), time.process_time()
        bot(view, legal, random.Random(i))
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        sims += bot.last_iterations
    total = sum(times)
    print(f"{args.rules}: {len(times)} decisions at {bot.iterations} iterations")
    print(f"  ms per decision: median {1000 * statistics.median(times):.1f}, "
          f"mean {1000 * total / len(times):.1f}")
    print(f"  CPU ms per decision (what an idle core would take): "
          f"median {1000 * statistics.median(cpu_times):.1f}, "
          f"mean {1000 * sum(cpu_times) / len(cpu_times):.1f}")
    print(f"  simulations per second: {sims / total:.0f} wall, {sims / sum(cpu_times):.0f} CPU")


if __name__ == "__main__":
    main()
