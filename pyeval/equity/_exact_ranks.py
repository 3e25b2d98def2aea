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

Both steps run in one kernel (:func:`_walk`) with one copy of the count, which keeps the
first exact call's compile short (issue 13).

>>> from pyeval.equity._inputs import known_hands
>>> T, hk, hs, deck = known_hands("AcAd", "KhKs")
>>> cnt = holdem_exact_ranks(hk, hs, deck, T.addrs)
>>> [int(x) for x in cnt[0, 0]], [int(x) for x in cnt[0, 1]]     # boards won, tied
([0, 1388072, 6538], [0, 317694, 6538])
"""
from __future__ import annotations

import itertools
from typing import Any

import numpy as np
from numba import njit

from pyeval.equity._showdown import raise_best
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_mem import ld16

_ONE = 13 * 6


def _multisets() -> list[list[int]]:
    """The 6,188 multisets of five ranks as codes 6 * rank + times, padded with _ONE."""
    out = []
    for row in itertools.combinations_with_replacement(range(13), 5):
        u = sorted(set(row))
        out.append([6 * r + row.count(r) for r in u] + [_ONE] * (5 - len(u)))
    return out


#: the multisets of five ranks [6188, 5] (runs: 6 * rank + times) and their ranks
_CODES5 = np.array(_multisets(), dtype=np.int64)
_CODE_COLS = [np.ascontiguousarray(_CODES5[:, i]) for i in range(5)]
_RANKS5 = np.array(list(itertools.combinations_with_replacement(range(13), 5)), np.int64)
_MKEYS: np.ndarray | None = None
#: the ranks of the stand-ins of :func:`_others` (-1: none)
_R1 = np.array([-1] + list(range(13)) + [r for r in range(13) for _ in range(r + 1)])
_R2 = np.array([-1] * 14 + [r2 for r in range(13) for r2 in range(r + 1)])
_COMB = np.array([[1, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0], [1, 2, 1, 0, 0, 0],
                  [1, 3, 3, 1, 0, 0], [1, 4, 6, 4, 1, 0]], dtype=np.int64)   # C(a, m)
#: the 13-bit masks of k ranks, k = 3, 4, 5, and their bits [n, 13]
_POP = np.array([bin(m).count("1") for m in range(8192)])
_SUBS = {k: np.flatnonzero(np.equal(_POP, k)).astype(np.int64) for k in (3, 4, 5)}
_SBITS = {k: ((m[:, None] >> np.arange(13)) & 1).astype(np.uint64) for k, m in _SUBS.items()}
#: the stand-in rows of :func:`_others` for k cards of the suit
_ROWS = {5: (0, 1), 4: (1, 14), 3: (14, 105)}
_SUBKEYS: dict[tuple[int, int], np.ndarray] = {}


@njit(cache=True)
def _walk(hk, SK, SW, gj, gk, greal, gsub, disp, high, cnt, vals):
    """The walk's groups g into ``cnt`` [P, P + 1]: boards of keys ``gk[g] + SK[j]`` (from
    KEY_START), ``SW[j]`` of each, for ``gj[g, 0] <= j < gj[g, 1]``, counted
    for the outcome in which the players with a flush (``greal[g, p]`` > 0) have that value
    and the others their ranks' value; where ``gsub[g]`` is 1 taken off the ranks-only
    outcome too (step 1 counted them). One small loop with one copy of the count: the
    first exact call's compile is what this kernel costs."""
    P = hk.shape[0]
    for g in range(gj.shape[0]):
        kk = gk[g]
        sub = gsub[g]
        for j in range(gj[g, 0], gj[g, 1]):
            w = SW[j]
            if w == 0:
                continue
            bk = kk + SK[j]
            best = np.uint64(0)
            nb = 0
            rbest = np.uint64(0)
            rnb = 0
            for p in range(P):
                v = np.uint64(ld16(high, nx.main_slot((bk + hk[p]) & nx.LOW32, disp)))
                vals[p] = v
                best, nb = raise_best(v, best, nb)
                rv = greal[g, p] if greal[g, p] != 0 else v
                rbest, rnb = raise_best(rv, rbest, rnb)
            for p in range(P):
                if vals[p] == best:
                    cnt[p, nb] -= w * sub
                rv = greal[g, p] if greal[g, p] != 0 else vals[p]
                if rv == rbest:
                    cnt[p, rnb] += w


@njit(cache=True)
def _walk2(hk, SK, SW, gj, gk, greal, gsub, disp, high, cnt):
    """:func:`_walk` for two players: the outcome of each board is one of three (hand 0
    wins, hand 1 wins, a tie), counted in three integers in registers instead of through
    the players' array, branch-free. The same counts as :func:`_walk`, exactly
    (tests/equity/test_exact_ranks.py)."""
    h0 = hk[0]
    h1 = hk[1]
    c0 = 0
    c1 = 0
    ct = 0
    for g in range(gj.shape[0]):
        kk = gk[g]
        sub = gsub[g]
        r0 = greal[g, 0]
        r1 = greal[g, 1]
        for j in range(gj[g, 0], gj[g, 1]):
            w = SW[j]
            if w == 0:
                continue
            bk = kk + SK[j]
            v0 = np.uint64(ld16(high, nx.main_slot((bk + h0) & nx.LOW32, disp)))
            v1 = np.uint64(ld16(high, nx.main_slot((bk + h1) & nx.LOW32, disp)))
            q0 = r0 if r0 != 0 else v0
            q1 = r1 if r1 != 0 else v1
            d = w * sub
            c0 += w * (q0 > q1) - d * (v0 > v1)
            c1 += w * (q1 > q0) - d * (v1 > v0)
            ct += w * (q0 == q1) - d * (v0 == v1)
    cnt[0, 1] += c0
    cnt[1, 1] += c1
    cnt[0, 2] += ct
    cnt[1, 2] += ct


