"""A game server's table in one file: three people and a bot play a whole game of Canasta
Caliente while a spectator watches, and each is sent only what it may know.

The server keeps the one true state. A person's client is sent that seat's view (its own hand,
the table, the other hands' sizes) and, on its turn, the legal actions; every move is announced
to all in notation, which names only public cards (a draw is just "draw"). The spectator is
sent only the public table: melds, the up card, the sizes of the pile, the stock and each hand,
and the scores. Here the people's choices are made by ``level-3`` bots reading the same views a
person would see, and seat 3 is a ``level-2`` bot.

    python examples/game_table.py [SEED]
"""

from __future__ import annotations

import random
import sys

import canasta_caliente as cc


def client_message(view: cc.View, legal: tuple[cc.Action, ...]) -> str:
    """What a person's client shows: made from the seat's view alone, and the legal actions
    when the seat is to act (empty otherwise)."""
    hand = " ".join(map(str, view.hand))
    text = f"your hand ({len(view.hand)}): {hand}"
    if legal:
        text += f"; your move, {len(legal)} legal actions: {', '.join(map(str, legal[:6]))}"
        text += ", ..." if len(legal) > 6 else ""
    return text


def spectator_message(view: cc.View) -> str:
    """What the spectator is shown: the public facts only. It reads them from a view, but
    never its hand (anything else a view holds is public too)."""
    melds = "; ".join(
        f"side {side}: " + (" ".join(f"{cc.Card(rank)}x{sum(meld)}"
                                     for rank, meld in enumerate(table.melds) if meld) or "-")
        for side, table in enumerate(view.side_tables))
    up = view.up_card if view.up_card is not None else "none"
    return (f"melds {melds} | up card {up}, pile {len(view.pile)}, stock {view.stock_size}"
            f" | hands {' '.join(map(str, view.hand_sizes))} | scores {view.scores}")


def main(seed: int) -> None:
    """Play the game, printing what each client and the spectator is sent."""
    rules = cc.RuleSet.preset("caliente").replace(target_score=3000)
    state = cc.new_game(rules, seed=seed)
    people = (0, 1, 2)
    person = cc.get_bot("level-3")  # stands in for each person's clicks
    bot = cc.get_bot("level-2")
    rng = random.Random(seed)
    print(f"seed {seed}: people at seats 0, 1, 2; a level-2 bot at seat 3; one spectator")
    while not state.is_game_over:
        seat = state.current_player
        legal = cc.legal_actions(state)
        if seat is None:  # between hands: the server deals
            action = legal[0]
        else:
            view = cc.observe(state, seat)
            if seat in people:
                print(f"  [to client {seat}] {client_message(view, legal)}")
                action = person(view, legal, rng)
            else:
                action = bot(view, legal, rng)
        state = cc.apply(state, action)
        who = "server" if seat is None else f"seat {seat}"
        print(f"[to all] {who}: {action}")
        if state.is_hand_over or seat is None:
            # The spectator watches the table between hands; any seat's view serves, as only
            # its public facts are read.
            print(f"  [to spectator] {spectator_message(cc.observe(state, 0))}")
        if state.is_hand_over and state.hand_results and state.current_player is None:
            totals = state.hand_results[-1].totals
            print(f"[to all] hand {len(state.hand_results)} ends: hand {totals},"
                  f" game {state.scores}")
    print(f"[to all] side {state.winner} wins, {state.scores[0]} to {state.scores[1]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
