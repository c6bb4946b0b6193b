"""A person's own bot on the command line: ``--bots module:attr`` in ``simulate``,
``compare``, ``tournament`` and ``play``, the module imported from the current directory (a
class made with no arguments, a function of none called to make the bot, any other callable
the bot); each way a reference can fail is one line on standard error with exit status 2; a
bot that fails in a game is named with its seat (exit status 1, no traceback), and ``play``
saves the game so far. The library's names (``get_bot``, the studies, the web table's levels)
never import a module a name gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

import canasta_caliente as cc
from canasta_caliente.cli.commands import main
from conftest import answers

Capture = pytest.CaptureFixture[str]
SRC = Path(cc.__file__).resolve().parent.parent  # the package these tests import

BOTS = '''
class Greedy:
    """Melds when it can, else the first legal action."""

    name = "greedy"

    def __call__(self, view, legal, rng):
        for action in legal:
            if str(action).startswith("meld"):
                return action
        return legal[0]


class Plain:
    def __call__(self, view, legal, rng):
        return legal[-1]


class Factory:
    @staticmethod
    def make():
        return Greedy()


def first(view, legal, rng):
    return legal[0]


def boom(view, legal, rng):
    raise ZeroDivisionError("the bot divided by zero")


def silent(view, legal, rng):
    return None


def cheat(view, legal, rng):
    return "discard 7"  # at the draw


def garbled(view, legal, rng):
    return "discard 7 7 7"


class NeedsDepth:
    def __init__(self, depth):
        self.depth = depth

    def __call__(self, view, legal, rng):
        return legal[0]


def two(view, legal):
    return legal[0]


COUNT = 5


def make_closure():
    def inner(view, legal, rng):
        return legal[0]
    return inner


def quitter(view, legal, rng):
    import sys
    sys.exit()


def ender(view, legal, rng):
    import os
    os._exit(3)
'''


@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module of bots (:data:`BOTS`) in a new current directory, under a name of its own
    (a module imported once stays in :data:`sys.modules`); the module search path and the
    modules are restored afterwards."""
    name = f"mybots_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    yield name
    sys.modules.pop(name, None)


