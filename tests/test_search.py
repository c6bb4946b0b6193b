"""The ISMCTS search bot and analyse: determinism, legality, budgets, the ranking's shape."""

from __future__ import annotations

import random
import time

import pytest

import canasta_caliente as cc
from canasta_caliente.bots import get_bot
from canasta_caliente.search import ActionValue, ISMCTSBot, analyse, evaluate


def _positions(preset: str, seed: int, count: int) -> list[cc.GameState]:
    """Decision points (more than one legal action) of a heuristic game."""
    rules = cc.RuleSet.preset(preset)
    state = cc.new_game(rules, seed=seed)
    rng = random.Random(seed)
    bot = get_bot("heuristic")
    out = []
    while not state.is_hand_over and len(out) < count:
        legal = cc.legal_actions(state)
        seat = state.current_player
        assert seat is not None
        if len(legal) > 1:
            out.append(state)
        state = cc.apply(state, bot(cc.observe(state, seat), legal, rng))
    return out


def _choose(bot: ISMCTSBot, state: cc.GameState, seed: int) -> cc.Action:
    seat = state.current_player
    assert seat is not None
    return bot(cc.observe(state, seat), cc.legal_actions(state), random.Random(seed))


def test_same_seed_same_choices() -> None:
    """An iteration budget and the same rng seed give the same action, position by position."""
    bot = ISMCTSBot(iterations=12)
    for state in _positions("caliente", 5, 6):
        assert _choose(bot, state, 9) == _choose(bot, state, 9)


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "classic"])
def test_every_choice_is_legal(preset: str) -> None:
    """Through a whole hand played by the bot at every seat, each choice is a legal action."""
    rules = cc.RuleSet.preset(preset)
    state = cc.new_game(rules, seed=3)
    bot = ISMCTSBot(iterations=4, rollout_actions=4)
    rng = random.Random(1)
    steps = 0
    while not state.is_hand_over and steps < 400:
        legal = cc.legal_actions(state)
        seat = state.current_player
        assert seat is not None
        action = bot(cc.observe(state, seat), legal, rng)
        assert action in legal
        state = cc.apply(state, action)
        steps += 1


def test_iteration_budget_is_respected() -> None:
    """The bot runs exactly its iterations, and the root's real visits add up to them."""
    bot = ISMCTSBot(iterations=25)
    state = _positions("caliente", 7, 3)[-1]
    seat = state.current_player
    assert seat is not None
    ranked = bot.search(cc.observe(state, seat), cc.legal_actions(state), random.Random(0))
    assert bot.last_iterations == 25
    assert sum(r.visits for r in ranked) == 25


def test_time_budget_is_respected() -> None:
    """A time budget stops the search soon after the deadline (one iteration's slack)."""
    bot = ISMCTSBot(seconds=0.05)
    state = _positions("caliente", 7, 3)[-1]
    start = time.perf_counter()
    _choose(bot, state, 0)
    assert time.perf_counter() - start < 0.05 + 0.5
    assert bot.last_iterations >= 1


def test_analyse_ranks_every_legal_action() -> None:
    """analyse gives each legal action once, best first by simulations, with values in [0, 1]."""
    state = _positions("caliente", 11, 4)[-1]
    seat = state.current_player
    assert seat is not None
    ranked = analyse(cc.observe(state, seat), iterations=30, seed=2)
    legal = cc.legal_actions(state)
    assert sorted(map(str, (r.action for r in ranked))) == sorted(map(str, legal))
    assert all(isinstance(r, ActionValue) and 0.0 <= r.value <= 1.0 for r in ranked)
    assert sum(r.visits for r in ranked) == 30
    assert ranked == analyse(cc.observe(state, seat), iterations=30, seed=2)


def test_analyse_refuses_another_seats_turn() -> None:
    """analyse of a seat that is not to act raises StateError naming the seat."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    other = (state.current_player or 0) + 1
    with pytest.raises(cc.StateError, match=f"seat {other}"):
        analyse(cc.observe(state, other), iterations=5)


def test_bad_budgets_raise() -> None:
    """Both budgets, a non-int or a non-positive budget are refused with a message."""
    with pytest.raises(ValueError, match="not both"):
        ISMCTSBot(iterations=5, seconds=1.0)
    with pytest.raises(TypeError, match="iterations must be an int, not str"):
        ISMCTSBot(iterations="5")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError, match="positive"):
        ISMCTSBot(seconds=-1)


def test_get_bot_ismcts() -> None:
    """get_bot("ismcts") gives the search bot, with budget keywords passed through."""
    bot = get_bot("ismcts", iterations=7)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 7
    assert isinstance(get_bot("ismcts"), ISMCTSBot)
    with pytest.raises(TypeError, match="heuristic"):
        get_bot("heuristic", iterations=3)


def test_evaluate_finished_hand_is_its_result() -> None:
    """On a finished hand the cut-off evaluation is the hand's result."""
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=4)
    rng = random.Random(0)
    bot = get_bot("heuristic")
    while not state.is_hand_over:
        seat = state.current_player
        assert seat is not None
        state = cc.apply(state, bot(cc.observe(state, seat), cc.legal_actions(state), rng))
    assert evaluate(state) == tuple(float(t) for t in state.hand_results[-1].totals)


def test_evaluate_race_weight() -> None:
    """race_weight 0 is the plain cut-off evaluation; a positive race_weight credits the side
    holding a canasta (the one it needs to go out in caliente) with part of the going-out
    bonus, and counts the other side's cards in hand at up to their full value."""
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=4)
    rng = random.Random(0)
    bot = get_bot("heuristic")
    while not state.is_hand_over and not any(
            m.is_canasta for side in range(len(rules.layout)) for m in state.melds(side)):
        seat = state.current_player
        assert seat is not None
        state = cc.apply(state, bot(cc.observe(state, seat), cc.legal_actions(state), rng))
    assert not state.is_hand_over
    plain = evaluate(state, hand_weight=0.3)
    assert evaluate(state, hand_weight=0.3, race_weight=0.0) == plain
    raced = evaluate(state, hand_weight=0.3, race_weight=1.0)
    holder = next(side for side in range(len(rules.layout))
                  if any(m.is_canasta for m in state.melds(side)))
    assert raced[holder] > plain[holder]
    assert all(raced[side] <= plain[side] for side in range(len(rules.layout))
               if side != holder)
    with pytest.raises(ValueError, match="race_weight"):
        ISMCTSBot(race_weight=-1)
    with pytest.raises(TypeError, match="race_weight must be a number, not str"):
        ISMCTSBot(race_weight="1")  # type: ignore[arg-type]


@pytest.mark.slow
def test_search_beats_random_play() -> None:
    """Partners of the search bot (20 iterations) outscore random partners over
    four hands, two with each side (their summed lead is positive)."""
    rules = cc.RuleSet.preset("caliente")
    search = ISMCTSBot(iterations=20)
    other = get_bot("random")
    lead = 0
    for deal in range(2):
        for side in (0, 1):
            state = cc.new_game(rules, seed=100 + deal)
            rng = random.Random(deal)
            while not state.is_hand_over:
                legal = cc.legal_actions(state)
                seat = state.current_player
                assert seat is not None
                bot = search if state.side_of(seat) == side else other
                state = cc.apply(state, bot(cc.observe(state, seat), legal, rng))
            totals = state.hand_results[-1].totals
            lead += totals[side] - totals[1 - side]
    assert lead > 0
