"""Monte Carlo kernels: hold'em (the hottest, with its heads-up case written out) and every
other game, a chunk of deals at a time.

A driver (:func:`holdem_mc`, :func:`mc_chunks`) prepares the arrays and runs a ``nogil``
worker on the requested threads (:mod:`._workers`); the worker takes chunks until none is
left and calls a plain per-chunk function, optimised like any function. Each chunk has its
own random stream seeded from ``(seed, chunk index)`` and writes its own row of results, so
the answer is the same whatever the number of threads.

>>> import numpy as np
>>> from pyeval.jit import numba_ext as nx
>>> from pyeval.equity._inputs import known_hands, make_deal
>>> T, hk, hs, deck = known_hands("AcAd", "KhKs")
>>> kn = HoldemKnown(hk, hs, np.uint64(nx.KEY_START), np.uint64(0))
>>> no_ranges = Ranges(np.full(2, -1), np.zeros(1, np.int64), np.zeros((0, 2), np.uint8),
...                    *[np.zeros(0, np.uint64)] * 3, np.zeros(0), np.zeros(0, np.int64))
>>> dl = make_deal(deck, DEAL_INDEP, np.full(5, 2), np.arange(5))
>>> streams = Streams(np.uint64(1), np.int64(0), np.full(2, 10_000), 1000)
>>> cnt, att, bad = holdem_mc(kn, no_ranges, dl, streams, T.addrs)
>>> int(cnt.sum()) >= 20_000, bool(0.78 < cnt[:, 0, 1].sum() / 20_000 < 0.84)
(True, True)
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from pyeval.equity._dealing import (
    DEAL_INDEP,
    U32,
    deal_any,
    deal_keys,
    five_keys,
    five_threshold,
    floyd_five,
    floyd_positions,
    pick_ranges,
    word_half,
)
from pyeval.equity._inputs import (
    Deal,
    Game,
    HoldemKnown,
    HoldemRows,
    Known,
    MCRows,
    Ranges,
    Streams,
    Tally,
)
from pyeval.equity._layout import NSTAT
from pyeval.equity._showdown import (
    ace_holder,
    count_high,
    counts_to_sums,
    high_value,
    low_value,
    settle,
)
from pyeval.equity._workers import run_workers
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import fetch_add, keep_alive, ld16, ld64, ldf, ldi64, st8, st64
from pyeval.jit.numba_rng import LOW32, next_word, word_stream

#: the pool of a heads-up spot without dead cards, and its :func:`._dealing.five_threshold`
FULL_POOL = 48
FULL_THR5 = np.uint64(2**32 % (44 * 45 * 46 * 47 * 48))
#: chunks of :func:`_holdem_hu5` deal fewer deals than this (its two win counts share one
#: 64-bit word; the engine's chunks are 8,192 deals)
HU5_MAX_CHUNK = 1 << 32
#: whether two known hands with a whole board to deal run :func:`_holdem_hu5` (tests set it
#: False to run the general kernel on the same spot: the same boards for a seed)
HU5_KERNEL = True


class Hu5(NamedTuple):
    """What the heads-up kernel (:func:`_holdem_hu5`) reads: the key and suit-rank mask of
    each pool position (addresses of uint64[D]: the card bytes are not read in the loop),
    the pool's size and :func:`._dealing.five_threshold`, each hand's key with the board's
    start added (``hb``) and its suit-rank mask (``hm``)."""

    pkey: np.uint64
    psrm: np.uint64
    nD: np.uint64
    thr5: np.uint64
    hb0: np.uint64
    hm0: np.uint64
    hb1: np.uint64
    hm1: np.uint64


@linked(cache=True)
def _holdem_hu5(s, n, H, disp, high, flush):
    """The hottest case, written out: two known hands, a whole board to deal. Two boards
    from each random word, the first from its low half, the second from its high half
    (:func:`._dealing.word_half`, as the general kernel deals two known hands, so a seed
    gives the same boards on both); a board's positions from its 32 bits
    (:func:`._dealing.floyd_positions`), their keys read by position and summed as a tree,
    two lookups where nobody can have a flush, the two win counts in one word (ties are the
    rest). Returns (state, wins of hand 0, wins of hand 1, ties).

    It drew five independent cards from three words and redrew all five on a repeat (one
    deal in five at 48 cards, a mispredicted branch); one word and Floyd's sampling ran
    1.31x faster (4M deals, per-pair median of 5 interleaved process pairs against main,
    pinned; bench/RESULTS.md, "round 4"). Reading keys by pool position instead of card
    (no card byte, no shift), the hands' keys with the board's start added and the
    suit-rank masks read only where a flush is possible and the win counts in one word took
    the loop from 126.6 to 85.2 instructions a deal (callgrind; 1.24-1.27x, bench/RESULTS.md,
    "equity engine against OMPEval"). A board needs 32 bits; the word's other half, left
    unused, now deals the next board: one splitmix64 step for two deals (bench/RESULTS.md,
    "Monte Carlo against OMPEval, helper mc")."""
    if H.nD == FULL_POOL:
        # the usual pool (no dead cards): its sizes as constants free six registers
        return _hu5_loop(s, n, H, np.uint64(FULL_POOL), FULL_THR5, disp, high, flush)
    return _hu5_loop(s, n, H, H.nD, H.thr5, disp, high, flush)


@njit(cache=True, inline="always")
def _hu5_deal(s, r, H, nD, thr5, disp, high, flush):
    """One deal of :func:`_hu5_loop` from 32 random bits ``r`` (a rejected ``r`` takes
    the low half of a new word): the five positions, the board's key, the two values.
    Returns (state, the deal's increment of the counter word: 1 when hand 0 wins, 2**32
    when hand 1 wins, 0 for a tie). Inlined."""
    pkey, psrm, hb0, hm0, hb1, hm1 = H.pkey, H.psrm, H.hb0, H.hm0, H.hb1, H.hm1
    zero = np.uint64(0)
    s, p0, p1, p2, p3, p4 = floyd_positions(s, r, nD, thr5)
    bk = ((ld64(pkey, p0) + ld64(pkey, p1)) + (ld64(pkey, p2) + ld64(pkey, p3))) \
        + ld64(pkey, p4)
    k0 = bk + hb0
    k1 = bk + hb1
    if ((k0 | k1) & nx.FLUSH_BITS) == zero:
        v0 = np.uint64(ld16(high, nx.main_slot(k0 & LOW32, disp)))
        v1 = np.uint64(ld16(high, nx.main_slot(k1 & LOW32, disp)))
    else:
        bk, bs = five_keys(zero, p0, p1, p2, p3, p4, pkey, psrm)
        v0 = nx.hv(k0, bs | hm0, disp, high, flush)
        v1 = nx.hv(k1, bs | hm1, disp, high, flush)
    return s, np.uint64(v0 > v1) | (np.uint64(v1 > v0) << U32)


@njit(cache=True, inline="always")
def _hu5_loop(s, n, H, nD, thr5, disp, high, flush):
    """The loop of :func:`_holdem_hu5` for a pool of ``nD`` cards (inlined: a constant
    ``nD`` is compiled in)."""
    acc = np.uint64(0)      # wins of hand 0 in the low 32 bits, of hand 1 in the high
    for _ in range(n >> 1):
        # a pair of deals from one word (word_half's order, written out)
        s, x = next_word(s)
        s, d = _hu5_deal(s, x & LOW32, H, nD, thr5, disp, high, flush)
        acc += d
        s, d = _hu5_deal(s, x >> U32, H, nD, thr5, disp, high, flush)
        acc += d
    if n & 1:
        s, x = next_word(s)
        s, d = _hu5_deal(s, x & LOW32, H, nD, thr5, disp, high, flush)
        acc += d
    w0 = np.int64(acc & LOW32)
    w1 = np.int64(acc >> U32)
    return s, w0, w1, n - w0 - w1


@linked(cache=True)
def _holdem_chunk(s, n, kn, R, dl, dk, max_attempts, a, TA):
    """One chunk of :func:`holdem_mc`: n deals from the pool at ``dk``, counts left in the
    scratch words at ``a``. Returns (range attempts, ok)."""
    ckey, csrm, disp, high, flush = TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush
    hk0, hs0, bk0, bs0 = kn
    rp, r_off, r_key, r_srm, r_mask, r_prob, r_alias = R.rp, R.off, R.key, R.srm, R.mask, \
        R.prob, R.alias
    method, unk_t, ends, gthr, ngroups, thr = dl.method, dl.unk_t, dl.ends, dl.gthr, \
        dl.ngroups, dl.thr
    P = hk0.shape[0]
    D = dl.deck.shape[0]
    U = unk_t.shape[0]
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
    if board_only and method == DEAL_INDEP:
        # every hole card known, the board dealt by independent draws; a whole board from
        # 32 random bits (floyd_five): two boards a word for two hands as _holdem_hu5 deals
        # them, one (the low half) for more as the range kernel's one-row table does, so
        # that a seed gives the same counts on either kernel
        nD = np.uint64(D)
        thr5 = five_threshold(D) if U == 5 else np.uint64(0)
        x = np.uint64(0)
        for i in range(n):
            if U == 5:
                if P == 2:
                    s, x, r = word_half(s, x, i)
                else:
                    s, x = next_word(s)
                    r = x & LOW32
                s, c0, c1, c2, c3, c4 = floyd_five(s, r, dk, nD, thr5)
                bk, bs = five_keys(bk0, c0, c1, c2, c3, c4, ckey, csrm)
                bs |= bs0
            else:
                s, bk, bs = deal_keys(s, dk, D, thr, U, bk0, bs0, ckey, csrm)
            for p in range(P):
                st64(hi, p, nx.hv(bk + hk0[p], bs | hs0[p], disp, high, flush))
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
            st64(hi, p, nx.hv(bk + ld64(pk, p), bs | ld64(ps, p), disp, high, flush))
        count_high(P, hi, cnt)
    return n_att, True


@linked(cache=True)
def _mc_chunk(s, n, G, kn, dl, dk, cur, curb, w, TA):
    """One chunk of :func:`mc_chunks`: n deals from the pool at ``dk`` (hole cards at
    ``cur``, the board at ``curb``) into the sums at the scratch words ``w``. Returns the
    random state. Compiled for the game's evaluation and split classes (``G.ev``,
    ``G.sp``): only that game's evaluator and scoring are in it."""
    ckey, csrm, clow = TA.ckey, TA.csrm, TA.clow
    ev, sp, P, H, NB, down_mask = G
    base_k, base_s, base_l = kn.key, kn.srm, kn.low
    method, unk_t, unk_s, ends, gthr, ngroups, thr = dl.method, dl.unk_t, dl.unk_s, dl.ends, \
        dl.gthr, dl.ngroups, dl.thr
    D = dl.deck.shape[0]
    U = unk_t.shape[0]
    ak = w
    as_ = ak + np.uint64(8 * (P + 1))
    al = as_ + np.uint64(8 * (P + 1))
    hi = al + np.uint64(8 * (P + 1))
    lo = hi + np.uint64(8 * P)
    st = lo + np.uint64(8 * P)
    cnt = st + np.uint64(8 * P * NSTAT)
    dealt = cnt + np.uint64(8 * P * (P + 1))
    for p in range(P + 1):
        st64(ak, p, base_k[p])
        st64(as_, p, base_s[p])
        st64(al, p, base_l[p])
    a_ends = np.uint64(ends.ctypes.data)
    a_gthr = np.uint64(gthr.ctypes.data)
    no_cards = np.uint64(0)
    for _ in range(n):
        s = deal_any(s, method, dk, D, thr, a_ends, a_gthr, ngroups, no_cards, U, dealt)
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
                lm |= np.uint64(ld16(clow, c))
                if t == P:
                    st8(curb, unk_s[i], c)
                else:
                    st8(cur, t * H + unk_s[i], c)
                i += 1
            st64(ak, t, k)
            st64(as_, t, sm)
            st64(al, t, lm)
        holder = np.int64(-1)
        bk = ld64(ak, P)
        bs = ld64(as_, P)
        bl = ld64(al, P)
        for p in range(P):
            hole = cur + np.uint64(p * H)
            hl = ld64(al, p)
            st64(hi, p, high_value(ev, hole, H, curb, NB, ld64(ak, p), ld64(as_, p), bk, bs, bl,
                                   hl, TA))
            st64(lo, p, low_value(ev, sp, hl, bl, TA))
            holder = ace_holder(sp, hole, H, down_mask, p, holder)
        settle(sp, P, hi, lo, holder, st, cnt, 1.0)
    counts_to_sums(sp, P, cnt, st)
    return s


