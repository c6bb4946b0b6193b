"""What a notebook user's and a researcher's trial found: search bots at two budgets could not
be told apart, house rules as JSON were refused by the Gymnasium id, a vector environment's
refusals left out what it takes, and two command-line words."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main
from canasta_caliente.players.bots import bot_name
from canasta_caliente.rules.given import ruleset_or_preset

TWO_P = cc.RuleSet.preset("caliente-2p")


def test_a_search_bot_takes_its_name_so_that_two_budgets_play_in_one_study() -> None:
    """``get_bot("ismcts", iterations=10, name="i10")`` was Python's "got multiple values for
    argument 'name'", and two budgets of one bot shared the name ``ismcts``, which a study
    refuses."""
    quick = cc.get_bot("ismcts", iterations=2, name="ismcts-2")
    slow = cc.ISMCTSBot(iterations=4, name="ismcts-4")
    assert (bot_name(quick), bot_name(slow)) == ("ismcts-2", "ismcts-4")
    assert bot_name(cc.get_bot("level-5", seconds=0.5, name="quick-5")) == "quick-5"
    assert bot_name(cc.get_bot("level-4")) == "level-4"
    result = cc.simulate(TWO_P, bots=[quick, slow], games=1, seed=1, max_hands=1)
    assert set(result.bots) == {"ismcts-2", "ismcts-4"}
    with pytest.raises(TypeError, match="level-2 does not search, so it takes no name"):
        cc.get_bot("level-2", name="x")
    with pytest.raises(TypeError, match="name must be a str, not int"):
        cc.ISMCTSBot(name=5)  # type: ignore[arg-type]
    with pytest.raises(cc.ArgumentError, match="a bot's name is a single line of 1 to 64"):
        cc.get_bot("ismcts", name="two\nlines")


def test_the_gymnasium_id_takes_house_rules_as_json_and_its_spec_is_json() -> None:
    """``gym.make(GENERIC_ID, rules=rules.to_json())`` was "unknown preset '{...'", and with a
    RuleSet object, ``env.spec.to_json()`` cannot write the spec."""
    gym = pytest.importorskip("gymnasium")
    from canasta_caliente.rl.gym_env import GENERIC_ID

    house = TWO_P.replace(always_frozen=True)
    env = gym.make(GENERIC_ID, rules=house.to_json(), bots="random")
    try:
        assert env.unwrapped.rules == house
        assert json.loads(env.spec.to_json())["kwargs"]["rules"] == house.to_json()
    finally:
        env.close()
    assert ruleset_or_preset(f"  {house.to_json()}") == house
    with pytest.raises(cc.RuleSetError):
        ruleset_or_preset('{"players": 7}')
    with pytest.raises(TypeError, match="rules must be a RuleSet, a preset name or a RuleSet's "
                                        "JSON, not int 7"):
        ruleset_or_preset(7)


def test_a_vector_environments_refusals_name_what_it_takes() -> None:
    """Its unknown ``reset`` option said "the options are ['scores']", leaving out
    ``reset_mask``; a ``render_mode`` did not point to ``vectorization_mode='sync'``."""
    pytest.importorskip("gymnasium")
    from canasta_caliente.rl.vector import CanastaVectorEnv

    envs = CanastaVectorEnv(2, rules="caliente-2p", bots="random")
    try:
        with pytest.raises(cc.ArgumentError, match=r"^options: unknown \['foo'\]; the options "
                                                   r"are \['scores', 'reset_mask'\]$"):
            envs.reset(options={"foo": 1})
    finally:
        envs.close()
    with pytest.raises(cc.ArgumentError, match="vectorization_mode='sync' renders each copy"):
        CanastaVectorEnv(2, render_mode="ansi")


def test_the_command_lines_words() -> None:
    """``compare caliente caliente`` said "caliente: named twice" (the other refusals name the
    argument); the top-level help said ``rules`` would "list" rule sets, which it does not
    (its subcommand ``presets`` lists the presets)."""
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["compare", "caliente", "caliente", "--games", "1"]) == 2
    assert err.getvalue() == ("RULES: caliente named twice: a comparison plays each rule set "
                              "once, beside the others\n")
    out = io.StringIO()
    with pytest.raises(SystemExit), redirect_stdout(out):
        main(["--help"])
    assert "and list the presets" in " ".join(out.getvalue().split())


def test_measures_with_no_interval_are_said_so_not_called_not_significant() -> None:
    """From one game a variant, the measures that are not rates have no interval: the table
    listed them as "not significant (the interval holds zero)", and the plot drew each as a
    bar down to -100% with no upper end."""
    pytest.importorskip("matplotlib")
    comparison = cc.compare({"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True)},
                            bots=["random"], games=1, seed=1, max_hands=2)
    table = " ".join(comparison.table().split())
    quiet = table.split("not significant (", 1)[1].split("no interval (", 1)[0]
    unmeasured = table.split("no interval (too few games to measure the spread): ", 1)[1]
    assert "hands per game" in unmeasured and "hands per game" not in quiet
    assert "win rate, seat 0" in quiet and "win rate, seat 0" not in unmeasured
    figure = comparison.plot()
    ax = figure.axes[0]
    bare = {t.xy[1] for t in ax.texts if t.get_text() == "no interval"}
    assert len(bare) == unmeasured.count(";") + 1
    bars = {y for collection in ax.collections for segment in collection.get_segments()
            for _, y in segment}
    assert bars and not bars & bare  # (the rates' bars drawn; none where there is no interval)


def test_count_axes_have_whole_ticks() -> None:
    """The count axes of a few games' plots were ticked at 0.5, 1.5 (half a game)."""
    pytest.importorskip("matplotlib")
    result = cc.simulate(TWO_P, bots=["random", "heuristic"], games=4, seed=1, max_hands=3)
    comparison = cc.compare({"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True)},
                            bots=["random"], games=2, seed=1, max_hands=2)
    for figure in (result.plot("hands"), result.plot("final"), result.plot("scores"),
                   comparison.plot("hands")):
        ticks = figure.axes[0].get_yticks()
        assert len(ticks) and all(float(t).is_integer() for t in ticks), ticks


def test_every_plot_draws_in_the_axes_given() -> None:
    """A plot took no ``ax``, so it could not go into a grid of subplots (``figsize`` alone)."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    result = cc.simulate(TWO_P, bots=["random", "heuristic"], games=4, seed=1, max_hands=2)
    comparison = cc.compare({"open": TWO_P, "frozen": TWO_P.replace(always_frozen=True)},
                            bots=["random"], games=2, seed=1, max_hands=2)
    rated = cc.tournament(["random", "heuristic"], TWO_P, games=2, seed=1, max_hands=1)
    figure, grid = plt.subplots(2, 2)
    plt.close(figure)
    drawn = (result.plot("scores", ax=grid[0][0]), comparison.plot(ax=grid[0][1]),
             comparison.plot("hands", ax=grid[1][0]), rated.plot(ax=grid[1][1]))
    assert all(f is figure for f in drawn) and len(figure.axes) == 4
    assert not figure.legends  # (each plot's legend in its own axes)
    assert grid[0][0].get_legend() is not None and grid[0][0].get_title()
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        result.plot(ax=figure)
    with pytest.raises(cc.ArgumentError, match="figsize: a plot drawn in the ax given"):
        result.plot(ax=grid[0][0], figsize=(3, 3))
    assert list(result.plot().get_size_inches()) == [6.4, 4.0]
