"""The command line on bad input: one-line messages on standard error, never a traceback; exit
status 2 for bad input (unreadable files, bad option values, unusable output paths), 1 for an
invalid rule file in ``rules validate``, 130 for an interrupt. Output paths are checked before
a simulation starts."""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main
from canasta_caliente.engine import apply
from canasta_caliente.studies.simulate import GameResult

Capture = pytest.CaptureFixture[str]
SIMULATE = importlib.import_module("canasta_caliente.studies.simulate")


def write(path: Path, text: str | bytes) -> str:
    """Write a file and return its path as the command line would name it."""
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def no_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any simulation fail the test: the command must stop before it runs one."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the simulation ran")

    # The module (the package's attribute `simulate` is the function of that name).
    monkeypatch.setattr(SIMULATE, "simulate", refuse)


# ---------------------------------------------------------------------------------------------
# rules validate: content the readers cannot take is a problem of that file (status 1)


HOSTILE: dict[str, str | bytes] = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "deep-object.json": '{"a": ' * 50_000 + "1" + "}" * 50_000,
    "deep.toml": "a = " + "[" * 100_000 + "]" * 100_000,
    "deep-table.toml": "a = " + "{b = " * 20_000 + "1" + "}" * 20_000,
    "huge-int.json": '{"preset": "caliente", "target_score": ' + "9" * 5000 + "}",
    "huge-int.toml": 'preset = "caliente"\ntarget_score = ' + "9" * 5000 + "\n",
    "surrogate-key.json": '{"preset": "caliente", "\\ud800": 1}',
    "surrogate-value.json": '{"preset": "\\udcff"}',
    "not-utf8.toml": b'preset = "caliente"\nname = "\xff\xfe"\n',
    "nul.json": '{"preset": "caliente\\u0000"}',
    "empty.json": "",
    "list.json": "[1, 2, 3]",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_validate_hostile_content_is_a_problem_of_the_file(
        name: str, tmp_path: Path, capsys: Capture) -> None:
    """Deeply nested arrays and tables, integers of 5,000 digits, lone surrogates, bytes that
    are not UTF-8: `rules validate` lists the file's problems as `FILE: option: message` lines
    and exits with status 1, printing nothing on standard error."""
    file = write(tmp_path / name, HOSTILE[name])
    assert main(["rules", "validate", file]) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines
    assert all(line.startswith(f"{file}: ") and line.count(": ") >= 2 for line in lines)
    assert "Traceback" not in captured.out


@pytest.mark.parametrize("name", ["deep.json", "deep.toml", "huge-int.json"])
def test_other_commands_refuse_hostile_files(name: str, tmp_path: Path, capsys: Capture) -> None:
    """`rules show`, `rules diff`, `demo --rules` and `simulate --rules` on such a file: status
    2, the problems on standard error, nothing on standard output."""
    file = write(tmp_path / name, HOSTILE[name])
    for argv in (["rules", "show", file], ["rules", "diff", "caliente", file],
                 ["demo", "--rules", file], ["simulate", "--rules", file, "--no-progress"]):
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith(f"{file}: ")
        assert "Traceback" not in captured.err


# ---------------------------------------------------------------------------------------------
# files that cannot be read: bad input (status 2)


def test_validate_folders_devices_and_missing_files(tmp_path: Path, capsys: Capture) -> None:
    """A folder, a device, a missing file: `rules validate` says the file cannot be read, on
    standard error, and exits with status 2; the other files are still checked."""
    good = write(tmp_path / "good.toml", 'preset = "classic"\n')
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    missing = str(tmp_path / "nowhere" / "missing.json")
    files = [str(folder), os.devnull, missing, good]
    assert main(["rules", "validate", *files]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{folder}: (document): cannot read the file: it is a folder",
        f"{os.devnull}: (document): cannot read the file: not a regular file",
        f"{missing}: (document): cannot read the file: No such file or directory",
    ]
    assert captured.out.splitlines() == [
        f"{good}: ok: 4 players in 2 sides (0 2) (1 3), 2 decks (108 cards), 11 cards a hand, "
        "to 5000; same as preset classic"]


