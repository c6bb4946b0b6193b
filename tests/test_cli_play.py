"""``canasta-caliente play`` as a table: a saved game keeps its seats and bots and
``--resume`` plays on with them, saving to the file it came from; ``quit`` says where it saved;
a mistyped word gets "did you mean"; ``help`` lists the commands; ``undo`` takes back the
person's own meld or discard where :func:`cc.can_take_back` allows, and says why not where it
does not."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente._arguments import MAX_HANDS
from canasta_caliente.cli._table import did_you_mean
from canasta_caliente.cli.commands import main
from conftest import answers


def test_a_saved_game_records_its_seats_and_resume_plays_on_with_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "quit"])
    assert main(["play", "--seat", "1", "--bots", "level-3,level-1", "--seed", "3",
                 "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"game saved to {saved} (continue with --resume {saved})" in out
    record = cc.GameRecord.from_json(saved.read_text())
    assert record.players == ("level-3", "human", "level-1", "level-3")
    assert record.date is not None
    # --resume ignores --seat and --bots (saying so on standard error): the game goes on with
    # the seats it was saved with, and is saved back to the file it came from.
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--seat", "0", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "You play seat 1 (side 1); seat 0 level-3, seat 2 level-1, seat 3 level-3" in out
    assert f"game saved to {saved}" in out
    again = cc.GameRecord.from_json(saved.read_text())
    assert again.players == record.players and again.actions == record.actions


def test_resume_of_a_record_saved_elsewhere_plays_its_bots_and_keeps_its_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A record a program wrote with its own seat names (``players=("ana", "level-1")``, as the
    game guide shows): the person plays the seat named otherwise than a bot, the bots keep
    their seats, whatever --seat and --bots say, and the names are saved back as they were."""
    saved = tmp_path / "game.json"
    record = cc.GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=3,
                                 players=("level-1", "ana")).extend("draw", "discard 4")
    saved.write_text(record.to_json())
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--seat", "0", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "You play seat 1 (side 1); seat 0 level-1." in out
    again = cc.GameRecord.from_json(saved.read_text())
    assert again.players == ("level-1", "ana") and again.actions == record.actions
    # A record of bots alone: the person takes over --seat's, the other seats keep theirs.
    saved.write_text(cc.GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=3,
                                         players=("level-1", "level-3")).to_json())
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--seat", "1"]) == 0
    assert "You play seat 1 (side 1); seat 0 level-1." in capsys.readouterr().out
    assert cc.GameRecord.from_json(saved.read_text()).players == ("level-1", "human")


