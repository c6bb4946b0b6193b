"""The long exactness run, by hand: seeded random whole games over every preset, every state
checked (invariants, purity, determinism, and every Nth state against the independent
reference, list for list). Prints a line per preset and every violation with its seed and
action path.

    python scripts/long_sweep.py --games 10000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import canasta_caliente as cc
from canasta_caliente.testing import SweepReport, sweep


def _run(preset: str, games: int, seed: int, reference_every: int) -> tuple[str, SweepReport]:
    rules = cc.RuleSet.preset(preset)
    return preset, sweep(rules, games=games, seed=seed, max_hands=1000,
                         reference_every=reference_every)


def main() -> int:
    """Split the games over the presets and workers; exit 1 on any violation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games over all presets")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--reference-every", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=50, help="games per task")
    args = parser.parse_args()
    presets = cc.RuleSet.preset_names()
    per = args.games // len(presets)
    tasks = []
    for p_i, preset in enumerate(presets):
        for start in range(0, per, args.chunk):
            tasks.append((preset, min(args.chunk, per - start),
                          args.seed + p_i * 1_000_000 + start, args.reference_every))
    t0 = time.time()
    totals: dict[str, list[int]] = {p: [0, 0, 0, 0, 0] for p in presets}
    violations = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for preset, report in pool.map(_run, *zip(*tasks, strict=True)):
            row = totals[preset]
            row[0] += report.games
            row[1] += report.hands
            row[2] += report.actions
            row[3] += report.reference_checked
            row[4] += report.reference_skipped
            violations.extend(report.violations)
    for preset, (games, hands, actions, checked, skipped) in totals.items():
        print(f"{preset:<24} {games:>6} games {hands:>7} hands {actions:>9} actions "
              f"{checked:>6} reference checks ({skipped} over budget)")
    print(f"total: {sum(r[0] for r in totals.values())} games, "
          f"{sum(r[2] for r in totals.values())} actions, {len(violations)} violations, "
          f"{time.time() - t0:.0f}s")
    for v in violations[:20]:
        print("  ", v)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
