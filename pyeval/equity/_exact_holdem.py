"""Exact hold'em by rank patterns, for any known board and any hole cards: the kernel.

With a known board and k cards to come, a final board that holds at most two cards of any
suit gives nobody a flush (a flush needs five of one suit among seven cards), so every
hand's value is that of its seven ranks alone. The counts of one choice of hole cards (a
*tuple*, one holding per player) are therefore, exactly,

1. **by ranks**: the sum over the multisets of k ranks the runout can carry (6,188 for a
   pre-flop spot, 91 on the flop, 13 on the turn) of the outcome of the ranks-only values,
   weighted by the runouts carrying them (the product over the ranks of C(cards of that
   rank left, times it appears)); plus
2. **by flushes**: for each suit s and each way the runout can bring the board to three
   or more cards of s where somebody can make a flush (the ranks m of its cards of s, and
   the ranks of its at most two other cards), the real outcome less the ranks-only one
   counted in step 1. Only one suit can reach three board cards, and a player with five
   cards of s holds a flush that no full house beats (with five of a suit among seven
   cards none is possible), read from the flush table by its mask of s; everybody else
   keeps the ranks-only value.

Both steps read the ranks-only values from a table V[rank pair, multiset] (one hash lookup
per entry, filled once per board for the pairs the players hold), so a tuple costs table
reads only. Step 1 depends only on the ranks of the tuple (its *rank signature*) and step
2 only on its suit pattern: :mod:`._exact_classes` runs each once per class and weights.

>>> import numpy as np
>>> from pyeval.cards import cards
>>> c = np.array([cards("AcAd"), cards("KhKs")], dtype=np.uint8)
>>> cnt = tuple_counts(c, [], [])
>>> [int(x) for x in cnt[0]], [int(x) for x in cnt[1]]       # boards won, tied
([0, 1388072, 6538], [0, 317694, 6538])
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from pyeval.equity._inputs import RankBoard, RankTables, RankTuples
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_mem import fetch_add, ld16, ldi64, sti64

#: C(n, r) for n < 18, r < 6
_BIN = np.array([[math.comb(n, r) for r in range(6)] for n in range(18)], dtype=np.int64)
#: C(a, m) for the cards left of a rank (a <= 4) and how often it appears (m <= 5)
_COMB = np.ascontiguousarray(_BIN[:6])
#: index of an unordered pair of ranks (hi >= lo): hi * (hi + 1) / 2 + lo
N_PAIRS = 91
_PA = np.array([a for a in range(13) for _ in range(a + 1)], dtype=np.int64)
_PB = np.array([b for a in range(13) for b in range(a + 1)], dtype=np.int64)
#: the weight-table entry that reads 1 (a padding run of :attr:`Patterns.codes`)
_ONE = 13 * 6
#: the 13-bit masks of j ranks (j = 0..5), in increasing order, one list after another
_POP = np.unpackbits(np.arange(8192, dtype=">u2").view(np.uint8).reshape(-1, 2),
                     axis=1).sum(axis=1)
_SUBS_LIST = [np.flatnonzero(np.equal(_POP, j)).tolist() for j in range(6)]
_SUBS = np.array([m for lst in _SUBS_LIST for m in lst], dtype=np.int64)
_SCNT = np.array([len(lst) for lst in _SUBS_LIST], dtype=np.int64)
_SOFF = np.concatenate([[0], np.cumsum(_SCNT)[:-1]]).astype(np.int64)
_RKEY = (nx.kernel_tables().ckey[4 * np.arange(13)] & np.uint64(0xFFFFFFFF)).astype(np.uint64)


def pair_id(a: int | np.ndarray, b: int | np.ndarray) -> Any:
    """Index of the unordered pair of ranks a, b (0..90).

    >>> int(pair_id(12, 12)), int(pair_id(0, 1)), int(pair_id(12, 11))
    (90, 1, 89)
    """
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return hi * (hi + 1) // 2 + lo


def multiset_index(ranks: np.ndarray) -> np.ndarray:
    """Index of each row of sorted ranks (a multiset of k ranks) among all C(12 + k, k):
    the colex rank of the combination a_i + i.

    >>> multiset_index(np.array([[0, 0], [0, 1], [1, 1], [0, 2]])).tolist()
    [0, 1, 2, 3]
    """
    n, k = ranks.shape
    idx = np.zeros(n, dtype=np.int64)
    for i in range(k):
        idx += _BIN[ranks[:, i] + i, i + 1]
    return idx


class Patterns:
    """The tables of one number k of cards to come: the multisets of k ranks (by index)
    as runs (6 * rank + times, padded with an entry that reads 1) with their rank-key
    sums, and for each number j of them in one suit the index of the multiset made of each
    j-subset of ranks and each multiset of the k - j others (at most two)."""

    def __init__(self, k: int) -> None:
        self.k = k
        R = np.array(list(itertools.combinations_with_replacement(range(13), k)),
                     dtype=np.int64).reshape(-1, k) if k else np.zeros((1, 0), np.int64)
        R = R[np.argsort(multiset_index(R))]
        self.n = len(R)
        self.codes = np.full((self.n, 5), _ONE, dtype=np.uint8)
        for i, row in enumerate(R.tolist()):
            for u, r in enumerate(sorted(set(row))):
                self.codes[i, u] = 6 * r + row.count(r)
        self.rsum = _RKEY[R].sum(axis=1, dtype=np.uint64) if k else np.zeros(1, np.uint64)
        others = [np.zeros((1, 0), dtype=np.int64), np.arange(13, dtype=np.int64)[:, None],
                  np.stack([_PA, _PB], axis=1)]
        self.ioff = np.full(6, -1, dtype=np.int64)
        flat = []
        size = 0
        for j in range(max(0, k - 2), min(k, 5) + 1):
            S = np.zeros((len(_SUBS_LIST[j]), j), dtype=np.int64)
            for t, m in enumerate(_SUBS_LIST[j]):
                S[t] = [r for r in range(13) if m >> r & 1]
            O = others[k - j]
            full = np.concatenate([np.repeat(S[:, None, :], len(O), axis=1),
                                   np.repeat(O[None, :, :], len(S), axis=0)], axis=2)
            full = np.sort(full.reshape(len(S) * len(O), k), axis=1)
            self.ioff[j] = size
            flat.append(multiset_index(full))
            size += len(full)
        self.idx = np.concatenate(flat).astype(np.uint16)


_PATTERNS: dict[int, Patterns] = {}


def patterns(k: int) -> Patterns:
    """:class:`Patterns` of k cards to come (built once)."""
    p = _PATTERNS.get(k)
    if p is None:
        p = _PATTERNS[k] = Patterns(k)
    return p


@njit(cache=True)
def _fill_v(V, filled, pids, key0, rsum, rkey, pa, pb, disp, high):
    """Fills the rows ``pids`` of V [pair, multiset] not yet filled: the high value of the
    board's ranks (``key0``, from KEY_START), the pair's and the multiset's."""
    n = rsum.shape[0]
    for pid in pids:
        if filled[pid]:
            continue
        kk = key0 + rkey[pa[pid]] + rkey[pb[pid]]
        for i in range(n):
            V[pid * n + i] = ld16(high, nx.main_slot((kk + rsum[i]) & nx.LOW32, disp))
        filled[pid] = True


