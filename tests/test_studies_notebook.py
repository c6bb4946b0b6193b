"""The studies API as a notebook user meets it: a comparison saved as JSON data, an
interrupted comparison, the plots' arguments, short reprs, and the statistics of no games."""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import matplotlib
import pytest

import canasta_caliente as cc
from canasta_caliente.studies.compare import rates

matplotlib.use("Agg")

TWO_P = cc.RuleSet.preset("caliente-2p")
VARIANTS = {"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True)}


@pytest.fixture(scope="module")
def comparison() -> cc.Comparison:
    """Two two-player variants compared on 6 games."""
    return cc.compare(VARIANTS, bots=["heuristic"], games=6, seed=2)


def test_a_rate_of_no_games_is_unknown_in_0_1_as_a_simulations_win_rate() -> None:
    """A comparison of no games gave its rates the interval ``[-inf, inf]``, outside [0, 1]
    where the module promises a rate's interval stays (a simulation of no games gives its win
    rates NaN in (0, 1)): a rate of no games is now NaN in [0, 1], a difference of rates NaN
    in [-1, 1]."""
    empty = cc.compare(VARIANTS, bots=["heuristic", "random"], games=0)
    rated = set(rates(TWO_P))
    for label, per in empty.estimates().items():
        for name, estimate in per.items():
            if name in rated:
                assert math.isnan(estimate.value), (label, name)
                assert (estimate.low, estimate.high) == (0.0, 1.0), (label, name)
    for row in empty.summary():
        if row["measure"] in rated:
            assert (row["difference_low"], row["difference_high"]) == (-1.0, 1.0)
            assert not row["significant"]
    simulation = empty.results["open"]
    assert all(rate[1:] == (0.0, 1.0) for rate in simulation.win_rates.values())
