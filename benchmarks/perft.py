"""Perft benchmark and checker: counts legal action sequences from the positions in
tests/perft/*.perft, compares them with the recorded counts, and prints nodes per second.

With --reference, every node is also checked against the independent reference (the rules read
again by brute force, sharing no decision code with the engine): its list must equal the
engine's, order included, and the first node that differs is printed as a state document. On a
count mismatch it prints the count under each first action ("divide"), for the engine and the
reference, so the faulty branch can be followed down.

    python benchmarks/perft.py [--max-depth N] [--reference] [FILE ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from canasta_caliente.testing import (
    ReferenceCheck,
    ReferenceMismatch,
    divide,
    perft,
    read_perft,
    reference_legal_actions,
)

PERFT_DIR = Path(__file__).resolve().parent.parent / "tests" / "perft"


def main() -> int:
    """Run every case; exit 1 on a mismatch."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--max-depth", type=int, default=99)
    parser.add_argument("--reference", action="store_true",
                        help="also check every node against the independent reference")
    args = parser.parse_args()
    files = args.files or sorted(PERFT_DIR.glob("*.perft"))
    bad = 0
    total_nodes = 0
    total_time = 0.0
    for path in files:
        case = read_perft(path.read_text(), path.name)
        state = case.start()
        for depth, expected in case.counts:
            if depth > args.max_depth:
                continue
            t0 = time.perf_counter()
            got = perft(state, depth)
            elapsed = time.perf_counter() - t0
            total_nodes += got
            total_time += elapsed
            ok = got == expected
            line = f"{path.stem:<28} depth {depth}: {got:>8} {'ok' if ok else 'MISMATCH'}"
            if args.reference:
                check = ReferenceCheck()
                try:
                    ref = perft(state, depth, check)
                except ReferenceMismatch as exc:
                    ref = -1
                    print(f"{path.stem} depth {depth}: the reference differs: {exc}")
                ok = ok and ref == expected
                line += (f"  reference-checked {ref} ({check.checked} nodes checked, "
                         f"{check.skipped} too slow to check)")
            print(f"{line}  ({got / elapsed if elapsed else 0:,.0f} nodes/s)")
            if not ok:
                bad += 1
                mine = divide(state, depth)
                ref_div = divide(state, depth, reference_legal_actions)
                print(f"  divide at depth {depth} (engine vs reference):")
                for key in sorted(set(mine) | set(ref_div)):
                    mark = "" if mine.get(key) == ref_div.get(key) else "   <-- differs"
                    print(f"    {key:<24} {mine.get(key)} vs {ref_div.get(key)}{mark}")
    rate = total_nodes / total_time if total_time else 0.0
    print(f"total: {total_nodes} nodes in {total_time:.2f}s ({rate:,.0f} nodes/s); "
          f"{bad} mismatch(es)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