class Values:
    """The ranks-only values V of one known board, for the workers (rows filled on
    demand, kept for later calls on the same board)."""

    def __init__(self, board: Sequence[int]) -> None:
        T = nx.kernel_tables()
        self.k = 5 - len(board)
        self.pat = patterns(self.k)
        self.key0 = nx.KEY_START + (T.ckey[np.array(board, dtype=np.int64)].sum(dtype=np.uint64)
                                    if len(board) else np.uint64(0))
        self.V = np.zeros(N_PAIRS * self.pat.n, dtype=np.uint16)
        self.filled = np.zeros(N_PAIRS, dtype=np.bool_)

    def need(self, pids: np.ndarray) -> None:
        TA = nx.kernel_tables().addrs
        _fill_v(self.V, self.filled, np.unique(pids).astype(np.int64), self.key0,
                self.pat.rsum, _RKEY, _PA, _PB, TA.disp, TA.high)


_VALUES: dict[tuple[int, ...], Values] = {}


def values(board: Sequence[int]) -> Values:
    """:class:`Values` of a board, by its ranks (kept for the last few boards)."""
    key = tuple(sorted(c >> 2 for c in board))
    v = _VALUES.get(key)
    if v is None:
        if len(_VALUES) >= 8:
            _VALUES.pop(next(iter(_VALUES)))
        v = _VALUES[key] = Values(board)
    return v


