"""The environments as RL libraries use them (issue 32) and as misuse finds them (issue 27):
registered Gymnasium ids, conformance tests with their warnings turned into errors, the masks
that MaskablePPO and vector environments read, SuperSuit's wrappers, and every refusal."""

from __future__ import annotations

import contextlib
import math
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.rl import (  # noqa: E402
    ENV_IDS,
    GENERIC_ID,
    SCORE_BOUND,
    CanastaGymEnv,
    CanastaVectorEnv,
    EpisodeError,
    env,
    observation_layout,
    observation_scale,
    raw_env,
)
from conftest import quick_part, scaled  # noqa: E402


@pytest.fixture(autouse=True)
def _warnings_are_errors() -> None:
    """Every warning of Gymnasium's and PettingZoo's checkers fails these tests."""
    warnings.simplefilter("error")


# -- Gymnasium -------------------------------------------------------------------------------


def test_every_preset_has_a_registered_id() -> None:
    """Importing canasta_caliente.rl registers one id per preset (and a generic one), each
    with a spec naming its rules."""
    assert set(ENV_IDS) == set(cc.RuleSet.preset_names())
    assert ENV_IDS["caliente-2p"] == "canasta_caliente/Caliente-2p-v0"
    for preset, env_id in ENV_IDS.items():
        assert gym.spec(env_id).kwargs == {}  # the preset is the entry point's own
        made_preset = gym.make(env_id)
        assert made_preset.unwrapped.rules == cc.RuleSet.preset(preset)
        assert gym.make(made_preset.spec).unwrapped.rules == cc.RuleSet.preset(preset)
        built = CanastaGymEnv(preset)  # the spec a bare environment gives: the same id
        assert built.spec is not None and built.spec.entry_point == gym.spec(env_id).entry_point
        assert gym.make(built.spec).unwrapped.rules == cc.RuleSet.preset(preset)
    made = gym.make(GENERIC_ID, rules=cc.RuleSet.preset("caliente-3p"), bots="heuristic")
    assert made.unwrapped.rules == cc.RuleSet.preset("caliente-3p")
    assert made.spec is not None and made.spec.id == GENERIC_ID


def test_a_preset_id_refuses_rules() -> None:
    """A preset's id fixes its rules: ``rules=`` is a TypeError naming it and the id (it
    built a 4-player game under the 2-player id); the generic id takes it."""
    with pytest.raises(TypeError, match=r"rules: the id 'canasta_caliente/Caliente-2p-v0'"):
        gym.make(ENV_IDS["caliente-2p"], rules="caliente")
    assert gym.make(GENERIC_ID, rules="caliente").unwrapped.rules.players == 4


def test_a_preset_id_refuses_another_preset() -> None:
    """``preset=`` cannot change a preset id's rules either: the preset is the name of the
    id's entry point, not one of the keywords ``gym.make`` lets its caller override (it built
    a classic game under the caliente id)."""
    with pytest.raises(TypeError, match=r"preset: the id 'canasta_caliente/Caliente-v0' is "
                                        r"the preset 'caliente'.*got preset='classic'"):
        gym.make(ENV_IDS["caliente"], preset="classic")


def test_a_preset_id_s_spec_is_written_as_json_and_read_back() -> None:
    """The spec of a preset's id, with the caller's keywords, is written by
    ``EnvSpec.to_json`` (a string entry point) and makes the same environment again."""
    made = gym.make(ENV_IDS["caliente-3p"], seat=1, reward="game")
    assert made.spec is not None
    again = gym.make(gym.envs.registration.EnvSpec.from_json(made.spec.to_json()))
    assert again.unwrapped.rules == cc.RuleSet.preset("caliente-3p")
    assert (again.unwrapped.seat, again.unwrapped.reward_mode) == (1, "game")


def test_the_entry_points_module_has_only_the_presets() -> None:
    """The module of the presets' entry points answers each preset's name and no other, and
    ``vector_`` and a preset's name (its vector entry point) and no other."""
    import canasta_caliente.rl._creators as creators

    assert callable(creators.classic)
    assert isinstance(getattr(creators, "vector_caliente-2p")(num_envs=2), CanastaVectorEnv)
    for name in ("no_such_preset", "vector_no_such_preset", "vector_", "vector_vector_classic"):
        with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
            getattr(creators, name)


