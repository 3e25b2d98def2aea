"""Omaha and Omaha hi/lo Monte Carlo with every hole card known: the board dealt by
independent draws, its row of the Omaha table found once a deal, each player's high the
best of that row over its distinct hole rank pairs, and each deal counted by the masks of
its high and low winners.

The general kernel (:func:`._montecarlo.mc_chunks`) deals card by card through the scratch
arena, finds the board's row again for every player, looks every one of the C(H, 2) hole
pairs up (a paired hand such as AsAhKsKh has three distinct rank pairs of its six) and
scores each deal with floating-point sums and branches on who won. Here the hole side is
fixed, so each player's distinct pair indices into a row are listed once
(:func:`pair_columns`); a deal adds one to the counter of its winners' masks (bit p of the
high winners, and for hi/lo bit P + p of the low winners, none when no low qualifies), and
the counters become the per-player sums once per chunk (:func:`mask_stats`).

>>> import numpy as np
>>> from pyeval.jit import numba_ext as nx
>>> from pyeval.cards import cards
>>> cols = pair_columns([cards("AsAhKsKh"), cards("9c8d7c6d")], nx.kernel_tables().pair_id)
>>> cols.shape                     # three distinct rank pairs (AA, AK, KK), six (9876)
(2, 6)
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pyeval.equity import _layout as L
from pyeval.equity._dealing import U32, draw_five, five_keys
from pyeval.equity._inputs import OmahaBoard, OmahaHands, Streams
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, ld8, ld16, ld32, ld64
from pyeval.jit.numba_rng import LOW32, draw, next_word, word_stream

#: the most players this kernel counts by masks: 2**P counters for high alone, 4**P for
#: hi/lo (more players go through the general kernel)
MAX_HIGH_PLAYERS = 10
MAX_HILO_PLAYERS = 6

_LOW8 = np.uint64(0xFF)


def pair_columns(holes: list[np.ndarray], pair_id: np.ndarray) -> np.ndarray:
    """Each player's distinct indices into a board's row of the Omaha table (one per rank
    pair of two hole cards), [P, width]: a player with fewer repeats its last one.

    >>> from pyeval.jit import numba_ext as nx
    >>> from pyeval.cards import cards
    >>> pair_columns([cards("AsAhAdAc")], nx.kernel_tables().pair_id).shape
    (1, 1)
    """
    cols = []
    for h in holes:
        r = [int(c) >> 2 for c in h]
        ids = sorted({int(pair_id[r[i] * 13 + r[j]]) for i in range(len(r))
                      for j in range(i + 1, len(r))})
        cols.append(ids)
    width = max(len(c) for c in cols)
    return np.array([c + [c[-1]] * (width - len(c)) for c in cols], dtype=np.int64)


@njit(cache=True, inline="always")
def winner_bits(vals, best, P, lows, bl, low_keys, om_low8):
    """Who wins a showdown, as bits: bit ``p`` for each holder of the best high value
    (``vals[:P]``, ``best``), and in hi/lo bit ``P + p`` for each holder of the best
    qualifying low, looked up from the board's low ranks ``bl`` and each hand's ``low_keys``
    and written to ``vals[P:]`` (no bit when no low qualifies). The one scoring of the Omaha
    kernels, fixed hands and ranges alike."""
    m = 0
    for p in range(P):
        m |= np.int64(vals[p] == best) << p
    if lows:
        lb = (bl & _LOW8) << np.uint64(8)
        lbest = np.uint64(0)
        for p in range(P):
            lv = np.uint64(ld8(om_low8, lb | low_keys[p]))
            vals[P + p] = lv
            lbest = max(lbest, lv)
        if lbest != 0:
            for p in range(P):
                m |= np.int64(vals[P + p] == lbest) << (P + p)
    return m


@njit(cache=True, inline="always")
def board_row(bk, board_disp, board_id):
    """The index of a board's row in the C evaluator's Omaha table (``om_high``: one entry
    per rank pair of two hole cards) from the board's key (with KEY_START)."""
    rk = bk & LOW32
    sl = (rk + np.uint64(ld32(board_disp, ((rk * nx.BOARD_MULT) & LOW32)
                              >> nx.BOARD_ROW_SHIFT))) & nx.BOARD_SLOT_MASK
    return np.uint64(ld16(board_id, sl)) * nx.N_PAIRS


