"""The heuristic bot and the search make the same choices as before issue 30 made them
cheaper.

``tests/bot_choices/heuristic-d881574.txt`` holds whole games played at commit d881574 (the bot
as it was): per preset and seed, the actions of a hand of heuristic bots, of heuristic bots
against random ones, and of the bot as it was before it read the known cards
(``_heuristic(..., use_known=False)``), all drawing on one ``random.Random`` per game, so a
different choice or a different use of the random numbers changes the rest of the game. The
test replays every game with the current bot and compares every action.
``tests/bot_choices/ismcts-d881574.txt`` holds the search's ranking (actions, simulations and
mean leads) of positions of those games at a small budget, which the current search must give
again.

Run this file as a script under another checkout (``PYTHONPATH=<its src> python
tests/test_bot_replay.py``, and with ``search`` for the search's) to print the record of that
checkout's bot.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.players.bots import (
    Bot,
    _heuristic,
    _Sight,
    bot_action,
    heuristic_bot,
    random_bot,
)
from canasta_caliente.players.search import ISMCTSBot
from conftest import EVERY_PRESET, quick_part

RECORD = Path(__file__).parent / "bot_choices" / "heuristic-d881574.txt"
SEARCH_RECORD = Path(__file__).parent / "bot_choices" / "ismcts-d881574.txt"
SEARCHES = [(preset, seed) for preset in ("caliente", "caliente-2p") for seed in (1, 2, 3)]
GAMES = [(preset, mode, seed)
         for preset in ("caliente", "caliente-2p", "classic")
         for mode, seeds in (("heuristic", 30), ("mixed", 30), ("unknown", 10))
         for seed in range(1, seeds + 1)]


def _seat_bot(mode: str, seat: int) -> Bot:
    if mode == "heuristic":
        return heuristic_bot
    if mode == "mixed":
        return heuristic_bot if seat % 2 == 0 else random_bot
    return lambda view, legal, rng: _heuristic(view, legal, rng, False)


Chooser = Callable[[cc.GameState, int, Sequence[cc.Action], random.Random], cc.Action]


def _hand(preset: str, seed: int, choose: Chooser) -> Iterator[cc.Action]:
    """The actions of one seeded hand, each ``choose(state, seat, legal, rng)`` with one
    ``random.Random`` for the hand."""
    state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
    rng = random.Random(seed)
    while not state.is_hand_over:
        seat = state.current_player
        assert seat is not None
        action = choose(state, seat, cc.legal_actions(state), rng)
        yield action
        state = cc.apply(state, action)


def play(preset: str, mode: str, seed: int) -> Iterator[str]:
    """The actions of one seeded hand of ``mode``'s bots, as text."""
    for action in _hand(preset, seed, lambda state, seat, legal, rng: _seat_bot(mode, seat)(
            cc.observe(state, seat), legal, rng)):
        yield str(action)


def _recorded() -> dict[tuple[str, str, int], list[str]]:
    out = {}
    for line in RECORD.read_text().splitlines():
        head, actions = line.split(": ", 1)
        preset, mode, seed = head.split()
        out[(preset, mode, int(seed))] = actions.split(";")
    return out


@pytest.mark.parametrize(("preset", "mode", "seed"),
                         quick_part(GAMES, [game for game in GAMES if game[2] <= 4]))
def test_same_choices_as_the_old_bot(preset: str, mode: str, seed: int) -> None:
    """Every action of the recorded game, in order (the first that differs is named)."""
    recorded = _recorded()[(preset, mode, seed)]
    played = list(play(preset, mode, seed))
    for i, (old, new) in enumerate(zip(recorded, played, strict=False)):
        assert new == old, f"{preset} {mode} seed {seed}: action {i} is {new!r}, was {old!r}"
    assert len(played) == len(recorded)


