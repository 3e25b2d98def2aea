"""pyeval.numba_hand: incremental hands over the compact 7-card table, against the C batch
and against numba_ext's lookup over the general tables (the same key and srm)."""
from __future__ import annotations

import itertools

import numba
import numpy as np

import pyeval
from pyeval import numba_ext as nx
from pyeval import numba_hand as nh

from .test_batch_paths import ALL7, _deals


@numba.njit(cache=True)
def _values(a):
    out = np.empty(a.shape[0], np.uint16)
    for i in range(a.shape[0]):
        key, srm = nh.hand_of(a[i])
        out[i] = nh.value7(key, srm)
    return out


@numba.njit(cache=True)
def _values_ext(a, disp, high, flush):
    out = np.empty(a.shape[0], np.uint16)
    for i in range(a.shape[0]):
        key, srm = nh.hand_of(a[i])
        out[i] = nx.hv(key, srm, disp, high, flush)
    return out


@numba.njit(cache=True)
def _all_hands(n):
    """sum and count of the values of every 7-card hand of the first n cards, nested
    loops adding one card per level"""
    total = 0
    count = 0
    for c0 in range(n):
        k0, s0 = nh.add(nh.EMPTY_KEY, nh.EMPTY_SRM, c0)
        for c1 in range(c0 + 1, n):
            k1, s1 = nh.add(k0, s0, c1)
            for c2 in range(c1 + 1, n):
                k2, s2 = nh.add(k1, s1, c2)
                for c3 in range(c2 + 1, n):
                    k3, s3 = nh.add(k2, s2, c3)
                    for c4 in range(c3 + 1, n):
                        k4, s4 = nh.add(k3, s3, c4)
                        for c5 in range(c4 + 1, n):
                            k5, s5 = nh.add(k4, s4, c5)
                            for c6 in range(c5 + 1, n):
                                k6, s6 = nh.add(k5, s5, c6)
                                total += nh.value7(k6, s6)
                                count += 1
    return total, count


def test_every_rank_multiset_and_random_hands_match_the_c_batch() -> None:
    for a in (ALL7, _deals(200_000, seed=3)):
        assert np.array_equal(_values(a), pyeval.high_batch(a))


def test_the_same_key_and_srm_give_numba_ext_s_value() -> None:
    t = nx.kernel_tables()
    a = np.concatenate([ALL7, _deals(50_000, seed=4)])
    want = _values_ext(a, t.addrs[4], t.addrs[5], t.addrs[6])
    assert np.array_equal(_values(a), want)


def test_nested_loops_over_a_small_deck_match_the_batch() -> None:
    n = 16                      # the deuces to fives: 11,440 hands, quads and flushes
    total, count = _all_hands(n)
    idx = np.array(list(itertools.combinations(range(n), 7)), np.uint8)
    assert count == len(idx) == 11440
    assert total == int(pyeval.high_batch(idx).sum(dtype=np.int64))