#: what a worker counts for each tuple: step 1 (by ranks) or step 2 (by flushes)
BY_RANKS, BY_FLUSHES = 1, 2


# The steps' scratch arrays (a tuple's cards left, each player's cards of each suit, the
# counts, the weight tables) are words of one arena made in Python, a row per thread
# (:func:`_scratch`), read and written by address (:mod:`pyeval.jit.numba_mem`) as the other
# kernels do: arrays made in the worker compiled Numba's ``np.zeros`` for each shape and
# their indexing was the larger part of the workers' compile (issue 13: the workers'
# skeleton alone, without either step, took 1 s of a first call). Two-dimensional scratch
# is row-major: ``hsm``/``hn`` [4, P] at ``s * P + p``, ``cnt`` [P, P + 1] at
# ``p * (P + 1) + k``.

@njit(cache=True, inline="always")
def _ranks_hu(nR, codes, tab, V, r0, r1, cnt):
    """Step 1 heads-up: three sums in registers, no branch on the outcome."""
    a = np.int64(0)
    b = np.int64(0)
    t = np.int64(0)
    for i in range(nR):
        w = (ldi64(tab, codes[i, 0]) * ldi64(tab, codes[i, 1]) * ldi64(tab, codes[i, 2])
             * ldi64(tab, codes[i, 3]) * ldi64(tab, codes[i, 4]))
        v0 = V[r0 + i]
        v1 = V[r1 + i]
        a += w * (v0 > v1)
        b += w * (v1 > v0)
        t += w * (v0 == v1)
    sti64(cnt, 1, ldi64(cnt, 1) + a)
    sti64(cnt, 4, ldi64(cnt, 4) + b)
    sti64(cnt, 2, ldi64(cnt, 2) + t)
    sti64(cnt, 5, ldi64(cnt, 5) + t)


@njit(cache=True, inline="always")
def _ranks_any(P, nR, codes, tab, V, row, cnt):
    """Step 1 for any number of players."""
    for i in range(nR):
        w = (ldi64(tab, codes[i, 0]) * ldi64(tab, codes[i, 1]) * ldi64(tab, codes[i, 2])
             * ldi64(tab, codes[i, 3]) * ldi64(tab, codes[i, 4]))
        if w == 0:
            continue
        best = -1
        nb = 0
        mask = 0
        for p in range(P):
            v = np.int64(V[ldi64(row, p) + i])
            if v > best:
                best = v
                nb = 1
                mask = 1 << p
            elif v == best:
                nb += 1
                mask |= 1 << p
        for p in range(P):
            if (mask >> p) & 1:
                o = p * (P + 1) + nb
                sti64(cnt, o, ldi64(cnt, o) + w)


@njit(cache=True, inline="always")
def _flush_hu(j, s, m_ok, nO, tb, kb, ra, r0, r1):
    """Step 2 heads-up for suit ``s`` (its ranks left ``m_ok``) and ``j`` of its cards to
    come (``nO`` multisets of the others): the changes of the three outcomes summed without
    a branch on them. The tables ``tb``, known cards ``kb`` and scratch ``ra`` as records
    (:class:`RowAddrs`): grouped, the same instructions (bench/RESULTS.md, "equity, issue
    36")."""
    subs, idx, V, flush = tb.subs, tb.idx, tb.V, tb.flush
    nsub = tb.scnt[j]
    s0 = tb.soff[j]
    i0 = tb.ioff[j]
    bs = kb.bcnt[s]
    full0 = kb.bsm[s]
    h0 = ldi64(ra.hsm, 2 * s)
    h1 = ldi64(ra.hsm, 2 * s + 1)
    f0 = ldi64(ra.hn, 2 * s) + bs + j >= 5
    f1 = ldi64(ra.hn, 2 * s + 1) + bs + j >= 5
    ow, cnt = ra.ow, ra.cnt
    d0 = np.int64(0)
    d1 = np.int64(0)
    dt = np.int64(0)
    for t in range(nsub):
        m = subs[s0 + t]
        if m & ~m_ok:
            continue
        full = full0 | m
        F0 = np.int64(flush[full | h0])
        F1 = np.int64(flush[full | h1])
        base = i0 + t * nO
        for q in range(nO):
            w = ldi64(ow, q)
            i = np.int64(idx[base + q])
            v0 = np.int64(V[r0 + i])
            v1 = np.int64(V[r1 + i])
            x0 = F0 if f0 else v0
            x1 = F1 if f1 else v1
            d0 += w * (np.int64(x0 > x1) - np.int64(v0 > v1))
            d1 += w * (np.int64(x1 > x0) - np.int64(v1 > v0))
            dt += w * (np.int64(x0 == x1) - np.int64(v0 == v1))
    sti64(cnt, 1, ldi64(cnt, 1) + d0)
    sti64(cnt, 4, ldi64(cnt, 4) + d1)
    sti64(cnt, 2, ldi64(cnt, 2) + dt)
    sti64(cnt, 5, ldi64(cnt, 5) + dt)


