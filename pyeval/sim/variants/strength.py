"""Pre-flop strength of the three- and four-card button games for the player models,
computed from pyeval's evaluation by Monte Carlo and cached.

The models read a hand's **top share** (the share of all starting hands of the game that
are at least as strong; ``top <= 0.15``: "in the top 15 %") and the hold'em class whose top
share is nearest (what their all-in estimates look up), as they do for hold'em
(:mod:`pyeval.sim.preflop`) and Omaha.

- **Three-card games** (Super Eight, Tahoe, Pineapple, Crazy Pineapple): a hand's class is
  its three ranks and suit pattern (:func:`three_class`: 1,755 classes, ids in
  ``0 .. N3 - 1`` with gaps); each class's strength is its equity against one random hand
  of the same game, played to the river as the game is: Super Eight best five of eight,
  Tahoe at most two hole cards (the showdown of :mod:`.showdown`), Pineapple both players
  keeping their best starting hand before the flop, Crazy Pineapple their best hand with
  the flop (the rules of :mod:`.discard`).
- **Irish** (four cards, two kept after the flop): a hand is bucketed by the hold'em class
  of its best two-card starting hand (:func:`irish_bucket`); each bucket's strength is the
  equity of random hands of the bucket against one random Irish hand, both keeping their
  best hand with the flop.

- **5 Card Stud** (one down and one up card to start): a hand is its hold'em class (the
  169 pair, suited and offsuit classes); each class's strength is its equity against one
  random start, both dealt three more cards (:data:`STUD5_TRIALS` deals a class).
- **5 Card Draw** (before the draw): a hand's class is its high value ``>> 2``
  (:func:`pyeval.sim.variants.hands.draw_class`); its top share is the exact share of the
  2,598,960 five-card hands whose class is at least as high (counted with the evaluator).

The tables are estimates with fixed seeds (the same on every machine), computed once on
one core and cached in pyeval's cache folder (:mod:`pyeval.cachedir`).

>>> import pyeval
>>> t = variant_tables()
>>> aaa, k32 = three_class(*pyeval.cards("AcAdAh")), three_class(*pyeval.cards("7c3d2h"))
>>> s = GAMES3.index("super_eight")
>>> float(t.top3[s, aaa]) < 0.001, float(t.top3[s, k32]) > 0.95
(True, True)
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.cached_arrays import cached_arrays
from pyeval.numba_rng import deal_unused, seed_stream
from pyeval.sim.preflop import preflop_tables
from pyeval.sim.variants.discard import apply_discard, keep_on_flop, keep_preflop, kept_pair
from pyeval.sim.variants.facts import code_of
from pyeval.sim.variants.showdown import button_value

#: the three-card games, in the order of the tables' first axis
GAMES3 = ("super_eight", "tahoe", "pineapple", "crazy_pineapple")
N3 = 13 * 13 * 13 * 5
N_IRISH = 169
_VERSION = 2
_SEED = 20261201
TRIALS3 = 500
IRISH_DEALS = 400_000
STUD5_TRIALS = 4000
N_DRAW = 10240          # draw classes: five-card high values >> 2
_CODES3 = np.array([code_of(k) for k in GAMES3], np.int64)
_IRISH = code_of("irish")


class VariantTables(NamedTuple):
    """The strength tables (see the module notes): ``eq3``/``top3``/``cls3`` by
    ``[GAMES3 index, three_class]`` (``top3`` is 2.0 for an id no hand has), and
    ``eq_irish``/``top_irish``/``cls_irish`` by :func:`irish_bucket`; ``top_stud5``/
    ``cls_stud5`` by hold'em class, ``top_draw5``/``cls_draw5`` by draw class."""

    eq3: np.ndarray
    top3: np.ndarray
    cls3: np.ndarray
    eq_irish: np.ndarray
    top_irish: np.ndarray
    cls_irish: np.ndarray
    top_stud5: np.ndarray
    cls_stud5: np.ndarray
    top_draw5: np.ndarray
    cls_draw5: np.ndarray

    def kernel_table(self) -> np.ndarray:
        """``float64[7, N3, 2]``: ``[g, id, 0]`` the top share, ``[g, id, 1]`` the hold'em
        class, for the three-card games (``g`` 0..3, by :func:`three_class`), Irish
        (``g`` 4, by :func:`irish_bucket`), 5 Card Stud (5, by hold'em class) and 5 Card
        Draw (6, by draw class): one array for the simulator."""
        out = np.full((7, N3, 2), 2.0)
        out[:4, :, 0] = self.top3
        out[:4, :, 1] = self.cls3
        out[4, :N_IRISH, 0] = self.top_irish
        out[4, :N_IRISH, 1] = self.cls_irish
        out[5, :N_IRISH, 0] = self.top_stud5
        out[5, :N_IRISH, 1] = self.cls_stud5
        out[6, :N_DRAW, 0] = self.top_draw5
        out[6, :N_DRAW, 1] = self.cls_draw5
        return out


