"""Exact hold'em for known hole cards and an empty board by rank patterns: every five-card
board counted once per multiset of ranks, flushes corrected apart.

A board that holds at most two cards of any suit gives nobody a flush (a flush needs five
of one suit among seven cards), so every hand's value is that of its seven ranks alone:
the key's low 32 bits, which do not depend on suits. The walk therefore

1. goes over the 6,188 multisets of five ranks, counting each for all the boards that
   carry it (the product over its ranks of C(cards of that rank left, times it appears))
   with the values of the ranks alone, and then
2. goes over the boards with three or more cards of one suit s (only one suit can have
   that many), grouped by their cards of s and the ranks of the others, and only where
   some player holds enough cards of s to make a flush adds the difference between the
   real outcome and the ranks-only one counted in step 1.

About 6,000 + 30,000 lookups stand for the 1,712,304 boards of a heads-up pre-flop spot
(AcAd vs KhKs), with nothing approximated: the counts are the enumeration's, exactly.

>>> import numpy as np
>>> from pyeval import numba_ext as nx
>>> from pyeval.cards import cards
>>> T = nx.kernel_tables()
>>> h = [cards("AcAd"), cards("KhKs")]
>>> hk = np.array([T.ckey[c].sum(dtype=np.uint64) for c in h], dtype=np.uint64)
>>> hs = np.array([np.bitwise_or.reduce(T.csrm[c]) for c in h], dtype=np.uint64)
>>> held = {int(c) for x in h for c in x}
>>> deck = np.array([c for c in range(52) if c not in held], np.uint8)
>>> cnt = holdem_exact_ranks(hk, hs, deck, T.addrs)
>>> [int(x) for x in cnt[0, 0]], [int(x) for x in cnt[0, 1]]     # boards won, tied
([0, 1388072, 6538], [0, 317694, 6538])
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pyeval import numba_ext as nx
from pyeval.numba_mem import ld16, ld64

_COMB = np.array([[1, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0], [1, 2, 1, 0, 0, 0],
                  [1, 3, 3, 1, 0, 0], [1, 4, 6, 4, 1, 0]], dtype=np.int64)   # C(a, m)


@njit(cache=True, inline="always")
def _tally(P, vals, w, cnt):
    """Adds weight w to the winners of one outcome (values ``vals``) in cnt [P, P + 1]."""
    best = np.uint64(0)
    nb = 0
    for p in range(P):
        v = vals[p]
        if v > best:
            best = v
            nb = 1
        elif v == best:
            nb += 1
    for p in range(P):
        if vals[p] == best:
            cnt[p, nb] += w


@njit(cache=True)
def _walk(hk, hs, avail, amask, rkey, comb, ckey, csrm, disp, high, flush, cnt, part0, part1):
    """Parts ``part0 <= i < part1`` of the walk into ``cnt`` [P, P + 1]: part 0 is step 1
    of the module docstring, part 1 + s step 2 for suit s."""
    P = hk.shape[0]
    vals = np.zeros(P, dtype=np.uint64)
    real = np.zeros(P, dtype=np.uint64)
    rs = np.zeros(5, dtype=np.int64)
    ks = nx.KEY_START
    # 1. every multiset of five ranks, r1 >= r2 >= ... >= r5
    for r1 in range(13 if part0 == 0 else 0):
        rs[0] = r1
        for r2 in range(r1 + 1):
            rs[1] = r2
            for r3 in range(r2 + 1):
                rs[2] = r3
                for r4 in range(r3 + 1):
                    rs[3] = r4
                    for r5 in range(r4 + 1):
                        rs[4] = r5
                        w = 1
                        run = 1
                        for i in range(1, 5):
                            if rs[i] == rs[i - 1]:
                                run += 1
                            else:
                                w *= comb[avail[rs[i - 1]], run]
                                run = 1
                        w *= comb[avail[r5], run]
                        if w == 0:
                            continue
                        key = ks + rkey[r1] + rkey[r2] + rkey[r3] + rkey[r4] + rkey[r5]
                        for p in range(P):
                            vals[p] = np.uint64(ld16(high, nx.main_slot(
                                (key + hk[p]) & nx.LOW32, disp)))
                        _tally(P, vals, w, cnt)
    # 2. boards with k >= 3 cards of suit s where somebody can make a flush
    for s in range(max(part0 - 1, 0), part1 - 1):
        most = 0
        for p in range(P):
            n = 0
            for r in range(13):
                n += (hs[p] >> np.uint64(16 * s + r)) & np.uint64(1)
            most = max(most, n)
        kmin = max(3, 5 - most)
        if kmin > 5:
            continue
        am = amask[s]
        for k in range(kmin, 6):
            m = (1 << k) - 1                 # the k-subsets of 13 ranks (Gosper's hack)
            while m < 8192:
                if (m & ~am) == 0:
                    _flush_group(P, hk, hs, m, k, s, am, avail, comb, ckey, csrm, vals,
                                 real, disp, high, flush, cnt)
                lo = m & -m
                r = m + lo
                m = (((r ^ m) >> 2) // lo) | r


@njit(cache=True)
def _flush_group(P, hk, hs, m, k, s, am, avail, comb, ckey, csrm, vals, real, disp, high,
                 flush, cnt):
    """The boards whose cards of suit s are the ranks of ``m`` (k of them) and whose other
    5 - k cards are of other suits, by the ranks of those."""
    o1 = (s + 1) & 3                         # suits for the other cards' stand-ins
    o2 = (s + 2) & 3
    kk = nx.KEY_START
    for r in range(13):
        if (m >> r) & 1:
            kk += ld64(ckey, 4 * r + s)
    sm = np.uint64(m) << np.uint64(16 * s)
    # a player with five cards of s makes a flush whatever the other cards are (with five
    # of a suit among seven no full house or quads is possible): its value, once
    for p in range(P):
        real[p] = np.uint64(0)
        n = k
        for r in range(13):
            n += (hs[p] >> np.uint64(16 * s + r)) & np.uint64(1)
        if n >= 5:
            real[p] = nx.hv(kk + hk[p], sm | hs[p], disp, high, flush)
    if k == 5:
        _correct(P, hk, hs, kk, sm, 1, vals, real, disp, high, flush, cnt)
    elif k == 4:
        for r in range(13):
            w = avail[r] - ((am >> r) & 1)
            if w > 0:
                c = 4 * r + o1
                _correct(P, hk, hs, kk + ld64(ckey, c), sm | ld64(csrm, c), w, vals,
                         real, disp, high, flush, cnt)
    else:
        for r in range(13):
            a = avail[r] - ((am >> r) & 1)
            if a == 0:
                continue
            for r2 in range(r + 1):
                if r2 == r:
                    w = comb[a, 2]
                else:
                    w = a * (avail[r2] - ((am >> r2) & 1))
                if w > 0:
                    c = 4 * r + o1
                    c2 = 4 * r2 + o2
                    _correct(P, hk, hs, kk + ld64(ckey, c) + ld64(ckey, c2),
                             sm | ld64(csrm, c) | ld64(csrm, c2), w, vals, real,
                             disp, high, flush, cnt)


@njit(cache=True, inline="always")
def _correct(P, hk, hs, bk, bs, w, vals, real, disp, high, flush, cnt):
    """One group of flush boards (key ``bk`` from KEY_START; w boards): moves their counts
    from the ranks-only outcome (counted in step 1) to the real one, in which the players
    with a flush (``real[p]`` > 0) have that value and the others their ranks' value."""
    best = np.uint64(0)
    nb = 0
    rbest = np.uint64(0)
    rnb = 0
    for p in range(P):
        v = np.uint64(ld16(high, nx.main_slot((bk + hk[p]) & nx.LOW32, disp)))
        vals[p] = v
        if v > best:
            best = v
            nb = 1
        elif v == best:
            nb += 1
        rv = real[p] if real[p] != 0 else v
        if rv > rbest:
            rbest = rv
            rnb = 1
        elif rv == rbest:
            rnb += 1
    for p in range(P):
        if vals[p] == best:
            cnt[p, nb] -= w
        rv = real[p] if real[p] != 0 else vals[p]
        if rv == rbest:
            cnt[p, rnb] += w


