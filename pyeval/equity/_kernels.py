"""Numba kernels: Monte Carlo and exact enumeration over the evaluator tables.

The evaluations are inlined from the C tables (see ``pyeval.numba_ext`` and csrc/keys.h):
a hand's additive key is the board's key plus each hole card's key, so the board is summed
once per deal and each player adds only its own cards. Flushes are read from a 64-bit
"suit-rank mask" (bit ``16 * suit + rank`` per card), so the flush table is indexed without
looking at the cards again. Omaha calls the C evaluator.

The helpers take table and scratch *addresses* and read them through :mod:`._mem`, so that
inlining them costs no reference counting (see there). Each parallel chunk or task works in
its own padded slice of one scratch arena.

Randomness: each chunk of samples has its own stream, seeded from ``(seed, chunk index)``,
and writes its own row of sums; the rows are added in chunk order afterwards. The answer is
therefore the same whatever the number of threads.

>>> import numpy as np
>>> from pyeval import high, cards
>>> t = tables()
>>> c = cards("As Ks Qs Js Ts 2c 3d")
>>> key = KEY_START + t.ckey[c].sum(dtype=np.uint64)
>>> srm = np.bitwise_or.reduce(t.csrm[c])
>>> a = t.addrs
>>> int(hv_at(key, srm, a)) == high(c)
True
"""
from __future__ import annotations

import os
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from pyeval import numba_ext as nx

# Numba's OpenMP threads wait for work by spinning unless told otherwise. When the machine
# has other work, a spinning thread and a working one end up sharing a core, and two threads
# run at a third of the speed of one (measured). Waiting passively costs microseconds per
# parallel call and nothing on an idle machine. This must be set before OpenMP starts (the
# first parallel call of the process); an explicit setting by the user wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
from pyeval.equity._mem import fetch_add, ld8, ld16, ld32, ld64, ldf, ldi64, st8, st64, stf, sti64

# ------------------------------------------------------------------------------ constants

KEY_START = np.uint64(0x3333 << 32)
FLUSH_BITS = np.uint64(0x8888 << 32)
MULT = np.uint64(0x9E3779B1)
ROW_BITS = 13
SLOT_BITS = 17
ROW_SHIFT = np.uint64(32 - ROW_BITS)
SLOT_MASK = np.uint64((1 << SLOT_BITS) - 1)
LOW32 = np.uint64(0xFFFFFFFF)
DECK_BITS = np.uint64((1 << 52) - 1)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
BATCH_BOUND = np.uint64(1 << 62)
AS_CARD = 51                 # the ace of spades (Chicago)
NONE = 255                   # an unknown card slot

# per-player statistics, summed (weighted in exact runs)
S_SHARE, S_SHARE2, S_WIN, S_TIE, S_HWIN, S_HTIE, S_LWIN, S_LTIE = range(8)
NSTAT = 8

# evaluation kinds and splits (mirrors pyeval.equity.games)
K_HOLDEM, K_OMAHA, K_SUPER8, K_TAHOE, K_STUD, K_RAZZ, K_FIVE, K_BUFFALO, K_CROC = range(9)
SP_NONE, SP_LOW8, SP_CHICAGO = 0, 1, 2

#: iterations of every parallel loop; each takes chunks of work until none is left, so any
#: number of threads up to this many shares the work evenly
WORKERS = 64

# ways of dealing (see deal_fy, deal_idx)
DEAL_SHUFFLE, DEAL_INDEP = 0, 2


class Tables(NamedTuple):
    """Card and hand tables the kernels read (views of the C tables plus card masks)."""

    ckey: np.ndarray     # uint64[256] additive card key (0 past 51)
    csrm: np.ndarray     # uint64[256] 1 << (16 * suit + rank)
    clow: np.ndarray     # uint64[256] 1 << ace-low rank
    cbit: np.ndarray     # uint64[256] 1 << card
    disp: np.ndarray     # uint32 displacement per row of the main perfect hash
    high: np.ndarray     # uint16 non-flush high value by slot
    flush: np.ndarray    # uint16[8192] by 13-bit suit mask
    razz: np.ndarray     # uint16 razz value by slot
    razzm: np.ndarray    # uint16[8192] razz by ace-low rank mask
    low8m: np.ndarray    # uint16[256] 8-or-better by mask of A..8
    om_row: np.ndarray   # uint32[1 << SLOT_BITS] Omaha: board row offset by main-hash slot
    om_high: np.ndarray  # uint16[6175 * 91] Omaha: best non-flush value by board and pair
    om_low8: np.ndarray  # uint8[65536] Omaha 8-or-better by board and hole A..8 masks
    pair_id: np.ndarray  # uint8[169] index of an unordered pair of ranks

    @property
    def addrs(self) -> tuple:
        """The tables' addresses, in field order, as the kernels take them."""
        return tuple(np.uint64(a.ctypes.data) for a in self)


_TABLES: Tables | None = None


def tables(omaha: bool = False) -> Tables:
    """The tables, built once (checks that the C constants are the ones compiled in);
    ``omaha=True`` also builds the Omaha tables (see :func:`build_omaha`)."""
    global _TABLES
    if _TABLES is None:
        t = nx.tables()
        if (t.mult, t.row_bits, t.slot_bits) != (int(MULT), ROW_BITS, SLOT_BITS):
            raise RuntimeError("the C perfect-hash constants changed; update "
                               "pyeval/equity/_kernels.py")  # pragma: no cover
        c = np.arange(256)
        ok = c < 52
        sh = np.where(ok, (c & 3) * 16 + (c >> 2), 0).astype(np.uint64)
        csrm = np.where(ok, np.left_shift(np.uint64(1), sh), 0).astype(np.uint64)
        cb = np.where(ok, c, 0).astype(np.uint64)
        cbit = np.where(ok, np.left_shift(np.uint64(1), cb), 0).astype(np.uint64)
        ckey = np.array(t.card_key, dtype=np.uint64)
        ckey[52:] = 0
        clow = t.card_lowbit.astype(np.uint64)
        clow[52:] = 0
        one = np.zeros(1, dtype=np.uint8)          # the Omaha tables come on first use
        _TABLES = Tables(ckey, csrm, clow, cbit,
                         np.ascontiguousarray(t.disp), np.ascontiguousarray(t.high),
                         np.ascontiguousarray(t.flush), np.ascontiguousarray(t.razz),
                         np.ascontiguousarray(t.razz_mask), np.ascontiguousarray(t.low8_mask),
                         one, one, one, one)
    if omaha and _TABLES.om_high.shape[0] == 1:
        om_row, om_high, om_low8, pair_id = build_omaha(_TABLES.disp, _TABLES.high,
                                                        _TABLES.low8m)
        _TABLES = _TABLES._replace(om_row=om_row, om_high=om_high, om_low8=om_low8,
                                   pair_id=pair_id)
    return _TABLES


# ------------------------------------------------------------------------------ evaluation

@njit(cache=True, inline="always")
def hv(key, srm, disp, high, flush):
    """High value of up to seven cards from their summed key (with KEY_START) and OR-ed
    suit-rank mask. With five cards of a suit among seven no full house or quads is
    possible, so the flush table's answer is final."""
    fl = key & FLUSH_BITS
    if fl != 0:
        x = fl >> np.uint64(35)
        sh = np.uint64(0)
        if x & np.uint64(0x10):
            sh = np.uint64(16)
        elif x & np.uint64(0x100):
            sh = np.uint64(32)
        elif x & np.uint64(0x1000):
            sh = np.uint64(48)
        return np.uint64(ld16(flush, (srm >> sh) & np.uint64(0x1FFF)))
    rk = key & LOW32
    row = ((rk * MULT) & LOW32) >> ROW_SHIFT
    slot = (rk + np.uint64(ld32(disp, row))) & SLOT_MASK
    return np.uint64(ld16(high, slot))


@njit(cache=True)
def hv_at(key, srm, TA):
    """:func:`hv` with the table addresses of :attr:`Tables.addrs` (for tests)."""
    return hv(key, srm, TA[4], TA[5], TA[6])


@njit(cache=True, inline="always")
def razz_v(key, low, disp, razz, razzm):
    """Razz value from the key and the OR of the cards' ace-low rank bits: five distinct
    ranks are read from the mask table, paired hands through the perfect hash."""
    v = ld16(razzm, low & np.uint64(0x1FFF))
    if v != 0:
        return np.uint64(v)
    rk = key & LOW32
    row = ((rk * MULT) & LOW32) >> ROW_SHIFT
    slot = (rk + np.uint64(ld32(disp, row))) & SLOT_MASK
    return np.uint64(ld16(razz, slot))


