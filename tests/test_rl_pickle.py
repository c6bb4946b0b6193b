"""Every environment, and the observation tracker, pickles (as copy.deepcopy copied it): an
environment pickled mid-episode and read back plays on exactly as the original, the same ids
giving the same observations, masks, rewards and infos."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import canasta_caliente as cc

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
rl = pytest.importorskip("canasta_caliente.rl")  # needs numpy, gymnasium and pettingzoo
data_equivalence = pytest.importorskip("gymnasium.utils.env_checker").data_equivalence


def _round_trip(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


def test_the_tracker_and_layout_pickle() -> None:
    """An ObservationTracker pickles mid-game (it held struct packers, which cannot be
    pickled) and observes on as the original; its layout comes back as the cached one."""
    rules = cc.RuleSet.preset("caliente")
    tracker = rl.ObservationTracker(rules)
    state = cc.new_game(rules, seed=3)
    for _ in range(12):
        state = cc.apply(state, cc.legal_actions(state)[-1])
        tracker.observe(state, state.current_player)
    copy = _round_trip(tracker)
    assert copy._offsets is rl.features.layout_offsets(rules)
    for _ in range(12):
        state = cc.apply(state, cc.legal_actions(state)[0])
        for seat in range(rules.players):
            assert (copy.observe(state, seat) == tracker.observe(state, seat)).all()


@pytest.mark.parametrize("make", [
    lambda: rl.raw_env(rules="caliente-2p"),
    lambda: rl.env(rules="caliente", flat=True, normalize=True),
], ids=["raw_env", "env"])
def test_pettingzoo_env_pickled_mid_episode_plays_on_alike(make: Any) -> None:
    """The AEC environment, bare and wrapped, pickled mid-episode plays on as the original."""
    original = make()
    original.reset(seed=5)
    for _ in range(20):
        original.step(original.last()[4]["legal_ids"][0])
    copy = _round_trip(original)
    for agent in original.agent_iter():
        assert copy.agent_selection == agent
        last = original.last()
        assert data_equivalence(copy.last(), last)
        assert data_equivalence(copy.observe("player_1"), original.observe("player_1"))
        action = None if last[2] or last[3] else last[4]["legal_ids"][-1]
        original.step(action)
        copy.step(action)
    assert copy.agents == [] and copy.game_state == original.game_state


@pytest.mark.parametrize("make", [
    lambda: rl.CanastaGymEnv(rules="caliente", bots="heuristic", reward="game"),
    lambda: rl.CanastaGymEnv(rules="caliente-2p", seat=None),
    lambda: gym.make("canasta_caliente/Caliente-2p-v0"),
], ids=["heuristic-bots", "self-play", "gym.make"])
def test_gymnasium_env_pickled_mid_episode_plays_on_alike(make: Any) -> None:
    """The Gymnasium environment (bots' generators included) pickled mid-episode plays on as
    the original, through its autoreset-free end and a reset without a seed."""
    original = make()
    _, info = original.reset(seed=2)
    for _ in range(10):
        _, _, _, _, info = original.step(info["legal_ids"][0])
    copy = _round_trip(original)
    for _ in range(400):
        ids = info["legal_ids"]
        step = original.step(ids[len(ids) // 2])
        assert data_equivalence(copy.step(ids[len(ids) // 2]), step)
        info = step[4]
        if step[2] or step[3]:
            reset = original.reset()
            assert data_equivalence(copy.reset(), reset)
            info = reset[1]


def test_vector_env_pickled_mid_episode_plays_on_alike() -> None:
    """The vector environment pickled mid-episode plays on as the original, autoresets
    included."""
    original = rl.CanastaVectorEnv(3, rules="caliente-2p", bots="random")
    _, info = original.reset(seed=4)
    for _ in range(15):
        _, _, _, _, info = original.step(np.array([ids[0] for ids in info["legal_ids"]]))
    copy = _round_trip(original)
    for _ in range(150):
        actions = np.array([ids[-1] for ids in info["legal_ids"]])
        step = original.step(actions)
        assert data_equivalence(copy.step(actions), step)
        assert (copy.action_masks() == original.action_masks()).all()
        info = step[4]
