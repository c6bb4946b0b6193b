"""Fuzzing the command line: arbitrary argument lists, option values, rule files and typed
input, given to :func:`canasta_caliente.cli.commands.main` in process. Whatever it is given, no
exception escapes (argparse's :class:`SystemExit` for usage errors aside), nothing prints a
traceback, and the exit status is 0, 1 (only from ``rules validate``) or 2.

Standard output is a strict UTF-8 stream and standard error escapes what it cannot encode, as
Python's own streams are under a UTF-8 locale. The number of cases is the Hypothesis profile's
(``HYPOTHESIS_PROFILE=long`` runs many more); ``--hypothesis-show-statistics`` reports them.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import chdir, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.cli.commands import main

PRESETS = cc.RuleSet.preset_names()
OPTION_NAMES = [info.name for info in cc.OPTIONS]

# Fixed files of every kind: valid, invalid, hostile, unreadable.
FIXED: dict[str, str | bytes] = {
    "good.toml": 'preset = "caliente-2p"\ntarget_score = 3000\n',
    "good.json": '{"preset": "classic", "max_wilds": 2}',
    "bad.toml": 'preset = "caliente"\nhandsize = 12\ndraw_count = 0\n',
    "syntax.toml": 'preset = "classic"\nmax_wilds = none\n',
    "deep.json": "[" * 50_000 + "]" * 50_000,
    "deep.toml": "a = " + "[" * 50_000 + "]" * 50_000,
    "huge.json": '{"target_score": ' + "7" * 4400 + "}",
    "surrogate.json": '{"\\udcff": 1, "preset": "\\ud800"}',
    "latin1.toml": b'preset = "caf\xe9"\n',
    "notes.txt": "preset = caliente\n",
    "empty.json": "",
}


@pytest.fixture(scope="module")
def files() -> Iterator[dict[str, str]]:
    """The fixed files, a folder named like a rule file, and paths that do not exist."""
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        paths = {}
        for file, text in FIXED.items():
            path = root / file
            if isinstance(text, bytes):
                path.write_bytes(text)
            else:
                path.write_text(text, encoding="utf-8")
            paths[file] = str(path)
        (root / "folder.toml").mkdir()
        paths["folder.toml"] = str(root / "folder.toml")
        paths["missing.json"] = str(root / "missing.json")
        paths["nowhere/out.json"] = str(root / "nowhere" / "out.json")
        paths["out.json"] = str(root / "out.json")
        paths["root"] = name
        paths["out.csv"] = str(root / "out.csv")
        record = root / "game.json"
        record.write_text(cc.GameRecord.start(cc.RuleSet.preset("caliente"), seed=1).to_json(),
                          encoding="utf-8")
        paths["game.json"] = str(record)
        paths["devnull"] = os.devnull
        yield paths


# Strings of every sort: plain text (NUL included), undecodable bytes as the OS hands them to
# Python, numbers in and out of range, option-like words.
GARBAGE = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "-", "--", "\x00", "\udcff", "caf\udce9.toml", "-1", "0", "1",
                     "2", "+3", " 4", "1e3", "nan", "0x10", "9" * 30, "9" * 5000, "--help",
                     "--version", "-h", "--rules", "--seed", "=", "caliente,", ",", "héllo"]),
)
SMALL = st.integers(-2, 3).map(str)
WORDS = ["demo", "simulate", "play", "rules", "validate", "show", "diff", "presets", "--seed",
         "--rules", "--games", "--bots", "--workers", "--json", "--no-progress", "--seat",
         "--max-hands", "--help", "--version", "caliente", "classic", "heuristic", "random",
         "compare", "--out", "--save", "--resume"]
# Where a command may write (never one of the fixed input files).
WRITABLE = ["out.json", "out.csv", "nowhere/out.json", "folder.toml", "root", "devnull"]
BOTS = st.one_of(st.sampled_from(["heuristic", "random", "heuristic,random", "random,random,"
                                  "heuristic", "heuristic,genius", ",", " random "]), GARBAGE)
INPUT = st.lists(st.one_of(st.text(max_size=15), st.sampled_from(
    ["draw", "help", "?", "", "quit", "discard 7", "discard R3", "meld 7 7 7", "take 7 7",
     "go out", "yes", "no"])), max_size=6)


def rule_documents() -> st.SearchStrategy[tuple[str, str | bytes]]:
    """A rule file's name and content: random text or bytes, or documents made of real and
    invented option names with values of every JSON type."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                        st.text(max_size=10), st.sampled_from(PRESETS))
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                          max_leaves=10)
    documents = st.dictionaries(st.sampled_from([*OPTION_NAMES, "preset"]) | st.text(max_size=8),
                                values, max_size=6)
    as_json = documents.map(json.dumps).map(lambda text: ("doc.json", text))
    as_toml = documents.map(
        lambda doc: "\n".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in doc.items())
    ).map(lambda text: ("doc.toml", text))
    raw = st.tuples(st.sampled_from(["doc.toml", "doc.json", "doc.txt", "doc"]),
                    st.one_of(st.text(max_size=200), st.binary(max_size=200)))
    return st.one_of(as_json, as_toml, raw)