@pytest.mark.parametrize("kwargs", [
    {},
    {"normalize": True, "reward_scale": 1000},
    {"seat": 1, "bots": ["heuristic"], "reward": "game"},
])
def test_check_env_gives_no_warning(kwargs: dict[str, Any]) -> None:
    """Gymnasium's check_env passes without a single warning (finite bounds, a spec, the
    render check), made by gym.make and built bare."""
    check_env(gym.make("canasta_caliente/Caliente-2p-v0", **kwargs).unwrapped,
              skip_render_check=False)
    check_env(CanastaGymEnv("caliente-2p", **kwargs), skip_render_check=False)


def test_every_field_has_finite_bounds() -> None:
    """Every field of the layout is bounded by finite numbers; the scores by SCORE_BOUND,
    which float32 holds exactly."""
    for preset in cc.RuleSet.preset_names():
        for field in observation_layout(cc.RuleSet.preset(preset)):
            assert math.isfinite(field.low) and math.isfinite(field.high), field.name
    scores = next(f for f in observation_layout(cc.RuleSet.preset("caliente"))
                  if f.name == "scores")
    assert (scores.low, scores.high) == (-SCORE_BOUND, SCORE_BOUND)
    assert float(np.float32(SCORE_BOUND - 1)) == SCORE_BOUND - 1


def test_normalized_observations_are_the_raw_ones_scaled() -> None:
    """normalize=True divides the raw observation by observation_scale; counts land in [0, 1]
    and the scores are in units of the target score."""
    raw, scaled = CanastaGymEnv("caliente"), CanastaGymEnv("caliente", normalize=True)
    options = {"scores": [2500, -1000]}
    a, _ = raw.reset(seed=5, options=options)
    b, _ = scaled.reset(seed=5, options=options)
    scale = observation_scale(raw.rules)
    assert np.array_equal(b, a / scale)
    scores = next(f for f in observation_layout(raw.rules) if f.name == "scores")
    assert list(b[scores.start:scores.stop]) == [0.5, -0.2]
    rest = np.delete(b, range(scores.start, scores.stop))
    assert rest.min() >= 0 and rest.max() <= 1
    assert b in scaled.observation_space


def test_reward_scale_divides_the_hand_reward() -> None:
    """reward_scale=1000 gives the same episode with the reward in thousands of points."""
    def last_reward(**kwargs: Any) -> float:
        e = CanastaGymEnv("caliente-2p", **kwargs)
        _, info = e.reset(seed=9)
        while True:
            _, reward, terminated, truncated, info = e.step(int(info["legal_ids"][0]))
            if terminated or truncated:
                return float(reward)

    raw = last_reward()
    assert raw != 0
    assert last_reward(reward_scale=1000) == raw / 1000


def test_action_masks_legal_ids_and_info_agree() -> None:
    """action_masks() (bool), info["action_mask"] (int8) and info["legal_ids"] say the same,
    and are the engine's legal ids; at the episode's last step all are every id."""
    e = CanastaGymEnv("caliente", bots="heuristic")
    _, info = e.reset(seed=1)
    space = cc.ActionSpace(e.rules)
    terminated = False
    while not terminated:
        mask = e.action_masks()
        assert mask.dtype == np.bool_
        assert tuple(np.flatnonzero(mask)) == info["legal_ids"]
        assert tuple(np.flatnonzero(info["action_mask"])) == info["legal_ids"]
        assert info["legal_ids"] == space.legal_ids(e.game_state)
        _, _, terminated, _, info = e.step(info["legal_ids"][-1])
    assert e.action_masks().all() and info["action_mask"].all()
    assert len(info["legal_ids"]) == space.size


