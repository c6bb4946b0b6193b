"""The PettingZoo and Gymnasium environments pass their frameworks' conformance checks, and
follow the documented conventions: agents, rewards, when an episode ends, seeding."""

from __future__ import annotations

import re
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import canasta_caliente as cc  # noqa: E402
import canasta_caliente.rl as rl  # noqa: E402
from canasta_caliente.errors import EpisodeError  # noqa: E402
from canasta_caliente.players.bots import heuristic_bot  # noqa: E402
from canasta_caliente.rl import CanastaGymEnv, env, hand_reward  # noqa: E402
from test_rl_frameworks import DICT_OBSERVATION_WARNINGS  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> None:
    """PettingZoo's api_test warns about the dict observation (an observation and a mask) of
    every environment but its own card games, which it lists by name: those two warnings are
    expected here; any other is an error. The Box form (``flat=True``) is checked with no
    warning at all in test_rl_frameworks.py."""
    warnings.simplefilter("error")
    for message in DICT_OBSERVATION_WARNINGS:
        warnings.filterwarnings("ignore", message=re.escape(message) + r"\Z",
                                category=UserWarning, module=r"pettingzoo\.test\.api_test\Z")


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-5p"])
def test_pettingzoo_api_test(preset: str) -> None:
    """PettingZoo's own api_test passes (4 players, 2 players drawing 2, 5 players with a seat
    sitting out each hand)."""
    api_test(env(rules=preset), num_cycles=300)