_ODK: np.ndarray | None = None


def _others(T: Any, avail: np.ndarray, amask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each suit s, stand-ins for the cards of a flush board not of suit s: row 0 none,
    rows 1..13 one card of each rank, rows 14..104 two (ranks r >= r2), as key sums of
    cards of suits s + 1 and s + 2 (only their ranks count: at most two board cards of
    other suits make no flush), and the number of boards each stands for."""
    global _ODK
    S = np.arange(4)[:, None]
    if _ODK is None:
        odk = np.zeros((4, 105), dtype=np.uint64)
        odk[:, 1:] = T.ckey[4 * _R1[None, 1:] + ((S + 1) & 3)]
        odk[:, 14:] += T.ckey[4 * _R2[None, 14:] + ((S + 2) & 3)]
        _ODK = odk
    off = avail[None, :] - ((amask[:, None] >> np.arange(13)[None, :]) & 1)   # not of s
    ow = np.empty((4, 105), dtype=np.int64)
    ow[:, 0] = 1
    ow[:, 1:14] = off
    a, b = off[:, _R1[14:]], off[:, _R2[14:]]
    ow[:, 14:] = np.where(_R1[14:] == _R2[14:], a * (a - 1) // 2, a * b)
    return _ODK, ow


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
    hk = hk.astype(np.uint64)
    hs = hs.astype(np.uint64)
    avail = np.zeros(13, dtype=np.int64)
    amask = np.zeros(4, dtype=np.int64)
    for c in bdeck.tolist():
        avail[c >> 2] += 1
        amask[c & 3] |= 1 << (c >> 2)
    global _MKEYS
    if _MKEYS is None:
        rkey = (T.ckey[4 * np.arange(13)] & np.uint64(0xFFFFFFFF)).astype(np.uint64)
        _MKEYS = nx.KEY_START + rkey[_RANKS5].sum(axis=1, dtype=np.uint64)
    # one table of boards by the ranks of their cards: the stand-ins of step 2, suit s at
    # rows 105 s + (0, 1-13, 14-104) for k = 5, 4, 3 cards of s; the multisets of step 1
    # from row 420
    odk, ow = _others(T, avail, amask)
    tab = np.ones(_ONE + 1, dtype=np.int64)
    tab[:_ONE] = _COMB[avail].ravel()
    SK = np.concatenate([odk.ravel(), _MKEYS])
    w5 = tab[_CODE_COLS[0]]
    for col in _CODE_COLS[1:]:
        w5 = w5 * tab[col]
    SW = np.concatenate([ow.ravel(), w5])
    # groups: step 1 (one), then every subset m of suit s's ranks left with k >= 3 of them
    # where somebody can make a flush: its board key and the flush values
    gj, gk, greal, gsub = [], [], [], []
    if part0 == 0:
        gj.append(np.array([[420, len(SK)]]))
        gk.append(np.zeros(1, dtype=np.uint64))
        greal.append(np.zeros((1, P), dtype=np.uint64))
        gsub.append(np.zeros(1, dtype=np.int64))
    for s in range(max(part0 - 1, 0), part1 - 1):
        held = (hs >> np.uint64(16 * s)) & np.uint64(0x1FFF)
        n_held = [bin(int(h)).count("1") for h in held]
        most = max(n_held)
        for k in range(3 if most >= 2 else 5 - most, 6):
            subs = _SUBS[k]
            on = np.flatnonzero((subs & ~int(amask[s])) == 0)
            if not len(on):
                continue
            keys = _SUBKEYS.get((s, k))
            if keys is None:
                keys = _SUBKEYS[(s, k)] = nx.KEY_START + _SBITS[k] @ T.ckey[4 * np.arange(13) + s]
            m = subs[on]
            real = np.zeros((len(on), P), dtype=np.uint64)
            for p in range(P):
                if n_held[p] + k >= 5:
                    real[:, p] = T.flush[m | int(held[p])]
            j0, j1 = _ROWS[k]
            gj.append(np.broadcast_to(np.array([105 * s + j0, 105 * s + j1]), (len(on), 2)))
            gk.append(keys[on])
            greal.append(real)
            gsub.append(np.ones(len(on), dtype=np.int64))
    cnt = np.zeros((P, P + 1), dtype=np.int64)
    if gj:
        args = (hk, SK, SW, np.concatenate(gj), np.concatenate(gk), np.concatenate(greal),
                np.concatenate(gsub), TA.disp, TA.high, cnt)
        if P == 2:
            _walk2(*args)
        else:
            _walk(*args, np.zeros(P, dtype=np.uint64))
    return cnt[None, :, :]
