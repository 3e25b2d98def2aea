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


@pytest.fixture(scope="module")
def client():
    """A small in-process cluster (two workers of one thread), shared by the tests below."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as c:
        yield c


def _dask_structure(kind: str):
    from pyeval.tournament.structure import load_structure

    from .conftest import small_structure

    if kind == "variant":
        return small_structure("tahoe", "pot_limit")
    if kind == "draw":
        return small_structure("five_card_draw", "fixed_limit", table_size=6)
    return load_structure({"stud": "hands_100k_stud", "late_players": "hands_100k_holdem"}[kind])


@pytest.mark.parametrize("kind", ["stud", "variant", "draw", "late_players"])
def test_dask_equals_local_for_every_family(client, kind):
    """Stud (the first sheet's event: each table's level clock, late players), a button
    variant (Tahoe), the draw and a late-players hold'em event: chunks of two tournaments
    on the cluster merge into exactly the local result, recorded hands included."""
    from .test_examples import SAME

    s = _dask_structure(kind)
    opts = dict(n=6, seed=31, players=12, debug=True, record_tournaments=6, record_hands=40)
    if kind == "late_players":
        assert s.late_players is not None
        opts.update(players=20)
    a = simulate(s, scheduler=client, chunk=2, **opts)
    b = simulate(s, threads=1, **opts)
    assert (a.errors == 0).all() and len(a.records) > 0
    for name in SAME:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
