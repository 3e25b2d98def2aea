"""Exact enumeration kernels: every board completion times every choice of one combination
per player that shares no card: hold'em with ranges or a known board, and every other game
(hold'em with every hole card known and no board: :mod:`._exact5`).

Each driver prepares the arrays and runs a ``nogil`` worker on the requested threads
(:mod:`._workers`); work is split by the first two unknown board cards, dealt out to
``n_tasks`` tasks in turn, each writing its own row of results, so the answer is the same
whatever the number of threads.
"""
from __future__ import annotations

import numpy as np
from numba import njit
from numba.extending import overload

from pyeval.equity._inputs import (
    ComboAddrs,
    Combos,
    ExactAddrs,
    ExactBoard,
    ExactRows,
    ExactTally,
    Game,
    HoldemBoard,
    Units,
)
from pyeval.equity._layout import NONE, NSTAT, SP_NONE, NoSplit
from pyeval.equity._showdown import HOOK, duel, high_value, low_value, raise_best, score
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, ld8, ld16, ld64, ldf, ldi64, st8, st64, stf, sti64

KEY_START = nx.KEY_START


def board_units(D: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The units of work of an exact walk: with k >= 2 unknown board cards, every pair
    (a < b) of the D cards left for the first two, in order; with one, every card; with
    none, one.

    >>> [a.tolist() for a in board_units(3, 2)]
    [[0, 0, 1], [1, 2, 2]]
    """
    if k >= 2:
        pa, pb = np.triu_indices(D, 1)
        return pa.astype(np.int64), pb.astype(np.int64)
    if k == 1:
        return np.arange(D, dtype=np.int64), np.zeros(D, dtype=np.int64)
    return np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)


@njit(cache=True, inline="always")
def combo_addrs(C):
    """The address of each array of ``C`` (:class:`~._inputs.ComboAddrs`)."""
    return ComboAddrs(np.uint64(C.off.ctypes.data), np.uint64(C.cards.ctypes.data),
                      np.uint64(C.w.ctypes.data), np.uint64(C.mask.ctypes.data),
                      np.uint64(C.key.ctypes.data), np.uint64(C.srm.ctypes.data),
                      np.uint64(C.low.ctypes.data), np.uint64(C.ace.ctypes.data))


@njit(cache=True, inline="always")
def row_addrs(a, rows):
    """The arrays of the scratch row at address ``a`` (:class:`~._inputs.ExactAddrs`)."""
    return ExactAddrs(a + np.uint64(8 * rows.bcur), a + np.uint64(8 * rows.chi),
                      a + np.uint64(8 * rows.clo), a + np.uint64(8 * rows.valid),
                      a + np.uint64(8 * rows.idx), a + np.uint64(8 * rows.us),
                      a + np.uint64(8 * rows.ws), a + np.uint64(8 * rows.hi),
                      a + np.uint64(8 * rows.lo), a + np.uint64(8 * rows.ix),
                      a + np.uint64(8 * rows.st), a + np.uint64(8 * rows.acc))


@linked(cache=True)
def _pairs_high(c_off, c_mask, c_w, valid, chi, acc):
    """:func:`_tuples` heads-up in a high-only game: two plain loops, three sums in
    registers. Returns (deals, weight)."""
    deals = 0.0
    wsum = 0.0
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
            w01, w10, wtie = duel(v0, v1, w, w01, w10, wtie)
    stf(acc, 1, ldf(acc, 1) + w01)
    stf(acc, 2, ldf(acc, 2) + wtie)
    stf(acc, 4, ldf(acc, 4) + w10)
    stf(acc, 5, ldf(acc, 5) + wtie)
    return deals, wsum


def pairs_high(sp, P, c_off, c_mask, c_w, valid, chi, acc):
    """(done, deals, weight): :func:`_pairs_high` for two players in a high-only game
    (``sp`` :class:`~._layout.NoSplit`), else not done (nothing compiled for it)."""
    raise TypeError("pairs_high is called from compiled kernels only")


@overload(pairs_high, jit_options=HOOK)
def _pairs_high_ov(sp, P, c_off, c_mask, c_w, valid, chi, acc):
    if getattr(sp, "instance_class", None) is NoSplit:
        def high(sp, P, c_off, c_mask, c_w, valid, chi, acc):
            if P != 2:
                return False, 0.0, 0.0
            d, w = _pairs_high(c_off, c_mask, c_w, valid, chi, acc)
            return True, d, w
        return high
    return lambda sp, P, c_off, c_mask, c_w, valid, chi, acc: (False, 0.0, 0.0)


def tuple_showdown(sp, P, idx, chi, clo, c_as, hi, lo, st, acc, w):
    """The showdown of one tuple (the combinations at ``idx``) of weight ``w``: high-only
    games add it to the weighted counts of pots won shared k ways ``acc``
    (float64[P, P + 1]), split games to the sums ``st`` (:func:`._showdown.score`)."""
    raise TypeError("tuple_showdown is called from compiled kernels only")


@overload(tuple_showdown, jit_options=HOOK)
def _tuple_showdown(sp, P, idx, chi, clo, c_as, hi, lo, st, acc, w):
    if getattr(sp, "instance_class", None) is NoSplit:
        return (lambda sp, P, idx, chi, clo, c_as, hi, lo, st, acc, w:
                _count_tuple(P, idx, chi, hi, acc, w))
    return (lambda sp, P, idx, chi, clo, c_as, hi, lo, st, acc, w:
            _score_tuple(sp.code, P, idx, chi, clo, c_as, hi, lo, st, w))


@linked(cache=True)
def _count_tuple(P, idx, chi, hi, acc, w):
    # one pass that reads, stores and ranks the values (the tuple walk's hottest step:
    # storing first and then counting through _showdown.count_best took 4.6 % more
    # instructions a call, bench/RESULTS.md)
    best = np.uint64(0)
    k = 0
    for q in range(P):
        v = ld64(chi, ldi64(idx, q))
        st64(hi, q, v)
        best, k = raise_best(v, best, k)
    for q in range(P):
        if ld64(hi, q) == best:
            o = q * (P + 1) + k
            stf(acc, o, ldf(acc, o) + w)


@linked(cache=True)
def _score_tuple(split, P, idx, chi, clo, c_as, hi, lo, st, w):
    holder = np.int64(-1)
    for q in range(P):
        jq = ldi64(idx, q)
        st64(hi, q, ld64(chi, jq))
        st64(lo, q, ld64(clo, jq))
        if ld8(c_as, jq):
            holder = np.int64(q)
    score(split, P, hi, lo, holder, st, w)


@linked(cache=True)
def _next_tuple(p, P, c_off, c_mask, c_w, valid, idx, us, ws):
    """One step of the depth-first walk over the choices of one valid combination per
    player sharing no card (``idx``: the choice of each player, ``us``/``ws``: the cards
    used and the weight up to each): from level ``p``, on to the next whole tuple.
    Returns (P - 1, its weight) there, (-1, 0) when the walk is over."""
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
        return p, ldf(ws, p) * ldf(c_w, j)
    return p, 0.0


@linked(cache=True)
def _tuples(sp, P, bmask, ca, sa):
    """Every choice of one valid combination per player (at ``ca``) sharing no card (nor
    any with ``bmask``), values already in the task row's ``sa.chi``/``sa.clo``: weighted
    counts of pots won shared k ways into ``sa.acc`` (float64[P, P + 1]) for high-only
    games, :func:`score` sums into ``sa.st`` for split pots (``sp``: the split class).
    Heads-up high-only is two plain loops; otherwise a depth-first walk. Returns (deals,
    weight)."""
    c_off, c_mask, c_w, c_as = ca.off, ca.mask, ca.w, ca.ace
    valid, chi, clo, idx, us, ws = sa.valid, sa.chi, sa.clo, sa.idx, sa.us, sa.ws
    hi, lo, st, acc = sa.hi, sa.lo, sa.st, sa.acc
    done, deals, wsum = pairs_high(sp, P, c_off, c_mask, c_w, valid, chi, acc)
    if done:
        return deals, wsum
    p = np.int64(0)          # not the literal 0: _next_tuple would be compiled for it too
    sti64(idx, 0, ldi64(c_off, 0) - 1)
    st64(us, 0, bmask)
    stf(ws, 0, 1.0)
    while True:
        p, w = _next_tuple(p, P, c_off, c_mask, c_w, valid, idx, us, ws)
        if p < 0:
            break
        deals += 1.0
        wsum += w
        tuple_showdown(sp, P, idx, chi, clo, c_as, hi, lo, st, acc, w)
    return deals, wsum


@linked(cache=True)
def _exact_board(G, bmask, ca, sa, TA):
    """All deals of the players' combinations (at ``ca``) on one complete board (at
    ``sa.bcur``, card mask ``bmask``), in the task's scratch row ``sa``. Returns (deals,
    weight). Compiled for the game's evaluation and split classes (``G.ev``, ``G.sp``)."""
    ckey, csrm, clow = TA.ckey, TA.csrm, TA.clow
    ev, sp, P, H, NB = G.ev, G.sp, G.P, G.H, G.NB
    c_off, c_cards, c_mask, c_key, c_srm, c_low = ca.off, ca.cards, ca.mask, ca.key, ca.srm, \
        ca.low
    bcur, chi, clo, valid = sa.bcur, sa.chi, sa.clo, sa.valid
    bk = KEY_START
    bs = np.uint64(0)
    bl = np.uint64(0)
    for j in range(NB):
        c = ld8(bcur, j)
        bk += ld64(ckey, c)
        bs |= ld64(csrm, c)
        bl |= np.uint64(ld16(clow, c))
    for p in range(P):
        for j in range(ldi64(c_off, p), ldi64(c_off, p + 1)):
            if ld64(c_mask, j) & bmask:
                st8(valid, j, 0)
                continue
            st8(valid, j, 1)
            hl = ld64(c_low, j)
            st64(chi, j, high_value(ev, c_cards + np.uint64(j * H), H, bcur, NB, ld64(c_key, j),
                                    ld64(c_srm, j), bk, bs, bl, hl, TA))
            st64(clo, j, low_value(ev, sp, hl, bl, TA))
    return _tuples(sp, P, bmask, ca, sa)