@pytest.mark.slow
def test_maskable_ppo_supports_the_bare_env() -> None:
    """sb3-contrib's MaskablePPO finds the mask on the bare environment, and on SB3's
    make_vec_env of a registered id."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_util import make_vec_env

    assert is_masking_supported(CanastaGymEnv("caliente-2p"))
    vec = make_vec_env(ENV_IDS["caliente-2p"], n_envs=2, seed=0,
                       env_kwargs={"render_mode": None})
    assert is_masking_supported(vec)
    vec.reset()
    masks = get_action_masks(vec)
    assert masks.shape == (2, cc.ActionSpace(cc.RuleSet.preset("caliente-2p")).size)
    assert masks.any(axis=1).all()
    vec.close()


@pytest.mark.parametrize("mode", quick_part(["sync", "async"], ["sync"]))
def test_vector_env_samples_from_every_mask(mode: str) -> None:
    """gym.make_vec of 8 copies runs 1,000 steps (sync; 100 async) drawing each copy's action
    from its mask: the mask at a copy's last step is all ones, never empty, and the action
    given then is ignored by the autoreset."""
    steps = 1000 if mode == "sync" else 100
    vec = gym.make_vec(ENV_IDS["caliente-2p"], num_envs=8, vectorization_mode=mode)
    try:
        _, info = vec.reset(seed=0)
        space = vec.single_action_space
        episodes = 0
        for _ in range(steps):
            actions = np.array([space.sample(m) for m in info["action_mask"]])
            _, _, terminated, truncated, info = vec.step(actions)
            assert not truncated.any()
            episodes += int(terminated.sum())
        assert episodes > 0
    finally:
        vec.close()


def test_gym_step_refuses_what_is_not_an_action() -> None:
    """Anything but an integer id is a TypeError, an id beyond the space the library's
    error, and the game is unchanged."""
    e = CanastaGymEnv("caliente")
    _, info = e.reset(seed=0)
    before = e.game_state
    for bad in [0.7, "0", np.float32(0.9), np.bool_(False), True, None, [0], np.array([0])]:
        with pytest.raises(TypeError, match="integer id"):
            e.step(bad)  # type: ignore[arg-type]
    for bad_id in [-1, e.space.size, np.int64(10**12), 10**30]:
        with pytest.raises(cc.IllegalActionError, match="no action has id"):
            e.step(bad_id)
    assert e.game_state is before
    _, _, _, _, step_info = e.step(np.int16(info["legal_ids"][0]))
    assert not step_info["illegal_action"]
    e.step(np.array(step_info["legal_ids"][0]))  # a 0-d array of an integer is an id


def test_gym_misuse_names_what_to_call() -> None:
    """step, action_masks and render before reset, and step after the episode, say to call
    reset; reset(seed=-1) and seeds that are not integers are refused."""
    e = CanastaGymEnv("caliente-2p", render_mode="ansi")
    for call in (lambda: e.step(0), e.action_masks, e.render):
        with pytest.raises(EpisodeError, match=r"call reset\(\)"):
            call()
    e.reset(seed=0)
    e.step(e.space.index("deal"))  # illegal: ends the episode
    with pytest.raises(EpisodeError, match=r"ended: call reset\(\)"):
        e.step(0)
    with pytest.raises(ValueError, match="seed"):
        e.reset(seed=-1)
    for seed in [1.5, "1", True]:
        with pytest.raises(TypeError, match="seed"):
            e.reset(seed=seed)  # type: ignore[arg-type]
    assert np.array_equal(e.reset(seed=np.int64(3))[0], e.reset(seed=3)[0])


def test_options_an_observation_cannot_hold_are_refused() -> None:
    """Scores beyond ±2**23, unknown options, illegal_reward NaN or infinite and a
    reward_scale of 0 are refused when given, naming them."""
    e = CanastaGymEnv("caliente")
    e.reset(seed=0)
    state = e.game_state
    with pytest.raises(ValueError, match="beyond"):
        e.reset(options={"scores": [2**23 + 1, 0]})
    with pytest.raises(ValueError, match="unknown"):
        e.reset(options={"score": [0, 0]})
    with pytest.raises(TypeError, match="options"):
        e.reset(options=[("scores", [0, 0])])  # type: ignore[arg-type]
    assert e.game_state is state
    e.reset(options={"scores": [2**23, -(2**23)]})
    for bad in [math.nan, math.inf, -math.inf]:
        with pytest.raises(ValueError, match="illegal_reward"):
            CanastaGymEnv(illegal_reward=bad)
    with pytest.raises(TypeError, match="illegal_reward"):
        CanastaGymEnv(illegal_reward="-1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reward_scale"):
        CanastaGymEnv(reward_scale=0)
    with pytest.raises(TypeError, match="normalize"):
        CanastaGymEnv(normalize=1)  # type: ignore[arg-type]


def test_a_game_past_the_exact_scores_is_truncated() -> None:
    """reward="game": a game whose score passes ±2**23 at a hand's end stops there
    (truncated, reward 0), its observation within bounds."""
    rules = cc.RuleSet.preset("caliente-2p").replace(target_score=10**9)
    e = CanastaGymEnv(rules, reward="game")
    obs, info = e.reset(seed=0, options={"scores": [2**23, 2**23]})
    truncated = terminated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = e.step(info["legal_ids"][0])
    assert truncated and not terminated and reward == 0
    assert obs in e.observation_space
    assert any(abs(s) > 2**23 for s in e.game_state.scores)


# -- PettingZoo ------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [
    {"rules": "caliente-2p", "flat": True},
    {"rules": "caliente-5p", "flat": True, "normalize": True, "reward_scale": 1000},
    {"rules": "caliente", "flat": True, "reward": "game"},
])
def test_api_test_gives_no_warning_on_the_box_env(kwargs: dict[str, Any]) -> None:
    """PettingZoo's api_test and seed_test pass without a warning on the flat (Box)
    observation."""
    api_test(env(**kwargs), num_cycles=300)
    seed_test(lambda: env(**kwargs), num_cycles=100)


DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
)
"""The two warnings PettingZoo's ``api_test`` gives every environment with a dict observation
(the ``"observation"`` and ``"action_mask"`` of its own card games) unless the environment's
name is on its lists of its own games (``env_obs_dicts``, ``env_obs_space`` in
``pettingzoo/test/api_test.py``; PettingZoo 1.27.0, lines 137-138 and 233-241)."""


@contextlib.contextmanager
def _only_dict_observation_warnings_ignored() -> Any:
    """Every warning an error, but exactly the two of :data:`DICT_OBSERVATION_WARNINGS`, and
    only from PettingZoo's api_test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(message) + r"\Z",
                                    category=UserWarning, module=r"pettingzoo\.test\.api_test\Z")
        yield


