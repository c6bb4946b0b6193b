"""Benchmark: a client message, what a server sends a seat after every change.

Plays random legal games (each from a fresh seeded game) and keeps every state in which a seat
is to act; then times ``cc.client_message(state, seat)`` for the seat to act (its view, its
legal actions each with its id and words, no events) over all of them. Prints the states and
the median and least of several runs, in microseconds per message. Run it side by side with
another checkout by its ``PYTHONPATH``:

    python benchmarks/bench_messages.py --games 6 --runs 5
    PYTHONPATH=/tmp/base/src python benchmarks/bench_messages.py --games 6 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canasta_caliente as cc


def states(rules: cc.RuleSet, games: int, actions: int = 300) -> list[cc.GameState]:
    """The states of ``games`` random games (at most ``actions`` each) with a seat to act."""
    rng, found = random.Random(1), []
    for seed in range(games):
        state = cc.new_game(rules, seed=seed)
        for _ in range(actions):
            if state.is_game_over:
                break
            if state.current_player is not None:
                found.append(state)
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="caliente", help="a preset's name")
    parser.add_argument("--games", type=int, default=6, help="random games to take states of")
    parser.add_argument("--runs", type=int, default=5, help="timed runs over every state")
    args = parser.parse_args()
    found = states(cc.RuleSet.preset(args.rules), args.games)
    cc.client_message(found[0], found[0].current_player)  # (the action table, made once)
    runs = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for state in found:
            cc.client_message(state, state.current_player)
        runs.append((time.perf_counter() - start) / len(found) * 1e6)
    print(f"{args.rules}: {len(found)} states; client_message to the seat to act: "
          f"median {statistics.median(runs):.1f} us, least {min(runs):.1f} us")


if __name__ == "__main__":
    main()