def test_simulate_plays_a_class_of_the_current_directory_under_its_name(
        own: str, capsys: Capture) -> None:
    assert main(["simulate", "--bots", f"{own}:Greedy,heuristic", "--games", "2",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("caliente: greedy, heuristic; seed 0")
    rows = {line.split()[0] for line in out.splitlines()[3:5]}
    assert rows == {"greedy", "heuristic"}


@pytest.mark.parametrize(("attr", "shown"), [
    ("Factory.make", "greedy"),  # a dotted attribute; a function of no arguments makes the bot
    ("first", "first"),  # a function taking (view, legal, rng) is the bot
    ("Plain", "{module}.Plain"),  # a class without a name: its module-qualified name
])
def test_a_reference_names_a_factory_a_function_or_a_class(
        own: str, attr: str, shown: str, capsys: Capture) -> None:
    assert main(["simulate", "--bots", f"{own}:{attr},random", "--games", "2",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"caliente: {shown.format(module=own)}, random; seed 0")


def test_tournament_and_compare_take_a_reference(own: str, capsys: Capture) -> None:
    assert main(["tournament", "--bots", f"{own}:Greedy,random", "--games", "2",
                 "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("round robin of greedy, random on caliente")
    assert main(["compare", "caliente", "classic", "--bots", f"{own}:Greedy", "--games", "2",
                 "--no-progress"]) == 0
    assert "greedy; seed 0" in capsys.readouterr().out


def test_a_reference_named_twice_is_one_bot(own: str, capsys: Capture) -> None:
    """Each reference is made once: named twice, it is the same bot (as a built-in name
    given twice), not two bots refused for sharing a name."""
    assert main(["simulate", "--bots", f"{own}:Greedy,{own}:Greedy", "--games", "2",
                 "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("caliente: greedy, greedy; seed 0")


def test_play_seats_a_reference_saves_it_and_resume_plays_on_with_it(
        own: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["quit"])
    assert main(["play", "--rules", "caliente-2p", "--seat", "1", "--bots", f"{own}:Greedy",
                 "--seed", "3", "--save", str(saved)]) == 0
    assert f"seat 0 {own}:Greedy" in capsys.readouterr().out
    record = cc.GameRecord.from_json(saved.read_text())
    assert record.players == (f"{own}:Greedy", "human")
    assert record.actions  # the bot at seat 0 played its turn
    # A saved file never imports a module by itself: --bots must name the module's bot too.
    assert main(["play", "--resume", str(saved)]) == 2
    assert capsys.readouterr().err == (
        f"--resume: {saved}: the game was saved with your own bot {own}:Greedy: give --bots "
        f"{own}:Greedy to import it (a saved game never imports a module by itself)\n")
    answers(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(saved), "--bots", f"{own}:Greedy"]) == 0
    captured = capsys.readouterr()
    assert f"You play seat 1 (side 1); seat 0 {own}:Greedy." in captured.out
    assert "--bots: ignored" not in captured.err


@pytest.mark.parametrize(("entry", "message"), [
    ("nomodule_{tag}:Bot", "--bots: nomodule_{tag}:Bot: no module named 'nomodule_{tag}' (the "
     "current directory is searched first, then Python's path)"),
    ("{module}:Missing", "--bots: {module}:Missing: the module '{module}' has no attribute "
     "'Missing'"),
    ("{module}:Greedy.missing", "--bots: {module}:Greedy.missing: {module}:Greedy has no "
     "attribute 'missing'"),
    ("{module}:COUNT", "--bots: {module}:COUNT: int 5 is not a bot: name a bot (a function or "
     "an object called as bot(view, legal, rng)), a class of bots, or a function of no "
     "arguments that makes one"),
    ("{module}:NeedsDepth", "--bots: {module}:NeedsDepth: the class needs arguments (depth): a "
     "class named in --bots is made with none; give them defaults, or name a function of no "
     "arguments that makes the bot"),
    ("{module}:two", "--bots: {module}:two: it takes (view, legal): a bot is called as "
     "bot(view, legal, rng), and a function that makes one with no arguments"),
    ("{module}:", "--bots: '{module}:' is not a module:attr reference: the module and the "
     "attribute must be Python names, dotted or not (mybots:Greedy, pkg.bots:Factory.make)"),
    ("nobody", "--bots: unknown bot 'nobody'; bots: random, heuristic, ismcts, level-1, "
     "level-2, level-3, level-4, level-5; or your own bot as module:attr (a module in the "
     "current directory, or importable)"),
])
@pytest.mark.parametrize("command", [["simulate"], ["tournament"], ["play"]])
def test_a_reference_that_names_no_bot_is_one_line(
        own: str, entry: str, message: str, command: list[str], capsys: Capture) -> None:
    tag = uuid.uuid4().hex[:6]
    entry, message = (text.format(module=own, tag=tag) for text in (entry, message))
    assert main([*command, "--bots", entry]) == 2
    captured = capsys.readouterr()
    assert captured.err == message + "\n"
    assert captured.out == ""


def test_a_module_that_raises_as_it_is_imported_is_one_line(
        own: str, tmp_path: Path, capsys: Capture) -> None:
    broken = f"broken_{own}"
    (tmp_path / f"{broken}.py").write_text('raise RuntimeError("no config file")\n')
    (tmp_path / f"needs_{own}.py").write_text(f"import absent_{own}\n")
    try:
        assert main(["simulate", "--bots", f"{broken}:Bot"]) == 2
        assert capsys.readouterr().err == (f"--bots: {broken}:Bot: importing the module "
                                           f"'{broken}' raised RuntimeError: no config file\n")
        # A module missing inside the module is the module's error, not "no module named".
        assert main(["simulate", "--bots", f"needs_{own}:Bot"]) == 2
        assert capsys.readouterr().err == (
            f"--bots: needs_{own}:Bot: importing the module 'needs_{own}' raised "
            f"ModuleNotFoundError: No module named 'absent_{own}'\n")
    finally:
        sys.modules.pop(broken, None)
        sys.modules.pop(f"needs_{own}", None)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_bot_that_raises_in_a_study_is_named_with_the_replay_call(
        own: str, command: str, capsys: Capture) -> None:
    assert main([command, "--bots", f"{own}:boom,heuristic", "--games", "2",
                 "--no-progress"]) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0] == f"{command}: a game failed: ZeroDivisionError: the bot divided by zero"
    assert lines[1].startswith("  in game 0 (seed ")
    assert "(the bot 'boom' at seat " in lines[1] and "play it again with play_game(" in lines[1]
    if command == "tournament":  # (the pair playing: the bots of that call)
        assert lines.pop(2) == ("  in the tournament's pair boom vs heuristic: there, bots = "
                                "['boom', 'heuristic'] (those bots, in that order)")
    assert lines[2] == "  (that call, in Python, shows the traceback)"
    assert len(lines) == 3 and "Traceback" not in captured.err


def test_a_bot_that_calls_sys_exit_fails_its_game_and_play_saves_it(
        own: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """A bot's sys.exit() ended simulate with status 0 and no word, and play with the game
    unsaved: it is now the bot's failure, status 1, and play saves the game."""
    assert main(["simulate", "--bots", f"{own}:quitter,random", "--games", "2",
                 "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("simulate: a game failed: RuntimeError: the bot 'quitter' at seat ")
    assert "called sys.exit(None)" in err and "  in game " in err
    saved = tmp_path / "quit.json"
    answers(monkeypatch, [])
    assert main(["play", "--rules", "caliente-2p", "--seat", "1", "--bots", f"{own}:quitter",
                 "--seed", "3", "--save", str(saved)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"play: the bot '{own}:quitter' at seat 0 called "
                                   "sys.exit(None): a bot answers with one of the legal "
                                   "actions, and may not end the program\n")
    assert cc.GameRecord.from_json(saved.read_text()).actions == ()


def test_a_tournament_names_a_bot_named_twice_and_refusals_name_the_option(
        own: str, capsys: Capture) -> None:
    """A tournament of one bot named twice was refused as two bots of one name, with advice to
    name them (a ``name`` attribute); the studies' advice "play with workers=1" reads as the
    option, ``--workers 1``."""
    for bots in (f"{own}:Greedy,{own}:Greedy,heuristic", "heuristic,random,heuristic"):
        assert main(["tournament", "--bots", bots, "--games", "2", "--no-progress"]) == 2
        twice = f"{own}:Greedy" if own in bots else "heuristic"
        assert capsys.readouterr().err == (
            f"--bots: {twice} named twice: a tournament plays each bot against each other one; "
            "name each bot once\n")
    assert main(["simulate", "--bots", f"{own}:make_closure,random", "--games", "24",
                 "--workers", "2", "--no-progress"]) == 2
    err = capsys.readouterr().err
    # (it said "simulate: bots[0]: ...", the Python API's words: the --bots entry, now)
    assert err.startswith(f"--bots: {own}:make_closure: the bot 'inner' cannot be sent to the "
                          "worker processes") and err.endswith("or play with --workers 1\n")
    # A tournament's pairs are simulations of two: every bot is checked before the first pair,
    # and the entry named is the bot's (a review found the pair's index looked up in --bots).
    assert main(["tournament", "--bots", f"random,heuristic,{own}:make_closure", "--games", "2",
                 "--workers", "2", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"--bots: {own}:make_closure: the bot 'inner' cannot be "
                                   "sent"), captured.err
    assert captured.out == ""  # (no pair played before the refusal)


def test_a_bot_that_answers_none_in_a_study_is_named(own: str, capsys: Capture) -> None:
    assert main(["simulate", "--bots", f"{own}:silent", "--games", "1", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("simulate: a game failed: CanastaTypeError: the bot 'silent' at seat 0 "
                          "answered None: a bot returns one of the legal actions")


@pytest.mark.parametrize(("attr", "says"), [
    ("boom", "play: the bot '{ref}' at seat 0 raised ZeroDivisionError: the bot divided by "
     "zero"),
    ("silent", "play: the bot '{ref}' at seat 0 answered None: a bot returns one of the legal "
     "actions it is given (an Action, or its notation)"),
    ("cheat", "play: the bot '{ref}' at seat 0 played an illegal action: "),
    ("garbled", "play: the bot '{ref}' at seat 0 answered 'discard 7 7 7': 'discard' takes "
     "exactly one card"),
])
def test_play_names_a_failing_bot_and_saves_the_game_so_far(
        own: str, attr: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: Capture) -> None:
    """Seat 0 is the bot's and acts first: it fails before the person moves; the game so far
    (the deal) is saved, and the command ends with status 1, no traceback. The way to continue
    names the bot too (``--resume`` imports no module by itself: a bot author's trial)."""
    saved = tmp_path / "game.json"
    ref = f"{own}:{attr}"
    answers(monkeypatch, ["quit"])
    assert main(["play", "--rules", "caliente-2p", "--seat", "1", "--bots", ref, "--seed", "3",
                 "--save", str(saved)]) == 1
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert len(err) == 1 and err[0].startswith(says.format(ref=ref))
    assert f"game saved to {saved} (continue with --resume {saved} --bots {ref})" \
        in captured.out
    record = cc.GameRecord.from_json(saved.read_text())
    assert record.players == (ref, "human")


def test_play_names_a_registered_bot_that_raises_with_no_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """A bot that fails reached ``play`` before references too, put in :data:`BOTS` (a
    route no guide shows): it ended ``play`` with a traceback and the game unsaved."""
    from canasta_caliente.players import bots

    def broken(view: cc.View, legal: object, rng: object) -> cc.Action:
        raise KeyError("lost")

    monkeypatch.setitem(bots.BOTS, "broken", broken)
    saved = tmp_path / "game.json"
    answers(monkeypatch, ["quit"])
    assert main(["play", "--rules", "caliente-2p", "--seat", "1", "--bots", "broken",
                 "--seed", "3", "--save", str(saved)]) == 1
    captured = capsys.readouterr()
    assert captured.err == "play: the bot 'broken' at seat 0 raised KeyError: 'lost'\n"
    assert cc.GameRecord.from_json(saved.read_text()).players == ("broken", "human")


def test_play_without_save_says_the_game_was_not_saved(
        own: str, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    answers(monkeypatch, ["draw", "discard 8"])
    assert main(["play", "--seat", "0", "--bots", f"{own}:boom", "--seed", "3"]) == 1
    captured = capsys.readouterr()
    assert captured.err == (f"play: the bot '{own}:boom' at seat 1 raised ZeroDivisionError: "
                            "the bot divided by zero\n")
    assert "the game was not saved (give --save FILE to save it)" in captured.out


def test_the_help_of_every_command_with_bots_names_the_reference_form(capsys: Capture) -> None:
    for command in ("simulate", "compare", "tournament", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        help_text = " ".join(capsys.readouterr().out.split())
        assert "or your own bot as module:attr" in help_text, command


def test_the_library_and_the_web_table_never_import_a_module_a_name_gives(
        own: str, tmp_path: Path) -> None:
    """``get_bot``, the studies and the web table's seats refuse ``module:attr`` as an
    unknown bot, and the module it names is not imported (its import would leave a file)."""
    from canasta_caliente.web.protocol import Refused, check_seats

    marker = tmp_path / "imported"
    spy = f"spy_{own}"
    (tmp_path / f"{spy}.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n" + BOTS, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))  # importable, were anything to import it
    rules = cc.RuleSet.preset("caliente")
    with pytest.raises(ValueError, match="unknown bot"):
        cc.get_bot(f"{spy}:Greedy")
    with pytest.raises(ValueError, match="unknown bot"):
        cc.simulate(rules, [f"{spy}:Greedy"], games=1, progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        cc.play_game(rules, [f"{spy}:Greedy"], seed=1)
    with pytest.raises(Refused, match="level"):
        check_seats(2, [{"kind": "human"}, {"kind": "bot", "level": f"{spy}:Greedy"}])
    assert not marker.exists() and spy not in sys.modules


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m canasta_caliente ARGS`` in ``tmp_path``, as a person runs it there."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-m", "canasta_caliente", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_worker_processes_play_a_bot_of_the_current_directory(tmp_path: Path) -> None:
    """With ``--workers 2`` the bot reaches the workers (by its module's name) and plays;
    a bot that raises there is named with its game as in one process."""
    (tmp_path / "mybots.py").write_text(BOTS, encoding="utf-8")
    sim = run(tmp_path, "simulate", "--bots", "mybots:Greedy,heuristic", "--games", "20",
              "--workers", "2", "--no-progress")
    assert sim.returncode == 0, sim.stderr
    assert sim.stdout.startswith("caliente: greedy, heuristic; seed 0, 2 workers")
    tour = run(tmp_path, "tournament", "--bots", "mybots:Greedy,random", "--games", "20",
               "--workers", "2", "--no-progress", "--json", "t.json")
    assert tour.returncode == 0, tour.stderr
    assert json.loads((tmp_path / "t.json").read_text())["bots"] == ["greedy", "random"]
    failed = run(tmp_path, "simulate", "--bots", "mybots:boom,random", "--games", "20",
                 "--workers", "2", "--no-progress")
    assert failed.returncode == 1
    assert failed.stderr.startswith(
        "simulate: a game failed: ZeroDivisionError: the bot divided by zero\n  in game ")
    assert "Traceback" not in failed.stderr
    # A bot that ends its worker process: one line (it was BrokenProcessPool's traceback).
    ended = run(tmp_path, "simulate", "--bots", "mybots:ender,random", "--games", "20",
                "--workers", "2", "--no-progress")
    assert ended.returncode == 1
    assert ended.stderr.startswith("simulate: a worker process ended while it played, or ")
    assert ended.stderr.endswith("; with workers=1 the games are played in this process, "
                                 "where the error shows with its game\n")
    assert "Traceback" not in ended.stderr


def test_the_table_keeps_its_columns_for_a_long_name(own: str, capsys: Capture) -> None:
    """A class without a name shows its module-qualified name, longer than the built-ins':
    the bot column widens, so that every row's win rate ends under the header's."""
    assert main(["simulate", "--bots", f"{own}:Plain,random", "--games", "2",
                 "--no-progress"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[2:5]
    assert rows[0].startswith(f"{own}.Plain ")
    end = header.index("win rate") + len("win rate")
    assert all(row[end - 1] == "%" and row[end] == " " for row in rows), (header, rows)


def test_a_study_shows_no_progress_bar_where_standard_error_is_no_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    """In a pipe or a log, the progress bar's redrawn lines were noise among the output
    (``simulate ... 2>&1 | ...``): it shows only where standard error is a terminal."""
    piped = run(tmp_path, "simulate", "--bots", "random", "--games", "4")
    assert piped.returncode == 0 and piped.stderr == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "--bots", "random", "--games", "4"]) == 0
    assert "games played" in capsys.readouterr().err