@njit(cache=True, inline="always")
def _outcomes(P, nR, V, row, RB, RM):
    """The ranks-only outcome of every multiset: best value ``RB`` and winners ``RM``."""
    for i in range(nR):
        best = -1
        mask = 0
        for p in range(P):
            v = np.int64(V[ldi64(row, p) + i])
            if v > best:
                best = v
                mask = 1 << p
            elif v == best:
                mask |= 1 << p
        sti64(RB, i, best)
        sti64(RM, i, mask)


@njit(cache=True, inline="always")
def _flush_any(P, j, s, m_ok, nO, tb, kb, ra):
    """Step 2 for any number of players, suit ``s`` and ``j`` of its cards to come (the
    players' cards of the suit at ``ra.hsm``, ``ra.fl`` whether they make a flush with
    these many of it on the board), from the ranks-only outcomes ``ra.RB``, ``ra.RM``:
    where the best flush beats every ranks-only value (no full house) the flushes win,
    else the real outcome is worked out. Records as :func:`_flush_hu`."""
    subs, idx, V, flush = tb.subs, tb.idx, tb.V, tb.flush
    nsub = tb.scnt[j]
    s0 = tb.soff[j]
    i0 = tb.ioff[j]
    full0 = kb.bsm[s]
    hs = ra.hsm + np.uint64(8 * s * P)
    fl, ow, row, RB, RM, cnt = ra.fl, ra.ow, ra.row, ra.RB, ra.RM, ra.cnt
    for t in range(nsub):
        m = subs[s0 + t]
        if m & ~m_ok:
            continue
        full = full0 | m
        fbest = -1
        fmask = 0
        for p in range(P):
            if ldi64(fl, p):
                f = np.int64(flush[full | ldi64(hs, p)])
                if f > fbest:
                    fbest = f
                    fmask = 1 << p
                elif f == fbest:
                    fmask |= 1 << p
        fnb = 0
        for p in range(P):
            fnb += (fmask >> p) & 1
        base = i0 + t * nO
        for q in range(nO):
            w = ldi64(ow, q)
            if w == 0:
                continue
            i = np.int64(idx[base + q])
            mask = ldi64(RM, i)
            rmask = fmask
            rnb = fnb
            if ldi64(RB, i) >= fbest:      # somebody's ranks make a full house or more
                rbest = fbest
                for p in range(P):
                    if ldi64(fl, p):
                        continue
                    v = np.int64(V[ldi64(row, p) + i])
                    if v > rbest:
                        rbest = v
                        rmask = 1 << p
                        rnb = 1
                    elif v == rbest:
                        rmask |= 1 << p
                        rnb += 1
            if mask != rmask:
                nb = 0
                for p in range(P):
                    nb += (mask >> p) & 1
                for p in range(P):
                    if (mask >> p) & 1:
                        o = p * (P + 1) + nb
                        sti64(cnt, o, ldi64(cnt, o) - w)
                    if (rmask >> p) & 1:
                        o = p * (P + 1) + rnb
                        sti64(cnt, o, ldi64(cnt, o) + w)


class Scratch(NamedTuple):
    """Where each scratch array starts in a thread's row of the arena (words)."""

    avail: int      # [13] cards left of each rank
    amask: int      # [4] ranks left of each suit
    hsm: int        # [4, P] each player's ranks of each suit
    hn: int         # [4, P] and how many
    row: int        # [P] each player's row of V
    cnt: int        # [P, P + 1] the tuple's counts
    tab: int        # [_ONE + 1] step 1's weights of a rank appearing m times
    ow: int         # [91] step 2's weights of the other cards
    fl: int         # [P] step 2's flush flags
    RB: int         # [nR] step 2's ranks-only best value
    RM: int         # [nR] and winners
    size: int       # words a row


