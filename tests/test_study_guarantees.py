"""Issue 27's guarantees of the studies (`simulate`, `compare`, `tournament`) and of the bots'
entry points (`get_bot`, `analyse`): distinct bots stay distinct, every argument is checked
where it is given, work is submitted in a bounded window, and an interrupted tournament stops
and says so.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta_caliente as cc
from canasta_caliente._arguments import MAX_ITERATIONS
from canasta_caliente.actions import Action
from canasta_caliente.errors import ArgumentError
from canasta_caliente.play.text import count_phrase
from canasta_caliente.players.bots import bot_action, heuristic_bot, random_bot
from canasta_caliente.players.search import hint_text
from canasta_caliente.state.game import GameState
from canasta_caliente.studies import simulate as simulate_module
from canasta_caliente.studies.simulate import WINDOW
from canasta_caliente.views.view import View
from conftest import quick_part
from sim_bots import Ender, LockedError, LockedRaiser, Named, Quitter

RULES = cc.RuleSet.preset("caliente")
RULES_2P = cc.RuleSet.preset("caliente-2p")


def _turn(seed: int = 2) -> tuple[GameState, int]:
    """A two-player state after the first draw, and the seat to act."""
    state = cc.apply(cc.new_game(RULES_2P, seed=seed), "draw")
    assert state.current_player is not None
    return state, state.current_player


def _named(name: str) -> Any:
    """A new random bot (a new function object each call) called ``name``."""
    def bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return random_bot(view, legal, rng)

    bot.__name__ = name
    return bot


# -- two different bots are never reported as one --------------------------------------------


@pytest.mark.parametrize("bots", [
    [cc.ISMCTSBot(iterations=1), cc.ISMCTSBot(iterations=8)],
    [_named("twin"), _named("twin")],
    [_named("random"), "random"],
], ids=["two-search-budgets", "two-functions-one-name", "a-function-named-as-a-builtin"])
def test_distinct_bots_with_one_name_are_refused_by_every_study(bots: list[Any]) -> None:
    """Two different bots with one name would be counted as one bot: simulate, compare and
    tournament refuse them, asking for distinct names."""
    with pytest.raises(ArgumentError, match="distinct name"):
        cc.simulate(RULES_2P, bots, 2)
    with pytest.raises(ArgumentError, match="distinct name"):
        cc.compare({"a": RULES_2P, "b": RULES_2P}, bots=bots, games=2)
    with pytest.raises(ArgumentError, match="names must differ"):
        cc.tournament(bots, RULES_2P, games=2)


@pytest.mark.slow
def test_the_same_bot_twice_is_one_bot_and_renamed_bots_are_told_apart() -> None:
    """One bot object given twice is one bot (as the same name twice is); two search budgets
    named apart are reported apart."""
    bot = cc.ISMCTSBot(iterations=1)
    assert cc.simulate(RULES_2P, [bot, bot], 1, max_hands=1).bots == ("ismcts",)
    assert cc.simulate(RULES_2P, ["random", "random"], 1, max_hands=1).bots == ("random",)
    small, large = cc.ISMCTSBot(iterations=1), cc.ISMCTSBot(iterations=4)
    small.__name__, large.__name__ = "ismcts-1", "ismcts-4"  # type: ignore[misc]
    result = cc.simulate(RULES_2P, [small, large], 2, max_hands=1)
    assert result.bots == ("ismcts-1", "ismcts-4")
    assert {g.seat_bots for g in result.games} == {("ismcts-1", "ismcts-4"),
                                                  ("ismcts-4", "ismcts-1")}


# -- every argument is checked where it is given -----------------------------------------------

BAD_SIMULATE: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"rules": "caliente"}, TypeError, "rules must be a RuleSet"),
    ({"bots": "random"}, TypeError, "bots must be a sequence"),
    ({"bots": []}, ArgumentError, "at least one bot"),
    ({"bots": [3]}, TypeError, "a bot must be"),
    ({"bots": ["nobody"]}, ValueError, "unknown bot"),
    ({"games": True}, TypeError, "games must be an int"),
    ({"games": 2.0}, TypeError, "games must be an int"),
    ({"games": -1}, ArgumentError, "games must be an integer of at least 0"),
    ({"seed": None}, TypeError, "seed must be an int"),
    ({"seed": 2**300}, ArgumentError, "seed must be an integer of at most 256 bits"),
    ({"workers": 0}, ArgumentError, "workers must be an integer of at least 1"),
    ({"workers": False}, TypeError, "workers must be an int"),
    ({"executor": 5}, TypeError, "executor must be a concurrent.futures.Executor"),
    ({"progress": "yes"}, TypeError, "progress must be True or False"),
    ({"chunk_size": -1}, ArgumentError, "chunk_size must be an integer of at least 1"),
    ({"chunk_size": 0}, ArgumentError, "chunk_size must be an integer of at least 1"),
    ({"max_hands": 0}, ArgumentError, "max_hands must be an integer of at least 1"),
    ({"on_result": 1}, TypeError, "on_result must be a callable"),
    ({"keep_records": 1}, TypeError, "keep_records must be True or False"),
    ({"label": 7}, TypeError, "label must be a str"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_SIMULATE,
                         ids=[next(iter(c)) + "=" + repr(next(iter(c.values())))[:20]
                              for c, _, _ in BAD_SIMULATE])
def test_simulate_checks_every_argument(change: dict[str, Any], error: type[Exception],
                                        message: str) -> None:
    """A wrong type is a TypeError, a value out of range the library's ArgumentError (a
    ValueError), each naming the parameter; nothing is played."""
    arguments: dict[str, Any] = {"rules": RULES, "bots": ["random"], "games": 2, **change}
    played: list[int] = []
    if "on_result" not in change:
        arguments["on_result"] = lambda result: played.append(result.index)
    with pytest.raises(error, match=message):
        cc.simulate(**arguments)
    assert played == []


@pytest.mark.parametrize(("change", "error", "message"), [
    ({"games": 0}, ArgumentError, "positive even number"),
    ({"games": True}, TypeError, "games must be an int"),
    ({"seed": 1.5}, TypeError, "seed must be an int"),
    ({"workers": -2}, ArgumentError, "workers must be an integer of at least 1"),
    ({"max_hands": 0}, ArgumentError, "max_hands must be an integer of at least 1"),
    ({"progress": None}, TypeError, "progress must be True or False"),
    ({"executor": 5}, TypeError, "executor must be a concurrent.futures.Executor or None"),
    ({"chunk_size": 0}, ArgumentError, "chunk_size must be an integer of at least 1"),
    ({"chunk_size": -1}, ArgumentError, "chunk_size must be an integer of at least 1"),
    ({"chunk_size": 2.0}, TypeError, "chunk_size must be an int"),
    ({"chunk_size": True}, TypeError, "chunk_size must be an int"),
    ({"on_result": 1}, TypeError, "on_result must be a callable or None"),
    ({"keep_records": 1}, TypeError, "keep_records must be True or False"),
])
def test_tournament_checks_every_argument(change: dict[str, Any], error: type[Exception],
                                          message: str) -> None:
    """The tournament checks its own arguments before any game."""
    arguments: dict[str, Any] = {"games": 2, **change}
    played: list[int] = []
    if "on_result" not in change:
        arguments["on_result"] = lambda result: played.append(result.index)
    with pytest.raises(error, match=message):
        cc.tournament(["random", "heuristic"], RULES_2P, **arguments)
    assert played == []


BAD_PLAY_GAME: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"bots": []}, ArgumentError, "bots must hold at least one bot"),
    ({"bots": "heuristic"}, TypeError, "bots must be a sequence of bots, not str"),
    ({"bots": [5, "random"]}, TypeError, "a bot must be a bot's name or a callable, not int"),
    ({"bots": ["random", "heuristic", "random"]}, ArgumentError,
     "bots: 3 bots for a table of 2 sides"),
    ({"rules": "caliente"}, TypeError, re.escape('rules must be a RuleSet, not str '
                                                 "'caliente' (a preset by its name")),
    ({"rules": ["random"], "bots": RULES_2P}, TypeError, "rules must be a RuleSet, not list"),
    ({"seed": None}, TypeError, "seed must be an int, not NoneType"),
    ({"index": "a"}, TypeError, "index must be an int, not str"),
    ({"index": -1}, ArgumentError, "index must be an integer of at least 0"),
    ({"max_hands": 0}, ArgumentError, "max_hands must be an integer of at least 1"),
    ({"max_hands": -1}, ArgumentError, "max_hands must be an integer of at least 1"),
    ({"keep_record": 1}, TypeError, "keep_record must be True or False"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_PLAY_GAME,
                         ids=["=".join(map(str, (next(iter(c)), next(iter(c.values())))))[:30]
                              for c, _, _ in BAD_PLAY_GAME])
def test_play_game_checks_every_argument(change: dict[str, Any], error: type[Exception],
                                         message: str) -> None:
    """`play_game` checked none of its arguments (`bots=[]` an IndexError, `bots="heuristic"`
    "unknown bot 'h'", `max_hands=0` one hand played, `seed=None` a game no one could play
    again): it checks them as `simulate` does, before any bot is asked."""
    asked: list[int] = []

    def counted(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        asked.append(view.seat)
        return random_bot(view, legal, rng)

    arguments: dict[str, Any] = {"rules": RULES_2P, "bots": [counted, "random"], "seed": 1,
                                 **change}
    with pytest.raises(error, match=message):
        cc.play_game(**arguments)
    assert asked == []


@pytest.mark.parametrize(("options", "error", "message"), [
    ({"seconds": 1e308}, ArgumentError, "at most 86400"),
    ({"seconds": 10**400}, ArgumentError, "at most 86400"),
    ({"seconds": float("nan")}, ArgumentError, "positive number of seconds"),
    ({"seconds": True}, TypeError, "seconds must be a number"),
    ({"iterations": True}, TypeError, "iterations must be an int"),
    ({"iterations": 0}, ArgumentError, "iterations must be an integer of at least 1"),
])
def test_get_bot_checks_the_budget_when_the_bot_is_made(
        options: dict[str, Any], error: type[Exception], message: str) -> None:
    """`get_bot("ismcts", seconds=1e308)` used to be accepted and overflow on its first move."""
    with pytest.raises(error, match=message):
        cc.get_bot("ismcts", **options)


def test_get_bot_refuses_a_name_that_is_not_a_string() -> None:
    """A name that is not a str is a TypeError naming what was given."""
    with pytest.raises(TypeError, match="a bot's name must be a str, not int 3"):
        cc.get_bot(3)  # type: ignore[arg-type]


def test_a_large_time_budget_plays_a_move() -> None:
    """The longest time budget allowed does not overflow when the bot plays (the first legal
    actions are few, so the search ends on its own)."""
    state = cc.apply(cc.new_game(RULES_2P, seed=4), "draw")
    view = cc.observe(state, state.current_player)
    bot = cc.get_bot("ismcts", seconds=86_400)
    legal = cc.legal_actions(state)
    assert len(legal) > 1
    bot.seconds = 0.05  # type: ignore[attr-defined]  # keep the test short; the check passed
    assert bot(view, legal, random.Random(1)) in legal


def test_analyse_needs_an_integer_seed() -> None:
    """`analyse(view, seed=None)` ranked differently on each call without saying so: it is
    refused, and a given seed ranks the same every time."""
    state = cc.apply(cc.new_game(RULES, seed=2), "draw")
    view = cc.observe(state, state.current_player)
    with pytest.raises(TypeError, match="seed must be an int, not NoneType"):
        cc.analyse(view, iterations=5, seed=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be an int"):
        cc.analyse(view, iterations=5, seed=True)
    assert cc.analyse(view, iterations=20, seed=3) == cc.analyse(view, iterations=20, seed=3)


# -- bounded work -------------------------------------------------------------------------------


class CountingExecutor(ThreadPoolExecutor):
    """A one-thread pool that counts the chunks submitted and not yet finished, keeps the
    most there ever were, and raises KeyboardInterrupt (a Ctrl-C) at its ``stop_at``th
    submission."""

    def __init__(self, stop_at: int) -> None:
        super().__init__(max_workers=1)
        self.lock = threading.Lock()
        self.open = 0
        self.most = 0
        self.submitted = 0
        self.stop_at = stop_at
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Submit as a thread pool does, counting."""
        self.submitted += 1
        if self.submitted == self.stop_at:
            raise KeyboardInterrupt
        with self.lock:
            self.open += 1
            self.most = max(self.most, self.open)
        future = super().submit(self._counted, fn, *args, **kwargs)
        future.add_done_callback(self._cancelled)
        self.futures.append(future)
        return future

    def _counted(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Run a chunk, and count it finished before its future's result is set. Counted in a
        done-callback, it raced the run: a future wakes whoever waits for its result before it
        calls its callbacks, so the run could submit the next chunk while the finished one was
        still counted (WINDOW + 1 open, now and then, on a loaded machine)."""
        try:
            return fn(*args, **kwargs)
        finally:
            self._close()

    def _cancelled(self, future: Future[Any]) -> None:
        """A chunk cancelled before it ran is no longer open either."""
        if future.cancelled():
            self._close()

    def _close(self) -> None:
        with self.lock:
            self.open -= 1


def test_a_huge_run_submits_a_bounded_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate(games=10**9)` on a user's executor submits at most WINDOW chunks at a time
    and starts at once (it used to build every chunk first: 3 GiB and 16 s for 10**9 games);
    an interrupt cancels the chunks submitted and not started, and returns what was played."""
    def quick_chunk(rules: Any, bots: Any, seed: int, indices: tuple[int, ...],
                    max_hands: int, keep_records: bool = False) -> list[Any]:
        return []  # the window is what is tested, not the games

    monkeypatch.setattr(simulate_module, "play_chunk", quick_chunk)
    with CountingExecutor(stop_at=5 * WINDOW) as executor:
        result = cc.simulate(RULES, ["random"], 10**9, executor=executor, chunk_size=1)
        assert executor.submitted == 5 * WINDOW
        assert 1 <= executor.most <= WINDOW
        # None left to start: each finished or cancelled, but the one the pool's thread may
        # still be running as the run returns (an interrupt waits for no running chunk; the
        # test asked every future done, and failed now and then on a loaded machine). Running
        # is asked first: a chunk that finishes between the two questions is done.
        assert not [f for f in executor.futures if not f.running() and not f.done()]
        assert sum(f.running() for f in executor.futures) <= 1
    assert result.interrupted and result.requested == 10**9


def test_a_windowed_run_plays_every_game_in_order() -> None:
    """More chunks than the window: every game is played once, in game order, the same games
    as a serial run."""
    with CountingExecutor(stop_at=-1) as executor:
        pooled = cc.simulate(RULES_2P, ["random"], WINDOW + 6, seed=4, executor=executor,
                             chunk_size=1, max_hands=1)
        assert executor.submitted == WINDOW + 6 and executor.most <= WINDOW
    serial = cc.simulate(RULES_2P, ["random"], WINDOW + 6, seed=4, max_hands=1)
    assert pooled.games == serial.games and not pooled.interrupted


# -- an interrupted tournament stops ------------------------------------------------------------


def interrupted_note(played: int) -> str:
    """The last line of an interrupted tournament's table, of ``played`` games (none: the
    table shows no ratings, only that no game was played)."""
    if not played:
        return "no game was played: no ratings to show\n(interrupted before its first game)"
    return (f"(interrupted: only the {count_phrase(played, 'game')} played "
            f"{'is' if played == 1 else 'are'} rated)")


def test_an_interrupted_tournament_stops_and_says_so() -> None:
    """A KeyboardInterrupt in the middle of a pair's game (as Ctrl-C raises it) ends the round
    robin: no later pair is played, the result is flagged interrupted, its table says so, and
    it rates only the games played."""
    calls: list[str] = []

    def interrupting(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        calls.append("interrupting")
        if len(calls) == 40:
            raise KeyboardInterrupt
        return random_bot(view, legal, rng)

    def watched(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        calls.append("watched")
        return random_bot(view, legal, rng)

    t = cc.tournament([interrupting, "random", watched], RULES_2P, games=100_000, seed=1)
    assert t.interrupted
    assert [p.label for p in t.pairs] == ["interrupting vs random"]
    assert "watched" not in calls  # the next pairs never started
    assert t.games == len(t.pairs[0].games) < 100_000
    assert sum(map(sum, t.wins)) == t.games
    assert t.table().endswith(interrupted_note(t.games))
    whole = cc.tournament(["random", "heuristic"], RULES_2P, games=2, seed=1, max_hands=1)
    assert not whole.interrupted and "interrupted" not in whole.table()


# -- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["0", "-3"])
def test_play_refuses_a_hint_budget_below_one_before_the_game(value: str) -> None:
    """`play --hint-iterations 0` then `hint` used to print a traceback: the flag is refused
    before the game starts, with a one-line message."""
    from test_fuzz_cli import run

    status, out, err = run(["play", "--seed", "1", "--hint-iterations", value], ["hint"])
    assert status == 2 and err == "--hint-iterations: must be at least 1\n"
    assert "your action" not in out


def test_play_refuses_a_hint_budget_past_the_searchs_cap_before_the_game() -> None:
    """`play --hint-iterations 10**30` would hang at the first `hint`: refused at once."""
    from test_fuzz_cli import run

    status, out, err = run(["play", "--seed", "1", "--hint-iterations", str(10**30)], ["hint"])
    assert status == 2 and err == "--hint-iterations: must be at most 10,000,000\n"
    assert "your action" not in out


@pytest.mark.parametrize("call", [
    lambda: cc.ISMCTSBot(iterations=2**2000),
    lambda: cc.ISMCTSBot(iterations=MAX_ITERATIONS + 1),
    lambda: cc.get_bot("ismcts", iterations=10**30),
    lambda: cc.get_bot("level-5", iterations=10**30),
    lambda: cc.analyse(cc.observe(*_turn()), iterations=10**30),
    lambda: hint_text(cc.observe(*_turn()), 10**30),
], ids=["ISMCTSBot-huge", "ISMCTSBot-one-past", "get_bot", "level", "analyse", "hint_text"])
def test_a_search_budget_past_the_cap_is_refused(call: Callable[[], object]) -> None:
    """`analyse(view, iterations=10**30)` never returned, and any iterations were accepted,
    while seconds were capped: iterations are capped at MAX_ITERATIONS, the one check."""
    with pytest.raises(ArgumentError, match="iterations must be an integer of at most "
                                            "10,000,000, not "):
        call()
    assert cc.ISMCTSBot(iterations=MAX_ITERATIONS).iterations == MAX_ITERATIONS


TOURNAMENT_CLI = ["-m", "canasta_caliente.cli", "tournament", "--games", "100000",
                  "--rules", "caliente-2p", "--progress"]  # (the bar, on the pipe read)


@pytest.mark.parametrize("bots", ["heuristic,random,ismcts", "ismcts,random"],
                         ids=["ismcts-later", "ismcts-first"])
def test_cli_tournament_interrupt(bots: str) -> None:
    """Ctrl-C in `canasta-caliente tournament` (SIGINT to the process group, once the first
    pair's progress bar shows a game played, or, with the search bot in the first pair, once
    it shows at all): it stops within seconds, exits 130, prints the games played under a
    header that says it was interrupted, and no traceback."""
    from test_simulate_interrupt import STOP_SECONDS, Run, needs_proc, no_worker_left

    if needs_proc.args[0]:
        pytest.skip(needs_proc.kwargs["reason"])
    run = Run([*TOURNAMENT_CLI, "--bots", bots])
    first = 0 if bots.startswith("ismcts") else 1
    run.wait_until(lambda: max(map(int, re.findall(rb"(\d+)/100000", run.err)), default=-1)
                   >= first, f"progress to {first} games")
    elapsed, out, err = run.interrupt(group=True)
    assert run.proc.returncode == 130, (out, err)
    assert elapsed < STOP_SECONDS
    assert no_worker_left(run) == []
    assert "Traceback" not in err, err
    match = re.search(r"\(interrupted: (\d+) of (\d+) games played\)", out)
    assert match is not None, out
    k = len(bots.split(","))
    assert int(match.group(1)) < int(match.group(2)) == 100_000 * k * (k - 1) // 2
    played = int(match.group(1))  # one game (the progress moves game by game) is singular
    assert out.rstrip().endswith(interrupted_note(played))


# -- the input checks of the studies' results and the bots' entry points ----------------------


@pytest.fixture(scope="module")
def two_variants() -> cc.Comparison:
    """A tiny comparison of two variants, ``a`` and ``b``."""
    other = RULES_2P.replace(going_out_bonus=RULES_2P.going_out_bonus + 100)
    return cc.compare({"a": RULES_2P, "b": other}, bots=["random"], games=2, max_hands=1)


@pytest.mark.parametrize(("args", "error", "message"), [
    (("a", "b", "x"), ArgumentError, r"no measure 'x' in this comparison \(its measures: "
                                     r"'hands per game'"),
    (("a", "z", "hands per game"), ArgumentError,
     r"b: no variant 'z' in this comparison \(its variants: 'a', 'b'\)"),
    (("a", "a", "hands per game"), ArgumentError, "the same variant 'a'"),
    ((1, "b", "hands per game"), TypeError, "a must be a str"),
    (("a", "b", None), TypeError, "measure must be a str"),
])
def test_a_comparisons_difference_names_what_is_wrong(
        two_variants: cc.Comparison, args: tuple[Any, ...], error: type[Exception],
        message: str) -> None:
    """`difference` raised a bare KeyError "no measure 'hands per game'" for an unknown
    variant or the same variant twice, though the measure exists."""
    with pytest.raises(error, match=message):
        two_variants.difference(*args)
    assert two_variants.difference("b", "a", "hands per game")["variant_a"] == "b"


@pytest.mark.parametrize(("rules", "error", "message"), [
    (cc.RuleSet.preset("caliente-6p"), ArgumentError,
     r"a table of 6 players in 2 sides is not this game's \(2 players in 2 sides\)"),
    (RULES, ArgumentError, "a table of 4 players in 2 sides is not this game's"),
    (None, TypeError, "rules must be a RuleSet"),
    ("caliente-2p", TypeError, "rules must be a RuleSet"),
])
def test_winning_bots_needs_the_games_rules(rules: Any, error: type[Exception],
                                            message: str) -> None:
    """Rules of another table were an IndexError (or a wrong answer), None an
    AttributeError: each is refused, whether the game was won or not."""
    result = cc.simulate(RULES_2P, ["heuristic", "random"], 1, max_hands=1)
    game = result.games[0]
    for winner in (0, None):
        with pytest.raises(error, match=message):
            attrs.evolve(game, winner=winner).winning_bots(rules)
    assert attrs.evolve(game, winner=0).winning_bots(RULES_2P) == {game.seat_bots[0]}


def _bots() -> list[Any]:
    """The built-in bots and a small search."""
    return [random_bot, heuristic_bot, cc.ISMCTSBot(iterations=4)]


@pytest.mark.parametrize("bot", _bots(), ids=["random", "heuristic", "ismcts"])
def test_a_bots_call_is_checked(bot: Any) -> None:
    """A bot called directly raised a ValueError from randrange or an IndexError for no legal
    actions, an AttributeError for rng=None, and "object of type 'method' has no len()" for a
    state given as the view: each is refused, saying what the call takes."""
    state, seat = _turn()
    view, legal, rng = cc.observe(state, seat), cc.legal_actions(state), random.Random(0)
    with pytest.raises(ArgumentError, match="legal is empty: a bot chooses among"):
        bot(view, [], rng)
    with pytest.raises(TypeError, match=r"rng must be a random.Random .*not NoneType"):
        bot(view, legal, None)
    with pytest.raises(TypeError, match=r"view must be a View .*: a bot sees its seat.s view"):
        bot(state, legal, rng)
    with pytest.raises(TypeError, match="legal must be a sequence of actions"):
        bot(view, None, rng)
    assert bot(view, legal, rng) in legal


@pytest.mark.parametrize("bot", [*_bots(), cc.get_bot("level-2")],
                         ids=["random", "heuristic", "ismcts", "level-2"])
def test_a_bots_call_is_checked_past_its_quick_test(bot: Any) -> None:
    """The built-in bots' quick test of their call let through what it did not check:
    `random_bot(view, "draw", rng)` answered 'w', the others an AttributeError; a generator of
    the legal actions a TypeError of len(); level-2 with `rng=0` an AttributeError. Each is
    refused as `check_bot_call` refuses it."""
    state, seat = _turn()
    view, legal, rng = cc.observe(state, seat), cc.legal_actions(state), random.Random(0)
    with pytest.raises(TypeError, match=r"legal must be a sequence of actions.*not str"):
        bot(view, "draw", rng)
    with pytest.raises(TypeError, match=r"legal must be a sequence of actions.*not generator"):
        bot(view, (a for a in legal), rng)
    with pytest.raises(TypeError, match=r"rng must be a random.Random .*not int"):
        bot(view, legal, 0)
    with pytest.raises(TypeError, match=r"view must be a View .*: a bot sees its seat.s view"):
        bot(state, legal, rng)
    assert bot(view, list(legal), rng) in legal


@pytest.mark.parametrize("bot", [*_bots(), cc.get_bot("level-2")],
                         ids=["random", "heuristic", "ismcts", "level-2"])
def test_a_bots_legal_actions_are_actions(bot: Any) -> None:
    """A game developer's trial gave the bots the legal actions as notations (what a client
    sends): the heuristic, level-2 and the search failed deep inside with "'str' object has no
    attribute 'verb'", random answered a str. Refused, naming the first item that is not an
    Action, and by bot_action too (the search's own rollouts skip the checks). The search
    checks every item; the others the items they read (the random bot the one it picks)."""
    state, seat = _turn()
    view, legal, rng = cc.observe(state, seat), cc.legal_actions(state), random.Random(0)
    notations = [str(action) for action in legal]
    with pytest.raises(TypeError, match=r"legal\[0\] is str '.*', not an Action: legal holds "
                                        r"the legal actions .* \(a notation: parse it with "
                                        r"parse_action\)"):
        bot(view, notations, rng)
    if bot is heuristic_bot or isinstance(bot, cc.ISMCTSBot):  # (they read every item here)
        mixed = [*legal[:-1], 7]
        with pytest.raises(cc.CanastaTypeError, match=rf"legal\[{len(legal) - 1}\] is int 7, "
                                                      r"not an Action: .* gives them$"):
            bot(view, mixed, rng)
    with pytest.raises(cc.CanastaTypeError, match=r"legal\[0\] is str"):
        bot_action(bot, state, seat, notations, rng)


@pytest.mark.parametrize("bot", _bots(), ids=["random", "heuristic", "ismcts"])
def test_bot_action_refuses_a_seat_not_to_act(bot: Any) -> None:
    """`bot_action(heuristic_bot, state, other_seat, ...)` chose quietly from the wrong seat's
    hand, the search failed deep inside with an IllegalActionError: refused, naming both."""
    state, seat = _turn()
    legal, rng = cc.legal_actions(state), random.Random(0)
    with pytest.raises(ArgumentError, match=f"seat {1 - seat} is not the seat to act in this "
                                            f"state: seat {seat} is"):
        bot_action(bot, state, 1 - seat, legal, rng)
    with pytest.raises(ArgumentError, match="legal is empty"):
        bot_action(bot, state, seat, [], rng)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        bot_action(bot, state, seat, legal, None)
    with pytest.raises(TypeError, match="seat must be an int"):
        bot_action(bot, state, True, legal, rng)
    assert bot_action(bot, state, seat, legal, rng) in legal


def test_the_search_refuses_the_view_of_a_seat_not_to_act() -> None:
    """The search from another seat's view failed deep inside: refused where it starts."""
    state, seat = _turn()
    bot, legal = cc.ISMCTSBot(iterations=4), cc.legal_actions(state)
    message = f"this is seat {1 - seat}'s view, but seat {seat} is to act"
    with pytest.raises(ArgumentError, match=message):
        bot(cc.observe(state, 1 - seat), legal, random.Random(0))
    with pytest.raises(ArgumentError, match=message):
        bot.search(cc.observe(state, 1 - seat), legal, random.Random(0))


def test_hint_text_needs_a_budget() -> None:
    """`hint_text(view, None)` printed "hint (None simulations)": the budget is checked."""
    view = cc.observe(*_turn())
    with pytest.raises(TypeError, match="iterations must be an int, not NoneType"):
        hint_text(view, None)  # type: ignore[arg-type]
    assert hint_text(view, 4).startswith("hint (4 simulations)")


def _forgets_to_return(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    legal[0]  # (no return: the bot answers None)
    return None  # type: ignore[return-value]


def _plays_out_of_turn(view: View, legal: Sequence[Action], rng: random.Random) -> str:
    return "meld A A A"


def _answers_nonsense(view: View, legal: Sequence[Action], rng: random.Random) -> str:
    return "fold"


@pytest.mark.parametrize(("bot", "error", "message"), [
    (_forgets_to_return, TypeError,
     r"the bot '_forgets_to_return' at seat 0 answered None: a bot returns one of the legal "
     r"actions it is given"),
    (_plays_out_of_turn, cc.IllegalActionError,
     r"the bot '_plays_out_of_turn' at seat 0 played an illegal action: meld A A A: "),
    (_answers_nonsense, cc.NotationError, r"the bot '_answers_nonsense' at seat 0 answered "),
])
def test_a_bots_wrong_answer_names_the_bot(bot: Any, error: type[Exception],
                                           message: str) -> None:
    """A user's bot that answers None (a forgotten ``return``) raised AttributeError "'NoneType'
    object has no attribute 'verb'" from inside the game loop; an illegal answer or one that is
    not notation named neither the bot nor its seat."""
    with pytest.raises(error, match=message):
        cc.simulate(RULES_2P, [bot, "random"], games=1)


def test_a_bot_that_cannot_reach_the_workers_is_refused_before_the_pool_starts() -> None:
    """A lambda with ``workers=2`` raised pickle's own error from the pool, and the pool's
    thread printed a second traceback (InvalidStateError) as it broke; it is now a TypeError
    naming the bot, before any worker starts. One process, or an executor of the caller's
    (Dask pickles lambdas), is not refused."""
    def first(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0]

    with pytest.raises(TypeError, match=r"bots\[1\]: the bot 'first' cannot be sent to the "
                       r"worker processes \(it does not pickle: .*\); define it at the top "
                       r"level of a module"):
        cc.simulate(RULES_2P, ["random", first], games=30, workers=2)
    assert len(cc.simulate(RULES_2P, ["random", first], games=2, workers=1).games) == 2
    locked = Named("locked")
    locked.lock = threading.Lock()  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"bots\[0\]: the bot 'locked' cannot be sent to the "
                       r"worker processes \(it does not pickle: cannot pickle '_thread.lock' "
                       r"object\); .* holding nothing that does not pickle \(a lock, "):
        cc.simulate(RULES_2P, [locked, "random"], games=30, workers=2)
    with ThreadPoolExecutor(1) as pool:
        assert len(cc.simulate(RULES_2P, ["random", first], games=20, executor=pool).games) == 20


SPAWNED_BOT = """
import multiprocessing
import canasta_caliente as cc

class Mine:
    def __call__(self, view, legal, rng):
        return legal[0]

if __name__ == "__main__":
    multiprocessing.set_start_method({method!r})
    rules = cc.RuleSet.preset("caliente-2p")
    try:
        cc.simulate(rules, [Mine(), "random"], games=4, workers=2, chunk_size=1,
                    progress=False)
    except TypeError as exc:
        print("refused:", exc)
    else:
        print("played")
"""


@pytest.mark.parametrize(("how", "method"), quick_part(
    [("-c", "spawn"), ("-c", "forkserver"), ("stdin", "spawn"), ("stdin", "forkserver")],
    [("-c", "spawn"), ("stdin", "forkserver")]))
def test_a_bot_of_an_interactive_main_is_refused_where_workers_cannot_import_it(
        method: str, how: str, tmp_path: Path) -> None:
    """A bot class defined in ``python -c``, standard input or a notebook pickles as
    ``__main__.Mine``; a worker started by spawn or forkserver (macOS's and Windows' default)
    cannot find it, and the pool broke (``AttributeError`` in the worker, then
    ``BrokenProcessPool`` naming no bot). It is now refused before the pool starts."""
    code = SPAWNED_BOT.format(method=method)
    run = subprocess.run([sys.executable, *(["-c", code] if how == "-c" else ["-"])],
                         input=None if how == "-c" else code, capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, check=False)
    assert run.stdout == (
        "refused: bots[0]: the bot 'Mine' cannot be sent to the worker processes: Mine is "
        "defined in this session's __main__ (a notebook, python -c or standard input), which "
        f"workers started by {method!r} cannot import; define it in a module (a .py file, "
        "imported), or play with workers=1\n"), run.stderr


@pytest.mark.slow
def test_a_bot_of_a_scripts_main_reaches_spawned_workers(tmp_path: Path) -> None:
    """The same class in a script's file is found by a spawned worker (it runs the script
    again as ``__mp_main__``), and with fork in ``python -c`` too: neither is refused."""
    script = tmp_path / "mine.py"
    script.write_text(SPAWNED_BOT.format(method="spawn"), encoding="utf-8")
    for args in ([str(script)], ["-c", SPAWNED_BOT.format(method="fork")]):
        run = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                             timeout=300, cwd=tmp_path, check=False)
        assert run.stdout == "played\n", run.stderr


def test_a_worker_that_ends_or_an_error_that_cannot_come_back_is_a_worker_error() -> None:
    """A bot that ended its worker process (``os._exit``) broke the pool: Python's
    ``BrokenProcessPool``, naming no bot and no game. A bot's exception that does not pickle
    came back as pickle's own TypeError, naming neither. The first is now a WorkerError saying
    what may have happened; the second a WorkerError with the exception's type, message and
    the game's note."""
    with pytest.raises(cc.WorkerError, match=r"^a worker process ended while it played, or "
                       r"what it sent back could not be read \(.*\): a bot may have ended it "
                       r"\(os._exit\) or crashed the interpreter, or raised an error that "
                       r"cannot be read back; with workers=1 the games are played in this "
                       r"process, where the error shows with its game$"):
        cc.simulate(RULES_2P, [Ender(), "random"], games=4, workers=2, chunk_size=1)
    with pytest.raises(cc.WorkerError, match=r"^LockedError: a locked failure\n") as caught:
        cc.simulate(RULES_2P, [LockedRaiser(), "random"], games=4, workers=2, chunk_size=1)
    game, why = caught.value.__notes__
    assert game.startswith("in game ") and "(the bot 'locked' at seat " in game
    assert why == ("(the LockedError could not be sent back from the worker process, "
                   "TypeError: cannot pickle '_thread.lock' object; with workers=1 it is "
                   "raised itself)")
    with pytest.raises(LockedError):  # in this process, the error itself
        cc.simulate(RULES_2P, [LockedRaiser(), "random"], games=4, workers=1)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_calls_sys_exit_is_a_runtime_error_with_its_game(workers: int) -> None:
    """A bot's ``sys.exit()`` ended the whole run without a word (``SystemExit`` passes every
    ``except Exception``; the command line then exited with status 0 and no table). It is now a
    RuntimeError naming the bot, with the game's note, in this process and from a worker."""
    with pytest.raises(RuntimeError, match=r"^the bot 'quitter' at seat \d called "
                       r"sys.exit\(None\): a bot answers with one of the legal actions, and "
                       r"may not end the program") as caught:
        cc.simulate(RULES_2P, [Quitter(), "random"], games=4, workers=workers, chunk_size=1)
    assert caught.value.__notes__[0].startswith("in game ")


@pytest.mark.slow
def test_a_script_without_the_main_guard_is_told_so_with_spawned_workers(
        tmp_path: Path) -> None:
    """Spawned workers run the script again: one that starts a simulation outside ``if
    __name__ == "__main__":`` makes each fail as it starts, and the run's WorkerError says
    that this may be why (it only blamed the bots)."""
    script = tmp_path / "unguarded.py"
    script.write_text(SPAWNED_BOT.format(method="spawn").replace(
        'if __name__ == "__main__":', "if True:"), encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, check=False)
    assert "canasta_caliente.errors.WorkerError: a worker process ended while it played" in (
        run.stderr), run.stderr
    assert ("where workers are started by spawn or forkserver (macOS and Windows), the script "
            "starts the simulation outside `if __name__ == '__main__':` (a worker runs the "
            "script again)") in run.stderr


@pytest.mark.parametrize("call", [
    lambda: cc.new_game("caliente"),  # type: ignore[arg-type]
    lambda: cc.simulate("caliente", ["random"], games=1),  # type: ignore[arg-type]
    lambda: cc.tournament(["random", "heuristic"], "caliente", games=1),  # type: ignore[arg-type]
])
def test_a_presets_name_for_rules_is_refused_with_the_call_that_makes_them(
        call: Callable[[], object]) -> None:
    """Where the command line and the environments take a preset's name, these take only a
    RuleSet; the message now gives the call that makes it."""
    with pytest.raises(TypeError, match=re.escape(
            "rules must be a RuleSet, not str 'caliente' (a preset by its name: "
            "RuleSet.preset('caliente'))")):
        call()


TWO_P_RULES = cc.RuleSet.preset("caliente-2p")


def test_an_on_result_that_cannot_take_its_arguments_is_refused_before_any_game() -> None:
    """``compare`` calls ``on_result`` with the label and the result, the others with the
    result alone: a callable whose signature cannot take them failed after the first game
    with Python's message (a notebook user's trial); it is refused before any game, saying
    what it is called with. A callable without a readable signature is taken as it is."""
    played: list[object] = []
    with pytest.raises(TypeError, match=r"^on_result is called with the variant's label and "
                                        r"the game's result \(2 arguments\), which its "
                                        r"signature \(result\) cannot take"):
        cc.compare({"a": TWO_P_RULES, "b": TWO_P_RULES}, bots=["random"], games=2,
                   on_result=lambda result: played.append(result))
    for study in (lambda f: cc.simulate(TWO_P_RULES, ["random"], 2, on_result=f),
                  lambda f: cc.tournament(["heuristic", "random"], TWO_P_RULES, games=2,
                                          on_result=f)):
        with pytest.raises(TypeError, match=r"^on_result is called with the game's result "
                                            r"\(1 argument\), which its signature \(label, "
                                            r"result\) cannot take"):
            study(lambda label, result: played.append(result))
    assert played == []
    cc.simulate(TWO_P_RULES, ["random"], 1, max_hands=1, on_result=played.append)
    cc.compare({"a": TWO_P_RULES, "b": TWO_P_RULES}, bots=["random"], games=1, max_hands=1,
               on_result=lambda *told: played.append(told))
    assert len(played) == 3


def test_a_house_rules_files_name_for_rules_is_refused_with_the_call_that_reads_it() -> None:
    """A notebook user gave a house-rules file's path, as the command line takes it: the
    message gives ``RuleSet.from_file`` (it said only "must be a RuleSet"); a name that is
    neither a preset nor such a file gets no hint."""
    from pathlib import Path

    for given, shown in (("club.toml", "'club.toml'"), (Path("x/club.JSON"), "'x/club.JSON'")):
        with pytest.raises(TypeError, match=re.escape(
                f"(a house-rules file: RuleSet.from_file({shown}))")):
            cc.simulate(given, ["random"], 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not str 'nope'$"):
        cc.simulate("nope", ["random"], 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("label", ["", "  "])
def test_a_comparisons_labels_are_not_blank(label: str) -> None:
    """A variant's label heads its column: an empty one (or spaces) left the column, and the
    difference's, with no heading in the tables and the plot's legend."""
    with pytest.raises(ArgumentError, match=f"a variant's label cannot be empty or white "
                                            f"space alone \\({label!r}\\)"):
        cc.compare({label: RULES_2P, "b": RULES_2P}, bots=["random"], games=2)
