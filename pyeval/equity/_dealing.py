"""Dealing the unknown cards of a Monte Carlo deal: from a pool by a partial shuffle or by
independent draws, and one combination per range player by the alias method.

Every function takes the pool, scratch and range arrays by address (see
:mod:`pyeval.jit.numba_mem`) and returns the new random state.

>>> ends, thr, n = deal_plan(48, 5)
>>> int(n), [int(e) for e in ends[:n]]
(1, [5])
"""
from __future__ import annotations

import numpy as np
from numba import njit

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import ld8, ld64, ldf, ldi64, st8, sti64
from pyeval.jit.numba_rng import LOW32, draw, mul128, next_word, word_below, word_unit

BATCH_BOUND = np.uint64(1 << 62)
#: the shift that takes the high 32 bits of a 64-bit random word (``LOW32`` masks the low
#: half); the one definition the equity kernels share
U32 = np.uint64(32)

# ways of dealing (see deal_fy, deal_idx)
DEAL_SHUFFLE, DEAL_INDEP = 0, 2


def deal_plan(D: int, U: int) -> tuple[np.ndarray, np.ndarray, int]:
    """How :func:`deal_fy` groups U draws from a pool of D cards into 64-bit words: for
    each group its end and the rejection threshold 2**64 mod B, B the product of the pool
    sizes of the group. Computed once per kernel call, in Python (a few steps, and nothing
    to compile): no division is left in the loop."""
    ends = np.zeros(max(U, 1), dtype=np.int64)
    thr = np.zeros(max(U, 1), dtype=np.uint64)
    bound = int(BATCH_BOUND)
    n = 0
    i = 0
    while i < U:
        g = i
        bnd = 1
        while g < U and bnd < bound // (D - g):
            bnd *= D - g
            g += 1
        ends[n] = g
        thr[n] = (2**64 - bnd) % bnd
        n += 1
        i = g
    return ends, thr, n


@linked(cache=True)
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
            s, x = next_word(s)
            for q in range(i, g):
                j, x = mul128(x, np.uint64(D - q))
                sti64(out, q, np.int64(j))
            if x >= t:
                break
        for q in range(i, g):
            j = q + ldi64(out, q)
            c = ld8(dk, j)
            while (used >> np.uint64(c)) & np.uint64(1):
                s, jj = word_below(s, D - q)
                j = q + jj
                c = ld8(dk, j)
            st8(dk, j, ld8(dk, q))
            st8(dk, q, c)
            sti64(out, q, np.int64(c))
        i = g
    return s


@njit(cache=True, inline="always")
def _card_of_word(s, x, q, deck, nD, thr):
    """The ``q``-th card of a deal from ``deck`` (``nD`` cards, ``thr`` = 2**32 mod nD): the
    high half of a new random word ``x`` for even ``q``, the low half of the last one for odd
    ``q``, made an index by :func:`pyeval.jit.numba_rng.draw`. Returns (state, word, card)."""
    if q & 1 == 0:
        s, x = next_word(s)
        r = x >> np.uint64(32)
    else:
        r = x & LOW32
    i, s = draw(r, nD, thr, s)
    return s, x, ld8(deck, i)


@linked(cache=True)
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
            s, x, c = _card_of_word(s, x, q, deck, nD, thr)
            bit = np.uint64(1) << np.uint64(c)
            dup |= (drawn | used) & bit
            drawn |= bit
            sti64(out, q, np.int64(c))
        if dup == 0:
            return s


@linked(cache=True)
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
            s, x, c = _card_of_word(s, x, q, deck, nD, thr)
            bit = np.uint64(1) << np.uint64(c)
            dup |= drawn & bit
            drawn |= bit
            k += ld64(ckey, c)
            m5 |= ld64(csrm, c)
        if dup == 0:
            return s, k, m5


@njit(cache=True, inline="always")
def draw_five(s, x, y, z, dk, nD, thr):
    """Five independent draws from the pool of nD cards at ``dk``, from three random words
    already taken (the halves of x and y, the high half of z; a rejected draw takes more
    words from the state). Returns (state, the five cards, True when no card repeats): the
    caller redraws all five on a repeat, which keeps the board uniform. Inlined into its
    callers by Numba (``inline="always"``): as a call, the hottest loops ran at half speed."""
    i0, s = draw(x >> np.uint64(32), nD, thr, s)
    i1, s = draw(x & LOW32, nD, thr, s)
    i2, s = draw(y >> np.uint64(32), nD, thr, s)
    i3, s = draw(y & LOW32, nD, thr, s)
    i4, s = draw(z >> np.uint64(32), nD, thr, s)
    c0 = ld8(dk, i0)
    c1 = ld8(dk, i1)
    c2 = ld8(dk, i2)
    c3 = ld8(dk, i3)
    c4 = ld8(dk, i4)
    one = np.uint64(1)
    b0 = one << np.uint64(c0)
    b1 = one << np.uint64(c1)
    b2 = one << np.uint64(c2)
    b3 = one << np.uint64(c3)
    b4 = one << np.uint64(c4)
    b01 = b0 | b1
    b012 = b01 | b2
    ok = ((b0 & b1) | (b01 & b2) | (b012 & b3) | ((b012 | b3) & b4)) == 0
    return s, c0, c1, c2, c3, c4, ok