@njit(cache=True)
def drop_best(key, srm, cards, lo, hi_, ckey, csrm, disp, high, flush):
    """Best high value over leaving out one of the cards cards[lo:hi_] (an address)."""
    best = np.uint64(0)
    for i in range(lo, hi_):
        c = ld8(cards, i)
        v = hv(key - ld64(ckey, c), srm & ~ld64(csrm, c), disp, high, flush)
        if v > best:
            best = v
    return best


@njit(cache=True)
def _slot(rk, disp):
    row = ((rk * MULT) & LOW32) >> ROW_SHIFT
    return (rk + np.uint64(disp[row])) & SLOT_MASK


@njit(cache=True)
def build_omaha(disp, high, low8m):
    """Omaha tables, the same scheme as csrc/omaha.c. Without flushes the best hand of a
    hole pair on a five-card board depends only on the pair's ranks (91 pairs) and the
    board's rank multiset (6,175): ``om_high`` holds, per board, a row of 91 values, and
    ``om_row`` finds the row from the board's rank key through the main perfect hash (it
    separates every multiset of up to seven ranks, boards included). The 8-or-better low
    depends only on the sets of low ranks of board and hand: ``om_low8[B << 8 | H]`` is the
    best low of two distinct ranks of H with the three lowest other ranks of B."""
    pow5 = np.zeros(13, dtype=np.uint64)
    x = np.uint64(1)
    for r in range(13):
        pow5[r] = x
        x *= np.uint64(5)
    pair_id = np.zeros(169, dtype=np.uint8)
    n = 0
    for a in range(13):
        for b in range(a, 13):
            pair_id[a * 13 + b] = n
            pair_id[b * 13 + a] = n
            n += 1
    om_row = np.zeros(1 << SLOT_BITS, dtype=np.uint32)
    om_high = np.zeros(6175 * 91, dtype=np.uint16)
    rr = np.zeros(5, dtype=np.int64)
    cnt = np.zeros(13, dtype=np.int64)
    nb = 0
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        if r0 == r4:
                            continue                 # five of a rank: not a board
                        rr[0], rr[1], rr[2], rr[3], rr[4] = r0, r1, r2, r3, r4
                        cnt[:] = 0
                        key = np.uint64(0)
                        for i in range(5):
                            cnt[rr[i]] += 1
                            key += pow5[rr[i]]
                        om_row[_slot(key, disp)] = nb * 91
                        for a in range(13):
                            for b in range(a, 13):
                                two = 2 if a == b else 1
                                if cnt[a] + two > 4 or cnt[b] + two > 4:
                                    continue         # a fifth card of a rank: no such hand
                                best = np.uint16(0)
                                for i in range(5):
                                    for j in range(i + 1, 5):
                                        for k in range(j + 1, 5):
                                            kk = pow5[a] + pow5[b] + pow5[rr[i]] \
                                                + pow5[rr[j]] + pow5[rr[k]]
                                            v = high[_slot(kk, disp)]
                                            if v > best:
                                                best = v
                                om_high[nb * 91 + pair_id[a * 13 + b]] = best
                        nb += 1
    om_low8 = np.zeros(65536, dtype=np.uint8)
    for B in range(256):
        for H in range(256):
            best = 0
            for i in range(8):
                if not (H >> i) & 1:
                    continue
                for j in range(i + 1, 8):
                    if not (H >> j) & 1:
                        continue
                    pair = (1 << i) | (1 << j)
                    rest = B & ~pair
                    low3 = 0
                    got = 0
                    for q in range(8):
                        if got < 3 and (rest >> q) & 1:
                            low3 |= 1 << q
                            got += 1
                    if got == 3:
                        v = low8m[pair | low3]
                        if v > best:
                            best = v
            om_low8[(B << 8) | H] = best
    return om_row, om_high, om_low8, pair_id


OM_BOARD = np.uint64(0x2222 << 32)   # board counters from 3 to 5: bit 3 set at 3 cards
OM_HOLE = np.uint64(0x6666 << 32)    # hole counters from 0 to 6: bit 3 set at 2 cards


@njit(cache=True)
def omaha_flush(fl, bs, hs, flush):
    """Best flush of exactly two hole cards and three board cards in the suit of ``fl``
    (the slow path: a suit with three board cards and two hole cards)."""
    x = fl >> np.uint64(35)
    best = np.uint64(0)
    for s in range(4):
        if not (x >> np.uint64(4 * s)) & np.uint64(1):
            continue
        B = (bs >> np.uint64(16 * s)) & np.uint64(0x1FFF)
        Hm = (hs >> np.uint64(16 * s)) & np.uint64(0x1FFF)
        b1 = B
        while b1:
            l1 = b1 & (~b1 + np.uint64(1))
            b1 ^= l1
            b2 = b1
            while b2:
                l2 = b2 & (~b2 + np.uint64(1))
                b2 ^= l2
                b3 = b2
                while b3:
                    l3 = b3 & (~b3 + np.uint64(1))
                    b3 ^= l3
                    h1 = Hm
                    while h1:
                        m1 = h1 & (~h1 + np.uint64(1))
                        h1 ^= m1
                        h2 = h1
                        while h2:
                            m2 = h2 & (~h2 + np.uint64(1))
                            h2 ^= m2
                            v = np.uint64(ld16(flush, l1 | l2 | l3 | m1 | m2))
                            if v > best:
                                best = v
    return best


@njit(cache=True, inline="always")
def omaha_v(hole, H, hk, hs, bk, bs, disp, flush, om_row, om_high, pair_id):
    """Omaha high of H hole cards at ``hole`` on a five-card board: the best entry of the
    board's row over the hole pairs, and the flush slow path when a suit has three board
    and two hole cards."""
    rk = bk & LOW32
    sl = (rk + np.uint64(ld32(disp, ((rk * MULT) & LOW32) >> ROW_SHIFT))) & SLOT_MASK
    row = np.uint64(ld32(om_row, sl))
    best = np.uint64(0)
    for i in range(H):
        ri = np.uint64(ld8(hole, i) >> 2) * np.uint64(13)
        for j in range(i + 1, H):
            v = np.uint64(ld16(om_high, row + np.uint64(ld8(pair_id, ri + (ld8(hole, j) >> 2)))))
            if v > best:
                best = v
    fl = ((bk + OM_BOARD) & (hk + OM_HOLE)) & FLUSH_BITS
    if fl != 0:
        v = omaha_flush(fl, bs, hs, flush)
        if v > best:
            best = v
    return best


@njit(cache=True, inline="always")
def eval_player(kind, split, hole, H, board, NB, hk, hs, hl, bk, bs, bl, TA):
    """(high, low) of one player. ``hole``/``board``: addresses of the cards; ``hk/hs/hl``
    the hole cards' key, suit-rank mask and ace-low bits, ``bk/bs/bl`` the board's (``bk``
    includes KEY_START). low is 0 when the game has no low half or no low qualifies."""
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    om_row, om_high, om_low8, pair_id = TA[10:]
    key = bk + hk
    srm = bs | hs
    lo = np.uint64(0)
    if kind == K_HOLDEM or kind == K_STUD or kind == K_FIVE:
        hi = hv(key, srm, disp, high, flush)
    elif kind == K_OMAHA:
        hi = omaha_v(hole, H, hk, hs, bk, bs, disp, flush, om_row, om_high, pair_id)
        if split == SP_LOW8:
            lo = np.uint64(ld8(om_low8, ((bl & np.uint64(0xFF)) << np.uint64(8))
                               | (hl & np.uint64(0xFF))))
        return hi, lo
    elif kind == K_RAZZ:
        hi = razz_v(key, bl | hl, disp, razz, razzm)
    elif kind == K_SUPER8:
        # best five of eight = the best of the eight seven-card hands
        hi = drop_best(key, srm, hole, 0, H, ckey, csrm, disp, high, flush)
        hb = drop_best(key, srm, board, 0, NB, ckey, csrm, disp, high, flush)
        if hb > hi:
            hi = hb
    elif kind == K_TAHOE:
        # at most two of three hole cards: leave one out
        hi = drop_best(key, srm, hole, 0, H, ckey, csrm, disp, high, flush)
    elif kind == K_BUFFALO:
        # at most two of the first three down cards: leave one of them out
        hi = drop_best(key, srm, hole, 0, 3, ckey, csrm, disp, high, flush)
    else:
        # Crocodile, at most one of the two down cards: leave one of them out
        hi = drop_best(key, srm, hole, 0, 2, ckey, csrm, disp, high, flush)
    if split == SP_LOW8:
        lo = np.uint64(ld16(low8m, (bl | hl) & np.uint64(0xFF)))
    return hi, lo


