"""Exact hold'em with every hole card known and no board card known: all five-card boards
by five nested loops, keys added level by level, with suit symmetry (only canonical boards
evaluated, each counted for the boards it stands for). Split out of :mod:`._exact`, whose
other walks take ranges or a known board.

>>> import numpy as np
>>> from pyeval.equity._inputs import known_hands
>>> T, hk, hs, deck = known_hands("AcAd", "KhKs")
>>> bdeck = np.ascontiguousarray(deck[::-1])                   # decreasing
>>> cnt = holdem_exact5(hk, hs, bdeck, np.zeros((0, 2), np.int64), np.zeros((0, 5), np.int64),
...                     16, 0, 16, T.addrs).sum(axis=0)
>>> [int(x) for x in cnt[0]], [int(x) for x in cnt[1]]    # wins, ties of each hand
([0, 1388072, 6538], [0, 317694, 6538])
>>> int(cnt[:, 1].sum() + cnt[0, 2]) == 1712304               # every board once
True
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from pyeval.equity._exact import board_units
from pyeval.equity._showdown import count_best, duel
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, ldi64, st64, sti64

KEY_START = nx.KEY_START


@linked(cache=True)
def _canonical(srm, shift, pairs, npairs):
    """Compares the board's rank masks of neighbouring interchangeable suits (see
    :func:`holdem_exact5`), on the ranks from ``shift`` up only: -1 when some pair is in the
    wrong (increasing) order, 1 when every pair is strictly decreasing, 0 otherwise."""
    state = 1
    sh = np.uint64(shift)
    for i in range(npairs):
        x = ((srm >> np.uint64(16 * pairs[i, 0])) & np.uint64(0x1FFF)) >> sh
        y = ((srm >> np.uint64(16 * pairs[i, 1])) & np.uint64(0x1FFF)) >> sh
        if x < y:
            return -1
        if x == y:
            state = 0
    return state


@njit(cache=True, inline="always")
def _orbit(srm, chains, nchains):
    """How many boards the canonical board stands for: per chain of interchangeable suits
    (masks in non-increasing order), m! over the factorials of the runs of equal masks."""
    w = 1
    for i in range(nchains):
        m = chains[i, 0]
        f = 1
        run = 1
        prev = (srm >> np.uint64(16 * chains[i, 1])) & np.uint64(0x1FFF)
        for j in range(2, m + 1):
            f *= j
            x = (srm >> np.uint64(16 * chains[i, j])) & np.uint64(0x1FFF)
            if x == prev:
                run += 1
                f //= run
            else:
                run = 1
            prev = x
        w *= f
    return w


class BoardDeck(NamedTuple):
    """The deck of :func:`holdem_exact5` (sorted by decreasing card): each card's key,
    suit-rank mask and rank."""

    kk: np.ndarray
    ks: np.ndarray
    kr: np.ndarray


class SuitSym(NamedTuple):
    """The suit symmetry of :func:`holdem_exact5`: neighbouring interchangeable suits
    (``pairs`` [n, 2]) and the chains of them (``chains`` [m, 5])."""

    pairs: np.ndarray
    chains: np.ndarray


class Units(NamedTuple):
    """The board units (two highest cards ``pa``, ``pb``) and how they are dealt to tasks:
    unit ``t0 + task``, then every ``n_tasks``-th."""

    pa: np.ndarray
    pb: np.ndarray
    n_tasks: int
    t0: int


@njit(cache=True, inline="always")
def _exact5_walk(a, b, dk, hk, hs, sym, hi, cnt, TA, hu):
    """The boards of :func:`holdem_exact5` whose two highest cards are ``dk`` rows a, b:
    the other three by nested loops, keys added level by level, subtrees that cannot be
    canonical skipped; counts into ``cnt``. ``hu`` True (two players): two lookups and
    three counters in registers per board; None: any number of players through ``hi``.
    The worker's type of ``hu`` picks the leaf when it compiles (tests/equity/test_kernels.py
    runs both on the same spots)."""
    kk, ks, kr = dk
    pairs, chains = sym
    disp, high, flush = TA.disp, TA.high, TA.flush
    D = kk.shape[0]
    npairs = pairs.shape[0]
    nchains = chains.shape[0]
    k2 = KEY_START + kk[a] + kk[b]
    s2 = ks[a] | ks[b]
    if npairs and _canonical(s2, kr[b] + 1, pairs, npairs) < 0:
        return
    h0 = hk[0]
    h1 = hk[1]
    m0 = hs[0]
    m1 = hs[1]
    w0 = 0
    w1 = 0
    tie = 0
    for c in range(b + 1, D):
        k3 = k2 + kk[c]
        s3 = s2 | ks[c]
        if npairs and _canonical(s3, kr[c] + 1, pairs, npairs) < 0:
            continue
        for d in range(c + 1, D):
            k4 = k3 + kk[d]
            s4 = s3 | ks[d]
            if npairs and _canonical(s4, kr[d] + 1, pairs, npairs) < 0:
                continue
            for e in range(d + 1, D):
                k5 = k4 + kk[e]
                s5 = s4 | ks[e]
                w = 1
                if npairs:
                    if _canonical(s5, 0, pairs, npairs) < 0:
                        continue
                    w = _orbit(s5, chains, nchains)
                if hu is None:
                    _count_board(k5, s5, hk, hs, w, hi, cnt, disp, high, flush)
                else:
                    v0 = nx.hv(k5 + h0, s5 | m0, disp, high, flush)
                    v1 = nx.hv(k5 + h1, s5 | m1, disp, high, flush)
                    w0, w1, tie = duel(v0, v1, w, w0, w1, tie)
    if hu is not None:
        sti64(cnt, 1, ldi64(cnt, 1) + w0)
        sti64(cnt, 2, ldi64(cnt, 2) + tie)
        sti64(cnt, 4, ldi64(cnt, 4) + w1)
        sti64(cnt, 5, ldi64(cnt, 5) + tie)


@njit(cache=True, inline="always")
def _count_board(k5, s5, hk, hs, w, hi, cnt, disp, high, flush):
    """One board of :func:`_exact5_walk` for any number of players: each one's value into
    ``hi``, the pot's winners counted ``w`` times into ``cnt``."""
    P = hk.shape[0]
    for p in range(P):
        st64(hi, p, nx.hv(k5 + hk[p], s5 | hs[p], disp, high, flush))
    count_best(P, hi, cnt, w)