def _scratch(P: int, nR: int) -> Scratch:
    """The arena's layout for P players and nR multisets (a row padded to whole cache
    lines, plus one)."""
    o = [0]
    for n in (13, 4, 4 * P, 4 * P, P, P * (P + 1), _ONE + 1, 91, P, nR, nR):
        o.append(o[-1] + n)
    return Scratch(o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10],
                   (o[11] + 7) // 8 * 8 + 8)


class RowAddrs(NamedTuple):
    """The addresses of a thread's scratch arrays (see :class:`Scratch`)."""

    avail: np.uint64
    amask: np.uint64
    hsm: np.uint64
    hn: np.uint64
    row: np.uint64
    cnt: np.uint64
    tab: np.uint64
    ow: np.uint64
    fl: np.uint64
    RB: np.uint64
    RM: np.uint64


@njit(cache=True, inline="always")
def _row_addrs(a, sc):
    """The scratch arrays of the row at address ``a`` (one word set: ``tab``'s padding
    entry :data:`_ONE` reads 1)."""
    tab = a + np.uint64(8 * sc.tab)
    sti64(tab, _ONE, 1)
    return RowAddrs(a + np.uint64(8 * sc.avail), a + np.uint64(8 * sc.amask),
                    a + np.uint64(8 * sc.hsm), a + np.uint64(8 * sc.hn),
                    a + np.uint64(8 * sc.row), a + np.uint64(8 * sc.cnt), tab,
                    a + np.uint64(8 * sc.ow), a + np.uint64(8 * sc.fl),
                    a + np.uint64(8 * sc.RB), a + np.uint64(8 * sc.RM))


@njit(cache=True, inline="always")
def _thread_row(ctr, arena, sc):
    """The address of the shared counters ``ctr`` (the first counts the blocks taken, the
    second the rows) and the :class:`RowAddrs` of the next row of the scratch arena
    (``sc``'s layout), the worker's own."""
    a_ctr = np.uint64(ctr.ctypes.data)
    slot = fetch_add(a_ctr + np.uint64(8), 1)
    return a_ctr, _row_addrs(np.uint64(arena.ctypes.data) + np.uint64(8 * sc.size * slot), sc)


@njit(cache=True, inline="always")
def _fill_tab(tab, avail, comb):
    """The ranks step's table of a tuple: for each rank r and count m, ``comb[n, m]``
    with n the cards of rank r left (``avail``)."""
    for r in range(13):
        for m in range(6):
            sti64(tab, 6 * r + m, comb[ldi64(avail, r), m])


@njit(cache=True, inline="always")
def _setup(it, tu, kb, nR, ra):
    """Tuple ``it``'s cards left (``ra.avail`` by rank, ``ra.amask`` by suit), each player's
    cards of each suit (``ra.hsm`` ranks, ``ra.hn`` how many) and value-table row;
    ``ra.cnt`` cleared."""
    reps, c_card, c_pid = tu.reps, tu.card, tu.pid
    base_avail, base_amask = kb.avail, kb.amask
    avail, amask, hsm, hn, row, cnt = ra.avail, ra.amask, ra.hsm, ra.hn, ra.row, ra.cnt
    P = reps.shape[1]
    for r in range(13):
        sti64(avail, r, base_avail[r])
    for s in range(4):
        sti64(amask, s, base_amask[s])
        for p in range(P):
            sti64(hsm, s * P + p, 0)
            sti64(hn, s * P + p, 0)
    for p in range(P):
        j = reps[it, p]
        for h in range(2):
            c = np.int64(c_card[j, h])
            r = c >> 2
            o = (c & 3) * P + p
            sti64(avail, r, ldi64(avail, r) - 1)
            sti64(amask, c & 3, ldi64(amask, c & 3) & ~(1 << r))
            sti64(hsm, o, ldi64(hsm, o) | (1 << r))
            sti64(hn, o, ldi64(hn, o) + 1)
        sti64(row, p, c_pid[j] * nR)
    for q in range(P * (P + 1)):
        sti64(cnt, q, 0)