@njit(cache=True, inline="always")
def score(split, P, hi, lo, holder, st, w):
    """Adds one showdown of weight w to the per-player sums at ``st`` (float64[P, NSTAT]).
    ``hi``/``lo``: addresses of the players' values; ``holder``: the player with the ace of
    spades in the hole (Chicago), or -1. With no qualifying low (or no holder) the high
    hand takes the whole pot."""
    best = np.uint64(0)
    kh = 0
    for p in range(P):
        v = ld64(hi, p)
        if v > best:
            best = v
            kh = 1
        elif v == best:
            kh += 1
    bl = np.uint64(0)
    kl = 0
    if split == SP_LOW8:
        for p in range(P):
            v = ld64(lo, p)
            if v > bl:
                bl = v
                kl = 1
            elif v == bl and v != 0:
                kl += 1
    halves = (split == SP_LOW8 and kl > 0) or (split == SP_CHICAGO and holder >= 0)
    for p in range(P):
        share = 0.0
        o = p * NSTAT
        if ld64(hi, p) == best:
            share = (0.5 if halves else 1.0) / kh
            if kh == 1:
                stf(st, o + S_HWIN, ldf(st, o + S_HWIN) + w)
            else:
                stf(st, o + S_HTIE, ldf(st, o + S_HTIE) + w)
        if halves:
            if split == SP_LOW8:
                if ld64(lo, p) == bl:
                    share += 0.5 / kl
                    if kl == 1:
                        stf(st, o + S_LWIN, ldf(st, o + S_LWIN) + w)
                    else:
                        stf(st, o + S_LTIE, ldf(st, o + S_LTIE) + w)
            elif p == holder:
                share += 0.5
                stf(st, o + S_LWIN, ldf(st, o + S_LWIN) + w)
        if share > 0.0:
            stf(st, o + S_SHARE, ldf(st, o + S_SHARE) + w * share)
            stf(st, o + S_SHARE2, ldf(st, o + S_SHARE2) + w * share * share)
            if share == 1.0:
                stf(st, o + S_WIN, ldf(st, o + S_WIN) + w)
            else:
                stf(st, o + S_TIE, ldf(st, o + S_TIE) + w)


@njit(cache=True, inline="always")
def count_high(P, hi, cnt):
    """Adds one high-only showdown to ``cnt`` (int64[P, P + 1]): each winner's count of
    pots shared k ways, at index k."""
    best = np.uint64(0)
    k = 0
    for p in range(P):
        v = ld64(hi, p)
        if v > best:
            best = v
            k = 1
        elif v == best:
            k += 1
    for p in range(P):
        if ld64(hi, p) == best:
            o = p * (P + 1) + k
            sti64(cnt, o, ldi64(cnt, o) + 1)


# ------------------------------------------------------------------------------ random

@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_seed(seed, chunk):
    """The starting state of a chunk's random stream, from (seed, chunk index)."""
    return _mix(_mix(np.uint64(seed) + GOLDEN) ^ (np.uint64(chunk) * MIX2 + GOLDEN))


@njit(cache=True, inline="always")
def _next(s):
    """SplitMix64: the next state and a random 64-bit word."""
    s = s + GOLDEN
    return s, _mix(s)


@njit(cache=True, inline="always")
def _below(s, n):
    """A uniform integer in [0, n), n < 2**32, without bias (Lemire's method)."""
    nn = np.uint64(n)
    s, r = _next(s)
    m = (r >> np.uint64(32)) * nn
    lw = m & LOW32
    if lw < nn:
        t = (np.uint64(0x100000000) - nn) % nn
        while lw < t:
            s, r = _next(s)
            m = (r >> np.uint64(32)) * nn
            lw = m & LOW32
    return s, np.int64(m >> np.uint64(32))


@njit(cache=True, inline="always")
def _unit(s):
    """A uniform float in [0, 1) with 53 random bits."""
    s, r = _next(s)
    return s, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _mul(x, n):
    """The 128-bit product x * n (x < 2**64, n < 2**32) as (high, low) 64-bit words."""
    a = (x & LOW32) * n
    b = (x >> np.uint64(32)) * n + (a >> np.uint64(32))
    return b >> np.uint64(32), (b << np.uint64(32)) | (a & LOW32)


# ------------------------------------------------------------------------------ dealing

@njit(cache=True)
def deal_plan(D, U):
    """How :func:`deal_fy` groups U draws from a pool of D cards into 64-bit words: for
    each group its end and the rejection threshold 2**64 mod B, B the product of the pool
    sizes of the group. Computed once per kernel call: no division is left in the loop."""
    ends = np.zeros(max(U, 1), dtype=np.int64)
    thr = np.zeros(max(U, 1), dtype=np.uint64)
    n = 0
    i = 0
    while i < U:
        g = i
        bnd = np.uint64(1)
        while g < U and bnd < BATCH_BOUND // np.uint64(D - g):
            bnd *= np.uint64(D - g)
            g += 1
        ends[n] = g
        thr[n] = (np.uint64(0) - bnd) % bnd
        n += 1
        i = g
    return ends, thr, n


@njit(cache=True, inline="always")
def deal_fy(s, dk, D, ends, thr, ngroups, used, out):
    """Deals cards from the pool at ``dk`` (D bytes) to ``out`` (int64) by a partial
    Fisher-Yates shuffle (dealt cards move to the front of the pool), redrawing a card of
    the mask ``used``; ``ends/thr/ngroups`` come from :func:`deal_plan`.

    Several draws come from one 64-bit random word: multiplying the word by the pool sizes
    n1, n2, ... in turn yields the digits of a uniform number below B = n1 * n2 * ...
    (Lemire's nearly divisionless method with a mixed-radix bound), and the final remainder
    decides, as for a single draw, whether the word must be rejected to stay unbiased.
    Returns the new random state."""
    i = 0
    for gi in range(ngroups):
        g = ldi64(ends, gi)
        t = ld64(thr, gi)
        while True:
            s, x = _next(s)
            for q in range(i, g):
                j, x = _mul(x, np.uint64(D - q))
                sti64(out, q, np.int64(j))
            if x >= t:
                break
        for q in range(i, g):
            j = q + ldi64(out, q)
            c = ld8(dk, j)
            while (used >> np.uint64(c)) & np.uint64(1):
                s, jj = _below(s, D - q)
                j = q + jj
                c = ld8(dk, j)
            st8(dk, j, ld8(dk, q))
            st8(dk, q, c)
            sti64(out, q, np.int64(c))
        i = g
    return s


@njit(cache=True, inline="always")
def deal_idx(s, deck, D, thr, used, U, out):
    """Deals U distinct cards from ``deck`` (D bytes), none in ``used``, to ``out``: each
    card is an independent uniform draw from the deck (32 random bits times D, Lemire's
    method, ``thr`` = 2**32 mod D), and the whole hand is drawn again if a card repeats or
    is used. Every ordered U-tuple of distinct allowed cards is equally likely, so the set
    is uniform. No draw waits on the previous one, so they overlap in the processor; this
    is the fastest way while repeats are rare (a few cards from a nearly full deck).
    Returns the new random state."""
    nD = np.uint64(D)
    x = np.uint64(0)
    while True:
        drawn = np.uint64(0)
        dup = np.uint64(0)
        for q in range(U):
            if q & 1 == 0:
                s, x = _next(s)
                r = x >> np.uint64(32)
            else:
                r = x & LOW32
            m = r * nD
            while (m & LOW32) < thr:
                s, x2 = _next(s)
                m = (x2 >> np.uint64(32)) * nD
            c = ld8(deck, m >> np.uint64(32))
            bit = np.uint64(1) << np.uint64(c)
            dup |= (drawn | used) & bit
            drawn |= bit
            sti64(out, q, np.int64(c))
        if dup == 0:
            return s


