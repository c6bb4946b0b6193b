"""The statistics of a simulation: win rates with their confidence intervals, and the mean
hand score of each bot.

Each function reads a :class:`~canasta_caliente.studies.outcomes.SimulationResult` (whose
properties of the same names call them) and returns plain numbers.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .outcomes import SimulationResult

__all__ = ["mean_hand_scores", "wilson_interval", "win_rates"]


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_rates(result: SimulationResult) -> dict[str, tuple[float, float, float]]:
    """Per bot: (win rate, low, high), the rate of the games its side won with a 95% Wilson
    confidence interval."""
    out = {}
    n = len(result.games)
    for bot in result.bots:
        wins = sum(1 for g in result.games if bot in g.winning_bots(result.rules))
        low, high = wilson_interval(wins, n)
        out[bot] = (wins / n if n else 0.0, low, high)
    return out


def mean_hand_scores(result: SimulationResult) -> dict[str, float]:
    """Per bot: the mean hand score of the sides it played."""
    sums: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for g in result.games:
        for side_no, seats in enumerate(result.rules.layout):
            bot = g.seat_bots[seats[0]]
            for totals in g.hand_totals:
                sums[bot] += totals[side_no]
                counts[bot] += 1
    return {bot: sums[bot] / counts[bot] if counts[bot] else 0.0 for bot in result.bots}
