"""Profile: where a search decision spends its time and its instructions, part by part.

A decision of the ``ismcts`` bot at its default settings (on the positions of
``bench_search.py``) is split into the parts of its work:

- *determinization*: dealing the hidden cards of each world (:func:`~canasta_caliente.resample`)
  and drawing its rollout seed;
- *engine*: ``legal_actions`` and ``apply`` of every simulation (the root action, then each
  rollout action);
- *rollout policy*: the heuristic bot's choices, with what it reads of the seat's view (at
  each rollout action with more than one legal action, through
  :func:`~canasta_caliente.players.bots.bot_action` as the search asks it, and once at the
  root);
- *leaf evaluation*: the cut-off evaluation (:func:`~canasta_caliente.players.search.evaluate`)
  of each simulation's last state;
- *the search itself*: the rest (the rounds of sequential halving, the arms and their leads, the
  rewards, the rollout loop, and the tree's selection and node bookkeeping when ``widening`` is
  set; the default grows none).

Two measures, each in child processes on the package in ``src`` (this checkout, then
``--base SRC``):

- **instructions** (callgrind, load-proof, exact): a first child runs the search and records
  every simulation (its world, its root action, the index of each rollout action in its legal
  list); then children replay that record cumulatively (the positions; + the worlds; + the
  engine's replay; + the policy's choices, checked equal to the recorded ones; + the
  evaluations), each under callgrind, beside a child that runs the search itself. The
  differences between successive children are the parts; the search less the last replay is the
  search's own work. The replay is exact (the same worlds, actions and random numbers as the
  search's), so the parts add up to the search.
- **time** (cProfile on the thread's CPU time): the cumulative time of each part's functions
  called from the search's module, and the functions taking the most time of their own.
  cProfile charges every Python call a fixed cost, so its shares lean toward the parts with
  many small calls; the instruction counts are the figures to compare.

    python benchmarks/profile_search.py --positions 4 --base /tmp/base-d88/src

It needs valgrind for the instructions (``--no-count`` skips them).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_search import positions
from callgrind import counted

import canasta_caliente as cc
from canasta_caliente.players.bots import Bot, heuristic_bot
from canasta_caliente.players.search import ISMCTSBot, evaluate

try:
    from canasta_caliente.players.bots import bot_action
except ImportError:  # a checkout before bot_action, whose search built the view itself
    def bot_action(bot: Bot, state: cc.GameState, seat: int, legal: Sequence[cc.Action],
                   rng: random.Random) -> cc.Action:
        """The policy's choice as the search asked it: given the seat's view."""
        return bot(cc.observe(state, seat), legal, rng)

PARTS = ("determinization", "engine", "rollout policy", "leaf evaluation")
"""The parts replayed, in the order the replays add them."""

STAGES = ("positions", *PARTS)
"""The cumulative replays: the positions alone, then each part added."""

PROFILED = {
    "determinization": ("resample",),
    "engine": ("legal_actions", "apply"),
    "rollout policy": ("observe", "heuristic_bot", "bot_action"),
    "leaf evaluation": ("evaluate",),
}
"""Per part, the functions whose cumulative time called from the search's module is the part's
time under cProfile."""

Record = list[dict[str, Any]]


def searched(count: int) -> list[tuple[cc.View, list[cc.Action]]]:
    """The views and legal actions of the ``count`` positions of ``bench_search.py``."""
    out = []
    for state in positions(cc.RuleSet.preset("caliente"), count, 1):
        seat = state.current_player
        assert seat is not None
        out.append((cc.observe(state, seat), list(cc.legal_actions(state))))
    return out


def recorder(bot: ISMCTSBot, legal: list[cc.Action], worlds: list[Any],
             sims: list[tuple[int, int, list[int]]]) -> Callable[..., None]:
    """A stand-in for ``bot``'s simulation that records it (into ``worlds`` and ``sims``: see
    :func:`record`), replaying its rollout as the search plays it, then runs it."""
    simulate = bot._simulate
    limit = bot.rollout_actions

    def recorded(arm: Any, world: Any, side: int) -> None:
        if not any(w is world for w in worlds):
            worlds.append(world)
        index = next(n for n, w in enumerate(worlds) if w is world)
        state = cc.apply(world[0], arm.action)
        steps: list[int] = []
        rng = random.Random(world[1])
        while not state.is_hand_over and (limit is None or len(steps) < limit):
            actions = cc.legal_actions(state)
            seat = state.current_player
            assert seat is not None
            action = actions[0] if len(actions) == 1 else heuristic_bot(
                cc.observe(state, seat), actions, rng)
            steps.append(actions.index(action))
            state = cc.apply(state, action)
        sims.append((index, legal.index(arm.action), steps))
        simulate(arm, world, side)

    return recorded


def record(count: int) -> Record:
    """Run the search on each position, recording every simulation: per position, the worlds
    dealt, and per simulation its world's index, its root action's index in the legal list
    and the index of each rollout action in its legal list."""
    out: Record = []
    for i, (view, legal) in enumerate(searched(count)):
        bot = ISMCTSBot()
        worlds: list[Any] = []
        sims: list[tuple[int, int, list[int]]] = []
        bot._simulate = recorder(bot, legal, worlds, sims)  # type: ignore[method-assign]
        bot(view, legal, random.Random(i))
        out.append({"worlds": len(worlds), "sims": sims})
    return out


def replay(count: int, stage: str, recorded: Record) -> int:
    """Replay the recorded search up to ``stage`` (one of :data:`STAGES`); the simulations."""
    upto = STAGES.index(stage)
    bot = ISMCTSBot()
    done = 0
    for i, ((view, legal), position) in enumerate(zip(searched(count), recorded, strict=True)):
        if upto < 1:
            continue
        # The search's random numbers: its own generator, the root choice's seed, then per
        # world a deal and a rollout seed.
        local = random.Random(random.Random(i).getrandbits(64))
        root_seed = local.getrandbits(64)
        worlds = [(cc.resample(view, local), local.getrandbits(64))
                  for _ in range(position["worlds"])]
        if upto < 2:
            continue
        if upto >= 3:
            heuristic_bot(view, legal, random.Random(root_seed))
        for world, root, steps in position["sims"]:
            state, seed = worlds[world]
            state = cc.apply(state, legal[root])
            rng = random.Random(seed)
            for step in steps:
                actions = cc.legal_actions(state)
                if upto >= 3 and len(actions) > 1:
                    seat = state.current_player
                    assert seat is not None
                    chosen = bot_action(heuristic_bot, state, seat, actions, rng)
                    if chosen is not actions[step]:  # the engine's own objects: no __eq__ call
                        raise RuntimeError("the replay's policy chose differently")
                state = cc.apply(state, actions[step])
            if upto >= 4:
                evaluate(state, hand_weight=bot.hand_weight, race_weight=bot.race_weight)
            done += 1
    return done


def search(count: int) -> int:
    """The search itself on each position; the simulations it ran."""
    bot = ISMCTSBot()
    done = 0
    for i, (view, legal) in enumerate(searched(count)):
        bot(view, legal, random.Random(i))
        done += bot.last_iterations
    return done


def profiled(count: int) -> dict[str, Any]:
    """The search under cProfile: each part's seconds, the total, and the functions of most
    time of their own."""
    found = searched(count)
    profile = cProfile.Profile(time.thread_time)  # CPU time: a loaded machine's waits out
    bot = ISMCTSBot()
    profile.enable()
    for i, (view, legal) in enumerate(found):
        bot(view, legal, random.Random(i))
    profile.disable()
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    parts = dict.fromkeys(PARTS, 0.0)
    for (_, _, function), row in stats.items():
        for part, names in PROFILED.items():
            if function in names:
                parts[part] += sum(ct for (caller, _, _), (_, _, _, ct) in row[4].items()
                                   if caller.endswith(os.path.join("players", "search.py")))
    own = sorted(((row[2], f"{Path(name).parent.name}/{Path(name).name}:{function}")
                  for (name, _, function), row in stats.items()), reverse=True)[:12]
    return {"parts": parts, "total": total, "own": own, "decisions": len(found)}


def child_command(src: str, *args: str) -> tuple[list[str], dict[str, str]]:
    """The command and environment of a child of this script on the package in ``src``."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=src)
    return [sys.executable, __file__, "--child", *args], env


