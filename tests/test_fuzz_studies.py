"""Fuzzing the studies and the bots' entry points (issue 27): every public parameter of
:func:`~canasta_caliente.simulate`, :func:`~canasta_caliente.compare`,
:func:`~canasta_caliente.tournament`, :func:`~canasta_caliente.get_bot` and
:func:`~canasta_caliente.analyse`, one at a time, given values of every type (Python and NumPy
scalars, strings, bytes, containers, objects); and the command line's file arguments given
special files (a FIFO, ``/dev/zero``, a folder, a file past the size cap).

Whatever a call is given, it either works or raises a :class:`TypeError` or a
:class:`ValueError` (the library's own for a value out of range) that names the parameter: never
an ``AttributeError``, ``KeyError``, ``IndexError`` or ``OverflowError`` from inside. Values that
would run for long (a billion games) meet a bot or a callback that interrupts the run, which
then stops and says so.
"""

from __future__ import annotations

import math
import numbers
import os
import random
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import canasta_caliente as cc
from canasta_caliente.actions import Action
from canasta_caliente.cli._rules import MAX_FILE_BYTES
from canasta_caliente.errors import ArgumentError
from canasta_caliente.players.bots import random_bot
from canasta_caliente.views.view import View
from test_fuzz_cli import run

np = pytest.importorskip("numpy")

RULES = cc.RuleSet.preset("caliente-2p")
STATE = cc.apply(cc.new_game(cc.RuleSet.preset("caliente"), seed=2), "draw")
VIEW = cc.observe(STATE, STATE.current_player)


