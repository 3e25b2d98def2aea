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

import itertools
from typing import Any

import numpy as np
from numba import njit

from pyeval import numba_ext as nx
from pyeval.numba_mem import ld16, ld64

#: the 6,188 multisets of five ranks (non-decreasing), and their keys (filled on first use)
_RANKS5 = np.array(list(itertools.combinations_with_replacement(range(13), 5)), np.int64)
_MKEYS: np.ndarray | None = None
#: the ranks of the stand-ins of :func:`_others` (-1: none)
_R1 = np.array([-1] + list(range(13)) + [r for r in range(13) for _ in range(r + 1)])
_R2 = np.array([-1] * 14 + [r2 for r in range(13) for r2 in range(r + 1)])
_COMB = np.array([[1, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0], [1, 2, 1, 0, 0, 0],
                  [1, 3, 3, 1, 0, 0], [1, 4, 6, 4, 1, 0]], dtype=np.int64)   # C(a, m)


@njit(cache=True)
def _walk(hk, hs, avail, amask, ranks5, mkeys, comb, odk, ow, ckey, disp, high, flush, cnt, part0, part1):
    """Parts ``part0 <= i < part1`` of the walk into ``cnt`` [P, P + 1]: part 0 is step 1
    of the module docstring, part 1 + s step 2 for suit s."""
    P = hk.shape[0]
    vals = np.zeros(P, dtype=np.uint64)
    real = np.zeros(P, dtype=np.uint64)          # no flush in step 1
    # 1. every multiset of five ranks that some boards carry (key, how many boards)
    if part0 == 0:
        for i in range(mkeys.shape[0]):
            w = 1                            # boards with these ranks: C(left, times)
            for j in range(5):
                r = ranks5[i, j]
                if j == 4 or ranks5[i, j + 1] != r:
                    run = 1
                    while j - run >= 0 and ranks5[i, j - run] == r:
                        run += 1
                    w *= comb[avail[r], run]
            if w > 0:
                _count(P, hk, mkeys[i], w, 0, vals, real, disp, high, cnt)
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
                    _flush_group(P, hk, hs, m, k, s, odk, ow, ckey, vals, real, disp, high,
                                 flush, cnt)
                lo = m & -m
                r = m + lo
                m = (((r ^ m) >> 2) // lo) | r


@njit(cache=True)
def _flush_group(P, hk, hs, m, k, s, odk, ow, ckey, vals, real, disp, high, flush, cnt):
    """The boards whose cards of suit s are the ranks of ``m`` (k of them), by the ranks
    of their 5 - k other cards: stand-ins with keys ``odk`` and ``ow`` boards each,
    rows 0 (none), 1..13 (one card) and 14..104 (two) of :func:`_others`."""
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
    j0 = 0 if k == 5 else 1 if k == 4 else 14
    j1 = 1 if k == 5 else 14 if k == 4 else 105
    for j in range(j0, j1):
        if ow[s, j] > 0:
            _count(P, hk, kk + odk[s, j], ow[s, j], 1, vals, real, disp, high, cnt)


@njit(cache=True, inline="always")
def _count(P, hk, bk, w, sub, vals, real, disp, high, cnt):
    """Counts w boards of board key ``bk`` (from KEY_START) for the outcome in which the
    players with a flush (``real[p]`` > 0) have that value and the others their ranks'
    value; with ``sub`` = 1 takes them off the ranks-only outcome too (where step 1 of the
    module docstring counted them)."""
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
            cnt[p, nb] -= w * sub
        rv = real[p] if real[p] != 0 else vals[p]
        if rv == rbest:
            cnt[p, rnb] += w


def _others(T: Any, avail: np.ndarray, amask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each suit s, stand-ins for the cards of a flush board not of suit s: row 0 none,
    rows 1..13 one card of each rank, rows 14..104 two (ranks r >= r2), as key sums of
    cards of suits s + 1 and s + 2 (only their ranks count: at most two board cards of
    other suits make no flush), and the number of boards each stands for."""
    odk = np.zeros((4, 105), dtype=np.uint64)
    ow = np.zeros((4, 105), dtype=np.int64)
    one, two = _R1 >= 0, _R2 >= 0
    for s in range(4):
        o1, o2 = (s + 1) & 3, (s + 2) & 3
        off = avail - ((int(amask[s]) >> np.arange(13)) & 1)      # cards of rank r not s
        odk[s, one] = T.ckey[4 * _R1[one] + o1]
        odk[s, two] += T.ckey[4 * _R2[two] + o2]
        ow[s, 0] = 1
        ow[s, 1:14] = off
        a, b = off[_R1[14:]], off[_R2[14:]]
        ow[s, 14:] = np.where(_R1[14:] == _R2[14:], a * (a - 1) // 2, a * b)
    return odk, ow


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
    global _MKEYS
    if _MKEYS is None:
        _MKEYS = nx.KEY_START + rkey[_RANKS5].sum(axis=1, dtype=np.uint64)
    cnt = np.zeros((P, P + 1), dtype=np.int64)
    ckey, csrm, clow, cbit, disp, high, flush = TA[:7]
    odk, ow = _others(T, avail, amask)
    _walk(hk.astype(np.uint64), hs.astype(np.uint64), avail, amask, _RANKS5, _MKEYS, _COMB,
          odk, ow, ckey, disp, high, flush, cnt, part0, part1)
    return cnt[None, :, :]