def instructions(src: str, count: int) -> tuple[dict[str, float], int]:
    """Per part, the instructions per simulation on the package in ``src``; and the
    simulations."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "record.json")
        command, env = child_command(src, "record", "--positions", str(count), "--file", path)
        subprocess.run(command, env=env, check=True)
        counts = {}
        for stage in (*STAGES, "search"):
            command, _ = child_command(src, stage, "--positions", str(count), "--file", path)
            counts[stage], out = counted(command, src)
        sims = int(out.split()[-1])
    parts = {part: (counts[part] - counts[STAGES[n]]) / sims for n, part in enumerate(PARTS)}
    parts["the search itself"] = (counts["search"] - counts[PARTS[-1]]) / sims
    parts["total"] = (counts["search"] - counts["positions"]) / sims
    return parts, sims


def main() -> None:
    """Profile the search on this checkout and on ``--base``; print both breakdowns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4, help="search decisions")
    parser.add_argument("--base", help="the src folder of another checkout, profiled beside")
    parser.add_argument("--no-count", action="store_true", help="skip the callgrind counts")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "record":
        Path(args.file).write_text(json.dumps(record(args.positions)))
        return
    if args.child == "profile":
        print(json.dumps(profiled(args.positions)))
        return
    if args.child == "search":
        json.loads(Path(args.file).read_text())  # read as the replays read it
        print(search(args.positions))
        return
    if args.child in STAGES:
        print(replay(args.positions, args.child, json.loads(Path(args.file).read_text())))
        return
    here = str(Path(cc.__file__).resolve().parent.parent)
    checkouts = {"this checkout": here, **({"base": args.base} if args.base else {})}
    print(f"a search decision: ismcts at its default settings, {args.positions} positions")
    print("time (cProfile, CPU; share of the profiled time of the decisions)")
    for name, src in checkouts.items():
        command, env = child_command(src, "profile", "--positions", str(args.positions))
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        figures = json.loads(done.stdout.splitlines()[-1])
        total = figures["total"]
        print(f"  {name} ({src}): {1000 * total / figures['decisions']:.0f} ms a decision "
              "under the profiler")
        rest = total - sum(figures["parts"].values())
        for part, seconds in [*figures["parts"].items(), ("the search itself", rest)]:
            print(f"    {part:<24} {100 * seconds / total:5.1f}%")
        print("    most time of their own:")
        for seconds, function in figures["own"]:
            print(f"      {100 * seconds / total:5.1f}%  {function}")
    if args.no_count:
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: --no-count skips the instruction counts")
    print("instructions per simulation (callgrind; the replays' differences)")
    for name, src in checkouts.items():
        parts, sims = instructions(src, args.positions)
        total = parts.pop("total")
        print(f"  {name}: {total:,.0f} instructions a simulation ({sims} simulations)")
        for part, figure in parts.items():
            print(f"    {part:<24} {figure:>11,.0f}  {100 * figure / total:5.1f}%")


if __name__ == "__main__":
    main()