def test_resume_reads_a_game_saved_with_a_byte_order_mark(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A saved game edited and saved again in Windows Notepad (UTF-8 with a byte-order mark)
    resumes, as a rule file so saved is read: it was 'Unexpected UTF-8 BOM'."""
    saved = tmp_path / "game.json"
    record = cc.GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=3,
                                 players=("human", "level-1")).extend("draw", "discard 4")
    saved.write_bytes(b"\xef\xbb\xbf" + record.to_json().encode("utf-8"))
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved)]) == 0
    assert "resuming /" in capsys.readouterr().out
    again = cc.GameRecord.from_json(saved.read_text())  # saved back as plain UTF-8
    assert again.actions[:2] == record.actions


def test_resume_says_on_stderr_which_options_it_ignores(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The options a resumed game overrides are named on standard error, each with why, as
    the help says (``--bots`` alone was said to give way, and none was named when ignored):
    ``--rules``, ``--bots`` and ``--seed``, and ``--seat`` where the game seats the person
    elsewhere. A ``--seat`` the game agrees with says nothing."""
    saved = tmp_path / "g1.json"
    saved.write_text(cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=3, players=(
        "human", "level-1", "level-1", "level-1")).to_json())
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--rules", "classic", "--seat", "1",
                 "--seed", "4", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "--rules: ignored: a resumed game keeps the rules it was saved with",
        "--seat: ignored: the saved game seats you at seat 0",
        "--bots: ignored: a resumed game keeps the bots it was saved with",
        "--seed: ignored: a resumed game keeps its own seed (it deals every hand)"]
    assert "You play seat 0 (side 0); seat 1 level-1," in captured.out
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--seat", "0"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("rules", "bots", "message"), [
    ("caliente", "heuristic,random,level-1,level-2",
     "4 bots named for 3 seats: at a table of 4 you play one seat and bots the other 3; name "
     "at most 3 (fewer are repeated in turn)"),
    ("caliente-2p", "heuristic,random",
     "2 bots named for 1 seat: at a table of 2 you play one seat and a bot the other; name one"),
])
def test_more_bots_than_seats_left_for_bots_is_refused(
        rules: str, bots: str, message: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """--bots names the other seats' bots, repeated as needed: a name too many was dropped
    without a word; now the command stops before the game, saying how many seats there are."""
    answers(monkeypatch, ["quit"])
    assert main(["play", "--rules", rules, "--bots", bots]) == 2
    assert capsys.readouterr() == ("", f"--bots: {message}\n")


def test_save_refuses_a_file_that_exists_unless_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A new game's --save does not replace a file that exists (it replaced an unfinished
    saved game without a word): refused before the game, unless --overwrite asks; a resumed
    game saves back to the file it came from, named by --save as well or not."""
    keep, other = tmp_path / "keep.json", tmp_path / "notes.json"
    answers(monkeypatch, ["draw", "quit"])
    assert main(["play", "--seed", "3", "--save", str(keep)]) == 0
    saved = keep.read_text()
    other.write_text("notes")
    capsys.readouterr()
    answers(monkeypatch, ["quit"])
    assert main(["play", "--seed", "5", "--save", str(keep)]) == 2
    assert capsys.readouterr() == ("", f"--save: {keep}: the file exists; give --overwrite to "
                                       f"replace it (to play on a game saved in it: --resume "
                                       f"{keep})\n")
    assert main(["play", "--resume", str(keep), "--save", str(other)]) == 2
    assert capsys.readouterr().err == (f"--save: {other}: the file exists; give --overwrite to "
                                       "replace it\n")
    assert keep.read_text() == saved and other.read_text() == "notes"
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(keep), "--save", str(keep)]) == 0
    answers(monkeypatch, ["quit"])
    assert main(["play", "--seed", "5", "--save", str(keep), "--overwrite"]) == 0
    assert cc.GameRecord.from_json(keep.read_text()).seed == 5


def test_resume_of_a_record_with_two_people_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(cc.GameRecord.start(cc.RuleSet.preset("caliente-2p"), seed=3,
                                         players=("ana", "bo")).to_json())
    assert main(["play", "--resume", str(saved)]) == 2
    assert capsys.readouterr().err == (f"--resume: {saved}: the game was saved with 2 people "
                                       "(seat 0 ana, seat 1 bo); play plays one seat against "
                                       "bots\n")


def test_quit_without_a_file_says_the_game_was_not_saved(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers(monkeypatch, ["quit"])
    assert main(["play", "--seed", "3"]) == 0
    assert "the game was not saved (give --save FILE to save it)" in capsys.readouterr().out


def test_help_lists_the_commands_and_a_typo_gets_did_you_mean(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers(monkeypatch, ["help", "darw", "quit"])
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for command in ("help", "legal", "hint", "undo", "quit"):
        assert re.search(rf"^  {command} +\S", out, re.MULTILINE), command
    assert "did you mean 'draw'?" in out
    # The view's marks a beginner could not read (a beginner's trial): said in the help.
    assert "the card in [brackets] is the pile's up card; \"known to all\" lists" in out


def test_the_commands_are_read_in_any_case_and_alone(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``DRAW`` played, but ``HELP`` and ``Quit`` were "unknown verb"; ``undo please`` was an
    unknown verb ``undo``, and the list of verbs said nothing of the commands."""
    answers(monkeypatch, ["HELP", "undo please", "xyzzy", "LEGAL", "Quit"])
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  undo +\S", out, re.MULTILINE)
    assert "'undo' takes nothing after it: type undo alone" in out
    assert ("not an action: 'xyzzy': unknown verb 'xyzzy'; verbs: draw, take, caliente, pass, "
            "meld, discard, ask, yes, no, deal; or a command: help, legal, hint, undo, quit\n"
            ) in out
    assert "legal: draw" in out
    assert out.rstrip().endswith("the game was not saved (give --save FILE to save it)")


@pytest.mark.parametrize(("text", "expected"), [
    ("darw", "did you mean 'draw'?"), ("dicsard Q", "did you mean 'discard'?"),
    ("udno", "did you mean 'undo' or 'no'?"), ("draw", None), ("xyzzy", None), ("", None),
])
def test_did_you_mean(text: str, expected: str | None) -> None:
    assert did_you_mean(text) == expected