class Odd:
    """An object of no type any parameter takes, whose every comparison fails."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = object.__hash__


SCALARS: list[Any] = [
    None, True, False, 0, 1, 2, 3, -1, -2, 2**70, -(2**70), 2**300, 0.0, 0.01, 1.5, -0.5,
    math.nan, math.inf, -math.inf, 1e308, 86_400.5, "", "2", "random", "ismcts", b"2",
    np.int64(2), np.int8(-1), np.uint64(2**63), np.float32(0.01), np.float64(math.nan),
    np.bool_(True), np.bool_(False), np.array([2]), [], [2], (2,), {}, {"a": 1}, {2},
    object(), Odd(), random.Random(1), RULES, print, ThreadPoolExecutor,
]
"""Values of every type; a number accepted never asks for long work where one could."""

ANY = st.sampled_from(SCALARS) | st.text(max_size=4) | st.integers(-3, 6) | st.floats(
    max_value=0.02) | st.lists(st.integers(-1, 2), max_size=2)

ALLOWED = (TypeError, ValueError)


def outcome(call: Callable[[], Any]) -> Any:
    """Run ``call``: its result, or the allowed exception it raised (checked to carry a
    message); anything else fails the test."""
    try:
        return call()
    except ALLOWED as exc:
        assert str(exc), type(exc)
        return exc
    except KeyboardInterrupt as exc:  # a run stopped by the interrupting bot or callback
        return exc


def interrupting(after: int) -> Any:
    """A random bot that raises KeyboardInterrupt (as Ctrl-C does) on its ``after``-th call,
    so that a run a fuzzed value makes long stops there."""
    calls = [0]

    def stopper(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        calls[0] += 1
        if calls[0] >= after:
            raise KeyboardInterrupt
        return random_bot(view, legal, rng)

    return stopper


def stop_at_once(result: cc.GameResult) -> None:
    """An ``on_result`` that interrupts the run at its first game."""
    raise KeyboardInterrupt


SIMULATE = ["rules", "bots", "games", "seed", "workers", "executor", "progress", "chunk_size",
            "max_hands", "on_result", "keep_records", "label"]


@given(parameter=st.sampled_from(SIMULATE), value=ANY)
def test_fuzz_simulate_any_parameter(parameter: str, value: Any) -> None:
    """`simulate` with one parameter of any value: a result or a clear error."""
    arguments: dict[str, Any] = {"rules": RULES, "bots": ["random"], "games": 2,
                                 "max_hands": 1, "on_result": stop_at_once, parameter: value}
    if parameter == "workers":
        arguments["games"] = 1  # one chunk: a huge worker count starts no pool
    result = outcome(lambda: cc.simulate(**arguments))
    if isinstance(result, cc.SimulationResult):
        assert [g.index for g in result.games] == list(range(len(result.games)))
        assert result.interrupted == (len(result.games) < result.requested)


COMPARE = ["variants", "bots", "games", "seed", "workers", "executor", "progress", "chunk_size",
           "max_hands", "on_result", "keep_records"]


@given(parameter=st.sampled_from(COMPARE), value=ANY)
def test_fuzz_compare_any_parameter(parameter: str, value: Any) -> None:
    """`compare` with one parameter of any value: a comparison, a clear error, or (a long run)
    the interrupt it raises again."""
    arguments: dict[str, Any] = {
        "variants": {"a": RULES, "b": RULES.replace(target_score=3000)},
        "bots": [interrupting(400)], "games": 1, "max_hands": 1, parameter: value}
    result = outcome(lambda: cc.compare(**arguments))
    if isinstance(result, cc.Comparison):
        assert result.games >= 0


TOURNAMENT = ["bots", "rules", "games", "seed", "workers", "executor", "chunk_size",
              "max_hands", "progress", "on_result", "keep_records"]


@given(parameter=st.sampled_from(TOURNAMENT), value=ANY)
def test_fuzz_tournament_any_parameter(parameter: str, value: Any) -> None:
    """`tournament` with one parameter of any value: a result, flagged if interrupted, or a
    clear error."""
    arguments: dict[str, Any] = {"bots": [interrupting(400), "random"], "rules": RULES,
                                 "games": 2, "max_hands": 1, parameter: value}
    if parameter == "workers":
        arguments["games"] = 2
    bots, rules = arguments.pop("bots"), arguments.pop("rules")
    result = outcome(lambda: cc.tournament(bots, rules, **arguments))
    if isinstance(result, cc.Tournament):
        assert sum(map(sum, result.wins)) == result.games
        assert result.interrupted or result.games == len(result.pairs) * arguments["games"]


BOT_OPTIONS = ["iterations", "seconds", "rollout_bot", "rollout_actions", "hand_weight",
               "race_weight", "margin", "widening", "exploration", "unknown"]


@given(name=ANY)
def test_fuzz_get_bot_any_name(name: Any) -> None:
    """`get_bot` with a name of any value: a bot or a clear error."""
    result = outcome(lambda: cc.get_bot(name))
    assert callable(result) or isinstance(result, ALLOWED)


@given(option=st.sampled_from(BOT_OPTIONS), value=ANY)
def test_fuzz_get_bot_any_option(option: str, value: Any) -> None:
    """`get_bot("ismcts", option=value)`: a bot that plays a legal move, or a clear error."""
    result = outcome(lambda: cc.get_bot("ismcts", **{option: value}))
    if callable(result):
        if option == "iterations" and result.iterations > 50:  # type: ignore[attr-defined]
            return  # accepted, and longer to play than a test should take
        legal = cc.legal_actions(STATE)
        played = outcome(lambda: result(VIEW, legal, random.Random(1)))
        # A rollout bot of any value is a bot's business: it may fail its own way.
        assert option == "rollout_bot" or played in legal


@given(parameter=st.sampled_from(["view", "iterations", "seconds", "seed", "margin"]),
       value=ANY)
@example(parameter="iterations", value=np.uint64(2**63))  # a search of 2**63 iterations
def test_fuzz_analyse_any_parameter(parameter: str, value: Any) -> None:
    """`analyse` with one parameter of any value: a ranking of the legal actions, or a clear
    error."""
    arguments: dict[str, Any] = {"view": VIEW, "iterations": 8, "seed": 1}
    if parameter == "seconds":
        del arguments["iterations"]
    arguments[parameter] = value
    if parameter == "iterations" and isinstance(value, numbers.Integral) and value > 50:
        return  # accepted (a NumPy integer too), and longer to search than a test should take
    view = arguments.pop("view")
    result = outcome(lambda: cc.analyse(view, **arguments))
    if isinstance(result, list):
        assert sorted(map(str, (a.action for a in result))) == sorted(
            map(str, cc.legal_actions(STATE)))


# -- the command line's file arguments -----------------------------------------------------


@pytest.fixture(scope="module")
def special_files() -> Iterator[dict[str, str]]:
    """A FIFO, a folder, a file past the size cap (sparse), each also under a rule file's
    name; ``/dev/zero`` and ``/dev/null``; a link to the FIFO."""
    if not hasattr(os, "mkfifo") or not Path("/dev/zero").exists():
        pytest.skip("needs FIFOs and /dev/zero")
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        found = {"/dev/zero": "/dev/zero", "/dev/null": "/dev/null"}
        for suffix in ("", ".toml", ".json"):
            fifo = root / f"fifo{suffix}"
            os.mkfifo(fifo)
            folder = root / f"folder{suffix}"
            folder.mkdir()
            big = root / f"big{suffix}"
            with big.open("wb") as file:
                file.truncate(MAX_FILE_BYTES + 1)
            found.update({fifo.name: str(fifo), folder.name: str(folder), big.name: str(big)})
        link = root / "link.toml"
        link.symlink_to(root / "fifo.toml")
        found["link.toml"] = str(link)
        assert stat.S_ISFIFO(os.stat(link).st_mode)
        yield found


FILE_COMMANDS = [
    ["play", "--resume", "{}"],
    ["play", "--rules", "{}"],
    ["rules", "show", "{}"],
    ["rules", "validate", "{}"],
    ["rules", "diff", "caliente", "{}"],
    ["simulate", "--games", "1", "--rules", "{}"],
    ["compare", "caliente", "{}", "--games", "1"],
    ["tournament", "--games", "2", "--rules", "{}"],
    ["demo", "--rules", "{}"],
]


@given(data=st.data())
def test_fuzz_cli_file_arguments_with_special_files(special_files: dict[str, str],
                                                    data: st.DataObject) -> None:
    """Every file argument given a special file: refused at once with a one-line reason
    (status 2, or 1 from `rules validate`), never a hang, a memory blow-up or a traceback."""
    command = data.draw(st.sampled_from(FILE_COMMANDS))
    path = data.draw(st.sampled_from(sorted(special_files.values())))
    argv = [part.replace("{}", path) for part in command]
    status, out, err = run(argv)
    assert status in ((1, 2) if "validate" in argv else (2,)), (argv, status, out, err)
    assert "Traceback" not in err and err.strip(), (argv, err)
    if path != "/dev/null" or "--resume" in argv:
        assert any(reason in err for reason in (
            "not a regular file", "it is a folder", "larger than 16 MiB",
            "unknown preset", "not a usable")), (argv, err)


def test_the_size_cap_refuses_before_reading(special_files: dict[str, str]) -> None:
    """A saved game past the cap is refused by its size, and a rule file too."""
    for argv in (["play", "--resume", special_files["big.json"]],
                 ["rules", "show", special_files["big.toml"]]):
        status, _, err = run(argv)
        assert status == 2 and "larger than 16 MiB" in err, err


def test_argument_error_is_a_value_error_of_the_library() -> None:
    """The error for a value out of range is the library's and a ValueError."""
    assert issubclass(ArgumentError, cc.CanastaError) and issubclass(ArgumentError, ValueError)
