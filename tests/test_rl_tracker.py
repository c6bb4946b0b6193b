"""The observation kept from step to step (:class:`~canasta_caliente.rl.ObservationTracker`, what
the environments use): equal, entry for entry, to the observation built afresh from the state
and to the reference built from the view's accessors, at every node of random games, across
deals, new games and jumps back to earlier states (a take-back), and in every environment
after reset, each step and autoreset."""

from __future__ import annotations

import random

import pytest

import canasta_caliente as cc
from conftest import quick_part, rules_for

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


@pytest.mark.parametrize("name", quick_part(sorted(RULES), ["caliente-6p-3deck-3x2", "classic",
                                                  "stop_card_freezes"]))
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


def test_a_tracker_starts_at_any_state() -> None:
    """A new tracker's first state may be any state: one with an empty pile (after a take),
    with known cards, and between hands, each observed by every seat."""
    rules = RULES["caliente"]
    rng = random.Random(2)
    state = cc.new_game(rules, seed=2)
    seen = {"empty pile": False, "known": False, "between hands": False}
    while not all(seen.values()):
        if state.is_hand_over:
            seen["between hands"] = True
        seen["empty pile"] |= not state.pile
        seen["known"] |= bool(state.table.known)
        for seat in range(rules.players):
            fresh = ObservationTracker(rules).observe(state, seat)
            assert fresh.tolist() == observation_of(state, seat).tolist()
        legal = cc.legal_actions(state)
        state = cc.apply(state, rng.choice(legal)) if not state.is_game_over else \
            cc.new_game(rules, seed=rng.randrange(99))


def test_tracker_pack_into_refuses_a_buffer_it_cannot_fill() -> None:
    """pack_into writes one row of an int32 buffer of the observation's width; another
    buffer, or a row outside it, is refused naming what was wrong."""
    rules = rules_for("caliente")
    tracker = ObservationTracker(rules)
    state = cc.new_game(rules, seed=0)
    size = rl.observation_size(rules)
    ints = np.zeros((2, size), np.int32)
    tracker.pack_into(ints, 1, state, 3)
    assert ints[1].tolist() == observation_of(state, 3).tolist() and not ints[0].any()
    with pytest.raises(TypeError, match="buffer"):
        tracker.pack_into([[0] * size], 0, state, 0)  # type: ignore[arg-type]
    for bad in (np.zeros((2, size), np.float32), np.zeros((2, size + 1), np.int32),
                np.zeros(size, np.int32)):
        with pytest.raises(ValueError, match="buffer"):
            tracker.pack_into(bad, 0, state, 0)
    with pytest.raises(ValueError, match=rf"got int32 \(2, {size}\), not C-contiguous"):
        tracker.pack_into(np.asfortranarray(ints), 0, state, 0)
    with pytest.raises(ValueError, match="row: 2"):
        tracker.pack_into(ints, 2, state, 0)
    with pytest.raises(TypeError, match="row"):
        tracker.pack_into(ints, True, state, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("flat", [False, True])
def test_pettingzoo_infos_are_right_for_every_agent_at_every_step(flat: bool) -> None:
    """After every reset and step, the agent to act's info holds the legal ids (and with
    ``flat`` its mask), and every other agent's info no ids and an all-zero mask; each mask
    is an int8 array of its own."""
    rules = RULES["caliente"]
    e = rl.raw_env(rules=rules, flat=flat)
    space = cc.ActionSpace(rules)
    rng = random.Random(8)
    steps = 0
    for episode in range(2):
        e.reset(seed=episode)
        for agent in e.agent_iter(max_iter=400):
            done = e.terminations[agent] or e.truncations[agent]
            legal = () if done else space.legal_ids(e.game_state)
            for other in e.agents:
                info = e.infos[other]
                ids = legal if other == agent else ()
                assert info["legal_ids"] == ids, (steps, other)
                if flat:
                    mask = info["action_mask"]
                    assert mask.dtype == np.int8 and mask.flags.writeable
                    assert tuple(np.flatnonzero(mask)) == ids
            if done:
                e.step(None)
                continue
            observed = e.observe(agent) if flat else e.observe(agent)["action_mask"]
            if not flat:
                assert observed.dtype == np.int8 and tuple(np.flatnonzero(observed)) == legal
                observed[:] = 1  # the caller's own array
                assert tuple(np.flatnonzero(e.observe(agent)["action_mask"])) == legal
            e.step(rng.choice(legal))
            steps += 1
    assert steps > 200
