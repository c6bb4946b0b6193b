"""The batch observation and the vector environment: the same as the single ones, copy by copy,
and Gymnasium's vector conventions."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.errors import EpisodeError

np = pytest.importorskip("numpy")
vector = pytest.importorskip("gymnasium.vector")
checker = pytest.importorskip("gymnasium.utils.env_checker")
rl = pytest.importorskip("canasta_caliente.rl")  # needs numpy, gymnasium and pettingzoo
CanastaGymEnv, CanastaVectorEnv = rl.CanastaGymEnv, rl.CanastaVectorEnv
observation_of, observations_of = rl.observation_of, rl.observations_of
data_equivalence = checker.data_equivalence


def random_states(rules: cc.RuleSet, n: int, seed: int) -> list[cc.GameState]:
    """``n`` states met in random games (deals between hands included)."""
    rng = random.Random(seed)
    out = []
    state = cc.new_game(rules, seed=seed)
    while len(out) < n:
        out.append(state)
        legal = cc.legal_actions(state)
        state = cc.apply(state, rng.choice(legal)) if legal else cc.new_game(
            rules, seed=rng.randrange(2**32))
    return out


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-6p-3deck-3x2"])
def test_batch_observation_rows_are_the_single_observations(preset: str) -> None:
    """Row i of the batch is observation_of(states[i], seats[i]), into a new array and into a
    reused one (whose old contents leave no trace)."""
    rules = cc.RuleSet.preset(preset)
    states = random_states(rules, 600, 3)
    rng = random.Random(4)
    seats = [rng.randrange(rules.players) for _ in states]
    expected = np.stack([observation_of(s, seat) for s, seat in zip(states, seats, strict=True)])
    assert np.array_equal(observations_of(states, seats), expected)
    out = np.full((len(states), rl.observation_size(rules)), 7.0, np.float32)
    assert observations_of(states, seats, out) is out
    assert np.array_equal(out, expected)


def test_batch_observation_refuses_bad_input() -> None:
    """Wrong types, lengths, seats, mixed rules and unfit output arrays are refused, naming
    what was wrong."""
    rules = cc.RuleSet.preset("caliente")
    state = cc.new_game(rules, seed=1)
    with pytest.raises(TypeError, match="states"):
        observations_of(state, [0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seats"):
        observations_of([state], 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one seat per state"):
        observations_of([state, state], [0])
    with pytest.raises(ValueError, match="at least one"):
        observations_of([], [])
    with pytest.raises(TypeError, match=r"states\[1\]"):
        observations_of([state, "x"], [0, 1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="no seat 4"):
        observations_of([state], [4])
    other = cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=1)
    with pytest.raises(ValueError, match=r"states\[1\]: its rules differ"):
        observations_of([state, other], [0, 0])
    with pytest.raises(ValueError, match="out"):
        observations_of([state], [0], np.zeros((1, 216), np.float64))
    with pytest.raises(ValueError, match="out"):
        observations_of([state], [0], np.zeros((2, 216), np.float32))
    # (the dtype and the shape right, what fails named: it said "got float32 (3, 216)")
    size = rl.observation_size(rules)
    read_only = np.zeros((3, size), np.float32)
    read_only.flags.writeable = False
    for out, failing in ((np.asfortranarray(np.zeros((3, size), np.float32)),
                          "not C-contiguous (np.ascontiguousarray makes one)"),
                         (np.zeros((3, 2 * size), np.float32)[:, ::2], "not C-contiguous"),
                         (read_only, "read-only")):
        with pytest.raises(ValueError, match=re.escape(f"got float32 (3, {size}), {failing}")):
            observations_of([state] * 3, [0, 1, 2], out)
    with pytest.raises(TypeError, match="out"):
        observations_of([state], [0], [[0.0] * 216])  # type: ignore[arg-type]


def play_both(n: int, steps: int, seed: int, **kwargs: object) -> None:
    """Step the vector environment and SyncVectorEnv over n single environments side by side
    with the same seeds and actions; every return must be equal."""
    ours = CanastaVectorEnv(n, **kwargs)  # type: ignore[arg-type]
    theirs = vector.SyncVectorEnv([lambda: CanastaGymEnv(**kwargs)] * n)  # type: ignore[arg-type]
    step_side_by_side(ours, theirs, steps, seed)


def step_side_by_side(ours: Any, theirs: Any, steps: int, seed: int) -> None:
    """Step ``ours`` (a CanastaVectorEnv) and ``theirs`` (a SyncVectorEnv of the same copies)
    side by side with the same seeds and actions, mostly drawn from the legal ids; every
    return must be equal, and some episode must end (the autoreset exercised)."""
    assert ours.metadata["autoreset_mode"] is vector.AutoresetMode.NEXT_STEP
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.action_space == theirs.action_space
    a, b = ours.reset(seed=seed), theirs.reset(seed=seed)
    assert data_equivalence(a, b, exact=True)
    rng = random.Random(seed)
    ends = 0
    for step in range(steps):
        info = a[-1]
        # Mostly legal ids; now and then any id of the space (an illegal one ends the episode).
        actions = np.array([rng.randrange(ours.single_action_space.n) if rng.random() < 0.02
                            else rng.choice(ids) for ids in info["legal_ids"]])
        a, b = ours.step(actions), theirs.step(actions)
        assert data_equivalence(a, b, exact=True), f"step {step}"
        assert ours.observation_space.contains(a[0])
        assert np.array_equal(ours.action_masks(), a[-1]["action_mask"].astype(bool))
        ends += int(a[2].sum() + a[3].sum())
    assert ends >= 1  # the autoreset was exercised


def test_vector_env_equals_sync_vector_env_of_single_envs() -> None:
    """The same observations, rewards, terminations, truncations and infos as Gymnasium's
    SyncVectorEnv of CanastaGymEnv, through several episodes and their autoresets."""
    play_both(5, 150, 11, rules="caliente-2p")


def test_vector_env_equals_sync_vector_env_normalized_games() -> None:
    """Likewise for whole games, normalized observations and scaled rewards."""
    play_both(3, 120, 5, rules="caliente", reward="game", normalize=True)
    play_both(3, 80, 6, rules="caliente", reward_scale=1000.0, seat=2)


def test_vector_env_copy_false_reuses_one_array() -> None:
    """copy=False returns one array rewritten in place; copy=True a new one at each step."""
    shared = CanastaVectorEnv(2, rules="caliente-2p", copy=False)
    first, info = shared.reset(seed=1)
    second, *_, info = shared.step(np.array([ids[0] for ids in info["legal_ids"]]))
    assert second is first
    fresh = CanastaVectorEnv(2, rules="caliente-2p")
    first, info = fresh.reset(seed=1)
    second, *_ = fresh.step(np.array([ids[0] for ids in info["legal_ids"]]))
    assert second is not first


def test_vector_env_refuses_misuse() -> None:
    """Steps before reset, actions of the wrong shape or type, and bad arguments are refused."""
    envs = CanastaVectorEnv(2, rules="caliente-2p")
    with pytest.raises(EpisodeError, match="reset"):
        envs.step(np.array([0, 0]))
    with pytest.raises(EpisodeError, match="reset"):
        envs.action_masks()
    envs.reset(seed=0)
    with pytest.raises(ValueError, match="shape"):
        envs.step(np.array([0]))
    with pytest.raises(TypeError, match="integer ids"):
        envs.step(np.array([0.5, 1.0]))
    before = [env.game_state for env in envs.envs]
    with pytest.raises(cc.IllegalActionError, match=r"actions\[1\]"):
        envs.step(np.array([0, 10**6]))
    assert [env.game_state for env in envs.envs] == before  # nothing moved
    with pytest.raises(ValueError, match="one seed per copy"):
        envs.reset(seed=[1])
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1"):
        CanastaVectorEnv(0)
    with pytest.raises(TypeError, match="num_envs"):
        CanastaVectorEnv(2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="copy"):
        CanastaVectorEnv(2, copy=1)  # type: ignore[arg-type]


def test_vector_reset_checks_every_seed_before_resetting_any_copy() -> None:
    """A bad seed in the list is named by its index and no copy is reset (copy 0 was reset
    before seed[1] failed); NumPy integers are seeds, as CanastaGymEnv.reset takes them."""
    envs = CanastaVectorEnv(2, rules="caliente-2p")
    envs.reset(seed=0)
    before = [env.game_state for env in envs.envs]
    with pytest.raises(TypeError, match=r"seed\[1\] must be an int, not str"):
        envs.reset(seed=[5, "x"])  # type: ignore[list-item]
    with pytest.raises(cc.ArgumentError,
                       match=r"seed\[1\] must be None or an integer >= 0, not -1"):
        envs.reset(seed=[5, -1])
    with pytest.raises(cc.ArgumentError, match=r"seed must be None or an integer >= 0, not -1"):
        envs.reset(seed=-1)
    assert [env.game_state for env in envs.envs] == before
    _, numpy_seeded = envs.reset(seed=np.int64(3))
    _, int_seeded = envs.reset(seed=3)
    assert numpy_seeded["legal_ids"].tolist() == int_seeded["legal_ids"].tolist()
    by_int = [e.game_state for e in envs.envs]
    envs.reset(seed=np.array([3, 4]))
    assert [e.game_state for e in envs.envs] == by_int
    single = rl.CanastaGymEnv("caliente-2p")
    single.reset(seed=np.int64(3))
    assert single.game_state == envs.envs[0].game_state


def test_vector_reset_checks_every_copys_seed_from_one_seed() -> None:
    """reset(seed=s) seeds copy i with s + i: a copy whose s + i passes 256 bits is named,
    and no copy is reset (copy 0 was reset before copy 1's seed was refused)."""
    envs = CanastaVectorEnv(3, rules="caliente-2p")
    envs.reset(seed=0)
    before = [env.game_state for env in envs.envs]
    with pytest.raises(cc.ArgumentError, match=r"seed: copy 1 would be seeded seed \+ 1, past "
                       r"256 bits .*with 3 copies, seed must be at most 2\*\*256 - 3"):
        envs.reset(seed=2**256 - 1)
    with pytest.raises(cc.ArgumentError, match="copy 2 would be seeded seed \\+ 2"):
        envs.reset(seed=2**256 - 2)
    assert [env.game_state for env in envs.envs] == before
    envs.reset(seed=2**256 - 3)  # the largest: copy 2's seed is 2**256 - 1


def test_vector_step_ignores_the_id_of_a_copy_it_resets() -> None:
    """A copy whose episode ended at the last step is reset and its id ignored, not checked
    (an id out of range was an IllegalActionError), as SyncVectorEnv does; the ids of the
    copies that play are still checked."""
    ours = CanastaVectorEnv(2, rules="caliente-2p")
    theirs = vector.SyncVectorEnv([lambda: CanastaGymEnv(rules="caliente-2p")] * 2)
    a, b = ours.reset(seed=3), theirs.reset(seed=3)
    ended = False
    while not ended:
        ids = a[-1]["legal_ids"]
        actions = np.array([ids[0][0], ids[1][-1]])  # copy 0 plays on to its end
        a, b = ours.step(actions), theirs.step(actions)
        ended = bool(a[2][0] or a[3][0])
    with pytest.raises(cc.IllegalActionError, match=r"actions\[1\]: no action has id -1"):
        ours.step(np.array([99999, -1]))
    actions = np.array([99999, a[-1]["legal_ids"][1][0]])
    a, b = ours.step(actions), theirs.step(actions)
    assert data_equivalence(a, b, exact=True)
    assert not a[2][0] and a[1][0] == 0.0


def test_vector_env_works_under_gymnasium_vector_wrappers() -> None:
    """Gymnasium's own vector wrappers accept it: episode statistics are recorded."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(CanastaVectorEnv(2, rules="caliente-2p"))
    _, info = envs.reset(seed=3)
    done = 0
    while not done:
        _, _, terminations, truncations, info = envs.step(
            np.array([ids[0] for ids in info["legal_ids"]]))
        done = int((terminations | truncations).sum())
    assert "episode" in info


def test_vector_env_self_play_equals_sync_vector_env() -> None:
    """In self-play (seat=None), the same as SyncVectorEnv of self-play CanastaGymEnvs, the
    seats observed and every seat's rewards included; row i is the observation of the seat to
    act in copy i."""
    play_both(4, 400, 3, rules="caliente", seat=None)
    play_both(3, 300, 4, rules="caliente-2p", seat=None, reward="game", normalize=True)
    envs = CanastaVectorEnv(3, rules="caliente", seat=None)
    obs, info = envs.reset(seed=8)
    assert envs.self_play and info["seat"].dtype == np.int64
    assert info["rewards"].shape == (3, 4) and not info["rewards"].any()
    for i, env in enumerate(envs.envs):
        seat = env.game_state.current_player
        assert info["seat"][i] == seat
        assert np.array_equal(obs[i], observation_of(env.game_state, seat))


def test_vector_env_copies_share_one_ruleset() -> None:
    """Copies made from a preset's name share one RuleSet (and so the engine's tables that
    play fills, once for all of them)."""
    envs = CanastaVectorEnv(3, rules="caliente-2p")
    assert all(env.rules is envs.rules for env in envs.envs)
    assert envs.rules is cc.RuleSet.preset("caliente-2p")


def test_vector_env_copies_are_small_in_memory() -> None:
    """A copy of the vector environment, made and reset, holds tens of kilobytes, not its own
    tuple of every id (4,503 ints, 180 kB a copy, 46 MB at N = 256): measured with
    tracemalloc over 32 copies made after a first vector environment has filled the
    caches every copy shares."""
    import tracemalloc

    CanastaVectorEnv(2, rules="caliente", seat=None).reset(seed=0)
    tracemalloc.start()
    try:
        envs = CanastaVectorEnv(32, rules="caliente", seat=None)
        envs.reset(seed=0)
        per_copy = tracemalloc.get_traced_memory()[0] / 32
    finally:
        tracemalloc.stop()
    assert per_copy < 64_000, f"{per_copy:,.0f} bytes a copy"


def test_vector_env_reaches_its_copies_as_sync_vector_env_does() -> None:
    """``call``, ``get_attr`` and ``set_attr`` answer as ``SyncVectorEnv``'s over the same
    copies, so a trainer written for it can swap this one in; they were missing."""
    ours = CanastaVectorEnv(3, rules="caliente-2p", bots="random")
    theirs = vector.SyncVectorEnv([lambda: CanastaGymEnv("caliente-2p", bots="random")] * 3)
    for envs in (ours, theirs):
        envs.reset(seed=5)
    assert ours.get_attr("seat") == theirs.get_attr("seat") == (0, 0, 0)
    assert ours.call("action_masks")[0].tolist() == theirs.call("action_masks")[0].tolist()
    for envs in (ours, theirs):
        envs.set_attr("reward_scale", [1.0, 2.0, 3.0])
        assert envs.get_attr("reward_scale") == (1.0, 2.0, 3.0)
        envs.set_attr("reward_scale", 1.0)
        assert envs.get_attr("reward_scale") == (1.0, 1.0, 1.0)
    with pytest.raises(cc.ArgumentError, match="one value per copy"):
        ours.set_attr("reward_scale", [1.0, 2.0])
    with pytest.raises(AttributeError):
        ours.get_attr("no_such_attribute")


# -- gym.make_vec of the registered ids ----------------------------------------------------


def make_both(env_id: str, n: int, **kwargs: object) -> tuple[Any, Any]:
    """``gym.make_vec`` of ``env_id`` by default and with ``vectorization_mode="sync"``."""
    gym = pytest.importorskip("gymnasium")
    return (gym.make_vec(env_id, num_envs=n, **kwargs),
            gym.make_vec(env_id, num_envs=n, vectorization_mode="sync", **kwargs))


def test_make_vec_builds_the_vector_env_of_a_preset_id() -> None:
    """gym.make_vec of a preset's id builds CanastaVectorEnv by default (it built a
    SyncVectorEnv of single environments), of the id's rules, stepping as the SyncVectorEnv
    that vectorization_mode="sync" still builds; the spec of a bare environment, and the spec
    written as JSON and read back, build it too; it pickles (the SyncVectorEnv does not)."""
    import pickle

    gym = pytest.importorskip("gymnasium")
    env_id = rl.ENV_IDS["caliente-2p"]
    ours, theirs = make_both(env_id, 4)
    assert isinstance(ours, CanastaVectorEnv) and isinstance(theirs, vector.SyncVectorEnv)
    assert ours.rules is cc.RuleSet.preset("caliente-2p") and ours.num_envs == 4
    assert ours.spec is not None and ours.spec.id == env_id
    step_side_by_side(ours, theirs, 150, 21)
    again = gym.make_vec(gym.envs.registration.EnvSpec.from_json(ours.spec.to_json()))
    assert isinstance(again, CanastaVectorEnv) and again.num_envs == 4
    copied = pickle.loads(pickle.dumps(ours))
    assert isinstance(copied, CanastaVectorEnv) and copied.spec.id == env_id
    bare = gym.make_vec(CanastaGymEnv("caliente-3p").spec, num_envs=2)
    assert isinstance(bare, CanastaVectorEnv) and bare.rules.players == 3


def test_make_vec_builds_the_vector_env_of_the_generic_id() -> None:
    """The generic id takes its rules from the keywords, as gym.make does (default caliente),
    and steps as its SyncVectorEnv."""
    ours, theirs = make_both(rl.GENERIC_ID, 3, rules=cc.RuleSet.preset("caliente-3p"))
    assert isinstance(ours, CanastaVectorEnv)
    assert ours.rules == cc.RuleSet.preset("caliente-3p")
    step_side_by_side(ours, theirs, 120, 22)
    plain, _ = make_both(rl.GENERIC_ID, 2)
    assert isinstance(plain, CanastaVectorEnv) and plain.rules.players == 4


def test_make_vec_passes_the_keywords_through() -> None:
    """Every keyword gym.make takes for the id reaches each copy with its meaning there (the
    same steps as the SyncVectorEnv of those copies), self-play included; copy, the vector
    environment's own, and gym.make's max_episode_steps=-1 and disable_env_checker=True
    (nothing to limit or check) are taken too."""
    gym = pytest.importorskip("gymnasium")
    env_id = rl.ENV_IDS["caliente"]
    kwargs = {"seat": 2, "bots": ["heuristic", "random", "random"], "reward": "game",
              "illegal_reward": -2.0, "normalize": True}
    ours, theirs = make_both(env_id, 3, **kwargs)
    assert isinstance(ours, CanastaVectorEnv)
    assert ours.get_attr("seat") == (2, 2, 2) and ours.get_attr("reward_mode") == ("game",) * 3
    assert ours.get_attr("illegal_reward") == (-2.0,) * 3 and ours.get_attr("normalize")[0]
    step_side_by_side(ours, theirs, 120, 23)
    ours, theirs = make_both(env_id, 3, seat=None, reward_scale=1000.0, render_mode=None)
    assert ours.self_play and ours.get_attr("reward_scale") == (1000.0,) * 3
    step_side_by_side(ours, theirs, 200, 24)
    shared = gym.make_vec(env_id, num_envs=2, copy=False, max_episode_steps=-1,
                          disable_env_checker=True)
    assert isinstance(shared, CanastaVectorEnv) and shared.copy is False


def test_make_vec_refuses_what_the_vector_env_cannot_do() -> None:
    """A preset's id refuses rules and preset as gym.make does; what only a single
    environment does (render_mode="ansi", gym.make's TimeLimit and checker) is the library's
    ArgumentError naming the keyword and vectorization_mode="sync"; an unknown keyword a
    TypeError naming it (not the copies' own, from deep inside); Gymnasium itself refuses
    wrappers and vector_kwargs for a vector entry point, before it is called."""
    gym = pytest.importorskip("gymnasium")
    env_id = rl.ENV_IDS["caliente-2p"]
    for fixed in ("rules", "preset"):
        with pytest.raises(TypeError, match=rf"{fixed}: the id '{env_id}' is the preset"):
            gym.make_vec(env_id, num_envs=2, **{fixed: "caliente"})
    with pytest.raises(cc.ArgumentError, match="render_mode: the vector environment does not "
                                               "render"):
        gym.make_vec(env_id, num_envs=2, render_mode="ansi")
    with pytest.raises(cc.ArgumentError, match=r"max_episode_steps: .*no time limit.*got 50.*"
                                               r"vectorization_mode='sync'"):
        gym.make_vec(env_id, num_envs=2, max_episode_steps=50)
    with pytest.raises(cc.ArgumentError, match=r"disable_env_checker: .*no environment checker"
                                               r".*vectorization_mode='sync'"):
        gym.make_vec(env_id, num_envs=2, disable_env_checker=False)
    with pytest.raises(TypeError, match=r"disable_env_checker must be True or False"):
        gym.make_vec(env_id, num_envs=2, disable_env_checker="no")
    # A preset's id lists the keywords it takes, rules not among them (the id fixes them).
    with pytest.raises(TypeError, match=re.escape(
            f"{env_id!r} got unexpected keyword arguments ['seet']: gym.make_vec of it takes "
            "num_envs, copy, render_mode=None, ")) as refused:
        gym.make_vec(env_id, num_envs=2, seet=1)
    assert "rules" not in str(refused.value) and "seat" in str(refused.value)
    with pytest.raises(TypeError, match=r"CanastaVectorEnv got unexpected keyword "
                                        r"arguments \['seet'\]: it takes num_envs, rules, .*seat"):
        gym.make_vec(rl.GENERIC_ID, num_envs=2, seet=1)
    with pytest.raises(TypeError, match=r"unexpected keyword arguments \['seet'\]"):
        CanastaVectorEnv(2, seet=1)
    with pytest.raises(cc.ArgumentError, match="num_envs must be an integer of at least 1"):
        gym.make_vec(env_id, num_envs=0)
    with pytest.raises(gym.error.Error, match="wrappers"):
        gym.make_vec(env_id, num_envs=2, wrappers=[lambda env: env])
    with pytest.raises(gym.error.Error, match="vector_kwargs"):
        gym.make_vec(env_id, num_envs=2, vector_kwargs={"copy": False})
    assert isinstance(CanastaVectorEnv(2, render_mode=None), CanastaVectorEnv)


def test_a_reset_mask_resets_the_copies_marked_as_sync_vector_env_does() -> None:
    """``reset(options={"reset_mask": mask})`` was refused as an unknown option, where
    SyncVectorEnv resets the copies marked alone: it now does the same, the others going on
    where they were (an episode that ended at the last step still reset at the next), and the
    two step alike afterwards. An integer seed also seeds the vector environment's np_random,
    and ``render()`` gives one None a copy, as SyncVectorEnv's."""
    ours, theirs = make_both("canasta_caliente/Caliente-2p-v0", 4)
    a, b = ours.reset(seed=3), theirs.reset(seed=3)
    assert ours.np_random_seed == 3 and ours.render() == theirs.render() == (None,) * 4
    rng = random.Random(3)
    for _ in range(25):
        actions = np.array([rng.choice(ids) for ids in a[-1]["legal_ids"]])
        a, b = ours.step(actions), theirs.step(actions)
    mask = np.array([True, False, True, False])
    before = a[0].copy()
    a = ours.reset(seed=50, options={"reset_mask": mask})
    b = theirs.reset(seed=50, options={"reset_mask": mask})
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[0][~mask], before[~mask])
    assert not np.array_equal(a[0][mask], before[mask])
    for step in range(60):
        actions = np.array([rng.choice(ids) for ids in a[-1]["legal_ids"]])
        a, b = ours.step(actions), theirs.step(actions)
        assert data_equivalence(a, b, exact=True), f"step {step}"
    gymnasium = pytest.importorskip("gymnasium")
    fresh = gymnasium.make_vec("canasta_caliente/Caliente-2p-v0", 2)
    with pytest.raises(EpisodeError, match=r"^reset_mask: call reset\(\) without it first"):
        fresh.reset(options={"reset_mask": np.array([True, False])})
    fresh.reset(seed=1)
    for bad, error, says in (
            ([1, 0], TypeError, "reset_mask: expected a bool array, one entry a copy"),
            (np.array([True]), cc.ArgumentError, r"reset_mask: expected one entry per copy, "
             r"shape \(2,\), got shape \(1,\)"),
            (np.array([False, False]), cc.ArgumentError, "reset_mask: no copy is marked")):
        with pytest.raises(error, match=says):
            fresh.reset(options={"reset_mask": bad})
    with pytest.raises(cc.ArgumentError, match=r"^autoreset_mode: the vector environment "
                       r"resets a finished copy at the next step \(AutoresetMode.NEXT_STEP\) "
                       r"alone"):
        gymnasium.make_vec("canasta_caliente/Caliente-2p-v0", 2,
                           autoreset_mode=vector.AutoresetMode.SAME_STEP)