@njit(cache=True, nogil=True)
def _hu5_work(ctr, kn, dl, ST, TA, out):
    """Worker of :func:`holdem_mc` in its heads-up case (two known hands, five board cards
    by independent draws, which read the pool without changing it)."""
    deck = dl.deck
    D = deck.shape[0]
    pk = np.empty(D, dtype=np.uint64)
    ps = np.empty(D, dtype=np.uint64)
    for i in range(D):
        pk[i] = ld64(TA.ckey, deck[i])
        ps[i] = ld64(TA.csrm, deck[i])
    H = Hu5(np.uint64(pk.ctypes.data), np.uint64(ps.ctypes.data), np.uint64(D),
            five_threshold(D), kn.bk + kn.hk[0], kn.hs[0], kn.bk + kn.hk[1], kn.hs[1])
    seed, chunk0, nsamp = ST.seed, ST.chunk0, ST.nsamp
    a_ctr = np.uint64(ctr.ctypes.data)
    nch = nsamp.shape[0]
    while True:
        ci = fetch_add(a_ctr, 1)
        if ci >= nch:
            break
        s, w0, w1, tie = _holdem_hu5(word_stream(seed, chunk0 + ci), nsamp[ci], H, TA.disp,
                                     TA.high, TA.flush)
        out[ci, 0, 1] = w0
        out[ci, 0, 2] = tie
        out[ci, 1, 1] = w1
        out[ci, 1, 2] = tie
    keep_alive(pk, ps)


