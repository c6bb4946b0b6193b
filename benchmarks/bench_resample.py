"""Benchmark: :func:`~canasta_caliente.resample` on 4-player mid-hand views.

Plays seeded hands of ``caliente`` with the heuristic bot to mid-hand (the first state, after
``--steps`` actions, where some hand holds known cards), observes it from the seat to act (its
own turn: the hidden hands are dealt without TURN-0 rejection) and from the next seat (another
seat's turn), and prints microseconds per ``resample`` call, the median of several runs, in
wall-clock time and in processor time (the steadier figure on a loaded machine).

    python benchmarks/bench_resample.py --views 20 --calls 200 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot
from canasta_caliente.views.view import View, observe, resample


def mid_hand_views(count: int, steps: int) -> list[View]:
    """Views of ``count`` mid-hand states of 4-player games, two per state."""
    rules = cc.RuleSet.preset("caliente")
    views: list[View] = []
    seed = 0
    while len(views) < count:
        state = cc.new_game(rules, seed=seed)
        rng = random.Random(seed)
        seed += 1
        n = 0
        while not state.is_hand_over:
            legal = cc.legal_actions(state)
            seat = state.current_player
            assert seat is not None
            state = cc.apply(state, heuristic_bot(observe(state, seat), legal, rng))
            n += 1
            if n >= steps and state.table.known and not state.is_hand_over:
                player = state.current_player
                assert player is not None
                views.append(observe(state, player))
                views.append(observe(state, (player + 1) % rules.players))
                break
    return views[:count]


def main() -> None:
    """Time the calls and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--views", type=int, default=20)
    parser.add_argument("--calls", type=int, default=200, help="calls per view and run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30, help="actions before the view")
    args = parser.parse_args()
    views = mid_hand_views(args.views, args.steps)
    own = [v for v in views if v.is_my_turn]
    other = [v for v in views if not v.is_my_turn]
    for label, group in (("own turn", own), ("another seat's turn", other), ("all", views)):
        if not group:
            continue
        times = []
        cpu = []
        for _ in range(args.runs):
            rng = random.Random(0)
            start, start_cpu = time.perf_counter(), time.process_time()
            for view in group:
                for _ in range(args.calls):
                    resample(view, rng)
            calls = len(group) * args.calls
            times.append((time.perf_counter() - start) / calls)
            cpu.append((time.process_time() - start_cpu) / calls)
        known = sum(len(v.known(s)) for v in group for s in range(4)) / len(group)
        print(f"{label}: {len(group)} views ({known:.1f} known cards each): "
              f"{1e6 * statistics.median(times):.1f} us per resample "
              f"({1e6 * statistics.median(cpu):.1f} us of processor time)")


if __name__ == "__main__":
    main()
