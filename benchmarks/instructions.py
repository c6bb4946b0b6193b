"""Benchmark: machine instructions per decision of random legal play, counted by callgrind.

Wall-clock figures on a shared machine drift by several percent from hour to hour; the number
of instructions the interpreter executes does not. This script plays ``--warm`` random hands
(to fill the engine's caches), then ``--hands`` more, under ``valgrind --tool=callgrind``, and
again with no hands after the warm-up; the difference, divided by the decisions played, is the
cost of one decision (``legal_actions``, the random choice and ``apply``, with ``new_game`` per
hand). Use it to judge changes of a percent or two; it needs valgrind. ``--base SRC`` (the
``src`` folder of another checkout, exported with ``git archive``) counts that checkout beside
this one in the same run.

    python benchmarks/instructions.py --rules caliente --hands 30
    python benchmarks/instructions.py --hands 120 --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys

from callgrind import counted

import canasta_caliente as cc


def play(rules: cc.RuleSet, first_seed: int, hands: int) -> int:
    """Play ``hands`` random hands from seeds ``first_seed`` on; return the decisions."""
    rng = random.Random(first_seed)
    decisions = 0
    for seed in range(first_seed, first_seed + hands):
        state = cc.new_game(rules, seed=seed)
        while not state.is_hand_over:
            state = cc.apply(state, rng.choice(cc.legal_actions(state)))
            decisions += 1
    return decisions


def count(rules_name: str, warm: int, hands: int, src: str | None = None) -> tuple[int, int]:
    """Instructions of a run of this script as a child (on the package in ``src`` if given),
    and the decisions it reported."""
    instructions, out = counted([sys.executable, __file__, "--child", "--rules", rules_name,
                                 "--warm", str(warm), "--hands", str(hands)], src)
    return instructions, int(out.split()[-1])


def main() -> None:
    """Parse arguments; as the child, play; otherwise run the child twice and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="caliente", help="preset name")
    parser.add_argument("--hands", type=int, default=30, help="hands counted")
    parser.add_argument("--warm", type=int, default=40, help="hands played first, not counted")
    parser.add_argument("--base", help="the src folder of another checkout, counted beside")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rules = cc.RuleSet.preset(args.rules)
    if args.child:
        play(rules, 5000, args.warm)
        print(play(rules, 1, args.hands))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with callgrind")
    print(f"{args.rules}: {args.hands} random hands after {args.warm} warm-up hands")
    for label, src in (("this checkout", None), ("base", args.base)):
        if label == "base" and src is None:
            break
        start, _ = count(args.rules, args.warm, 0, src)
        total, decisions = count(args.rules, args.warm, args.hands, src)
        print(f"  {label}{f' ({src})' if src else ''}:")
        print(f"    decisions               {decisions:>12,}")
        print(f"    instructions/decision   {(total - start) / decisions:>12,.0f}")


if __name__ == "__main__":
    main()
