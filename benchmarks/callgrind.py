"""Counting the instructions of a child process with callgrind, for the benchmarks that compare
checkouts (``instructions.py``, ``bench_bots.py``, ``bench_search.py``, ``bench_simulate.py``).

Wall-clock figures on a shared machine drift by several percent from hour to hour; the number
of instructions the interpreter executes does not.
"""

from __future__ import annotations

import os
import re
import subprocess


def counted(command: list[str], src: str | None = None) -> tuple[int, str]:
    """Run ``command`` under ``valgrind --tool=callgrind`` (hash seed fixed, on the package in
    ``src`` if given): the instructions it executed, and its standard output."""
    # One OpenBLAS thread: NumPy's BLAS threads otherwise wait for work by spinning, and
    # callgrind, which runs the threads in turn, counts their spinning, more or less from
    # run to run (seen: 8,000 instructions a PettingZoo step between two runs of one build).
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1",
               **({"PYTHONPATH": src} if src else {}))
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:  # pragma: no cover - valgrind always reports it
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1)), done.stdout
