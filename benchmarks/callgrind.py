"""Counting the instructions of a child process with callgrind, for the benchmarks that compare
checkouts (``instructions.py``, ``bench_bots.py``, ``bench_search.py``, ``bench_simulate.py``),
and its cache misses with cachegrind's cache simulation (``bench_env.py --cache``).

Wall-clock figures on a shared machine drift by several percent from hour to hour; the number
of instructions the interpreter executes does not, nor the misses of a simulated cache.
"""

from __future__ import annotations

import os
import re
import subprocess

LAST_LEVEL = 1_048_576
"""The simulated last-level cache's size in bytes by default (``cached``): 1 MiB, the L2 of a
core of the machines the benchmarks were made on (their L3 is shared by every core and
session)."""

CACHE_EVENTS = {"instructions": "I   refs", "D1 misses": "D1  misses",
                "LL misses": "LL misses"}
"""The figures :func:`cached` reports, by the label of their line in cachegrind's summary."""


def _environment(src: str | None) -> dict[str, str]:
    """The child's environment: hash seed fixed, one OpenBLAS thread, the package in ``src``
    if given."""
    # One OpenBLAS thread: NumPy's BLAS threads otherwise wait for work by spinning, and
    # callgrind, which runs the threads in turn, counts their spinning, more or less from
    # run to run (seen: 8,000 instructions a PettingZoo step between two runs of one build).
    return dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1",
                **({"PYTHONPATH": src} if src else {}))


def counted(command: list[str], src: str | None = None) -> tuple[int, str]:
    """Run ``command`` under ``valgrind --tool=callgrind`` (hash seed fixed, on the package in
    ``src`` if given): the instructions it executed, and its standard output."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True, text=True, env=_environment(src), check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:  # pragma: no cover - valgrind always reports it
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1)), done.stdout


def cached(command: list[str], src: str | None = None, last_level: int = LAST_LEVEL,
           out_file: str = "/dev/null") -> tuple[dict[str, int], str]:
    """Run ``command`` under ``valgrind --tool=cachegrind --cache-sim=yes`` (as
    :func:`counted` runs it): its instructions, first-level data cache misses and last-level
    misses (data and instructions), by the names of :data:`CACHE_EVENTS`, and its standard
    output. The caches simulated are fixed rather than read from the machine, so that every
    machine counts alike: 32 KiB 8-way first-level caches and a 16-way last level of
    ``last_level`` bytes, all of 64-byte lines. ``out_file`` keeps cachegrind's file (the
    misses by function and line, for ``cg_diff`` and ``cg_annotate``)."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64",
         "--D1=32768,8,64", f"--LL={last_level},16,64", f"--cachegrind-out-file={out_file}",
         *command],
        capture_output=True, text=True, env=_environment(src), check=True)
    figures: dict[str, int] = {}
    for name, label in CACHE_EVENTS.items():
        found = re.search(rf"{label}:\s+([\d,]+)", done.stderr)
        if found is None:  # pragma: no cover - cachegrind always reports them
            raise RuntimeError(f"no {label!r} in valgrind's output:\n{done.stderr}")
        figures[name] = int(found.group(1).replace(",", ""))
    return figures, done.stdout
