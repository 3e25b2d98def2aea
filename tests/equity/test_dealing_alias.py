"""The compiled alias-table construction (pyeval.equity._dealing.alias_tables) builds the
same tables, to the bit, as the plain-Python construction kept beside it, and its tables
give each index its weight's share; the Omaha terms' sorted_unique equals np.unique."""
import numpy as np
import pytest

from pyeval.equity._dealing import _alias_tables_py, alias_tables
from pyeval.equity.omaha_hands import sorted_unique, sorted_unique_inverse


@pytest.mark.parametrize("w", [
    np.array([1.0, 3.0]), np.ones(1000), np.r_[np.full(500, 0.25), np.ones(700)],
    np.random.default_rng(1).random(16_000),
    np.random.default_rng(2).integers(1, 5, 30_000).astype(float),
    np.array([0.0, 0.0, 2.0, 1e-300]),
])
def test_compiled_alias_tables_equal_the_python_construction(w):
    prob, alias = alias_tables(w)
    ref_prob, ref_alias = _alias_tables_py(w)
    assert prob.tobytes() == ref_prob.tobytes()
    assert alias.dtype == ref_alias.dtype and np.array_equal(alias, ref_alias)


def test_alias_tables_give_each_index_its_share():
    w = np.array([1.0, 2.0, 3.0, 4.0, 0.5])
    prob, alias = alias_tables(w)
    n = len(w)
    share = prob / n                       # kept where drawn
    np.add.at(share, alias, (1.0 - prob) / n)   # else its alias
    assert np.allclose(share, w / w.sum(), rtol=0, atol=1e-15)


@pytest.mark.parametrize("seed", range(5))
def test_sorted_unique_is_numpys_unique(seed):
    rng = np.random.default_rng(seed)
    m = rng.integers(0, 2**52, 5_000, dtype=np.uint64)
    m = np.concatenate([m, m[:1_000], rng.choice(m, 300)])
    assert np.array_equal(sorted_unique(m), np.unique(m))
    assert sorted_unique(m[:1]).tolist() == m[:1].tolist()
    assert sorted_unique(m[:0]).tolist() == []


@pytest.mark.parametrize("seed", range(3))
def test_sorted_unique_inverse_is_numpys(seed):
    m = np.random.default_rng(seed).integers(0, 500, 3_000).astype(np.uint64)
    u, inv = sorted_unique_inverse(m)
    ref_u, ref_inv = np.unique(m, return_inverse=True)
    assert np.array_equal(u, ref_u) and np.array_equal(inv, ref_inv)
