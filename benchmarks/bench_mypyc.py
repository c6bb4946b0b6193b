"""Benchmark: the engine compiled with mypyc, beside the same source run as pure Python.

Copies this checkout's package into a temporary folder, compiles the engine's modules there
with mypyc (``python -m mypyc``, part of mypy; it needs setuptools and a C compiler), and runs
the same seeded work on the compiled copy and on this checkout's pure-Python modules, in
alternating child processes (``--rounds`` of each, so a change in a shared machine's load falls
on both alike), each figure printed per round:

- ``random``: random legal play (``legal_actions`` and ``apply``) over the seeded hands of
  ``bench_random.py``, in decisions per CPU second (and per wall second);
- ``search``: the ISMCTS bot on the decision points of ``bench_search.py``, in simulations per
  CPU second;
- ``pettingzoo``: the AEC environment's steps with observation and mask, as ``bench_env.py``
  plays them, in steps per CPU second (needs the ``rl`` extra).

Both sides must do the same work (the same decisions, simulations and steps), or the script
stops: a compiled engine that plays other games is a wrong engine, not a fast one. ``--tests``
first runs the rules suites that matter (perft, the golden playthroughs, the reference
comparison, the direct paths against the general path) on the compiled copy, and ``--count``
adds each loop's instructions per unit of work (decision, simulation, step) under callgrind
(valgrind), which the load of a shared machine does not move: a child's instructions less
those of a child that makes the same preparations and does no work, divided by the work.

``--modules`` chooses what is compiled: ``wheel`` (the default: what the compiled wheel
compiles, read from pyproject.toml's build hook: the engine's modules, ``state/game.py`` and
``actions.py``), ``engine`` (every module of ``canasta_caliente/engine`` but its
``__init__``), ``helpers`` (``cards.py``), or any module by its path in the package. If mypyc
refuses a module, its errors are printed and the script stops; if a compiled module fails when
it runs, the child's traceback is. ``--compiled`` also takes a folder the compiled wheel is
installed in (``pip install --no-deps --target DIR``). The figures are in the docs ("Proving
exactness", "A compiled engine").

``--keep DIR`` builds into ``DIR`` and keeps it; ``--compiled DIR`` measures a build kept
before instead of compiling again (compiling takes a minute or two of CPU).

    python benchmarks/bench_mypyc.py --tests --rounds 3
    python benchmarks/bench_mypyc.py --keep /tmp/compiled --rounds 1 --hands 60 --count
    python benchmarks/bench_mypyc.py --compiled /tmp/compiled --rounds 3
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import TypedDict, cast

import canasta_caliente as cc

REPO = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to (its tests are run on the compiled copy)."""

ENGINE = tuple(f"engine/{name}.py" for name in (
    "checks", "deal", "decision", "listing", "scoring", "solver", "successors", "tables",
    "work"))
"""The engine's modules, as paths in the package."""

HELPERS = ("cards.py",)
"""The engine's hot helpers below it that mypyc compiles and that run compiled."""


