"""Which cards a simulated player keeps when the game makes it discard.

The player models keep cards by three documented rules (docs/simulation-games.md); each
returns a bit mask of the positions kept (bit ``i``: card ``i`` of the hand), and
:func:`apply_discard` takes the others out of the hand, in place, keeping the order.

- :func:`keep_preflop` (Pineapple, before the flop): the two cards that make the
  strongest hold'em starting hand, read from the simulator's pre-flop table
  (``pf_class``/``pf_top`` of :mod:`pyeval.sim.players.preflop`: the smaller the share of hands
  at least as strong, the better); equal hands: the first pair in card order.
- :func:`keep_on_flop` (Crazy Pineapple after the flop, Irish after the flop): the two
  cards that make the best hand with the flop, by a score of twice the hand's category
  (high card 1, pair 2, two pair 3, ... from the evaluator's value) plus 3 for a flush
  draw (four of a suit with a kept card) or 1 for an open-ended straight draw (four ranks
  in a row with a kept card, open at both ends): a flush draw outranks a bare pair, a set
  outranks a pair with a flush draw; then the higher five-card value, then the better
  starting hand as in :func:`keep_preflop`.
- :func:`keep_third_street` (Australian, after third street): the two down cards that
  make the best three-card hand with the up card: the higher category (trips, pair, high
  card), then three of a suit, then three within a five-rank window, then the higher
  value.

>>> import numpy as np, pyeval
>>> from pyeval.sim.players.preflop import preflop_tables
>>> t = preflop_tables()
>>> h = pyeval.cards("7c2dAh").copy()
>>> hold = keep_preflop(h, 3, t.class_of, t.top)          # A-7 beats 7-2 and A-2
>>> bin(hold), apply_discard(h, 3, hold), pyeval.format_cards(h[:2])
('0b101', (2, 2), '7cAh')
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.sim.players.policy import add_card, category, rank_key


@numba.njit(cache=True, inline="always", error_model="numpy")
def kept_pair(keep):
    """The indices of the two lowest set bits of a keep mask (the two cards kept)."""
    i = 0
    while not (keep >> i) & 1:
        i += 1
    j = i + 1
    while not (keep >> j) & 1:
        j += 1
    return i, j


@linked(cache=True, error_model="numpy")
def keep_preflop(hole, nh, pf_class, pf_top):
    """Bit mask of the two cards of ``hole[:nh]`` with the strongest hold'em class."""
    best = 2.0
    keep = 3
    for i in range(nh):
        for j in range(i + 1, nh):
            t = pf_top[pf_class[np.int64(hole[i]) * 52 + np.int64(hole[j])]]
            if t < best:
                best = t
                keep = (1 << i) | (1 << j)
    return keep


@linked(cache=True, error_model="numpy")
def _draw_rank(a, b, board, nb):
    """2: four of a suit among a, b and the board with a or b of it; 1: four ranks in a
    row open at both ends with a or b in them; 0: neither."""
    for s in range(4):
        if (a & 3) != s and (b & 3) != s:
            continue
        n = ((a & 3) == s) + ((b & 3) == s)
        for i in range(nb):
            n += (board[i] & 3) == s
        if n >= 4:
            return 2
    m = (1 << (a >> 2)) | (1 << (b >> 2))
    for i in range(nb):
        m |= 1 << (board[i] >> 2)
    mine = (1 << (a >> 2)) | (1 << (b >> 2))
    for lo in range(1, 9):       # ranks lo..lo+3, with lo-1 and lo+4 open
        w = 15 << lo
        if (m & w) == w and (w & mine) and not (m >> (lo - 1)) & 1 and not (m >> (lo + 4)) & 1:
            return 1
    return 0


@numba.njit(cache=True, inline="always", error_model="numpy")
def _draw_rank_of(cards, a, b):
    """:func:`_draw_rank` of the hole cards ``a``, ``b`` and the flop from the five cards'
    masks ``cards`` (:func:`pyeval.sim.players.policy.add_card`), without its loops: a suit of
    ``a`` or ``b`` holding four cards or more (the suit counts are the masks' nibbles), or
    four ranks in a row (``run``: bit ``lo`` for ranks ``lo..lo+3``) open at both ends with
    ``a`` or ``b`` among them, ``lo`` from 1 to 8 as there. Its six calls per player were
    148 of keep_on_flop's 243 ns (Irish hands, one core); tied to :func:`_draw_rank` by
    tests/sim/test_variants_discard.py."""
    m, _m2, _m3, _m4, suits, _srm = cards
    if (suits >> (4 * (a & 3))) & 15 >= 4 or (suits >> (4 * (b & 3))) & 15 >= 4:
        return 2
    mine = (np.int64(1) << (a >> 2)) | (np.int64(1) << (b >> 2))
    run = m & (m >> 1) & (m >> 2) & (m >> 3)
    near = mine | (mine >> 1) | (mine >> 2) | (mine >> 3)     # bit lo: a or b in lo..lo+3
    if run & near & ~(m << 1) & ~(m >> 4) & 0x1FE:
        return 1
    return 0