@njit(cache=True, inline="always")
def _next_row(a_ctr, ST, rows, deck):
    """The next of the chunks ``ST.nsamp`` a worker takes from the shared counter at
    ``a_ctr`` (-1 when none is left) and the address of its padded row in the scratch arena
    ``rows``, the pool ``deck`` copied to the row's start."""
    ci = fetch_add(a_ctr, 1)
    a = np.uint64(rows.arena.ctypes.data) + np.uint64(8 * rows.row * ci)
    if ci >= ST.nsamp.shape[0]:
        return -1, a
    for i in range(deck.shape[0]):
        st8(a, i, deck[i])
    return ci, a


@njit(cache=True, nogil=True)
def _holdem_work(ctr, kn, R, dl, ST, rows, TA, tally):
    """Worker of :func:`holdem_mc`: chunks until none is left, each in its own padded row
    of the scratch arena (the pool, then the chunk's words)."""
    a_ctr = np.uint64(ctr.ctypes.data)
    out, attempts, failed = tally
    P = kn.hk.shape[0]
    while True:
        ci, a = _next_row(a_ctr, ST, rows, dl.deck)
        if ci < 0:
            break
        w = a + np.uint64(8 * rows.w)
        n_att, ok = _holdem_chunk(word_stream(ST.seed, ST.chunk0 + ci), ST.nsamp[ci], kn, R,
                                  dl, a, ST.max_attempts, w, TA)
        attempts[ci] = n_att
        failed[ci] = 0 if ok else 1
        cnt = w + np.uint64(8 * 4 * P)
        for p in range(P):
            for k in range(P + 1):
                out[ci, p, k] = ldi64(cnt, p * (P + 1) + k)


