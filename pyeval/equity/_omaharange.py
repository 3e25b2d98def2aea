"""Omaha and Omaha hi/lo equity kernels for range players: Monte Carlo (each range drawn by
its weights, the whole draw thrown away when two hands share a card, the unknown cards then
dealt from the cards left) and exact enumeration (every compatible choice of hands, every
board), both counting each deal by the masks of its high and low winners as the
fixed-hand kernel does (:mod:`._omahamc`), scored by its :func:`._omahamc.mask_stats`.

Each player's high is the Omaha lookup :func:`pyeval.numba_ext.omaha_v` (the C
evaluator's tables), the low :func:`pyeval.numba_ext.omaha_low8_v`: no second evaluator.

>>> from pyeval.equity.omaha_equity import omaha_equity
>>> r = omaha_equity("omaha", ["AA**", "KsKh**"], samples=40_000, seed=1)
>>> bool(abs(r.players[0].equity - 0.68) < 0.02), r.exact
(True, False)
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from pyeval import numba_ext as nx
from pyeval.equity._workers import run_workers
from pyeval.numba_linked import linked
from pyeval.numba_mem import fetch_add, ld8, ld16, ld64, ldi64
from pyeval.numba_rng import LOW32, draw, next_word, word_stream

_U32 = np.uint64(32)
_LOW8 = np.uint64(0xFF)
#: a hole card not yet known
NONE = 255
#: range draws tried for one deal before giving up (ranges that almost never fit)
MAX_TRIES = 10_000_000


class RangeHands(NamedTuple):
    """The range players' hands, every range one after the other."""

    cards: np.ndarray      # uint8[N, H] each hand's cards
    masks: np.ndarray      # uint64[N]
    off: np.ndarray        # int64[R + 1] where range r starts
    keep: np.ndarray       # uint64[N] alias thresholds (weighted ranges)
    alias: np.ndarray      # int64[N] alias targets
    weighted: np.ndarray   # bool[R]


class Seats(NamedTuple):
    """Who holds what: range index of each player (-1: known cards and unknown ones in
    ``hole0``), the known board, the cards that may be dealt."""

    rng: np.ndarray        # int64[P]
    hole0: np.ndarray      # uint8[P, H], NONE for a card to deal
    board0: np.ndarray     # uint8[5], NONE for a card to deal
    deck: np.ndarray       # uint8[D]
    lows: bool


@njit(cache=True, inline="always")
def _below(s, n):
    """A uniform integer in [0, n) (Lemire, one word; n < 2**32). Returns (state, int)."""
    nn = np.uint64(n)
    s, x = next_word(s)
    m = (x >> _U32) * nn
    thr = (np.uint64(1) << _U32) % nn
    while (m & LOW32) < thr:
        s, x = next_word(s)
        m = (x >> _U32) * nn
    return s, np.int64(m >> _U32)


@linked(cache=True)
def _score(hole, P, H, board, lows, TA, vals):
    """The mask of a deal's winners: bit p when player p has the best high, bit P + p when
    it has the best qualifying low (no low bits when no low qualifies). ``hole`` [P, H]
    and ``board`` [5] hold the cards."""
    ckey, csrm, clow = TA.ckey, TA.csrm, TA.clow
    bk = nx.KEY_START
    bs = np.uint64(0)
    bl = np.uint64(0)
    for i in range(5):
        c = board[i]
        bk += ld64(ckey, c)
        bs |= ld64(csrm, c)
        bl |= np.uint64(ld16(clow, c))
    best = np.uint64(0)
    base = np.uint64(hole.ctypes.data)
    for p in range(P):
        hk = np.uint64(0)
        hs = np.uint64(0)
        hl = np.uint64(0)
        for j in range(H):
            c = hole[p, j]
            hk += ld64(ckey, c)
            hs |= ld64(csrm, c)
            hl |= np.uint64(ld16(clow, c))
        v = nx.omaha_v(base + np.uint64(p * H), H, hk, hs, bk, bs, TA.flush, TA.board_disp,
                       TA.board_id, TA.om_high, TA.pair_id)
        vals[p] = v
        vals[P + p] = nx.omaha_low8_v(bl, hl & _LOW8, TA.om_low8) if lows else 0
        best = max(best, v)
    m = 0
    lbest = np.uint64(0)
    for p in range(P):
        m |= np.int64(vals[p] == best) << p
        lbest = max(lbest, vals[P + p])
    if lbest != 0:
        for p in range(P):
            m |= np.int64(vals[P + p] == lbest) << (P + p)
    return m


@njit(cache=True, inline="always")
def _card(s, deck, nD, thr, used):
    """A card of ``deck`` not in ``used``, drawn uniformly (a held card drawn again).
    Returns (state, card, used with it)."""
    while True:
        s, x = next_word(s)
        i, s = draw(x >> _U32, nD, thr, s)
        c = deck[i]
        bit = np.uint64(1) << np.uint64(c)
        if not used & bit:
            return s, c, used | bit