@njit(cache=True, nogil=True)
def _exact_tasks_work(ctr, G, B, U, C, rows, TA, tally):
    """Worker of :func:`exact_tasks`: tasks until none is left, each in its own padded row
    of the scratch arena."""
    cbit = TA.cbit
    P, NB = G.P, G.NB
    board0, bdeck, slots, k, bmask0 = B
    pa, pb, n_tasks, t0 = U
    out, cw, deals, wts = tally
    a_ctr = np.uint64(ctr.ctypes.data)
    base = np.uint64(rows.arena.ctypes.data)
    nt = out.shape[0]
    D = bdeck.shape[0]
    n_units = pa.shape[0]
    at = combo_addrs(C)
    while True:
        ti = fetch_add(a_ctr, 1)
        if ti >= nt:
            break
        sa = row_addrs(base + np.uint64(8 * rows.row * ti), rows)
        bcur, ix, st, acc = sa.bcur, sa.ix, sa.st, sa.acc
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
                d, w = _exact_board(G, bmask, at, sa, TA)
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
                    d, w = _exact_board(G, bm, at, sa, TA)
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


def exact_tasks(G: Game, board0: np.ndarray, bdeck: np.ndarray, C: Combos, n_tasks: int,
                t0: int, t1: int, TA: tuple, threads: int = 1) -> ExactTally:
    """Exact enumeration, tasks t0..t1-1 of n_tasks: every completion of the unknown
    board slots of ``board0`` from ``bdeck``, times every choice of one combination per
    player (``C.cards[C.off[p]:C.off[p+1]]``, weights ``C.w``) that shares no card. Work is
    split by the first two unknown board cards, dealt out to the tasks in turn. Returns
    sums [tasks, P, NSTAT] of split games, weighted counts [tasks, P, P + 1] of pots won
    shared k ways in high-only games, deals and weights per task."""
    T = nx.kernel_tables()
    P, NB = G.P, G.NB
    nt = t1 - t0
    tally = ExactTally(np.zeros((nt, P, NSTAT), dtype=np.float64),
                       np.zeros((nt, P, P + 1), dtype=np.float64),
                       np.zeros(nt, dtype=np.float64), np.zeros(nt, dtype=np.float64))
    D = bdeck.shape[0]
    unknown = [j for j in range(NB) if board0[j] == NONE]
    k = len(unknown)
    slots = np.zeros(max(NB, 1), dtype=np.int64)
    slots[:k] = unknown
    M = C.cards.shape[0]
    pa, pb = board_units(D, k)
    known = [int(c) for c in board0[:NB] if c != NONE]
    bmask0 = np.uint64(np.bitwise_or.reduce(T.cbit[known]) if known else 0)
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
    rows = ExactRows(np.zeros(nt * row, dtype=np.uint64), row, o_bcur, o_chi, o_clo, o_valid,
                     o_idx, o_us, o_ws, o_hi, o_lo, o_ix, o_st, o_acc)
    run_workers(_exact_tasks_work, threads, nt, G, ExactBoard(board0, bdeck, slots, k, bmask0),
                Units(pa, pb, n_tasks, t0), C, rows, TA, tally)
    return tally


