"""A game server's table in one file: three people and a bot play a whole game of Canasta
Caliente while a spectator watches, and each is sent only what it may know.

The server keeps the game in a ``cc.Match``: the one true state, the record, and the events,
numbered: the first hand's deal (event 0, which no action made), then every action's. It
plays each action for the seat to act (checked: ``seat=``), and the deal between hands as its
own (no seat). After each action it sends every audience its
``match.message``: the seat's view (a spectator's: the public table only), the legal actions
when that seat is to act, and the events since its last message, each as that audience may see
it (another seat's draw is "draws 1 card"). What the clients print below is read from their
messages alone. The people's choices are made here by
``level-3`` bots from the same views a person would see; seat 3 is a ``level-2`` bot. Each
bot's move is asked for and played by ``match.play_bot``.

    python examples/game_table.py [SEED]
"""

from __future__ import annotations

import json
import sys
from typing import Any

import canasta_caliente as cc

PEOPLE = (0, 1, 2)
AUDIENCES: tuple[int | None, ...] = (*PEOPLE, None)  # None: the spectator


def show(name: str, message: dict[str, Any]) -> None:
    """What a client prints of its message: the events in words, its hand, and, on its turn,
    how many actions it may choose from."""
    for event in message["events"]:
        print(f"  [{name}] {event['text']}")
    if message["legal"]:
        hand = " ".join(message["view"]["hand"])
        print(f"  [{name}] your turn; hand: {hand}; {len(message['legal'])} legal actions,"
              f" the first: {message['legal'][0]['text']}")


def main(seed: int) -> None:
    """Play the game, printing what each of the three clients and the spectator is sent."""
    rules = cc.RuleSet.preset("caliente").replace(target_score=3000)
    match = cc.Match.start(rules, seed=seed)
    person = cc.get_bot("level-3")  # stands in for each person's clicks
    bot = cc.get_bot("level-2")
    seen = dict.fromkeys(AUDIENCES, 0)  # how many events each audience has been sent
    sent = 0
    print(f"seed {seed}: people at seats 0, 1, 2; a level-2 bot at seat 3; one spectator")
    while True:
        # Send each audience its message; a real server writes json.dumps(message) to it.
        for audience in AUDIENCES:
            message = match.message(audience, seen[audience])
            seen[audience] = match.event_count
            sent += len(json.dumps(message))
            if audience is None:
                if any(e["kind"] == cc.EventKind.HAND_END.value for e in message["events"]):
                    print(f"  [spectator] scores {message['view']['scores']}")
            else:
                show(f"client {audience}", message)
        state = match.state
        if state.is_game_over:
            break
        seat = state.current_player
        if seat is None:  # between hands: the server deals
            match.play("deal")
        else:  # the seat's bot: given its view, its rng seeded from the game's (bots_seed)
            match.play_bot(person if seat in PEOPLE else bot)
    print(f"side {state.winner} wins, {state.scores[0]} to {state.scores[1]}"
          f" ({sent // 1000} kB of messages sent)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