def test_resume_refuses_a_file_in_the_words_of_the_rules_commands(
        tmp_path: Path, capsys: Capture) -> None:
    """`play --resume` says of a file it cannot use what `rules validate` says: a folder is
    "it is a folder" (it was the system's "Is a directory"), bytes that are not UTF-8 are "not
    UTF-8 text: byte 0xff at line 1, column 13" (it was Python's codec error); status 2, one
    line on standard error."""
    folder = tmp_path / "folder.json"
    folder.mkdir()
    binary = write(tmp_path / "binary.json", b'{"format": "\xff"}')
    for file in (str(folder), binary, str(tmp_path / "missing.json"), os.devnull):
        main(["rules", "validate", file])
        said = capsys.readouterr()
        reason = (said.err or said.out).split(": (document): ", 1)[1]
        assert main(["play", "--resume", file]) == 2
        assert capsys.readouterr() == ("", f"--resume: {file}: {reason}"), file


def test_json_that_stops_short_is_told_whole(tmp_path: Path, capsys: Capture) -> None:
    """json's words that end on the place they name ("Unterminated string starting at",
    "Invalid control character at") lose it: the line and column follow the words ("... at"
    ended the sentence)."""
    cut = write(tmp_path / "cut.json", '{"calie')
    assert main(["rules", "validate", cut]) == 1
    assert capsys.readouterr().out == (
        f'{cut}: (document): invalid JSON at line 1, column 2: Unterminated string (the line '
        'reads: {"calie)\n')
    broken = write(tmp_path / "broken.json", '{"broken\n')
    assert main(["play", "--resume", broken]) == 2
    assert capsys.readouterr().err == (
        f"--resume: {broken}: invalid game record: invalid JSON at line 1, column 9: Invalid "
        "control character\n")


@pytest.mark.parametrize(("name", "text"), [("house.toml", 'preset = "caliente"\n'),
                                            ("house.json", '{"preset": "classic"}')])
def test_resume_of_a_house_rules_file_says_so(
        tmp_path: Path, capsys: Capture, name: str, text: str) -> None:
    """`play --resume` given a house-rules file (a new user's slip) says what the file is and
    where it goes, after what is wrong with it as a game record."""
    file = write(tmp_path / name, text)
    assert main(["play", "--resume", file]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"--resume: {file}: invalid game record")
    assert err.endswith(" (it is a house-rules file: give it to --rules)\n"), err


@pytest.mark.parametrize(("kind", "marker", "argv"), [
    ("record", "format", ["demo", "--rules"]),
    ("simulation", "schema", ["rules", "validate"]),
    ("state", "format", ["simulate", "--games", "1", "--rules"])])
def test_a_document_of_another_kind_as_rules_says_what_it_is(
        kind: str, marker: str, argv: list[str], tmp_path: Path, capsys: Capture) -> None:
    """`demo --rules game.json` (a game record `play --save` wrote) printed ten lines of
    unknown options and wrong values, `rules validate` of a simulation's results fifteen,
    never saying what the file is: one line, naming the document's kind."""
    rules = cc.RuleSet.preset("caliente")
    documents = {"record": lambda: cc.GameRecord(rules=rules, seed=1, actions=()).to_json(),
                 "simulation": lambda: json.dumps(
                     cc.simulate(rules, ["random"] * 2, 1, seed=1).to_dict()),
                 "state": lambda: cc.dumps(cc.new_game(rules, seed=1))}
    file = write(tmp_path / "other.json", documents[kind]())
    assert main([*argv, file]) in (1, 2)
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).strip().splitlines()
    assert lines == [f"{file}: (document): this is a 'canasta-caliente/{kind}' document (its "
                     f'"{marker}" says so), not a rule set: the rule set it was made with is '
                     'its "rules" field'], lines


@pytest.mark.parametrize(("name", "text"), [("blank.json", " \n"), ("empty.json", "{}"),
                                            ("comment.toml", "# nothing yet\n")])