@njit(cache=True)
def _holdem_board(P, bk, bs, bmask, ca, sa, disp, high, flush):
    """Hold'em: every choice of one combination per player (at ``ca``) on one complete
    board (key ``bk``, suit-rank mask ``bs``, card mask ``bmask``); adds weighted counts of
    pots won shared k ways to ``sa.acc`` (float64[P, P + 1]) of the task's scratch row
    ``sa``. Returns (deals, weight)."""
    c_off, c_key, c_srm, c_mask = ca.off, ca.key, ca.srm, ca.mask
    val, valid = sa.chi, sa.valid
    for p in range(P):
        for j in range(ldi64(c_off, p), ldi64(c_off, p + 1)):
            if ld64(c_mask, j) & bmask:
                st8(valid, j, 0)
            else:
                st8(valid, j, 1)
                st64(val, j, nx.hv(bk + ld64(c_key, j), bs | ld64(c_srm, j), disp, high, flush))
    # high-only: the walk reads the values ``sa.chi`` (``val``), never ``clo``/``lo``/``st``
    return _tuples(NoSplit(SP_NONE), P, bmask, ca, sa)


@njit(cache=True, inline="always")
def _add_board(sums, P, bk, bs, bmask, ca, sa, TA):
    """(deals, weight) ``sums`` plus :func:`_holdem_board`'s on one complete board."""
    d, w = _holdem_board(P, bk, bs, bmask, ca, sa, TA.disp, TA.high, TA.flush)
    return sums[0] + d, sums[1] + w


