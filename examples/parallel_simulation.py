"""Simulate games between bots in parallel, on any concurrent.futures executor.

Results are identical for a seed whatever the executor or the number of workers, because each
game's seed depends only on the simulation's seed and the game's index. The same call scales
past one machine with a cluster's executor, for example Dask's (the extra ``dask``)::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")
    result = simulate(rules, ["heuristic", "random"], games=100_000, seed=1,
                      executor=client.get_executor())

    python examples/parallel_simulation.py
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import canasta_caliente as cc
from canasta_caliente import simulate


def main() -> None:
    """Run the same simulation in one process and on a two-process pool; compare."""
    rules = cc.RuleSet.preset("caliente")
    alone = simulate(rules, ["heuristic", "random"], games=8, seed=42)
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = simulate(rules, ["heuristic", "random"], games=8, seed=42, executor=pool,
                          chunk_size=2)
    print(spread.table())
    print("identical results:", alone.games == spread.games)
    assert alone.games == spread.games


if __name__ == "__main__":
    main()
