"""Benchmark: the cost of a move's events against the cost of ``apply``.

Plays random legal hands (each from a fresh seeded game), keeping every (state, action) pair
with the state's legal list already listed, as in play; then times, over the same pairs,
``cc.apply`` alone and ``cc.step`` (``apply`` and the events). The events' own cost is the
difference. Each figure is the best of several runs (the least disturbed by other work on the
machine, as :mod:`timeit` reports), in microseconds per action; the runs alternate apply and
step, so both see the same load.

    python benchmarks/bench_events.py --rules caliente --hands 40 --runs 5

On a shared machine the clock drifts with the load; ``--instructions`` counts the interpreter's
machine instructions instead (valgrind's callgrind, as ``benchmarks/instructions.py``): the same
pairs made three times in a child process, then applied or stepped or neither, the differences
divided by the actions.

    python benchmarks/bench_events.py --rules caliente --hands 20 --instructions
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys
import time

import canasta_caliente as cc


def pairs(rules: cc.RuleSet, hands: int, seed: int) -> list[tuple[cc.GameState, cc.Action]]:
    """The (state, action) pairs of ``hands`` random hands, legal lists listed."""
    rng = random.Random(seed)
    out = []
    for h in range(hands):
        state = cc.new_game(rules, seed=seed * 100_003 + h)
        while not state.is_hand_over:
            action = rng.choice(cc.legal_actions(state))
            out.append((state, action))
            state = cc.apply(state, action)
    return out


def per_action(call: object, work: list[tuple[cc.GameState, cc.Action]]) -> float:
    """Microseconds per call of ``call(state, action)`` over ``work``, the garbage collector
    off (as :mod:`timeit` does: its passes over the thousands of states kept would land on
    whichever call happens to trigger them)."""
    gc.disable()
    try:
        start = time.perf_counter()
        for state, action in work:
            call(state, action)  # type: ignore[operator]
        return (time.perf_counter() - start) / len(work) * 1e6
    finally:
        gc.enable()


def count(rules_name: str, hands: int, seed: int, mode: str) -> int:
    """Instructions of a child run that makes the pairs and then runs ``mode`` over them
    (``none``, ``apply`` or ``step``)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               __file__, "--child", mode, "--rules", rules_name, "--hands", str(hands),
               "--seed", str(seed)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:  # pragma: no cover - valgrind always reports it
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(collected.group(1))


def instructions(rules_name: str, hands: int, seed: int) -> None:
    """Print the instructions per action of apply, of step, and of the events alone."""
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: --instructions counts with callgrind")
    actions = len(pairs(cc.RuleSet.preset(rules_name), hands, seed))
    base, apply_n, step_n = (count(rules_name, hands, seed, mode)
                             for mode in ("none", "apply", "step"))
    apply_i, step_i = (apply_n - base) / actions, (step_n - base) / actions
    print(f"{rules_name}: {actions} actions, {hands} hands, instructions per action")
    print(f"apply           {apply_i:10,.0f}")
    print(f"step            {step_i:10,.0f} (apply and the events)")
    print(f"events alone    {step_i - apply_i:10,.0f} = {(step_i - apply_i) / apply_i:.2f} x apply")


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="a preset name")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with callgrind rather than time")
    parser.add_argument("--child", choices=("none", "apply", "step"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        work = pairs(cc.RuleSet.preset(args.rules), args.hands, args.seed)
        call = {"none": None, "apply": cc.apply, "step": cc.step}[args.child]
        if call is not None:
            for state, action in work:
                call(state, action)
        return
    if args.instructions:
        instructions(args.rules, args.hands, args.seed)
        return
    work = pairs(cc.RuleSet.preset(args.rules), args.hands, args.seed)
    applies, steps = [], []
    for _ in range(args.runs):
        applies.append(per_action(cc.apply, work))
        steps.append(per_action(cc.step, work))
    apply_us, step_us = min(applies), min(steps)
    events_us = step_us - apply_us
    print(f"{args.rules}: {len(work)} actions, {args.hands} hands, best of {args.runs} runs")
    print(f"apply           {apply_us:8.2f} us/action")
    print(f"step            {step_us:8.2f} us/action (apply and the events)")
    print(f"events alone    {events_us:8.2f} us/action = {events_us / apply_us:.2f} x apply")


if __name__ == "__main__":
    main()