@njit(cache=True, inline="always")
def _plus(key, srm, mask, c, kk, ks, kb):
    """A board's key, suit-rank mask and card mask with card ``c`` added (``kk``, ``ks``,
    ``kb``: the deck's). Inlined."""
    return key + kk[c], srm | ks[c], mask | kb[c]


@njit(cache=True, nogil=True)
def _combos_work(ctr, C, B, U, rows, TA, tally):
    """Worker of :func:`holdem_exact_combos`: tasks until none is left."""
    bk0, bs0, bmask0, k, kk, ks, kb = B
    pa, pb, n_tasks, t0 = U
    out, deals, wts = tally.cw, tally.deals, tally.wts
    a_ctr = np.uint64(ctr.ctypes.data)
    base = np.uint64(rows.arena.ctypes.data)
    P = C.off.shape[0] - 1
    D = kk.shape[0]
    nt = out.shape[0]
    n_units = pa.shape[0]
    at = combo_addrs(C)
    m = k - 2
    while True:
        ti = fetch_add(a_ctr, 1)
        if ti >= nt:
            break
        sa = row_addrs(base + np.uint64(8 * rows.row * ti), rows)
        acc = sa.acc
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
                k2, s2, m2 = _plus(k2, s2, m2, b, kk, ks, kb)
            if k >= 2:
                b = pb[u]
                k2, s2, m2 = _plus(k2, s2, m2, b, kk, ks, kb)
            sums = (dsum, wsum)
            if m <= 0:
                sums = _add_board(sums, P, k2, s2, m2, at, sa, TA)
            else:
                for c in range(b + 1, D):
                    k3, s3, m3 = _plus(k2, s2, m2, c, kk, ks, kb)
                    if m == 1:
                        sums = _add_board(sums, P, k3, s3, m3, at, sa, TA)
                        continue
                    for e in range(c + 1, D):
                        k4, s4, m4 = _plus(k3, s3, m3, e, kk, ks, kb)
                        if m == 2:
                            sums = _add_board(sums, P, k4, s4, m4, at, sa, TA)
                            continue
                        for f in range(e + 1, D):
                            k5, s5, m5 = _plus(k4, s4, m4, f, kk, ks, kb)
                            sums = _add_board(sums, P, k5, s5, m5, at, sa, TA)
            dsum, wsum = sums
            u += n_tasks
        for p in range(P):
            for q in range(P + 1):
                out[ti, p, q] = ldf(acc, p * (P + 1) + q)
        deals[ti] = dsum
        wts[ti] = wsum


