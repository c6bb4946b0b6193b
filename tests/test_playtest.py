"""A playtest of house rules (``cc.playtest``, ``rules validate``'s cautions) and the studies'
note of games stopped at the hand limit: rule sets every check accepts whose games come to
nothing (a club's trial validated six such files as "ok", and read "no winner 20" in a
simulation as a result)."""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente._arguments import MAX_HANDS
from canasta_caliente.cli.commands import main

DEALT_OUT = cc.RuleSet.preset("classic").replace(hand_size=26)
"""Every hand ends in its deal (DEAL-4): 4 x 26 cards and the up card leave a stock of 3, too
few to replace the red threes dealt."""
ONE_CARD = cc.RuleSet.preset("caliente").replace(hand_size=1)
"""No meld: a hand of one card, and a draw of one, never hold three."""
WORTHLESS = cc.RuleSet.preset("caliente").replace(card_values=dict.fromkeys(
    (str(card) for card in cc.Card), 0))
"""No first meld: every card worth 0, under minimums of 50 and more."""


def test_a_preset_plays_out_with_no_caution() -> None:
    test = cc.playtest(cc.RuleSet.preset("caliente"))
    assert test.cautions == () and test.games == 3 and test.stopped == test.dealt_out == 0
    assert 0 < test.melded == test.hands < 3 * 20


def test_hands_that_end_in_their_deal_and_games_that_never_end() -> None:
    # RULES: DEAL-4, GAME-1
    test = cc.playtest(DEALT_OUT)
    assert (test.hands, test.dealt_out, test.melded, test.stopped) == (
        3 * MAX_HANDS, 3 * MAX_HANDS, 0, 3)
    assert [c.split(":")[0] for c in test.cautions] == [
        f"every hand of the playtest (3 games between heuristic bots, {3 * MAX_HANDS} hands) "
        "ended in its deal",
        f"every game of the playtest stopped at the hand limit ({MAX_HANDS} hands) with no side "
        "at the target score"]


@pytest.mark.parametrize("rules", [ONE_CARD, WORTHLESS], ids=["one card", "worthless"])
def test_rules_under_which_no_side_melds(rules: cc.RuleSet) -> None:
    # RULES: INIT-1, INIT-2, MELD-1
    test = cc.playtest(rules, games=1, max_hands=5)
    assert (test.hands, test.dealt_out, test.melded, test.stopped) == (5, 0, 0, 1)
    assert test.cautions[0].startswith("no side melded in any hand of the playtest: with these "
                                       "hands, card values and first-meld minimums a meld may "
                                       "be out of reach")
    assert test.cautions[1].startswith("every game of the playtest stopped at the hand limit "
                                       "(5 hands)")


def test_some_of_the_hands_and_games() -> None:
    """The counts when some hands ended in their deal and some games stopped, not all (no
    rule set found does this in three games: the wording alone)."""
    test = cc.Playtest(games=3, hands=40, dealt_out=2, melded=30, stopped=1, max_hands=20)
    assert [c.split(":")[0] for c in test.cautions] == [
        "2 of the 40 hands of the playtest (3 games between heuristic bots, 40 hands) ended in "
        "their deal",
        "1 of the 3 games of the playtest stopped at the hand limit (20 hands) with no side at "
        "the target score"]
    assert cc.Playtest(games=1, hands=1, dealt_out=1, melded=0, stopped=0,
                       max_hands=1).cautions[0].startswith("every hand of the playtest (1 game "
                                                           "between heuristic bots, 1 hand)")


def test_the_same_seed_gives_the_same_playtest() -> None:
    rules = cc.RuleSet.preset("caliente-2p")
    assert cc.playtest(rules, seed=5) == cc.playtest(rules, seed=5)
    # The games are seeded one by one from the seed on: three are one and then two more.
    one, two = cc.playtest(rules, games=1, seed=5), cc.playtest(rules, games=2, seed=6)
    assert one.hands + two.hands == cc.playtest(rules, seed=5).hands


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: cc.playtest("caliente"), TypeError, "RuleSet"),  # type: ignore[arg-type]
    (lambda: cc.playtest(DEALT_OUT, games=0), cc.ArgumentError, "games must be an integer of "
                                                                "at least 1"),
    (lambda: cc.playtest(DEALT_OUT, games=1.5), TypeError,  # type: ignore[arg-type]
     "games must be an int"),
    (lambda: cc.playtest(DEALT_OUT, max_hands=0), cc.ArgumentError, "max_hands"),
    (lambda: cc.playtest(DEALT_OUT, seed=None), TypeError, "seed"),  # type: ignore[arg-type]
])
def test_bad_arguments(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_validate_prints_the_cautions_under_a_valid_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dealt_out = tmp_path / "deal.toml"
    dealt_out.write_text('preset = "classic"\nhand_size = 26\n', encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text('preset = "caliente"\ntarget_score = 3000\n', encoding="utf-8")
    assert main(["rules", "validate", str(dealt_out), str(good)]) == 0  # (cautions: still 0)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in lines] == ["ok", "caution", "caution", "ok"]
    assert lines[1] == f"{dealt_out}: caution: {cc.playtest(DEALT_OUT).cautions[0]}"
    assert main(["rules", "validate", "--no-playtest", str(dealt_out)]) == 0
    assert [line.split(": ")[1] for line in capsys.readouterr().out.splitlines()] == ["ok"]
    # Its help gives no "(default: True)", which read as "no playtest by default".
    with pytest.raises(SystemExit):
        main(["rules", "validate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--no-playtest check the files only, without playing the valid ones" in shown
    assert "default: True" not in shown


def test_a_simulation_and_a_comparison_say_which_games_stopped_at_the_hand_limit() -> None:
    result = cc.simulate(DEALT_OUT, ["random"], 2, seed=1, max_hands=3)
    assert result.no_winner == 2
    assert result.table().splitlines()[-2:] == [
        "note: 2 of 2 games stopped at the hand limit (3 hands) with no side at the target "
        "score: a limit too",
        "  low for these games, or rules under which a side may never reach it"]
    assert "<p>note: 2 of 2 games stopped at the hand limit (3 hands)" in result._repr_html_()
    comparison = cc.compare({"classic": cc.RuleSet.preset("classic"), "deal": DEALT_OUT},
                            bots=["random"], games=2, seed=1, max_hands=3)
    notes = [line for line in comparison.table().splitlines() if line.startswith("note: ")]
    assert [note.split(" games")[0] for note in notes] == ["note: classic: 1 of 2",
                                                           "note: deal: 2 of 2",
                                                           "note: from fewer than 30"]
    plain = cc.simulate(cc.RuleSet.preset("classic"), ["random"], 2, seed=1)
    assert plain.no_winner == 0 and "note:" not in plain.table()
