"""The statistics of a simulation: win rates with their confidence intervals, the mean hand
score of each bot, and the intervals made for proportions that :func:`~canasta_caliente.compare`
gives its rates.

:func:`win_rates` and :func:`mean_hand_scores` read a
:class:`~canasta_caliente.studies.outcomes.SimulationResult` (whose properties of the same names
call them) and return plain numbers. :func:`rate_interval` and :func:`rate_difference_interval`
read per-game counts.

A rate counted over hands (how often a side goes out, how often a hand ends passed) is a
proportion, but the hands of a game are not independent: the game is the unit. Its interval is
Wilson's score interval on the *effective* number of hands, the number of independent hands
that would give the rate the variance its games show (the variance from the games' linearized
values, the delta method), at most the hands played. A Wilson interval lies in [0, 1] and has
a non-zero width, even at a rate of 0 or 1 (where a normal interval would leave [0, 1] or shrink
to a point).

>>> from canasta_caliente.studies.stats import rate_interval
>>> rate, low, high = rate_interval([(1, 3), (0, 2), (2, 4)])  # (times, hands) per game
>>> round(rate, 3), round(low, 3), round(high, 3)
(0.333, 0.121, 0.646)
>>> [round(x, 3) for x in rate_interval([(0, 3), (0, 2), (0, 4)])]  # never: still not a point
[0.0, 0.0, 0.299]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import count_phrase

if TYPE_CHECKING:
    from .outcomes import SimulationResult

__all__ = ["mean_hand_scores", "rate_difference_interval", "rate_interval", "wilson_interval",
           "win_rates"]


def wilson_interval(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion: ``wins`` successes in ``n`` trials (an
    effective number of trials may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval holds p exactly; min/max only keep rounding from moving an end past it.
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def _deviations(pairs: Sequence[tuple[float, float]]) -> tuple[float, list[float]]:
    """The rate (the ratio of sums) and each game's deviation from it, in hands: its count less
    the rate times its hands (they sum to zero)."""
    rate = sum(p[0] for p in pairs) / sum(p[1] for p in pairs)
    return rate, [y - rate * n for y, n in pairs]


def _linearized(pairs: Sequence[tuple[float, float]]) -> tuple[float, list[float]]:
    """The rate (the ratio of sums) and each game's linearized value (its influence on it)."""
    rate, deviations = _deviations(pairs)
    mean_hands = sum(p[1] for p in pairs) / len(pairs)
    return rate, [d / mean_hands for d in deviations]


def _check_counts(pairs: Sequence[tuple[float, float]]) -> None:
    for i, (count, hands) in enumerate(pairs):
        if not 0 <= count <= hands:
            raise ValueError(f"game {i}: a rate counts from 0 to the game's hands, got {count} "
                             f"of {hands}")
    if sum(p[1] for p in pairs) <= 0:
        raise ValueError(f"a rate needs at least one hand, got {count_phrase(len(pairs), 'game')} "
                         "and no hand")


def _effective_hands(rate: float, influences: Sequence[float], hands: float) -> float:
    """The number of independent hands whose rate would vary as these games' does, at most
    ``hands`` (when the games show no variance, or there is one game, ``hands``). The variance
    is the plug-in one (over n, not n - 1), so a rate of one trial per game (a win rate) gets
    exactly the games: Wilson's own interval."""
    n = len(influences)
    if n < 2:
        return hands
    mean = sum(influences) / n
    variance = sum((u - mean) ** 2 for u in influences) / n / n
    if variance <= 0:
        return hands
    return min(hands, rate * (1 - rate) / variance)


def rate_interval(pairs: Sequence[tuple[float, float]],
                  z: float = 1.96) -> tuple[float, float, float]:
    """A rate over games with its 95% interval: ``pairs`` gives, per game, how many of its
    hands the event happened in and its hands (for a rate per game, ``(0 or 1, 1)``). Returns
    ``(rate, low, high)``: Wilson's interval on the effective number of hands (see the module's
    docstring), in [0, 1] and of non-zero width. Raises ``ValueError`` for no hands at all, or a
    count outside 0 to its game's hands."""
    _check_counts(pairs)
    rate, influences = _linearized(pairs)
    n = _effective_hands(rate, influences, sum(p[1] for p in pairs))
    low, high = wilson_interval(rate * n, n, z)
    return rate, low, high


