"""The ISMCTS search bot and analyse: determinism, legality, budgets, the ranking's shape."""

from __future__ import annotations

import random
import time

import pytest

import canasta_caliente as cc
from canasta_caliente.players.bots import get_bot
from canasta_caliente.players.search import ActionValue, ISMCTSBot, analyse, evaluate
from conftest import EVERY_PRESET, quick_part


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


@pytest.mark.parametrize("budget", quick_part([2, 7, 25, 60], [2, 25]))
def test_iteration_budget_is_respected(budget: int) -> None:
    """The bot runs at most its simulations (at least one per legal action), the actions'
    visits add up to them, and a round that cannot give each action left one more stops."""
    bot = ISMCTSBot(iterations=budget)
    for state in _positions("caliente", 7, 12):
        seat = state.current_player
        assert seat is not None
        legal = cc.legal_actions(state)
        ranked = bot.search(cc.observe(state, seat), legal, random.Random(0))
        assert sum(r.visits for r in ranked) == bot.last_iterations
        assert bot.last_iterations <= max(budget, len(legal))
        assert all(r.visits >= 1 for r in ranked)
        if len(legal) <= budget // 2:
            assert bot.last_iterations > budget // 2


def test_time_budget_is_respected() -> None:
    """A time budget stops the search soon after the deadline (one iteration's slack)."""
    bot = ISMCTSBot(seconds=0.05)
    state = _positions("caliente", 7, 3)[-1]
    start = time.perf_counter()
    _choose(bot, state, 0)
    assert time.perf_counter() - start < 0.05 + 0.5
    assert bot.last_iterations >= 1


def test_analyse_ranks_every_legal_action() -> None:
    """analyse gives each legal action once, the action to play first, with values in
    [0, 1], the same for the same seed."""
    state = _positions("caliente", 11, 4)[-1]
    seat = state.current_player
    assert seat is not None
    ranked = analyse(cc.observe(state, seat), iterations=30, seed=2)
    legal = cc.legal_actions(state)
    assert sorted(map(str, (r.action for r in ranked))) == sorted(map(str, legal))
    assert all(isinstance(r, ActionValue) and 0.0 <= r.value <= 1.0 for r in ranked)
    assert sum(r.visits for r in ranked) <= 30
    assert ranked == analyse(cc.observe(state, seat), iterations=30, seed=2)


def test_analyse_refuses_another_seats_turn() -> None:
    """analyse of a seat that is not to act raises ArgumentError naming the seat (as a bot
    given that view does: ``tests/test_bot_turns.py``)."""
    state = cc.new_game(cc.RuleSet.preset("caliente"), seed=1)
    other = (state.current_player or 0) + 1
    with pytest.raises(cc.ArgumentError, match=f"seat {other}"):
        analyse(cc.observe(state, other), iterations=5)


def test_both_budgets_are_simulations_bounded_by_time() -> None:
    """Iterations and seconds at once: the simulations, stopped early if the time runs out
    first (they were refused together, so a game that must answer in time could not bound a
    search of a set strength)."""
    bot = ISMCTSBot(iterations=40, seconds=120.0)  # (a bound it never reaches, however loaded)
    assert repr(bot) == "ISMCTSBot(iterations=40, seconds=120.0)"
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
    seat = state.current_player
    assert seat is not None
    view, legal = cc.observe(state, seat), cc.legal_actions(state)
    # Within a bound it does not reach: the same ranking as the simulations alone.
    assert bot.search(view, legal, random.Random(1)) == ISMCTSBot(iterations=40).search(
        view, legal, random.Random(1))
    assert 0 < bot.last_iterations <= 40
    # A bound it reaches at once stops it long before the 10,000 simulations asked: it
    # plays its policy's choice, or what the few simulations it ran found.
    rushed = ISMCTSBot(iterations=10_000, seconds=1e-9)
    assert rushed(view, legal, random.Random(1)) in legal
    assert rushed.last_iterations < 10_000


def test_bad_budgets_raise() -> None:
    """A non-int or a non-positive budget is refused with a message."""
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