@njit(cache=True, inline="always")
def deal_keys(s, deck, D, thr, U, bk, bs, ckey, csrm):
    """:func:`deal_idx` for a board alone, adding the cards' keys and suit-rank masks to
    ``bk``/``bs`` as they are drawn. Returns (state, key, mask)."""
    nD = np.uint64(D)
    x = np.uint64(0)
    while True:
        drawn = np.uint64(0)
        dup = np.uint64(0)
        k = bk
        m5 = bs
        for q in range(U):
            if q & 1 == 0:
                s, x = _next(s)
                r = x >> np.uint64(32)
            else:
                r = x & LOW32
            m = r * nD
            while (m & LOW32) < thr:
                s, x2 = _next(s)
                m = (x2 >> np.uint64(32)) * nD
            c = ld8(deck, m >> np.uint64(32))
            bit = np.uint64(1) << np.uint64(c)
            dup |= drawn & bit
            drawn |= bit
            k += ld64(ckey, c)
            m5 |= ld64(csrm, c)
        if dup == 0:
            return s, k, m5


@njit(cache=True, inline="always")
def pick_ranges(s, P, rp, r_off, r_prob, r_alias, r_mask, sel, max_attempts):
    """Draws one combination per range player (alias method: a uniform index, kept with
    probability ``r_prob`` or replaced by its alias), jointly: a draw in which two
    combinations share a card is thrown away whole, so accepted draws follow the product of
    the ranges' weights restricted to compatible choices. Arguments are addresses.
    Returns (state, used mask, attempts, ok)."""
    tries = 0
    while True:
        used = np.uint64(0)
        ok = True
        tries += 1
        for p in range(P):
            r = ldi64(rp, p)
            if r < 0:
                continue
            o = ldi64(r_off, r)
            s, i = _below(s, ldi64(r_off, r + 1) - o)
            j = o + i
            pr = ldf(r_prob, j)
            if pr < 1.0:
                s, u = _unit(s)
                if u >= pr:
                    j = o + ldi64(r_alias, j)
            m = ld64(r_mask, j)
            if used & m:
                ok = False
                break
            used |= m
            sti64(sel, p, j)
        if ok or tries >= max_attempts:
            return s, used, tries, ok


@njit(cache=True, inline="always")
def deal_any(s, method, dk, D, thr, ends, gthr, ngroups, used, U, out):
    """Deals U cards to ``out`` the way ``method`` says (see DEAL_*)."""
    if method == DEAL_INDEP:
        return deal_idx(s, dk, D, thr, used, U, out)
    return deal_fy(s, dk, D, ends, gthr, ngroups, used, out)


@njit(cache=True)
def _alive(*arrays):
    """Called after a parallel loop with the arrays whose addresses the loop used, so that
    Numba does not free them after the last use of their name (taking the address)."""
    return len(arrays)


# ------------------------------------------------------------------------------ Monte Carlo
#
# Each parallel kernel is a thin loop over chunks that calls a plain (not parallel) worker
# per chunk: the worker is then optimised like any function, which the body of a parallel
# loop is not as well (measured: a third faster).

@njit(cache=True, inline="always")
def _draw(x, nD, thr, s):
    """Card index from 32 random bits (Lemire), drawing again in the rare biased case."""
    m = x * nD
    while (m & LOW32) < thr:
        s, x2 = _next(s)
        m = (x2 >> np.uint64(32)) * nD
    return m >> np.uint64(32), s


@njit(cache=True)
def _holdem_hu5(s, n, dk, D, thr, h0, m0, h1, m1, bk0, ckey, csrm, disp, high, flush):
    """The hottest case, written out: two known hands, a whole board to deal. Five
    independent draws from three random words, redrawn together on a repeat (as
    :func:`deal_idx`), keys summed as a tree, two lookups, three counters. Returns
    (state, wins of hand 0, wins of hand 1, ties)."""
    nD = np.uint64(D)
    w0 = 0
    w1 = 0
    tie = 0
    one = np.uint64(1)
    for _ in range(n):
        while True:
            s, x = _next(s)
            s, y = _next(s)
            s, z = _next(s)
            i0, s = _draw(x >> np.uint64(32), nD, thr, s)
            i1, s = _draw(x & LOW32, nD, thr, s)
            i2, s = _draw(y >> np.uint64(32), nD, thr, s)
            i3, s = _draw(y & LOW32, nD, thr, s)
            i4, s = _draw(z >> np.uint64(32), nD, thr, s)
            c0 = ld8(dk, i0)
            c1 = ld8(dk, i1)
            c2 = ld8(dk, i2)
            c3 = ld8(dk, i3)
            c4 = ld8(dk, i4)
            b0 = one << np.uint64(c0)
            b1 = one << np.uint64(c1)
            b2 = one << np.uint64(c2)
            b3 = one << np.uint64(c3)
            b4 = one << np.uint64(c4)
            b01 = b0 | b1
            b012 = b01 | b2
            if ((b0 & b1) | (b01 & b2) | (b012 & b3) | ((b012 | b3) & b4)) == 0:
                break
        bk = bk0 + ((ld64(ckey, c0) + ld64(ckey, c1)) + (ld64(ckey, c2) + ld64(ckey, c3))) \
            + ld64(ckey, c4)
        bs = (ld64(csrm, c0) | ld64(csrm, c1)) | (ld64(csrm, c2) | ld64(csrm, c3)) \
            | ld64(csrm, c4)
        v0 = hv(bk + h0, bs | m0, disp, high, flush)
        v1 = hv(bk + h1, bs | m1, disp, high, flush)
        w0 += v0 > v1
        w1 += v1 > v0
        tie += v0 == v1
    return s, w0, w1, tie


@njit(cache=True)
def _holdem_chunk(s, n, P, hk0, hs0, bk0, bs0, rp, r_off, r_key, r_srm, r_prob, r_alias,
                  r_mask, dk, D, method, unk_t, U, ends, gthr, ngroups, thr, max_attempts,
                  a, TA):
    """One chunk of :func:`holdem_mc`: n deals, counts left in the scratch row at ``a``.
    Returns (range attempts, ok)."""
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    has_ranges = r_off.shape[0] > 1
    board_only = not has_ranges
    for i in range(U):
        if unk_t[i] != P:
            board_only = False
    pk = a
    ps = pk + np.uint64(8 * P)
    hi = ps + np.uint64(8 * P)
    sel = hi + np.uint64(8 * P)
    cnt = sel + np.uint64(8 * P)
    dealt = cnt + np.uint64(8 * P * (P + 1))
    if board_only and method == DEAL_INDEP and P == 2 and U == 5:
        s, w0, w1, tie = _holdem_hu5(s, n, dk, D, thr, hk0[0], hs0[0], hk0[1], hs0[1], bk0,
                                     ckey, csrm, disp, high, flush)
        sti64(cnt, 1, w0)
        sti64(cnt, 2, tie)
        sti64(cnt, 3 + 1, w1)
        sti64(cnt, 3 + 2, tie)
        return 0, True
    if board_only and method == DEAL_INDEP:
        # every hole card known, the board dealt by independent draws
        for _ in range(n):
            s, bk, bs = deal_keys(s, dk, D, thr, U, bk0, bs0, ckey, csrm)
            for p in range(P):
                st64(hi, p, hv(bk + hk0[p], bs | hs0[p], disp, high, flush))
            count_high(P, hi, cnt)
        return 0, True
    a_rp = np.uint64(rp.ctypes.data)
    a_roff = np.uint64(r_off.ctypes.data)
    a_rprob = np.uint64(r_prob.ctypes.data)
    a_ralias = np.uint64(r_alias.ctypes.data)
    a_rmask = np.uint64(r_mask.ctypes.data)
    a_ends = np.uint64(ends.ctypes.data)
    a_gthr = np.uint64(gthr.ctypes.data)
    n_att = 0
    for _ in range(n):
        for p in range(P):
            st64(pk, p, hk0[p])
            st64(ps, p, hs0[p])
        used = np.uint64(0)
        if has_ranges:
            s, used, tries, ok = pick_ranges(s, P, a_rp, a_roff, a_rprob, a_ralias, a_rmask,
                                             sel, max_attempts)
            n_att += tries
            if not ok:
                return n_att, False
            for p in range(P):
                if rp[p] >= 0:
                    j = ldi64(sel, p)
                    st64(pk, p, ld64(pk, p) + r_key[j])
                    st64(ps, p, ld64(ps, p) | r_srm[j])
        s = deal_any(s, method, dk, D, thr, a_ends, a_gthr, ngroups, used, U, dealt)
        bk = bk0
        bs = bs0
        for i in range(U):
            c = ldi64(dealt, i)
            t = unk_t[i]
            if t == P:
                bk += ld64(ckey, c)
                bs |= ld64(csrm, c)
            else:
                st64(pk, t, ld64(pk, t) + ld64(ckey, c))
                st64(ps, t, ld64(ps, t) | ld64(csrm, c))
        for p in range(P):
            st64(hi, p, hv(bk + ld64(pk, p), bs | ld64(ps, p), disp, high, flush))
        count_high(P, hi, cnt)
    return n_att, True


