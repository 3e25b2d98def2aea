"""Hold'em Monte Carlo with ranges from a joint table: every choice of one combination per
player that shares no card, listed once with its weight, sampled in one draw.

Drawing each range player's combination and throwing the whole draw away when two of them
share a card (:func:`._dealing.pick_ranges`) costs a draw, an alias lookup and a conflict
check per player per attempt, and a third of the attempts are lost on AK vs QQ+. Listing
the compatible choices once (:func:`joint_table`: at most :data:`MAX_TUPLES` of them) turns
that into one bounded draw and, for weighted ranges, one alias test on the other half of
the same random word. The table keeps each player's hole key and suit-rank mask, so a
deal adds only the board: its cards are drawn one at a time from the pool, a card the
chosen hands hold drawn again (this keeps the board uniform over the cards left), the
board's key summed once and each player's value read with one lookup.

Accepted deals follow the product of the ranges' weights restricted to compatible choices,
the distribution of the draw-and-reject method; only the random numbers differ.

>>> import numpy as np
>>> from pyeval.equity.ranges import parse_range
>>> t = joint_table([parse_range("AK").masks, parse_range("QQ+").masks],
...                 [np.ones(16), np.ones(18)])
>>> t[0].shape, round(t[2], 6)             # 192 of the 288 pairs share no card
((192, 2), 0.666667)
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit, types
from numba.extending import overload

from pyeval.equity._dealing import (
    U32,
    alias_tables,
    deal_keys,
    five_keys,
    five_threshold,
    floyd_five,
    floyd_select,
)
from pyeval.equity._inputs import JointAddrs, JointTable, PoolAddrs, PoolDeal, Streams
from pyeval.equity._montecarlo import FULL_POOL, HU5_MAX_CHUNK
from pyeval.equity._showdown import HOOK, count_high
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, ld8, ld16, ld64, ldi64, st64
from pyeval.jit.numba_rng import LOW32, next_word, word_stream

#: the most compatible choices a joint table holds (larger spots deal by rejection)
MAX_TUPLES = 1 << 16
#: the largest joint table in bytes (past it the rows' random reads miss the caches and
#: dealing by rejection is as fast: four players on ``QQ+, AK``, 78,120 rows, measured)
MAX_TABLE_BYTES = 1 << 20
#: the most candidate pairs looked at while building it
MAX_WORK = 1 << 22
#: the largest per-row pools (the cards a row's hands leave) the kernel keeps
MAX_POOL_BYTES = 1 << 18

#: the most players whose deals :func:`_multi5_pools` tallies by the mask of winners (2**P
#: counters a chunk); more go through :func:`_multi_chunk`
MAX_MASK_PLAYERS = 10

#: the threshold of the first four Floyd digits of a 48-card pool (:func:`_hu5_loop`)
FULL_THR4 = np.uint64(2**32 % (44 * 45 * 46 * 47))


def joint_table(masks: list[np.ndarray], weights: list[np.ndarray],
                max_work: int = MAX_WORK) -> tuple[np.ndarray, np.ndarray, float] | None:
    """The choices of one combination per list (indices [T, len(masks)]) whose card masks
    share no card, their weights (products) and the fraction of the product of the total
    weights they hold; None past :data:`MAX_TUPLES`, :data:`MAX_TABLE_BYTES` or
    ``max_work`` candidate pairs at a step (default :data:`MAX_WORK`; less under a time
    limit).

    >>> m = [np.array([3, 5], np.uint64), np.array([1, 6, 8], np.uint64)]
    >>> idx, w, acc = joint_table(m, [np.ones(2), np.array([1.0, 2.0, 3.0])])
    >>> idx.tolist(), w.tolist(), acc
    ([[0, 2], [1, 2]], [3.0, 3.0], 0.5)
    """
    idx = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    w = np.ones(1)
    total = 1.0
    for m, wi in zip(masks, weights):
        if len(used) * len(m) > max_work:
            return None
        ok = (used[:, None] & m[None, :]) == 0
        rows, cols = np.nonzero(ok)
        if len(rows) > MAX_TUPLES or len(rows) * (2 * len(masks) + 1) * 8 > MAX_TABLE_BYTES:
            return None
        idx = np.concatenate([idx[rows], cols[:, None].astype(np.int64)], axis=1)
        used = used[rows] | m[cols]
        w = w[rows] * wi[cols]
        total *= float(wi.sum())
    return idx, w, float(w.sum() / total)


def row_pools(deck: np.ndarray, tm: np.ndarray) -> np.ndarray:
    """For each row of a joint table, the pool without the cards its hands hold ([T, D']:
    every row holds the same number of the pool's cards), when all of them fit in
    :data:`MAX_POOL_BYTES`; else an empty [0, 0] array (deal from the shared pool).

    >>> row_pools(np.array([1, 2, 3, 5], np.uint8), np.array([4, 32], np.uint64)).tolist()
    [[1, 3, 5], [1, 2, 3]]
    """
    T = len(tm)
    dm = np.uint64(0)
    for c in deck.tolist():
        dm |= np.uint64(1) << np.uint64(c)
    held = bin(int(tm[0] & dm)).count("1") if T else 0
    if T == 0 or T * (len(deck) - held) > MAX_POOL_BYTES:
        return np.zeros((0, 0), dtype=np.uint8)
    bits = (tm[:, None] >> deck[None, :].astype(np.uint64)) & np.uint64(1)
    if not (bits.sum(1) == held).all():
        return np.zeros((0, 0), dtype=np.uint8)
    keep = np.nonzero(bits == 0)[1].reshape(T, len(deck) - held)
    return np.ascontiguousarray(deck[keep])


def alias_u32(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias tables for index i with probability w[i] / sum(w): keep a uniform
    index j when 32 random bits fall below ``keep[j]`` (out of 2**32), else take
    ``alias[j]``. The kept probabilities are rounded to 2**-32.

    >>> keep, alias = alias_u32(np.array([1.0, 3.0]))
    >>> keep.tolist(), alias.tolist()
    ([2147483648, 4294967296], [1, 1])
    """
    prob, alias = alias_tables(w)
    keep = np.minimum(np.round(prob * 2.0 ** 32), 2.0 ** 32).astype(np.uint64)
    return keep, alias


@linked(cache=True)
def _pick(s, nT, tthr, keep, alias, weighted):
    """A table row: a uniform index from the high half of a word (Lemire), then for
    weighted tables the alias test on its low half. Returns (state, row)."""
    s, x = next_word(s)
    m = (x >> U32) * nT
    while (m & LOW32) < tthr:
        s, x = next_word(s)
        m = (x >> U32) * nT
    j = np.int64(m >> U32)
    if weighted and (x & LOW32) >= ld64(keep, j):
        j = ldi64(alias, j)
    return s, j


@njit(cache=True, inline="always")
def _row_value(bk, bs, tk, ts, r, disp, high, flush):
    """The value of the hand at ``r`` of a joint table's keys ``tk`` and suit-rank masks
    ``ts`` on the board ``bk``/``bs``. Inlined."""
    return nx.hv(bk + ld64(tk, r), bs | ld64(ts, r), disp, high, flush)


@njit(cache=True, inline="always")
def _hu_result(bk, bs, tk, ts, r0, disp, high, flush):
    """A heads-up deal on the board ``bk``/``bs``, the two hands at table rows r0 and
    r0 + 1: (player 0 wins, player 1 wins, a tie), each True or False. Inlined."""
    v0 = _row_value(bk, bs, tk, ts, r0, disp, high, flush)
    v1 = _row_value(bk, bs, tk, ts, r0 + 1, disp, high, flush)
    return v0 > v1, v1 > v0, v0 == v1


@linked(cache=True)
def _board(s, dk, nD, thr, U, used, bk, bs, ckey, csrm):
    """U board cards drawn one at a time from the pool (two 32-bit halves a word), a card
    in ``used`` or already drawn drawn again. Returns (state, key, mask)."""
    q = 0
    while q < U:
        s, x = next_word(s)
        for h in range(2):
            r = (x >> U32) if h == 0 else (x & LOW32)
            m = r * nD
            if (m & LOW32) < thr:
                continue
            c = ld8(dk, m >> U32)
            bit = np.uint64(1) << np.uint64(c)
            if used & bit:
                continue
            used |= bit
            bk += ld64(ckey, c)
            bs |= ld64(csrm, c)
            q += 1
            if q == U:
                break
    return s, bk, bs


def hu_board(kind, s, j, ja, pa, TA):
    """The board of a heads-up deal of row ``j`` in :func:`_hu_pools`: drawn from the row's
    own pool (``kind`` an integer, :data:`HU_POOLS`: :func:`._dealing.deal_keys`) or from
    the shared one (None, :data:`HU_SHARED`: :func:`_board`), chosen by the type of
    ``kind``. Returns (state, key, mask)."""
    raise TypeError("hu_board is called from compiled kernels only")


@overload(hu_board, inline="always", jit_options=HOOK)
def _hu_board(kind, s, j, ja, pa, TA):
    if isinstance(kind, (types.NoneType, types.Omitted)):
        return (lambda kind, s, j, ja, pa, TA:
                _board(s, pa.dk, np.uint64(pa.D), pa.thr, pa.U, ld64(ja.tm, ja.W * j), pa.bk0,
                       pa.bs0, TA.ckey, TA.csrm))

    def own(kind, s, j, ja, pa, TA):
        pool = pa.pools + np.uint64(pa.PD * j)
        if pa.U == 5:               # pre-flop: a constant count, the draws unrolled
            return deal_keys(s, pool, pa.PD, pa.pthr, 5, pa.bk0, pa.bs0, TA.ckey, TA.csrm)
        return deal_keys(s, pool, pa.PD, pa.pthr, pa.U, pa.bk0, pa.bs0, TA.ckey, TA.csrm)
    return own


@linked(cache=True)
def _hu_pools(s, n, ja, pa, TA, kind):
    """n heads-up deals of the joint table at ``ja``, each board drawn from its row's own
    pool (the cards its hands do not hold) by independent draws, or from the shared pool
    (:func:`hu_board`, by ``kind``). Returns (state, wins of 0, wins of 1, ties)."""
    disp, high, flush = TA.disp, TA.high, TA.flush
    nT, tthr, keep, alias, weighted, tk, ts, tm, W = ja
    w0 = 0
    w1 = 0
    tie = 0
    for _ in range(n):
        s, j = _pick(s, nT, tthr, keep, alias, weighted)
        s, bk, bs = hu_board(kind, s, j, ja, pa, TA)
        a, b, t = _hu_result(bk, bs, tk, ts, W * j, disp, high, flush)
        w0 += a
        w1 += b
        tie += t
    return s, w0, w1, tie


@njit(cache=True, inline="always")
def _deal5_cards(s, nT, tthr, pools, PD, nD, thr5, bk0, ckey):
    """One deal of the many-player loops from one random word: a uniform row from its
    high half (Lemire; a rejected row takes a new word), five distinct board cards of the
    row's pool (``nD`` cards at ``pools + PD * row``) from its low half
    (:func:`._dealing.floyd_five`, shared with the general kernel: a one-row table deals
    the general kernel's boards). Returns (state, board key, the five cards, the row,
    uint64)."""
    s, x = next_word(s)
    m = (x >> U32) * nT
    while (m & LOW32) < tthr:
        s, x = next_word(s)
        m = (x >> U32) * nT
    j = m >> U32
    dk = pools + np.uint64(PD) * j
    s, c0, c1, c2, c3, c4 = floyd_five(s, x & LOW32, dk, nD, thr5)
    bk = bk0 + ((ld64(ckey, c0) + ld64(ckey, c1)) + (ld64(ckey, c2) + ld64(ckey, c3))) \
        + ld64(ckey, c4)
    return s, bk, c0, c1, c2, c3, c4, j


@njit(cache=True, inline="always")
def _deal5(s, nT, tthr, pools, PD, nD, thr5, W, bk0, ckey, csrm):
    """:func:`_deal5_cards` with the board's suit-rank mask (the many-player loops). Returns
    (state, board key, board mask, the row's offset in the table)."""
    s, bk, c0, c1, c2, c3, c4, j = _deal5_cards(s, nT, tthr, pools, PD, nD, thr5, bk0, ckey)
    bs = (ld64(csrm, c0) | ld64(csrm, c1)) | (ld64(csrm, c2) | ld64(csrm, c3)) \
        | ld64(csrm, c4)
    return s, bk, bs, W * np.int64(j)


#: a heads-up row of :func:`hu5_rows`: both hands' keys (with the board's start), then the
#: row's pool, one 64-byte cache line
ROW_BYTES = 64
ROW_WORDS = ROW_BYTES // 8
POOL_AT = 16
_ROW_SHIFT = np.uint64(6)       # log2(ROW_BYTES)


def hu5_rows(tk: np.ndarray, pools: np.ndarray, bk0: Any) -> np.ndarray:
    """The rows :func:`_hu5_rows` reads for a heads-up joint table: for each row the two
    hands' keys plus ``bk0`` (uint64) and then its pool's card bytes (at most 48), one
    64-byte line each (:data:`ROW_BYTES`), as a [T, 8] uint64 view that starts on a line.

    >>> r = hu5_rows(np.array([[1, 2], [3, 4]], np.uint64), np.array([[7, 9], [5, 6]], np.uint8), 10)
    >>> r[:, :2].tolist(), r.view(np.uint8)[:, POOL_AT:POOL_AT + 2].tolist(), r.ctypes.data % 64
    ([[11, 12], [13, 14]], [[7, 9], [5, 6]], 0)
    """
    T, PD = pools.shape
    if PD > ROW_BYTES - POOL_AT:
        raise ValueError(f"a heads-up row pool holds at most {ROW_BYTES - POOL_AT} cards, "
                         f"got {PD}")
    buf = np.zeros((T + 1) * ROW_WORDS, dtype=np.uint64)
    off = (-buf.ctypes.data % ROW_BYTES) // 8
    rows = buf[off:off + T * ROW_WORDS].reshape(T, ROW_WORDS)
    rows[:, :2] = tk + np.uint64(bk0)
    rows.view(np.uint8)[:, POOL_AT:POOL_AT + PD] = pools
    return rows


@linked(cache=True)
def _hu5_rows(s, n, ja, rows, TA):
    """:func:`_hu_pools` for the commonest case, written out as the fixed-hand kernel
    (:func:`._montecarlo._holdem_hu5`): a uniform table, no board yet, five board cards,
    one random word a deal (:func:`_deal5_cards`), the rows of :func:`hu5_rows` at
    ``rows``, pools of 48 cards (52 less the four held; :func:`_hu5_rows_any` for fewer);
    where neither hand's key shows five of a suit (most deals) the ranks decide, as
    ``nx.hv`` reads them, without the suit-rank masks; both win counts in one word (a chunk
    deals fewer than 2**32; ties are the rest).

    A row's keys and pool in one line, found by a shift, took the table's stride, its
    separate key and pool addresses and the board's start out of the loop, and the pool's
    size compiled in alone (the loop for other sizes a function of its own) kept registers
    free: 1.03-1.05x. The word's high half then gave the row alone (7.6 bits of 32 for
    AK vs QQ+) and the low half all five Floyd digits (27.6 bits, 4.3 % of words
    rejected); now the high half gives the row and the last digit, the low half the first
    four: two short chains of products instead of one of five, 0.09 % rejected: 1.08-1.11x
    against main in all (bench/RESULTS.md, "Monte Carlo against OMPEval, helper mc")."""
    return _hu5_loop(s, n, ja, rows, TA, np.uint64(FULL_POOL), FULL_THR4)


@linked(cache=True)
def _hu5_rows_any(s, n, ja, rows, nD, TA):
    """:func:`_hu5_rows` for row pools of ``nD`` cards (dead cards)."""
    d = np.uint64(nD)
    return _hu5_loop(s, n, ja, rows, TA, d, np.uint64(1 << 32) % (
        (d - np.uint64(4)) * (d - np.uint64(3)) * (d - np.uint64(2)) * (d - np.uint64(1))))


@njit(cache=True, inline="always")
def _hu5_loop(s, n, ja, rows, TA, nD, thr4):
    """The loop of :func:`_hu5_rows` and :func:`_hu5_rows_any` for row pools of ``nD``
    cards (inlined: a constant ``nD`` is compiled in), ``thr4`` = 2**32 mod (nD-4)(nD-3)
    (nD-2)(nD-1). A deal's word: the row and Floyd's last digit (size nD) from the high
    half, its first four digits from the low half, each half Lemire's batched draws with
    its own threshold; either rejected, a new word for both (uniform rows and 5-sets,
    independent: :func:`._dealing.floyd_select`)."""
    ckey, csrm, disp, high, flush = TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush
    nT, tthr, keep, alias, weighted, tk, ts, tm, W = ja
    hthr = np.uint64(1 << 32) % (nT * nD)
    zero = np.uint64(0)
    acc = np.uint64(0)      # wins of hand 0 in the low 32 bits, of hand 1 in the high
    for _ in range(n):
        while True:
            s, x = next_word(s)
            m = (x >> U32) * nT
            j = m >> U32
            m = (m & LOW32) * nD
            t4 = m >> U32
            hm = m & LOW32
            m = (x & LOW32) * (nD - np.uint64(4))
            t0 = m >> U32
            m = (m & LOW32) * (nD - np.uint64(3))
            t1 = m >> U32
            m = (m & LOW32) * (nD - np.uint64(2))
            t2 = m >> U32
            m = (m & LOW32) * (nD - np.uint64(1))
            t3 = m >> U32
            if (hm >= hthr) & ((m & LOW32) >= thr4):
                break
        row = rows + (j << _ROW_SHIFT)
        q0, q1, q2, q3, q4 = floyd_select(t0, t1, t2, t3, t4, nD)
        dk = row + np.uint64(POOL_AT)
        c0, c1, c2, c3, c4 = ld8(dk, q0), ld8(dk, q1), ld8(dk, q2), ld8(dk, q3), ld8(dk, q4)
        bk = ((ld64(ckey, c0) + ld64(ckey, c1)) + (ld64(ckey, c2) + ld64(ckey, c3))) \
            + ld64(ckey, c4)
        k0 = bk + ld64(row, 0)
        k1 = bk + ld64(row, 1)
        if ((k0 | k1) & nx.FLUSH_BITS) == zero:
            v0 = np.uint64(ld16(high, nx.main_slot(k0 & LOW32, disp)))
            v1 = np.uint64(ld16(high, nx.main_slot(k1 & LOW32, disp)))
        else:
            bk, bs = five_keys(zero, c0, c1, c2, c3, c4, ckey, csrm)
            # the row in the joint table, from the row's address (j itself is not kept in
            # a register for this rare case)
            t = W * np.int64((row - rows) >> _ROW_SHIFT)
            v0 = nx.hv(k0, bs | ld64(ts, t), disp, high, flush)
            v1 = nx.hv(k1, bs | ld64(ts, t + 1), disp, high, flush)
        acc += np.uint64(v0 > v1) | (np.uint64(v1 > v0) << U32)
    w0 = np.int64(acc & LOW32)
    w1 = np.int64(acc >> U32)
    return s, w0, w1, n - w0 - w1


@njit(cache=True, inline="always")
def _winners(P, bk, bs, tk, ts, r0, disp, high, flush, vals):
    """The mask of the players with the best value on the board ``bk``/``bs``, their keys
    and masks from the table row at ``r0``: the best by ``max``, the mask by comparisons,
    so that no branch depends on who wins. Inlined, so that a constant P unrolls."""
    best = np.uint64(0)
    for p in range(P):
        v = _row_value(bk, bs, tk, ts, r0 + p, disp, high, flush)
        vals[p] = v
        best = max(best, v)
    m = 0
    for p in range(P):
        m |= np.int64(vals[p] == best) << p
    return m


def deal_winners(three, P, bk, bs, tk, ts, r0, disp, high, flush, vals):
    """The mask of a deal's winners in :func:`_multi5_pools` (bit p for player p, the
    values from the table row at ``r0``): for three players (``three`` a bool) in
    registers, no per-player array; else :func:`_winners`, four players unrolled. Chosen
    by the type of ``three``, so that a three-way first call compiles only its own."""
    raise TypeError("deal_winners is called from compiled kernels only")


@overload(deal_winners, inline="always", jit_options=HOOK)
def _deal_winners(three, P, bk, bs, tk, ts, r0, disp, high, flush, vals):
    if isinstance(three, (types.NoneType, types.Omitted)):
        def pools(three, P, bk, bs, tk, ts, r0, disp, high, flush, vals):
            if P == 4:              # a constant count: unrolled
                return _winners(4, bk, bs, tk, ts, r0, disp, high, flush, vals)
            return _winners(P, bk, bs, tk, ts, r0, disp, high, flush, vals)
        return pools

    def in_registers(three, P, bk, bs, tk, ts, r0, disp, high, flush, vals):
        v0 = _row_value(bk, bs, tk, ts, r0, disp, high, flush)
        v1 = _row_value(bk, bs, tk, ts, r0 + 1, disp, high, flush)
        v2 = _row_value(bk, bs, tk, ts, r0 + 2, disp, high, flush)
        best = max(max(v0, v1), v2)
        return np.int64(v0 == best) | (np.int64(v1 == best) << 1) \
            | (np.int64(v2 == best) << 2)
    return in_registers


@linked(cache=True)
def _multi5_pools(s, n, P, ja, pa, TA, vals, wins, three):
    """:func:`_hu5_rows` for P players (three or more): the same row and board draws; a
    deal adds one to ``wins`` at the mask of its winners (:func:`deal_winners`: the best
    value found by ``max``, the mask by comparisons, so no branch depends on who wins).
    ``three``: True for three players, else None."""
    ckey, csrm, disp, high, flush = TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush
    nT, tthr, keep, alias, weighted, tk, ts, tm, W = ja
    dk, D, thr, pools, PD, pthr, U, bk0, bs0 = pa
    nD = np.uint64(PD)
    thr5 = five_threshold(PD)
    for _ in range(n):
        s, bk, bs, r0 = _deal5(s, nT, tthr, pools, PD, nD, thr5, W, bk0, ckey, csrm)
        wins[deal_winners(three, P, bk, bs, tk, ts, r0, disp, high, flush, vals)] += 1
    return s


@linked(cache=True)
def _mask_counts(P, wins, cnt):
    """Counts of deals by winners' mask (``wins`` [2**P]) -> each winner's count of pots
    shared k ways (``cnt`` [P, P + 1], index k), added."""
    for m in range(1, 1 << P):
        c = wins[m]
        if c == 0:
            continue
        k = 0
        for p in range(P):
            k += (m >> p) & 1
        for p in range(P):
            if (m >> p) & 1:
                cnt[p, k] += c


@linked(cache=True)
def _multi_chunk(s, n, P, ja, pa, TA, hi, cnt):
    """n deals for P players, counts added at ``cnt``, boards from the rows' pools when
    there are (``PD`` > 0), else from the shared one. Returns the state."""
    ckey, csrm, disp, high, flush = TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush
    nT, tthr, keep, alias, weighted, tk, ts, tm, W = ja
    dk, D, thr, pools, PD, pthr, U, bk0, bs0 = pa
    nD = np.uint64(D)
    for _ in range(n):
        s, j = _pick(s, nT, tthr, keep, alias, weighted)
        if PD > 0 and U == 5:
            s, bk, bs = deal_keys(s, pools + np.uint64(PD * j), PD, pthr, 5, bk0, bs0, ckey,
                                  csrm)
        elif PD > 0:
            s, bk, bs = deal_keys(s, pools + np.uint64(PD * j), PD, pthr, U, bk0, bs0, ckey,
                                  csrm)
        else:
            s, bk, bs = _board(s, dk, nD, thr, U, ld64(tm, W * j), bk0, bs0, ckey, csrm)
        o = W * j
        for p in range(P):
            st64(hi, p, nx.hv(bk + ld64(tk, o + p), bs | ld64(ts, o + p), disp, high, flush))
        count_high(P, hi, cnt)
    return s


# One worker per way of dealing, not one that branches: a first call then compiles only the
# loop it runs (issue 13's first-call budget). The four are tied to exact enumeration by
# tests/equity/test_range_montecarlo.py.
@linked(cache=True)
def _rows(P, tab):
    """Addresses of a joint table's keys, suit-rank masks and card masks, and its stride
    (a row: P keys, P masks, the card mask)."""
    a = np.uint64(tab.ctypes.data)
    return a, a + np.uint64(8 * P), a + np.uint64(16 * P), 2 * P + 1


@njit(cache=True, inline="always")
def _joint_addrs(J):
    """:class:`~._inputs.JointAddrs` of the table ``J``."""
    a_tk, a_ts, a_tm, W = _rows(J.P, J.tab)
    return JointAddrs(np.uint64(J.T), J.tthr, np.uint64(J.keep.ctypes.data),
                      np.uint64(J.alias.ctypes.data), J.weighted, a_tk, a_ts, a_tm, W)


@njit(cache=True, inline="always")
def _pool_addrs(pd):
    """:class:`~._inputs.PoolAddrs` of the deal ``pd``."""
    return PoolAddrs(np.uint64(pd.deck.ctypes.data), np.int64(pd.deck.shape[0]), pd.thr,
                     np.uint64(pd.pools.ctypes.data), pd.PD, pd.pthr, pd.U, pd.bk0, pd.bs0)


@njit(cache=True, inline="always")
def _worker_inputs(ctr, J, pd, ST):
    """What every worker of :func:`holdem_range_mc` reads: the joint table's and the deal's
    addresses (:func:`_joint_addrs`, :func:`_pool_addrs`), the streams' seed, first chunk
    and chunk sizes, and the address of the shared chunk counter ``ctr``."""
    return (_joint_addrs(J), _pool_addrs(pd), ST.seed, ST.chunk0, ST.nsamp,
            np.uint64(ctr.ctypes.data))


@njit(cache=True, inline="always")
def _next_chunk(a_ctr, nsamp):
    """The next chunk a worker takes from the shared counter at ``a_ctr``, -1 when none is
    left."""
    ci = fetch_add(a_ctr, 1)
    return ci if ci < nsamp.shape[0] else -1


@linked(cache=True)
def _put_hu(out, ci, w0, w1, tie):
    out[ci, 0, 1] = w0
    out[ci, 0, 2] = tie
    out[ci, 1, 1] = w1
    out[ci, 1, 2] = tie


#: the heads-up chunk loops besides :func:`_hu5_rows`, named by a value whose Numba type
#: chooses one (:func:`hu_chunk`): :func:`_hu_pools` from the rows' pools, from the shared
#: pool
HU_POOLS, HU_SHARED = np.int64(1), None


def hu_chunk(kind, s, n, ja, pa, TA):
    """:func:`_hu5_rows` (``kind`` the rows of :func:`hu5_rows`), :func:`_hu_pools` (an
    integer, :data:`HU_POOLS`) or from the shared pool (None, :data:`HU_SHARED`): chosen by
    the type of ``kind``, so that one worker serves the three and a first call compiles
    only the loop it runs (as :func:`deal_winners`)."""
    raise TypeError("hu_chunk is called from compiled kernels only")


@overload(hu_chunk, jit_options=HOOK)
def _hu_chunk(kind, s, n, ja, pa, TA):
    if isinstance(kind, types.Array):
        def rows(kind, s, n, ja, pa, TA):
            a = np.uint64(kind.ctypes.data)
            if pa.PD == FULL_POOL:
                return _hu5_rows(s, n, ja, a, TA)
            return _hu5_rows_any(s, n, ja, a, pa.PD, TA)
        return rows
    return lambda kind, s, n, ja, pa, TA: _hu_pools(s, n, ja, pa, TA, kind)


@njit(cache=True, nogil=True)
def _work_hu(ctr, J, pd, ST, TA, out, kind):
    """Worker of :func:`holdem_range_mc` for two players with the chunk loop ``kind``
    (:func:`hu_chunk`): chunks until none is left, each seeded from (seed, chunk0 + its
    index)."""
    ja, pa, seed, chunk0, nsamp, a_ctr = _worker_inputs(ctr, J, pd, ST)
    ci = _next_chunk(a_ctr, nsamp)
    while ci >= 0:
        s, w0, w1, tie = hu_chunk(kind, word_stream(seed, chunk0 + ci), nsamp[ci], ja, pa, TA)
        _put_hu(out, ci, w0, w1, tie)
        ci = _next_chunk(a_ctr, nsamp)


@njit(cache=True, nogil=True)
def _work_multi5(ctr, J, pd, ST, TA, out, three):
    """:func:`_work_hu` for three players or more, with :func:`_multi5_pools` (``three``
    True for three players, else None)."""
    P = J.P
    ja, pa, seed, chunk0, nsamp, a_ctr = _worker_inputs(ctr, J, pd, ST)
    vals = np.zeros(P, dtype=np.uint64)
    wins = np.zeros(1 << P, dtype=np.int64)
    ci = _next_chunk(a_ctr, nsamp)
    while ci >= 0:
        wins[:] = 0
        _multi5_pools(word_stream(seed, chunk0 + ci), nsamp[ci], P, ja, pa, TA, vals, wins,
                      three)
        _mask_counts(P, wins, out[ci])
        ci = _next_chunk(a_ctr, nsamp)


@njit(cache=True, nogil=True)
def _work_multi(ctr, J, pd, ST, TA, out):
    """:func:`_work_hu` for three players or more, with :func:`_multi_chunk`."""
    P = J.P
    ja, pa, seed, chunk0, nsamp, a_ctr = _worker_inputs(ctr, J, pd, ST)
    hi = np.zeros(P, dtype=np.uint64)
    cnt = np.zeros(P * (P + 1), dtype=np.int64)
    ci = _next_chunk(a_ctr, nsamp)
    while ci >= 0:
        cnt[:] = 0
        _multi_chunk(word_stream(seed, chunk0 + ci), nsamp[ci], P, ja, pa, TA,
                     np.uint64(hi.ctypes.data), np.uint64(cnt.ctypes.data))
        for p in range(P):
            for k in range(P + 1):
                out[ci, p, k] = cnt[p * (P + 1) + k]
        ci = _next_chunk(a_ctr, nsamp)


class RowTable(NamedTuple):
    """A joint table of hold'em hands as :func:`holdem_range_mc` samples it: rows of hole
    keys ``keys`` [T, P], suit-rank masks ``srms`` [T, P] and card masks ``masks`` [T],
    drawn uniformly or (``weighted``) through the alias tables ``keep``/``alias``
    (:func:`alias_u32`); ``acceptance``: the share of random choices the table keeps."""

    keys: np.ndarray
    srms: np.ndarray
    masks: np.ndarray
    keep: np.ndarray
    alias: np.ndarray
    weighted: bool
    acceptance: float


def holdem_range_mc(rows: RowTable, deck: np.ndarray, pools: np.ndarray, U: int, bk0: Any,
                    bs0: Any, seed: Any, chunk0: int, nsamp: np.ndarray, TA: Any,
                    threads: int = 1) -> np.ndarray:
    """Hold'em Monte Carlo over a joint table ``rows`` (:class:`RowTable`; its card masks
    are the cards a row holds that the pool ``deck`` also has); ``pools``: the rows' own
    pools (:func:`row_pools`) or none; U board cards dealt onto the known board's key
    ``bk0`` (from KEY_START) and mask ``bs0``. ``len(nsamp)`` chunks on ``threads``
    threads, chunk i seeded from ``(seed, chunk0 + i)``. Returns counts [chunks, P, P + 1]
    of pots won shared k ways at index k."""
    tk, ts, tm, keep, alias, weighted = (rows.keys, rows.srms, rows.masks, rows.keep,
                                         rows.alias, rows.weighted)
    T, P = tk.shape
    tab = np.ascontiguousarray(np.concatenate([tk, ts, tm[:, None]], axis=1), dtype=np.uint64)
    nch = nsamp.shape[0]
    out = np.zeros((nch, P, P + 1), dtype=np.int64)
    D = deck.shape[0]
    thr = np.uint64((1 << 32) % max(D, 1))
    tthr = np.uint64((1 << 32) % T)
    PD = pools.shape[1] if pools.shape[0] else 0
    pthr = np.uint64((1 << 32) % max(PD, 1))
    fast5 = PD > 0 and U == 5 and int(bs0) == 0 and not weighted
    extra: tuple = ()
    if P != 2:
        work = _work_multi5 if fast5 and P <= MAX_MASK_PLAYERS else _work_multi
        if work is _work_multi5:
            extra = (True if P == 3 else None,)
    else:
        work = _work_hu
        extra = (hu5_rows(tk, pools, bk0) if fast5 else HU_POOLS if PD > 0 else HU_SHARED,)
        if fast5 and nch and int(nsamp.max()) >= HU5_MAX_CHUNK:
            raise ValueError(f"a chunk of the heads-up range kernel deals at most "
                             f"{HU5_MAX_CHUNK - 1} deals, got {int(nsamp.max())}")
    run_workers(work, threads, nch,
                JointTable(np.int64(P), np.int64(T), tthr, keep, alias, bool(weighted), tab),
                PoolDeal(deck, thr, pools, np.int64(PD), pthr, np.int64(U), np.uint64(bk0),
                         np.uint64(bs0)),
                Streams(np.uint64(seed), np.int64(chunk0), nsamp, 0), TA, out, *extra)
    return out
