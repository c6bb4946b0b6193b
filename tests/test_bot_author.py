"""What a bot author's trial found: options the search does not take named as the caller
called it, a rollout bot by name and its errors named, a factory given where its bot belongs
refused before any game, the built-in bots' names whatever is set on them, a ``restart()``
hook before each game, and the studies' results as JSON text."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import canasta_caliente as cc
from canasta_caliente.players.search import ISMCTSBot, analyse

RULES = cc.RuleSet.preset("caliente-2p")


def to_act() -> cc.GameState:
    return cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=1), "draw")


@pytest.mark.parametrize(("call", "who"), [
    (lambda: cc.get_bot("ismcts", foo=1), "the ismcts bot"),
    (lambda: analyse(cc.observe(to_act(), 0), iterations=5, foo=1), "analyse"),
])
def test_an_option_the_search_does_not_take_is_named_as_called(call: Any, who: str) -> None:
    """``get_bot("ismcts", foo=1)`` said "ISMCTSBot.__init__() got an unexpected keyword
    argument", naming a function the caller never called, and listing nothing; said now as
    the other bots say it ("the random bot takes no options, not foo")."""
    with pytest.raises(cc.CanastaTypeError) as info:
        call()
    message = str(info.value)
    assert message.startswith(f"{who} takes only the options iterations, seconds, rollout_bot")
    assert message.endswith(", exploration, name, not foo"), message


def test_the_rollout_bot_may_be_named() -> None:
    """``ISMCTSBot(rollout_bot="heuristic")`` was refused ("must be a bot, not str"), where
    every other API takes a bot's name."""
    assert ISMCTSBot(rollout_bot="heuristic").rollout_bot is cc.get_bot("heuristic")
    with pytest.raises(cc.ArgumentError, match="unknown bot 'nope'"):
        ISMCTSBot(rollout_bot="nope")
    with pytest.raises(cc.CanastaTypeError, match="must be a bot or a bot's name, not int"):
        ISMCTSBot(rollout_bot=3)  # type: ignore[arg-type]


def test_a_rollout_bots_error_names_it() -> None:
    """A rollout bot's own exception came out bare ("oops"): it keeps its type and says which
    bot raised it, as its illegal answers do."""
    def shaky(view: cc.View, legal: Sequence[cc.Action], rng: random.Random) -> cc.Action:
        raise ValueError("oops")

    state = to_act()
    seat = state.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="oops") as info:
        ISMCTSBot(rollout_bot=shaky, iterations=20)(cc.observe(state, seat),
                                                    cc.legal_actions(state), random.Random(1))
    assert "raised by the search's rollout bot 'shaky' (playing seat 0)" in info.value.__notes__


def test_a_bots_factory_is_refused_before_any_game() -> None:
    """A function of no arguments that makes a bot (the command line calls such a factory)
    was taken as the bot, and failed at the first decision; and one of the wrong arity too."""
    def factory() -> Any:
        return cc.get_bot("random")

    def two(view: cc.View, legal: Sequence[cc.Action]) -> cc.Action:
        return legal[0]

    with pytest.raises(cc.CanastaTypeError) as info:
        cc.simulate(RULES, [factory, "heuristic"], games=1)
    assert str(info.value) == ("the bot 'factory' cannot be called as bot(view, legal, rng): its "
                               "parameters are (); if it makes the bot, give the bot it makes, "
                               "factory()")
    with pytest.raises(cc.CanastaTypeError, match=r"'two' cannot be called .* \(view, legal\)$"):
        cc.play_game(RULES, [two, "random"], seed=1)
    # A callable of any other form that takes three arguments plays.
    assert cc.play_game(RULES, [lambda *a: a[1][0], "random"], seed=1, max_hands=1).hands == 1


def test_the_built_in_bots_are_named_alike_however_reached() -> None:
    """``get_bot("level-3")`` was named ``heuristic_bot`` in a table, ``"heuristic"`` by name;
    and a name set on the function ``get_bot`` returns renamed the built-in bot everywhere in
    the process."""
    shared = cc.get_bot("heuristic")
    shared.name = "baseline"  # type: ignore[attr-defined]
    try:
        result = cc.simulate(RULES, [cc.get_bot("level-3"), cc.get_bot("random")], games=1,
                             max_hands=1)
        assert sorted(result.bots) == ["heuristic", "random"]
    finally:
        del shared.name  # type: ignore[attr-defined]


