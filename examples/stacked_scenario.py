"""Stack a deal to set up a rules scenario, then ask the engine what is legal and why not.

    python examples/stacked_scenario.py
"""

from __future__ import annotations

import canasta_caliente as cc
from canasta_caliente.testing import stacked_deck


def main() -> None:
    """Seat 0 holds two 7s and the up card is a 7 over a buried wild: the pile is frozen."""
    rules = cc.RuleSet.preset("caliente")
    deck = stacked_deck(rules, {0: "7 7 K K K A A Q J 9 2"}, pile="JK 7", stock="5")
    state = cc.new_game(rules, deck=deck)
    print(state)
    print("legal:", ", ".join(map(str, cc.legal_actions(state))))
    print("take 7 2 ->", cc.illegal_reason(state, "take 7 2"))
    state = cc.apply(state, "take 7 7")
    print("after take 7 7: waiting", " ".join(map(str, state.waiting)),
          "- still needed:", state.turn.need)
    state = cc.apply(state, "meld K K K 2")
    print("after meld K K K 2 the minimum is met and the waiting joker joins: hand",
          " ".join(map(str, state.hand(0))))


if __name__ == "__main__":
    main()