@njit(cache=True, inline="always")
def showdown(bk, bs, bl, pk, ps, pl, pc, lows, TA, vals):
    """The mask of a deal's winners (:func:`winner_bits`) from the board's key (with
    KEY_START), suit-rank and low masks and each player's key, suit-rank mask, low ranks
    and rank-pair columns ``pc`` [P, W] (a hand's distinct columns, then repeats): each
    high the best of the board's row over the columns, or a flush
    (:func:`pyeval.jit.numba_ext.omaha_flush`) when a suit allows one. The one showdown of the
    Omaha kernels (fixed hands, range Monte Carlo, range enumeration); inlined."""
    P, W = pc.shape
    row = board_row(bk, TA.board_disp, TA.board_id)
    fb = (bk + nx.OM_BOARD) & nx.FLUSH_BITS
    best = np.uint64(0)
    for p in range(P):
        v = np.uint64(0)
        for k in range(W):
            v = max(v, np.uint64(ld16(TA.om_high, row + np.uint64(pc[p, k]))))
        fl = fb & (pk[p] + nx.OM_HOLE)
        if fl != 0:
            v = max(v, nx.omaha_flush(fl, bs, ps[p], TA.flush))
        vals[p] = v
        best = max(best, v)
    return winner_bits(vals, best, P, lows, bl, pl, TA.om_low8)


@linked(cache=True)
def _chunk(s, n, hands, ob, TA, vals, wins):
    """n deals: U board cards (five, or the rest of a known flop or turn) drawn
    independently from the pool at ``dk`` and all redrawn on a repeat (the random words
    used as :func:`._dealing.deal_idx` uses them, so the boards are the general kernel's);
    the winners by :func:`showdown`; one count added at ``wins[high mask | low mask << P]``.
    Returns the state."""
    ckey, csrm, clow = TA.ckey, TA.csrm, TA.clow
    cols, hk, hs, hl, lows = hands
    bk0, bs0, bl0, deck, thr, U = ob
    dk = np.uint64(deck.ctypes.data)
    nD = np.uint64(deck.shape[0])
    for _ in range(n):
        if U == 5:
            while True:
                s, x = next_word(s)
                s, y = next_word(s)
                s, z = next_word(s)
                s, c0, c1, c2, c3, c4, ok = draw_five(s, x, y, z, dk, nD, thr)
                if ok:
                    break
            bk, bs = five_keys(bk0, c0, c1, c2, c3, c4, ckey, csrm)
            bs |= bs0
            bl = bl0 | np.uint64((ld16(clow, c0) | ld16(clow, c1)) | (ld16(clow, c2)
                                 | ld16(clow, c3)) | ld16(clow, c4))
        else:
            while True:
                bk = bk0
                bs = bs0
                bl = bl0
                drawn = np.uint64(0)
                dup = np.uint64(0)
                x = np.uint64(0)
                for q in range(U):
                    if q & 1 == 0:
                        s, x = next_word(s)
                        r = x >> U32
                    else:
                        r = x & LOW32
                    i, s = draw(r, nD, thr, s)
                    c = ld8(dk, i)
                    bit = np.uint64(1) << np.uint64(c)
                    dup |= drawn & bit
                    drawn |= bit
                    bk += ld64(ckey, c)
                    bs |= ld64(csrm, c)
                    bl |= np.uint64(ld16(clow, c))
                if dup == 0:
                    break
        wins[showdown(bk, bs, bl, hk, hs, hl, cols, lows, TA, vals)] += 1
    return s


@njit(cache=True, nogil=True)
def _work(ctr, hands, ob, ST, TA, out):
    """Worker of :func:`omaha_mc`: chunks until none is left, chunk i seeded from
    (seed, chunk0 + i), its mask counts into ``out[i]``."""
    seed, chunk0, nsamp = ST.seed, ST.chunk0, ST.nsamp
    a_ctr = np.uint64(ctr.ctypes.data)
    vals = np.zeros(2 * hands.cols.shape[0], dtype=np.uint64)
    while True:
        ci = fetch_add(a_ctr, 1)
        if ci >= nsamp.shape[0]:
            break
        _chunk(word_stream(seed, chunk0 + ci), nsamp[ci], hands, ob, TA, vals, out[ci])


