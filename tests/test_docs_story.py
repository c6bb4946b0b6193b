"""The "How a game goes" page: its hand, replayed as the docs build replays it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import canasta_caliente as cc

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules" / "how-a-game-goes.rst"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from canasta_story import deal_story, play_story, render_state  # noqa: E402


def _page_steps() -> tuple[dict[str, str], list[str]]:
    """The page's deal options and its ``canasta-play`` arguments, in order."""
    text = PAGE.read_text(encoding="utf-8")
    deal = dict(re.findall(r"^   :(preset|hands|pile|stock): (.*)$", text, re.MULTILINE))
    plays = re.findall(r"^\.\. canasta-play:: (.*)$", text, re.MULTILINE)
    return deal, plays


def test_the_story_plays_legally_to_the_end_of_the_hand() -> None:
    """Every action of the page is legal where the page plays it, and the hand ends with seat
    0 going out, side 0 ahead: the score the page explains."""
    # RULES: OUT-1, SCORE-1, SCORE-2, SCORE-3, SCORE-4
    deal, plays = _page_steps()
    state = deal_story(deal["preset"], deal["hands"], deal["pile"], deal["stock"])
    assert "legal now: draw" in render_state(state)
    assert len(plays) == 5
    for actions in plays:
        state = play_story(state, actions)
        assert render_state(state)
    result = state.hand_results[-1]
    assert result.went_out == 0 and result.ended is cc.HandEnd.WENT_OUT
    assert result.components(0)["canastas"] == 300
    assert result.components(1)["bonus_cards"] == -100
    assert "side 0 scores +480" in render_state(state)


def test_an_illegal_story_step_stops_with_the_reason() -> None:
    """A step the engine refuses raises with the engine's reason (so the docs build fails)."""
    deal, _ = _page_steps()
    state = deal_story(deal["preset"], deal["hands"], deal["pile"], deal["stock"])
    try:
        play_story(state, "draw; discard B3; take")
    except ValueError as exc:
        assert "'take' is not legal here" in str(exc)
    else:
        raise AssertionError("an illegal step was played")