@njit(cache=True, inline="always")
def _other_weights(oc, avail, am, o2a, o2b, ow):
    """Boards for each multiset of the ``oc`` (0-2) board cards not of the suit (ranks of
    ``avail`` less the suit's ``am``) into ``ow``; returns how many multisets."""
    sti64(ow, 0, 1)
    if oc == 1:
        for r in range(13):
            sti64(ow, r, ldi64(avail, r) - ((am >> r) & 1))
        return 13
    if oc == 2:
        for q in range(91):
            ra = o2a[q]
            x = ldi64(avail, ra) - ((am >> ra) & 1)
            if ra == o2b[q]:
                sti64(ow, q, x * (x - 1) // 2)
            else:
                rb = o2b[q]
                sti64(ow, q, x * (ldi64(avail, rb) - ((am >> rb) & 1)))
        return 91
    return 1


@njit(cache=True, inline="always")
def _add(acc, b, wt, cnt):
    P = acc.shape[1]
    for p in range(P):
        for q in range(P + 1):
            c = ldi64(cnt, p * (P + 1) + q)
            if c != 0:
                acc[b, p, q] += wt * c


# The two workers below take blocks of ``tu.blk`` tuples (rows of ``tu.reps``, combination
# indices per player: :class:`~._inputs.RankTuples`; the known cards ``kb`` and the tables
# ``tb``: :class:`~._inputs.RankBoard`, :class:`~._inputs.RankTables`) until none is left;
# each tuple's counts of step ``mode`` times its weight go into its block's row of ``acc``
# [blocks, P, P + 1] (pots won shared n ways at index n). One worker for heads-up and one
# for more players, so that a heads-up spot never compiles the many-player loops; each
# runs both steps (a run always needs both), which compiles the worker's entry point and
# its common steps once: two workers per step took 2.1 s of a first heads-up call's 3.0 s
# of CPU (issue 13). Each thread takes a row of the scratch arena (``ctr[1]`` counts them).

@njit(cache=True, nogil=True)
def _hu_work(ctr, mode, tu, kb, tb, arena, sc, acc):
    """Step ``mode`` (1 by ranks, 2 by flushes), two players."""
    a_ctr, ra = _thread_row(ctr, arena, sc)
    blk, k, nR = tu.blk, kb.k, tb.codes.shape[0]
    avail, amask, hn, row, cnt, tab, ow = ra.avail, ra.amask, ra.hn, ra.row, ra.cnt, ra.tab, \
        ra.ow
    b = fetch_add(a_ctr, 1)
    while b < acc.shape[0]:
        for it in range(b * blk, min(tu.reps.shape[0], (b + 1) * blk)):
            _setup(it, tu, kb, nR, ra)
            r0 = ldi64(row, 0)
            r1 = ldi64(row, 1)
            if mode == BY_RANKS:
                _fill_tab(tab, avail, tb.comb)
                _ranks_hu(nR, tb.codes, tab, tb.V, r0, r1, cnt)
            else:
                for s in range(4):
                    bs = kb.bcnt[s]
                    if bs + k < 3:
                        continue
                    maxn = max(ldi64(hn, 2 * s), ldi64(hn, 2 * s + 1))
                    am = ldi64(amask, s)
                    for j in range(max(0, 3 - bs, 5 - bs - maxn), k + 1):
                        nO = _other_weights(k - j, avail, am, tb.o2a, tb.o2b, ow)
                        _flush_hu(j, s, am, nO, tb, kb, ra, r0, r1)
            _add(acc, b, tu.wts[it], cnt)
        b = fetch_add(a_ctr, 1)


@njit(cache=True, nogil=True)
def _any_work(ctr, mode, tu, kb, tb, arena, sc, acc):
    """Step ``mode`` (1 by ranks, 2 by flushes), any number of players."""
    a_ctr, ra = _thread_row(ctr, arena, sc)
    reps, wts, blk = tu.reps, tu.wts, tu.blk
    k, bcnt = kb.k, kb.bcnt
    codes, V, o2a, o2b, comb = tb.codes, tb.V, tb.o2a, tb.o2b, tb.comb
    n_items, P = reps.shape
    nR = codes.shape[0]
    avail, amask, hn, row, cnt, tab, ow = ra.avail, ra.amask, ra.hn, ra.row, ra.cnt, ra.tab, \
        ra.ow
    fl, RB, RM = ra.fl, ra.RB, ra.RM
    b = fetch_add(a_ctr, 1)
    while b < acc.shape[0]:
        for it in range(b * blk, min(n_items, (b + 1) * blk)):
            _setup(it, tu, kb, nR, ra)
            if mode == BY_RANKS:
                _fill_tab(tab, avail, comb)
                _ranks_any(P, nR, codes, tab, V, row, cnt)
            else:
                ready = False
                for s in range(4):
                    bs = bcnt[s]
                    if bs + k < 3:
                        continue
                    maxn = 0
                    for p in range(P):
                        maxn = max(maxn, ldi64(hn, s * P + p))
                    am = ldi64(amask, s)
                    for j in range(max(0, 3 - bs, 5 - bs - maxn), k + 1):
                        nO = _other_weights(k - j, avail, am, o2a, o2b, ow)
                        for p in range(P):
                            sti64(fl, p, np.int64(ldi64(hn, s * P + p) + bs + j >= 5))
                        if not ready:
                            _outcomes(P, nR, V, row, RB, RM)
                            ready = True
                        _flush_any(P, j, s, am, nO, tb, kb, ra)
            _add(acc, b, wts[it], cnt)
        b = fetch_add(a_ctr, 1)


#: tuples per block of :func:`run` (each block sums into its own row, in order)
BLOCK = 64


def run(mode: int, vals: Values, c_card: np.ndarray, c_pid: np.ndarray, reps: np.ndarray,
        wts: np.ndarray, board: Sequence[int], dead: Sequence[int],
        threads: int = 1) -> np.ndarray:
    """Step ``mode`` of the module docstring for each tuple (rows of ``reps``: the index in
    ``c_card`` [M, 2] of each player's two cards, ``c_pid`` their rank pair) times its
    weight ``wts``, summed: float64 [P, P + 1], pots won shared n ways at index n."""
    P = reps.shape[1]
    pat = vals.pat
    known = list(board) + list(dead)
    avail = np.full(13, 4, dtype=np.int64)
    amask = np.full(4, 8191, dtype=np.int64)
    for c in known:
        avail[c >> 2] -= 1
        amask[c & 3] &= ~(1 << (c >> 2))
    bsm = np.zeros(4, dtype=np.int64)
    bcnt = np.zeros(4, dtype=np.int64)
    for c in board:
        bsm[c & 3] |= 1 << (c >> 2)
        bcnt[c & 3] += 1
    nblk = max(1, -(-len(reps) // BLOCK))
    acc = np.zeros((nblk, P, P + 1), dtype=np.float64)
    if len(reps):
        T = nx.kernel_tables()
        sc = _scratch(P, pat.codes.shape[0])
        workers = max(1, min(int(threads), nblk))           # as run_workers starts them
        run_workers(_hu_work if P == 2 else _any_work, threads, nblk, mode,
                    RankTuples(reps, wts, BLOCK, c_card, c_pid),
                    RankBoard(vals.k, avail, amask, bsm, bcnt),
                    RankTables(pat.codes, vals.V, _SUBS, _SOFF, _SCNT, pat.ioff, pat.idx, _PA,
                               _PB, _COMB, T.flush),
                    np.zeros(workers * sc.size, dtype=np.int64), sc, acc)
    return acc.sum(axis=0)


def tuple_counts(holes: np.ndarray, board: Sequence[int], dead: Sequence[int]) -> np.ndarray:
    """The counts of one tuple of known hole cards (``holes`` [P, 2]) over every runout of
    ``board``: int64 [P, P + 1], pots won shared n ways at index n (both steps)."""
    holes = np.asarray(holes, dtype=np.uint8).reshape(-1, 2)
    P = len(holes)
    c_pid = pair_id(holes[:, 0] >> 2, holes[:, 1] >> 2).astype(np.int64)
    reps = np.arange(P, dtype=np.int32)[None, :]
    v = values(board)
    v.need(c_pid)
    w = np.ones(1)
    cnt = sum(run(m, v, holes, c_pid, reps, w, board, dead) for m in (BY_RANKS, BY_FLUSHES))
    return np.rint(cnt).astype(np.int64)