def test_undo_takes_back_a_meld_and_refuses_a_draw(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 7 of caliente: seat 0 draws and can meld 6 6 6 (see the take-back tests).
    answers(monkeypatch, ["draw", "meld 6 6 6", "undo", "undo", "undo", "quit"])
    assert main(["play", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "\n  You take back: meld three sixes.\n" in out
    assert ('take-back: "draw a card from the stock" cannot be taken back: a draw shows the '
            "player cards from the stock") in out
    assert out.count("You take back:") == 1


def test_undo_before_moving_says_there_is_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers(monkeypatch, ["undo", "quit"])
    assert main(["play", "--seed", "7"]) == 0
    assert "take-back: no action has been played" in capsys.readouterr().out


def test_a_new_game_says_how_its_first_hand_was_dealt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The first hand's deal is said as every later hand's is (the match's opening events);
    a resumed game, whose deal was said when it began, does not say it again."""
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "quit"])
    assert main(["play", "--seed", "7", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "\ndeal\n  Seat 3 deals hand 1: you play first; the up card is a king; side 0 lays " \
           "out two red threes; side 1 lays out a red three.\n" in out
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved)]) == 0
    assert "deals hand 1" not in capsys.readouterr().out


def test_a_first_hand_that_ends_in_its_deal_has_its_score_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose first hand ended in its deal (DEAL-4: the stock's last card replaced a
    bonus card) shows that hand's score table, as every later hand's (it was taken for a hand
    already shown, a game developer's trial found)."""
    # RULES: DEAL-4, END-3
    from canasta_caliente.testing import stacked_deck
    rules = cc.RuleSet.preset("classic").replace(hand_size=25)
    deck = stacked_deck(rules, {0: "R3 R3 R3 R3 B3 B3 B3 B3 2 2 2 2 2 2 JK JK"},
                        pile="2 2 JK JK 4")
    saved = tmp_path / "game.json"
    saved.write_text(cc.GameRecord.start(rules, seed=0, deck=deck).to_json(), encoding="utf-8")
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "deals hand 1" in out and "\nhand 1: last_card\n" in out
    assert out.index("\nhand 1: last_card\n") < out.index("deal hand 2")


def test_a_game_no_side_can_win_stops_at_the_hand_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """House rules under which every hand ends in its deal (DEAL-4: 26 cards a hand leave the
    stock too few to replace the bonus cards) never reach the target: play printed deals for
    ever, asking nothing (a game developer's trial). It stops where a simulation stops a
    game, and saves it."""
    rules = tmp_path / "deal4.json"
    rules.write_text('{"preset": "classic", "hand_size": 26}', encoding="utf-8")
    answers(monkeypatch, [])  # (never asked: no hand reaches a turn of the person's)
    saved = tmp_path / "game.json"
    assert main(["play", "--rules", str(rules), "--seed", "0", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"\nhand {MAX_HANDS}: " in out and f"\nhand {MAX_HANDS + 1}: " not in out
    assert f"the game stops after {MAX_HANDS} hands with no side at the target score" in out
    assert len(cc.GameRecord.from_json(saved.read_text()).actions) == MAX_HANDS - 1  # deals


def test_demo_shows_a_first_hand_that_ended_in_its_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`demo` shows every hand's table, the first one's too when it ended in its deal (it
    began at the second: a club's trial), and stops where `play` and a simulation stop."""
    rules = tmp_path / "deal4.json"
    rules.write_text('{"preset": "classic", "hand_size": 26}', encoding="utf-8")
    assert main(["demo", "--rules", str(rules), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\nhand 1: last_card\n" in out and out.index("\nhand 1: ") < out.index("\nhand 2: ")
    assert out.endswith(f"\nstopped after {MAX_HANDS} hands (0 actions)\n")  # (deals: none)


def test_a_resumed_game_that_was_over_is_shown_not_offered_to_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`play --resume` of a game that is over says so, shows its end, and neither asks for an
    action nor invites the player to continue it (it did both: a club's trial); the file is
    left as it was."""
    rules = cc.RuleSet.preset("caliente-2p").replace(target_score=1)
    record = cc.GameRecord.start(rules, seed=2, players=("human", "random"))
    rng = random.Random(2)
    state = record.initial_state()
    while not state.is_game_over:
        action = rng.choice(cc.legal_actions(state))
        state, record = cc.apply(state, action), record.extend(action)
    saved = tmp_path / "over.json"
    saved.write_text(record.to_json(), encoding="utf-8")
    answers(monkeypatch, [])  # (never asked)
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "You play seat 0 (side 0); seat 1 random. The game is over.\n" in out
    assert f"side {state.winner} wins" in out and "Type an action" not in out
    assert "continue with --resume" not in out and "game saved" not in out
    assert saved.read_text(encoding="utf-8") == record.to_json()
    # Saved where asked (--save), as it was: the review of the change found it skipped too.
    copy = tmp_path / "copy.json"
    assert main(["play", "--resume", str(saved), "--save", str(copy)]) == 0
    assert f"game saved to {copy}\n" in capsys.readouterr().out
    assert cc.GameRecord.from_json(copy.read_text(encoding="utf-8")).actions == record.actions


def test_undo_after_the_others_played_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Only the person's own last action is theirs to take back (the game is a Match)."""
    answers(monkeypatch, ["draw", "discard 8", "undo", "quit"])
    assert main(["play", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "take-back: the last action is seat 3's, not yours" in out
    assert "You take back:" not in out


def test_a_resumed_game_takes_back_the_meld_played_before_it_was_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The game resumed is the whole game: the person's last meld, saved on quitting, may
    still be taken back (it showed nothing), as at a server after a restart."""
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "meld 6 6 6", "quit"])
    assert main(["play", "--seed", "7", "--save", str(saved)]) == 0
    answers(monkeypatch, ["undo", "undo", "quit"])
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "You take back: meld three sixes." in out
    assert ('take-back: "draw a card from the stock" cannot be taken back: a draw shows the '
            "player cards from the stock") in out
    assert cc.GameRecord.from_json(saved.read_text()).actions == ("draw",)


def test_the_saved_game_after_an_undo_holds_no_trace_of_the_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "meld 6 6 6", "undo", "quit"])
    assert main(["play", "--seed", "7", "--save", str(saved)]) == 0
    assert cc.GameRecord.from_json(saved.read_text()).actions == ("draw",)


@pytest.mark.parametrize("command", ["play", "simulate", "compare", "tournament"])
def test_the_bots_help_lists_every_name_get_bot_accepts(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert ", ".join(sorted(cc.BOTS, key=list(cc.BOTS).index)) in out
    for name in cc.BOTS:
        cc.get_bot(name)


def test_every_move_is_printed_in_words_as_the_person_may_see_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers(monkeypatch, ["draw", "meld 6 6 6", "meld A A 2", "discard 8", "quit"])
    assert main(["play", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "  You draw an ace.\n" in out  # the person's own draw: its card, in their words
    assert "  You meld three sixes.\n" in out
    assert "seat 1: draw\n  Seat 1 draws 1 card.\n" in out  # another's draw: a count only
    assert "seat 2: take 8 2\n  Seat 2 takes the pile (3 cards) with an eight and a two.\n" in out


def test_the_seed_is_not_shown_until_the_game_is_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The seed deals every hand and the stock: ``play`` does not print it while the game can
    go on (it did, at the start and on ``--resume``), and draws it from 2**63 seeds, so that
    the person cannot search for it from their own hand either (from 2**31, as it did, an
    hour or so of a core). A seed of 31 bits or fewer comes once in 2**32 runs."""
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "quit"])
    assert main(["play", "--save", str(saved)]) == 0
    seed = cc.GameRecord.from_json(saved.read_text()).seed
    assert str(seed) not in capsys.readouterr().out
    assert seed.bit_length() > 31
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "resuming" in out and str(seed) not in out


def test_the_seed_is_shown_once_the_game_is_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """At the game's end the seed is printed, to play the deal again."""
    rules = cc.RuleSet.preset("caliente-2p").replace(target_score=50)
    state, actions, rng = cc.new_game(rules, seed=12), [], random.Random(12)
    while not state.is_game_over:
        action = rng.choice(cc.legal_actions(state))
        state = cc.apply(state, action)
        actions.append(str(action))
    saved = tmp_path / "over.json"
    saved.write_text(cc.GameRecord(rules, 12, actions=tuple(actions),
                                   players=("human", "random")).to_json())
    answers(monkeypatch, [])
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "seed 12 (play this deal again with --seed 12)" in out
    assert out.index("seed 12 (") > out.index("wins")
