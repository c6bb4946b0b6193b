"""Golden playthroughs: whole recorded games must replay to the same text, step by step.

A difference means the engine, a bot or a view changed behaviour. If the change is intended,
regenerate with ``python scripts/make_playthroughs.py`` and review the diff.
"""

# RULES: TURN-1, SCORE-6, GAME-1

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.testing import PLAYTHROUGHS, playthrough

DIR = Path(__file__).parent / "playthroughs"


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "seed"), PLAYTHROUGHS,
                         ids=[f"{p}-{s}" for p, s in PLAYTHROUGHS])
def test_playthrough_matches_golden_file(preset: str, seed: int) -> None:
    """The game recorded in tests/playthroughs/<preset>-seed<N>.txt replays identically."""
    path = DIR / f"{preset}-seed{seed}.txt"
    expected = path.read_text()
    actual = playthrough(cc.RuleSet.preset(preset), seed)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "golden",
                                    "now", n=2, lineterm="")
        pytest.fail("playthrough differs:\n" + "\n".join(list(diff)[:40]))
