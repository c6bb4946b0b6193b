"""Write a bot and measure it against the built-in heuristic bot.

A bot is any callable ``bot(view, legal, rng) -> action``: it sees only its seat's
:class:`~canasta_caliente.View`, gets the legal actions (never empty) and a seeded
``random.Random``, and returns one of the actions. This one is the heuristic bot with one
habit changed: it takes the pile whenever the rules let it, and otherwise plays as the
heuristic bot does.

    python examples/pile_bot.py [GAMES]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import canasta_caliente as cc
from canasta_caliente import simulate
from canasta_caliente.players.bots import heuristic_bot


def pile_bot(view: cc.View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
    """Take the pile whenever possible, with the most natural cards; else play heuristically."""
    takes = [action for action in legal if action.verb is cc.Verb.TAKE]
    if takes:
        # Fewest wilds first: a natural pair keeps the wilds for later melds.
        return min(takes, key=lambda action: sum(card.is_wild for card in action.cards))
    return heuristic_bot(view, legal, rng)


def main(games: int) -> None:
    """Play ``games`` seeded games, the two bots swapping sides every game, and tabulate."""
    rules = cc.RuleSet.preset("caliente")
    result = simulate(rules, [pile_bot, "heuristic"], games=games, seed=7)
    print(result.table())
    rate, low, high = result.win_rates["pile_bot"]
    print(f"pile_bot wins {rate:.0%} of {len(result.games)} games (95% CI {low:.0%} - {high:.0%})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
