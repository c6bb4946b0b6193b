"""The command line's analysis side: defaults in the help, refused worker counts, the hand
table written by ``simulate --out``, the ``compare`` subcommand, and ``play`` with several
bots, its seed printed, saved and resumed."""

from __future__ import annotations

import csv
import importlib
import io
import math
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main
from canasta_caliente.studies.compare import Estimate
from canasta_caliente.studies.results import HAND_COLUMNS
from conftest import answers

HOUSE = Path(__file__).resolve().parent.parent / "examples" / "house-rules"
ARGUMENTS = importlib.import_module("canasta_caliente._arguments")


@pytest.mark.parametrize("command", ["simulate", "compare", "play", "demo"])
def test_help_shows_defaults(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every flag of a subcommand has help text, and the help shows each default."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "(default: caliente)" in out or command == "compare"
    flags = re.findall(r"^  (--[a-z-]+)(.*)$", out, re.MULTILINE)
    assert flags
    for flag, rest in flags:
        assert rest.strip(), f"{command} {flag} has no help"
    if command == "simulate":
        assert "(default: 100)" in out and "(default: 0)" in out
    # (demo's --max-hands said its default twice: "(default 200) (default: 200)")
    assert not re.search(r"\(default \d+\)", " ".join(out.split())), out
    description = out.split("\n\n")[1]  # (after the usage: demo, simulate and play had none)
    assert not description.startswith(("options:", "positional")), out


@pytest.mark.parametrize(("argv", "commands"), [
    ([], "{demo,simulate,compare,play,tournament,serve,rules}"),
    (["rules"], "{validate,show,diff,presets}")])
def test_a_missing_command_is_refused_naming_the_commands(
        argv: list[str], commands: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`canasta-caliente rules` said "the following arguments are required: rules_command",
    the parser's name for it: the commands it may be, as the usage shows them."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(f"the following arguments are required: {commands}\n")


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_workers_zero_is_refused(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers 0`` is refused before any game: status 2 and one line saying what is
    wrong."""
    argv = [command, "--workers", "0"] + (["caliente", "classic"] if command == "compare" else [])
    assert main(argv) == 2
    assert capsys.readouterr().err == "--workers: must be at least 1\n"


@pytest.mark.parametrize("command", [
    ["simulate", "--rules", "caliente-2p"],
    ["compare", str(HOUSE / "two-player-3000.toml"), "caliente-2p"],
    ["tournament", "--rules", "caliente-2p"]])
def test_workers_past_the_cpus_are_refused(command: list[str], monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers`` past 4 a CPU (30 on two CPUs) is refused before any game, by the study's
    own check (the one home of the bound), in the option's words: the bound and why."""
    monkeypatch.setattr(ARGUMENTS, "usable_cpus", lambda: 2)
    assert main([*command, "--workers", "9", "--games", "20", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ("--workers: must be at most 8, 4 for each CPU this process may use "
                            "(2 here): a worker is a process playing on one CPU, so more "
                            "workers play no faster and each takes memory; not 9\n")
    assert captured.out == ""


@pytest.mark.parametrize(("argv", "header"), [
    (["--games", "2", "--workers", "3"],
     "seed 0, 2 workers (3 asked; a worker plays 1 game at a time)"),
    (["--games", "1", "--workers", "2"],
     "seed 0, 1 worker (2 asked; a worker plays 1 game at a time)"),
    (["--games", "2"], "seed 0, 1 worker"),
])
def test_simulate_states_the_workers_used(argv: list[str], header: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The header gives the workers the run played in (no more than its chunks of games),
    not the count asked for ("3 workers" for a run of two games); a few games are sent a game
    at a time, so that a slow bot's games are spread over the workers (a bot author's six
    games ran in one worker of two, chunks being ten games)."""
    assert main(["simulate", "--rules", "caliente-2p", "--no-progress", *argv]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(header)


def test_simulate_out_writes_the_hand_table(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --out FILE.csv`` writes one row per side per hand with the hand columns."""
    out = tmp_path / "hands.csv"
    assert main(["simulate", "--games", "2", "--no-progress", "--out", str(out)]) == 0
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == list(HAND_COLUMNS)
    expected = cc.simulate(cc.RuleSet.preset("caliente"), bots=["heuristic", "random"],
                           games=2).to_records("hand")
    assert [int(r["score_total"]) for r in rows] == [r["score_total"] for r in expected]
    assert f"written to {out}" in capsys.readouterr().out


def test_simulate_out_is_checked_before_the_run(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A path that cannot be written is refused with status 2 before any game is played."""
    assert main(["simulate", "--games", "100000", "--out", str(tmp_path / "no" / "x.csv")]) == 2
    captured = capsys.readouterr()
    assert "--out:" in captured.err and "no folder" in captured.err
    assert "games of" not in captured.out


def test_compare_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """``compare A B`` prints each measure for each file and the pair's differences, saying
    which are not significant; the labels are the files' names."""
    a, b = HOUSE / "two-player-3000.toml", HOUSE / "two-player-frozen-caliente.json"
    assert main(["compare", str(a), str(b), "--games", "6", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "6 games per variant" in out
    assert "two-player-frozen-caliente - two-player-3000:" in out
    assert "hands per game" in out and "not significant" in out


@pytest.mark.parametrize(("argv", "line"), [
    (["simulate", "--games", "1", "--rules", "caliente-2p", "--no-progress"],
     "1 of 1 game played"),
    (["compare", str(HOUSE / "two-player-3000.toml"), "caliente-2p", "--games", "1",
      "--no-progress"], "1 game per variant, the same seeds for each; 95% confidence intervals"),
    (["demo", "--max-hands", "1", "--rules", "caliente-2p"],
     "stopped after 1 hand (127 actions)"),
])
def test_a_count_of_one_is_singular(argv: list[str], line: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """"1 games per variant", "1 of 1 games played", "stopped after 1 hands": a count of
    one takes the singular (``count_phrase``, the package's one home of it)."""
    assert main(argv) == 0
    assert line in capsys.readouterr().out.splitlines()


def test_compare_needs_two_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    """One rule set, or tables of different shapes, are refused with status 2."""
    assert main(["compare", "caliente", "--games", "1"]) == 2
    assert "at least two" in capsys.readouterr().err
    assert main(["compare", "caliente", "caliente-2p", "--games", "1", "--no-progress"]) == 2
    assert "same players in the same sides" in capsys.readouterr().err


def test_play_seats_each_bot_saves_and_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``play --bots heuristic,random`` seats both bots in turn, saves the game on quitting,
    and ``--resume`` continues it from the same state (the seed is shown only once the game
    is over: ``test_cli_play``)."""
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "quit"])
    assert main(["play", "--seat", "0", "--bots", "heuristic,random", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "seat 1 heuristic, seat 2 random, seat 3 heuristic" in out
    record = cc.GameRecord.from_json(saved.read_text())
    assert record.actions[0] == "draw"
    state = record.final_state()
    assert state.current_player == 0  # seat 0 quit in the middle of its turn
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert record.actions == ("draw",)  # one action: the singular ("1 actions" it said)
    assert f"resuming {saved}: 1 action played\n" in out
    again = cc.GameRecord.from_json(saved.read_text())
    assert again.actions[:len(record.actions)] == record.actions


def test_play_resume_of_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing or corrupt file to resume is a clear error with status 2."""
    assert main(["play", "--resume", str(tmp_path / "none.json")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["play", "--resume", str(bad)]) == 2
    assert "--resume:" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# the analysis options keep the command line's guarantees: paths checked before the run, one
# line on standard error, status 2 for bad input and 130 for an interrupt


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any game played fail the test: the command must stop before it plays one."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    # Where the simulation's chunks look the game up (simulate runs them through the pool's
    # play_chunk, in this process too).
    monkeypatch.setattr(importlib.import_module("canasta_caliente.studies.pool"), "play_game",
                        refuse)
    monkeypatch.setattr(cc.GameRecord, "initial_state", refuse)


@pytest.mark.parametrize("name", ["out\x00.csv", "\ud800.csv", "folder/", "missing/x.csv",
                                  "hands.txt", "folder"])
@pytest.mark.parametrize("command", [["simulate", "--games", "50"],
                                     ["compare", "caliente", "caliente-always-frozen"]])
def test_unusable_out_paths_are_refused_before_the_run(
        command: list[str], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out`` names no table can be written to (a NUL, a lone surrogate, a folder, a
    missing folder, an unknown suffix): status 2 and one line before any game."""
    _no_games(monkeypatch)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    errors = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    with redirect_stdout(out), redirect_stderr(errors):
        status = main([*command, "--no-progress", "--out", name])
    errors.seek(0)
    err = errors.read()
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("--out: ")
    assert list((tmp_path / "folder").iterdir()) == []


@pytest.mark.parametrize("argv", [["compare", "caliente", "caliente-always-frozen",
                                   "--games", "0"],
                                  ["compare", "caliente", "caliente-always-frozen",
                                   "--workers", "-1"]])
def test_compare_bad_numbers(argv: list[str], capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``compare`` numbers out of range: status 2 and one line naming the option."""
    _no_games(monkeypatch)
    assert main(argv) == 2
    option = argv[-2]
    assert capsys.readouterr().err == f"{option}: must be at least 1\n"


def test_play_save_path_checked_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --save`` into a folder that does not exist: status 2 and one line before the
    game starts."""
    _no_games(monkeypatch)
    target = tmp_path / "missing" / "game.json"
    assert main(["play", "--seed", "3", "--save", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"--save: {target}: no folder") and captured.err.count(
        "\n") == 1
    assert "your action" not in captured.out and not target.parent.exists()


@pytest.mark.parametrize("name", ["\x00.json", "folder"])
def test_play_resume_of_unusable_names(name: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --resume`` of a name with a NUL or of a folder: status 2 and one line."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    assert main(["play", "--resume", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"--resume: {name}: ") and err.count("\n") == 1


def test_interrupt_at_the_play_prompt_saves_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at ``play --save``'s prompt: status 130, no traceback, and the actions played so
    far saved, so ``--resume`` continues from there."""
    saved = tmp_path / "game.json"
    answers = iter(["draw"])

    def answer(prompt: str) -> str:
        for text in answers:
            return text
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--seed", "5", "--save", str(saved)]) == 130
    captured = capsys.readouterr()
    assert captured.err == "canasta-caliente: interrupted\n"
    assert "Traceback" not in captured.out + captured.err
    record = cc.GameRecord.from_json(saved.read_text())
    assert record.seed == 5 and record.actions[0] == "draw"
    assert record.final_state().current_player == 0


def test_interrupted_compare_stops(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """An interrupt during ``compare`` stops the command: status 130, and the comparison of
    the games both variants played, saying it was interrupted, as ``simulate`` prints the games
    it played. The variants are played in step, game by game here: an interrupt in the fifth
    game played (the first variant's game 2) keeps two games of each."""
    pool = importlib.import_module("canasta_caliente.studies.pool")
    real = pool.play_game
    played: list[tuple[bool, object]] = []  # (frozen, game index)

    def interrupted(rules: cc.RuleSet, *args: object, **kwargs: object) -> object:
        played.append((rules.always_frozen, kwargs["index"]))
        if len(played) == 5:
            raise KeyboardInterrupt
        return real(rules, *args, **kwargs)

    monkeypatch.setattr(pool, "play_game", interrupted)
    assert main(["compare", "caliente", "caliente-always-frozen", "--games", "20",
                 "--no-progress"]) == 130
    captured = capsys.readouterr()
    assert played == [(False, 0), (True, 0), (False, 1), (True, 1), (False, 2)]
    assert captured.err == ""
    assert "(interrupted: 2 of 20 games per variant played by every variant)" in captured.out
    assert "2 games per variant, the same seeds for each" in captured.out
    assert captured.out.rstrip().endswith("and compared)")


def test_compare_interrupted_before_any_game_says_nothing_was_compared(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A Ctrl-C in the first game of ``compare`` printed a table of ``nan [-inf, inf]`` and
    called every difference "not significant (... these games cannot tell the variants apart
    on it)", of no games at all: it now says that nothing was compared, and still exits 130
    with the interrupted note."""
    pool = importlib.import_module("canasta_caliente.studies.pool")

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(pool, "play_game", interrupted)
    assert main(["compare", "caliente", "caliente-always-frozen", "--games", "20",
                 "--no-progress"]) == 130
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "nan" not in captured.out and "not significant" not in captured.out
    assert "no game was played under every variant: nothing to compare" in captured.out
    assert captured.out.rstrip().endswith(
        "(interrupted: 0 of 20 games per variant played by every variant, and compared)")


@pytest.mark.parametrize(("args", "shown"), [
    (["simulate", "--games", "20"],
     "0 of 20 games played (interrupted)\nno game was played: no statistics to show\n"),
    (["tournament", "--bots", "random,heuristic", "--games", "4"],
     "no game was played: no ratings to show\n(interrupted before its first game)\n"),
])
def test_a_study_interrupted_before_any_game_shows_no_statistics(
        args: list[str], shown: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Ctrl-C in the first game of ``simulate`` printed a table of ``nan`` win rates, each
    with the interval 0.0% - 100.0%, and ``hands per game nan``; one of ``tournament`` rated
    every bot ``0 [-inf, inf]``. Each now says that no game was played, as ``compare`` does,
    and still exits 130."""
    pool = importlib.import_module("canasta_caliente.studies.pool")

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(pool, "play_game", interrupted)
    assert main([*args, "--no-progress"]) == 130
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "nan" not in captured.out and "100.0%" not in captured.out
    assert "inf" not in captured.out
    assert shown in captured.out


def test_the_result_of_no_games_shows_no_statistics() -> None:
    """The repr and the notebook table of a simulation or a tournament of no games say that
    no game was played, not ``nan`` or ``[-inf, inf]``."""
    result = cc.SimulationResult(rules=cc.RuleSet.preset("caliente"), bots=("a", "b"), seed=1,
                                 games=(), requested=20)
    for shown in (repr(result), result._repr_html_()):
        assert "no game was played: no statistics to show" in shown and "nan" not in shown
    none = cc.Tournament(rules=cc.RuleSet.preset("caliente"), bots=("a", "b"), pairs=(),
                         wins=((0.0, 0.0), (0.0, 0.0)), interrupted=True,
                         ratings={b: Estimate(0.0, -math.inf, math.inf) for b in ("a", "b")})
    for shown in (repr(none), none._repr_html_(), str(none)):
        assert "no game was played: no ratings to show" in shown and "inf" not in shown
@pytest.mark.parametrize("command", ["simulate", "compare", "tournament"])
def test_out_help_is_the_same_for_every_study(command: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``compare --help`` said only "also write every variant's hand table as .csv, .jsonl or
    .parquet", where ``simulate`` and ``tournament`` also say what a row is, that parquet
    needs pyarrow and that the path is checked before the run (as ``compare`` does too)."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    start = out.index("--out FILE", out.index("options:"))
    text = out[start:out.index("--no-progress", start)]
    for part in ("one row per side per hand", "parquet needs pyarrow", "checked before the run",
                 "a file there is replaced"):  # (play --save refuses one: these replace it)
        assert part in text, (command, part)
    json_help = out[out.index("--json FILE", out.index("options:")):start]
    assert "a file there is replaced" in json_help, command


@pytest.mark.parametrize("command", ["simulate", "compare", "tournament"])
def test_progress_and_no_progress_together_are_refused(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --progress --no-progress` showed the bar, whichever came last: a usage
    error, before any game."""
    with pytest.raises(SystemExit) as exit_:
        main([command, "--progress", "--no-progress"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: argument --no-progress: not allowed with argument --progress\n")


def test_compare_labels_files_of_one_name_by_their_paths(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two members' ``rules.toml`` were labelled ``rules`` and ``b/rules.toml``, the first read
    as if it were a preset: each file whose stem another shares is labelled by its path; a
    file named like a preset too."""
    for member in ("a", "b"):
        (tmp_path / member).mkdir()
        (tmp_path / member / "rules.toml").write_text('preset = "caliente-2p"\n')
    (tmp_path / "caliente-2p.toml").write_text('preset = "caliente-2p"\n')
    a, b, c = (str(tmp_path / p) for p in ("a/rules.toml", "b/rules.toml", "caliente-2p.toml"))
    assert main(["compare", a, b, "caliente-2p", c, "--games", "1", "--no-progress"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.startswith(f"{a} vs {b} vs caliente-2p vs {c}: "), head


def test_a_comparison_of_one_game_shows_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    """``compare --games 1`` printed ``5.00 [-inf, inf]`` for every mean: it has no interval,
    and says so."""
    assert main(["compare", "caliente-2p", str(HOUSE / "two-player-3000.toml"), "--games", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "inf" not in out
    assert re.search(r"^hands per game +\d+\.00 \[no interval\] +\d+\.00 \[no interval\]$",
                     out, re.MULTILINE), out
    assert "from one game they have none" in " ".join(out.split())


@pytest.mark.parametrize("command", [
    ["simulate", "--games", "4"],
    ["compare", "caliente", "classic", "--games", "4"],
    ["tournament", "--bots", "random,heuristic", "--games", "2"],
])
def test_an_interrupt_before_any_game_leaves_the_outputs_as_they_were(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Ctrl-C before a study's first game ends writes no ``--json`` or ``--out`` file: the
    files an earlier run wrote are kept (they were replaced by an empty study), and the
    command says it wrote nothing."""
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("canasta_caliente.studies.simulate.play_chunk", interrupted)
    earlier = {tmp_path / "run.json": '{"earlier": true}', tmp_path / "run.csv": "earlier\n"}
    for path, text in earlier.items():
        path.write_text(text)
    assert main([*command, "--workers", "1", "--json", str(tmp_path / "run.json"),
                 "--out", str(tmp_path / "run.csv")]) == 130
    assert {path: path.read_text() for path in earlier} == earlier
    err = capsys.readouterr().err
    kept = "every rule set had played a game" if command[0] == "compare" else "a game ended"
    assert f"interrupted before {kept}: {tmp_path / 'run.json'} and " in err
    assert err.rstrip().endswith("not written")
