"""Dask: chunks on a local cluster merge into exactly the local result."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim import simulate

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_dask_equals_local(club):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        a = simulate(club, n=60, seed=21, players=24, scheduler=client, chunk=7)
    b = simulate(club, n=60, seed=21, players=24)
    for name in ("duration", "hands", "place", "shares", "order", "elim_time", "level_stats",
                 "level", "final_table"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
