"""Bot levels: ``get_bot("level-1")`` ... ``("level-5")`` are legal players of the documented
kinds, take ``seconds=`` (and the search levels ``iterations=``), and every name ``get_bot``
accepts is in ``cc.BOTS``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.players.bots import bot_names, heuristic_bot, random_bot
from canasta_caliente.players.levels import LEVEL_4_ITERATIONS, Blundering, level_bot
from canasta_caliente.players.search import DEFAULT_ITERATIONS


def test_the_levels_are_the_documented_bots() -> None:
    assert cc.get_bot("level-1") is random_bot
    level2 = cc.get_bot("level-2")
    assert isinstance(level2, Blundering) and level2.bot is heuristic_bot and level2.rate == 0.5
    assert cc.get_bot("level-3") is heuristic_bot
    level4, level5 = cc.get_bot("level-4"), cc.get_bot("level-5")
    assert isinstance(level4, cc.ISMCTSBot) and level4.iterations == LEVEL_4_ITERATIONS
    assert isinstance(level5, cc.ISMCTSBot) and level5.iterations == DEFAULT_ITERATIONS
    assert LEVEL_4_ITERATIONS < DEFAULT_ITERATIONS


def test_bots_lists_every_name_get_bot_accepts() -> None:
    assert list(cc.BOTS) == bot_names()
    for name in cc.BOTS:
        assert callable(cc.get_bot(name))
    with pytest.raises(ValueError, match="level-5"):
        cc.get_bot("level-6")


@pytest.mark.parametrize("level", range(1, 6))
def test_a_level_names_the_options_it_takes(level: int) -> None:
    """An option a level does not take: a TypeError naming the level and the options it takes
    (not Python's message, which named an inner function of the package): seconds and
    iterations for the search levels, seconds alone for the others."""
    takes = (r"the options seconds, iterations and name" if level >= 4
             else r"the option seconds \(every level takes it, .*\)")
    with pytest.raises(TypeError, match=rf"^the level-{level} bot takes only {takes}, not "
                       "budget, foo$"):
        cc.get_bot(f"level-{level}", foo=1, budget=2)


@pytest.mark.parametrize("level", range(1, 6))
def test_every_level_plays_a_legal_hand(level: int) -> None:
    bot = cc.get_bot(f"level-{level}", iterations=4) if level >= 4 else cc.get_bot(
        f"level-{level}")
    state = cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=level)
    rng = random.Random(level)
    for _ in range(40):
        if state.is_hand_over:
            break
        seat = state.current_player
        assert seat is not None
        legal = cc.legal_actions(state)
        action = bot(cc.observe(state, seat), legal, rng)
        assert action in legal
        state = cc.apply(state, action)


def test_seconds_makes_level_5_timed_bounds_level_4_and_binds_the_others() -> None:
    """Level 5 thinks for the seconds given; level 4 keeps its 20 simulations within them
    (with seconds it was the same timed search as level 5, as the web table, which always
    gives seconds, played it); the others answer at once."""
    timed = cc.get_bot("level-5", seconds=0.25)
    assert isinstance(timed, cc.ISMCTSBot) and timed.seconds == 0.25
    assert timed.iterations is None
    bounded = cc.get_bot("level-4", seconds=120.0)  # (a bound it never reaches, however loaded)
    assert isinstance(bounded, cc.ISMCTSBot)
    assert (bounded.iterations, bounded.seconds) == (LEVEL_4_ITERATIONS, 120.0)
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente-2p"), seed=3), "draw")
    view, legal = cc.observe(state, 0), cc.legal_actions(state)
    assert len(legal) > 1
    # Within a bound it does not reach, level 4 plays as it plays unbounded: the same move.
    unbounded = cc.get_bot("level-4")
    assert isinstance(unbounded, cc.ISMCTSBot)
    assert bounded(view, legal, random.Random(4)) == unbounded(view, legal, random.Random(4))
    assert bounded.last_iterations == unbounded.last_iterations
    assert cc.get_bot("level-4", iterations=7, seconds=5.0).iterations == 7
    assert cc.get_bot("level-3", seconds=0.1) is heuristic_bot  # answers at once


@pytest.mark.parametrize(("args", "error", "message"), [
    ({"seconds": 0}, ValueError, "seconds must be a positive"),
    ({"seconds": "1"}, TypeError, "seconds must be a number"),
    ({"seconds": 1, "iterations": 0}, ValueError, "iterations must be an integer of at least 1"),
])
@pytest.mark.parametrize("level", [1, 3, 5])
def test_bad_budgets_are_refused_at_every_level(
        level: int, args: dict[str, object], error: type[Exception], message: str) -> None:
    if level < 4 and "iterations" in args:  # a level that does not search takes none at all
        error, message = TypeError, f"level-{level} does not search, so it takes no iterations"
    with pytest.raises(error, match=message):
        cc.get_bot(f"level-{level}", **args)


def test_bad_levels_and_options_are_refused() -> None:
    with pytest.raises(TypeError, match="level-2 does not search"):
        cc.get_bot("level-2", iterations=10)
    with pytest.raises(TypeError, match=r"the level-1 bot takes only the option seconds "
                       r"\(.*\), not speed"):
        cc.get_bot("level-1", speed=3)
    with pytest.raises(ValueError, match="level must be 1 to 5"):
        level_bot(0)
    with pytest.raises(TypeError, match="level must be an int"):
        level_bot("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rate must be between 0 and 1"):
        Blundering(rate=1.5)
    with pytest.raises(TypeError, match="bot must be a bot"):
        Blundering(bot=3)  # type: ignore[arg-type]


def test_blundering_at_the_extremes_is_its_bot_or_random() -> None:
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), "draw")
    view, legal = cc.observe(state, 0), cc.legal_actions(state)
    assert Blundering(rate=0)(view, legal, random.Random(1)) == heuristic_bot(
        view, legal, random.Random(1))
    picks = {Blundering(rate=1)(view, legal, random.Random(i)) for i in range(40)}
    assert len(picks) > 3


def test_the_bots_guide_states_level_4s_budget() -> None:
    guide = Path(__file__).resolve().parents[1] / "docs" / "guides" / "bots.rst"
    row = next(line for line in guide.read_text(encoding="utf-8").splitlines()
               if line.startswith("level-4 "))
    assert f"``ismcts`` at {LEVEL_4_ITERATIONS} simulations a move" in row


def test_blundering_reads_its_bots_answer_in_notation() -> None:
    """A bot may answer in notation (the ``Bot`` type says so): a blundering bot built on one
    answers the Action, and an answer that is no action is refused naming the bot."""
    state = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=7), "draw")
    view, legal = cc.observe(state, 0), cc.legal_actions(state)

    def last(view: cc.View, legal: Sequence[cc.Action], rng: random.Random) -> str:
        return str(legal[-1])

    chosen = Blundering(last, rate=0)(view, legal, random.Random(1))
    assert type(chosen) is cc.Action and chosen == legal[-1]
    with pytest.raises(cc.CanastaTypeError, match=r"Blundering\(rate=0.0\)'s bot answered None"):
        Blundering(lambda *_: None, rate=0)(view, legal, random.Random(1))  # type: ignore[arg-type,return-value]