def test_pettingzoo_api_test_whole_games() -> None:
    """api_test passes with reward="game" too (hands dealt by the environment)."""
    api_test(env(rules="caliente-2p", reward="game"), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    """PettingZoo's seed_test: two environments reset with the same seed play the same."""
    seed_test(lambda: env(rules="caliente"), num_cycles=200)


def _play_hand(e: cc.rl.CanastaEnv, seed: int) -> dict[str, float]:
    """Play one episode with random legal actions; return the rewards the agents collected."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    collected = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        collected[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return collected


def test_hand_rewards_are_the_hand_scores_difference() -> None:
    """reward="hand": the episode ends with the hand; each agent collects its side's hand
    score less the other side's mean, partners alike, and the sides' rewards cancel out."""
    e = env(rules="caliente")
    collected = _play_hand(e, seed=4)
    state = e.game_state
    assert state.is_hand_over and state.hand_number == 1
    totals = state.hand_results[-1].totals
    assert collected["player_0"] == collected["player_2"] == totals[0] - totals[1]
    assert collected["player_1"] == collected["player_3"] == totals[1] - totals[0]
    assert hand_reward(state, 0) == -hand_reward(state, 1)


def test_game_rewards_win_and_loss() -> None:
    """reward="game": the episode is a whole game; the winner's agents get +1, the others -1,
    and the environment dealt the hands between."""
    e = env(rules=cc.RuleSet.preset("caliente-2p").replace(target_score=1000), reward="game")
    collected = _play_hand(e, seed=1)
    state = e.game_state
    assert state.is_game_over
    winner = state.winner
    assert winner is not None
    assert collected[f"player_{state.sides[winner][0]}"] == 1.0
    assert sorted(collected.values()) == [-1.0, 1.0]


def test_the_mask_is_for_the_agent_to_act_only() -> None:
    """The agent to act sees its legal ids; the others see an all-zero mask."""
    e = env(rules="caliente")
    e.reset(seed=2)
    space = cc.ActionSpace(e.rules)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        if agent == e.agent_selection:
            assert set(np.flatnonzero(mask)) == set(space.legal_ids(e.game_state))
        else:
            assert not mask.any()


def test_illegal_ids_are_refused() -> None:
    """An id that is not legal now raises IllegalActionError naming it; an id out of range
    does too; None is only for finished agents."""
    e = env(rules="caliente")
    e.reset(seed=0)
    discard = cc.ActionSpace(e.rules).index("discard 4")
    with pytest.raises(cc.IllegalActionError, match="discard 4: not legal"):
        e.step(discard)
    with pytest.raises(cc.IllegalActionError, match="no action has id"):
        e.step(10**6)
    with pytest.raises(cc.IllegalActionError, match="None"):
        e.step(None)


def test_reset_options_set_the_scores() -> None:
    """reset(options={"scores": ...}) starts the game at those scores."""
    e = env(rules="caliente")
    e.reset(seed=0, options={"scores": [3000, -200]})
    assert e.game_state.scores == (3000, -200)


def test_bad_arguments_are_refused() -> None:
    """An unknown reward, render mode or preset is a clear error."""
    with pytest.raises(ValueError, match="reward"):
        env(reward="turn")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(cc.RuleSetError):
        env(rules="no-such-preset")


def test_values_out_of_range_are_argument_errors_and_wrong_types_type_errors() -> None:
    """The environments' checks raise the library's ArgumentError for a value out of range
    and TypeError for a wrong type (both were a plain ValueError: reward=1, render_mode=1,
    vector step(None))."""
    with pytest.raises(TypeError, match="reward must be"):
        env(reward=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="render_mode must be None or one of"):
        CanastaGymEnv("caliente-2p", render_mode=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="render_mode"):
        env(render_mode=1)
    vec = rl.CanastaVectorEnv(2, "caliente-2p")
    vec.reset(seed=0)
    with pytest.raises(TypeError, match="actions: expected integer ids"):
        vec.step(None)  # type: ignore[arg-type]
    cases = [
        lambda: env(reward="turn"),  # type: ignore[arg-type]
        lambda: env(render_mode="rgb_array"),
        lambda: CanastaGymEnv("caliente-2p", reward_scale=0),
        lambda: CanastaGymEnv("caliente-2p", illegal_reward=float("nan")),
        lambda: CanastaGymEnv("caliente-2p").reset(options={"x": 1}),
        lambda: rl.raw_env("caliente-2p").observation_space("player_9"),
        lambda: rl.CanastaVectorEnv(0, "caliente-2p"),
        lambda: rl.CanastaVectorEnv(1, "caliente-2p", render_mode="ansi"),
        lambda: vec.step(np.array([0])),
        lambda: rl.observations_of([], []),
        lambda: rl.ObservationTracker(cc.RuleSet.preset("caliente")).observe(
            cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=0), 0),
    ]
    for case in cases:
        with pytest.raises(cc.ArgumentError):
            case()
    with pytest.raises(TypeError, match="int"):
        env(rules=3)  # type: ignore[arg-type]


def test_flags_and_seeds_are_checked_as_the_library_checks_them() -> None:
    """The environments' flags and seeds are refused by the library's one check of each
    (``_arguments.check_flag`` and ``check_seed``), with its messages: rl kept copies of its
    own, worded otherwise. A seed past the deal's bit limit is refused at reset, not deep in
    the deal."""
    with pytest.raises(TypeError, match="flat must be True or False, not int"):
        env(flat=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="normalize must be True or False, not str"):
        CanastaGymEnv("caliente-2p", normalize="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="copy must be True or False, not int"):
        rl.CanastaVectorEnv(1, "caliente-2p", copy=0)  # type: ignore[arg-type]
    gym_env = CanastaGymEnv("caliente-2p")
    with pytest.raises(TypeError, match=r"seed must be an int, not float"):
        gym_env.reset(seed=1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"seed must be an int, not bool"):
        gym_env.reset(seed=np.bool_(True))  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match=r"seed must be an integer of at most 256 bits"):
        gym_env.reset(seed=2**300)
    with pytest.raises(cc.ArgumentError, match=r"seed must be None or an integer >= 0, not -2"):
        env().reset(seed=-2)
    gym_env.reset(seed=np.uint64(7))
    int_seeded = CanastaGymEnv("caliente-2p")
    int_seeded.reset(seed=7)
    assert gym_env.game_state == int_seeded.game_state


def test_gymnasium_check_env() -> None:
    """Gymnasium's check_env passes."""
    check_env(CanastaGymEnv(rules="caliente"), skip_render_check=False)


def test_gymnasium_check_env_with_heuristic_bots_and_game_reward() -> None:
    """check_env passes with other bots, another seat and whole games."""
    check_env(CanastaGymEnv(rules="caliente-2p", seat=1, bots=[heuristic_bot],
                            reward="game"))


def test_gymnasium_episode_conventions() -> None:
    """The learner acts only at its own seat; bots play the rest; the episode ends with the
    hand and the reward is its side's hand reward; the mask in info is the legal ids."""
    e = CanastaGymEnv(rules="caliente", seat=2, bots="heuristic")
    obs, info = e.reset(seed=11)
    rng = np.random.default_rng(0)
    space = cc.ActionSpace(e.rules)
    total = 0.0
    for _ in range(2000):
        assert e.game_state.current_player == 2
        assert set(np.flatnonzero(info["action_mask"])) == set(space.legal_ids(e.game_state))
        assert obs in e.observation_space
        obs, reward, terminated, _truncated, info = e.step(
            int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(reward)
        if terminated:
            break
    # The last step's mask is all ones (vector environments sample from it while resetting).
    assert e.game_state.is_hand_over and info["action_mask"].all()
    assert total == hand_reward(e.game_state, e.game_state.side_of(2))
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_gymnasium_illegal_action_ends_the_episode() -> None:
    """An illegal id ends the episode with illegal_reward and says so in info."""
    e = CanastaGymEnv(rules="caliente", illegal_reward=-5)
    e.reset(seed=0)
    _, reward, terminated, _, info = e.step(cc.ActionSpace(e.rules).index("deal"))
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)


def test_gymnasium_seeding_is_reproducible() -> None:
    """The same seed and actions give the same observations and rewards."""
    def run() -> list[float]:
        e = CanastaGymEnv(rules="caliente")
        obs, info = e.reset(seed=3)
        out = [float(obs.sum())]
        for _ in range(50):
            action = int(np.flatnonzero(info["action_mask"])[0])
            obs, reward, terminated, _, info = e.step(action)
            out += [float(obs.sum()), float(reward)]
            if terminated:
                break
        return out

    assert run() == run()


def test_gymnasium_bad_bots_are_refused() -> None:
    """Bots given for the wrong seats, or that are not bots, are clear errors."""
    with pytest.raises(ValueError, match="seats"):
        CanastaGymEnv(rules="caliente", bots={1: "random"})
    with pytest.raises(ValueError, match="3 other seats"):
        CanastaGymEnv(rules="caliente", bots=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        CanastaGymEnv(rules="caliente", bots="clever")
    with pytest.raises(TypeError, match="int"):
        CanastaGymEnv(rules="caliente", bots=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="no seat 4"):
        CanastaGymEnv(rules="caliente", seat=4)


def test_gymnasium_bots_are_checked_whole() -> None:
    """A mapping of bots must key exactly the other seats: the learner's seat and a seat the
    table lacks are refused (they were ignored, with an unknown bot unchecked), as is a key
    that is not a seat; bytes are no bots (they were read as a sequence of 6)."""
    with pytest.raises(cc.ArgumentError, match="bots: the key 7: no seat 7"):
        CanastaGymEnv("caliente-2p", bots={0: "heuristic", 1: "random", 7: "x"})
    with pytest.raises(cc.ArgumentError, match="seat 0 is the learner's"):
        CanastaGymEnv("caliente-2p", bots={0: "heuristic", 1: "random"})
    with pytest.raises(TypeError, match="the key '1' must be an int"):
        CanastaGymEnv("caliente-2p", bots={"1": "random"})
    with pytest.raises(TypeError, match=r"bots\[1\]: expected a bot"):
        CanastaGymEnv("caliente-2p", bots={1: 5})
    with pytest.raises(TypeError, match="got bytes"):
        CanastaGymEnv("caliente-2p", bots=b"random")  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="self-play"):
        CanastaGymEnv("caliente-2p", seat=None, bots="random")
    assert set(CanastaGymEnv("caliente", seat=2, bots={0: "random", 1: "heuristic",
                                                      3: "random"}).bots) == {0, 1, 3}


@pytest.mark.parametrize("preset", ["caliente", "caliente-2p", "caliente-5p"])
def test_gymnasium_self_play_observes_the_seat_to_act(preset: str) -> None:
    """seat=None: every step is one decision of the seat to act, whose observation and mask
    the step returns (info["seat"]); at the end every seat's reward is its side's hand reward,
    the step's reward that of the seat that acted, and the observation that seat's."""
    e = CanastaGymEnv(rules=preset, seat=None, render_mode="ansi")
    space = cc.ActionSpace(e.rules)
    rng = np.random.default_rng(1)
    obs, info = e.reset(seed=5)
    acted = set()
    for _ in range(5000):
        state = e.game_state
        seat = state.current_player
        assert info["seat"] == e.observed_seat == seat
        assert np.array_equal(obs, cc.rl.observation_of(state, seat))
        assert info["legal_ids"] == space.legal_ids(state)
        assert e.render() == str(cc.observe(state, seat))
        assert not info["rewards"].any()
        acted.add(seat)
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(info["legal_ids"])))
        if terminated:
            break
        assert (reward, truncated) == (0.0, False)
    state = e.game_state
    assert state.is_hand_over and info["action_mask"].all()
    assert acted == set(state.active_seats)
    expected = [hand_reward(state, state.side_of(s)) for s in range(e.rules.players)]
    assert info["rewards"].dtype == np.float64 and info["rewards"].tolist() == expected
    assert list(e.seat_rewards) == expected
    assert reward == expected[seat] and info["seat"] == seat
    assert np.array_equal(obs, cc.rl.observation_of(state, seat))


