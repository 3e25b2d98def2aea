"""The C evaluators from ``@numba.njit`` code (pyeval.jit.numba_ext), with ``cache=True``: the
values agree with the batch API, and a fresh process loads the compiled code from the cache
instead of compiling again."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numba
import numpy as np
import pytest

import pyeval
from pyeval.jit import numba_ext as nx

from .hands import random_deals


@numba.njit(cache=True)
def _high7_rows(deals):
    out = np.empty(deals.shape[0], dtype=np.uint16)
    for i in range(deals.shape[0]):
        r = deals[i]
        out[i] = nx.high7(r[0], r[1], r[2], r[3], r[4], r[5], r[6])
    return out


@numba.njit(cache=True)
def _by_address(deals, kind):
    """high / razz / low8 of every row, by address (kind 0, 1, 2)."""
    n, k = deals.shape
    base = deals.ctypes.data
    out = np.empty(n, dtype=np.uint16)
    for i in range(n):
        a = base + i * k
        if kind == 0:
            out[i] = nx.high_addr(a, k)
        elif kind == 1:
            out[i] = nx.razz_addr(a, k)
        else:
            out[i] = nx.low8_addr(a, k)
    return out


@numba.njit(cache=True)
def _omaha_by_address(hole, board):
    n, nh = hole.shape
    nb = board.shape[1]
    hi = np.empty(n, dtype=np.uint16)
    lo = np.empty(n, dtype=np.uint16)
    for i in range(n):
        h = hole.ctypes.data + i * nh
        b = board.ctypes.data + i * nb
        hi[i] = nx.omaha_high_addr(h, nh, b, nb)
        lo[i] = nx.omaha_low8_addr(h, nh, b, nb)
    return hi, lo


@numba.njit(cache=True)
def _best_by_address(hole, board, lo, hi, kind):
    n, nh = hole.shape
    nb = board.shape[1]
    out = np.empty(n, dtype=np.uint16)
    for i in range(n):
        out[i] = nx.best_addr(hole.ctypes.data + i * nh, nh, board.ctypes.data + i * nb, nb,
                              lo, hi, kind)
    return out


@numba.njit(cache=True)
def _inline_rows(deals, card_key, disp, high, flush, mult, row_bits, slot_bits):
    out = np.empty(deals.shape[0], dtype=np.uint16)
    for i in range(deals.shape[0]):
        out[i] = nx.high_inline(deals[i], deals.shape[1], card_key, disp, high, flush, mult,
                                row_bits, slot_bits)
    return out


def test_njit_calls_agree_with_the_batch_api():
    rng = np.random.default_rng(11)
    deals = random_deals(rng, 200_000, 7)
    assert np.array_equal(_high7_rows(deals), pyeval.high_batch(deals))
    for k in range(1, 8):
        d = np.ascontiguousarray(deals[:20_000, :k])
        assert np.array_equal(_by_address(d, 0), pyeval.high_batch(d)), k
        assert np.array_equal(_by_address(d, 1), pyeval.razz_batch(d)), k
        assert np.array_equal(_by_address(d, 2), pyeval.low8_batch(d)), k
    for nh in (4, 5, 6):
        d = random_deals(rng, 50_000, nh + 5)
        hole, board = np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])
        hi, lo = _omaha_by_address(hole, board)
        want_hi, want_lo = pyeval.omaha_hilo_batch(hole, board)
        assert np.array_equal(hi, want_hi) and np.array_equal(lo, want_lo), nh
    d = random_deals(rng, 20_000, 8)
    hole, board = np.ascontiguousarray(d[:, :3]), np.ascontiguousarray(d[:, 3:])
    for kind, low in enumerate((None, "razz", "8")):
        assert np.array_equal(_best_by_address(hole, board, 0, 2, kind),
                              pyeval.best_hand_batch(hole, board, 0, 2, low=low))


def test_inlined_tables_agree_with_c():
    t = nx.tables()
    assert t.card_key.dtype == np.uint64 and len(t.card_key) == 256
    assert not t.high.flags.writeable
    deals = random_deals(np.random.default_rng(12), 300_000, 7)
    for k in (1, 2, 3, 4, 5, 6, 7):
        d = np.ascontiguousarray(deals[:, :k])
        got = _inline_rows(d, t.card_key, t.disp, t.high, t.flush, t.mult, t.row_bits,
                           t.slot_bits)
        assert np.array_equal(got, pyeval.high_batch(d)), k


CACHE_SCRIPT = '''
import json, sys
import numba, numpy as np
import pyeval
from pyeval.jit import numba_ext as nx

@numba.njit(cache=True)
def kernel(deals, hole, board):
    s = 0
    for i in range(deals.shape[0]):
        r = deals[i]
        s += nx.high7(r[0], r[1], r[2], r[3], r[4], r[5], r[6])
        s += nx.high_addr(deals.ctypes.data + 7 * i, 7)
        s += nx.omaha_high_addr(hole.ctypes.data + 4 * i, 4, board.ctypes.data + 5 * i, 5)
    return s

deals = np.array([[51, 47, 43, 39, 35, 0, 5], [0, 4, 8, 12, 17, 30, 45]], dtype=np.uint8)
hole = np.array([[51, 50, 47, 42], [0, 1, 2, 3]], dtype=np.uint8)
board = np.array([[49, 45, 44, 27, 30], [48, 49, 50, 51, 44]], dtype=np.uint8)
got = int(kernel(deals, hole, board))
want = int(2 * pyeval.high_batch(deals).astype(int).sum()
           + pyeval.omaha_high_batch(hole, board).astype(int).sum())
print(json.dumps({"got": got, "want": want,
                  "hits": sum(kernel.stats.cache_hits.values()),
                  "misses": sum(kernel.stats.cache_misses.values())}))
'''


@pytest.mark.slow
def test_cache_true_loads_from_the_cache_in_a_fresh_process(tmp_path: Path):
    script = tmp_path / "kernel_user.py"
    script.write_text(textwrap.dedent(CACHE_SCRIPT))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))

    def run() -> dict:
        p = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                           text=True, timeout=600)
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout.strip().splitlines()[-1])

    first = run()
    assert first["got"] == first["want"]
    assert first["hits"] == 0 and first["misses"] == 1
    index = list((tmp_path / "cache").rglob("*.nbi"))
    data = list((tmp_path / "cache").rglob("*.nbc"))
    assert index and data, "numba wrote no cache index / data files"
    second = run()
    assert second["got"] == second["want"]
    assert second["hits"] == 1 and second["misses"] == 0, second
