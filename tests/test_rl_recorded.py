"""The observations are the same as before issue 30 made them cheaper.

``tests/observations/observations-752d93e.npz`` holds, per preset, the observation of every seat
at every node of seeded random games (a hand of each preset, and three hands of a game of
``caliente`` and ``caliente-2p`` with the deals between them, from starting scores that put a
side below zero and another above 3000), computed at commit 752d93e by
:func:`~canasta_caliente.rl.observation_of`, the code as it was. The test replays the games and
compares every observation element by element, from the state and from the view, and the batch
observation of all the seats at once.

Run this file as a script under another checkout (``PYTHONPATH=<its src> python
tests/test_rl_recorded.py OUT.npz``) to record that checkout's observations.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.rl import observation, observation_of  # noqa: E402
from conftest import QUICK_PRESETS, quick_part  # noqa: E402

RECORD = Path(__file__).parent / "observations" / "observations-752d93e.npz"
GAMES = [(preset, 1, 1, None) for preset in cc.RuleSet.preset_names()] + [
    ("caliente", 2, 3, (-50, 3100)), ("caliente-2p", 3, 3, (2990, -400))]


def key(preset: str, seed: int) -> str:
    """The record's name of a game."""
    return f"{preset}/{seed}"


def states(preset: str, seed: int, hands: int, scores: tuple[int, ...] | None
           ) -> Iterator[cc.GameState]:
    """Every state of a seeded random game of ``hands`` hands (the deals included)."""
    rules = cc.RuleSet.preset(preset)
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed, scores=scores)
    while True:
        yield state
        if state.is_game_over or state.hand_number > hands:
            return
        if state.is_hand_over and state.hand_number == hands:
            return
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))


def recorded_game(preset: str, seed: int, hands: int, scores: tuple[int, ...] | None
                  ) -> Any:
    """The observations of a game: an array (nodes, seats, size) of float32."""
    rules = cc.RuleSet.preset(preset)
    return np.stack([np.stack([observation_of(s, seat) for seat in range(rules.players)])
                     for s in states(preset, seed, hands, scores)])


@pytest.fixture(scope="module")
def record() -> dict[str, object]:
    """The recorded observations, by game."""
    with np.load(RECORD) as data:
        return {name: data[name] for name in data.files}


@pytest.mark.parametrize(("preset", "seed", "hands", "scores"), quick_part(
    GAMES, [game for game in GAMES if game[0] in QUICK_PRESETS or game[1] > 1]))
def test_observations_equal_the_recorded_ones(
        record: dict[str, object], preset: str, seed: int, hands: int,
        scores: tuple[int, ...] | None) -> None:
    """Every seat's observation at every node equals the recorded one, element by element (the
    first node that differs is named)."""
    old = record[key(preset, seed)]
    assert isinstance(old, np.ndarray)
    players = cc.RuleSet.preset(preset).players
    nodes = 0
    for node, state in enumerate(states(preset, seed, hands, scores)):
        for seat in range(players):
            new = observation_of(state, seat)
            assert new.dtype == old.dtype
            differs = np.flatnonzero(new != old[node, seat])
            assert not differs.size, (f"{preset} seed {seed}: node {node}, seat {seat}: "
                                      f"entries {differs.tolist()} differ")
            assert np.array_equal(observation(cc.observe(state, seat)), new)
        nodes += 1
    assert nodes == len(old)


def main(out: str) -> None:
    """Record this checkout's observations of :data:`GAMES` into ``out``."""
    np.savez_compressed(out, **{key(p, s): recorded_game(p, s, h, sc)
                                for p, s, h, sc in GAMES})


if __name__ == "__main__":
    main(sys.argv[1])