@linked(cache=True)
def _deal(s, RH, SE, hole, board):
    """One deal: each range's hand drawn (again, all of them, until no two share a card),
    then every unknown hole and board card from the deck (which holds no known card), a
    card a range hand holds drawn again. Returns (state, range draws tried)."""
    P, H = hole.shape
    tries = 0
    used = np.uint64(0)
    while True:
        tries += 1
        used = np.uint64(0)
        ok = True
        for p in range(P):
            r = SE.rng[p]
            if r < 0:
                continue
            a = RH.off[r]
            s, j = _below(s, RH.off[r + 1] - a)
            if RH.weighted[r]:
                s, x = next_word(s)
                if (x & LOW32) >= RH.keep[a + j]:
                    j = RH.alias[a + j]
            m = RH.masks[a + j]
            if used & m:
                ok = False
                break
            used |= m
            for k in range(H):
                hole[p, k] = RH.cards[a + j, k]
        if ok:
            break
        if tries >= MAX_TRIES:
            return s, -1
    nD = np.uint64(SE.deck.shape[0])
    thr = (np.uint64(1) << _U32) % nD
    for p in range(P):
        if SE.rng[p] >= 0:
            continue
        for k in range(H):
            c = SE.hole0[p, k]
            if c == NONE:
                s, c, used = _card(s, SE.deck, nD, thr, used)
            hole[p, k] = c
    for k in range(5):
        c = SE.board0[k]
        if c == NONE:
            s, c, used = _card(s, SE.deck, nD, thr, used)
        board[k] = c
    return s, tries


@njit(cache=True, nogil=True)
def _mc_work(ctr, RH, SE, seed, chunk0, nsamp, TA, out, att):
    """Worker of :func:`range_mc`: chunk i seeded from (seed, chunk0 + i)."""
    P, H = SE.hole0.shape
    hole = np.zeros((P, H), dtype=np.uint8)
    board = np.zeros(5, dtype=np.uint8)
    vals = np.zeros(2 * P, dtype=np.uint64)
    a_ctr = np.uint64(ctr.ctypes.data)
    while True:
        ci = fetch_add(a_ctr, 1)
        if ci >= nsamp.shape[0]:
            break
        s = word_stream(seed, chunk0 + ci)
        for _ in range(nsamp[ci]):
            s, t = _deal(s, RH, SE, hole, board)
            if t < 0:
                att[ci] = -1
                break
            att[ci] += t
            out[ci, _score(hole, P, H, board, SE.lows, TA, vals)] += 1


def range_mc(RH: RangeHands, SE: Seats, seed: int, chunk0: int, nsamp: np.ndarray,
             threads: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Monte Carlo over ``len(nsamp)`` chunks: (counts by winners' mask [chunks, 2**P or
    4**P], range draws tried [chunks])."""
    T = nx.kernel_tables()
    P = SE.hole0.shape[0]
    out = np.zeros((len(nsamp), 1 << (2 * P if SE.lows else P)), dtype=np.int64)
    att = np.zeros(len(nsamp), dtype=np.int64)
    run_workers(_mc_work, threads, len(nsamp), RH, SE, np.uint64(seed), np.int64(chunk0),
                nsamp, T.addrs, out, att)
    return out, att


@njit(cache=True, nogil=True)
def _exact_work(ctr, tuples, tw, cards, SE, TA, out):
    """Worker of :func:`range_exact`: task i is the compatible choice ``tuples[i]`` (rows
    of ``cards``, one per player), every board of the cards left counted
    with weight ``tw[i]`` into ``out[i]``."""
    P, H = SE.hole0.shape
    hole = np.zeros((P, H), dtype=np.uint8)
    board = np.zeros(5, dtype=np.uint8)
    vals = np.zeros(2 * P, dtype=np.uint64)
    pool = np.zeros(52, dtype=np.uint8)
    idx = np.zeros(5, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    nb = 0
    for k in range(5):
        if SE.board0[k] != NONE:
            board[k] = SE.board0[k]
            nb += 1
    U = 5 - nb
    while True:
        t = fetch_add(a_ctr, 1)
        if t >= tuples.shape[0]:
            break
        used = np.uint64(0)
        for p in range(P):
            j = tuples[t, p]
            for k in range(H):
                c = cards[j, k]
                hole[p, k] = c
                used |= np.uint64(1) << np.uint64(c)
        n = 0
        for c in SE.deck:
            if not used & (np.uint64(1) << np.uint64(c)):
                pool[n] = c
                n += 1
        for k in range(U):
            idx[k] = k
        while True:
            for k in range(U):
                board[nb + k] = pool[idx[k]]
            out[t, _score(hole, P, H, board, SE.lows, TA, vals)] += tw[t]
            k = U - 1
            while k >= 0 and idx[k] == n - U + k:
                k -= 1
            if k < 0:
                break
            idx[k] += 1
            for q in range(k + 1, U):
                idx[q] = idx[q - 1] + 1


def range_exact(tuples: np.ndarray, tw: np.ndarray, cards: np.ndarray, SE: Seats,
                threads: int = 1) -> np.ndarray:
    """Exact sums by winners' mask, one row per compatible choice (weights ``tw`` times
    the count of boards)."""
    T = nx.kernel_tables()
    P = SE.hole0.shape[0]
    out = np.zeros((len(tuples), 1 << (2 * P if SE.lows else P)), dtype=np.float64)
    run_workers(_exact_work, threads, len(tuples), tuples, tw, cards, SE, T.addrs, out)
    return out