def test_gymnasium_self_play_whole_games_and_illegal_ids() -> None:
    """Self-play over whole games (the environment deals each hand), and an illegal id: its
    reward goes to the seat that played it alone."""
    e = CanastaGymEnv(rules="caliente-2p", seat=None, reward="game", illegal_reward=-3)
    rng = np.random.default_rng(2)
    _, info = e.reset(seed=1)
    hands = 0
    for _ in range(30_000):
        hands = max(hands, e.game_state.hand_number)
        _, reward, terminated, truncated, info = e.step(int(rng.choice(info["legal_ids"])))
        if terminated or truncated:
            break
    assert terminated and e.game_state.is_game_over and hands >= 2  # more than one hand
    winner = e.game_state.winner
    assert info["rewards"].tolist() == [
        1.0 if e.game_state.side_of(s) == winner else -1.0 for s in range(2)]
    _, info = e.reset(seed=2)
    seat = info["seat"]
    _, reward, terminated, _, info = e.step(e.space.index("deal"))
    assert (reward, terminated, info["illegal_action"]) == (-3.0, True, True)
    assert info["rewards"].tolist() == [-3.0 if s == seat else 0.0 for s in range(2)]


def test_gymnasium_self_play_check_env_and_refusals() -> None:
    """check_env passes in self-play; bots with seat=None are refused, naming why."""
    check_env(CanastaGymEnv(rules="caliente", seat=None), skip_render_check=False)
    with pytest.raises(ValueError, match="self-play"):
        CanastaGymEnv(rules="caliente", seat=None, bots="random")
    with pytest.raises(ValueError, match="no seat -1"):
        CanastaGymEnv(rules="caliente", seat=-1)