@njit(cache=True, inline="always")
def five_keys(bk0, c0, c1, c2, c3, c4, ckey, csrm):
    """The key (added to ``bk0``) and suit-rank mask of five board cards, summed as a
    tree."""
    bk = bk0 + ((ld64(ckey, c0) + ld64(ckey, c1)) + (ld64(ckey, c2) + ld64(ckey, c3))) \
        + ld64(ckey, c4)
    bs = (ld64(csrm, c0) | ld64(csrm, c1)) | (ld64(csrm, c2) | ld64(csrm, c3)) \
        | ld64(csrm, c4)
    return bk, bs


@njit(cache=True)
def five_threshold(D):
    """The rejection threshold of :func:`floyd_five` for a pool of D cards: 2**32 mod B,
    B = (D-4)(D-3)(D-2)(D-1)D, the count of its digit tuples (at most 311,875,200 for 52
    cards, below 2**32).

    >>> int(five_threshold(46)) == 2**32 % (42 * 43 * 44 * 45 * 46)
    True
    """
    b = np.uint64(1)
    for i in range(5):
        b *= np.uint64(D - 4 + i)
    return np.uint64(1 << 32) % b


@njit(cache=True, inline="always")
def floyd_positions(s, r, nD, thr5):
    """Five distinct positions of a pool of nD cards (5 <= nD <= 52) from 32 random bits
    ``r``, as a uniform 5-set: Floyd's sampling (for j = nD-5 .. nD-1 take a uniform t in
    [0, j], or j itself when t is already taken), its five uniform digits (sizes nD-4 ..
    nD) read from ``r`` by multiplying its fraction by each size in turn (Lemire's batched
    bounded draws: the final 32-bit remainder below ``thr5`` = :func:`five_threshold`
    rejects ``r`` for the low half of a new word, which keeps the digits exactly uniform;
    about 3 % of the time at 46 cards). Inlined into its callers. Returns (state, the five
    positions).

    A caller that reads per-position tables (:func:`._montecarlo._holdem_hu5`: the key and
    suit-rank mask of each pool position) skips the pool's card bytes; :func:`floyd_five`
    reads the cards."""
    one = np.uint64(1)
    while True:
        m = r * (nD - np.uint64(4))
        t0 = m >> U32
        m = (m & LOW32) * (nD - np.uint64(3))
        t1 = m >> U32
        m = (m & LOW32) * (nD - np.uint64(2))
        t2 = m >> U32
        m = (m & LOW32) * (nD - one)
        t3 = m >> U32
        m = (m & LOW32) * nD
        t4 = m >> U32
        if (m & LOW32) >= thr5:
            break
        s, x = next_word(s)
        r = x & LOW32
    p0, p1, p2, p3, p4 = floyd_select(t0, t1, t2, t3, t4, nD)
    return s, p0, p1, p2, p3, p4


@njit(cache=True, inline="always")
def floyd_select(t0, t1, t2, t3, t4, nD):
    """Floyd's five positions of a pool of nD cards from its five uniform digits (sizes
    nD-4 .. nD): position j = nD - 5 + i replaces a digit already taken (branch-free
    selects). Inlined."""
    one = np.uint64(1)
    taken = one << t0
    p1 = t1 if ((taken >> t1) & one) == 0 else nD - np.uint64(4)
    taken |= one << p1
    p2 = t2 if ((taken >> t2) & one) == 0 else nD - np.uint64(3)
    taken |= one << p2
    p3 = t3 if ((taken >> t3) & one) == 0 else nD - np.uint64(2)
    taken |= one << p3
    p4 = t4 if ((taken >> t4) & one) == 0 else nD - one
    return t0, p1, p2, p3, p4


