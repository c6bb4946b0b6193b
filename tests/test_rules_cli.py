"""`canasta-caliente rules`: validate, show, diff and presets; their output and exit status."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente import RuleSet
from canasta_caliente.cli.commands import main

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = ROOT / "examples" / "house-rules"
HOUSE_FILES = sorted(p for p in HOUSE_RULES.iterdir() if p.suffix in (".toml", ".json"))

Capture = pytest.CaptureFixture[str]


def write(path: Path, text: str) -> str:
    """Write a house-rules file and return its path as the command line would name it."""
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------------------------------------
# rules validate


def test_validate_valid_files(capsys: Capture) -> None:
    """Valid files: exit status 0 and one summary line per file, naming the file."""
    files = [str(p) for p in HOUSE_FILES]
    assert main(["rules", "validate", *files]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == len(files)
    for file, line in zip(files, lines, strict=True):
        assert line.startswith(f"{file}: ok: ")
    assert captured.err == ""


def test_validate_summary_names_table_and_changes(capsys: Capture) -> None:
    """The summary gives the table and the closest preset with the options changed."""
    # RULES: SEAT-2, GAME-1, VAR-1
    file = str(HOUSE_RULES / "two-player-3000.toml")
    assert main(["rules", "validate", file]) == 0
    line = capsys.readouterr().out.strip()
    assert line == (f"{file}: ok: 2 players in 2 sides (0) (1), 2 decks (108 cards), 15 cards a "
                    "hand, to 3000; preset caliente-2p with target_score = 3000")


def test_validate_summary_of_a_plain_preset(tmp_path: Path, capsys: Capture) -> None:
    """A file that is exactly a preset says so; changed card values show only the cards
    changed."""
    # RULES: CARD-3
    same = write(tmp_path / "same.json", '{"preset": "classic"}')
    cards = write(tmp_path / "cards.toml", 'preset = "caliente"\ncard_values = { JK = 60 }\n')
    assert main(["rules", "validate", same, cards]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("; same as preset classic")
    assert out[1].endswith("; preset caliente with card_values = { JK = 60 }")


def test_validate_invalid_file_lists_every_problem(tmp_path: Path, capsys: Capture) -> None:
    """An invalid file: exit status 1 and every problem as `FILE: option: message`, one per
    line."""
    # RULES: INIT-1, SEAT-2, TURN-2
    bad = write(tmp_path / "bad.toml", """\
preset = "caliente"
handsize = 12
sides = 3
draw_count = 0
initial_meld_minimums = [[0, 50], [3000, 120], [1500, 90]]
""")
    assert main(["rules", "validate", bad]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[:2] for line in lines] == [
        [bad, "handsize"], [bad, "sides"], [bad, "draw_count"], [bad, "initial_meld_minimums"],
    ]
    assert lines[0] == (f"{bad}: handsize: unknown option (did you mean 'hand_size'?); "
                        "'canasta-caliente rules show caliente' lists every option with its help")


def test_validate_suggests_options_by_meaning(tmp_path: Path, capsys: Capture) -> None:
    """An unknown option far in spelling from every option (`wild_cards_max`) gets the options
    of a similar meaning, and the line names the command that lists every option; that command
    lists the options suggested."""
    bad = write(tmp_path / "wild.toml", 'preset = "caliente"\nwild_cards_max = 3\n')
    assert main(["rules", "validate", bad]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{bad}: wild_cards_max: unknown option (options of a similar meaning: 'max_wilds'); "
        "'canasta-caliente rules show caliente' lists every option with its help"]
    assert main(["rules", "show", "caliente"]) == 0
    shown = capsys.readouterr().out
    assert "\nmax_wilds = " in shown


def test_validate_mixed_files(tmp_path: Path, capsys: Capture) -> None:
    """Valid and invalid files together: every file is checked, the status is 1."""
    good = str(HOUSE_RULES / "caliente-wild-cap.toml")
    bad = write(tmp_path / "bad.json", '{"preset": "caliente", "caliente_cards": 9}')
    assert main(["rules", "validate", bad, good]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{bad}: caliente_cards: the deck holds at most 2 Caliente")
    assert lines[1].startswith(f"{good}: ok: ")


def test_validate_syntax_error_names_the_line(tmp_path: Path, capsys: Capture) -> None:
    """A TOML syntax error is reported as a document problem naming the line."""
    bad = write(tmp_path / "syntax.toml", 'preset = "classic"\nmax_wilds = none\n')
    assert main(["rules", "validate", bad]) == 1
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"{bad}: (document): invalid TOML at line 2, column ")
    assert 'write "none" in quotes' in line


def test_validate_unreadable_and_unknown_files(tmp_path: Path, capsys: Capture) -> None:
    """A file of an unknown type is a document problem of that file (status 1, on standard
    output); a missing file is bad input (status 2, on standard error); each file is still
    checked."""
    missing = str(tmp_path / "missing.toml")
    other = write(tmp_path / "house.yaml", "preset: caliente\n")
    assert main(["rules", "validate", other]) == 1
    assert capsys.readouterr().out.startswith(f"{other}: (document): unknown file type '.yaml'")
    assert main(["rules", "validate", missing, other]) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"{missing}: (document): cannot read the file: "
                            "No such file or directory\n")
    assert captured.out.startswith(f"{other}: (document): unknown file type '.yaml'")


def test_validate_a_preset_name_says_it_is_a_preset(tmp_path: Path, capsys: Capture,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`rules validate caliente` (no such file here) says that `caliente` is a preset, not a
    file, where the line says the file cannot be read; a file of that name is read."""
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "validate", "caliente"]) == 2
    assert capsys.readouterr().err == (
        "caliente: (document): cannot read the file: No such file or directory; 'caliente' is "
        "a preset, not a file ('canasta-caliente rules show caliente' prints its options)\n")
    write(tmp_path / "caliente", 'preset = "caliente"\n')
    assert main(["rules", "validate", "caliente"]) == 1  # read: a file of no known type
    assert "unknown file type" in capsys.readouterr().out


