"""Benchmark: what a process pays once, on first use, and what each environment copy holds.

- ``ids2`` and ``ids3``: the first :class:`~canasta_caliente.ActionSpace` of a process, with
  two decks (4,503 ids) and with three (13,061), in milliseconds: the action ids are built
  once per deck count, the first time a client message lists legal actions, an environment
  is made or a bot asks for them, and a web table's first update waits on it;
- ``copy``: the memory a copy of :class:`~canasta_caliente.rl.CanastaVectorEnv` holds, made
  and reset (self-play, 64 copies, after a first vector environment has filled the caches
  they share), in kilobytes, by ``tracemalloc`` (needs the ``rl`` extra).

Each figure is measured in a new child process (a first use happens once a process), this
checkout's and, with ``--base SRC`` (the ``src`` folder of another checkout, exported with
``git archive``), the base's in turn, ``--runs`` times; the medians are printed, and their
ratio. Memory does not move with a shared machine's load; the times do, which the
alternation spreads over both sides alike.

    python benchmarks/bench_first_use.py --runs 5 --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

CHILD = {
    "ids2": "caliente",
    "ids3": "caliente-6p-3deck",
}
"""The first-use timings, by name: the preset whose action ids are built."""


def first_ids(preset: str) -> float:
    """Milliseconds of the first ``ActionSpace`` of ``preset``'s deck count in this process."""
    import canasta_caliente as cc

    rules = cc.RuleSet.preset(preset)
    start = time.perf_counter()
    cc.ActionSpace(rules)
    return 1000 * (time.perf_counter() - start)


def copy_memory(copies: int = 64) -> float:
    """Kilobytes held by each of ``copies`` self-play copies of the vector environment, made
    and reset, once a first one has filled the caches every copy shares."""
    import tracemalloc

    from canasta_caliente.rl import CanastaVectorEnv

    CanastaVectorEnv(2, rules="caliente", seat=None).reset(seed=0)
    tracemalloc.start()
    envs = CanastaVectorEnv(copies, rules="caliente", seat=None)
    envs.reset(seed=0)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return held / copies / 1000


def measure(name: str) -> float:
    """One measurement of ``name`` in this process."""
    return copy_memory() if name == "copy" else first_ids(CHILD[name])


def in_child(name: str, src: str | None) -> float:
    """One measurement of ``name`` in a new process (with ``src`` first on its path)."""
    env = dict(os.environ, **({"PYTHONPATH": src} if src else {}))
    done = subprocess.run([sys.executable, __file__, "--child", name], capture_output=True,
                          text=True, env=env, check=True)
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs (the median is printed)")
    parser.add_argument("--base", help="the src folder of another checkout, measured beside "
                        "this one")
    parser.add_argument("--child", choices=[*CHILD, "copy"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(measure(args.child))
        return
    units = {"ids2": "ms, first ActionSpace, 2 decks", "ids3": "ms, first ActionSpace, 3 decks",
             "copy": "kB a vector environment copy"}
    print(f"{args.runs} runs, each in a new process" + (f", this checkout and base "
                                                         f"({args.base}) alternating"
                                                         if args.base else "") + " (median)")
    for name, unit in units.items():
        here: list[float] = []
        base: list[float] = []
        for _ in range(args.runs):
            here.append(in_child(name, None))
            if args.base:
                base.append(in_child(name, args.base))
        line = f"  {name:<5} this {statistics.median(here):9.1f}"
        if base:
            line += (f"   base {statistics.median(base):9.1f}   base/this "
                     f"{statistics.median(base) / statistics.median(here):5.2f}x")
        print(f"{line}   ({unit})")


if __name__ == "__main__":
    main()
