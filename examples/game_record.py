"""Run a game as a table server would: each seat sees only its view, every action is recorded,
the game is saved mid-hand and resumed, and the record replays the whole game.

    python examples/game_record.py [SEED]
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot, random_bot


def main(seed: int) -> None:
    """Play one two-player game between the heuristic and the random bot, and check it."""
    rules = cc.RuleSet.preset("caliente-2p")
    record = cc.GameRecord.start(rules, seed=seed)
    state = record.initial_state()
    players = {0: heuristic_bot, 1: random_bot}
    # An rng a seat, seeded with a one-way digest of the game's seed: a bot given the game's
    # own seed could deal the game again (see the game guide).
    rngs = {seat: random.Random(cc.bots_seed(seed, seat=seat)) for seat in players}
    saved = ""
    while not state.is_game_over:
        seat = state.current_player
        legal = cc.legal_actions(state)
        # Between hands no one is to act, and the only legal action is "deal".
        if seat is None:
            action = legal[0]
        else:
            action = players[seat](cc.observe(state, seat), legal, rngs[seat])
        state = cc.apply(state, action)
        record = record.extend(action)
        if len(record.actions) == 25:
            saved = cc.dumps(state)  # a mid-hand save, as a JSON document

    # The saved state loads back exactly, and play resumes from it.
    resumed = cc.loads(saved)
    assert resumed == cc.replay(record)[25]
    print(f"saved after 25 actions: hand {resumed.hand_number}, seat "
          f"{resumed.current_player} to act, {resumed.stock_size} cards in the stock")

    # The record is the short form of the whole game: rules, seed and actions in notation.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(record.to_json(), encoding="utf-8")
        loaded = cc.GameRecord.from_json(path.read_text(encoding="utf-8"))
    states = cc.replay(loaded)
    assert states[-1] == state
    print(f"{len(loaded.actions)} actions recorded; the replay reaches the same final state")

    for number, result in enumerate(state.hand_results, 1):
        print(f"hand {number}: {result.ended.value}, totals {result.totals}")
    print(f"side {state.winner} wins {state.scores[0]} to {state.scores[1]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