def _reference_evaluation(
    state: cc.GameState, hand_weight: float, race_weight: float
) -> tuple[float, ...]:
    """The cut-off evaluation as its docstring defines it, from the public accessors (each
    meld's cards and each hand's cards), independently of :func:`evaluate`'s counts."""
    rules = state.rules
    values = rules.card_values
    need = max(1, rules.canastas_to_go_out)
    table, progress, helds = [], [], []
    for side, seats in enumerate(rules.layout):
        melds = state.melds(side)
        score = float(sum(values[c] for meld in melds for c in meld.cards))
        canastas = [meld for meld in melds if meld.is_canasta]
        score += sum(rules.natural_canasta_bonus if meld.is_natural else
                     rules.mixed_canasta_bonus for meld in canastas)
        bonus = len(state.laid_out(side)) * rules.bonus_card_score
        score += bonus if melds else -bonus
        table.append(score - rules.caliente_card_penalty * state.caliente_played(side))
        fewest = min(len(state.hand(seat)) for seat in seats)
        progress.append(min(len(canastas), need) / need * 12 / (12 + fewest))
        helds.append(sum(values[c] for seat in seats for c in state.hand(seat)))
    out = []
    for side, score in enumerate(table):
        threat = max(p for i, p in enumerate(progress) if i != side) if race_weight else 0.0
        weight = hand_weight + (1.0 - hand_weight) * threat
        out.append(score + race_weight * rules.going_out_bonus * progress[side]
                   - weight * helds[side])
    return tuple(out)


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_evaluate_matches_its_definition(preset: str) -> None:
    """At every state of seeded random hands of every preset, the cut-off evaluation (read
    from the table's counts) equals its definition computed from the melds' and hands'
    cards, with and without the race term."""
    rules = cc.RuleSet.preset(preset)
    for seed in range(2):
        rng = random.Random(seed)
        state = cc.new_game(rules, seed=seed)
        while not state.is_hand_over:
            for hand_weight, race_weight in ((0.3, 0.0), (1.0, 0.0), (0.7, 2.0)):
                assert evaluate(state, hand_weight=hand_weight, race_weight=race_weight) == (
                    _reference_evaluation(state, hand_weight, race_weight))
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))


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


def _policy_and_search(
    bot: ISMCTSBot, state: cc.GameState, seed: int
) -> tuple[cc.Action, list[ActionValue]]:
    seat = state.current_player
    assert seat is not None
    view = cc.observe(state, seat)
    legal = cc.legal_actions(state)
    # The search draws the policy's rng first from its own: replay that draw.
    local = random.Random(random.Random(seed).getrandbits(64))
    policy = bot.rollout_bot(view, legal, random.Random(local.getrandbits(64)))
    return policy, bot.search(view, legal, random.Random(seed))


def test_root_actions_are_legal_in_every_determinization() -> None:
    """The seat's legal actions depend only on what it sees: every resample of its view has
    the same legal list, so the root's actions can share determinizations."""
    for preset in ("caliente", "caliente-2p", "classic"):
        for state in _positions(preset, 21, 15):
            seat = state.current_player
            assert seat is not None
            view = cc.observe(state, seat)
            legal = cc.legal_actions(state)
            for seed in range(4):
                assert cc.legal_actions(cc.resample(view, random.Random(seed))) == legal


@pytest.mark.slow
def test_policy_move_survives_and_departures_need_evidence() -> None:
    """The policy's move reaches the last round of sequential halving (it has the most
    simulations); the search plays another move only when that move's mean lead is higher;
    with an enormous margin it always plays the policy's move."""
    search = ISMCTSBot(iterations=40)
    stubborn = ISMCTSBot(iterations=40, margin=1e9)
    departures = 0
    for state in _positions("caliente", 13, 25):
        policy, ranked = _policy_and_search(search, state, 3)
        by_action = {r.action: r for r in ranked}
        assert by_action[policy].visits == max(r.visits for r in ranked)
        if ranked[0].action != policy:
            departures += 1
            assert ranked[0].lead > by_action[policy].lead
        assert _policy_and_search(stubborn, state, 3)[1][0].action == policy
    assert departures  # the positions include some where the search departs


def test_common_worlds_make_equal_actions_tie() -> None:
    """Two actions that lead to the same play are simulated on the same worlds (common random
    numbers), so their leads agree exactly: the root's two offers of ``draw`` are told apart
    only by position, and a search with every action identical never departs."""
    state = _positions("caliente", 5, 1)[0]
    seat = state.current_player
    assert seat is not None
    view = cc.observe(state, seat)
    legal = cc.legal_actions(state)
    twice = [legal[0], legal[0]]
    ranked = ISMCTSBot(iterations=20).search(view, twice, random.Random(1))
    assert ranked[0].lead == ranked[1].lead and ranked[0].visits == ranked[1].visits


