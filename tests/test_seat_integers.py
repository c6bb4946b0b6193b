"""Seats (and sides) given as NumPy integers are read as the ints they stand for, as seeds are
(``check_seat``, through ``_arguments.as_integer``): every public entry taking a seat gives
for ``np.int64(s)`` exactly what it gives for ``s`` (the same view, the same JSON), keeps a
plain ``int`` wherever the seat goes on (a view, a message, a dict key, a spec), and still
refuses a bool (``True``, ``np.True_``) and a float (``1.0``, ``np.float64(1.0)``) with a
TypeError, and a NumPy seat the table lacks with an ArgumentError. The neighbours: the
refusals of the wrong types in test_regressions.py and test_bot_replay.py."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import canasta_caliente as cc  # noqa: E402
from canasta_caliente.play.messages import client_view  # noqa: E402
from canasta_caliente.players.bots import (  # noqa: E402
    _Sight,
    bot_action,
    heuristic_bot,
    random_bot,
)

RULES = cc.RuleSet.preset("caliente")

INTEGER_TYPES = (np.int64, np.int32, np.uint8, np.intp)
"""NumPy integer types a seat may come in (an array's elements, an index)."""


def _played(state: cc.GameState, moves: int) -> cc.GameState:
    """``state`` after at most ``moves`` moves of heuristic bots (seeded), or at the end of
    its hand."""
    rng = random.Random(11)
    for _ in range(moves):
        if state.is_hand_over:
            break
        seat = state.current_player
        assert seat is not None
        state = cc.apply(state, heuristic_bot(cc.observe(state, seat),
                                              cc.legal_actions(state), rng))
    return state


STATE = _played(cc.new_game(RULES, seed=11), 60)
"""A state well into a hand (melds, a pile, known cards)."""
ENDED = _played(STATE, 10_000)
"""The end of its hand."""
SEATS = range(RULES.players)
SIDES = range(len(RULES.layout))


def _rl() -> Any:
    """The RL package, if its extra is installed (else the test is skipped)."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import canasta_caliente.rl as rl

    return rl


def test_a_state_reads_a_numpy_seat_and_side_as_the_int() -> None:
    """Every GameState accessor of a seat or a side gives for a NumPy integer what it gives
    for the int."""
    for seat in SEATS:
        for kind in INTEGER_TYPES:
            np_seat = kind(seat)
            assert STATE.hand(np_seat) == STATE.hand(seat)
            assert STATE.known(np_seat) == STATE.known(seat)
            assert STATE.hand_counts(np_seat) == STATE.hand_counts(seat)
            assert STATE.hand_size(np_seat) == STATE.hand_size(seat)
            side = STATE.side_of(np_seat)
            assert type(side) is int and side == STATE.side_of(seat)
    for side in SIDES:
        np_side = np.int64(side)
        assert STATE.melds(np_side) == STATE.melds(side)
        assert STATE.laid_out(np_side) == STATE.laid_out(side)
        assert STATE.caliente_played(np_side) == STATE.caliente_played(side)
    assert not STATE.is_hand_over and any(STATE.known(seat) for seat in SEATS)


def test_observe_keeps_a_numpy_seat_as_an_int() -> None:
    """``observe(state, np.int64(s))`` is ``observe(state, s)``: the same view, the same
    JSON, the same repr, and its seat a plain int; its own accessors read NumPy seats too."""
    for seat in SEATS:
        view = cc.observe(STATE, seat)
        for kind in INTEGER_TYPES:
            seen = cc.observe(STATE, kind(seat))
            assert type(seen.seat) is int
            assert seen == view and hash(seen) == hash(view)
            assert seen.to_json() == view.to_json() and repr(seen) == repr(view)
            assert str(seen) == str(view)
        for other in SEATS:
            np_other = np.int64(other)
            assert view.known(np_other) == view.known(other)
            assert view.unknown_count(np_other) == view.unknown_count(other)
            assert view.hand_size(np_other) == view.hand_size(other)
        for side in SIDES:
            np_side = np.int64(side)
            assert view.melds(np_side) == view.melds(side)
            assert view.laid_out(np_side) == view.laid_out(side)
            assert view.caliente_played(np_side) == view.caliente_played(side)


def test_a_bot_plays_a_numpy_seat_as_the_int() -> None:
    """``bot_action`` for a NumPy seat chooses what it chooses for the int (the same use of
    the random generator), and a bot called through it sees a view whose seat is an int; the
    heuristic's own observation of the state keeps the seat as an int."""
    seat = STATE.current_player
    assert seat is not None
    legal = cc.legal_actions(STATE)
    seats: list[object] = []

    def spy(view: cc.View, legal: Any, rng: random.Random) -> cc.Action:
        seats.append(view.seat)
        return random_bot(view, legal, rng)

    for bot in (random_bot, heuristic_bot, spy):
        for kind in INTEGER_TYPES:
            assert bot_action(bot, STATE, kind(seat), legal, random.Random(3)) == bot_action(
                bot, STATE, seat, legal, random.Random(3))
    assert seats and all(type(s) is int and s == seat for s in seats)
    sight = _Sight(STATE, np.int64(seat))
    assert type(sight.seat) is int and sight.seat == seat
    assert tuple(sight.hand) == STATE.hand(seat)


def test_a_client_message_sends_a_numpy_seat_as_an_int() -> None:
    """The client's message and view for a NumPy seat are those of the int, as JSON too (a
    NumPy integer is no JSON number), and an event shown to a NumPy seat is the int's."""
    assert ENDED.is_hand_over and not ENDED.is_game_over
    events = cc.events(ENDED, "deal")  # each seat sees its own new hand only
    state = cc.apply(ENDED, "deal")
    for seat in SEATS:
        message = cc.client_message(state, seat, events)
        for kind in INTEGER_TYPES:
            sent = cc.client_message(state, kind(seat), events)
            assert type(sent["seat"]) is int and type(sent["view"]["seat"]) is int
            assert sent == message and json.dumps(sent) == json.dumps(message)
            view = client_view(state, kind(seat))
            assert type(view["seat"]) is int
            assert json.dumps(view) == json.dumps(client_view(state, seat))
            for event in events:
                assert event.for_seat(kind(seat)) == event.for_seat(seat)
                assert event.text(kind(seat)) == event.text(seat)


def test_the_rl_features_read_a_numpy_seat_as_the_int() -> None:
    """``observation_of``, a tracker and ``observations_of`` (a NumPy array of seats too)
    give for NumPy seats what they give for ints; ``hand_reward`` reads a NumPy side."""
    rl = _rl()
    tracker = rl.ObservationTracker(RULES)
    for seat in SEATS:
        expected = rl.observation_of(STATE, seat)
        for kind in INTEGER_TYPES:
            assert np.array_equal(rl.observation_of(STATE, kind(seat)), expected)
            assert np.array_equal(tracker.observe(STATE, kind(seat)), expected)
    states = [STATE] * RULES.players
    expected = rl.observations_of(states, list(SEATS))
    for seats in (np.arange(RULES.players), np.arange(RULES.players, dtype=np.uint8),
                  [np.int64(s) for s in SEATS]):
        assert np.array_equal(rl.observations_of(states, seats), expected)
        trackers = [rl.ObservationTracker(RULES) for _ in SEATS]
        assert np.array_equal(rl.observations_of(states, seats, trackers=trackers), expected)
    with pytest.raises(TypeError, match="seat must be an int"):
        rl.observations_of(states, np.arange(RULES.players, dtype=np.float64))
    with pytest.raises(TypeError, match="seat must be an int"):
        rl.observations_of(states, np.ones(RULES.players, dtype=np.bool_))
    for side in SIDES:
        assert rl.hand_reward(ENDED, np.int64(side)) == rl.hand_reward(ENDED, side)


def test_the_gymnasium_env_keeps_numpy_seats_as_ints() -> None:
    """``CanastaGymEnv(seat=np.int64(2), bots={np.int64(0): ...})`` is the environment of
    the ints: its seat, its bots' keys and its spec's hold plain ints (the spec is JSON), and
    it plays the same episode."""
    rl = _rl()
    names = {0: "random", 1: "heuristic", 3: "random"}
    plain = rl.CanastaGymEnv("caliente", seat=2, bots=names)
    env = rl.CanastaGymEnv("caliente", seat=np.int64(2),
                           bots={np.int64(s): name for s, name in names.items()})
    assert type(env.seat) is int and env.seat == 2
    assert list(env.bots) == list(plain.bots) and all(type(s) is int for s in env.bots)
    assert type(env.spec.kwargs["seat"]) is int
    assert all(type(s) is int for s in env.spec.kwargs["bots"])
    assert env.spec.to_json() == plain.spec.to_json()
    first, _ = env.reset(seed=4)
    expected, info = plain.reset(seed=4)
    assert np.array_equal(first, expected) and env.observed_seat == 2
    for _ in range(20):
        action = info["legal_ids"][0]
        got, expected_step = env.step(action), plain.step(action)
        assert np.array_equal(got[0], expected_step[0]) and got[1:4] == expected_step[1:4]
        info = expected_step[4]
        if got[2]:
            break
    self_play = rl.CanastaGymEnv("caliente", seat=None)
    assert self_play.seat is None


# -- refusals: a bool, a float, a seat the table lacks -------------------------------------

SEAT_ENTRIES: dict[str, Callable[[Any], object]] = {
    "observe": lambda seat: cc.observe(STATE, seat),
    "GameState.hand": lambda seat: STATE.hand(seat),
    "GameState.known": lambda seat: STATE.known(seat),
    "GameState.hand_counts": lambda seat: STATE.hand_counts(seat),
    "GameState.hand_size": lambda seat: STATE.hand_size(seat),
    "GameState.side_of": lambda seat: STATE.side_of(seat),
    "View.known": lambda seat: cc.observe(STATE, 0).known(seat),
    "View.unknown_count": lambda seat: cc.observe(STATE, 0).unknown_count(seat),
    "View.hand_size": lambda seat: cc.observe(STATE, 0).hand_size(seat),
    "bot_action": lambda seat: bot_action(heuristic_bot, STATE, seat,
                                          cc.legal_actions(STATE), random.Random(0)),
    "client_message": lambda seat: cc.client_message(STATE, seat),
    "client_view": lambda seat: client_view(STATE, seat),
}

RL_SEAT_ENTRIES: dict[str, Callable[[Any, Any], object]] = {
    "observation_of": lambda rl, seat: rl.observation_of(STATE, seat),
    "ObservationTracker.observe": lambda rl, seat: rl.ObservationTracker(RULES).observe(
        STATE, seat),
    "observations_of": lambda rl, seat: rl.observations_of([STATE], [seat]),
    "CanastaGymEnv(seat=)": lambda rl, seat: rl.CanastaGymEnv("caliente", seat=seat),
    "CanastaGymEnv(bots=)": lambda rl, seat: rl.CanastaGymEnv(
        "caliente-2p", bots={seat: "random"}),
}

NOT_INTEGERS = [True, np.True_, np.bool_(False), 1.0, np.float64(1.0), np.float32(0.0)]
OUT_OF_RANGE = [np.int64(4), np.int64(-1), np.uint64(2**63), np.int8(-128)]


def _refusals(call: Callable[[Any], object]) -> None:
    for wrong in NOT_INTEGERS:
        with pytest.raises(TypeError, match=r"must be an int \(a seat, 0 to 3\), not "
                                            f"{type(wrong).__name__}"):
            call(wrong)
    for missing in OUT_OF_RANGE:
        with pytest.raises(cc.ArgumentError, match=f"no seat {int(missing)} at a table of 4"):
            call(missing)


@pytest.mark.parametrize("entry", list(SEAT_ENTRIES))
def test_a_bool_a_float_or_a_missing_numpy_seat_is_refused(entry: str) -> None:
    """A bool (Python's or NumPy's) and a float (Python's or NumPy's) are no seats: a
    TypeError naming the type; a NumPy seat the table lacks is an ArgumentError naming the
    seat as an int."""
    _refusals(SEAT_ENTRIES[entry])


@pytest.mark.parametrize("entry", list(RL_SEAT_ENTRIES))
def test_the_rl_entries_refuse_what_observe_refuses(entry: str) -> None:
    """The RL entries refuse the seats observe refuses, with the same errors."""
    rl = _rl()
    if entry == "CanastaGymEnv(bots=)":
        call = RL_SEAT_ENTRIES[entry]
        for wrong in NOT_INTEGERS:
            with pytest.raises(TypeError, match=f"the key .* must be an int .*, not "
                                                f"{type(wrong).__name__}"):
                call(rl, wrong)
        with pytest.raises(cc.ArgumentError, match="no seat 7"):
            call(rl, np.int64(7))
        return
    _refusals(lambda seat: RL_SEAT_ENTRIES[entry](rl, seat))


def test_a_side_and_an_audience_refuse_a_bool_and_a_float() -> None:
    """Sides read NumPy integers as seats do, and refuse what seats refuse; an event's
    audience (a seat or None) likewise, out of range only below 0 (an event has no table)."""
    event = cc.events(cc.new_game(RULES, seed=1), "draw")[0]
    view = cc.observe(STATE, 0)
    for call in (STATE.melds, STATE.laid_out, STATE.caliente_played, view.melds):
        for wrong in NOT_INTEGERS:
            with pytest.raises(TypeError, match=r"side must be an int \(a side, 0 to 1\)"):
                call(wrong)
        with pytest.raises(cc.ArgumentError, match="no side 2: the table has 2 sides"):
            call(np.int64(2))
    for wrong in NOT_INTEGERS:
        with pytest.raises(TypeError, match=r"^seat: expected a seat"):
            event.for_seat(wrong)
    with pytest.raises(cc.ArgumentError, match=r"^seat: no seat -1"):
        event.for_seat(np.int64(-1))
    assert event.for_seat(np.uint8(3)) == event.for_seat(3)


# -- the other integer parameters: the same one test of "an integer" (as_integer) ---------------


def test_starting_scores_levels_rollouts_decks_and_rows_read_numpy_integers_as_ints() -> None:
    """``new_game``'s starting scores (an array of them too), a bot's level, the search's
    ``rollout_actions``, a number of decks and a buffer's row: a NumPy integer is read as its
    int, kept as an ``int``, and gives what the int gives."""
    from canasta_caliente.players.levels import level_bot
    from canasta_caliente.players.search import ISMCTSBot
    from canasta_caliente.rl import ObservationTracker, observation_of, observation_size
    from canasta_caliente.views.action_space import action_space_size

    state = cc.new_game(RULES, seed=3, scores=np.array([0, 120]))
    assert state == cc.new_game(RULES, seed=3, scores=[0, 120])
    assert all(type(score) is int for score in state.scores)
    assert cc.loads(cc.dumps(state)) == state  # a saved game holds ints
    assert repr(level_bot(np.int64(2))) == repr(level_bot(2))
    bot = ISMCTSBot(iterations=3, rollout_actions=np.int32(5))
    assert bot.rollout_actions == 5 and type(bot.rollout_actions) is int
    assert action_space_size(np.int64(3)) == action_space_size(3)
    buffer = np.zeros((2, observation_size(RULES)), np.int32)
    ObservationTracker(RULES).pack_into(buffer, np.int64(1), state, 0)
    assert (buffer[1] == observation_of(state, 0)).all() and not buffer[0].any()


def test_those_integer_parameters_still_refuse_a_bool_and_a_float() -> None:
    from canasta_caliente.players.levels import level_bot
    from canasta_caliente.players.search import ISMCTSBot
    from canasta_caliente.rl import ObservationTracker, observation_size
    from canasta_caliente.views.action_space import action_space_size

    state = cc.new_game(RULES, seed=3)
    buffer = np.zeros((2, observation_size(RULES)), np.int32)
    tracker = ObservationTracker(RULES)
    for bad in (True, np.True_, 1.0, np.float64(1.0)):
        with pytest.raises(TypeError, match="scores must be 2 integers"):
            cc.new_game(RULES, seed=3, scores=[0, bad])
        with pytest.raises(TypeError, match="level must be an int"):
            level_bot(bad)
        with pytest.raises(TypeError, match="rollout_actions must be an int"):
            ISMCTSBot(iterations=3, rollout_actions=bad)
        with pytest.raises(TypeError, match="number of decks as an int"):
            action_space_size(bad)
        with pytest.raises(TypeError, match="row: expected an int"):
            tracker.pack_into(buffer, bad, state, 0)
    with pytest.raises(cc.ArgumentError, match="row: 2 is not a row"):
        tracker.pack_into(buffer, np.int64(2), state, 0)
    with pytest.raises(cc.ArgumentError, match="level must be 1 to 5"):
        level_bot(np.int64(6))
