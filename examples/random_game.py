"""Play one seeded game of Canasta Caliente between random players and print each hand's score.

    python examples/random_game.py [SEED]
"""

from __future__ import annotations

import random
import sys

import canasta_caliente as cc


def main(seed: int) -> None:
    """Play a whole game and print the hand results."""
    rules = cc.RuleSet.preset("caliente")
    rng = random.Random(seed)
    state = cc.new_game(rules, seed=seed)
    while not state.is_game_over:
        action = rng.choice(cc.legal_actions(state))
        state = cc.apply(state, action)
        if state.is_hand_over and len(state.hand_results) == state.hand_number:
            result = state.hand_results[-1]
            print(f"hand {state.hand_number}: {result.ended.value}, totals {result.totals}, "
                  f"game {state.scores}")
    print(f"side {state.winner} wins")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
