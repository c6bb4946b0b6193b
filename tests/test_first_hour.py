"""What a new user's first hour found: the first bot loop's error between hands, a preset
named by a number, a Match made of rules, a count's plural, the hint's header, and a house-rules
file's format refused without saying it was the format."""

from __future__ import annotations

import io
import random

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main

RULES = cc.RuleSet.preset("caliente-2p")


def test_a_bot_loop_that_forgets_the_deal_is_told_so() -> None:
    """``observe(state, state.current_player)`` between hands said "seat must be an int (a
    seat, 0 to 3), not NoneType None"."""
    state, rng = cc.new_game(RULES, seed=7), random.Random(1)
    while not state.is_hand_over:
        state = cc.apply(state, rng.choice(cc.legal_actions(state)))
    with pytest.raises(TypeError, match=r"must be an int \(a seat, 0 to 1\), not NoneType "
                                        r"None: no seat acts between hands or after the game "
                                        r"\(current_player is None\); between hands the next "
                                        r"action is 'deal'"):
        cc.observe(state, state.current_player)  # type: ignore[arg-type]


def test_a_preset_named_by_a_number_is_a_type_error() -> None:
    """``RuleSet.preset(4)`` was a RuleSetError (a ValueError), "unknown preset"."""
    for name in (4, None):
        with pytest.raises(TypeError, match="a preset's name must be a str, not "):
            cc.RuleSet.preset(name)  # type: ignore[arg-type]
    with pytest.raises(cc.RuleSetError, match="unknown preset 'nope'"):
        cc.RuleSet.preset("nope")


def test_a_match_of_rules_points_to_start_and_counts_in_words() -> None:
    with pytest.raises(TypeError, match=r"not RuleSet .*: a new game's match is "
                                        r"Match\.start\(rules, seed=\.\.\.\)$"):
        cc.Match(RULES)  # type: ignore[arg-type]
    assert repr(cc.Match.start(RULES, seed=1)) == "<Match of 2 seats at turn 0, 1 event>"


def test_the_hint_does_not_say_best_first_above_values_that_rise(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The hint's header said "best first" above a list whose values rose (the search's order,
    which its legend explains)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nhint\nquit\n"))
    assert main(["play", "--seed", "3", "--hint-iterations", "20"]) == 0
    out = capsys.readouterr().out
    assert "hint (20 simulations), in the order the search recommends:" in out
    assert "best first" not in out


def test_a_house_rules_files_format_is_named_when_refused() -> None:
    """``POST /api/rules`` with ``"format": "yaml"`` said "a file's text and its format, toml
    or json", not which of them was wrong."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from canasta_caliente.web import app

    with TestClient(app(bot_seconds=0.05, hint_seconds=0.05, processes=False)) as client:
        refused = client.post("/api/rules", json={"rules": {"file": "a: 1", "format": "yaml"}})
        assert refused.status_code == 400
        assert refused.json()["problems"] == [["format", "expected toml or json, not 'yaml'"]]
        text = client.post("/api/rules", json={"rules": {"file": 5}})
        assert text.json()["problems"] == [["file", "expected the file's text (a string)"]]


def test_an_actions_notation_given_to_its_constructor_points_to_parse_action() -> None:
    """An action's repr, ``Action('meld 7 7 7')``, typed back said "unknown verb 'meld 7 7 7'"
    and nothing of how to read notation."""
    with pytest.raises(cc.NotationError, match=r"; an action in notation is read by "
                                               r"parse_action\('meld 7 7 7'\)$"):
        cc.Action("meld 7 7 7")  # type: ignore[arg-type]
    with pytest.raises(cc.NotationError, match=r"deal$"):
        cc.Action("fly")  # type: ignore[arg-type]
