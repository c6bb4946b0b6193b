"""The command line's search pieces: ``play``'s hint command and the ``tournament`` subcommand."""

from __future__ import annotations

import io

import pytest

from canasta_caliente.cli.commands import main


def test_tournament_prints_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    """A small tournament exits 0 and prints each bot's Elo rating with its interval."""
    assert main(["tournament", "--rules", "caliente-2p", "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Elo [95% CI]" in out
    assert "heuristic" in out and "random" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "3"], "even"),
        (["--games", "0"], "--games: must be a positive even number (sides alternate), not 0"),
        (["--bots", "heuristic,nobody"], "unknown bot 'nobody'"),
        (["--bots", "heuristic"], "at least two"),
    ],
)
def test_tournament_bad_input_is_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad tournament input exits 2 with a one-line message and no traceback."""
    assert main(["tournament", "--no-progress", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_play_hint_ranks_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'hint' at the seat's turn prints ranked actions with their simulations."""
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\ndraw\nhint\nquit\n"))
    assert main(["play", "--seed", "4", "--hint-iterations", "20"]) == 0
    out = capsys.readouterr().out
    assert "hint: draw is the only legal action" in out
    assert "hint (20 simulations), in the order the search recommends:" in out
    listed = out.split("tries: the simulations that played it.", 1)[1]
    assert "1. " in listed and " value " in listed and " lead " in listed
    assert " tries " in listed


def test_play_gives_the_hints_legend_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The second hint of a game says the first gave the legend, and gives the ranking alone
    (seven lines of legend at every hint were heavy for a beginner's trial)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nhint\nhint\nquit\n"))
    assert main(["play", "--seed", "4", "--hint-iterations", "20"]) == 0
    out = capsys.readouterr().out
    assert out.count("tries: the simulations that played it.") == 1
    second = out.split("hint (20 simulations), in the search's order (the first hint's "
                       "legend says what the order and the numbers mean):\n", 1)[1]
    assert second.startswith("  1. ") and " tries " in second.splitlines()[0]