def test_resume_of_an_empty_document_is_not_called_a_house_rules_file(
        tmp_path: Path, capsys: Capture, name: str, text: str) -> None:
    """An empty document reads as the default rules, but says nothing: no house-rules hint
    (a crashed save leaves such a file; a review found the hint given there)."""
    file = write(tmp_path / name, text)
    assert main(["play", "--resume", file]) == 2
    assert "house-rules" not in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "name"), [(["rules", "show", "classic.toml"], "classic"),
                                            (["demo", "--rules", "caliente-2p.json"],
                                             "caliente-2p")])
def test_a_missing_file_named_like_a_preset_suggests_the_preset(
        argv: list[str], name: str, tmp_path: Path, capsys: Capture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`rules show classic.toml` (no such file) said only that it could not be read, where
    the bare `classic.toml`'s stem is a preset the user meant."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert capsys.readouterr().err.endswith(
        f"cannot read the file: No such file or directory; did you mean the preset {name!r}? "
        "(a preset is named without a suffix)\n")


def test_a_folder_as_rules_is_bad_input(tmp_path: Path, capsys: Capture) -> None:
    """`demo --rules FOLDER.toml`: status 2 and one line on standard error."""
    folder = tmp_path / "house.toml"
    folder.mkdir()
    assert main(["demo", "--rules", str(folder)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"{folder}: (document): cannot read the file: it is a folder\n"
    assert captured.out == ""


def test_file_names_the_terminal_cannot_print(tmp_path: Path) -> None:
    """A file name with bytes that are not UTF-8 (as the OS hands them to Python) prints with
    backslash escapes, on a strict UTF-8 standard output too, instead of failing."""
    name = os.fsdecode(b"caf\xe9.toml")
    file = write(tmp_path / name, 'preset = "caliente"\n')
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    with redirect_stdout(out), redirect_stderr(err):
        assert main(["rules", "validate", file, file + ".missing.toml"]) == 2
        assert main(["rules", "show", file]) == 0
    out.seek(0)
    err.seek(0)
    printed = out.read()
    assert printed.startswith(str(tmp_path) + "/caf\\udce9.toml: ok: 4 players")
    assert "# " + str(tmp_path) + "/caf\\udce9.toml: 4 players" in printed
    assert err.read().startswith(str(tmp_path) + "/caf\\udce9.toml.missing.toml: (document)")


@pytest.mark.parametrize(("argv", "name"), [
    (["rules", "show", "calente"], "PRESET|FILE"),
    (["rules", "diff", "caliente", "calente"], "B"),
    (["compare", "calente", "classic", "--games", "2", "--no-progress"], "RULES"),
])
def test_unknown_preset_is_one_line(argv: list[str], name: str, capsys: Capture) -> None:
    """An unknown preset as a positional argument: status 2 and a single line naming it and
    the closest preset, under the argument's name in the usage (as argparse names it), not
    the RuleSet's own word, ``preset``, which the user did not type."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"{name}: unknown preset 'calente' (did you mean "
                                   "'caliente'?); presets: caliente, ")


@pytest.mark.parametrize(("argv", "usage"), [
    (["demo", "--seed", "1", "--foo"], "usage: canasta-caliente demo "),
    (["rules", "presets", "extra"], "usage: canasta-caliente rules presets "),
    (["rules", "show", "caliente", "classic"], "usage: canasta-caliente rules show "),
    (["--foo", "demo"], "usage: canasta-caliente "),
])
def test_unknown_arguments_show_the_usage_of_the_command_typed(
        argv: list[str], usage: str, capsys: Capture) -> None:
    """An argument a command does not take: status 2, with that command's usage (its options),
    not the list of commands."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage), err
    assert f"error: unrecognized arguments: {argv[-1] if argv[0] != '--foo' else '--foo'}" in err


@pytest.mark.parametrize("command", [["play"], ["simulate", "--no-progress"], ["demo"],
                                     ["tournament", "--bots", "random,heuristic"]])
def test_unknown_preset_names_the_option(command: list[str], capsys: Capture) -> None:
    """`--rules calente`: status 2 and one line under the option's name, as the option's other
    errors are (not under the RuleSet's own word, `preset`, which the user did not type)."""
    assert main([*command, "--rules", "calente"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("--rules: unknown preset 'calente' (did you mean "
                                   "'caliente'?); presets: caliente, ")
    assert captured.err.count("\n") == 1


# ---------------------------------------------------------------------------------------------
# simulate: bad options and output paths fail before the run


def test_simulate_json_to_a_folder_fails_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --json FOLDER`: status 2 at once, no game played, one line on standard
    error."""
    no_simulation(monkeypatch)
    assert main(["simulate", "--games", "5", "--no-progress", "--json", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"--json: {tmp_path}: is a folder; give a file name\n"


def test_simulate_json_named_as_a_folder_fails_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --json results/` (a name ending in a separator, even of a folder that does not
    exist yet): status 2 at once, no game played."""
    no_simulation(monkeypatch)
    target = str(tmp_path / "results") + os.sep
    assert main(["simulate", "--games", "5", "--no-progress", "--json", target]) == 2
    assert capsys.readouterr().err == f"--json: {target}: is a folder; give a file name\n"


def test_simulate_json_in_a_missing_folder_fails_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --json nowhere/results.json`: status 2 at once, no game played."""
    no_simulation(monkeypatch)
    target = tmp_path / "nowhere" / "results.json"
    assert main(["simulate", "--games", "5", "--no-progress", "--json", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"--json: {target}: no folder {str(target.parent)!r} to write "
                            "it in\n")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="needs file permissions that bind the user")
def test_simulate_json_in_a_read_only_folder_fails_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --json` in a folder the user cannot write: status 2 at once."""
    no_simulation(monkeypatch)
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert main(["simulate", "--games", "5", "--no-progress", "--json",
                     str(folder / "r.json")]) == 2
    finally:
        folder.chmod(0o700)
    assert "cannot create a file in" in capsys.readouterr().err


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--games", "0", "--games: must be at least 1"),
    ("--workers", "0", "--workers: must be at least 1"),
    ("--workers", "-3", "--workers: must be at least 1"),
])
def test_simulate_bad_numbers(option: str, value: str, message: str, capsys: Capture,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Numbers out of range: status 2 and one line naming the option, before any game."""
    no_simulation(monkeypatch)
    assert main(["simulate", option, value, "--no-progress"]) == 2
    assert capsys.readouterr().err == message + "\n"


def test_simulate_interrupted_writes_the_partial_results(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """An interrupted `simulate` prints the table of the games played, writes them to
    `--json`, and exits with status 130."""
    sim = SIMULATE
    real = sim.simulate

    def interrupted(*args: object, **kwargs: object) -> object:
        def stop(result: GameResult) -> None:
            if result.index == 2:
                raise KeyboardInterrupt

        return real(*args, **kwargs, on_result=stop)

    monkeypatch.setattr(sim, "simulate", interrupted)
    out = tmp_path / "r.json"
    assert main(["simulate", "--games", "20", "--no-progress", "--json", str(out)]) == 130
    printed = capsys.readouterr().out
    assert "3 of 20 games played (interrupted)" in printed
    import json

    data = json.loads(out.read_text())
    assert data["interrupted"] and len(data["games"]) == 3


# ---------------------------------------------------------------------------------------------
# interrupts, in process


def test_interrupt_at_the_play_prompt(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """Ctrl-C at `play`'s prompt: status 130 and `canasta-caliente: interrupted` on standard
    error."""
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    assert main(["play", "--seed", "3"]) == 130
    assert capsys.readouterr().err == "canasta-caliente: interrupted\n"


def test_interrupt_during_a_hint_stops_the_hint_alone(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: Capture) -> None:
    """Ctrl-C while a long hint searched (`--hint-iterations 10000000`) ended the game: it
    stops the search, and the prompt comes back."""
    answers = ["hint", "quit"]
    monkeypatch.setattr("builtins.input", lambda prompt: answers.pop(0))

    def interrupted(*args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("canasta_caliente.players.search.hint_text", interrupted)
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "hint stopped; Ctrl-C at the prompt ends the game" in out and answers == []


def test_unreadable_input_at_the_play_prompt(monkeypatch: pytest.MonkeyPatch,
                                             capsys: Capture) -> None:
    """Input that is not text in the terminal's encoding is refused like bad notation, and the
    game goes on."""
    # None: bytes that do not decode; then bytes read as lone surrogates (a pipe in the C
    # locale), which the prompt echoed as '\udcff\udcfe' in its refusal of the notation.
    answers: list[str | None] = [None, "\udcff\udcfe", "quit"]

    def bad_then_quit(prompt: str) -> str:
        answer = answers.pop(0)
        if answer is None:
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return answer

    monkeypatch.setattr("builtins.input", bad_then_quit)
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("not an action: the input is not readable text") == 2, out
    assert "udcff" not in out and "\udcff" not in out


class _FullDisk(io.StringIO):
    """Standard output on a full disk: what is written is taken, and lost at the flush."""

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("argv", [["demo", "--seed", "1"], ["rules", "show", "caliente"],
                                  ["--help"]])
def test_output_that_cannot_be_written_is_one_line(
        argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """`canasta-caliente demo > /dev/full` (and every command) ended in a traceback of the
    OSError: one line on standard error and status 2 (an unusable output), also for the help
    argparse writes, whose failure showed at the interpreter's last flush."""
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(argv) == 2
    assert capsys.readouterr().err == ("canasta-caliente: cannot write to standard output: No "
                                       "space left on device\n")


class _FullDiskUnbuffered(io.StringIO):
    """Standard output on a full disk, unbuffered (``PYTHONUNBUFFERED``): each write fails."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["simulate", "--help"]])
@pytest.mark.parametrize("stdout", [_FullDiskUnbuffered, None])
def test_help_and_version_that_cannot_be_written_are_one_line(
        argv: list[str], stdout: type[io.StringIO] | None, monkeypatch: pytest.MonkeyPatch,
        capsys: Capture) -> None:
    """`canasta-caliente --help > /dev/full` with unbuffered output ended with status 0 and
    nothing said (argparse drops the write's error), and `--version >&-` printed the version on
    standard error, status 0: status 2 and one line, as every command's output."""
    monkeypatch.setattr(sys, "stdout", None if stdout is None else stdout())
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        "canasta-caliente: cannot write to standard output: " + (
            "the descriptor is closed\n" if stdout is None else "No space left on device\n"))


@pytest.mark.parametrize(("option", "name", "said"), [
    ("--out", "made.toml/x.csv", "'{folder}/made.toml' is a file, not a folder to write it in"),
    ("--out", "", "is a folder; give a file name"),
    ("--json", "", "is a folder; give a file name"),
])
def test_output_paths_are_told_as_they_are(option: str, name: str, said: str, tmp_path: Path,
                                           capsys: Capture,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out made.toml/x.csv`` said "the directory made.toml does not exist" (it is a file);
    ``--out FOLDER`` "unknown file type '(none)'", where ``--json FOLDER`` said it is a
    folder."""
    no_simulation(monkeypatch)
    (tmp_path / "made.toml").write_text("")
    target = str(tmp_path / name) if name else str(tmp_path)
    assert main(["simulate", "--games", "1", "--no-progress", option, target]) == 2
    assert capsys.readouterr().err == f"{option}: {target}: {said.format(folder=tmp_path)}\n"


@pytest.mark.parametrize("option", ["--json", "--out"])
def test_a_dash_is_not_taken_for_a_file(option: str, tmp_path: Path, capsys: Capture,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--json -`` wrote a file named ``-`` (read as standard output by convention):
    refused, as ``--out -`` was (for its suffix), in one message for both."""
    no_simulation(monkeypatch)
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--games", "1", "--no-progress", option, "-"]) == 2
    assert capsys.readouterr().err == (f"{option}: -: not written to standard output, which the "
                                       "command prints to: give a file name (./- for a file "
                                       "named so)\n")
    assert list(tmp_path.iterdir()) == []


def test_an_output_no_file_can_be_made_in_is_refused_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder its permissions let root write to, where no file can be made (``/proc``, a
    read-only disk), passed the check (``os.access``): the games were played, then the table
    was lost. The check now makes the file (and removes it), or opens it to append."""
    no_simulation(monkeypatch)
    folder = tmp_path / "ro"
    folder.mkdir()

    def refused(path: object, flags: int, mode: int = 0o777) -> int:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("canasta_caliente.cli._outputs.os.open", refused)
    target = str(folder / "x.csv")
    assert main(["simulate", "--games", "1", "--no-progress", "--out", target]) == 2
    assert capsys.readouterr().err == (f"--out: {target}: cannot create a file in "
                                       f"{str(folder)!r}: Read-only file system\n")
    assert list(folder.iterdir()) == []


def test_the_output_check_leaves_files_as_they_were(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of an output file (made and removed, or opened to append) leaves no file where
    none was, an existing file as it was, and writes through a link whose target does not
    exist yet (a review found it refused, "File exists")."""
    monkeypatch.chdir(tmp_path)
    no_simulation(monkeypatch)
    kept = tmp_path / "kept.json"
    kept.write_text("a saved game")
    before = kept.stat()
    # --json is checked (its file made and removed), then --out refused for its suffix.
    assert main(["simulate", "--games", "1", "--no-progress", "--json", "new.json",
                 "--out", "kept.txt"]) == 2
    assert "--out: kept.txt: unknown file type '.txt'" in capsys.readouterr().err
    assert main(["play", "--save", "kept.json"]) == 2  # (exists: --overwrite not given)
    assert "the file exists; give --overwrite" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]
    assert kept.read_text() == "a saved game" and kept.stat().st_mtime_ns == before.st_mtime_ns
    (tmp_path / "link.json").symlink_to(tmp_path / "target.json")
    monkeypatch.undo()  # (the simulation plays this time)
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--games", "1", "--no-progress", "--json", "link.json"]) == 0
    assert (tmp_path / "target.json").read_text().startswith("{")


def test_links_that_lead_nowhere_are_refused_before_the_run(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop of links passed the check (``Path.exists`` hid the error) and failed after the
    games; a link to a missing folder was refused naming the link's folder."""
    no_simulation(monkeypatch)
    monkeypatch.chdir(tmp_path)
    os.symlink("loop.json", "loop.json")
    os.symlink(tmp_path / "gone" / "x.json", "far.json")
    assert main(["simulate", "--games", "1", "--no-progress", "--json", "loop.json"]) == 2
    assert capsys.readouterr().err == ("--json: loop.json: the file is not writable: Too many "
                                       "levels of symbolic links\n")
    assert main(["simulate", "--games", "1", "--no-progress", "--json", "far.json"]) == 2
    assert capsys.readouterr().err == (f"--json: far.json: cannot create a file in "
                                       f"{str(tmp_path / 'gone')!r}: No such file or directory\n")


def test_a_fifo_output_is_refused_without_waiting(tmp_path: Path, capsys: Capture,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An output that is a FIFO (no reader) is refused, never waited on."""
    no_simulation(monkeypatch)
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    assert main(["simulate", "--games", "1", "--no-progress", "--out", str(fifo)]) == 2
    assert capsys.readouterr().err == f"--out: {fifo}: not a regular file\n"


def test_a_closed_standard_output_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                              capsys: Capture) -> None:
    """`canasta-caliente demo >&-` (Python sets sys.stdout to None) failed with "'NoneType'
    object has no attribute 'write'"."""
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["demo", "--seed", "1"]) == 2
    assert capsys.readouterr().err == ("canasta-caliente: cannot write to standard output: the "
                                       "descriptor is closed\n")


def test_interrupt_during_demo(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """Ctrl-C while `demo` plays: status 130, one line on standard error."""
    calls = 0

    def apply_then_interrupt(state: object, action: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 40:
            raise KeyboardInterrupt
        return apply(state, action)  # type: ignore[arg-type]

    monkeypatch.setattr("canasta_caliente.cli.commands.apply", apply_then_interrupt)
    assert main(["demo", "--seed", "2"]) == 130
    assert capsys.readouterr().err == "canasta-caliente: interrupted\n"


def test_names_too_long_for_the_os(tmp_path: Path, capsys: Capture) -> None:
    """A rule-file or output name longer than the OS takes (found by the fuzz suite): status
    2 and one line, not an OSError."""
    name = "9" * 5000
    assert main(["demo", "--rules", name]) == 2
    assert capsys.readouterr().err == f"{name}: (document): cannot read the file: File name " \
        "too long\n"
    assert main(["rules", "validate", name + ".toml"]) == 2
    assert capsys.readouterr().err.startswith(f"{name}.toml: (document): cannot read the file")
    target = str(tmp_path / name)
    assert main(["simulate", "--games", "1", "--no-progress", "--json", target]) == 2
    assert capsys.readouterr().err.startswith(f"--json: {target}: not a usable file name (")


@pytest.mark.parametrize("name", ["\x00", "out\x00.json", "\ud800.json"])
def test_output_names_no_file_can_have(name: str, tmp_path: Path, capsys: Capture,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json` names holding a NUL or a lone surrogate (possible through `main(argv)`; the
    first found by the fuzz suite): status 2 before the run, one line."""
    no_simulation(monkeypatch)
    monkeypatch.chdir(tmp_path)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    errors = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    with redirect_stdout(out), redirect_stderr(errors):
        status = main(["simulate", "--games", "1", "--no-progress", "--json", name])
    errors.seek(0)
    err = errors.read()
    assert status == 2
    assert err.count("\n") == 1 and ": not a usable file name (" in err


# ---------------------------------------------------------------------------------------------
# Arguments out of range: one line naming the option, never a traceback or a silent run


@pytest.mark.parametrize("command", [["demo"], ["play", "--bots", "random"]])
def test_a_seed_too_long_to_save_is_one_line(command: list[str], capsys: Capture) -> None:
    """A seed of more than 256 bits (which no saved game can hold): status 2 and the library's
    one-line ArgumentError, not a traceback of a plain ValueError; naming the option, as the
    studies' commands do (it said "canasta-caliente: seed must be ...")."""
    assert main([*command, "--seed", str(2**300)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--seed: must be an integer of at most 256 bits"), err
    assert err.count("\n") == 1


@pytest.mark.parametrize("value", ["0", "-5"])
def test_demo_max_hands_below_one_is_refused(value: str, capsys: Capture) -> None:
    """`demo --max-hands` below 1 is refused as `--games` is, before any game."""
    assert main(["demo", "--max-hands", value]) == 2
    assert capsys.readouterr() == ("", "--max-hands: must be at least 1\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["demo", "--rules", ""],
     "--rules: needs a preset name or a rules file's name, not an empty one"),
    (["rules", "show", ""], "PRESET|FILE: needs a preset name or a rules file's name"),
    (["rules", "validate", ""], "FILE: needs a file name, not an empty one"),
    (["simulate", "--json", ""], "--json: needs a file name, not an empty one"),
    (["simulate", "--out", ""], "--out: needs a file name, not an empty one"),
    (["play", "--save", ""], "--save: needs a file name, not an empty one"),
    (["play", "--resume", ""], "--resume: needs a file name, not an empty one"),
])
def test_an_empty_file_name_names_the_option(argv: list[str], message: str, capsys: Capture,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty path says the option needs a name, rather than ": (document): cannot read
    the file" or "is a folder" about an empty name."""
    no_simulation(monkeypatch)
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith(message)


@pytest.mark.parametrize(("bots", "entry"), [
    ("heuristic,,random", "entry 2 of 'heuristic,,random'"), ("random,", "entry 2"),
    ("", "entry 1 of ''"), (" , random", "entry 1"),
])
def test_an_empty_bot_name_is_refused(bots: str, entry: str, capsys: Capture,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`--bots heuristic,,random` names the empty entry instead of dropping it."""
    no_simulation(monkeypatch)
    assert main(["simulate", "--bots", bots, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"--bots: {entry}") and "is an empty bot name" in err


# ---------------------------------------------------------------------------------------------
# the studies' own checks, in the words the user typed


@pytest.mark.parametrize(("argv", "message"), [
    (["tournament", "--games", "3"],
     "--games: must be a positive even number (sides alternate), not 3"),
    (["tournament", "--bots", "random,random"],
     "--bots: random named twice: a tournament plays each bot against each other one; name "
     "each bot once"),
    (["tournament", "--bots", "random"],
     "--bots: must hold at least two bots (a tournament plays pairs), not 1"),
    (["simulate", "--seed", str(2**300)], "--seed: must be an integer of at most 256 bits"),
    (["compare", "caliente", "classic", "--seed", str(-2**300)],
     "--seed: must be an integer of at most 256 bits"),
])
def test_a_study_refusal_names_the_option_typed(argv: list[str], message: str,
                                                capsys: Capture) -> None:
    """What the study itself refuses (`tournament --games 3`, an odd count) is reported under
    the option typed, `--games:`, as `--games 0` is, not under the study's parameter
    (`tournament: games must be ...`); before any game (the runs asked for would take
    minutes)."""
    assert main([*argv, "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(message) and captured.err.count("\n") == 1
    assert captured.out == ""


def test_more_bots_than_sides_are_refused(capsys: Capture) -> None:
    """`simulate --bots heuristic,random,random` on two sides played random against random in
    a game of three and counted it as random's win: refused before any game, saying why."""
    assert main(["simulate", "--rules", "caliente-2p", "--games", "6", "--bots",
                 "heuristic,random,random", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("--bots: 3 bots for a table of 2 sides: a game seats one "
                                   "bot a side")
    assert captured.err.rstrip().endswith(
        "give at most 2 (a round robin of more bots is a tournament)")


@pytest.mark.parametrize("spelling", ["same", "dotted", "symlink", "hardlink"])
def test_simulate_json_and_out_to_one_file_are_refused(spelling: str, tmp_path: Path,
                                                       capsys: Capture,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json same.csv --out same.csv` wrote the results, then the hand table over them,
    saying both were "written to same.csv": refused before the run, however the two paths
    spell the file (`dir/../same.csv`, a link)."""
    no_simulation(monkeypatch)
    first = tmp_path / "same.csv"
    second = {"same": first, "dotted": tmp_path / "sub" / ".." / "same.csv",
              "symlink": tmp_path / "link.csv", "hardlink": tmp_path / "hard.csv"}[spelling]
    (tmp_path / "sub").mkdir()
    if spelling in ("symlink", "hardlink"):
        first.write_text("")
        (second.symlink_to if spelling == "symlink" else second.hardlink_to)(first)
    assert main(["simulate", "--json", str(first), "--out", str(second)]) == 2
    assert capsys.readouterr().err == (
        f"--out: {second} is also the --json file, and one would replace the other; give "
        "--out a file of its own\n")


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "--games", "1", "--bots", "heuristc"],
     "--bots: unknown bot 'heuristc' (did you mean 'heuristic'?); bots: "),
    (["simulate", "--games", "1", "--bots", "Heuristic,random"],
     "--bots: unknown bot 'Heuristic' (did you mean 'heuristic'?); bots: "),
    (["demo", "--rules", "CLASSIC"],
     "--rules: unknown preset 'CLASSIC' (did you mean 'classic'?); presets: "),
    (["play", "--overwrite"],
     "--overwrite: lets --save replace a file that exists, but no --save was given\n"),
])
def test_a_near_name_is_suggested_and_a_flag_alone_refused(
        argv: list[str], said: str, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mistyped bot or a preset in capitals got no "did you mean" (a preset's typo did);
    ``play --overwrite`` without ``--save`` was taken, and did nothing."""
    no_simulation(monkeypatch)
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("the game started"))
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith(said)


def test_a_file_named_as_a_preset_gets_the_commands_advice(
        tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """``rules validate classic``, a file of that name without a suffix, said "a preset by its
    name is RuleSet.preset('classic')": the Python API's advice, in a command's message."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "classic").write_text('preset = "classic"\n')
    assert main(["rules", "validate", "classic", "./classic"]) == 1
    said = ("(document): unknown file type '(none)': expected a .toml or .json file; 'classic' "
            "is also a preset's name ('canasta-caliente rules show classic' prints its options)")
    assert capsys.readouterr().out.splitlines() == [f"classic: {said}", f"./classic: {said}"]
