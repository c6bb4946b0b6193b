"""Simulations on a real Dask cluster (the extra ``dask``, installed by ``dev``): a
``dask.distributed.LocalCluster`` with two worker processes runs the games through
``client.get_executor()``, and the results are the same as in one process."""

from __future__ import annotations

import pytest

import canasta_caliente as cc

RULES = cc.RuleSet.preset("caliente-2p")


@pytest.mark.slow
def test_simulate_on_a_dask_local_cluster() -> None:
    """Games run on two Dask worker processes give the same results, game for game, as the
    same simulation in one process; the chunks' results are all handed back."""
    from dask.distributed import Client, LocalCluster  # (here: a second to import, slow only)

    seen: list[int] = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        spread = cc.simulate(RULES, bots=["heuristic", "random"], games=8, seed=3,
                             executor=client.get_executor(), chunk_size=2,
                             on_result=lambda g: seen.append(g.index), keep_records=True)
    alone = cc.simulate(RULES, bots=["heuristic", "random"], games=8, seed=3,
                        keep_records=True)
    assert sorted(seen) == list(range(8))
    assert spread.games == alone.games
    assert [g.index for g in spread.games] == list(range(8))