def test_the_record_covers_every_kind_of_choice() -> None:
    """The recorded games ask the bot every kind of question it answers (a record that
    missed one would not check it)."""
    verbs = {a.split()[0] for actions in _recorded().values() for a in actions}
    assert {"draw", "take", "meld", "discard", "ask", "yes", "no", "pass"} <= verbs


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "classic"])
def test_bot_action_is_the_bots_own_choice(preset: str) -> None:
    """``bot_action`` (which builds no view for the random bot, and for the heuristic only the
    fields it reads) chooses what the bot given the view chooses, and draws the same random
    numbers: both asked with generators in one state, at every decision of mixed games."""
    def both(state: cc.GameState, seat: int, legal: Sequence[cc.Action],
             rng: random.Random) -> cc.Action:
        bot = _seat_bot("mixed", seat)
        twin = random.Random()
        twin.setstate(rng.getstate())
        action = bot_action(bot, state, seat, legal, rng)
        assert action == bot(cc.observe(state, seat), legal, twin)
        assert rng.getstate() == twin.getstate()
        return action

    for seed in range(1, 4):
        assert list(_hand(preset, seed, both))


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_the_heuristics_sight_is_the_views(preset: str) -> None:
    """What ``bot_action`` reads from a state for the heuristic bot is, field by field, the
    seat's view (``observe``): at every state of seeded random hands, for every seat."""
    fields = _Sight.__slots__
    seen = set()  # the fields seen not empty, so that the hands tried compare something
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
        while True:
            for seat in range(state.rules.players):
                sight, view = _Sight(state, seat), cc.observe(state, seat)
                for name in fields:
                    if name != "hand":
                        assert getattr(sight, name) == getattr(view, name), (name, seat)
                hand = sight.hand  # the view's hand, answered from the counts
                assert (tuple(hand), len(hand)) == (view.hand, len(view.hand)), seat
                assert all(hand.count(card) == view.hand.count(card) for card in cc.Card)
                seen.update(name for name in ("hand", "pile", "known_cards")
                            if getattr(sight, name))
            if state.is_hand_over:
                break
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    assert seen == {"hand", "pile", "known_cards"}


def test_bot_action_refuses_what_observe_refuses() -> None:
    """``bot_action`` for the heuristic refuses a state that is not one (a view, say) and a
    seat the table does not have, as ``observe`` does, rather than reading another seat's
    hand (a seat of -1 would index the last one)."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    legal, seat = cc.legal_actions(state), state.current_player
    assert seat is not None
    view = cc.observe(state, seat)
    with pytest.raises(TypeError, match="expected a GameState, not View"):
        bot_action(heuristic_bot, view, seat, legal, random.Random(0))  # type: ignore[arg-type]
    for bad in (-1, 4):
        with pytest.raises(cc.ArgumentError, match=f"no seat {bad!r} at a table of 4"):
            bot_action(heuristic_bot, state, bad, legal, random.Random(0))
    for wrong in (True, "1"):
        with pytest.raises(TypeError, match=f"seat must be an int .*, not {type(wrong).__name__}"):
            bot_action(heuristic_bot, state, wrong, legal, random.Random(0))  # type: ignore[arg-type]
    for not_a_bot in (None, "heuristic"):
        with pytest.raises(TypeError, match=r"bot must be a bot, a callable \(view, legal, rng\)"):
            bot_action(not_a_bot, state, seat, legal, random.Random(0))  # type: ignore[arg-type]


def searched(preset: str, seed: int) -> Iterator[str]:
    """The search's rankings (30 simulations) of every fifth decision with a choice of a
    seeded heuristic hand, as text."""
    state = cc.new_game(cc.RuleSet.preset(preset), seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_hand_over:
        seat = state.current_player
        assert seat is not None
        legal = cc.legal_actions(state)
        view = cc.observe(state, seat)
        if len(legal) > 1 and step % 5 == 0:
            ranked = ISMCTSBot(iterations=30).search(view, legal, random.Random(step))
            yield ",".join(f"{a.action}/{a.visits}/{a.lead:.6f}" for a in ranked)
        state = cc.apply(state, heuristic_bot(view, legal, rng))
        step += 1


@pytest.mark.parametrize(("preset", "seed"),
                         quick_part(SEARCHES, [search for search in SEARCHES if search[1] == 1]))
def test_same_search_as_before(preset: str, seed: int) -> None:
    """The search ranks every recorded position as it did: the same actions in the same
    order, each with the same simulations and mean lead."""
    recorded = [line.split(": ", 1)[1] for line in SEARCH_RECORD.read_text().splitlines()
                if line.split(": ", 1)[0] == f"{preset} {seed}"]
    assert recorded
    assert list(searched(preset, seed)) == recorded


if __name__ == "__main__":
    if sys.argv[1:] == ["search"]:
        for preset, seed in SEARCHES:
            for ranking in searched(preset, seed):
                sys.stdout.write(f"{preset} {seed}: {ranking}\n")
    else:
        for game in GAMES:
            sys.stdout.write(f"{' '.join(map(str, game))}: {';'.join(play(*game))}\n")