def test_tree_below_the_root_is_deterministic_and_legal() -> None:
    """With widening (an SO-ISMCTS tree below each root action) the search still plays legal
    moves, the same ones for the same seed."""
    bot = ISMCTSBot(iterations=30, widening=1.0, rollout_actions=30)
    for state in _positions("caliente", 17, 5):
        first = _choose(bot, state, 4)
        assert first in cc.legal_actions(state)
        assert first == _choose(bot, state, 4)


def test_bad_options_raise() -> None:
    """Each option's wrong type is a TypeError naming it; a value out of range a ValueError."""
    for name, value in (("margin", -1.0), ("widening", -0.5), ("exploration", float("inf")),
                        ("hand_weight", float("nan")), ("rollout_actions", -1)):
        with pytest.raises(ValueError, match=name):
            ISMCTSBot(**{name: value})  # type: ignore[arg-type]
    for name in ("margin", "widening", "hand_weight", "rollout_actions"):
        with pytest.raises(TypeError, match=f"{name} must be"):
            ISMCTSBot(**{name: "1"})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rollout_bot must be a bot"):
        ISMCTSBot(rollout_bot=3)  # type: ignore[arg-type]


def test_full_rollouts_score_by_the_hands_result() -> None:
    """With rollout_actions=None every simulation plays to the end of the hand, so each lead
    is a difference of hand results, whole points (the cut-off evaluation counts cards in hand
    at 0.3 of their value, so its leads are not)."""
    state = _positions("caliente", 19, 6)[-1]
    seat = state.current_player
    assert seat is not None
    view, legal = cc.observe(state, seat), cc.legal_actions(state)
    full = ISMCTSBot(iterations=10, rollout_actions=None).search(view, legal, random.Random(2))
    for item in full:
        total = item.lead * item.visits
        assert abs(total - round(total)) < 1e-6
    cut = ISMCTSBot(iterations=10, rollout_actions=4).search(view, legal, random.Random(2))
    assert any(abs(i.lead * i.visits - round(i.lead * i.visits)) > 1e-6 for i in cut)


def _rollout_turn() -> tuple[cc.View, tuple[cc.Action, ...]]:
    """A two-player view after the first draw, with many legal actions, and those actions."""
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=2), "draw")
    seat = state.current_player
    assert seat is not None
    return cc.observe(state, seat), cc.legal_actions(state)


def test_a_rollout_bot_may_answer_in_notation() -> None:
    """A rollout bot answering in notation was compared with the actions as text (never
    equal), so the search took the first legal action for its policy's choice: its answers
    are now read as play_game reads a bot's, and its choice is the move to beat. With one
    simulation an action, nothing beats it."""
    def last_in_notation(view: cc.View, legal: object, rng: random.Random) -> str:
        assert isinstance(legal, tuple)
        return str(legal[-1])

    view, legal = _rollout_turn()
    assert len(legal) > 2
    bot = ISMCTSBot(iterations=1, rollout_bot=last_in_notation, rollout_actions=4)
    assert bot(view, legal, random.Random(0)) == legal[-1]


def test_a_rollout_bots_wrong_answer_names_it() -> None:
    """A rollout bot answering None failed with a TypeError from deep in the engine, an
    illegal answer with a bare IllegalActionError: each names the rollout bot now."""
    def forgets(view: cc.View, legal: object, rng: random.Random) -> None:
        return None

    def takes(view: cc.View, legal: object, rng: random.Random) -> cc.Action:
        return cc.parse_action("take K K")

    def garbles(view: cc.View, legal: object, rng: random.Random) -> str:
        return "meld 1 1 1"

    view, legal = _rollout_turn()
    assert cc.parse_action("take K K") not in legal
    with pytest.raises(TypeError, match=r"^the search's rollout bot 'forgets' \(playing seat "
                                        r"\d\) answered None: a bot returns one of the legal"):
        ISMCTSBot(iterations=4, rollout_bot=forgets)(view, legal, random.Random(0))
    with pytest.raises(cc.IllegalActionError, match=r"^the search's rollout bot 'takes' "
                                                    r"\(playing seat \d\) played an illegal "
                                                    r"action: take K K is not one of the"):
        ISMCTSBot(iterations=4, rollout_bot=takes)(view, legal, random.Random(0))
    with pytest.raises(cc.NotationError, match=r"^the search's rollout bot 'garbles' "
                                               r"\(playing seat \d\) answered 'meld 1 1 1'"):
        ISMCTSBot(iterations=4, rollout_bot=garbles)(view, legal, random.Random(0))