@pytest.mark.parametrize("kwargs", [
    {"rules": "caliente"},
    {"rules": "caliente-2p", "normalize": True, "reward": "game"},
])
def test_api_test_on_the_dict_env_warns_only_for_any_dict_observation(
        kwargs: dict[str, Any]) -> None:
    """The default (dict) env passes api_test and seed_test with every warning an error but
    PettingZoo's two about a dict observation, each filtered by its exact message."""
    with _only_dict_observation_warnings_ignored():
        api_test(env(**kwargs), num_cycles=300)
        seed_test(lambda: env(**kwargs), num_cycles=100)


def test_the_dict_observation_warnings_are_pettingzoos_name_lists() -> None:
    """The proof that the two warnings cannot be removed within PettingZoo's contract for a
    dict observation: they are all api_test gives the default env (both come from
    pettingzoo/test/api_test.py), and the very same env passes api_test with no warning at all
    once it carries the name of one of PettingZoo's own card games, as nothing but those names
    is exempt."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(rules="caliente-2p"), num_cycles=200)
    assert {(str(w.message), Path(w.filename).parts[-3:]) for w in caught} == {
        (m, ("pettingzoo", "test", "api_test.py")) for m in DICT_OBSERVATION_WARNINGS}
    disguised = env(rules="caliente-2p")
    disguised.unwrapped.metadata = {**disguised.unwrapped.metadata, "name": "texas_holdem_v4"}
    api_test(disguised, num_cycles=200)  # the autouse fixture: every warning is an error


def test_supersuit_wrappers_apply_to_the_box_env() -> None:
    """SuperSuit's flatten_v0 and dtype_v0 wrap the Box-observation env and pass api_test;
    normalize_obs_v0 and frame_stack_v1 too, and pad_observations_v0."""
    ss = pytest.importorskip("supersuit")
    api_test(ss.dtype_v0(ss.flatten_v0(env(rules="caliente-2p", flat=True)), np.float64),
             num_cycles=200)
    stacked = ss.frame_stack_v1(ss.normalize_obs_v0(
        ss.dtype_v0(env(rules="caliente-2p", flat=True), np.float32)), 2)
    api_test(stacked, num_cycles=100)
    stacked.reset(seed=0)
    obs, *_ = stacked.last()
    api_test(ss.pad_observations_v0(env(rules="caliente-2p", flat=True)), num_cycles=100)
    size = cc.rl.observation_size(cc.RuleSet.preset("caliente-2p"))
    assert obs.shape == (2 * size,) and obs in stacked.observation_space(stacked.agent_selection)


def test_flat_env_puts_the_mask_in_info() -> None:
    """flat=True: the observation is the vector; infos hold the acting agent's mask and
    legal ids, all-zero and empty for the others; action_masks() is the acting one's."""
    e = env(rules="caliente", flat=True)
    e.reset(seed=3)
    legal = cc.ActionSpace(e.rules).legal_ids(e.game_state)
    for agent in e.possible_agents:
        info = e.infos[agent]
        assert e.observe(agent).shape == (cc.rl.observation_size(e.rules),)
        if agent == e.agent_selection:
            assert tuple(np.flatnonzero(info["action_mask"])) == legal
            assert tuple(info["legal_ids"]) == legal
        else:
            assert not info["action_mask"].any() and info["legal_ids"] == ()
    assert tuple(np.flatnonzero(e.action_masks())) == legal