@njit(cache=True, parallel=True)
def holdem_mc(P, hk0, hs0, bk0, bs0, rp, r_off, r_key, r_srm, r_prob, r_alias, r_mask,
              deck, method, unk_t, seed, chunk0, nsamp, max_attempts, TA):
    """Hold'em Monte Carlo (two hole cards, best five of seven), ``len(nsamp)`` chunks.
    ``hk0/hs0``: keys and suit-rank masks of each player's known hole cards; ``bk0/bs0``
    the known board's (``bk0`` includes KEY_START); ``rp[p]``: player p's range (-1 for
    none), combinations ``r_off[r]:r_off[r+1]`` with keys ``r_key``, masks
    ``r_srm``/``r_mask`` and alias tables ``r_prob``/``r_alias``; ``deck``: the cards
    that can be dealt; ``unk_t``: the player (P for the board) of each card to deal.
    Returns (counts [chunks, P, P + 1] of pots won shared k ways at index k, range
    attempts [chunks], failed [chunks])."""
    nch = nsamp.shape[0]
    out = np.zeros((nch, P, P + 1), dtype=np.int64)
    attempts = np.zeros(nch, dtype=np.int64)
    failed = np.zeros(nch, dtype=np.int64)
    D = deck.shape[0]
    U = unk_t.shape[0]
    ends, gthr, ngroups = deal_plan(D, U)
    thr = np.uint64(0x100000000) % np.uint64(max(D, 1))
    # scratch arena, one padded row (in 8-byte words) per chunk: the pool, then
    # pk, ps, hi, sel (P each), counts (P * (P + 1)), dealt cards (U + 1)
    o_w = (D + 7) // 8
    row = ((o_w + 4 * P + P * (P + 1) + U + 1 + 7) // 8) * 8 + 8
    arena = np.zeros(nch * row, dtype=np.uint64)
    base = np.uint64(arena.ctypes.data)
    # work is handed out a chunk at a time to whichever thread asks next (each of the
    # WORKERS loop iterations takes chunks until none is left), so that a thread slowed
    # down by other work on the machine does not hold the others up
    ctr = np.zeros(8, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    for _w in prange(min(WORKERS, nch)):
        while True:
            ci = fetch_add(a_ctr, 1)
            if ci >= nch:
                break
            a = base + np.uint64(8 * row * ci)
            for i in range(D):
                st8(a, i, deck[i])
            w = a + np.uint64(8 * o_w)
            n_att, ok = _holdem_chunk(stream_seed(seed, chunk0 + ci), nsamp[ci], P, hk0, hs0, bk0,
                                      bs0, rp, r_off, r_key, r_srm, r_prob, r_alias, r_mask, a, D,
                                      method, unk_t, U, ends, gthr, ngroups, thr, max_attempts, w,
                                      TA)
            attempts[ci] = n_att
            failed[ci] = 0 if ok else 1
            cnt = w + np.uint64(8 * 4 * P)
            for p in range(P):
                for k in range(P + 1):
                    out[ci, p, k] = ldi64(cnt, p * (P + 1) + k)
    _alive(arena, ends, gthr, ctr)
    return out, attempts, failed


@njit(cache=True)
def _mc_chunk(s, n, kind, split, P, H, NB, base_k, base_s, base_l, rp, r_off, r_cards,
              r_prob, r_alias, r_mask, dk, D, method, unk_t, unk_s, U, down_mask, ends,
              gthr, ngroups, thr, max_attempts, cur, curb, w, TA):
    """One chunk of :func:`mc_chunks`: n deals into the sums at the scratch words ``w``.
    Returns (range attempts, ok)."""
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    has_ranges = r_off.shape[0] > 1
    ak = w
    as_ = ak + np.uint64(8 * (P + 1))
    al = as_ + np.uint64(8 * (P + 1))
    hi = al + np.uint64(8 * (P + 1))
    lo = hi + np.uint64(8 * P)
    sel = lo + np.uint64(8 * P)
    st = sel + np.uint64(8 * P)
    cnt = st + np.uint64(8 * P * NSTAT)
    dealt = cnt + np.uint64(8 * P * (P + 1))
    for p in range(P + 1):
        st64(ak, p, base_k[p])
        st64(as_, p, base_s[p])
        st64(al, p, base_l[p])
    a_rp = np.uint64(rp.ctypes.data)
    a_roff = np.uint64(r_off.ctypes.data)
    a_rprob = np.uint64(r_prob.ctypes.data)
    a_ralias = np.uint64(r_alias.ctypes.data)
    a_rmask = np.uint64(r_mask.ctypes.data)
    a_ends = np.uint64(ends.ctypes.data)
    a_gthr = np.uint64(gthr.ctypes.data)
    n_att = 0
    for _ in range(n):
        used = np.uint64(0)
        if has_ranges:
            s, used, tries, ok = pick_ranges(s, P, a_rp, a_roff, a_rprob, a_ralias, a_rmask,
                                             sel, max_attempts)
            n_att += tries
            if not ok:
                return n_att, False
            for p in range(P):
                if rp[p] >= 0:
                    j = ldi64(sel, p)
                    k = base_k[p]
                    sm = base_s[p]
                    lm = base_l[p]
                    for q in range(2):
                        c = r_cards[j, q]
                        st8(cur, p * H + q, c)
                        k += ld64(ckey, c)
                        sm |= ld64(csrm, c)
                        lm |= ld64(clow, c)
                    st64(ak, p, k)
                    st64(as_, p, sm)
                    st64(al, p, lm)
        s = deal_any(s, method, dk, D, thr, a_ends, a_gthr, ngroups, used, U, dealt)
        # the cards to deal come grouped by player (board last): sum each group in
        # registers and set its keys once
        i = 0
        while i < U:
            t = unk_t[i]
            k = base_k[t]
            sm = base_s[t]
            lm = base_l[t]
            while i < U and unk_t[i] == t:
                c = ldi64(dealt, i)
                k += ld64(ckey, c)
                sm |= ld64(csrm, c)
                lm |= ld64(clow, c)
                if t == P:
                    st8(curb, unk_s[i], c)
                else:
                    st8(cur, t * H + unk_s[i], c)
                i += 1
            st64(ak, t, k)
            st64(as_, t, sm)
            st64(al, t, lm)
        holder = -1
        bk = ld64(ak, P)
        bs = ld64(as_, P)
        bl = ld64(al, P)
        for p in range(P):
            h, l_ = eval_player(kind, split, cur + np.uint64(p * H), H, curb, NB,
                                ld64(ak, p), ld64(as_, p), ld64(al, p), bk, bs, bl, TA)
            st64(hi, p, h)
            st64(lo, p, l_)
            if split == SP_CHICAGO:
                for j in range(H):
                    if ld8(cur, p * H + j) == AS_CARD and (down_mask >> j) & 1:
                        holder = p
        if split == SP_NONE:
            count_high(P, hi, cnt)
        else:
            score(split, P, hi, lo, holder, st, 1.0)
    if split == SP_NONE:
        # pots won shared k ways -> the sums score() keeps
        for p in range(P):
            for k in range(1, P + 1):
                c = np.float64(ldi64(cnt, p * (P + 1) + k))
                o = p * NSTAT
                stf(st, o + S_SHARE, ldf(st, o + S_SHARE) + c / k)
                stf(st, o + S_SHARE2, ldf(st, o + S_SHARE2) + c / (k * k))
                wi = S_WIN if k == 1 else S_TIE
                hw = S_HWIN if k == 1 else S_HTIE
                stf(st, o + wi, ldf(st, o + wi) + c)
                stf(st, o + hw, ldf(st, o + hw) + c)
    return n_att, True


@njit(cache=True, parallel=True)
def mc_chunks(kind, split, P, H, NB, hole0, board0, rp, r_off, r_cards, r_prob, r_alias,
              r_mask, deck, method, unk_t, unk_s, down_mask, seed, chunk0, nsamp,
              max_attempts, TA):
    """Monte Carlo for every game: ``len(nsamp)`` chunks of deals. Returns (sums
    [chunks, P, NSTAT], range attempts [chunks], failed [chunks]).

    ``hole0`` [P, H] and ``board0`` [NB]: known cards, 255 where a card is to be dealt;
    ranges as for :func:`holdem_mc` (with their cards ``r_cards``); ``unk_t/unk_s``: for
    each card to deal, its player (P for the board) and slot; ``down_mask``: the hole
    positions that are down cards (Chicago).
    """
    ckey, csrm, clow = TA[0], TA[1], TA[2]
    nch = nsamp.shape[0]
    out = np.zeros((nch, P, NSTAT), dtype=np.float64)
    attempts = np.zeros(nch, dtype=np.int64)
    failed = np.zeros(nch, dtype=np.int64)
    D = deck.shape[0]
    U = unk_t.shape[0]
    ends, gthr, ngroups = deal_plan(D, U)
    thr = np.uint64(0x100000000) % np.uint64(max(D, 1))
    # keys of the known cards: players 0..P-1, board P
    base_k = np.zeros(P + 1, dtype=np.uint64)
    base_s = np.zeros(P + 1, dtype=np.uint64)
    base_l = np.zeros(P + 1, dtype=np.uint64)
    for p in range(P):
        for j in range(H):
            c = hole0[p, j]
            if c != NONE:
                base_k[p] += ld64(ckey, c)
                base_s[p] |= ld64(csrm, c)
                base_l[p] |= ld64(clow, c)
    base_k[P] = KEY_START
    for j in range(NB):
        c = board0[j]
        if c != NONE:
            base_k[P] += ld64(ckey, c)
            base_s[P] |= ld64(csrm, c)
            base_l[P] |= ld64(clow, c)
    # scratch arena, one padded row (in 8-byte words) per chunk: the pool, hole cards,
    # board, then the worker's words
    o_cur = (D + 7) // 8
    o_curb = o_cur + (P * H + 7) // 8
    o_w = o_curb + (NB + 7) // 8
    n_w = 3 * (P + 1) + 3 * P + P * NSTAT + P * (P + 1) + U + 1
    row = ((o_w + n_w + 7) // 8) * 8 + 8
    arena = np.zeros(nch * row, dtype=np.uint64)
    base = np.uint64(arena.ctypes.data)
    # work is handed out a chunk at a time to whichever thread asks next (each of the
    # WORKERS loop iterations takes chunks until none is left), so that a thread slowed
    # down by other work on the machine does not hold the others up
    ctr = np.zeros(8, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    for _w in prange(min(WORKERS, nch)):
        while True:
            ci = fetch_add(a_ctr, 1)
            if ci >= nch:
                break
            a = base + np.uint64(8 * row * ci)
            cur = a + np.uint64(8 * o_cur)
            curb = a + np.uint64(8 * o_curb)
            w = a + np.uint64(8 * o_w)
            for i in range(D):
                st8(a, i, deck[i])
            for p in range(P):
                for j in range(H):
                    st8(cur, p * H + j, hole0[p, j])
            for j in range(NB):
                st8(curb, j, board0[j])
            n_att, ok = _mc_chunk(stream_seed(seed, chunk0 + ci), nsamp[ci], kind, split, P, H,
                                  NB, base_k, base_s, base_l, rp, r_off, r_cards, r_prob, r_alias,
                                  r_mask, a, D, method, unk_t, unk_s, U, down_mask, ends, gthr,
                                  ngroups, thr, max_attempts, cur, curb, w, TA)
            attempts[ci] = n_att
            failed[ci] = 0 if ok else 1
            st = w + np.uint64(8 * (3 * (P + 1) + 3 * P))
            for p in range(P):
                for k in range(NSTAT):
                    out[ci, p, k] = ldf(st, p * NSTAT + k)
    _alive(arena, ends, gthr, base_k, base_s, base_l, ctr)
    return out, attempts, failed


# ------------------------------------------------------------------------------ exact

@njit(cache=True)
def _tuples(split, P, bmask, c_off, c_mask, c_w, c_as, valid, chi, clo, idx, us, ws, hi,
            lo, st, acc):
    """Every choice of one valid combination per player sharing no card (nor any with
    ``bmask``), values already in ``chi``/``clo``: weighted counts of pots won shared k ways
    into ``acc`` (float64[P, P + 1]) for high-only games, :func:`score` sums into ``st``
    for split pots. Heads-up high-only is two plain loops; otherwise a depth-first walk.
    Arguments are addresses. Returns (deals, weight)."""
    deals = 0.0
    wsum = 0.0
    if split == SP_NONE and P == 2:
        e0 = ldi64(c_off, 1)
        e1 = ldi64(c_off, 2)
        w01 = 0.0
        w10 = 0.0
        wtie = 0.0
        for j0 in range(0, e0):
            if ld8(valid, j0) == 0:
                continue
            v0 = ld64(chi, j0)
            m0 = ld64(c_mask, j0)
            x0 = ldf(c_w, j0)
            for j1 in range(e0, e1):
                if ld8(valid, j1) == 0 or (ld64(c_mask, j1) & m0):
                    continue
                v1 = ld64(chi, j1)
                w = x0 * ldf(c_w, j1)
                deals += 1.0
                wsum += w
                if v0 > v1:
                    w01 += w
                elif v1 > v0:
                    w10 += w
                else:
                    wtie += w
        stf(acc, 1, ldf(acc, 1) + w01)
        stf(acc, 2, ldf(acc, 2) + wtie)
        stf(acc, 4, ldf(acc, 4) + w10)
        stf(acc, 5, ldf(acc, 5) + wtie)
        return deals, wsum
    p = 0
    sti64(idx, 0, ldi64(c_off, 0) - 1)
    st64(us, 0, bmask)
    stf(ws, 0, 1.0)
    while p >= 0:
        j = ldi64(idx, p) + 1
        sti64(idx, p, j)
        if j >= ldi64(c_off, p + 1):
            p -= 1
            continue
        if ld8(valid, j) == 0 or (ld64(c_mask, j) & ld64(us, p)):
            continue
        if p < P - 1:
            st64(us, p + 1, ld64(us, p) | ld64(c_mask, j))
            stf(ws, p + 1, ldf(ws, p) * ldf(c_w, j))
            p += 1
            sti64(idx, p, ldi64(c_off, p) - 1)
            continue
        w = ldf(ws, p) * ldf(c_w, j)
        deals += 1.0
        wsum += w
        if split == SP_NONE:
            best = np.uint64(0)
            k = 0
            for q in range(P):
                v = ld64(chi, ldi64(idx, q))
                st64(hi, q, v)
                if v > best:
                    best = v
                    k = 1
                elif v == best:
                    k += 1
            for q in range(P):
                if ld64(hi, q) == best:
                    o = q * (P + 1) + k
                    stf(acc, o, ldf(acc, o) + w)
            continue
        holder = -1
        for q in range(P):
            jq = ldi64(idx, q)
            st64(hi, q, ld64(chi, jq))
            st64(lo, q, ld64(clo, jq))
            if ld8(c_as, jq):
                holder = q
        score(split, P, hi, lo, holder, st, w)
    return deals, wsum


@njit(cache=True)
def _exact_board(kind, split, P, H, NB, bcur, bmask, c_off, c_cards, c_w, c_mask, c_key,
                 c_srm, c_low, c_as, TA, chi, clo, valid, idx, ustack, wstack, hi, lo, st,
                 acc):
    """All deals of the players' combinations on one complete board (``bcur``, an
    address); every array argument is an address. Returns (deals, weight)."""
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    bk = KEY_START
    bs = np.uint64(0)
    bl = np.uint64(0)
    for j in range(NB):
        c = ld8(bcur, j)
        bk += ld64(ckey, c)
        bs |= ld64(csrm, c)
        bl |= ld64(clow, c)
    for p in range(P):
        for j in range(ldi64(c_off, p), ldi64(c_off, p + 1)):
            if ld64(c_mask, j) & bmask:
                st8(valid, j, 0)
                continue
            st8(valid, j, 1)
            h, l_ = eval_player(kind, split, c_cards + np.uint64(j * H), H, bcur, NB,
                                ld64(c_key, j), ld64(c_srm, j), ld64(c_low, j), bk, bs, bl,
                                TA)
            st64(chi, j, h)
            st64(clo, j, l_)
    return _tuples(split, P, bmask, c_off, c_mask, c_w, c_as, valid, chi, clo, idx, ustack,
                   wstack, hi, lo, st, acc)


@njit(cache=True)
def _board_units(D, k):
    """The units of work of an exact walk: with k >= 2 unknown board cards, every pair
    (a < b) of the D cards left for the first two; with one, every card; with none, one."""
    if k >= 2:
        n_units = D * (D - 1) // 2
    elif k == 1:
        n_units = D
    else:
        n_units = 1
    pa = np.zeros(n_units, dtype=np.int64)
    pb = np.zeros(n_units, dtype=np.int64)
    if k >= 2:
        n = 0
        for a in range(D):
            for b in range(a + 1, D):
                pa[n] = a
                pb[n] = b
                n += 1
    elif k == 1:
        for a in range(D):
            pa[a] = a
    return pa, pb

@njit(cache=True, parallel=True)
def exact_tasks(kind, split, P, H, NB, board0, bdeck, c_off, c_cards, c_w, c_mask, c_key,
                c_srm, c_low, c_as, n_tasks, t0, t1, TA):
    """Exact enumeration, tasks t0..t1-1 of n_tasks: every completion of the unknown
    board slots of ``board0`` from ``bdeck``, times every choice of one combination per
    player (``c_cards[c_off[p]:c_off[p+1]]``, weights ``c_w``) that shares no card. Work is
    split by the first two unknown board cards, dealt out to the tasks in turn. Returns
    (sums [tasks, P, NSTAT] of split games, weighted counts [tasks, P, P + 1] of pots won
    shared k ways in high-only games, deals [tasks], weights [tasks])."""
    cbit = TA[3]
    nt = t1 - t0
    out = np.zeros((nt, P, NSTAT), dtype=np.float64)
    cw = np.zeros((nt, P, P + 1), dtype=np.float64)
    deals = np.zeros(nt, dtype=np.float64)
    wts = np.zeros(nt, dtype=np.float64)
    D = bdeck.shape[0]
    slots = np.zeros(max(NB, 1), dtype=np.int64)
    k = 0
    for j in range(NB):
        if board0[j] == NONE:
            slots[k] = j
            k += 1
    M = c_cards.shape[0]
    pa, pb = _board_units(D, k)
    n_units = pa.shape[0]
    bmask0 = np.uint64(0)
    for j in range(NB):
        if board0[j] != NONE:
            bmask0 |= ld64(cbit, board0[j])
    # scratch arena, one padded row (in 8-byte words) per task
    o_bcur = 0
    o_chi = (NB + 7) // 8 + 1
    o_clo = o_chi + M
    o_valid = o_clo + M
    o_idx = o_valid + (M + 7) // 8
    o_us = o_idx + P
    o_ws = o_us + P
    o_hi = o_ws + P
    o_lo = o_hi + P
    o_ix = o_lo + P
    o_st = o_ix + 5
    o_acc = o_st + P * NSTAT
    row = ((o_acc + P * (P + 1) + 7) // 8) * 8 + 8
    arena = np.zeros(nt * row, dtype=np.uint64)
    base = np.uint64(arena.ctypes.data)
    a_off = np.uint64(c_off.ctypes.data)
    a_cards = np.uint64(c_cards.ctypes.data)
    a_w = np.uint64(c_w.ctypes.data)
    a_mask = np.uint64(c_mask.ctypes.data)
    a_key = np.uint64(c_key.ctypes.data)
    a_srm = np.uint64(c_srm.ctypes.data)
    a_low = np.uint64(c_low.ctypes.data)
    a_as = np.uint64(c_as.ctypes.data)
    # work is handed out a chunk at a time to whichever thread asks next (each of the
    # WORKERS loop iterations takes chunks until none is left), so that a thread slowed
    # down by other work on the machine does not hold the others up
    ctr = np.zeros(8, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    for _w in prange(min(WORKERS, nt)):
        while True:
            ti = fetch_add(a_ctr, 1)
            if ti >= nt:
                break
            a = base + np.uint64(8 * row * ti)
            bcur = a + np.uint64(8 * o_bcur)
            chi = a + np.uint64(8 * o_chi)
            clo = a + np.uint64(8 * o_clo)
            valid = a + np.uint64(8 * o_valid)
            idx = a + np.uint64(8 * o_idx)
            us = a + np.uint64(8 * o_us)
            ws = a + np.uint64(8 * o_ws)
            hi = a + np.uint64(8 * o_hi)
            lo = a + np.uint64(8 * o_lo)
            ix = a + np.uint64(8 * o_ix)
            st = a + np.uint64(8 * o_st)
            acc = a + np.uint64(8 * o_acc)
            for j in range(NB):
                st8(bcur, j, board0[j])
            dsum = 0.0
            wsum = 0.0
            u = t0 + ti
            while u < n_units:
                bmask = bmask0
                b = -1
                if k >= 1:
                    b = pa[u]
                    ca = bdeck[b]
                    st8(bcur, slots[0], ca)
                    bmask |= ld64(cbit, ca)
                if k >= 2:
                    b = pb[u]
                    cb = bdeck[b]
                    st8(bcur, slots[1], cb)
                    bmask |= ld64(cbit, cb)
                m = k - 2
                if m <= 0:
                    d, w = _exact_board(kind, split, P, H, NB, bcur, bmask, a_off, a_cards, a_w,
                                        a_mask, a_key, a_srm, a_low, a_as, TA, chi, clo, valid,
                                        idx, us, ws, hi, lo, st, acc)
                    dsum += d
                    wsum += w
                elif D - b - 1 >= m:
                    # the remaining m cards: every m-combination of bdeck[b + 1:]
                    n_rest = D - b - 1
                    for q in range(m):
                        sti64(ix, q, q)
                    more = True
                    while more:
                        bm = bmask
                        for q in range(m):
                            c = bdeck[b + 1 + ldi64(ix, q)]
                            st8(bcur, slots[2 + q], c)
                            bm |= ld64(cbit, c)
                        d, w = _exact_board(kind, split, P, H, NB, bcur, bm, a_off, a_cards,
                                            a_w, a_mask, a_key, a_srm, a_low, a_as, TA, chi,
                                            clo, valid, idx, us, ws, hi, lo, st, acc)
                        dsum += d
                        wsum += w
                        i = m - 1
                        while i >= 0 and ldi64(ix, i) == n_rest - m + i:
                            i -= 1
                        if i < 0:
                            more = False
                        else:
                            sti64(ix, i, ldi64(ix, i) + 1)
                            for j in range(i + 1, m):
                                sti64(ix, j, ldi64(ix, j - 1) + 1)
                u += n_tasks
            for p in range(P):
                for q in range(NSTAT):
                    out[ti, p, q] = ldf(st, p * NSTAT + q)
                for q in range(P + 1):
                    cw[ti, p, q] = ldf(acc, p * (P + 1) + q)
            deals[ti] = dsum
            wts[ti] = wsum
    _alive(arena, ctr)
    return out, cw, deals, wts


@njit(cache=True, inline="always")
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


@njit(cache=True)
def _exact5_unit(a, b, D, kk, ks, kr, hk, hs, pairs, npairs, chains, nchains, hi, cnt, disp,
                 high, flush):
    """The boards of :func:`holdem_exact5` whose two highest cards are bdeck[a], bdeck[b]
    (the deck sorted by decreasing card): the other three by nested loops, keys added level
    by level, subtrees that cannot be canonical skipped; counts into ``cnt``."""
    P = hk.shape[0]
    k2 = KEY_START + kk[a] + kk[b]
    s2 = ks[a] | ks[b]
    if npairs and _canonical(s2, kr[b] + 1, pairs, npairs) < 0:
        return
    h0 = hk[0]
    h1 = hk[min(1, P - 1)]
    m0 = hs[0]
    m1 = hs[min(1, P - 1)]
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
                if P == 2:
                    v0 = hv(k5 + h0, s5 | m0, disp, high, flush)
                    v1 = hv(k5 + h1, s5 | m1, disp, high, flush)
                    if v0 > v1:
                        w0 += w
                    elif v1 > v0:
                        w1 += w
                    else:
                        tie += w
                else:
                    best = np.uint64(0)
                    nb = 0
                    for p in range(P):
                        v = hv(k5 + hk[p], s5 | hs[p], disp, high, flush)
                        st64(hi, p, v)
                        if v > best:
                            best = v
                            nb = 1
                        elif v == best:
                            nb += 1
                    for p in range(P):
                        if ld64(hi, p) == best:
                            o = p * (P + 1) + nb
                            sti64(cnt, o, ldi64(cnt, o) + w)
    if P == 2:
        sti64(cnt, 1, ldi64(cnt, 1) + w0)
        sti64(cnt, 2, ldi64(cnt, 2) + tie)
        sti64(cnt, 4, ldi64(cnt, 4) + w1)
        sti64(cnt, 5, ldi64(cnt, 5) + tie)


@njit(cache=True, parallel=True)
def holdem_exact5(hk, hs, bdeck, pairs, chains, n_tasks, t0, t1, TA):
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
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    P = hk.shape[0]
    D = bdeck.shape[0]
    nt = t1 - t0
    out = np.zeros((nt, P, P + 1), dtype=np.int64)
    n = D * (D - 1) // 2
    pa = np.zeros(n, dtype=np.int64)
    pb = np.zeros(n, dtype=np.int64)
    i = 0
    for a in range(D):
        for b in range(a + 1, D):
            pa[i] = a
            pb[i] = b
            i += 1
    kk = np.empty(D, dtype=np.uint64)
    ks = np.empty(D, dtype=np.uint64)
    kr = np.empty(D, dtype=np.int64)
    for i in range(D):
        kk[i] = ld64(ckey, bdeck[i])
        ks[i] = ld64(csrm, bdeck[i])
        kr[i] = bdeck[i] >> 2
    npairs = pairs.shape[0]
    nchains = chains.shape[0]
    o_cnt = P
    row = ((o_cnt + P * (P + 1) + 7) // 8) * 8 + 8
    arena = np.zeros(nt * row, dtype=np.uint64)
    base = np.uint64(arena.ctypes.data)
    # work is handed out a chunk at a time to whichever thread asks next (each of the
    # WORKERS loop iterations takes chunks until none is left), so that a thread slowed
    # down by other work on the machine does not hold the others up
    ctr = np.zeros(8, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    for _w in prange(min(WORKERS, nt)):
        while True:
            ti = fetch_add(a_ctr, 1)
            if ti >= nt:
                break
            a0 = base + np.uint64(8 * row * ti)
            hi = a0
            cnt = a0 + np.uint64(8 * o_cnt)
            u = t0 + ti
            while u < n:
                _exact5_unit(pa[u], pb[u], D, kk, ks, kr, hk, hs, pairs, npairs, chains,
                             nchains, hi, cnt, disp, high, flush)
                u += n_tasks
            for p in range(P):
                for q in range(P + 1):
                    out[ti, p, q] = ldi64(cnt, p * (P + 1) + q)
    _alive(arena, ctr)
    return out


@njit(cache=True)
def _holdem_board(P, bk, bs, bmask, c_off, c_key, c_srm, c_mask, c_w, valid, val, idx, us,
                  ws, hi, acc, disp, high, flush):
    """Hold'em: every choice of one combination per player on one complete board (key
    ``bk``, suit-rank mask ``bs``, card mask ``bmask``); adds weighted counts of pots won
    shared k ways to ``acc`` (float64[P, P + 1]). Arguments are addresses. Returns
    (deals, weight)."""
    for p in range(P):
        for j in range(ldi64(c_off, p), ldi64(c_off, p + 1)):
            if ld64(c_mask, j) & bmask:
                st8(valid, j, 0)
            else:
                st8(valid, j, 1)
                st64(val, j, hv(bk + ld64(c_key, j), bs | ld64(c_srm, j), disp, high, flush))
    return _tuples(SP_NONE, P, bmask, c_off, c_mask, c_w, c_w, valid, val, val, idx, us, ws,
                   hi, hi, acc, acc)


@njit(cache=True, parallel=True)
def holdem_exact_combos(c_off, c_key, c_srm, c_mask, c_w, bk0, bs0, bmask0, k, bdeck,
                        n_tasks, t0, t1, TA):
    """Exact hold'em with ranges (or unknown hole cards) and any known board: every board
    completion by k cards from ``bdeck`` (keys added level by level) times every choice of
    one combination per player (``c_off`` offsets; keys, suit-rank masks, card masks and
    weights per combination) that shares no card. Returns (weighted counts [tasks, P,
    P + 1] of pots won shared k ways, deals [tasks], weights [tasks])."""
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    P = c_off.shape[0] - 1
    M = c_key.shape[0]
    D = bdeck.shape[0]
    nt = t1 - t0
    out = np.zeros((nt, P, P + 1), dtype=np.float64)
    deals = np.zeros(nt, dtype=np.float64)
    wts = np.zeros(nt, dtype=np.float64)
    pa, pb = _board_units(D, k)
    n_units = pa.shape[0]
    kk = np.zeros(max(D, 1), dtype=np.uint64)
    ks = np.zeros(max(D, 1), dtype=np.uint64)
    kb = np.zeros(max(D, 1), dtype=np.uint64)
    for i in range(D):
        kk[i] = ld64(ckey, bdeck[i])
        ks[i] = ld64(csrm, bdeck[i])
        kb[i] = ld64(cbit, bdeck[i])
    o_valid = M
    o_idx = o_valid + (M + 7) // 8
    o_us = o_idx + P
    o_ws = o_us + P
    o_hi = o_ws + P
    o_acc = o_hi + P
    row = ((o_acc + P * (P + 1) + 7) // 8) * 8 + 8
    arena = np.zeros(nt * row, dtype=np.uint64)
    base = np.uint64(arena.ctypes.data)
    a_off = np.uint64(c_off.ctypes.data)
    a_key = np.uint64(c_key.ctypes.data)
    a_srm = np.uint64(c_srm.ctypes.data)
    a_mask = np.uint64(c_mask.ctypes.data)
    a_w = np.uint64(c_w.ctypes.data)
    m = k - 2
    # work is handed out a chunk at a time to whichever thread asks next (each of the
    # WORKERS loop iterations takes chunks until none is left), so that a thread slowed
    # down by other work on the machine does not hold the others up
    ctr = np.zeros(8, dtype=np.int64)
    a_ctr = np.uint64(ctr.ctypes.data)
    for _w in prange(min(WORKERS, nt)):
        while True:
            ti = fetch_add(a_ctr, 1)
            if ti >= nt:
                break
            a0 = base + np.uint64(8 * row * ti)
            val = a0
            valid = a0 + np.uint64(8 * o_valid)
            idx = a0 + np.uint64(8 * o_idx)
            us = a0 + np.uint64(8 * o_us)
            ws = a0 + np.uint64(8 * o_ws)
            hi = a0 + np.uint64(8 * o_hi)
            acc = a0 + np.uint64(8 * o_acc)
            dsum = 0.0
            wsum = 0.0
            u = t0 + ti
            while u < n_units:
                k2 = bk0
                s2 = bs0
                m2 = bmask0
                b = -1
                if k >= 1:
                    b = pa[u]
                    k2 += kk[b]
                    s2 |= ks[b]
                    m2 |= kb[b]
                if k >= 2:
                    b = pb[u]
                    k2 += kk[b]
                    s2 |= ks[b]
                    m2 |= kb[b]
                if m <= 0:
                    d, w = _holdem_board(P, k2, s2, m2, a_off, a_key, a_srm, a_mask, a_w, valid,
                                         val, idx, us, ws, hi, acc, disp, high, flush)
                    dsum += d
                    wsum += w
                else:
                    for c in range(b + 1, D):
                        k3 = k2 + kk[c]
                        s3 = s2 | ks[c]
                        m3 = m2 | kb[c]
                        if m == 1:
                            d, w = _holdem_board(P, k3, s3, m3, a_off, a_key, a_srm, a_mask,
                                                 a_w, valid, val, idx, us, ws, hi, acc, disp, high,
                                                 flush)
                            dsum += d
                            wsum += w
                            continue
                        for e in range(c + 1, D):
                            k4 = k3 + kk[e]
                            s4 = s3 | ks[e]
                            m4 = m3 | kb[e]
                            if m == 2:
                                d, w = _holdem_board(P, k4, s4, m4, a_off, a_key, a_srm,
                                                     a_mask, a_w, valid, val, idx, us, ws, hi,
                                                     acc, disp, high, flush)
                                dsum += d
                                wsum += w
                                continue
                            for f in range(e + 1, D):
                                d, w = _holdem_board(P, k4 + kk[f], s4 | ks[f], m4 | kb[f],
                                                     a_off, a_key, a_srm, a_mask, a_w, valid,
                                                     val, idx, us, ws, hi, acc, disp, high,
                                                     flush)
                                dsum += d
                                wsum += w
                u += n_tasks
            for p in range(P):
                for q in range(P + 1):
                    out[ti, p, q] = ldf(acc, p * (P + 1) + q)
            deals[ti] = dsum
            wts[ti] = wsum
    _alive(arena, ctr)
    return out, deals, wts