def mask_stats(wins: np.ndarray, P: int) -> np.ndarray:
    """Counts of deals by their winners' masks ([chunks, 2**P] for high alone, [chunks,
    4**P] for hi/lo: bit p a high winner, bit P + p a low winner) -> per-player sums
    [chunks, P, NSTAT], scored as :func:`._showdown.score` scores one deal: the high half
    and the low half (when a low qualifies) each split among their winners.

    >>> w = np.zeros((1, 16), np.int64)
    >>> w[0, 0b0101] = 3            # player 0 wins high and low alone: a scoop
    >>> w[0, 0b1001] = 2            # player 0 high, player 1 low
    >>> st = mask_stats(w, 2)
    >>> st[0, :, L.S_SHARE].tolist(), st[0, :, L.S_WIN].tolist(), st[0, :, L.S_TIE].tolist()
    ([4.0, 1.0], [3.0, 0.0], [2.0, 2.0])
    """
    nch, nm = wins.shape
    out = np.zeros((nch, P, L.NSTAT))
    full = (1 << P) - 1
    for m in np.nonzero(wins.any(axis=0))[0].tolist():
        hm, lm = m & full, m >> P
        kh, kl = bin(hm).count("1"), bin(lm).count("1")
        half = 0.5 if kl else 1.0
        row = np.zeros((P, L.NSTAT))
        for p in range(P):
            share = 0.0
            if hm >> p & 1:
                share = half / kh
                row[p, L.S_HWIN if kh == 1 else L.S_HTIE] = 1.0
            if lm >> p & 1:
                share += 0.5 / kl
                row[p, L.S_LWIN if kl == 1 else L.S_LTIE] = 1.0
            if share > 0.0:
                row[p, L.S_SHARE] = share
                row[p, L.S_SHARE2] = share * share
                row[p, L.S_WIN if share == 1.0 else L.S_TIE] = 1.0
        out += wins[:, m, None, None].astype(np.float64) * row[None]
    return out


def omaha_mc(holes: list[np.ndarray], lows: bool, board: np.ndarray, deck: np.ndarray,
             seed: Any, chunk0: int, nsamp: np.ndarray, threads: int = 1) -> np.ndarray:
    """Omaha (``lows``: hi/lo) Monte Carlo with the players' hole cards ``holes`` known
    and the rest of ``board`` dealt from ``deck``: ``len(nsamp)`` chunks on ``threads``
    threads, chunk i seeded from ``(seed, chunk0 + i)``. Returns sums [chunks, P, NSTAT].

    >>> from pyeval.cards import cards
    >>> h = [cards("AsAhKsKh"), cards("9c8d7c6d")]
    >>> deck = np.array(sorted(set(range(52)) - set(np.concatenate(h).tolist())), np.uint8)
    >>> st = omaha_mc(h, False, np.zeros(0, np.uint8), deck, 1, 0, np.full(2, 20_000))
    >>> bool(0.58 < st[:, 0, L.S_SHARE].sum() / 40_000 < 0.62)      # exact: 0.60062
    True
    """
    T = nx.kernel_tables()
    P = len(holes)
    cols = pair_columns(holes, T.pair_id)
    hk = np.array([T.ckey[h].sum(dtype=np.uint64) for h in holes], dtype=np.uint64)
    hs = np.array([np.bitwise_or.reduce(T.csrm[h]) for h in holes], dtype=np.uint64)
    hl = np.array([np.bitwise_or.reduce(T.clow[h]) & 0xFF for h in holes], dtype=np.uint64)
    bk0 = np.uint64(nx.KEY_START + T.ckey[board].sum(dtype=np.uint64))
    bs0 = np.uint64(np.bitwise_or.reduce(T.csrm[board]) if len(board) else 0)
    bl0 = np.uint64(np.bitwise_or.reduce(T.clow[board]) if len(board) else 0)
    U = 5 - len(board)
    nch = nsamp.shape[0]
    out = np.zeros((nch, 1 << (2 * P if lows else P)), dtype=np.int64)
    thr = np.uint64((1 << 32) % len(deck))
    run_workers(_work, threads, nch, OmahaHands(cols, hk, hs, hl, bool(lows)),
                OmahaBoard(bk0, bs0, bl0, deck, thr, np.int64(U)),
                Streams(np.uint64(seed), np.int64(chunk0), nsamp, 0), T.addrs, out)
    return mask_stats(out, P)