def holdem_mc(kn: HoldemKnown, R: Ranges, dl: Deal, ST: Streams, TA: tuple,
              threads: int = 1) -> Tally:
    """Hold'em Monte Carlo (two hole cards, best five of seven), ``len(ST.nsamp)`` chunks on
    ``threads`` threads: the known cards ``kn``, the ranges ``R`` (``R.rp[p]`` -1 for a
    player without one), the cards to deal ``dl`` (``dl.unk_t``: the player, P for the
    board, of each). Returns counts [chunks, P, P + 1] of pots won shared k ways at index
    k, range attempts and failures per chunk."""
    P = kn.hk.shape[0]
    nch = ST.nsamp.shape[0]
    tally = Tally(np.zeros((nch, P, P + 1), dtype=np.int64), np.zeros(nch, dtype=np.int64),
                  np.zeros(nch, dtype=np.int64))
    D = dl.deck.shape[0]
    U = dl.unk_t.shape[0]
    board_only = R.off.shape[0] <= 1 and bool((np.asarray(dl.unk_t) == P).all())
    if HU5_KERNEL and board_only and dl.method == DEAL_INDEP and P == 2 and U == 5:
        if nch and int(ST.nsamp.max()) >= HU5_MAX_CHUNK:
            raise ValueError(f"a chunk of the heads-up kernel deals at most "
                             f"{HU5_MAX_CHUNK - 1} deals, got {int(ST.nsamp.max())}")
        run_workers(_hu5_work, threads, nch, kn, dl, ST, TA, tally.out)
        return tally
    # scratch arena, one padded row (in 8-byte words) per chunk: the pool, then
    # pk, ps, hi, sel (P each), counts (P * (P + 1)), dealt cards (U + 1)
    o_w = (D + 7) // 8
    row = ((o_w + 4 * P + P * (P + 1) + U + 1 + 7) // 8) * 8 + 8
    rows = HoldemRows(np.zeros(nch * row, dtype=np.uint64), row, o_w)
    run_workers(_holdem_work, threads, nch, kn, R, dl, ST, rows, TA, tally)
    return tally


@njit(cache=True, nogil=True)
def _mc_work(ctr, G, kn, dl, ST, rows, TA, out):
    """Worker of :func:`mc_chunks`: chunks until none is left, each in its own padded row
    of the scratch arena (the pool, hole cards, board, then the chunk's words)."""
    a_ctr = np.uint64(ctr.ctypes.data)
    o_cur, o_curb, o_w = rows.cur, rows.curb, rows.w
    P, H, NB = G.P, G.H, G.NB
    hole0, board0 = kn.hole0, kn.board0
    while True:
        ci, a = _next_row(a_ctr, ST, rows, dl.deck)
        if ci < 0:
            break
        cur = a + np.uint64(8 * o_cur)
        curb = a + np.uint64(8 * o_curb)
        w = a + np.uint64(8 * o_w)
        for p in range(P):
            for j in range(H):
                st8(cur, p * H + j, hole0[p, j])
        for j in range(NB):
            st8(curb, j, board0[j])
        _mc_chunk(word_stream(ST.seed, ST.chunk0 + ci), ST.nsamp[ci], G, kn, dl, a, cur, curb,
                  w, TA)
        st = w + np.uint64(8 * (3 * (P + 1) + 2 * P))
        for p in range(P):
            for k in range(NSTAT):
                out[ci, p, k] = ldf(st, p * NSTAT + k)


def mc_chunks(G: Game, hole0: np.ndarray, board0: np.ndarray, dl: Deal, ST: Streams, TA: tuple,
              threads: int = 1) -> Tally:
    """Monte Carlo for every game but two-card hold'em: ``len(ST.nsamp)`` chunks of deals on
    ``threads`` threads. Returns sums [chunks, P, NSTAT] (no range draws: attempts and
    failures are zero; ranges are hold'em's, :func:`holdem_mc` and :mod:`._rangemc`).

    ``G``: the game (:func:`._inputs.make_game`: its evaluation and split classes choose
    what the kernel is compiled with); ``hole0`` [P, H] and ``board0`` [NB]: known cards,
    255 where a card is to be dealt; ``dl.unk_t/unk_s``: for each card to deal, its player
    (P for the board) and slot.
    """
    T = nx.kernel_tables()
    P, H, NB = G.P, G.H, G.NB
    nch = ST.nsamp.shape[0]
    tally = Tally(np.zeros((nch, P, NSTAT), dtype=np.float64), np.zeros(nch, dtype=np.int64),
                  np.zeros(nch, dtype=np.int64))
    D = dl.deck.shape[0]
    U = dl.unk_t.shape[0]
    # keys of the known cards (an unknown slot, 255, has none): players 0..P-1, board P
    base_k = np.zeros(P + 1, dtype=np.uint64)
    base_s = np.zeros(P + 1, dtype=np.uint64)
    base_l = np.zeros(P + 1, dtype=np.uint64)
    if H:
        base_k[:P] = T.ckey[hole0].sum(axis=1, dtype=np.uint64)
        base_s[:P] = np.bitwise_or.reduce(T.csrm[hole0], axis=1)
        base_l[:P] = np.bitwise_or.reduce(T.clow[hole0], axis=1)
    base_k[P] = nx.KEY_START + T.ckey[board0].sum(dtype=np.uint64)
    if NB:
        base_s[P] = np.bitwise_or.reduce(T.csrm[board0])
        base_l[P] = np.bitwise_or.reduce(T.clow[board0])
    # scratch arena, one padded row (in 8-byte words) per chunk: the pool, hole cards,
    # board, then the chunk's words: keys, suit-rank and low masks (P + 1 each), high and
    # low values (P each), sums (P * NSTAT), counts (P * (P + 1)), dealt cards (U + 1)
    o_cur = (D + 7) // 8
    o_curb = o_cur + (P * H + 7) // 8
    o_w = o_curb + (NB + 7) // 8
    n_w = 3 * (P + 1) + 2 * P + P * NSTAT + P * (P + 1) + U + 1
    row = ((o_w + n_w + 7) // 8) * 8 + 8
    rows = MCRows(np.zeros(nch * row, dtype=np.uint64), row, o_cur, o_curb, o_w)
    run_workers(_mc_work, threads, nch, G, Known(hole0, board0, base_k, base_s, base_l), dl, ST,
                rows, TA, tally.out)
    return tally