@linked(cache=True, error_model="numpy")
def keep_on_flop(hole, nh, board, pf_class, pf_top, scratch):
    """Bit mask of the two cards of ``hole[:nh]`` that make the best hand with the three
    flop cards ``board[:3]`` (see the module notes for the order).

    Each five-card hand is read from its rank and suit masks (:func:`pyeval.sim.players.policy.
    category` and :func:`~pyeval.sim.players.policy.rank_key`: the evaluator's order without its
    table; the draw by :func:`_draw_rank_of`), the flop's masks made once: the C
    evaluator's call per pair (six per Irish player) was 7 % of a warm Irish kernel's
    samples (perf, bench/RESULTS.md).
    ``scratch`` is not used (kept for the callers)."""
    best_key = -1
    best_top = 2.0
    keep = 3
    flop = (np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0))
    for k in range(3):
        flop = add_card(board[k], flop)
    for i in range(nh):
        for j in range(i + 1, nh):
            cards = add_card(hole[j], add_card(hole[i], flop))
            cat = np.int64(category(cards))
            d = _draw_rank_of(cards, np.int64(hole[i]), np.int64(hole[j]))
            # (twice the category + the draw's bonus, then the evaluator's order: the
            # category, then the ranks); as (2 * (v >> 12) + bonus) * 65536 + v of the
            # five cards' high value v
            key = (((2 * cat + (3 if d == 2 else d)) << 56) | (cat << 52)
                   | rank_key(cards, cat))
            t = pf_top[pf_class[np.int64(hole[i]) * 52 + np.int64(hole[j])]]
            if key > best_key or (key == best_key and t < best_top):
                best_key = key
                best_top = t
                keep = (1 << i) | (1 << j)
    return keep


@linked(cache=True, error_model="numpy")
def keep_third_street(hole, n_down, up, scratch):
    """Bit mask of the two of the ``n_down`` down cards ``hole[:n_down]`` that make the best
    three-card hand with the up card ``up`` (see the module notes). The three cards are read
    from their rank masks (:func:`pyeval.sim.players.policy.category` and
    :func:`~pyeval.sim.players.policy.rank_key`, the evaluator's order without its C call: called
    twice per Australian player and hand). ``scratch`` is not used (kept for the callers)."""
    best_key = -1
    keep = 3
    for i in range(n_down):
        for j in range(i + 1, n_down):
            a = hole[i]
            b = hole[j]
            cards = add_card(up, add_card(b, add_card(a, (
                np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0),
                np.int64(0)))))
            cat = np.int64(category(cards))
            suited = 1 if ((a & 3) == (b & 3) and (b & 3) == (up & 3)) else 0
            ra = a >> 2
            rb = b >> 2
            ru = up >> 2
            hi = max(ra, max(rb, ru))
            lo = min(ra, min(rb, ru))
            near = 1 if (hi - lo <= 4 and ra != rb and rb != ru and ra != ru) else 0
            # as (((v >> 12) * 2 + suited) * 2 + near) * 65536 + v of the three cards'
            # high value v: the prefix holds the category, the ranks order the rest
            key = (((cat * 2 + suited) * 2 + near) << 40) | rank_key(cards, cat)
            if key > best_key:
                best_key = key
                keep = (1 << i) | (1 << j)
    return keep


@linked(cache=True, error_model="numpy")
def apply_discard(cards, n, keep):
    """Take the cards not in the bit mask ``keep`` out of ``cards[:n]`` (the others move up
    in order). Returns ``(cards left, card mask of the discarded cards)``: bit ``c`` set
    for each discarded card ``c``, as the simulator records a discard."""
    m = 0
    out = 0
    for i in range(n):
        c = cards[i]
        if (keep >> i) & 1:
            cards[m] = c
            m += 1
        else:
            out |= np.int64(1) << np.int64(c)
    return m, out
