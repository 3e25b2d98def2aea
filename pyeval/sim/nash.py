"""Heads-up push/fold Nash equilibria (chip EV) over the 169 hold'em starting hands.

The small blind (the button heads-up) goes all-in or folds; the big blind calls or folds.
With stacks of ``depth`` big blinds (the effective stack) and blinds of 0.5 and 1 big blind
(``ante`` per player optional), the equilibrium is computed from exact all-in equities
between the 169 classes (every board enumerated, card removal counted: a class pair is
weighted by the combinations that can be dealt together), by CFR+ with linear averaging.

- :func:`class_equities`: exact pre-flop all-in equities ``eq[c1, c2]`` and the number of
  combination pairs ``pairs[c1, c2]`` (class indices as :mod:`pyeval.sim.preflop`).
- :func:`solve_headsup`: the equilibrium at one depth (shove and call probability per class),
  with its value and exploitability.
- :func:`exploitability`: of any pair of strategies (what best responses gain).
- :func:`nash_table`: equilibria on a grid of depths, cached on disk.

Everything is computed by code and cached in pyeval's cache folder
(:func:`pyeval.cachedir.cache_dir`: ``$PYEVAL_CACHE_DIR`` or ``~/.cache/pyeval``)
(a cold build of the equities takes about 20 s of CPU, compile included; see ``docs/players.md``).

Example:
    >>> r = solve_headsup(10.0)
    >>> round(r.shove_share, 2), round(r.call_share, 2), r.exploitability < 0.005
    (0.58, 0.37, True)
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.cachedir import cache_dir
from pyeval.sim.preflop import PreflopTables, hand_class

if TYPE_CHECKING:
    from pyeval.sim.models import PlayerModel

_VERSION = 1
#: depths of :func:`nash_table` (big blinds)
DEPTH_GRID = tuple(float(x) for x in np.arange(1.0, 25.01, 0.5))
_ITERATIONS = 400


# ---------------------------------------------------------------------------- equities


@numba.njit(cache=True)
def _canonical_boards():
    """Boards whose per-suit rank masks do not increase from suit 0 to 3 (one per orbit of
    the suit permutations), with the number of boards each stands for."""
    out = np.empty((140_000, 5), np.int8)
    w = np.empty(140_000, np.int64)
    n = 0
    rm = np.zeros(4, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        rm[:] = 0
                        rm[a & 3] |= 1 << (a >> 2)
                        rm[b & 3] |= 1 << (b >> 2)
                        rm[c & 3] |= 1 << (c >> 2)
                        rm[d & 3] |= 1 << (d >> 2)
                        rm[e & 3] |= 1 << (e >> 2)
                        if rm[0] < rm[1] or rm[1] < rm[2] or rm[2] < rm[3]:
                            continue
                        # 24 over the permutations keeping the masks: runs of equal masks
                        stab = 1
                        run = 1
                        for s in range(1, 4):
                            if rm[s] == rm[s - 1]:
                                run += 1
                                stab *= run
                            else:
                                run = 1
                        out[n, 0] = a
                        out[n, 1] = b
                        out[n, 2] = c
                        out[n, 3] = d
                        out[n, 4] = e
                        w[n] = 24 // stab
                        n += 1
    return out[:n], w[:n]


@numba.njit(cache=True, nogil=True, error_model="numpy")
def _win_counts(boards, weights, ha, hb, hc, start, step, card_key, disp, high, flush, mult,
                row_bits, slot_bits):
    """``W[c1, c2]``: (hand of c1, hand of c2, board) deals, all cards distinct, where the
    first hand wins, summed over boards ``start, start + step, ...`` (canonical boards times
    their weight); run without the GIL, one share of the boards per thread.

    Per board the 1,081 hands are sorted by value (a two-pass radix sort of ``value << 11 |
    hand``); walking up, each hand beats the hands of every class counted so far, less those
    sharing one of its cards. The counts fit int32: at most 144 pairs a class pair times
    C(48, 5) boards is 246,571,776.
    """
    nbrd = boards.shape[0]
    W = np.zeros((169, 169), np.int32)
    buf = np.empty(7, np.uint8)
    key = np.empty(1326, np.int32)
    tmp = np.empty(1326, np.int32)
    hist = np.zeros(257, np.int64)
    cnt = np.zeros(169, np.int32)           # hands of each class below the current value
    cc = np.zeros((52, 169), np.int32)      # the same, holding a given card
    for i in range(start, nbrd, step):
        used = np.int64(0)
        for k in range(5):
            buf[2 + k] = boards[i, k]
            used |= np.int64(1) << boards[i, k]
        m = 0
        for h in range(1326):
            if (used >> ha[h]) & 1 or (used >> hb[h]) & 1:
                continue
            buf[0] = ha[h]
            buf[1] = hb[h]
            v = nx.high_inline(buf, 7, card_key, disp, high, flush, mult, row_bits, slot_bits)
            key[m] = (np.int32(v) << 11) | h
            m += 1
        for shift in (11, 19):          # values are below 2 ** 16
            hist[:] = 0
            for j in range(m):
                hist[((key[j] >> shift) & 255) + 1] += 1
            for j in range(256):
                hist[j + 1] += hist[j]
            for j in range(m):
                d = (key[j] >> shift) & 255
                tmp[hist[d]] = key[j]
                hist[d] += 1
            key, tmp = tmp, key
        cnt[:] = 0
        wt = np.int32(weights[i])
        g0 = 0
        while g0 < m:
            v = key[g0] >> 11
            g1 = g0
            while g1 < m and (key[g1] >> 11) == v:
                g1 += 1
            for j in range(g0, g1):
                h = key[j] & 2047
                ra = cc[ha[h]]
                rb = cc[hb[h]]
                Wr = W[hc[h]]
                for c2 in range(169):
                    Wr[c2] += wt * (cnt[c2] - ra[c2] - rb[c2])
            for j in range(g0, g1):
                h = key[j] & 2047
                c = hc[h]
                cnt[c] += 1
                cc[ha[h], c] += 1
                cc[hb[h], c] += 1
            g0 = g1
        for j in range(m):
            h = key[j] & 2047
            cc[ha[h], hc[h]] = 0
            cc[hb[h], hc[h]] = 0
    return W


def _combos() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ha, hb, hc = [], [], []
    for a in range(52):
        for b in range(a + 1, 52):
            ha.append(a)
            hb.append(b)
            hc.append(hand_class(a, b))
    return np.array(ha, np.int64), np.array(hb, np.int64), np.array(hc, np.int64)


def combo_pairs() -> np.ndarray:
    """``pairs[c1, c2]``: combinations of c1 and c2 that share no card (card removal).

    Example:
        >>> p = combo_pairs()
        >>> int(p[12 * 13 + 12, 12 * 13 + 12]), int(p.sum())     # AA against AA; all pairs
        (6, 1624350)
    """
    ha, hb, hc = _combos()
    mask = (np.int64(1) << ha) | (np.int64(1) << hb)
    disjoint = (mask[:, None] & mask[None, :]) == 0
    out = np.zeros((169, 169), np.int64)
    np.add.at(out, (hc[:, None].repeat(1326, 1), hc[None, :].repeat(1326, 0)), disjoint)
    return out


def compute_class_equities() -> tuple[np.ndarray, np.ndarray]:
    """Exact equities ``eq[c1, c2]`` (ties counted half) and ``pairs`` (no cache)."""
    t = nx.tables()
    ev = (t.card_key, t.disp, t.high, t.flush, t.mult, t.row_bits, t.slot_bits)
    boards, weights = _canonical_boards()
    ha, hb, hc = _combos()
    # integer counts: the same table for any number of threads
    nth = max(1, min(numba.get_num_threads(), os.cpu_count() or 1))
    with ThreadPoolExecutor(nth) as pool:
        parts = list(pool.map(lambda k: _win_counts(boards, weights, ha, hb, hc, k, nth, *ev),
                              range(nth)))
    W = np.sum([p.astype(np.int64) for p in parts], axis=0).astype(np.float64)
    pairs = combo_pairs()
    n = pairs * 1_712_304.0           # boards of 48 cards: C(48, 5)
    tie = n - W - W.T
    with np.errstate(invalid="ignore", divide="ignore"):
        eq = np.where(n > 0, (W + 0.5 * tie) / np.where(n > 0, n, 1.0), 0.5)
    return eq, pairs


def _cache_dir() -> Path:
    return cache_dir()


def _save(path: Path, **arrays: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **arrays)  # type: ignore[arg-type]
        os.replace(tmp, path)
    except OSError:
        pass


def _load(path: Path, *names: str) -> tuple[np.ndarray, ...] | None:
    if not path.is_file():
        return None
    try:
        with np.load(path) as z:
            return tuple(z[k] for k in names)
    except (OSError, ValueError, KeyError):
        return None


_EQ: tuple[np.ndarray, np.ndarray] | None = None


def class_equities() -> tuple[np.ndarray, np.ndarray]:
    """``(eq, pairs)``: exact all-in equities between the 169 classes and the combination
    pairs behind each, from memory, the disk cache, or computed once.

    Example:
        >>> eq, pairs = class_equities()
        >>> aa, kk = 12 * 13 + 12, 11 * 13 + 11
        >>> f"{eq[aa, kk]:.4f}", f"{eq[aa, kk] + eq[kk, aa]:.4f}"
        ('0.8195', '1.0000')
    """
    global _EQ
    if _EQ is None:
        path = _cache_dir() / f"nash_equities_v{_VERSION}.npz"
        got = _load(path, "eq", "pairs")
        if got is None or got[0].shape != (169, 169):
            got = compute_class_equities()
            _save(path, eq=got[0], pairs=got[1])
        _EQ = (got[0], got[1])
    return _EQ


# ---------------------------------------------------------------------------- the game


class HeadsUp(NamedTuple):
    """The push/fold game at one depth: payoffs to the small blind, in big blinds, for
    each class pair (hands of the small blind by rows).

    ``fold``: the small blind folds; ``steal``: it shoves and the big blind folds;
    ``called[i, j]``: it shoves and is called. ``w[i, j]``: the chance of the deal.
    """

    depth: float
    fold: float
    steal: float
    called: np.ndarray
    w: np.ndarray


def headsup_game(depth: float, ante: float = 0.0) -> HeadsUp:
    """The game with stacks of ``depth`` big blinds (antes of ``ante`` big blinds each).

    Example:
        >>> g = headsup_game(10)
        >>> g.fold, g.steal, round(float(g.w.sum()), 6)
        (-0.5, 1.0, 1.0)
    """
    if not 0 < depth <= 1000:
        raise ValueError(f"depth must be above 0 and at most 1000 big blinds, got {depth}")
    if not 0 <= ante < depth:
        raise ValueError(f"ante must be at least 0 and below the depth, got {ante}")
    eq, pairs = class_equities()
    w = pairs / pairs.sum()
    called = depth * (2.0 * eq - 1.0)
    return HeadsUp(float(depth), -0.5 - ante, 1.0 + ante, called, w)


def values(g: HeadsUp, push: np.ndarray, call: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray, np.ndarray]:
    """Per class: the small blind's value of shoving and of folding (given ``call``), the
    big blind's value of calling and of folding when shoved into (given ``push``), each
    weighted by the chance of the deal (so a sum is a value per hand).

    Example:
        >>> g = headsup_game(10)
        >>> sp, sf, bc, bf = values(g, np.ones(169), np.zeros(169))
        >>> round(float(sp.sum()), 6), round(float(sf.sum()), 6), round(float(bf.sum()), 6)
        (1.0, -0.5, -1.0)
    """
    wc = g.w * g.called
    row = g.w.sum(axis=1)
    sb_push = row * g.steal + wc @ call - g.w @ call * g.steal
    sb_fold = row * g.fold
    bb_call = -(push @ wc)
    bb_fold = -(push @ g.w) * g.steal
    return sb_push, sb_fold, bb_call, bb_fold


def value(g: HeadsUp, push: np.ndarray, call: np.ndarray) -> float:
    """The small blind's expected chips per hand (big blinds)."""
    sb_push, sb_fold, _, _ = values(g, push, call)
    return float((push * sb_push + (1.0 - push) * sb_fold).sum())