@njit(cache=True, nogil=True)
def _exact5_work(ctr, hk, hs, dk, sym, un, arena, row, o_cnt, TA, out, hu):
    """Worker of :func:`holdem_exact5`: tasks until none is left, each board unit by
    :func:`_exact5_walk` (``hu`` True for two players, None for any number: the choice is
    made by the type of ``hu`` when the worker compiles, so a first heads-up call compiles
    only the heads-up leaf, issue 13)."""
    a_ctr = np.uint64(ctr.ctypes.data)
    base = np.uint64(arena.ctypes.data)
    P = hk.shape[0]
    pa, pb, n_tasks, t0 = un
    n = pa.shape[0]
    nt = out.shape[0]
    while True:
        ti = fetch_add(a_ctr, 1)
        if ti >= nt:
            break
        a0 = base + np.uint64(8 * row * ti)
        hi = a0
        cnt = a0 + np.uint64(8 * o_cnt)
        u = t0 + ti
        while u < n:
            _exact5_walk(pa[u], pb[u], dk, hk, hs, sym, hi, cnt, TA, hu)
            u += n_tasks
        for p in range(P):
            for q in range(P + 1):
                out[ti, p, q] = ldi64(cnt, p * (P + 1) + q)


def holdem_exact5(hk, hs, bdeck, pairs, chains, n_tasks, t0, t1, TA, threads=1):
    """Exact hold'em with every hole card known and no board card known: all five-card
    boards from ``bdeck`` (sorted by decreasing card), keys added level by level of the
    five nested loops. Work is split by the first two board cards, dealt out to the tasks
    in turn. Returns counts [tasks, P, P + 1] as :func:`holdem_mc` does.

    Suit symmetry: suits that play the same role in every hand and among the dead cards
    (clubs and diamonds for AcAd against KhKs, and hearts and spades) can be permuted
    without changing any result. ``chains`` lists such groups of suits ([m, s1, .., sm]
    per row) and ``pairs`` their neighbours (s_i, s_i+1): only boards whose rank masks in
    those suits are in non-increasing order are evaluated, each counted for the boards it
    stands for (see :func:`_orbit`). Cards come highest first, so a wrong order is often
    known after two or three cards and the rest of that subtree is skipped."""
    T = nx.kernel_tables()
    P = hk.shape[0]
    D = bdeck.shape[0]
    nt = t1 - t0
    out = np.zeros((nt, P, P + 1), dtype=np.int64)
    pa, pb = board_units(D, 2)
    kk = T.ckey[bdeck]
    ks = T.csrm[bdeck]
    kr = (bdeck >> 2).astype(np.int64)
    o_cnt = P
    row = ((o_cnt + P * (P + 1) + 7) // 8) * 8 + 8
    arena = np.zeros(nt * row, dtype=np.uint64)
    run_workers(_exact5_work, threads, nt, hk, hs, BoardDeck(kk, ks, kr),
                SuitSym(pairs, chains), Units(pa, pb, n_tasks, t0), arena, row, o_cnt, TA, out,
                True if P == 2 else None)
    return out
