"""The seed of each game of a simulation, the one home of how it is drawn: from the
simulation's seed and the game's index, so that a game is the same whatever the chunks, the
workers or the executor that play it, and a comparison plays every variant on the same games.

May import: only the standard library (the results' reader, below the results, checks the
seeds of the games it reads with it).
"""

from __future__ import annotations

import random

__all__ = ["game_seed"]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``."""
    return random.Random(f"canasta-caliente-sim:{seed}:{index}").randrange(2**63)