def test_env_is_order_enforced_and_raw_env_refuses_misuse() -> None:
    """env() is wrapped in PettingZoo's OrderEnforcingWrapper, whose step, observe, render
    and last before reset say to call reset with an EpisodeError, as raw_env()'s do (they
    were the wrapper's bare AssertionError); raw_env() is bare and says what to call
    itself."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    wrapped = env(rules="caliente-2p")
    assert isinstance(wrapped, OrderEnforcingWrapper)
    for name, call in [("step", lambda: wrapped.step(0)),
                       ("observe", lambda: wrapped.observe("player_0")),
                       ("render", wrapped.render), ("last", wrapped.last)]:
        with pytest.raises(EpisodeError, match=rf"call reset\(\) before {name}\(\)"):
            call()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        _ = wrapped.agent_selection
    with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):
        _ = wrapped.agents
    wrapped.reset(seed=0)
    assert wrapped.agents is wrapped.unwrapped.agents
    assert wrapped.agent_selection == wrapped.unwrapped.agent_selection == "player_0"
    bare = raw_env(rules="caliente-2p")
    assert isinstance(bare, cc.rl.CanastaEnv)
    for call in (lambda: bare.step(0), lambda: bare.observe("player_0"), bare.action_masks,
                 bare.render):
        with pytest.raises(EpisodeError, match=r"call reset\(\)"):
            call()


def test_aec_render_without_a_mode_warns_and_shows_no_hand() -> None:
    """render() without a render mode warns and returns None, as PettingZoo's own games do
    (it returned the whole table, every hand included); "ansi" returns the table, wrapped or
    bare."""
    for make in (env, raw_env):
        e = make(rules="caliente-2p")
        e.reset(seed=0)
        with pytest.warns(UserWarning, match="without a render mode"):
            assert e.render() is None
        shown = make(rules="caliente-2p", render_mode="ansi")
        shown.reset(seed=0)
        assert shown.render() == str(shown.game_state)


def test_aec_step_refuses_what_is_not_an_action() -> None:
    """The AEC env refuses anything but an integer id with a TypeError, an illegal or
    out-of-range id with IllegalActionError, and nothing changes; after the episode, step
    says to reset."""
    e = raw_env(rules="caliente-2p")
    e.reset(seed=0)
    before, agent = e.game_state, e.agent_selection
    for bad in [0.7, "0", np.float32(0.9), np.bool_(False), False]:
        with pytest.raises(TypeError, match="integer id"):
            e.step(bad)  # type: ignore[arg-type]
    for bad_id in [-1, e.space.size]:
        with pytest.raises(cc.IllegalActionError, match="no action has id"):
            e.step(bad_id)
    assert (e.game_state, e.agent_selection) == (before, agent)
    with pytest.raises(ValueError, match="no agent"):
        e.observe("player_9")
    with pytest.raises(ValueError, match="seed"):
        e.reset(seed=-1)
    with pytest.raises(ValueError, match="beyond"):
        e.reset(options={"scores": [0, -(2**23) - 1]})
    assert e.game_state is before
    # Play the hand out: then every agent passes None, and a step more says to reset.
    for _agent in e.agent_iter():
        _, _, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else int(info["legal_ids"][0]))
    with pytest.raises(EpisodeError, match=r"call reset\(\)"):
        e.step(0)
    with pytest.raises(EpisodeError, match=r"ended: call reset\(\)"):
        e.last()


def test_aec_a_finished_agent_passes_none_only() -> None:
    """A terminated agent's only valid action is None, as PettingZoo's _was_dead_step says
    (a ValueError): a legal id was accepted and the agent removed; now it is an
    ArgumentError, and the agent stays, wrapped or bare."""
    for make in (env, raw_env):
        e = make(rules="caliente-2p")
        e.reset(seed=0)
        for _agent in e.agent_iter():
            _, _, terminated, _, info = e.last()
            if terminated:
                break
            e.step(info["legal_ids"][0])
        agent, agents = e.agent_selection, list(e.agents)
        for bad in (0, np.int64(1), "0", 0.5):
            with pytest.raises(cc.ArgumentError, match=rf"{agent} has terminated: the only "
                                                       "valid action of a finished agent is None"):
                e.step(bad)
            assert e.agents == agents and e.agent_selection == agent
        e.step(None)
        assert agent not in e.agents


def test_aec_after_the_episode_says_to_reset_wrapped_too() -> None:
    """last() after the episode says to reset (it was KeyError 'player_0'), through the
    wrapper too; observe() still gives the last observation (SuperSuit's frame_stack_v1 reads
    it); reset then starts another."""
    e = env(rules="caliente-2p")
    e.reset(seed=0)
    for _agent in e.agent_iter():
        _, _, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else info["legal_ids"][0])
    with pytest.raises(EpisodeError, match=r"call reset\(\)"):
        e.last()
    before = e.game_state
    with pytest.raises(EpisodeError, match=r"ended: call reset\(\)"):
        e.step(0)  # it only warned, doing nothing, where raw_env raises
    assert e.game_state is before
    assert e.observe("player_0")["observation"].shape == (180,)
    e.reset(seed=1)
    assert e.last()[2] is False


def test_aec_seeds_differ_by_sign() -> None:
    """reset(seed=1) and reset(seed=-1) are not silently the same game: -1 is refused."""
    e = raw_env(rules="caliente")
    e.reset(seed=1)
    with pytest.raises(ValueError, match=">= 0"):
        e.reset(seed=-1)


# -- Fuzz: step and reset with any Python or NumPy value ---------------------------------------

_ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
    st.binary(max_size=5), st.complex_numbers(),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers()),
    st.integers(-(2**63), 2**63 - 1).map(np.int64), st.integers(0, 255).map(np.uint8),
    st.floats(width=32).map(np.float32), st.booleans().map(np.bool_),
    st.integers(-5, 5000).map(np.array), st.lists(st.integers(0, 9), max_size=3).map(np.array),
)


@settings(max_examples=scaled(150), deadline=None)
@given(value=_ANY_VALUE)
def test_fuzz_gym_step_and_reset(value: object) -> None:
    """Any value as an action or a seed: a TypeError, the library's error, or a valid step or
    reset; a refused action changes nothing."""
    e = CanastaGymEnv("caliente-2p")
    _, info = e.reset(seed=0)
    before = e.game_state
    try:
        e.step(value)  # type: ignore[arg-type]
    except (TypeError, cc.CanastaError):
        assert e.game_state is before
        e.step(info["legal_ids"][0])  # the environment still plays
    with contextlib.suppress(TypeError, ValueError):
        e.reset(seed=value)  # type: ignore[arg-type]
    with contextlib.suppress(TypeError, ValueError):
        e.reset(seed=1, options=value)  # type: ignore[arg-type]


@settings(max_examples=scaled(150), deadline=None)
@given(value=_ANY_VALUE)
def test_fuzz_aec_step_and_reset(value: object) -> None:
    """The same for the PettingZoo environment."""
    e = raw_env(rules="caliente-2p")
    e.reset(seed=0)
    before, agent = e.game_state, e.agent_selection
    try:
        e.step(value)  # type: ignore[arg-type]
    except (TypeError, cc.CanastaError):
        assert (e.game_state, e.agent_selection) == (before, agent)
    with contextlib.suppress(TypeError, ValueError):
        e.reset(seed=value)  # type: ignore[arg-type]
    with contextlib.suppress(TypeError, ValueError):
        e.reset(seed=1, options=value)  # type: ignore[arg-type]