def exploitability(g: HeadsUp, push: np.ndarray, call: np.ndarray) -> float:
    """What best responses gain against the pair, added over both players (big blinds per
    hand): zero exactly at an equilibrium.

    Example:
        >>> g = headsup_game(10)
        >>> everything = np.ones(169)
        >>> round(exploitability(g, everything, everything), 3)
        0.946
    """
    sb_push, sb_fold, bb_call, bb_fold = values(g, push, call)
    v = float((push * sb_push + (1.0 - push) * sb_fold).sum())
    best_sb = float(np.maximum(sb_push, sb_fold).sum())
    # the big blind's value: its best answer to shoves, and the blind it wins on a fold
    best_bb = float(np.maximum(bb_call, bb_fold).sum() - ((1.0 - push) * sb_fold).sum())
    return (best_sb - v) + (best_bb + v)


class Equilibrium(NamedTuple):
    """``push[c]`` / ``call[c]``: chance the small blind shoves / the big blind calls with
    class ``c``; ``value``: the small blind's chips per hand; shares over all 1,326 hands."""

    depth: float
    push: np.ndarray
    call: np.ndarray
    value: float
    exploitability: float
    shove_share: float
    call_share: float


def _cfr_plus(g: HeadsUp, iterations: int) -> tuple[np.ndarray, np.ndarray]:
    reg = np.zeros((4, 169))          # regrets: sb push, sb fold, bb call, bb fold
    avg_p = np.zeros(169)
    avg_q = np.zeros(169)
    norm = 0.0
    # the pieces of values() that do not change, computed once (the same operations in the
    # same order, so the same bits)
    wc = g.w * g.called
    row = g.w.sum(axis=1)
    sb_fold = row * g.fold
    sb_steal = row * g.steal

    def strat(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        s = a + b
        return np.where(s > 0, a / np.where(s > 0, s, 1.0), 0.5)

    q = strat(reg[2], reg[3])
    for t in range(1, iterations + 1):
        p = strat(reg[0], reg[1])
        sb_push = sb_steal + wc @ q - g.w @ q * g.steal
        v = p * sb_push + (1 - p) * sb_fold
        reg[0] = np.maximum(reg[0] + sb_push - v, 0.0)
        reg[1] = np.maximum(reg[1] + sb_fold - v, 0.0)
        p = strat(reg[0], reg[1])
        bb_call = -(p @ wc)
        bb_fold = -(p @ g.w) * g.steal
        v = q * bb_call + (1 - q) * bb_fold
        reg[2] = np.maximum(reg[2] + bb_call - v, 0.0)
        reg[3] = np.maximum(reg[3] + bb_fold - v, 0.0)
        q = strat(reg[2], reg[3])
        avg_p += t * p
        avg_q += t * q
        norm += t
    return avg_p / norm, avg_q / norm


def combo_counts() -> np.ndarray:
    """Combinations per class: 6 a pair, 4 suited, 12 offsuit.

    Example:
        >>> n = combo_counts()
        >>> int(n[12 * 13 + 12]), int(n[12 * 13 + 11]), int(n[11 * 13 + 12]), int(n.sum())
        (6, 4, 12, 1326)
    """
    n = np.zeros(169)
    for a in range(52):
        for b in range(a + 1, 52):
            n[hand_class(a, b)] += 1
    return n


def share(strategy: np.ndarray) -> float:
    """The share of all 1,326 hands a per-class strategy plays."""
    return float((strategy * combo_counts()).sum() / 1326.0)


def solve_headsup(depth: float, ante: float = 0.0, iterations: int = _ITERATIONS) -> Equilibrium:
    """The chip-EV push/fold equilibrium heads-up at ``depth`` big blinds.

    Example:
        >>> r = solve_headsup(5.0)
        >>> round(r.shove_share, 2), r.exploitability < 0.005
        (0.72, True)
    """
    if not isinstance(iterations, (int, np.integer)) or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
    g = headsup_game(depth, ante)
    p, q = _cfr_plus(g, int(iterations))
    return Equilibrium(float(depth), p, q, value(g, p, q), exploitability(g, p, q),
                       share(p), share(q))


_TABLE: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def nash_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(depths, push[d, c], call[d, c])`` on :data:`DEPTH_GRID`, no antes, cached on disk.

    Example:
        >>> d, push, call = nash_table()
        >>> push.shape, float(d[0]), float(push[0].min()) > 0.99   # at 1 BB: everything
        ((49, 169), 1.0, True)
    """
    global _TABLE
    if _TABLE is None:
        path = _cache_dir() / f"nash_headsup_v{_VERSION}_{_ITERATIONS}.npz"
        got = _load(path, "depths", "push", "call")
        if got is None or got[1].shape != (len(DEPTH_GRID), 169):
            sols = [solve_headsup(d) for d in DEPTH_GRID]
            got = (np.array(DEPTH_GRID), np.stack([s.push for s in sols]),
                   np.stack([s.call for s in sols]))
            _save(path, depths=got[0], push=got[1], call=got[2])
        _TABLE = (got[0], got[1], got[2])
    return _TABLE


def shove_shares(depths: np.ndarray) -> np.ndarray:
    """The equilibrium's shove share at each depth (big blinds): interpolated on the grid,
    1 below it, and beyond it continued as ``share(25) * (25 / d) ** 0.75``.

    Example:
        >>> [round(float(x), 2) for x in shove_shares(np.array([0.5, 10.0, 10.25, 50.0]))]
        [1.0, 0.58, 0.58, 0.22]
    """
    d, push, _ = nash_table()
    n = combo_counts()
    s = (push * n).sum(axis=1) / 1326.0
    x = np.asarray(depths, dtype=float)
    out = np.interp(x, d, s, left=1.0)
    far = x > d[-1]
    out[far] = s[-1] * (d[-1] / x[far]) ** 0.75
    return np.minimum(out, 1.0)


def push_order() -> np.ndarray:
    """The 169 classes from the first shoved to the last: by the deepest stack (on
    :data:`DEPTH_GRID`) at which the small blind's equilibrium shoves the class at least
    half the time, then by the deepest at which the big blind calls, then by equity against
    a random hand.

    Example:
        >>> o = push_order()
        >>> int(o[0]) == 12 * 13 + 12, len(set(o.tolist()))      # aces first
        (True, 169)
    """
    d, push, call = nash_table()
    eq, pairs = class_equities()
    deepest_push = np.array([d[push[:, c] >= 0.5].max(initial=0.0) for c in range(169)])
    deepest_call = np.array([d[call[:, c] >= 0.5].max(initial=0.0) for c in range(169)])
    strength = (pairs * eq).sum(axis=1) / pairs.sum(axis=1)
    return np.lexsort((-strength, -deepest_call, -deepest_push))


def range_equities(order: np.ndarray, steps: int) -> np.ndarray:
    """``out[c, k]``: exact equity of class ``c`` against the first ``(k + 1) / steps`` of
    all 1,326 hands taken in ``order`` (the class at the cut taken in part), card removal
    counted.

    Example:
        >>> e = range_equities(push_order(), 40)
        >>> e.shape, bool(e[12 * 13 + 12, 0] < e[12 * 13 + 12, 39])   # aces: worse vs the top
        ((169, 40), True)
    """
    eq, pairs = class_equities()
    n = combo_counts()
    cum = np.cumsum(n[order])
    out = np.empty((169, steps))
    for k in range(steps):
        target = max(1, min(1326, int(round(1326.0 * (k + 1) / steps))))
        take = np.zeros(169)
        prev = np.concatenate(([0.0], cum[:-1]))
        take[order] = np.clip((target - prev) / n[order], 0.0, 1.0)
        w = pairs * take[None, :]
        out[:, k] = (w * eq).sum(axis=1) / np.maximum(w.sum(axis=1), 1e-12)
    return out


def model_tables() -> PreflopTables:
    """Starting-hand tables for the player models with hands ranked in
    :func:`push_order` (instead of by equity against a random hand), all exact: the same
    fields as :func:`pyeval.sim.preflop.preflop_tables`, so the kernel can read either.

    Example:
        >>> t = model_tables()
        >>> t76s, q3o = 5 * 13 + 4, 1 * 13 + 10
        >>> bool(t.top[t76s] < t.top[q3o]), round(float(t.top.max()), 6)
        (True, 1.0)
    """
    from pyeval.sim.preflop import RANGE_STEPS, _class_table

    order = push_order()
    n = combo_counts()
    top = np.empty(169)
    top[order] = np.cumsum(n[order]) / 1326.0
    eq, pairs = class_equities()
    strength = (pairs * eq).sum(axis=1) / pairs.sum(axis=1)
    return PreflopTables(_class_table(), strength, top, range_equities(order, RANGE_STEPS))


def model_strategy(model: PlayerModel, depth: float,
                   tables: PreflopTables | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(push, call)`` per class: what a player model does heads-up at ``depth`` big
    blinds (no antes) as the small blind unopened and as the big blind facing a shove of
    the same model, read from the model's push table and :func:`pyeval.sim.policy.decide`
    with ``tables`` (default: the kernel's :func:`~pyeval.sim.preflop.preflop_tables`).

    Example:
        >>> from pyeval.sim.models import MODELS
        >>> p, q = model_strategy(MODELS["push_fold"], 10.0)
        >>> abs(share(p) - solve_headsup(10.0).shove_share) < 0.03
        True
    """
    from pyeval.sim.layout import A_CALL, PUSH_DEPTH_STEPS
    from pyeval.sim.policy import decide, range_bucket
    from pyeval.sim.preflop import preflop_tables

    t = tables if tables is not None else preflop_tables()
    di = min(int(depth * 4.0), PUSH_DEPTH_STEPS - 1)
    thr = float(model.push_table()[1, di])
    push = (t.top <= thr).astype(float)
    r = model.row()
    row = (int(r[0]), r[1], r[2], r[3], r[5], r[6], r[7])
    bb = 100
    stack = int(round(depth * bb))
    call = np.zeros(169)
    for c in range(169):
        money = (stack - bb, bb, stack, stack - bb, 0, 0, stack + bb, bb, stack)
        ctx = (False, 0, 1, 1, thr, False, float(depth), True)
        code = decide(row, 0.0, 0.0, t.eq_vs_top[c, range_bucket(thr)], t.eq_vs_top[c, -1],
                      t.top[c], 0, 0, False, money, ctx, 0.0)[0]
        call[c] = code == A_CALL
    return push, call
