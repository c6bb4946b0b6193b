"""The strength of the ``ismcts`` search bot against ``heuristic``, hand by hand, with 95%
confidence intervals, at one or more iteration budgets (a curve of strength against budget).

Each deal (a seeded first hand) is played twice, the search bot's partnership on side 0 then
on side 1, partners of the same bot (seats and the first turn rotate with the sides). Printed
per budget: the hands played, the mean hand-score difference (search side minus the other)
with its 95% interval, the hand win rate with its 95% Wilson interval, and the mean CPU time
per search decision with more than one legal action (CPU time, so a loaded machine inflates it
little), then the interval over deals (each deal the mean of its two hands). Options of the
search (``--margin``, ``--rollout-actions``, ...) go to :class:`ISMCTSBot`.
Iteration budgets make the run reproducible whatever the machine's load.
``--append docs/guides/ratings.txt`` adds the output to the table the bot guide includes.

    python scripts/rate_bots.py --preset caliente --deals 200 --iterations 15 30 60 --workers 2

``--tournament random heuristic ismcts --games 10`` plays a round robin of whole games instead
(:func:`canasta_caliente.studies.tournament`) and prints its Elo table.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import canasta_caliente as cc
from canasta_caliente.players.bots import get_bot
from canasta_caliente.players.search import ISMCTSBot


def play_hand(preset: str, deal: int, search_side: int, iterations: int,
              opponent: str, options: dict[str, Any]) -> tuple[float, float, int]:
    """One hand: (search side's score minus the other's, CPU seconds searching, decisions
    with more than one legal action)."""
    rules = cc.RuleSet.preset(preset)
    search = ISMCTSBot(iterations=iterations, **options)
    other = get_bot(opponent)
    state = cc.new_game(rules, seed=deal)
    rng = random.Random(deal * 2 + search_side)
    spent = 0.0
    decisions = 0
    while not state.is_hand_over:
        legal = cc.legal_actions(state)
        seat = state.current_player
        assert seat is not None
        view = cc.observe(state, seat)
        if state.side_of(seat) == search_side:
            start = time.process_time()
            action = search(view, legal, rng)
            if len(legal) > 1:
                spent += time.process_time() - start
                decisions += 1
        else:
            action = other(view, legal, rng)
        state = cc.apply(state, action)
    totals = state.hand_results[-1].totals
    mine = totals[search_side]
    rest = [t for i, t in enumerate(totals) if i != search_side]
    return mine - sum(rest) / len(rest), spent, decisions


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _task(args: tuple[str, int, int, int, str, dict[str, Any]]) -> tuple[float, float, int]:
    return play_hand(*args)


def _rollout_actions(text: str) -> int | str:
    """``--rollout-actions``: a number of actions, or ``full``."""
    return "full" if text == "full" else int(text)


def main() -> int:
    """Run the budgets and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="caliente")
    parser.add_argument("--deals", type=int, default=200, help="deals (each played twice)")
    parser.add_argument("--iterations", type=int, nargs="+", default=[60])
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--append", metavar="FILE",
                        help="also append the command and its lines to FILE (the docs' "
                        "docs/guides/ratings.txt)")
    parser.add_argument("--rollout-actions", type=_rollout_actions, default=None,
                        metavar="N|full", help="cut simulations off after N actions, or "
                        "play them to the end of the hand (full)")
    parser.add_argument("--hand-weight", type=float, default=None)
    parser.add_argument("--margin", type=float, default=None)
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--widening", type=float, default=None)
    parser.add_argument("--race-weight", type=float, default=None)
    parser.add_argument("--tournament", nargs="+", metavar="BOT",
                        help="instead, a round robin of these bots (cc.tournament: whole "
                        "games, Elo ratings with 95%% intervals), --games games a pair")
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for key in ("hand_weight", "margin", "exploration", "widening", "race_weight"):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    if args.rollout_actions is not None:
        options["rollout_actions"] = (None if args.rollout_actions == "full"
                                      else args.rollout_actions)
    lines: list[str] = []

    def say(line: str) -> None:
        print(line, flush=True)
        lines.append(line)

    say("$ python scripts/rate_bots.py " + " ".join(
        a for a in sys.argv[1:] if not a.startswith("--append") and a != args.append))
    if args.tournament:
        start = time.perf_counter()
        table = cc.tournament(args.tournament, cc.RuleSet.preset(args.preset),
                              games=args.games, seed=args.seed, workers=args.workers).table()
        for line in table.splitlines():
            say(line)
        say(f"({time.perf_counter() - start:.0f} s on {args.workers} worker(s))")
        if args.append:
            with open(args.append, "a", encoding="utf-8") as out:
                out.write("\n".join(lines) + "\n\n")
        return 0
    say(f"ismcts vs {args.opponent}, {args.preset}, {args.deals} deals x 2 sides")
    say(f"{'iters':>6} {'hands':>6} {'mean diff [95% CI]':>28} {'hand wins [95% CI]':>26}"
        f" {'ms/dec':>7}")
    for iterations in args.iterations:
        tasks = [(args.preset, args.seed * 1_000_003 + d, side, iterations, args.opponent,
                  options)
                 for d in range(args.deals) for side in (0, 1)]
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                results = list(pool.map(_task, tasks, chunksize=4))
        else:
            results = [_task(t) for t in tasks]
        diffs = [r[0] for r in results]
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        wins = sum(1 for d in diffs if d > 0)
        low, high = wilson(wins, n)
        ms = 1000 * sum(r[1] for r in results) / max(1, sum(r[2] for r in results))
        say(f"{iterations:>6} {n:>6} {mean:>9.1f} [{mean - half:>7.1f}, {mean + half:>7.1f}]"
            f" {wins / n:>8.3f} [{low:.3f}, {high:.3f}] {ms:>7.1f}")
        pairs = [(diffs[i] + diffs[i + 1]) / 2 for i in range(0, n - 1, 2)]
        if len(pairs) > 1:
            psd = math.sqrt(sum((d - mean) ** 2 for d in pairs) / (len(pairs) - 1))
            phalf = 1.96 * psd / math.sqrt(len(pairs))
            say(f"{'':>6} {'':>6} {mean:>9.1f} [{mean - phalf:>7.1f}, {mean + phalf:>7.1f}]"
                f"  (the interval over the {len(pairs)} deals, each the mean of its two"
                " hands: the paired design's)")
    if args.append:
        with open(args.append, "a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