def run(argv: list[str], lines: list[str] | None = None) -> tuple[int, str, str]:
    """Run the command line in process; returns the exit status and what it printed."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    answers = list(lines or [])

    def typed(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    # In a folder of its own, which the output files of relative names (`--json 0x10`) go to.
    with tempfile.TemporaryDirectory() as here, chdir(here), redirect_stdout(out), \
            redirect_stderr(err), mock.patch("builtins.input", typed):
        try:
            status: Any = main(argv)
        except SystemExit as exc:  # argparse: usage errors, --help, --version
            status = exc.code
    out.seek(0)
    err.seek(0)
    return status, out.read(), err.read()


def check(argv: list[str], lines: list[str] | None = None) -> None:
    """The guarantees, for one command line."""
    status, out, err = run(argv, lines)
    assert status in (0, 1, 2), (argv, status, err)
    assert status != 1 or "validate" in argv, (argv, out, err)
    assert "Traceback" not in out and "Traceback" not in err, (argv, err)


def few_games(text: str) -> bool:
    """Not a number of games above 4 (so that every simulation is short)."""
    try:
        return int(text) < 5
    except ValueError:
        return True


def rules_argument(files: dict[str, str]) -> st.SearchStrategy[str]:
    """A `--rules` value: a preset, one of the files, or anything."""
    return st.one_of(st.sampled_from(PRESETS), st.sampled_from(sorted(files.values())),
                     GARBAGE)


@given(data=st.data())
def test_fuzz_any_arguments(files: dict[str, str], data: st.DataObject) -> None:
    """Argument lists made of the command's own words, file paths and arbitrary strings."""
    words = st.one_of(st.sampled_from(WORDS), st.sampled_from(sorted(files.values())), GARBAGE)
    argv = data.draw(st.lists(words, max_size=8), label="argv")
    # Keep every run short: a demo plays at most a hand, a simulation at most a few games.
    if "demo" in argv and "--max-hands" not in argv:
        argv += ["--max-hands", "1"]
    if "simulate" in argv or "compare" in argv:
        argv = [w for w in argv if w not in ("--games", "--workers")] + ["--games", "2"]
    if "--save" in argv:  # never over a fixed input file
        argv = [w for w in argv if w != "--save"] + ["--save", files["out.json"]]
    check(argv, data.draw(INPUT, label="input"))