def holdem_exact_combos(C: Combos, bk0: np.uint64, bs0: np.uint64, bmask0: np.uint64, k: int,
                        bdeck: np.ndarray, n_tasks: int, t0: int, t1: int, TA: tuple,
                        threads: int = 1) -> ExactTally:
    """Exact hold'em with ranges (or unknown hole cards) and any known board (key ``bk0``,
    suit-rank mask ``bs0``, card mask ``bmask0``): every board completion by k cards from
    ``bdeck`` (keys added level by level) times every choice of one combination per player
    (``C``: offsets; keys, suit-rank masks, card masks and weights per combination) that
    shares no card. Returns weighted counts [tasks, P, P + 1] of pots won shared k ways
    (``cw``; ``st`` is empty), deals and weights per task."""
    T = nx.kernel_tables()
    P = C.off.shape[0] - 1
    M = C.key.shape[0]
    D = bdeck.shape[0]
    nt = t1 - t0
    tally = ExactTally(np.zeros((0, P, NSTAT), dtype=np.float64),
                       np.zeros((nt, P, P + 1), dtype=np.float64),
                       np.zeros(nt, dtype=np.float64), np.zeros(nt, dtype=np.float64))
    pa, pb = board_units(D, k)
    kk = np.zeros(max(D, 1), dtype=np.uint64)
    ks = np.zeros(max(D, 1), dtype=np.uint64)
    kb = np.zeros(max(D, 1), dtype=np.uint64)
    kk[:D] = T.ckey[bdeck]
    ks[:D] = T.csrm[bdeck]
    kb[:D] = T.cbit[bdeck]
    # the values start the row (in chi: hold'em has no low values)
    o_valid = M
    o_idx = o_valid + (M + 7) // 8
    o_us = o_idx + P
    o_ws = o_us + P
    o_hi = o_ws + P
    o_acc = o_hi + P
    row = ((o_acc + P * (P + 1) + 7) // 8) * 8 + 8
    rows = ExactRows(np.zeros(nt * row, dtype=np.uint64), row, 0, 0, 0, o_valid, o_idx, o_us,
                     o_ws, o_hi, o_hi, 0, o_acc, o_acc)
    board = HoldemBoard(np.uint64(bk0), np.uint64(bs0), np.uint64(bmask0), k, kk[:D], ks[:D],
                        kb[:D])
    run_workers(_combos_work, threads, nt, C, board, Units(pa, pb, n_tasks, t0), rows, TA,
                tally)
    return tally