@numba.njit(cache=True, error_model="numpy")
def three_class(a, b, c):
    """Class id of three cards: ``(13 * 13 * r0 + 13 * r1 + r2) * 5 + pattern`` with the
    ranks sorted high to low and the suit pattern 0 (no two suited) .. 4 (see
    :func:`class_cards`)."""
    # sort by rank, high first, carrying the suits
    x0, x1, x2 = np.int64(a), np.int64(b), np.int64(c)
    if (x1 >> 2) > (x0 >> 2):
        x0, x1 = x1, x0
    if (x2 >> 2) > (x1 >> 2):
        x1, x2 = x2, x1
    if (x1 >> 2) > (x0 >> 2):
        x0, x1 = x1, x0
    r0, r1, r2 = x0 >> 2, x1 >> 2, x2 >> 2
    s0, s1, s2 = x0 & 3, x1 & 3, x2 & 3
    p = 0
    if r0 == r1 and r1 == r2:
        p = 0
    elif r0 == r1:
        p = 1 if (s2 == s0 or s2 == s1) else 0
    elif r1 == r2:
        p = 1 if (s0 == s1 or s0 == s2) else 0
    elif s0 == s1 and s1 == s2:
        p = 1
    elif s0 == s1:
        p = 2
    elif s0 == s2:
        p = 3
    elif s1 == s2:
        p = 4
    return ((r0 * 13 + r1) * 13 + r2) * 5 + p