def test_a_bots_restart_is_called_before_each_game() -> None:
    """A bot that keeps a memory had no signal of a new game (the guide told it to start
    afresh): ``restart()``, if it has one, is called before each game's first decision, once
    per object however many seats it plays."""
    calls: list[int] = []

    class Memory:
        name = "memory"

        def __init__(self) -> None:
            self.seen = 0

        def restart(self) -> None:
            calls.append(self.seen)
            self.seen = 0

        def __call__(self, view: cc.View, legal: Sequence[cc.Action],
                     rng: random.Random) -> cc.Action:
            self.seen += 1
            return legal[0]

    memory = Memory()
    cc.simulate(cc.RuleSet.preset("caliente"), [memory], games=3, max_hands=1)
    assert len(calls) == 3 and calls[0] == 0 and all(n > 0 for n in calls[1:])


def test_the_studies_results_are_written_as_json_text() -> None:
    """A tournament, a simulation and a comparison had ``from_json`` but no ``to_json``."""
    simulation = cc.simulate(RULES, ["heuristic", "random"], games=2, seed=1, max_hands=1)
    assert cc.SimulationResult.from_json(simulation.to_json()) == simulation
    tournament = cc.tournament(["heuristic", "random"], RULES, games=2, seed=1, max_hands=1)
    assert type(tournament).from_json(tournament.to_json(indent=None)) == tournament
    assert "\n" not in tournament.to_json(indent=None)
    comparison = cc.compare({"a": RULES, "b": RULES.replace(target_score=3000)},
                            bots=["heuristic"], games=2, seed=1, max_hands=1)
    assert type(comparison).from_json(comparison.to_json()) == comparison


def test_a_restart_that_raises_is_named_and_the_signature_shown_whole() -> None:
    """A review: an error in ``restart()`` named neither the bot nor ``restart()``;
    ``restart_bots(None)`` failed with Python's own words; and a callable refused showed its
    parameters without ``*`` (``(view, legal, rng)`` for ``(view, legal, *, rng)``)."""
    class Flaky:
        name = "flaky"

        def restart(self) -> None:
            raise RuntimeError("cannot reset")

        def __call__(self, view: cc.View, legal: Sequence[cc.Action],
                     rng: random.Random) -> cc.Action:
            return legal[0]

    with pytest.raises(RuntimeError, match="cannot reset") as info:
        cc.play_game(RULES, [Flaky(), "random"], seed=1)
    assert "raised by the restart() of the bot 'flaky'" in info.value.__notes__
    from canasta_caliente.studies.play import restart_bots

    with pytest.raises(cc.CanastaTypeError, match="restart_bots: expected a sequence of bots"):
        restart_bots(None)  # type: ignore[arg-type]
    with pytest.raises(cc.CanastaTypeError, match=r"its parameters are \(view, legal, \*, rng\)$"):
        cc.play_game(RULES, [lambda view, legal, *, rng: legal[0], "random"], seed=1)


def test_a_name_and_the_built_in_bot_it_names_are_one_bot() -> None:
    """``["random", get_bot("random")]`` was refused as two different bots named ``random``
    (the object was named ``random`` too, after the names were made alike); the levels'
    search bots are named by their levels (both were ``ismcts``)."""
    result = cc.simulate(RULES, ["heuristic", cc.get_bot("heuristic")], games=2, max_hands=1)
    assert result.bots == ("heuristic",)
    searching = [cc.get_bot("level-4", iterations=5), cc.get_bot("level-5", iterations=5)]
    assert [cc.players.bots.bot_name(b) for b in searching] == ["level-4", "level-5"]


def test_a_factorys_name_is_not_merged_with_an_object_and_odd_options_are_quoted() -> None:
    """A review: ``["ismcts", BOTS["ismcts"]]`` was taken as one bot (the name makes a new
    search bot for each game, the object is another, which a caller may have changed); an
    option named ``'a b'`` was shown unquoted."""
    from canasta_caliente.players.bots import BOTS

    with pytest.raises(cc.ArgumentError, match="two different bots are both named 'ismcts'"):
        cc.simulate(RULES, ["ismcts", BOTS["ismcts"]], games=1)
    with pytest.raises(cc.CanastaTypeError, match=r", exploration, name, not 'a b'$"):
        cc.get_bot("ismcts", **{"a b": 1})