def test_validate_help_gives_the_status_of_a_file_it_cannot_read(capsys: Capture) -> None:
    """The help said only "exit status 1" for problems; a file that cannot be read is bad
    input (status 2, on standard error, as the exit statuses of the command line say)."""
    with pytest.raises(SystemExit):
        main(["rules", "validate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert ("A file that cannot be read (missing, a folder) is bad input, not a problem of a "
            "rule file: it is reported on standard error, the other files are still checked, "
            "and the exit status is 2.") in help_text


def test_validate_needs_a_file(capsys: Capture) -> None:
    """`rules validate` with no file is a usage error (status 2)."""
    with pytest.raises(SystemExit) as info:
        main(["rules", "validate"])
    assert info.value.code == 2
    assert "FILE" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# rules show


def test_show_preset_prints_every_option_with_value_and_help(capsys: Capture) -> None:
    """`rules show PRESET`: every option with its value, help and rule IDs, status 0."""
    # RULES: VAR-1
    assert main(["rules", "show", "caliente-2p"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# caliente-2p: " + RuleSet.preset_description("caliente-2p"))
    for info in cc.OPTIONS:
        assert f"\n{info.name} = " in out
        assert ", ".join(info.rules) in out.replace("\n# ", " ")
        assert info.help.split()[0] in out
    assert "\nhand_size = 15\n" in out
    assert '\nmax_wilds = "none"\n' in out


def test_show_output_is_a_house_rules_document(capsys: Capture) -> None:
    """What `rules show` prints is TOML that reads back as the same rule set."""
    for name in ("classic", "caliente-6p-3deck-3x2"):
        assert main(["rules", "show", name]) == 0
        out = capsys.readouterr().out
        tomllib.loads(out)
        assert RuleSet.from_toml(out) == RuleSet.preset(name)


def test_show_file(capsys: Capture) -> None:
    """`rules show FILE` shows the file's rule set, titled with its summary."""
    # RULES: MELD-2
    file = str(HOUSE_RULES / "caliente-wild-cap.toml")
    assert main(["rules", "show", file]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"# {file}: 4 players")
    assert "\nmax_wilds = 3\n" in out
    assert RuleSet.from_toml(out) == RuleSet.from_file(file)


def test_show_unknown_preset(capsys: Capture) -> None:
    """An argument that is neither a preset nor a file: status 2 and the closest preset."""
    assert main(["rules", "show", "calente"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "unknown preset 'calente' (did you mean 'caliente'?)" in captured.err


def test_show_invalid_file(tmp_path: Path, capsys: Capture) -> None:
    """An invalid file: status 2 and its problems as `FILE: option: message` on stderr."""
    bad = write(tmp_path / "bad.toml", 'preset = "caliente"\ndraw_count = 0\n')
    assert main(["rules", "show", bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"{bad}: draw_count: must be at least 1")


# ---------------------------------------------------------------------------------------------
# rules diff


def test_diff_preset_and_file(capsys: Capture) -> None:
    """`rules diff A B`: each differing option with both values and its rule IDs, then every
    rule touched; status 0."""
    # RULES: VAR-5, HOT-1
    file = str(HOUSE_RULES / "three-decks-caliente-cards.toml")
    assert main(["rules", "diff", "caliente-6p-3deck", file]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"caliente-6p-3deck -> {file}: 1 option differs"
    assert lines[1].split() == ["caliente_cards", "0", "->", "2", "(RULES:", "CARD-2,",
                                "TURN-2,", "HOT-1,", "HOT-2,", "HOT-3,", "SCORE-5)"]
    assert lines[2] == "rules touched: CARD-2, TURN-2, SCORE-5, HOT-1, HOT-2, HOT-3"
    assert len(lines) == 3


def test_diff_two_presets(capsys: Capture) -> None:
    """classic against caliente: the five options of section 13, each with its rule IDs."""
    # RULES: MELD-2, TURN-3, END-3, OUT-3, READ-1
    assert main(["rules", "diff", "caliente", "classic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "caliente -> classic: 5 options differ"
    body = {line.split()[0]: line for line in lines[1:-1]}
    assert set(body) == {"max_wilds", "bonus_from_pile_replaced", "stock_out",
                         "concealed_needs_own_canasta", "up_card_must_be_natural"}
    assert '"none" -> 3' in body["max_wilds"] and "MELD-2" in body["max_wilds"]
    assert '"play_on" -> "end_on_last_card"' in body["stock_out"]
    assert "READ-1" in body["up_card_must_be_natural"]
    assert lines[-1] == ("rules touched: DEAL-3, TURN-2, TURN-3, MELD-2, OUT-3, END-2, END-3, "
                         "READ-1")


def test_diff_card_values_shows_the_cards_changed(tmp_path: Path, capsys: Capture) -> None:
    """A card-values difference lists only the cards whose value changed."""
    # RULES: CARD-3
    file = write(tmp_path / "jokers.toml", 'preset = "caliente"\ncard_values = { JK = 60 }\n')
    assert main(["rules", "diff", file, "caliente"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:4] == ["card_values", "JK", "60", "->"]
    assert "CARD-3, INIT-2, SCORE-1" in lines[1]


def test_diff_identical(tmp_path: Path, capsys: Capture) -> None:
    """Two rule sets with no difference: the command says they are identical."""
    file = write(tmp_path / "same.json", '{"preset": "caliente", "max_wilds": null}')
    assert main(["rules", "diff", "caliente", file]) == 0
    assert capsys.readouterr().out == f"caliente and {file} are identical: no option differs\n"


def test_diff_with_an_invalid_side(tmp_path: Path, capsys: Capture) -> None:
    """An unknown preset or an invalid file on either side: status 2, problems on stderr."""
    bad = write(tmp_path / "bad.toml", 'preset = "caliente"\ncanasta_size = 2\n')
    assert main(["rules", "diff", "caliente", bad]) == 2
    assert capsys.readouterr().err.startswith(f"{bad}: canasta_size: ")
    assert main(["rules", "diff", "classik", "caliente"]) == 2
    assert "did you mean 'classic'?" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# rules presets


def test_presets_lists_each_with_its_description(capsys: Capture) -> None:
    """`rules presets`: one line per preset, its name then its one-line description."""
    assert main(["rules", "presets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = RuleSet.preset_names()
    assert len(lines) == len(names)
    for name, line in zip(names, lines, strict=True):
        assert line.split()[0] == name
        assert line.endswith(RuleSet.preset_description(name))


def test_rules_needs_a_subcommand(capsys: Capture) -> None:
    """`rules` alone is a usage error naming the subcommands."""
    with pytest.raises(SystemExit) as info:
        main(["rules"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "validate" in err and "presets" in err


# ---------------------------------------------------------------------------------------------
# demo with a house-rules file


def test_demo_plays_a_house_rules_file(capsys: Capture) -> None:
    """`demo --rules FILE` plays the file's rules."""
    # RULES: VAR-1, VAR-7
    file = str(HOUSE_RULES / "two-player-frozen-caliente.json")
    assert main(["demo", "--seed", "3", "--rules", file, "--max-hands", "1"]) == 0
    out = capsys.readouterr().out
    assert f"a game of {file} between random players" in out
    assert "hand 1:" in out