@njit(cache=True, inline="always")
def word_half(s, x, i):
    """The 32 random bits of the ``i``-th whole board of a loop that deals two boards a
    word: for even ``i`` the low half of a new word, for odd ``i`` the high half of the last
    one, ``x``. Returns (state, word, bits). Inlined.

    >>> s, x, a = word_half(np.uint64(7), np.uint64(0), 0)
    >>> s2, x2, b = word_half(np.uint64(s), np.uint64(x), 1)
    >>> s2 == s, x2 == x, a == x & 0xFFFFFFFF, b == x >> 32
    (True, True, True, True)
    """
    if i & 1 == 0:
        s, x = next_word(s)
        return s, x, x & LOW32
    return s, x, x >> U32


@njit(cache=True, inline="always")
def floyd_five(s, r, dk, nD, thr5):
    """Five distinct cards of the pool at ``dk`` (nD cards, 5 <= nD <= 52) from 32 random
    bits ``r``, as a uniform 5-card set: the cards at :func:`floyd_positions`.

    Shared by the range kernel's deals (:func:`._rangemc._deal5`) and the general hold'em
    kernel's whole-board deals, so that a seed deals both the same boards (and the
    heads-up kernel the same positions, its 32 bits from :func:`word_half`). It replaced
    five independent draws from three words, all redrawn when a card repeated (one deal in
    five at 46 cards): one word a deal, no repeat, no redraw branch. Inlined into its callers. Returns (state, the five
    cards)."""
    s, p0, p1, p2, p3, p4 = floyd_positions(s, r, nD, thr5)
    return s, ld8(dk, p0), ld8(dk, p1), ld8(dk, p2), ld8(dk, p3), ld8(dk, p4)


def alias_tables(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias tables for index i with probability w[i] / sum(w): a uniform index
    j is kept with probability ``prob[j]``, else ``alias[j]`` is taken (what
    :func:`pick_ranges` reads; :func:`._rangemc.alias_u32` rounds ``prob`` to 32 bits).

    >>> prob, alias = alias_tables(np.array([1.0, 3.0]))
    >>> prob.tolist(), alias.tolist()
    ([0.5, 1.0], [1, 1])
    """
    w = np.ascontiguousarray(w, dtype=np.float64)
    return _alias_build(w * (len(w) / w.sum()))


@njit(cache=True)
def _alias_build(p):
    """Vose's construction on ``p`` (weights scaled to mean 1), overwritten. [speed] Compiled:
    the same steps in Python took 0.05 s for the 16,000 classes of a wide Omaha range, most
    of an equity call's budget under a small ``time_limit`` (the equity fuzzer's finding);
    the two stacks pop from their ends and push in the order the Python lists did, so the
    tables are the same to the bit (tests/equity/test_dealing_alias.py)."""
    n = len(p)
    prob = np.ones(n)
    alias = np.arange(n)
    small = np.empty(n, np.int64)
    large = np.empty(n, np.int64)
    ns = 0
    nl = 0
    for i in range(n):
        if p[i] < 1.0:
            small[ns] = i
            ns += 1
    for i in range(n):
        if p[i] >= 1.0:
            large[nl] = i
            nl += 1
    while ns > 0 and nl > 0:
        ns -= 1
        s = small[ns]
        nl -= 1
        lg = large[nl]
        prob[s] = p[s]
        alias[s] = lg
        p[lg] = (p[lg] + p[s]) - 1.0
        if p[lg] < 1.0:
            small[ns] = lg
            ns += 1
        else:
            large[nl] = lg
            nl += 1
    return prob, alias


def _alias_tables_py(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The construction in plain Python, kept as the reference the compiled one is tested
    against (tests/equity/test_dealing_alias.py)."""
    n = len(w)
    p = w * (n / w.sum())
    prob = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    small = [i for i in range(n) if p[i] < 1.0]
    large = [i for i in range(n) if p[i] >= 1.0]
    while small and large:
        s, lg = small.pop(), large.pop()
        prob[s] = p[s]
        alias[s] = lg
        p[lg] = (p[lg] + p[s]) - 1.0
        (small if p[lg] < 1.0 else large).append(lg)
    return prob, alias


@linked(cache=True)
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
            s, i = word_below(s, ldi64(r_off, r + 1) - o)
            j = o + i
            pr = ldf(r_prob, j)
            if pr < 1.0:
                s, u = word_unit(s)
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


@linked(cache=True)
def deal_any(s, method, dk, D, thr, ends, gthr, ngroups, used, U, out):
    """Deals U cards to ``out`` the way ``method`` says (see DEAL_*)."""
    if method == DEAL_INDEP:
        return deal_idx(s, dk, D, thr, used, U, out)
    return deal_fy(s, dk, D, ends, gthr, ngroups, used, out)