def class_cards(cid: int) -> tuple[int, int, int] | None:
    """Three cards of class ``cid``, or ``None`` for an id no hand has.

    >>> import pyeval
    >>> pyeval.format_cards(class_cards(three_class(*pyeval.cards("AhKh2d"))))
    'AcKc2d'
    """
    p = cid % 5
    r2 = (cid // 5) % 13
    r1 = (cid // 65) % 13
    r0 = cid // 845
    if not r0 >= r1 >= r2:
        return None
    if r0 == r1 == r2:
        suits = (0, 1, 2) if p == 0 else None
    elif r0 == r1:
        suits = (0, 1, 0 if p == 1 else 2) if p <= 1 else None
    elif r1 == r2:
        suits = (0 if p == 1 else 2, 0, 1) if p <= 1 else None
    else:
        suits = ((0, 1, 2), (0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0))[p]
    if suits is None:
        return None
    return 4 * r0 + suits[0], 4 * r1 + suits[1], 4 * r2 + suits[2]


@numba.njit(cache=True, error_model="numpy")
def irish_bucket(hole, nh, pf_class, pf_top):
    """Irish bucket of a hand: the hold'em class of its strongest two cards."""
    keep = keep_preflop(hole, nh, pf_class, pf_top)
    i, j = kept_pair(keep)
    return np.int64(pf_class[np.int64(hole[i]) * 52 + np.int64(hole[j])])


@numba.njit(cache=True, error_model="numpy")
def _play(slot, h, nh, board, pf_class, pf_top, scratch, kept):
    """A hand's value at the river in three-card game ``slot`` (or Irish, slot 4)."""
    if slot <= 1:
        return button_value(_CODES3[slot], h, nh, board, 5, scratch)
    for i in range(nh):
        kept[i] = h[i]
    if slot == 2:
        keep = keep_preflop(kept, nh, pf_class, pf_top)
    else:
        keep = keep_on_flop(kept, nh, board, pf_class, pf_top, scratch)
    n, _ = apply_discard(kept, nh, keep)
    return button_value(_IRISH if slot == 4 else _CODES3[slot], kept, n, board, 5, scratch)


@numba.njit(cache=True, error_model="numpy")
def _equity3(slot, reps, trials, seed, pf_class, pf_top):
    n = reps.shape[0]
    out = np.full(n, -1.0)
    st = np.empty(4, np.uint64)
    h = np.empty(3, np.uint8)
    o = np.empty(3, np.uint8)
    board = np.empty(5, np.uint8)
    tmp = np.empty(8, np.int64)
    scratch = np.zeros(16, np.uint8)
    kept = np.zeros(8, np.uint8)
    for c in range(n):
        if reps[c, 0] < 0:
            continue
        seed_stream(st, seed + slot, c)
        used = np.int64(0)
        for k in range(3):
            h[k] = reps[c, k]
            used |= np.int64(1) << reps[c, k]
        win = 0.0
        for _t in range(trials):
            deal_unused(st, used, tmp, 8)
            for k in range(3):
                o[k] = tmp[k]
            for k in range(5):
                board[k] = tmp[3 + k]
            vh = _play(slot, h, 3, board, pf_class, pf_top, scratch, kept)
            vo = _play(slot, o, 3, board, pf_class, pf_top, scratch, kept)
            if vh > vo:
                win += 1.0
            elif vh == vo:
                win += 0.5
        out[c] = win / trials
    return out


@numba.njit(cache=True, error_model="numpy")
def _counts3():
    out = np.zeros(N3, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                out[three_class(a, b, c)] += 1
    return out


@numba.njit(cache=True, error_model="numpy")
def _irish(deals, seed, pf_class, pf_top):
    """(wins, samples, combos) by bucket: equity samples from random heads-up deals and the
    number of four-card hands in each bucket."""
    wins = np.zeros(N_IRISH)
    seen = np.zeros(N_IRISH)
    st = np.empty(4, np.uint64)
    seed_stream(st, seed, 4)
    tmp = np.empty(13, np.int64)
    h = np.empty(4, np.uint8)
    o = np.empty(4, np.uint8)
    board = np.empty(5, np.uint8)
    scratch = np.zeros(16, np.uint8)
    kept = np.zeros(8, np.uint8)
    for _t in range(deals):
        deal_unused(st, np.int64(0), tmp, 13)
        for k in range(4):
            h[k] = tmp[k]
            o[k] = tmp[4 + k]
        for k in range(5):
            board[k] = tmp[8 + k]
        vh = _play(4, h, 4, board, pf_class, pf_top, scratch, kept)
        vo = _play(4, o, 4, board, pf_class, pf_top, scratch, kept)
        bh = irish_bucket(h, 4, pf_class, pf_top)
        bo = irish_bucket(o, 4, pf_class, pf_top)
        seen[bh] += 1.0
        seen[bo] += 1.0
        if vh > vo:
            wins[bh] += 1.0
        elif vo > vh:
            wins[bo] += 1.0
        else:
            wins[bh] += 0.5
            wins[bo] += 0.5
    combos = np.zeros(N_IRISH, np.int64)
    for a in range(52):
        h[0] = a
        for b in range(a + 1, 52):
            h[1] = b
            for c in range(b + 1, 52):
                h[2] = c
                for d in range(c + 1, 52):
                    h[3] = d
                    combos[irish_bucket(h, 4, pf_class, pf_top)] += 1
    return wins, seen, combos


@numba.njit(cache=True, error_model="numpy")
def _stud5(trials, seed, pf_class):
    """(equity, combos) by hold'em class of a 5 Card Stud start (two cards) against one
    random start, both dealt three more cards."""
    wins = np.zeros(N_IRISH)
    seen = np.zeros(N_IRISH)
    combos = np.zeros(N_IRISH, np.int64)
    rep = np.full((N_IRISH, 2), -1, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            c = pf_class[a * 52 + b]
            combos[c] += 1
            if rep[c, 0] < 0:
                rep[c, 0] = a
                rep[c, 1] = b
    st = np.empty(4, np.uint64)
    tmp = np.empty(8, np.int64)
    h = np.empty(5, np.uint8)
    o = np.empty(5, np.uint8)
    for c in range(N_IRISH):
        if rep[c, 0] < 0:
            continue
        seed_stream(st, seed + 5, c)
        used = (np.int64(1) << rep[c, 0]) | (np.int64(1) << rep[c, 1])
        h[0] = rep[c, 0]
        h[1] = rep[c, 1]
        for _t in range(trials):
            deal_unused(st, used, tmp, 8)
            for k in range(3):
                h[2 + k] = tmp[k]
            for k in range(5):
                o[k] = tmp[3 + k]
            vh = nx.high_addr(h.ctypes.data, 5)
            vo = nx.high_addr(o.ctypes.data, 5)
            if vh > vo:
                wins[c] += 1.0
            elif vh == vo:
                wins[c] += 0.5
            seen[c] += 1.0
    return np.where(seen > 0, wins / np.maximum(seen, 1.0), 0.0), combos


@numba.njit(cache=True, error_model="numpy")
def _draw5_counts():
    """Five-card hands by draw class (high value >> 2)."""
    out = np.zeros(N_DRAW, np.int64)
    h = np.empty(5, np.uint8)
    for a in range(52):
        h[0] = a
        for b in range(a + 1, 52):
            h[1] = b
            for c in range(b + 1, 52):
                h[2] = c
                for d in range(c + 1, 52):
                    h[3] = d
                    for e in range(d + 1, 52):
                        h[4] = e
                        out[np.int64(nx.high_addr(h.ctypes.data, 5)) >> 2] += 1
    return out


def _top_share(eq: np.ndarray, combos: np.ndarray) -> np.ndarray:
    """Share of hands at least as strong (by ``eq``, weighted by ``combos``); 2.0 where
    no hand is."""
    top = np.full(eq.shape, 2.0)
    have = np.flatnonzero(combos > 0)
    order = have[np.argsort(-eq[have], kind="stable")]
    top[order] = np.cumsum(combos[order]) / combos.sum()
    return top


def _nearest_class(top: np.ndarray) -> np.ndarray:
    pf = preflop_tables()
    order = np.argsort(pf.top)
    idx = np.clip(np.searchsorted(pf.top[order], top), 0, len(order) - 1)
    lower = np.clip(idx - 1, 0, len(order) - 1)
    pick = np.where(np.abs(pf.top[order][lower] - top) <= np.abs(pf.top[order][idx] - top),
                    lower, idx)
    return order[pick].astype(np.float64)


def compute_variant_tables(trials3: int = TRIALS3, irish_deals: int = IRISH_DEALS,
                           stud5_trials: int = STUD5_TRIALS) -> VariantTables:
    """Compute the tables (no cache); deterministic for given trial counts."""
    pf = preflop_tables()
    reps = np.full((N3, 3), -1, np.int64)
    for cid in range(N3):
        cs = class_cards(cid)
        if cs is not None:
            reps[cid] = cs
    counts = _counts3()
    eq3 = np.stack([_equity3(s, reps, trials3, _SEED, pf.class_of, pf.top) for s in range(4)])
    top3 = np.stack([_top_share(eq3[s], counts) for s in range(4)])
    cls3 = np.stack([_nearest_class(top3[s]) for s in range(4)])
    wins, seen, combos = _irish(irish_deals, _SEED, pf.class_of, pf.top)
    eq_i = np.where(seen > 0, wins / np.maximum(seen, 1.0), 0.0)
    top_i = _top_share(eq_i, combos)
    eq5, combos5 = _stud5(stud5_trials, _SEED, pf.class_of)
    top5 = _top_share(eq5, combos5)
    counts_d = _draw5_counts()
    top_d = _top_share(np.arange(N_DRAW, dtype=np.float64), counts_d)
    return VariantTables(eq3, top3, cls3, eq_i, top_i, _nearest_class(top_i), top5,
                         _nearest_class(top5), top_d, _nearest_class(top_d))


_TABLES: VariantTables | None = None


def variant_tables() -> VariantTables:
    """The tables, from memory, the disk cache, or computed once (several seconds)."""
    global _TABLES
    if _TABLES is None:
        z = cached_arrays(f"variants_strength_v{_VERSION}_{TRIALS3}_{IRISH_DEALS}_"
                          f"{STUD5_TRIALS}", lambda: compute_variant_tables()._asdict(),
                          {"top3": (4, N3), "top_irish": (N_IRISH,), "top_stud5": (N_IRISH,),
                           "top_draw5": (N_DRAW,)})
        _TABLES = VariantTables(*(z[k] for k in VariantTables._fields))
    return _TABLES