#: the walk's parts: the ranks pass, then the flush pass of each suit
PARTS = 5


def holdem_exact_ranks(hk: np.ndarray, hs: np.ndarray, bdeck: np.ndarray, TA: Any,
                       part0: int = 0, part1: int = PARTS) -> np.ndarray:
    """Exact hold'em over every five-card board from ``bdeck`` for players with known hole
    cards (keys ``hk``, suit-rank masks ``hs``); parts ``part0:part1`` of the walk (all by
    default; the parts' counts add up to the whole). Returns counts [1, P, P + 1] of pots
    won shared k ways at index k, as :func:`._montecarlo.holdem_mc`."""
    T = nx.kernel_tables()
    P = hk.shape[0]
    avail = np.zeros(13, dtype=np.int64)
    amask = np.zeros(4, dtype=np.int64)
    for c in bdeck.tolist():
        avail[c >> 2] += 1
        amask[c & 3] |= 1 << (c >> 2)
    rkey = (T.ckey[4 * np.arange(13)] & np.uint64(0xFFFFFFFF)).astype(np.uint64)
    cnt = np.zeros((P, P + 1), dtype=np.int64)
    ckey, csrm, clow, cbit, disp, high, flush = TA[:7]
    _walk(hk.astype(np.uint64), hs.astype(np.uint64), avail, amask, rkey, _COMB, ckey, csrm,
          disp, high, flush, cnt, part0, part1)
    return cnt[None, :, :]