@given(data=st.data())
def test_fuzz_demo_and_play(files: dict[str, str], data: st.DataObject) -> None:
    """`demo` and `play` with any seeds, seats, bots, rule files and typed lines."""
    command = data.draw(st.sampled_from(["demo", "play"]), label="command")
    options = {
        "--seed": st.one_of(SMALL, GARBAGE, st.integers().map(str)),
        "--rules": rules_argument(files),
        "--max-hands" if command == "demo" else "--seat": st.one_of(SMALL, GARBAGE),
        "--bots": BOTS,
    }
    if command == "play":
        options["--save"] = st.one_of(st.sampled_from([files[k] for k in WRITABLE]), GARBAGE)
        options["--resume"] = st.one_of(st.sampled_from(
            [files[k] for k in ("game.json", "good.toml", "deep.json", "folder.toml",
                                "missing.json", "latin1.toml")]), GARBAGE)
    chosen = data.draw(st.lists(st.sampled_from(sorted(options)), unique=True), label="opts")
    argv = [command]
    for option in chosen:
        argv += [option, data.draw(options[option], label=option)]
    if command == "demo" and "--max-hands" not in chosen:
        argv += ["--max-hands", "1"]
    check(argv, data.draw(INPUT, label="input"))


@given(data=st.data())
def test_fuzz_simulate(files: dict[str, str], data: st.DataObject) -> None:
    """`simulate` with any numbers, bots, rule files and output paths (a few games at most)."""
    json_paths = st.sampled_from([files[k] for k in ("out.json", "nowhere/out.json",
                                                     "folder.toml", "root", "devnull")])
    options = {
        "--games": st.one_of(st.integers(-2, 3).map(str), GARBAGE.filter(few_games)),
        "--workers": st.one_of(st.sampled_from(["1", "0", "-1", "x", ""]), st.just("1")),
        "--seed": st.one_of(SMALL, GARBAGE),
        "--rules": st.one_of(st.sampled_from(PRESETS), st.sampled_from(
            [files[k] for k in ("good.toml", "bad.toml", "deep.json", "folder.toml",
                                "missing.json", "latin1.toml")]), GARBAGE),
        "--bots": BOTS,
        "--json": st.one_of(json_paths, GARBAGE),
        "--out": st.one_of(st.sampled_from([files[k] for k in WRITABLE]), GARBAGE,
                           GARBAGE.map(lambda name: name + ".csv")),
    }
    chosen = data.draw(st.lists(st.sampled_from(sorted(options)), unique=True), label="opts")
    argv = ["simulate", "--no-progress"]
    for option in chosen:
        argv += [option, data.draw(options[option], label=option)]
    if "--games" not in chosen:
        argv += ["--games", "1"]
    check(argv)


@given(data=st.data())
def test_fuzz_compare(files: dict[str, str], data: st.DataObject) -> None:
    """`compare` with any rule sets, numbers, bots and output paths (a game or two each)."""
    variants = data.draw(st.lists(rules_argument(files), max_size=3), label="variants")
    options = {
        "--games": st.one_of(st.integers(-2, 2).map(str), GARBAGE.filter(few_games)),
        "--workers": st.one_of(st.sampled_from(["1", "0", "-1", "x", ""]), st.just("1")),
        "--seed": st.one_of(SMALL, GARBAGE),
        "--bots": BOTS,
        "--out": st.one_of(st.sampled_from([files[k] for k in WRITABLE]), GARBAGE,
                           GARBAGE.map(lambda name: name + ".jsonl")),
    }
    chosen = data.draw(st.lists(st.sampled_from(sorted(options)), unique=True), label="opts")
    argv = ["compare", *variants, "--no-progress"]
    for option in chosen:
        argv += [option, data.draw(options[option], label=option)]
    if "--games" not in chosen:
        argv += ["--games", "1"]
    check(argv)


@given(data=st.data(), document=rule_documents())
def test_fuzz_rule_files(files: dict[str, str], data: st.DataObject,
                         document: tuple[str, str | bytes]) -> None:
    """Rule files of any content through `rules validate`, `show`, `diff` and `demo --rules`:
    `rules validate` says 0 or 1 (or 2 for a file it cannot read), never a traceback."""
    name, content = document
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        file = str(path)
        others = data.draw(st.lists(st.sampled_from(sorted(files.values())), max_size=2),
                           label="others")
        check(["rules", "validate", file, *others])
        check(["rules", "show", file])
        check(["rules", "diff", data.draw(rules_argument(files), label="other"), file])
        check(["demo", "--rules", file, "--max-hands", "1", "--seed", "1"])