def test_gymnasium_a_failed_bot_breaks_the_episode_until_reset() -> None:
    """A bot that raises inside step leaves the game at its turn: a later step is an
    EpisodeError saying a bot failed (it played the learner's stale id for the bot's seat),
    and reset starts another episode."""
    calls = {"n": 0}

    def flaky(view: cc.View, legal: object, rng: object) -> str:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("bot crashed")
        return str(legal[0])  # type: ignore[index]

    e = CanastaGymEnv("caliente-2p", bots=flaky)
    _, info = e.reset(seed=0)
    with pytest.raises(RuntimeError, match="bot crashed"):
        for _ in range(10):
            _, _, _, _, info = e.step(info["legal_ids"][-1])
    stuck = e.game_state
    assert stuck.current_player == 1
    with pytest.raises(EpisodeError, match="a bot failed"):
        e.step(e.legal_ids[0])
    assert e.game_state is stuck
    _, info = e.reset(seed=0)
    e.step(info["legal_ids"][-1])


@pytest.mark.parametrize(("preset", "out"), [("caliente-5p", [4]), ("caliente-6p", [4, 5])])
def test_gymnasium_a_seat_sitting_out_the_first_hand_is_refused_per_hand(
        preset: str, out: list[int]) -> None:
    """With reward="hand" an episode is the first hand of a game, which the seats sitting out
    (SEAT-3) never act in: such a learner's seat is refused at construction, saying what to
    choose (reset gave an episode already over, and step an EpisodeError); the vector
    environment and gym.make refuse it too. With reward="game" the seat first acts in the
    second hand and passes check_env; a game ending in the first hand is refused at reset."""
    import gymnasium as gym

    for seat in out:
        for make, args in ((CanastaGymEnv, (preset,)), (rl.CanastaVectorEnv, (2, preset)),
                           (gym.make, (rl.ENV_IDS[preset],))):
            with pytest.raises(cc.ArgumentError, match=rf"seat {seat} sits out the first hand"
                               r".*choose a seat that plays it \(0, 1, 2, 3\), reward=\"game\""):
                make(*args, seat=seat)
    check_env(CanastaGymEnv(rules=preset, seat=3).unwrapped)
    game = CanastaGymEnv(rules=preset, seat=out[-1], reward="game")
    check_env(game)
    _, info = game.reset(seed=5)
    assert game.game_state.hand_number == 2 and 0 < len(info["legal_ids"]) < game.space.size
    with pytest.raises(cc.ArgumentError, match="the game ended in its first hand"):
        for seed in range(20):  # starting scores near the target: a first hand may end it
            game.reset(seed=seed, options={"scores": [4990, 4990]})
    with pytest.raises(EpisodeError, match=r"call reset\(\)"):
        game.step(0)
