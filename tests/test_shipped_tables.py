"""The tables shipped in ``pyeval/data`` (:mod:`pyeval.tables_build`): they are the tables the
code names, they load with the right shapes and values, the loader reads them before the
cache folder and the computation, and (slow) each is what its builder computes today."""
from __future__ import annotations

import doctest
from importlib import resources

import numpy as np
import pytest

from pyeval import tables_build
from pyeval.cached_arrays import cached_arrays, shipped_arrays

TABLES = {t.name: t for t in tables_build.tables()}

#: dtype of every shipped array: counts as the smallest integers that hold them, the rest as
#: the float64 their builders compute
INTEGER = {("nash_win_counts_v1", "wins"): np.int32, ("nash_win_counts_v1", "pairs"): np.uint8,
           ("stud3_counts_v1", "counts"): np.int64}


def _boom():
    raise AssertionError("computed, though the table is shipped")


def test_the_shipped_files_are_the_tables_the_code_names():
    """A table whose version or parameters changed without ``python -m pyeval.tables_build``
    leaves a file of the old name and none of the new: caught here, not by a slow first use."""
    data = resources.files("pyeval").joinpath("data")
    files = {p.name for p in data.iterdir() if p.name.endswith(".npz")}
    assert files == {f"{name}.npz" for name in TABLES}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_shipped_table_loads_with_its_shapes_and_dtypes(name):
    t = TABLES[name]
    got = shipped_arrays(name, t.shapes)
    assert got is not None
    assert set(got) == set(t.shapes)
    for k, a in got.items():
        assert a.shape == t.shapes[k]
        assert a.dtype == INTEGER.get((name, k), np.float64), (k, a.dtype)
        if a.dtype.kind == "f":
            assert np.isfinite(a).all()


@pytest.mark.parametrize("name", sorted(TABLES))
def test_loader_reads_the_shipped_file_first(name, tmp_path, monkeypatch):
    """With an empty cache folder the shipped copy is read: nothing computed, nothing written;
    a file of other shapes (or another name) is computed, never read from the shipped one."""
    monkeypatch.setenv("PYEVAL_CACHE_DIR", str(tmp_path))
    t = TABLES[name]
    got = cached_arrays(name, _boom, t.shapes)
    assert set(got) >= set(t.shapes)
    assert list(tmp_path.iterdir()) == []
    k, shape = next(iter(t.shapes.items()))
    other = {k: np.zeros(tuple(s + 1 for s in shape))}
    assert cached_arrays(name, lambda: other, {k: other[k].shape})[k].shape == other[k].shape


def test_class_equities_come_from_the_shipped_counts(tmp_path, monkeypatch):
    from pyeval.sim.players import nash

    monkeypatch.setenv("PYEVAL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(nash, "_EQ", None)
    monkeypatch.setattr(nash, "WIN_COUNTS", nash.WIN_COUNTS._replace(compute=_boom))
    eq, pairs = nash.class_equities()
    aa, kk, a2o = 12 * 13 + 12, 11 * 13 + 11, 0 * 13 + 12
    assert f"{eq[aa, kk]:.4f}" == "0.8195"
    assert eq.dtype == np.float64 and pairs.dtype == np.int64
    assert int(pairs.sum()) == 1_624_350 == 1326 * 1225      # every pair of disjoint hands
    # card removal: each AA leaves two aces, so six of the twelve A2o
    assert int(pairs[aa, aa]) == 6 and int(pairs[aa, kk]) == 36 and int(pairs[aa, a2o]) == 36
    z = shipped_arrays(nash.WIN_COUNTS.name, nash.WIN_COUNTS.shapes)
    assert z is not None
    wins = z["wins"].astype(np.int64)
    # a deal is won by one hand or tied: the wins of both sides never exceed the deals
    deals = z["pairs"].astype(np.int64) * 1_712_304
    assert (wins + wins.T <= deals).all()
    # AA against KK: 36 pairs of hands on C(48, 5) boards each, the counts of
    # equity("holdem", ["AA", "KK"], exact=True) (its wins: 50371344 and 10986372)
    assert int(wins[aa, kk]) == 50_371_344 and int(wins[kk, aa]) == 10_986_372
    assert list(tmp_path.iterdir()) == []


def test_other_shipped_tables_hold_their_known_values():
    from pyeval.equity import percent
    from pyeval.equity.grid import LABELS
    from pyeval.sim.players import nash, preflop

    def shipped(t):
        got = shipped_arrays(t.name, t.shapes)
        assert got is not None
        return got

    aa = 12 * 13 + 12
    pf = shipped(preflop.TABLE)
    assert round(float(pf["strength"][aa]), 2) == 0.85 and float(pf["top"].max()) == 1.0
    hu = shipped(nash.HEADSUP)
    assert float(hu["depths"][0]) == 1.0 and float(hu["push"][0].min()) > 0.99   # 1 BB: all in
    share10 = float((hu["push"][18] * nash.combo_counts()).sum() / 1326)
    assert float(hu["depths"][18]) == 10.0 and round(share10, 2) == 0.58        # 10 BB: 58 %
    vs1 = shipped(percent.table("vs1"))["equity"]
    assert f"{vs1[LABELS.index('AA')]:.4f}" == "0.8520"       # AA against a random hand
    assert [LABELS[i] for i in np.argsort(-vs1, kind="stable")[:3]] == ["AA", "KK", "QQ"]
    from pyeval.sim.engine import engine
    counts = shipped(engine.STUD3_COUNTS)["counts"]
    # every third-street start, once per game kind: two down cards (unordered), one up
    assert counts.sum(axis=1).tolist() == [1326 * 50] * 3 and int(counts.min()) >= 0


def test_tables_build_docstring_examples():
    result = doctest.testmod(tables_build, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


#: tables whose builders use BLAS or LAPACK (matrix products in CFR+, a least-squares fit):
#: another machine's library may sum in another order and differ in the last bits, so these
#: arrays are compared to 1e-12; everything else is integer counts, or floats made by
#: element-wise arithmetic on counts and fixed-seed streams, and must be equal to the bit
APPROX = {("nash_headsup_v1_400", "push"), ("nash_headsup_v1_400", "call"),
          ("omaha56_strength_v1_20000_500", "weights"), ("omaha56_strength_v1_20000_500", "r2")}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TABLES))
def test_shipped_table_is_what_its_builder_computes(name):
    """Ties each shipped copy to its original: recomputed by its builder (about 1-15 s of CPU
    each), it equals the file (the tables it reads, such as the pre-flop tables, are the
    shipped ones, themselves checked here)."""
    t = TABLES[name]
    shipped = shipped_arrays(name, t.shapes)
    assert shipped is not None
    fresh = tables_build.build(t)
    assert set(fresh) == set(shipped)
    for k, a in fresh.items():
        assert a.dtype == shipped[k].dtype, k
        if (name, k) in APPROX:
            np.testing.assert_allclose(shipped[k], a, rtol=1e-12, atol=1e-12, err_msg=k)
        else:
            assert np.array_equal(shipped[k], a), k
