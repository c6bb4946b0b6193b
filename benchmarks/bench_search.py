"""Benchmark: the ISMCTS search bot's cost per decision and its simulations per second.

Collects decision points (more than one legal action) from heuristic games, then times the
search bot on each at an iteration budget, and prints the median and mean milliseconds per
decision (wall clock and CPU time: on a loaded machine the CPU time is what an idle core
would take) and the simulations (iterations) per second, on one process. Use it to calibrate
:data:`canasta_caliente.players.search.DEFAULT_ITERATIONS` to about 100 ms on an idle core (the
figures are only meaningful on a quiet machine).

    python benchmarks/bench_search.py --rules caliente --positions 40 --iterations 60

``--base SRC`` (the ``src`` folder of another checkout, for example the commit before a change,
exported with ``git archive``) measures that checkout beside this one in the same run: the
positions are played in ``--rounds`` alternating children of each (so a change in the
machine's load falls on both alike), and the report gives both and their ratio. ``--count``
adds the instructions per simulation, counted by callgrind (valgrind; load-proof, slow).

    git archive d881574 src | tar -x -C /tmp/base
    python benchmarks/bench_search.py --positions 16 --base /tmp/base/src --rounds 3 --count
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from callgrind import counted

import canasta_caliente as cc
from canasta_caliente.players.bots import heuristic_bot
from canasta_caliente.players.search import ISMCTSBot


def positions(rules: cc.RuleSet, count: int, seed: int) -> list[cc.GameState]:
    """``count`` decision points from seeded heuristic hands, spread over the hands."""
    out: list[cc.GameState] = []
    rng = random.Random(seed)
    hand = 0
    while len(out) < count:
        state = cc.new_game(rules, seed=seed * 1000 + hand)
        hand += 1
        step = 0
        while not state.is_hand_over and len(out) < count:
            legal = cc.legal_actions(state)
            seat = state.current_player
            assert seat is not None
            if len(legal) > 1 and step % 7 == 0:
                out.append(state)
            state = cc.apply(state, heuristic_bot(cc.observe(state, seat), legal, rng))
            step += 1
    return out


def measure(rules: cc.RuleSet, count: int, seed: int, iterations: int | None
            ) -> dict[str, list[float] | int]:
    """Search each of ``count`` positions once; the wall and CPU seconds per decision and the
    simulations run."""
    bot = ISMCTSBot(iterations=iterations)
    times: list[float] = []
    cpu_times: list[float] = []
    sims = 0
    for i, state in enumerate(positions(rules, count, seed)):
        seat = state.current_player
        assert seat is not None
        view, legal = cc.observe(state, seat), cc.legal_actions(state)
        start, cpu = time.perf_counter(), time.process_time()
        bot(view, legal, random.Random(i))
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        sims += bot.last_iterations
    return {"times": times, "cpu": cpu_times, "sims": sims, "iterations": bot.iterations or 0}


def child(src: str, args: argparse.Namespace, under_valgrind: bool = False) -> dict[str, object]:
    """:func:`measure` in a child process on the package in ``src``: its figures, and with
    ``under_valgrind`` its instructions (less those of a child that collects the positions and
    does not search)."""
    command = [sys.executable, __file__, "--child", "--rules", args.rules,
               "--positions", str(args.positions), "--seed", str(args.seed)]
    if args.iterations is not None:
        command += ["--iterations", str(args.iterations)]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=src)
    if not under_valgrind:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        return dict(json.loads(done.stdout.splitlines()[-1]))
    start, _ = counted([*command, "--no-search"], src)
    total, out = counted(command, src)
    figures = dict(json.loads(out.splitlines()[-1]))
    figures["instructions"] = total - start
    return figures


def report(label: str, runs: list[dict[str, object]]) -> float:
    """Print one checkout's figures over its runs; return its simulations per CPU second."""
    times = [t for r in runs for t in r["times"]]  # type: ignore[attr-defined]
    cpu = [t for r in runs for t in r["cpu"]]  # type: ignore[attr-defined]
    sims = sum(int(r["sims"]) for r in runs)  # type: ignore[call-overload]
    rate = sims / sum(cpu)
    print(f"  {label}: {len(times)} decisions, {sims} simulations")
    print(f"    ms per decision: median {1000 * statistics.median(times):.1f} wall, "
          f"{1000 * statistics.median(cpu):.1f} CPU; mean {1000 * sum(cpu) / len(cpu):.1f} CPU")
    print(f"    simulations per second: {sims / sum(times):.0f} wall, {rate:.0f} CPU")
    return rate


def main() -> None:
    """Time the bot on the positions and print the figures (beside ``--base``'s)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations per decision (default: the bot's default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", help="the src folder of another checkout, measured beside")
    parser.add_argument("--rounds", type=int, default=2, help="alternating children each")
    parser.add_argument("--count", action="store_true", help="also count instructions")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-search", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    if args.child:
        if args.no_search:
            positions(rules, args.positions, args.seed)
            print(json.dumps({"times": [], "cpu": [], "sims": 0, "iterations": 0}))
        else:
            print(json.dumps(measure(rules, args.positions, args.seed, args.iterations)))
        return
    if args.base is None:
        figures = measure(rules, args.positions, args.seed, args.iterations)
        print(f"{args.rules}: {args.positions} decisions at {figures['iterations']} iterations")
        report("this checkout", [dict(figures)])
        return
    here = str(Path(cc.__file__).resolve().parent.parent)
    checkouts = {"this checkout": here, "base": args.base}
    runs: dict[str, list[dict[str, object]]] = {name: [] for name in checkouts}
    for _ in range(args.rounds):
        for name, src in checkouts.items():
            runs[name].append(child(src, args))
    print(f"{args.rules}: {args.positions} decisions x {args.rounds} rounds at "
          f"{runs['this checkout'][0]['iterations']} iterations, this checkout ({here}) and "
          f"base ({args.base}) alternating")
    rates = {name: report(name, r) for name, r in runs.items()}
    print(f"  simulations per CPU second, this/base: {rates['this checkout'] / rates['base']:.2f}x")
    if args.count:
        if shutil.which("valgrind") is None:
            sys.exit("valgrind is not installed: --count counts instructions with callgrind")
        per_sim = {}
        for name, src in checkouts.items():
            figures = child(src, args, under_valgrind=True)
            per_sim[name] = int(figures["instructions"]) / int(figures["sims"])  # type: ignore[call-overload]
            print(f"  {name}: {per_sim[name]:,.0f} instructions per simulation")
        print(f"  instructions per simulation, base/this: "
              f"{per_sim['base'] / per_sim['this checkout']:.2f}x")


if __name__ == "__main__":
    main()
