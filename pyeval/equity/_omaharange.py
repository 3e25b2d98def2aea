"""Omaha and Omaha hi/lo equity kernels for range players: Monte Carlo (each range drawn by
its weights, the whole draw thrown away when two hands share a card, the unknown cards then
dealt from the cards left, one board or several on a draw of the hands) and exact
enumeration (every compatible choice of hands, every board), both counting each deal by the
masks of its high and low winners as the fixed-hand kernel does (:mod:`._omahamc`), scored
by its :func:`._omahamc.mask_stats`.

Each deal's winners come from the fixed-hand kernel's showdown
(:func:`._omahamc.showdown`: the board's row of the C evaluator's Omaha table found once a
deal, the best entry over each hand's rank pairs, listed once per hand by
:func:`hand_arrays`, the flush slow path when a suit allows one, the low from the
8-or-better table). No second evaluator; :func:`hand_arrays` is tied to
:func:`._omahamc.pair_columns` by a test.

>>> from pyeval.equity.omaha_equity import omaha_equity
>>> r = omaha_equity("omaha", ["AA**", "KsKh**"], samples=40_000, seed=1)
>>> bool(abs(r.players[0].equity - 0.7075) < 4 * r.players[0].std_err), r.exact
(True, False)
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from pyeval.equity._dealing import U32
from pyeval.equity._kept import Kept
from pyeval.equity._layout import S_SHARE
from pyeval.equity._omahamc import board_row, mask_stats, showdown, winner_bits
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, ld8, ld16, ld64, prefetch, st64u
from pyeval.jit.numba_rng import LOW32, draw, next_word, word_stream

_LOW8 = np.uint64(0xFF)
#: a hole card not yet known
NONE = 255
#: range draws tried for one deal before giving up (ranges that almost never fit)
MAX_TRIES = 10_000_000


class RangeHands(NamedTuple):
    """The range players' hands, every range one after the other, each hand one record
    of what a deal reads (:func:`hand_records`: one cache line or less, read at once)."""

    rec: np.ndarray        # uint64[N, R] the hands' records
    mask: np.ndarray       # uint64[N] their card masks again, dense (the collision test)
    off: np.ndarray        # int64[R + 1] where range r starts
    thr: np.ndarray        # uint64[R] 2**32 mod the range's size (Lemire)
    keep: np.ndarray       # uint64[N] alias thresholds (weighted ranges)
    alias: np.ndarray      # int64[N] alias targets
    weighted: np.ndarray   # bool[R]


#: byte offsets in a hand's record: card mask, hole key, suit-rank mask (8 bytes each),
#: ace-to-eight ranks, count of distinct rank-pair columns, the columns (a byte each)
REC_MASK, REC_KEY, REC_SRM, REC_LOW, REC_NCOL, REC_COLS = 0, 8, 16, 24, 25, 26


def hand_records(masks: np.ndarray, hole: int) -> np.ndarray:
    """One record per hand (uint64[N, R], the fields at the ``REC_*`` byte offsets): 32
    bytes for four cards, 40 for five, 48 for six; built in one compiled pass over the
    masks (the fields of :func:`hand_arrays`, row by row).

    >>> from pyeval.cards import mask
    >>> rec = hand_records(np.array([mask("AsAhKsKh")], np.uint64), 4)
    >>> rec.shape, int(rec.view(np.uint8)[0, REC_NCOL])        # AA, AK, KK
    ((1, 4), 3)
    """
    T = nx.kernel_tables()
    W = hole * (hole - 1) // 2
    R = 3 + -(-(2 + W) // 8)
    rec = np.zeros((len(masks), R), dtype=np.uint64)
    _records(np.ascontiguousarray(masks, dtype=np.uint64), hole, T.ckey, T.csrm, T.clow,
             T.pair_id, rec, rec.view(np.uint8))
    return rec


#: records of read-only mask arrays kept (a parsed range's, :func:`range_records`), and
#: the most hands they hold together
MAX_CACHED_RECORDS, MAX_CACHED_RECORD_HANDS = 8, 2_000_000
_RECORDS: Kept[tuple[np.ndarray, np.ndarray]] = Kept(
    MAX_CACHED_RECORDS, MAX_CACHED_RECORD_HANDS, lambda kept: len(kept[0]))


def range_records(masks: np.ndarray, hole: int) -> np.ndarray:
    """:func:`hand_records` of ``masks``, kept for the next call when the array is
    read-only (a range from :func:`~.omaha_ranges.parse_omaha_range`, whose arrays are
    kept by its text): the records of a 100,000-hand range take a few ms to build. The
    records returned are read-only.

    >>> from pyeval.equity.omaha_ranges import parse_omaha_range
    >>> m = parse_omaha_range("AAKKds", 4).masks
    >>> range_records(m, 4) is range_records(m, 4)
    True
    """
    if masks.flags.writeable or len(masks) > MAX_CACHED_RECORD_HANDS:
        return hand_records(masks, hole)
    key = (id(masks), hole)
    got = _RECORDS.get(key, lambda kept: kept[0] is masks)
    if got is not None:
        return got[1]
    rec = hand_records(masks, hole)
    rec.setflags(write=False)
    _RECORDS.put(key, (masks, rec))               # the array held: its id stays its own
    return rec


#: joined records of several kept ranges (:func:`seat_records`) kept
MAX_CACHED_JOINS = 2
_JOINS: Kept[tuple[list[np.ndarray], np.ndarray]] = Kept(MAX_CACHED_JOINS)


def seat_records(masks: list[np.ndarray], hole: int) -> np.ndarray:
    """The records of every seat's hands, one seat after the other (:func:`range_records`
    of each), read-only; when every seat's are kept, the joined array is kept too (joining 200,000
    records writes 8 MB of fresh memory, a few ms a run).

    >>> from pyeval.equity.omaha_ranges import parse_omaha_range
    >>> ms = [parse_omaha_range(t, 4).masks for t in ("AAKKds", "QQJJds")]
    >>> seat_records(ms, 4) is seat_records(ms, 4), seat_records(ms, 4).shape
    (True, (12, 4))
    """
    recs = [range_records(m, hole) for m in masks]
    if not recs or any(r.flags.writeable for r in recs):
        out = np.concatenate(recs) if recs else hand_records(np.zeros(0, np.uint64), hole)
        out.setflags(write=False)                 # always read-only: one kernel type
        return out
    key = tuple(id(r) for r in recs)
    got = _JOINS.get(key, lambda kept: all(a is b for a, b in zip(kept[0], recs)))
    if got is not None:
        return got[1]
    rec = np.concatenate(recs)
    rec.setflags(write=False)
    _JOINS.put(key, (recs, rec))                  # the parts held: their ids stay theirs
    return rec


@njit(cache=True)
def _records(masks, H, ckey, csrm, clow, pair_id, rec, b):
    """:func:`hand_records` into ``rec`` (``b``: its bytes): each mask's cards ascending by
    trailing zeros, then :func:`_hand_row`."""
    W = H * (H - 1) // 2
    v = np.zeros(W, np.int64)
    c = np.zeros(H, np.uint8)
    cols = np.zeros(W, np.uint8)
    for n in range(masks.shape[0]):
        m = masks[n]
        x = m
        for i in range(H):
            c[i] = np.uint8(trailing_zeros(x))
            x &= x - np.uint64(1)
        k, s, lo, d = _hand_row(c, ckey, csrm, clow, pair_id, v, cols)
        rec[n, 0], rec[n, 1], rec[n, 2] = m, k, s
        b[n, REC_LOW] = np.uint8(lo)
        b[n, REC_NCOL] = np.uint8(d)
        for t in range(W):
            b[n, REC_COLS + t] = cols[t]


class Seats(NamedTuple):
    """Who holds what: range index of each player (-1: known cards and unknown ones in
    ``hole0``), the known board's key, suit-rank and low masks, its cards to deal, the
    cards that may be dealt."""

    rng: np.ndarray        # int64[P]
    hole0: np.ndarray      # uint8[P, H], NONE for a card to deal
    bk0: np.uint64
    bs0: np.uint64
    bl0: np.uint64
    U: np.int64
    deck: np.ndarray       # uint8[D]
    dmask: np.uint64       # the deck's cards as a mask
    lows: bool


def hand_arrays(cards: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(keys, suit-rank masks, low ranks, rank-pair columns [N, C(H, 2)], distinct
    columns) of hands [N, H]: each row's distinct columns first, ascending, the rest
    repeats of the last (:func:`._omahamc.pair_columns` for one hand).

    >>> from pyeval.cards import cards
    >>> hk, hs, hl, cols, nc = hand_arrays(np.array([cards("AsAhKsKh")], np.uint8))
    >>> cols.shape, int(nc[0]), int(hl[0])       # AA, AK, KK
    ((1, 6), 3, 1)
    """
    T = nx.kernel_tables()
    N, H = cards.shape
    hk = np.zeros(N, np.uint64)
    hs = np.zeros(N, np.uint64)
    hl = np.zeros(N, np.uint64)
    cols = np.zeros((N, H * (H - 1) // 2), np.uint8)
    nc = np.zeros(N, np.int64)
    _hand_arrays(np.ascontiguousarray(cards, dtype=np.uint8), T.ckey, T.csrm, T.clow,
                 T.pair_id, hk, hs, hl, cols, nc)
    return hk, hs, hl, cols, nc


@njit(cache=True)
def _hand_arrays(cards, ckey, csrm, clow, pair_id, hk, hs, hl, cols, nc):
    """:func:`hand_arrays` row by row (numpy's sorts and argsorts over short rows cost a
    range's setup more than the work, bench/RESULTS.md)."""
    v = np.zeros(cols.shape[1], np.int64)
    for n in range(cards.shape[0]):
        hk[n], hs[n], hl[n], nc[n] = _hand_row(cards[n], ckey, csrm, clow, pair_id, v,
                                               cols[n])


@njit(cache=True, inline="always")
def _hand_row(c, ckey, csrm, clow, pair_id, v, out):
    """One hand's key, suit-rank mask, ace-to-eight ranks and count of distinct rank-pair
    columns from its cards ``c``; the columns into ``out``, distinct ones first, ascending,
    the rest repeats of the last (``v``: scratch of the same length)."""
    H = c.shape[0]
    W = out.shape[0]
    k = np.uint64(0)
    m = np.uint64(0)
    lo = np.uint64(0)
    q = 0
    for i in range(H):
        ci = c[i]
        k += ckey[ci]
        m |= csrm[ci]
        lo |= np.uint64(clow[ci])
        for j in range(i + 1, H):
            x = np.int64(pair_id[(ci >> 2) * 13 + (c[j] >> 2)])
            t = q                                 # insertion, ascending
            while t > 0 and v[t - 1] > x:
                v[t] = v[t - 1]
                t -= 1
            v[t] = x
            q += 1
    d = 0
    for t in range(W):
        if t == 0 or v[t] != v[t - 1]:
            out[d] = v[t]
            d += 1
    for t in range(d, W):
        out[t] = v[W - 1]
    return k, m, lo & np.uint64(0xFF), d


@njit(cache=True, inline="always")
def _below(s, n, thr, half, x):
    """A uniform index below ``n`` (``thr`` = 2**32 mod n) from the next half of the random
    word ``x`` (``half`` 0: take a new word, its high half; 1: the low half of ``x``).
    Returns (state, index, half, word)."""
    if half == 0:
        s, x = next_word(s)
        r = x >> U32
    else:
        r = x & LOW32
    i, s = draw(r, n, thr, s)
    return s, i, 1 - half, x


@njit(cache=True, inline="always")
def _take(s, pool, nA, thrs, half, x):
    """A card drawn uniformly from the first ``nA`` of ``pool`` and moved to its place
    ``nA - 1`` (a step of Fisher and Yates: the caller then draws from the first
    ``nA - 1``); ``thrs[n]`` = 2**32 mod n. No card is ever drawn again, so no branch on
    a repeat. Returns (state, card, half, word)."""
    s, i, half, x = _below(s, np.uint64(nA), thrs[nA], half, x)
    c = pool[i]
    pool[i] = pool[nA - 1]
    pool[nA - 1] = c
    return s, c, half, x


def _byte_cards() -> tuple[np.ndarray, np.ndarray]:
    """For each byte b: the places of its set bits, one a byte (the lowest first), and
    how many there are."""
    cards = np.zeros(256, np.uint64)
    for b in range(256):
        places = [k for k in range(8) if b >> k & 1]
        cards[b] = sum(k << (8 * i) for i, k in enumerate(places))
    return cards, np.array([bin(b).count("1") for b in range(256)], np.uint8)


#: :func:`_cards_left`'s tables (constants of the compiled code)
_BYTE_CARDS, _BYTE_COUNT = _byte_cards()
#: eight bytes of 8: the cards of the next byte of a mask
_NEXT_BYTE = np.uint64(0x0808080808080808)


@njit(cache=True, inline="always")
def _cards_left(poolp, left):
    """The cards of the mask ``left`` (52 bits) into the bytes at ``poolp`` (room for 60),
    ascending, a byte of the mask at a time (one table entry, one store); returns how
    many."""
    n = np.uint64(0)
    base = np.uint64(0)
    for _ in range(7):
        b = left & _LOW8
        st64u(poolp + n, _BYTE_CARDS[b] + base)
        n += np.uint64(_BYTE_COUNT[b])
        left >>= np.uint64(8)
        base += _NEXT_BYTE
    return np.int64(n)


@linked(cache=True)
def _draw_hands(s, n, RH, SE, jd):
    """Each of n deals' range hands drawn by their weights (all of them again until no two
    share a card; two draws a random word, its halves) into ``jd[d * P + p]`` (-1 for a
    player with no range). A try is written at the next free deal and kept by moving on
    when it fits: no branch on the clash (40 % of tries on two wide ranges, a branch no
    predictor learns). The kept tries are the rejection sampler's, in order. Returns
    (state, range draws tried, or -1 when the ranges almost never fit, half, word)."""
    P = SE.hole0.shape[0]
    rng, off, rthr, weighted, keep, alias = (SE.rng, RH.off, RH.thr, RH.weighted, RH.keep,
                                             RH.alias)
    maskp = np.uint64(RH.mask.ctypes.data)
    att = 0
    miss = 0                               # tries since the last kept one
    half = 0
    x = np.uint64(0)
    d = 0
    while d < n:
        used = np.uint64(0)
        clash = np.uint64(0)
        for p in range(P):
            r = rng[p]
            if r < 0:
                jd[d * P + p] = -1
                continue
            a = off[r]
            nr = off[r + 1] - a
            j = a
            if nr > 1:
                s, i, half, x = _below(s, np.uint64(nr), rthr[r], half, x)
                j = a + np.int64(i)
                if weighted[r]:
                    s, y = next_word(s)
                    if (y & LOW32) >= keep[j]:
                        j = a + alias[j]
            m = ld64(maskp, j)
            clash |= used & m
            used |= m
            jd[d * P + p] = j
        att += 1
        fit = np.int64(clash == 0)
        d += fit
        miss = (miss + 1) * (1 - fit)
        if miss >= MAX_TRIES:
            return s, -1, half, x
    return s, att, half, x


@linked(cache=True)
def _mc_chunk(s, n, K, RH, SE, TA, tally, scratch):
    """n deals counted into ``tally`` (:func:`_deal_chunk`) in groups of K boards on one
    draw of the hands: first every group's range hands (:func:`_draw_hands`), then the
    groups' boards by :func:`_deal_chunk`. Returns (state, range draws tried, or -1 when
    the ranges almost never fit)."""
    jd = scratch[7]
    s, att, half, x = _draw_hands(s, (n + K - 1) // K, RH, SE, jd)
    if att < 0:
        return s, -1
    return _deal_chunk(s, half, x, n, K, RH, SE, TA, jd, tally, scratch), att


#: deals whose boards are drawn before the first of them is scored (the scoring reads the
#: boards' table rows a few deals ahead, :func:`~pyeval.jit.numba_mem.prefetch`; a block's first AHEAD rows are
#: not asked for early, and each block is a call with the kernel's arrays: 512, not 128,
#: cut the kernel's time by about a tenth, bench/RESULTS.md)
BLOCK = 512
#: how many deals ahead the scoring asks for a board's row of the Omaha table (and how
#: many groups ahead the drawer asks for the hands' masks and records)
AHEAD = 8
#: a board's row of the Omaha table: 91 two-byte entries, at most four cache lines
_ROW_LAST = np.uint64(2 * nx.N_PAIRS - 1)
_LINE = np.uint64(64)


@linked(cache=True)
def _deal_chunk(s, half, x, n, K, RH, SE, TA, jd, tally, scratch):
    """The n deals of :func:`_mc_chunk`, K a group (the last group the rest), each group's
    range hands drawn (``jd[g * P + p]``, in the order they are dealt), in blocks of
    :data:`BLOCK` deals: first the block's boards (:func:`_draw_boards`), then their
    showdowns (:func:`_score_boards`), which ask for each board's table row :data:`AHEAD`
    deals before they read it (the row's loads, a cache miss in two deals of three, were a
    third of the deal's time). The random words are used in the order of one pass, so the
    counts are those of dealing and scoring each board in turn. ``tally`` is (each player's
    share by winners' mask, the deals by winners' mask, ``clu`` [P + 1, 2]: for K > 1, each
    player's sum over groups of the group's share total squared and times the group's
    size, and the count of groups and the sum of their sizes squared: the standard error of
    a mean over groups). Returns the state."""
    st = scratch[11]                       # the two passes' places: group, boards left
    st[:] = 0
    st[0] = -1
    st[2] = -1
    for i0 in range(0, n, BLOCK):
        m = min(BLOCK, n - i0)
        s, half, x = _draw_boards(s, half, x, m, n, K, RH, SE, TA, jd, st, scratch)
        _score_boards(m, n, K, RH, SE, TA, jd, st, tally, scratch)
    return s


@linked(cache=True)
def _draw_boards(s, half, x, m, n, K, RH, SE, TA, jd, st, scratch):
    """The next m boards of :func:`_deal_chunk` into ``bd`` (row of the Omaha table, flush
    bits, suit-rank mask, low ranks), a new group's unknown hole cards first into ``gh``.
    Every card is drawn from ``pool``: a new group's cards left (the deck, which holds no
    known card, without its hands' cards, :func:`_cards_left`), each card drawn leaving
    the part drawn from (:func:`_take`). No card is drawn twice, so there is no redraw on
    a held or repeated card (a branch no predictor learns: 1.2 redraws a board for two
    4-card hands, 1.5 for two 5-card ones). ``st[0:2]``: the group and its boards left,
    ``st[5]`` the cards left to its boards. Returns (state, half, word)."""
    hole = scratch[0]
    bd, gh = scratch[9], scratch[10]
    pool, thrs = scratch[12], scratch[13]
    P, H = hole.shape
    maskp = np.uint64(RH.mask.ctypes.data)
    recp = np.uint64(RH.rec.ctypes.data)
    RB = np.uint64(8 * RH.rec.shape[1])    # bytes a record
    G = (n + K - 1) // K
    hole0, U = SE.hole0, SE.U
    ckey, csrm, clow = TA.ckey, TA.csrm, TA.clow
    g, kb, nA = st[0], st[1], st[5]
    for i in range(m):
        if kb == 0:                        # a new group: its cards
            g += 1
            if g + AHEAD < G:              # the hands' masks and records read AHEAD
                for p in range(P):         # groups from now
                    ja = jd[(g + AHEAD) * P + p]
                    if ja >= 0:
                        j = np.uint64(ja)
                        prefetch(maskp + (j << np.uint64(3)))
                        prefetch(recp + j * RB)
                        prefetch(recp + j * RB + RB - np.uint64(1))
            held = np.uint64(0)
            for p in range(P):
                j = np.int64(jd[g * P + p])
                if j >= 0:
                    held |= ld64(maskp, j)
            nA = _cards_left(np.uint64(pool.ctypes.data), SE.dmask & ~held)
            for p in range(P):
                if jd[g * P + p] >= 0:
                    continue
                for k in range(H):
                    c = hole0[p, k]
                    if c == NONE:
                        s, c, half, x = _take(s, pool, nA, thrs, half, x)
                        nA -= 1
                    gh[g % BLOCK, p, k] = c
            kb = min(K, n - g * K)
        kb -= 1
        bk = SE.bk0
        bs = SE.bs0
        bl = SE.bl0
        for q in range(U):
            s, c, half, x = _take(s, pool, nA - q, thrs, half, x)
            bk += ld64(ckey, c)
            bs |= ld64(csrm, c)
            bl |= np.uint64(ld16(clow, c))
        bd[i, 0] = board_row(bk, TA.board_disp, TA.board_id)
        bd[i, 1] = (bk + nx.OM_BOARD) & nx.FLUSH_BITS
        bd[i, 2] = bs
        bd[i, 3] = bl
    st[0], st[1], st[5] = g, kb, nA
    return s, half, x


@linked(cache=True)
def _score_boards(m, n, K, RH, SE, TA, jd, st, tally, scratch):
    """The showdowns of the m boards :func:`_draw_boards` wrote (:func:`._omahamc.showdown`,
    written out here with a range hand's columns read from its record: a copy into ``pc``
    cost 10 % of the deal, and a call per deal with the arrays as arguments more than the
    deal), each counted into ``tally`` (:func:`_deal_chunk`). ``st[2:4]``: the group and its
    boards left, ``st[4]`` the group's size."""
    shares, out, clu = tally
    hole, pk, ps, pl, pc, jrow, vals = scratch[:7]
    acc, bd, gh = scratch[8], scratch[9], scratch[10]
    P, H = hole.shape
    W = pc.shape[1]
    recp = np.uint64(RH.rec.ctypes.data)
    RW = RH.rec.shape[1]                   # words a record
    ckey, csrm, clow, pair_id, om = TA.ckey, TA.csrm, TA.clow, TA.pair_id, TA.om_high
    g, kb, k0 = st[2], st[3], st[4]
    for i in range(m):
        if i + AHEAD < m:                  # the row read AHEAD deals from now
            ra = om + (bd[i + AHEAD, 0] << np.uint64(1))
            prefetch(ra)
            prefetch(ra + _LINE)
            prefetch(ra + _LINE + _LINE)
            prefetch(ra + _ROW_LAST)
        if kb == 0:                        # a new group: its hands
            g += 1
            for p in range(P):
                j = np.int64(jd[g * P + p])
                jrow[p] = j
                if j >= 0:
                    pk[p] = ld64(recp, RW * j + REC_KEY // 8)
                    ps[p] = ld64(recp, RW * j + REC_SRM // 8)
                    pl[p] = np.uint64(ld8(recp, 8 * RW * j + REC_LOW))
                    continue
                hk = np.uint64(0)
                hs = np.uint64(0)
                hl = np.uint64(0)
                for k in range(H):
                    c = gh[g % BLOCK, p, k]
                    hole[p, k] = c
                    hk += ld64(ckey, c)
                    hs |= ld64(csrm, c)
                    hl |= np.uint64(ld16(clow, c))
                pk[p] = hk
                ps[p] = hs
                pl[p] = hl & _LOW8
                q = 0
                for ii in range(H):
                    ri = np.uint64(hole[p, ii] >> 2) * np.uint64(13)
                    for k in range(ii + 1, H):
                        pc[p, q] = ld8(pair_id, ri + np.uint64(hole[p, k] >> 2))
                        q += 1
            kb = min(K, n - g * K)
            k0 = kb
            for p in range(P):
                acc[p] = 0.0
        kb -= 1
        row = bd[i, 0]
        fb = bd[i, 1]
        bs = bd[i, 2]
        best = np.uint64(0)
        for p in range(P):
            j = jrow[p]
            v = np.uint64(0)
            if j >= 0:                  # a range's hand: its columns (the distinct ones,
                a = 8 * RW * j          # then repeats: a fixed count, no branch to miss)
                for k in range(W):
                    v = max(v, np.uint64(ld16(
                        om, row + np.uint64(ld8(recp, a + REC_COLS + k)))))
            else:
                for k in range(W):
                    v = max(v, np.uint64(ld16(om, row + np.uint64(pc[p, k]))))
            fl = fb & (pk[p] + nx.OM_HOLE)
            if fl != 0:
                v = max(v, nx.omaha_flush(fl, bs, ps[p], TA.flush))
            vals[p] = v
            best = max(best, v)
        w = winner_bits(vals, best, P, SE.lows, bd[i, 3], pl, TA.om_low8)
        out[w] += 1
        if K > 1:
            for p in range(P):
                acc[p] += shares[w, p]
        if K > 1 and kb == 0:      # (one board a draw: no sums)
            for p in range(P):
                clu[p, 0] += acc[p] * acc[p]
                clu[p, 1] += k0 * acc[p]
            clu[P, 0] += 1.0
            clu[P, 1] += k0 * k0
    st[2], st[3], st[4] = g, kb, k0


@njit(cache=True, nogil=True)
def _mc_work(ctr, RH, SE, seed, chunk0, nsamp, K, TA, shares, out, clu, att):
    """Worker of :func:`range_mc`: chunk i seeded from (seed, chunk0 + i)."""
    P, H = SE.hole0.shape
    W = H * (H - 1) // 2
    most = 1
    for k in nsamp:                        # the longest chunk (none: no deal)
        most = max(most, k)
    scratch = (np.zeros((P, H), dtype=np.uint8), np.zeros(P, dtype=np.uint64),
               np.zeros(P, dtype=np.uint64), np.zeros(P, dtype=np.uint64),
               np.zeros((P, W), dtype=np.uint8), np.zeros(P, dtype=np.int64),
               np.zeros(2 * P, dtype=np.uint64), np.zeros(most * P, dtype=np.int32),
               np.zeros(P, dtype=np.float64), np.zeros((BLOCK, 4), dtype=np.uint64),
               np.zeros((BLOCK, P, H), dtype=np.uint8), np.zeros(6, dtype=np.int64),
               np.zeros(64, dtype=np.uint8), np.zeros(53, dtype=np.uint64))
    thrs = scratch[13]
    for k in range(1, 53):                 # 2**32 mod k (Lemire's threshold)
        thrs[k] = np.uint64(0x100000000) % np.uint64(k)
    a_ctr = np.uint64(ctr.ctypes.data)
    while True:
        ci = fetch_add(a_ctr, 1)
        if ci >= nsamp.shape[0]:
            break
        _, att[ci] = _mc_chunk(word_stream(seed, chunk0 + ci), nsamp[ci], K, RH, SE, TA,
                               (shares, out[ci], clu[ci]), scratch)


class RangeRun(NamedTuple):
    """What :func:`range_mc` counts, by chunk."""

    wins: np.ndarray       # int64[chunks, 2**P or 4**P] deals by winners' mask
    tries: np.ndarray      # int64[chunks] range draws tried (-1: the ranges almost never fit)
    groups: np.ndarray     # float64[chunks, P + 1, 2] :func:`_deal_chunk`'s group sums,
    #                        zero for one board a draw (each deal its own group)


@lru_cache(maxsize=16)
def mask_shares(P: int, lows: bool) -> np.ndarray:
    """Each player's pot share of a deal by its winners' mask, float64[2**P or 4**P, P]
    (:func:`._omahamc.mask_stats` of one deal of each mask).

    >>> mask_shares(2, False).tolist()        # nobody (no deal), 0 alone, 1 alone, a tie
    [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.5, 0.5]]
    """
    nm = 1 << (2 * P if lows else P)
    st = mask_stats(np.eye(nm, dtype=np.int64), P)
    return np.ascontiguousarray(st[:, :, S_SHARE])


def range_mc(RH: RangeHands, SE: Seats, seed: int, chunk0: int, nsamp: np.ndarray,
             threads: int = 1, boards: int = 1) -> RangeRun:
    """Monte Carlo over ``len(nsamp)`` chunks, ``boards`` deals (boards) on each draw of
    the hands (:class:`RangeRun`)."""
    T = nx.kernel_tables()
    P = SE.hole0.shape[0]
    out = np.zeros((len(nsamp), 1 << (2 * P if SE.lows else P)), dtype=np.int64)
    att = np.zeros(len(nsamp), dtype=np.int64)
    clu = np.zeros((len(nsamp), P + 1, 2), dtype=np.float64)
    run_workers(_mc_work, threads, len(nsamp), RH, SE, np.uint64(seed), np.int64(chunk0),
                nsamp, np.int64(boards), T.addrs, mask_shares(P, bool(SE.lows)), out, clu, att)
    return RangeRun(out, att, clu)


@njit(cache=True, nogil=True)
def _exact_work(ctr, tuples, tw, cards, HA, SE, TA, out):
    """Worker of :func:`range_exact`: task i is the compatible choice ``tuples[i]`` (rows
    of ``cards`` and of the evaluation arrays ``HA``, one per player), every board of the
    cards left counted with weight ``tw[i]`` into ``out[i]``."""
    hk, hs, hl, cols, _ = HA
    P, H = SE.hole0.shape
    W = cols.shape[1]
    pk = np.zeros(P, dtype=np.uint64)
    ps = np.zeros(P, dtype=np.uint64)
    pl = np.zeros(P, dtype=np.uint64)
    pc = np.zeros((P, W), dtype=np.uint8)
    vals = np.zeros(2 * P, dtype=np.uint64)
    pool = np.zeros(52, dtype=np.uint8)
    a_ctr = np.uint64(ctr.ctypes.data)
    U = SE.U
    while True:
        t = fetch_add(a_ctr, 1)
        if t >= tuples.shape[0]:
            break
        used = np.uint64(0)
        for p in range(P):
            j = tuples[t, p]
            pk[p] = hk[j]
            ps[p] = hs[j]
            pl[p] = hl[j]
            for k in range(W):
                pc[p, k] = cols[j, k]
            for k in range(H):
                used |= np.uint64(1) << np.uint64(cards[j, k])
        n = 0
        for c in SE.deck:
            if not used & (np.uint64(1) << np.uint64(c)):
                pool[n] = c
                n += 1
        v = (np.uint64(1) << np.uint64(U)) - np.uint64(1)   # a board: its pool positions'
        last = v << np.uint64(n - U)                         # bits, the sets in colex order
        while True:
            bk = SE.bk0
            bs = SE.bs0
            bl = SE.bl0
            b = v
            for _ in range(U):
                c = pool[trailing_zeros(b)]
                b &= b - np.uint64(1)
                bk += ld64(TA.ckey, c)
                bs |= ld64(TA.csrm, c)
                bl |= np.uint64(ld16(TA.clow, c))
            out[t, showdown(bk, bs, bl, pk, ps, pl, pc, SE.lows, TA, vals)] += tw[t]
            if v == last:
                break
            r = v + (v & (~v + np.uint64(1)))                # the next set of as many bits
            v = r | (((r ^ v) >> np.uint64(2)) >> np.uint64(trailing_zeros(v)))


def range_exact(tuples: np.ndarray, tw: np.ndarray, cards: np.ndarray, SE: Seats,
                threads: int = 1) -> np.ndarray:
    """Exact sums by winners' mask, one row per compatible choice of hands (rows of
    ``cards``), each board counted with the choice's weight ``tw``."""
    T = nx.kernel_tables()
    P = SE.hole0.shape[0]
    out = np.zeros((len(tuples), 1 << (2 * P if SE.lows else P)), dtype=np.float64)
    run_workers(_exact_work, threads, len(tuples), tuples, tw, cards, hand_arrays(cards), SE,
                T.addrs, out)
    return out
