"""Omaha's fast path (board-row table for high, low-mask table for low) against the plain
loop over every two-hole-plus-three-board choice (60 / 100 / 150 of them for 4 / 5 / 6 hole
cards), random deals.

The C combination loop is exposed one hand at a time only (``omaha_high_loop``), so it is
measured three ways:
* per hand through the public functions (``omaha_high`` vs ``omaha_high_loop``): both pay the
  same Python argument checking, which dominates;
* per hand through the cffi functions themselves (``lib.pe_omaha_high`` vs
  ``lib.pe_omaha_high_loop``), the same call overhead and much less of it;
* in batch: ``omaha_high_batch`` against ``best_hand_batch(hole, board, 2, 2)`` (C, the
  generic hole-limit loop over every split) and against a plain 2+3 loop compiled by Numba
  that inlines the same tables (``numba_ext.high_inline``).
"""
from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest
from benchlib import measure, random_deals

import pyeval
from pyeval._native import ffi, lib
from pyeval.evaluate import omaha_high_loop

HOLES = [4, 5, 6]


def deals(nh: int, n: int):
    d = random_deals(np.random.default_rng(300 + nh), n, nh + 5)
    return np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])


def group(nh: int) -> str:
    return f"Omaha {nh}+5 high: fast path vs combination loop"


@pytest.mark.parametrize("nh", HOLES)
@pytest.mark.parametrize("way", ["fast", "loop"])
def test_public_per_hand(benchmark, nh, way):
    hole, board = deals(nh, 20_000)
    fn = pyeval.omaha_high if way == "fast" else omaha_high_loop
    pairs = list(zip(hole, board))
    measure(benchmark, lambda: [fn(h, b) for h, b in pairs], len(pairs), sum,
            label=f"per hand, public: {fn.__name__}", group=group(nh), rounds=5)


@pytest.mark.parametrize("nh", HOLES)
@pytest.mark.parametrize("way", ["fast", "loop"])
def test_cffi_per_hand(benchmark, nh, way):
    hole, board = deals(nh, 200_000)
    fn = lib.pe_omaha_high if way == "fast" else lib.pe_omaha_high_loop
    hp = ffi.cast("uint8_t *", ffi.from_buffer(hole))
    bp = ffi.cast("uint8_t *", ffi.from_buffer(board))
    ptrs = [(hp + nh * i, bp + 5 * i) for i in range(len(hole))]
    measure(benchmark, lambda: [fn(h, nh, b, 5) for h, b in ptrs], len(ptrs), sum,
            label=f"per hand, cffi: lib.{'pe_omaha_high' if way == 'fast' else 'pe_omaha_high_loop'}",
            group=group(nh), rounds=5)


@pytest.mark.parametrize("nh", HOLES)
def test_batch_fast_path(benchmark, nh):
    hole, board = deals(nh, 2_000_000)
    measure(benchmark, lambda: pyeval.omaha_high_batch(hole, board), len(hole),
            lambda v: v.sum(dtype=np.uint64), label="batch: pyeval.omaha_high_batch",
            group=group(nh), ours=True, rounds=9)


@pytest.mark.parametrize("nh", HOLES)
def test_batch_generic_limit_loop(benchmark, nh):
    hole, board = deals(nh, 200_000)
    measure(benchmark, lambda: pyeval.best_hand_batch(hole, board, 2, 2), len(hole),
            lambda v: v.sum(dtype=np.uint64), label="batch: best_hand_batch(.., 2, 2) (C loop)",
            group=group(nh), rounds=5)


@numba.njit(cache=True)
def _plain_loop(hole, board, pairs, triples, card_key, disp, high, flush, mult, row_bits,
                slot_bits):
    n = hole.shape[0]
    out = np.empty(n, dtype=np.uint16)
    five = np.empty(5, dtype=np.uint8)
    for i in range(n):
        best = 0
        for p in range(pairs.shape[0]):
            five[0] = hole[i, pairs[p, 0]]
            five[1] = hole[i, pairs[p, 1]]
            for t in range(triples.shape[0]):
                five[2] = board[i, triples[t, 0]]
                five[3] = board[i, triples[t, 1]]
                five[4] = board[i, triples[t, 2]]
                v = high_inline(five, 5, card_key, disp, high, flush, mult, row_bits, slot_bits)
                if v > best:
                    best = v
        out[i] = best
    return out


