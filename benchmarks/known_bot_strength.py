"""Benchmark: what reading the known cards is worth to the heuristic bot.

Plays the heuristic bot (:func:`~canasta_caliente.players.bots.heuristic_bot`, which does not
discard a card the next player is known to hold a pair of) against the heuristic bot as it was
before it read the known cards, the two swapping sides every game (every game seed is played twice,
once each way round, so the deals are the same for both). Prints, with a 95% confidence
interval over the seed pairs (normal approximation), the new bot's mean score margin per hand
over the old one and its share of the games won.

    python benchmarks/known_bot_strength.py --rules caliente --games 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence

import canasta_caliente as cc
from canasta_caliente.actions import Action
from canasta_caliente.players.bots import _heuristic, heuristic_bot
from canasta_caliente.studies.simulate import play_game
from canasta_caliente.views.view import View


def old_heuristic(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic bot without the known cards."""
    return _heuristic(view, legal, rng, False)


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="caliente", help="a preset name")
    parser.add_argument("--games", type=int, default=200, help="seed pairs to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-hands", type=int, default=60)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    margins: list[float] = []
    wins: list[float] = []
    for g in range(args.games):
        seed = random.Random(f"known-strength:{args.seed}:{g}").randrange(2**63)
        pair_margin = 0.0
        pair_hands = 0
        pair_wins = 0.0
        for index in (0, 1):  # index 0: the new bot on side 0; index 1: on side 1
            result = play_game(rules, [heuristic_bot, old_heuristic], seed, index=index,
                               max_hands=args.max_hands)
            new_side = index % 2
            for totals in result.hand_totals:
                pair_margin += totals[new_side] - totals[1 - new_side]
            pair_hands += len(result.hand_totals)
            if result.winner is not None:
                pair_wins += 1.0 if result.winner == new_side else 0.0
            else:
                pair_wins += 0.5
        margins.append(pair_margin / max(pair_hands, 1))
        wins.append(pair_wins / 2)
    m, mh = interval(margins)
    w, wh = interval(wins)
    print(f"{args.rules}: {args.games} seed pairs ({2 * args.games} games)")
    print(f"score margin per hand, new minus old: {m:+.1f} points (95% CI {m - mh:+.1f} to "
          f"{m + mh:+.1f})")
    print(f"games won by the new bot: {100 * w:.1f}% (95% CI {100 * (w - wh):.1f}% to "
          f"{100 * (w + wh):.1f}%)")


if __name__ == "__main__":
    main()