def wheel_modules() -> tuple[str, ...]:
    """What the compiled wheel compiles, as paths in the package: read from pyproject.toml's
    build hook (its ``include``, folders by their modules, less its ``exclude``), the one home
    of that list."""
    with (REPO / "pyproject.toml").open("rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    prefix = "src/canasta_caliente/"
    found: list[str] = []
    for entry in hook["include"]:
        path = REPO / entry
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        found += [f.relative_to(REPO).as_posix() for f in files]
    return tuple(f.removeprefix(prefix) for f in found if f not in hook.get("exclude", ()))


MODULE_SETS = {"wheel": wheel_modules(), "engine": ENGINE, "helpers": HELPERS}
"""The names ``--modules`` takes besides paths."""

RULES_TESTS = ("tests/test_perft.py", "tests/test_playthroughs.py", "tests/test_reference.py",
               "tests/test_fast_paths.py", "tests/test_random_play.py",
               "tests/test_regressions.py")
"""The suites ``--tests`` runs on the compiled copy (their quick tests: ``-m "not slow"``)."""

LOOPS = ("random", "search", "pettingzoo")
"""The work measured, by name (see the module's docstring)."""


def modules_of(names: list[str], parser: argparse.ArgumentParser) -> tuple[str, ...]:
    """The package paths ``--modules`` names (sets by name, modules by path), each once."""
    package = Path(cc.__file__).resolve().parent
    paths: list[str] = []
    for name in names:
        for path in MODULE_SETS.get(name, (name,)):
            if not path.endswith(".py") or not (package / path).is_file():
                parser.error(f"--modules {name!r}: not a set ({', '.join(MODULE_SETS)}) nor a "
                             f"module of {package} (a path such as state/game.py)")
            if path not in paths:
                paths.append(path)
    return tuple(paths)


def build(dest: Path, modules: tuple[str, ...]) -> None:
    """Copy this checkout's package into ``dest`` and compile ``modules`` there with mypyc;
    stop with mypyc's errors if it refuses any."""
    package = Path(cc.__file__).resolve().parent
    shutil.copytree(package, dest / "canasta_caliente",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    paths = [f"canasta_caliente/{module}" for module in modules]
    print(f"compiling {len(paths)} modules of {package} with mypyc in {dest} ...", flush=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=dest,
                          capture_output=True, text=True)
    output = (done.stdout + done.stderr).splitlines()
    notes = [line for line in output if ": error:" in line or ": warning:" in line]
    if done.returncode != 0:
        sys.exit("mypyc did not compile them:\n" + "\n".join(notes or output[-20:]))
    print(f"  compiled in {time.perf_counter() - start:.0f} s", *notes, sep="\n  ")


def compiled_modules() -> list[str]:
    """The package's imported modules that are extension modules (compiled), by name."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("canasta_caliente.")
                  and str(getattr(module, "__file__", "")).endswith(suffixes))


class Figures(TypedDict):
    """What a child reports: the work done (decisions, simulations or steps), its wall and CPU
    seconds, and the modules it ran compiled."""

    work: int
    wall: float
    cpu: float
    compiled: list[str]


def child_run(loop: str, args: argparse.Namespace, idle: bool = False) -> Figures:
    """Do ``loop``'s work once in this process (after ``--warm`` random hands); its figures.
    With ``idle``, make the same preparations (imports, warm-up, the search's decision points)
    and do no work."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_random import play

    rules = cc.RuleSet.preset(args.rules)
    play(rules, args.warm, args.seed + 1)  # fills the RuleSet's tables, as a long run would
    wall, cpu = time.perf_counter(), time.process_time()
    work = 0
    if loop == "random":
        if not idle:
            work = play(rules, args.hands, args.seed)
    elif loop == "search":
        from bench_search import measure, positions

        if idle:
            positions(rules, args.positions, args.seed)
        else:  # the bot's decisions alone are timed, not the making of their positions
            searched = measure(rules, args.positions, args.seed, args.iterations)
            return {"work": cast(int, searched["sims"]),
                    "wall": sum(cast(list[float], searched["times"])),
                    "cpu": sum(cast(list[float], searched["cpu"])),
                    "compiled": compiled_modules()}
    else:
        from bench_env import pettingzoo_steps

        if not idle:
            work = pettingzoo_steps(rules, args.hands, args.seed)
    return {"work": work, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "compiled": compiled_modules()}


def child_command(loop: str, args: argparse.Namespace, idle: bool = False) -> list[str]:
    """The command line of a child that does ``loop``'s work (with ``idle``, its preparations
    alone)."""
    command = [sys.executable, __file__, "--child", loop, "--rules", args.rules,
               "--hands", str(args.hands), "--positions", str(args.positions),
               "--warm", str(args.warm), "--seed", str(args.seed)]
    if idle:
        command.append("--idle")
    if args.iterations is not None:
        command += ["--iterations", str(args.iterations)]
    return command


def run_child(loop: str, src: Path, args: argparse.Namespace) -> Figures:
    """Run a child on the package in ``src``; its figures."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(src))
    done = subprocess.run(child_command(loop, args), capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.exit(f"the {loop} child on {src} failed:\n{done.stderr}")
    return cast(Figures, json.loads(done.stdout.splitlines()[-1]))


UNITS = {"random": "decisions", "search": "simulations", "pettingzoo": "steps"}
"""What each loop's work counts."""


def measure(sides: dict[str, Path], args: argparse.Namespace) -> None:
    """Run every loop ``--rounds`` times on each side, alternating; print each round and the
    ratios; stop if the sides did different work or the compiled side is not compiled."""
    for loop in args.loops:
        unit = UNITS[loop]
        rates: dict[str, list[float]] = {name: [] for name in sides}
        print(f"{loop}: {unit} per CPU second (per wall second)")
        for round_ in range(1, args.rounds + 1):
            figures = {name: run_child(loop, src, args) for name, src in sides.items()}
            works = {name: f["work"] for name, f in figures.items()}
            if len(set(works.values())) != 1:
                sys.exit(f"  the two sides did different work: {works}")
            if not figures["compiled"]["compiled"] or figures["pure"]["compiled"]:
                sys.exit("  the compiled side runs pure modules, or the pure side compiled "
                         f"ones: {figures['compiled']['compiled']}, {figures['pure']['compiled']}")
            line = []
            for name, f in figures.items():
                work, cpu, wall = f["work"], f["cpu"], f["wall"]
                rates[name].append(work / cpu)
                line.append(f"{name} {work / cpu:,.0f} ({work / wall:,.0f})")
            ratio = rates["compiled"][-1] / rates["pure"][-1]
            print(f"  round {round_} ({works['pure']:,} {unit}): " + ", ".join(line)
                  + f"; compiled/pure {ratio:.2f}x")
        ratios = sorted(c / p for c, p in zip(rates["compiled"], rates["pure"], strict=True))
        print(f"  compiled/pure by round: {', '.join(f'{r:.2f}x' for r in ratios)} (sorted)")


def count(sides: dict[str, Path], args: argparse.Namespace) -> None:
    """Print each loop's instructions per unit of work on each side (callgrind)."""
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: --count counts instructions with callgrind")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from callgrind import counted

    print("instructions under callgrind:")
    for loop in args.loops:
        unit = UNITS[loop][:-1]
        per: dict[str, float] = {}
        for name, src in sides.items():
            start, _ = counted(child_command(loop, args, idle=True), str(src))
            total, out = counted(child_command(loop, args), str(src))
            work = int(json.loads(out.splitlines()[-1])["work"])
            per[name] = (total - start) / work
            print(f"  {loop}, {name}: {per[name]:,.0f} instructions per {unit} ({work:,} "
                  f"{UNITS[loop]})", flush=True)
        print(f"  {loop}, instructions per {unit}, pure/compiled: "
              f"{per['pure'] / per['compiled']:.2f}x")


def run_tests(compiled: Path) -> None:
    """Run :data:`RULES_TESTS` (quick tests) on the compiled copy; stop if any fails."""
    command = [sys.executable, "-m", "pytest", "-q", "-m", "not slow", "-p", "no:cacheprovider",
               *RULES_TESTS]
    print(f"testing the compiled copy: {' '.join(command[1:])}", flush=True)
    env = dict(os.environ, PYTHONPATH=str(compiled))
    if subprocess.run(command, cwd=REPO, env=env).returncode != 0:
        sys.exit("the compiled engine fails the rules suites: its figures would mean nothing")


def main() -> None:
    """Parse arguments; as a child, do the work; otherwise build, test and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="a preset name")
    parser.add_argument("--hands", type=int, default=300,
                        help="hands of random play and of PettingZoo a run")
    parser.add_argument("--positions", type=int, default=8, help="search decisions a run")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search iterations a decision (default: the bot's default)")
    parser.add_argument("--warm", type=int, default=3, help="random hands before the timing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each side")
    parser.add_argument("--loops", nargs="+", choices=LOOPS, default=list(LOOPS))
    parser.add_argument("--modules", nargs="+", default=["wheel"],
                        help="wheel (what the compiled wheel compiles), engine, helpers, or "
                             "paths in the package (state/game.py)")
    parser.add_argument("--keep", type=Path, help="build into this new folder and keep it")
    parser.add_argument("--compiled", type=Path, help="measure this kept build; no compiling")
    parser.add_argument("--tests", action="store_true", help="test the compiled copy first")
    parser.add_argument("--count", action="store_true",
                        help="also count each loop's instructions per unit (callgrind)")
    parser.add_argument("--child", choices=LOOPS, help=argparse.SUPPRESS)
    parser.add_argument("--idle", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        random.seed(args.seed)  # anything drawing from the global generator draws alike
        print(json.dumps(child_run(args.child, args, args.idle)))
        return
    if args.keep is not None and args.compiled is not None:
        parser.error("--keep builds a new copy and --compiled reuses one: give one of them")
    with tempfile.TemporaryDirectory(prefix="bench-mypyc-") as scratch:
        compiled = args.compiled
        if compiled is None:
            compiled = args.keep if args.keep is not None else Path(scratch)
            if args.keep is not None and args.keep.exists() and any(args.keep.iterdir()):
                parser.error(f"--keep {args.keep}: the folder is not empty")
            build(compiled, modules_of(args.modules, parser))
        sides = {"compiled": compiled.resolve(), "pure": Path(cc.__file__).resolve().parent.parent}
        print(f"compiled: {sides['compiled']}; pure: {sides['pure']}; rules {args.rules}")
        if args.tests:
            run_tests(sides["compiled"])
        measure(sides, args)
        if args.count:
            count(sides, args)


if __name__ == "__main__":
    main()
