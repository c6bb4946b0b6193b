"""The observation kept from step to step (:class:`~canasta_caliente.rl.ObservationTracker`, what
the environments use): equal, entry for entry, to the observation built afresh from the state
and to the reference built from the view's accessors, at every node of random games, across
deals, new games and jumps back to earlier states (a take-back), and in every environment
after reset, each step and autoreset."""

from __future__ import annotations

import random

import pytest

import canasta_caliente as cc
from conftest import rules_for

np = pytest.importorskip("numpy")
rl = pytest.importorskip("canasta_caliente.rl")  # needs numpy, gymnasium and pettingzoo
from test_rl_features import _reference  # noqa: E402

ObservationTracker, observation_of = rl.ObservationTracker, rl.observation_of

RULES = {
    "caliente": rules_for("caliente"),
    "caliente-2p": rules_for("caliente-2p"),
    "caliente-6p": rules_for("caliente-6p"),
    "caliente-6p-3deck-3x2": rules_for("caliente-6p-3deck-3x2"),
    "caliente-always-frozen": rules_for("caliente-always-frozen"),
    "classic": rules_for("classic"),
    "stop_card_freezes": rules_for("classic", stop_card_freezes=True),
}
"""Two to six players, two and three sides, three decks, a pile always frozen, the classic
rules, and stop cards that freeze the pile (READ-6)."""


@pytest.mark.parametrize("name", sorted(RULES))
def test_tracked_observation_is_the_observation_at_every_node(name: str) -> None:
    """A tracker that follows random games (at a hand's end a deal or a new game, and now and
    then a jump back to an earlier state of the game, as a take-back makes) gives,
    for the seat to act and for a random other seat, the vector ``observation_of`` builds
    afresh and the reference builds from the view; the tracker's vector is a new array each
    time, which the caller may change."""
    rules = RULES[name]
    rng = random.Random(11)
    tracker = ObservationTracker(rules)
    state = cc.new_game(rules, seed=11)
    history = [state]
    games = ended = 0
    for step in range(700):
        seats = {rng.randrange(rules.players)}
        if state.current_player is not None:
            seats.add(state.current_player)
        for seat in sorted(seats):
            vector = tracker.observe(state, seat)
            assert vector.dtype == np.float32
            assert vector.tolist() == observation_of(state, seat).tolist(), (name, step, seat)
            if step % 5 == 0:
                assert vector.tolist() == _reference(cc.observe(state, seat)), (name, step)
            vector[:] = -1  # the caller's own array: the tracker keeps its entries apart
        legal = cc.legal_actions(state)
        if state.is_hand_over:
            ended += 1
        if not legal or (state.is_hand_over and rng.random() < 0.5):
            state, games = cc.new_game(rules, seed=rng.randrange(2**32)), games + 1
            history = [state]
        elif rng.random() < 0.03 and len(history) > 3:
            back = rng.randrange(1, min(len(history), 30))
            del history[-back:]
            state = history[-1]
        else:
            state = cc.apply(state, rng.choice(legal))
            history.append(state)
    assert ended  # the test crossed a hand's end (then a deal or a new game)


def test_tracker_refuses_what_it_cannot_observe() -> None:
    """Wrong types are TypeErrors; a state of other rules and a seat not at the table are
    ValueErrors, naming what was wrong."""
    rules = rules_for("caliente")
    tracker = ObservationTracker(rules)
    state = cc.new_game(rules, seed=0)
    with pytest.raises(TypeError, match="RuleSet"):
        ObservationTracker("caliente")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        tracker.observe(cc.observe(state, 0), 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules differ"):
        tracker.observe(cc.new_game(rules_for("caliente-2p"), seed=0), 0)
    with pytest.raises(ValueError, match="no seat 4"):
        tracker.observe(state, 4)
    ints = np.zeros((1, rl.observation_size(rules)), np.int32)
    with pytest.raises(ValueError, match="no seat -1"):
        tracker.pack_into(ints, 0, state, -1)


@pytest.mark.parametrize("name", ["caliente", "caliente-2p", "stop_card_freezes"])
@pytest.mark.parametrize("reward", ["hand", "game"])
def test_pettingzoo_observations_are_the_observations_of_the_state(name: str,
                                                                   reward: str) -> None:
    """In the AEC environment, after every reset and every step, every agent's observation
    (kept by the environment from step to step) is ``observation_of`` its seat, built
    afresh."""
    rules = RULES[name]
    e = rl.raw_env(rules=rules, reward=reward)
    rng = random.Random(5)
    steps = 0
    for episode in range(3):
        e.reset(seed=episode)
        for _ in e.agent_iter(max_iter=300):
            for other in e.possible_agents:
                seat = e.possible_agents.index(other)
                observed = e.observe(other)["observation"]
                assert observed.tolist() == observation_of(e.game_state, seat).tolist()
            _, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(info["legal_ids"]))
            steps += 1
    assert steps > 300


@pytest.mark.parametrize("name", ["caliente", "caliente-6p", "stop_card_freezes"])
def test_gymnasium_and_vector_observations_are_the_observations_of_the_state(name: str) -> None:
    """The Gymnasium environment's observation, after reset and every step, and each row of
    the vector environment's, after every step and every autoreset, is ``observation_of`` the
    learner's seat, built afresh."""
    rules = RULES[name]
    single = rl.CanastaGymEnv(rules=rules)
    rng = random.Random(3)
    for episode in range(3):
        obs, info = single.reset(seed=episode)
        done = False
        while not done:
            assert obs.tolist() == observation_of(single.game_state, 0).tolist()
            obs, _, done, _, info = single.step(rng.choice(info["legal_ids"]))
        assert obs.tolist() == observation_of(single.game_state, 0).tolist()
    envs = rl.CanastaVectorEnv(3, rules=rules)
    obs, info = envs.reset(seed=1)
    resets = 0
    for _ in range(250):
        for i, copy in enumerate(envs.envs):
            assert obs[i].tolist() == observation_of(copy.game_state, copy.seat).tolist()
        actions = np.array([rng.choice(ids) for ids in info["legal_ids"]])
        obs, _, terminations, truncations, info = envs.step(actions)
        resets += int(terminations.sum() + truncations.sum())
    assert resets  # autoreset was crossed
