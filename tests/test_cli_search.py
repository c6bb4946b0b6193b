"""The command line's search piece: ``play``'s hint command."""

from __future__ import annotations

import io

import pytest

from canasta_caliente.cli import main


def test_play_hint_ranks_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'hint' at the seat's turn prints ranked actions with their simulations."""
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\ndraw\nhint\nquit\n"))
    assert main(["play", "--seed", "4", "--hint-iterations", "20"]) == 0
    out = capsys.readouterr().out
    assert "hint: draw is the only legal action" in out
    assert "hint (20 simulations" in out
    assert "simulations" in out.split("hint (20 simulations", 1)[1]