def _paired_correlation(a: Sequence[tuple[float, float]],
                        b: Sequence[tuple[float, float]]) -> float:
    """The correlation of two rates' games for Newcombe's paired interval, with his continuity
    correction: the sum of the products of the games' deviations (in hands) loses half a hand
    squared, and a positive sum under a half counts as none (0 when either rate does not vary).
    With one hand a game the sum is ``(AD - BC) / N`` of the paired 2x2 table, and this is his
    corrected ``(AD - BC - N/2) / sqrt(efgh)``. The correction keeps the correlation below 1,
    so the interval is never a point: two rates that moved together over a few games are not
    known to differ by exactly what they showed."""
    dev_a, dev_b = _deviations(a)[1], _deviations(b)[1]
    sxx = sum(x * x for x in dev_a)
    syy = sum(y * y for y in dev_b)
    if sxx <= 0 or syy <= 0:
        return 0.0
    sxy = sum(x * y for x, y in zip(dev_a, dev_b, strict=True))
    if sxy > 0:
        sxy = max(0.0, sxy - 0.5)
    return sxy / math.sqrt(sxx * syy)


def rate_difference_interval(a: Sequence[tuple[float, float]],
                             b: Sequence[tuple[float, float]],
                             z: float = 1.96) -> tuple[float, float, float]:
    """The difference ``b - a`` of two rates measured on the same games (game ``i`` of ``a``
    and of ``b`` share a seed), with its 95% interval: Newcombe's hybrid score interval for
    paired proportions (his method 10), built from each rate's :func:`rate_interval` and the
    correlation of the games' values, with his continuity correction (so the interval is never
    a point, not even for two rates equal game by game). Returns ``(difference, low, high)``,
    in [-1, 1], ``low < high``. Raises ``ValueError`` as :func:`rate_interval` does, or when
    ``a`` and ``b`` have different numbers of games."""
    if len(a) != len(b):
        raise ValueError(f"a paired difference needs the same games on both sides, got "
                         f"{len(a)} and {len(b)}")
    p_a, low_a, high_a = rate_interval(a, z)
    p_b, low_b, high_b = rate_interval(b, z)
    r = _paired_correlation(a, b)
    below_b, above_a = p_b - low_b, high_a - p_a
    above_b, below_a = high_b - p_b, p_a - low_a
    diff = p_b - p_a
    low = diff - math.sqrt(max(0.0, below_b ** 2 + above_a ** 2 - 2 * r * below_b * above_a))
    high = diff + math.sqrt(max(0.0, above_b ** 2 + below_a ** 2 - 2 * r * above_b * below_a))
    return diff, max(-1.0, low), min(1.0, high)


def win_rates(result: SimulationResult) -> dict[str, tuple[float, float, float]]:
    """Per bot: (win rate, low, high), the rate of the games its side won with a 95% Wilson
    confidence interval. A game with no winner (stopped at the hand limit) is won by no bot:
    it counts in every bot's games and in none of its wins (where
    :func:`~canasta_caliente.tournament` counts it half a win to each), and the tables state
    how many there were. With no games played, the rate is NaN (the mean of nothing, as
    pandas gives it) and the interval (0, 1): nothing is known. A bot alone in the
    simulation sits on every side (house rules compared with one bot): it wins every game
    that has a winner, which says nothing of its strength, so its rate and interval are all
    NaN, not applicable (the tables say ``n/a``, and state the games each side won)."""
    n = len(result.games)
    if len(result.bots) == 1:
        return {result.bots[0]: (math.nan, math.nan, math.nan)}
    out = {}
    for bot in result.bots:
        wins = sum(1 for g in result.games if bot in g.winning_bots(result.rules))
        low, high = wilson_interval(wins, n)
        out[bot] = (wins / n if n else math.nan, low, high)
    return out


def mean_hand_scores(result: SimulationResult) -> dict[str, float]:
    """Per bot: the mean hand score of the sides it played (NaN with no hand played)."""
    sums: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for g in result.games:
        for side_no, seats in enumerate(result.rules.layout):
            bot = g.seat_bots[seats[0]]
            for totals in g.hand_totals:
                sums[bot] += totals[side_no]
                counts[bot] += 1
    return {bot: sums[bot] / counts[bot] if counts[bot] else math.nan for bot in result.bots}