from pyeval.jit.numba_ext import high_inline, tables  # noqa: E402


@pytest.mark.parametrize("nh", HOLES)
def test_batch_numba_plain_loop(benchmark, nh):
    hole, board = deals(nh, 200_000)
    t = tables()
    pairs = np.array(list(itertools.combinations(range(nh), 2)), dtype=np.int64)
    triples = np.array(list(itertools.combinations(range(5), 3)), dtype=np.int64)
    args = (hole, board, pairs, triples, t.card_key, t.disp, t.high, t.flush, t.mult,
            t.row_bits, t.slot_bits)
    out = _plain_loop(*args)                                   # compile outside the timing
    assert np.array_equal(out, pyeval.omaha_high_batch(hole, board))
    measure(benchmark, lambda: _plain_loop(*args), len(hole), lambda v: v.sum(dtype=np.uint64),
            label="batch: plain 2+3 loop in Numba, inlined tables", group=group(nh), rounds=5)


@pytest.mark.parametrize("way", ["fast", "loop"])
def test_low_per_hand_cffi(benchmark, way):
    hole, board = deals(4, 200_000)
    fn = lib.pe_omaha_low8 if way == "fast" else lib.pe_omaha_low8_loop
    hp = ffi.cast("uint8_t *", ffi.from_buffer(hole))
    bp = ffi.cast("uint8_t *", ffi.from_buffer(board))
    ptrs = [(hp + 4 * i, bp + 5 * i) for i in range(len(hole))]
    measure(benchmark, lambda: [fn(h, 4, b, 5) for h, b in ptrs], len(ptrs), sum,
            label=f"per hand, cffi: {'pe_omaha_low8' if way == 'fast' else 'pe_omaha_low8_loop'}",
            group="Omaha 4+5 low: fast path vs combination loop", rounds=5)


def test_low_batch_fast_path(benchmark):
    hole, board = deals(4, 2_000_000)
    measure(benchmark, lambda: pyeval.omaha_low8_batch(hole, board), len(hole),
            lambda v: v.sum(dtype=np.uint64), label="batch: pyeval.omaha_low8_batch",
            group="Omaha 4+5 low: fast path vs combination loop", ours=True, rounds=9)


def test_low_batch_generic_limit_loop(benchmark):
    hole, board = deals(4, 200_000)
    measure(benchmark, lambda: pyeval.best_hand_batch(hole, board, 2, 2, low="8"), len(hole),
            lambda v: v.sum(dtype=np.uint64), label="batch: best_hand_batch(.., 2, 2, '8') (C loop)",
            group="Omaha 4+5 low: fast path vs combination loop", rounds=5)


@pytest.mark.parametrize("nh", HOLES)
@pytest.mark.parametrize("way", ["fast", "loop"])
def test_batch_hilo_fast_vs_c_loop(benchmark, nh, way):
    """The direct comparison: the fast path and the plain 2+3 loop, both in C over the same
    arrays (``omaha_hilo_batch_loop`` is the C loop in batch form), high and low together."""
    from pyeval.evaluate import omaha_hilo_batch_loop
    hole, board = deals(nh, 2_000_000 if way == "fast" else 200_000)
    fn = pyeval.omaha_hilo_batch if way == "fast" else omaha_hilo_batch_loop
    hi, lo = fn(hole, board)
    ref = omaha_hilo_batch_loop(hole[:20_000], board[:20_000])
    assert np.array_equal(hi[:20_000], ref[0]) and np.array_equal(lo[:20_000], ref[1])
    measure(benchmark, lambda: fn(hole, board), len(hole),
            lambda v: int(v[0].sum(dtype=np.uint64)) + int(v[1].sum(dtype=np.uint64)),
            label=f"batch hi+lo: {fn.__name__}", group=f"Omaha {nh}+5 hi+lo: C fast path vs C loop",
            ours=way == "fast", rounds=5)
