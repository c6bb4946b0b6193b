"""Bots and simulations: the bot interface, reproducibility across workers, interruption, and
the heuristic bot's strength."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest

import canasta_caliente as cc
from canasta_caliente import _arguments
from canasta_caliente.players.bots import BOTS, get_bot, heuristic_bot, random_bot
from canasta_caliente.studies import simulate as simulate_module
from canasta_caliente.studies.play import game_seed
from canasta_caliente.studies.simulate import GameResult, play_game, seat_bots, simulate
from canasta_caliente.views.view import View, observe
from sim_bots import Broken, Named, Smart

RULES = cc.RuleSet.preset("caliente")


def test_bots_return_a_legal_action_in_every_preset() -> None:
    """Both built-in bots answer every decision of a game with one of the legal actions."""
    for preset in cc.RuleSet.preset_names():
        rules = cc.RuleSet.preset(preset)
        state = cc.new_game(rules, seed=4)
        rng = random.Random(4)
        for step in range(300):
            legal = cc.legal_actions(state)
            if not legal:
                break
            seat = state.current_player
            if seat is None:
                state = cc.apply(state, legal[0])
                continue
            bot = heuristic_bot if step % 2 else random_bot
            action = bot(observe(state, seat), legal, rng)
            assert action in legal, (preset, step, action)
            state = cc.apply(state, action)


def test_a_custom_bot_plugs_in() -> None:
    """Any callable (view, legal, rng) -> action is a bot; it sees only its own seat's view."""
    seen: list[int] = []

    def first_legal(view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        seen.append(view.seat)
        return legal[0]

    result = play_game(RULES, [first_legal, "random"], seed=5, max_hands=1)
    assert result.hands >= 1
    assert set(seen) <= {0, 1, 2, 3} and seen
    assert result.seat_bots[0] == "first_legal"


def test_a_kept_record_names_the_seats_bots() -> None:
    """A game's record names each seat's bot as its player, in every game of a simulation;
    a name a record cannot hold (a comma) leaves the players unnamed rather than failing."""
    result = simulate(RULES, ["heuristic", "random"], games=2, seed=3, keep_records=True,
                      progress=False)
    for game in result.games:
        assert game.record is not None
        assert game.record.players == game.seat_bots
        assert cc.GameRecord.from_text(game.record.to_text()).players == game.seat_bots
    named = Named("deep, wide")
    game = play_game(RULES, [named, "random"], seed=5, max_hands=1, keep_record=True)
    assert game.record is not None and game.record.players is None


def test_seating_alternates_sides() -> None:
    """Side k plays bots[(k + game index) % n]: two bots swap sides every game."""
    assert seat_bots(RULES, ["a", "b"], 0) == ("a", "b", "a", "b")
    assert seat_bots(RULES, ["a", "b"], 1) == ("b", "a", "b", "a")


def test_same_results_whatever_the_workers() -> None:
    """The same seed gives the same per-game results in one process, in a process pool, and
    on any executor."""
    one = simulate(RULES, ["heuristic", "random"], games=6, seed=9)
    pool = simulate(RULES, ["heuristic", "random"], games=6, seed=9, workers=2, chunk_size=2)
    with ThreadPoolExecutor(max_workers=3) as ex:
        threads = simulate(RULES, ["heuristic", "random"], games=6, seed=9, executor=ex,
                           chunk_size=1)
    assert one.games == pool.games == threads.games
    assert all(isinstance(g, GameResult) for g in one.games)
    assert [g.index for g in one.games] == list(range(6))


def test_a_class_bot_has_one_name_in_every_process() -> None:
    """A bot that is an instance of a class with ``__call__`` was named by its repr, with its
    memory address, so each worker's copy had another name and its games counted for no bot
    (0% with two workers, 100% with one). Its name is now its class's module-qualified name
    (or its ``name``), the same in every process and session; two bots of one name are
    refused, saying how to name them."""
    one = simulate(RULES, [Smart(), "random"], games=4, seed=5, chunk_size=2)
    pool = simulate(RULES, [Smart(), "random"], games=4, seed=5, workers=2, chunk_size=2)
    assert one.bots == pool.bots == ("sim_bots.Smart", "random")
    assert one.games == pool.games
    assert one.win_rates == pool.win_rates and one.win_rates["sim_bots.Smart"][0] == 1.0
    named = simulate(RULES, [Named("smart"), "random"], games=2, seed=5, workers=2,
                     chunk_size=1, max_hands=1)
    assert named.bots == ("smart", "random")
    assert {name for g in named.games for name in g.seat_bots} == {"smart", "random"}
    two = cc.RuleSet.preset("caliente-2p")
    message = r"named 'sim_bots.Smart'.*give each a distinct name \(a text attribute `name`"
    with pytest.raises(cc.ArgumentError, match=message):
        simulate(two, [Smart(), Smart()], games=2)
    with pytest.raises(cc.ArgumentError, match=r"must differ.*give each a distinct name"):
        cc.tournament([Smart(), Smart()], two, games=2)


def test_interrupt_keeps_partial_results() -> None:
    """A KeyboardInterrupt stops the run cleanly; the games finished so far are returned."""
    def stop_after_two(result: GameResult) -> None:
        if result.index == 1:
            raise KeyboardInterrupt

    result = simulate(RULES, ["random"], games=10, seed=1, chunk_size=1,
                      on_result=stop_after_two)
    assert result.interrupted
    assert len(result.games) == 2
    assert result.requested == 10


def test_one_worker_plays_and_reports_game_by_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one worker the games were played in chunks of 10: an interrupt lost the chunk's
    finished games, and on_result and the progress bar moved only every 10 games. They are
    now played and reported one by one, the same games as before for the same seed."""
    seen: list[GameResult] = []
    steps: list[int] = []
    monkeypatch.setattr(simulate_module._Progress, "update",
                        lambda self, n: steps.append(n))

    def stop_at_game_3(view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        if len(seen) == 3:
            raise KeyboardInterrupt  # an interrupt during game 3: games 0 to 2 are done
        return random_bot(view, legal, rng)

    stop_at_game_3.__name__ = "random"
    result = simulate(RULES, [stop_at_game_3], games=10, seed=4, max_hands=1,
                      on_result=seen.append, progress=True)
    assert result.interrupted and len(result.games) == 3
    assert result.games == tuple(seen)
    assert steps == [1, 1, 1]
    assert result.games == simulate(RULES, ["random"], games=3, seed=4, max_hands=1).games


def test_tournament_progress_moves_within_a_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament's progress moved every 10 games of a pair on several workers (half an
    hour with a search bot); each worker now has at least four chunks of each pair, and one
    worker reports game by game."""
    steps: list[int] = []
    monkeypatch.setattr(simulate_module._Progress, "update",
                        lambda self, n: steps.append(n))
    two = cc.RuleSet.preset("caliente-2p")
    pooled = cc.tournament(["random", "heuristic"], two, games=20, seed=1, workers=2,
                           max_hands=1, progress=True)
    assert sum(steps) == 20 and max(steps) <= 2
    steps.clear()
    alone = cc.tournament(["random", "heuristic"], two, games=20, seed=1, max_hands=1,
                          progress=True)
    assert steps == [1] * 20
    assert alone.wins == pooled.wins


def test_a_bot_on_every_side_has_no_win_rate() -> None:
    """A bot that plays every side wins every game that has a winner: shown as a win rate of
    100% [91.2%, 100.0%], a certainty of beating itself. Its win rate is now not applicable
    (NaN, ``n/a`` in the tables, ``null`` in JSON), and a name given twice is the same bot:
    the run is the one of the bot given once, game for game."""
    two = cc.RuleSet.preset("caliente-2p")
    twice = simulate(two, ["heuristic", "heuristic"], games=4, seed=1)
    once = simulate(two, ["heuristic"], games=4, seed=1)
    assert twice.games == once.games and twice.bots == once.bots == ("heuristic",)
    assert all(math.isnan(x) for x in once.win_rates["heuristic"])
    assert once.table().splitlines()[2].split()[:3] == ["heuristic", "n/a", "n/a"]
    assert "<td>n/a</td><td>n/a</td>" in once._repr_html_()
    assert "win rates heuristic n/a;" in repr(once)
    assert json.loads(json.dumps(once.to_dict(), allow_nan=False))["win_rates"] == {
        "heuristic": [None, None, None]}


def test_games_with_no_winner_are_stated() -> None:
    """A game stopped at the hand limit has no winner: it counts in each win rate's games and
    in none of its wins, as documented, and the table, to_dict and the game table now say how
    many such games there were (the table said nothing: two bots at 0% each)."""
    two = cc.RuleSet.preset("caliente-2p")
    result = simulate(two, ["heuristic", "random"], games=6, seed=1, max_hands=1)
    assert result.no_winner == 6 and result.side_wins == (0, 0)
    assert "games won: side 0 0, side 1 0, no winner 6" in result.table().splitlines()
    assert "no winner 6" in result._repr_html_()
    data = result.to_dict()
    assert data["no_winner"] == 6 and data["side_wins"] == [0, 0]
    assert [row["winner_side"] for row in result.to_records()] == [None] * 6
    full = simulate(two, ["heuristic", "random"], games=4, seed=1)
    assert full.no_winner == 0 and sum(full.side_wins) == 4


def test_a_bots_error_says_which_game() -> None:
    """A bot that raised gave only its own exception, and an illegal answer named the bot and
    its seat but not the game: both keep their type and now carry a note (PEP 678) with the
    game's index, its seed and the actions played, in one process or from a worker."""
    two = cc.RuleSet.preset("caliente-2p")
    seed = game_seed(3, 0)
    note = (f"in game 0 (seed {seed}), after 1 action (the bot 'broken' at seat 0 to play); "
            f"play it again with play_game(rules, bots, seed={seed}, index=0)")
    with pytest.raises(ValueError, match=r"^my bot broke") as caught:
        simulate(two, [Broken(), "random"], games=4, seed=3)
    assert caught.value.__notes__ == [note]
    with pytest.raises(ValueError, match=r"^my bot broke") as caught:
        play_game(two, [Broken(), "random"], seed=seed, index=0)
    assert caught.value.__notes__ == [note]
    # On two workers, whichever game fails first is the one raised: the note is that game's,
    # exactly as play_game gives it (game 1 seats the bot on side 1, after 5 actions).
    notes = []
    for index in (0, 1):
        with pytest.raises(ValueError, match=r"^my bot broke") as alone:
            play_game(two, [Broken(), "random"], seed=game_seed(3, index), index=index)
        notes.append(alone.value.__notes__)
    with pytest.raises(ValueError, match=r"^my bot broke") as caught:
        simulate(two, [Broken(), "random"], games=2, seed=3, workers=2, chunk_size=1)
    assert caught.value.__notes__ in notes

    def meld_aces(view: View, legal: Sequence[cc.Action], rng: random.Random) -> str:
        return "meld A A A"

    with pytest.raises(cc.IllegalActionError, match=r"^the bot 'meld_aces' at seat 0 played "
                                                    "an illegal action") as illegal:
        simulate(two, [meld_aces, "random"], games=1, seed=3)
    assert illegal.value.__notes__[0].startswith(f"in game 0 (seed {seed}), after 0 actions")


def test_a_bots_error_in_a_tournament_names_the_pair_to_play_it_again_with() -> None:
    """The note of play_game says to play the game again with ``play_game(rules, bots, ...)``:
    in a tournament, a second note says which bots, the pair's (not the tournament's three),
    and the call with them raises the same error."""
    two = cc.RuleSet.preset("caliente-2p")
    with pytest.raises(ValueError, match=r"^my bot broke") as caught:
        cc.tournament(["random", Broken(), "heuristic"], two, games=2, seed=3)
    first, second = caught.value.__notes__
    assert second == ("in the tournament's pair random vs broken: there, bots = ['random', "
                      "'broken'] (those bots, in that order)")
    seed, index = first.split("seed=")[1].rstrip(")").split(", index=")
    with pytest.raises(ValueError, match=r"^my bot broke") as again:
        play_game(two, ["random", Broken()], seed=int(seed), index=int(index))
    assert again.value.__notes__ == [first]


def test_aggregates_are_consistent() -> None:
    """Win rates with a 95% interval around them, hands per game and hand ends add up."""
    result = simulate(RULES, ["heuristic", "random"], games=8, seed=2)
    rates = result.win_rates
    assert set(rates) == {"heuristic", "random"}
    for rate, low, high in rates.values():
        assert 0 <= low <= rate <= high <= 1
    total_hands = sum(g.hands for g in result.games)
    assert sum(result.hand_ends.values()) == total_hands
    assert result.hands_per_game == pytest.approx(total_hands / 8)
    data = result.to_dict()
    assert len(data["games"]) == 8


def test_heuristic_beats_random() -> None:
    """The heuristic bot wins at least 95% of 40 seeded 4-player Caliente games against the
    random bot (the seeds are fixed, so this is deterministic; the benchmark measures more)."""
    result = simulate(RULES, ["heuristic", "random"], games=40, seed=2024)
    wins = sum(1 for g in result.games if "heuristic" in g.winning_bots(RULES))
    assert wins >= 38


def test_no_more_bots_than_sides() -> None:
    """Three bots on two sides would seat random against random in a game of three, counted
    as a win for random (33% where it wins 2% against heuristic): simulate and compare refuse
    more bots than sides, before any game; as many bots as sides, or a name on two sides of
    three, play as before."""
    two, three = cc.RuleSet.preset("caliente-2p"), cc.RuleSet.preset("caliente-3p")
    message = r"^bots: 3 bots for a table of 2 sides: .* give at most 2 "
    with pytest.raises(cc.ArgumentError, match=message):
        simulate(two, ["heuristic", "random", "random"], games=6)
    with pytest.raises(cc.ArgumentError, match=message):
        cc.compare({"a": two, "b": two}, bots=["heuristic", "random", "ismcts"], games=6)
    result = simulate(three, ["heuristic", "random", "random"], games=1, max_hands=1)
    assert sorted(result.games[0].seat_bots) == ["heuristic", "random", "random"]


def test_workers_are_bounded_by_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool of more than 4 workers a CPU is refused before any game, by simulate, compare and
    tournament alike; an executor of your own sizes itself, so ``workers`` is not bounded
    then."""
    monkeypatch.setattr(_arguments, "usable_cpus", lambda: 1)
    two = cc.RuleSet.preset("caliente-2p")
    assert _arguments.check_workers("workers", 4) == 4
    for run in (lambda: simulate(two, ["random"], games=20, workers=5, max_hands=1),
                lambda: cc.compare({"a": two, "b": two}, bots=["random"], games=20,
                                   workers=5, max_hands=1),
                lambda: cc.tournament(["random", "heuristic"], two, games=20, workers=5,
                                      max_hands=1)):
        with pytest.raises(cc.ArgumentError,
                           match=r"^workers must be at most 4, 4 for each CPU this process "
                                 r"may use \(1 here\)"):
            run()
    with ThreadPoolExecutor(max_workers=2) as executor:
        result = simulate(two, ["random"], games=1, workers=5, executor=executor)
        rated = cc.tournament(["random", "heuristic"], two, games=2, workers=5,
                              executor=executor, max_hands=1)
    assert len(result.games) == 1
    assert rated.games == 2


def test_unknown_bot_name() -> None:
    """An unknown bot name is a ValueError listing the bots."""
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("genius")
    assert set(BOTS) == {"random", "heuristic", "ismcts", *(f"level-{n}" for n in range(1, 6))}


def test_one_bot_object_plays_both_partners_as_documented() -> None:
    """A bot is called, not copied: the one object plays both seats of its side, so a bot that
    keeps state sees its partner's hand in it, as the bots guide and :func:`simulate`'s
    docstring say (and say that the same results whatever the workers hold only for bots whose
    choice depends on ``(view, legal, rng)`` alone)."""
    hands: dict[int, object] = {}

    def remembers(view: View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        hands[view.seat] = view.hand
        return legal[0]

    play_game(RULES, [remembers, "random"], seed=5, max_hands=1)
    assert set(hands) == {0, 2}  # the partners' hands, both in one bot's memory
    doc = " ".join((simulate.__doc__ or "").split())
    assert "for bots whose choice depends only on ``(view, legal, rng)``" in doc
    assert "one bot object plays every seat of its side and every game of a worker" in doc


def test_a_class_of_bots_is_refused_saying_to_give_an_instance() -> None:
    """A class given where its instance is the bot got past the checks and failed at the first
    decision (``Smart() takes no arguments``) with a game's note; the command line makes
    ``module:Class`` an instance, so a person moving from it to Python met this."""
    with pytest.raises(TypeError, match=r"^a bot must be a bot's name or a callable bot, not "
                       r"the class Smart: give an instance, Smart\(\)$"):
        simulate(RULES, [Smart, "random"], games=2)
    with pytest.raises(TypeError, match=r"give an instance, Smart\(\)$"):
        play_game(RULES, ["random", Smart], seed=1)
