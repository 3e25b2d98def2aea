"""Hold'em starting-hand tables for the player models, computed by simulation and cached.

The 1,326 two-card hands fall into 169 classes (13 pairs, 78 suited, 78 offsuit). A class
has the grid index ``13 * high + low`` when suited and ``13 * low + high`` when offsuit
(ranks 0..12 = 2..A; a pair is ``13 * r + r``). The models read three tables:

- ``strength[c]``: equity of class ``c`` against one random hand (all-in preflop);
- ``top[c]``: the share of all 1,326 hands that are at least as strong as ``c`` (AA ~ 0.0045,
  72o = 1.0): a hand is "in the top 15 %" when ``top[c] <= 0.15``;
- ``eq_vs_top[c, k]``: equity of ``c`` against a hand drawn from the top ``(k + 1) / R`` of
  hands (``R = RANGE_STEPS``), which is what a caller weighs against a shove.

They are Monte Carlo estimates with a fixed seed (deterministic, the same on every machine),
computed once on one core (a few seconds) and cached in pyeval's cache folder
(:mod:`pyeval.cachedir`: ``$PYEVAL_CACHE_DIR`` or ``~/.cache/pyeval``).

Example:
    >>> t = preflop_tables()
    >>> aa, k32 = hand_class(48, 49), hand_class(4, 1)      # AcAd, 3c2d (the weakest)
    >>> round(float(t.strength[aa]), 2), round(float(t.top[k32]), 2)
    (0.85, 1.0)
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.cached_arrays import cached_arrays
from pyeval.numba_rng import below, deal_unused, seed_stream

RANGE_STEPS = 40
_VERSION = 1
_SEED = 20240611
_RANDOM_TRIALS = 60000
_RANGE_TRIALS = 2500


class PreflopTables(NamedTuple):
    """Starting-hand tables (see the module notes); ``class_of[a * 52 + b]`` is the class."""

    class_of: np.ndarray     # int16[2704]
    strength: np.ndarray     # float64[169]
    top: np.ndarray          # float64[169]
    eq_vs_top: np.ndarray    # float64[169, RANGE_STEPS]


def hand_class(a: int, b: int) -> int:
    """Class (grid index) of the two cards ``a`` and ``b``.

    Example:
        >>> hand_class(48, 44), hand_class(48, 45)     # AcKc suited, AcKd offsuit
        (167, 155)
    """
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    if (a & 3) == (b & 3) and a != b:
        return 13 * hi + lo
    return 13 * lo + hi


def _class_table() -> np.ndarray:
    out = np.full(52 * 52, -1, np.int16)
    for a in range(52):
        for b in range(52):
            if a != b:
                out[a * 52 + b] = hand_class(a, b)
    return out


def _combos_by_class() -> np.ndarray:
    """combos[c] = the (a, b) pairs of class c, padded with -1 (12 at most)."""
    out = np.full((169, 12, 2), -1, np.int16)
    n = np.zeros(169, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            c = hand_class(a, b)
            out[c, n[c]] = (a, b)
            n[c] += 1
    return out


@numba.njit(cache=True)
def _equity_random(combos, trials, seed, card_key, disp, high, flush, mult, row_bits, slot_bits):
    out = np.zeros(169)
    for c in range(169):
        st = np.empty(4, np.uint64)
        seed_stream(st, seed, c)
        h = np.empty(7, np.uint8)
        o = np.empty(7, np.uint8)
        tmp = np.empty(7, np.int64)
        a = combos[c, 0, 0]
        b = combos[c, 0, 1]
        win = 0.0
        for _t in range(trials):
            used = (np.int64(1) << a) | (np.int64(1) << b)
            used = deal_unused(st, used, tmp, 7)
            h[0] = a
            h[1] = b
            o[0] = tmp[5]
            o[1] = tmp[6]
            for i in range(5):
                h[2 + i] = tmp[i]
                o[2 + i] = tmp[i]
            vh = nx.high_inline(h, 7, card_key, disp, high, flush, mult, row_bits, slot_bits)
            vo = nx.high_inline(o, 7, card_key, disp, high, flush, mult, row_bits, slot_bits)
            if vh > vo:
                win += 1.0
            elif vh == vo:
                win += 0.5
        out[c] = win / trials
    return out


@numba.njit(cache=True)
def _equity_vs_top(combos, ncombo, order, steps, trials, seed,
                   card_key, disp, high, flush, mult, row_bits, slot_bits):
    # flat list of combos from strongest class down
    flat = np.empty((1326, 2), np.int64)
    k = 0
    for i in range(169):
        c = order[i]
        for j in range(ncombo[c]):
            flat[k, 0] = combos[c, j, 0]
            flat[k, 1] = combos[c, j, 1]
            k += 1
    out = np.zeros((169, steps))
    for job in range(169 * steps):
        c = job // steps
        s = job % steps
        n_rng = max(1, min(1326, int(round(1326.0 * (s + 1) / steps))))
        st = np.empty(4, np.uint64)
        seed_stream(st, seed + 1, job)
        h = np.empty(7, np.uint8)
        o = np.empty(7, np.uint8)
        tmp = np.empty(7, np.int64)
        win = 0.0
        done = 0
        tries = 0
        while done < trials and tries < trials * 50:
            tries += 1
            j = below(st, ncombo[c])
            a = combos[c, j, 0]
            b = combos[c, j, 1]
            r = below(st, n_rng)
            x = flat[r, 0]
            y = flat[r, 1]
            if x == a or x == b or y == a or y == b:
                continue
            used = (np.int64(1) << a) | (np.int64(1) << b) | (np.int64(1) << x) | (np.int64(1) << y)
            used = deal_unused(st, used, tmp, 5)
            h[0] = a
            h[1] = b
            o[0] = x
            o[1] = y
            for i in range(5):
                h[2 + i] = tmp[i]
                o[2 + i] = tmp[i]
            vh = nx.high_inline(h, 7, card_key, disp, high, flush, mult, row_bits, slot_bits)
            vo = nx.high_inline(o, 7, card_key, disp, high, flush, mult, row_bits, slot_bits)
            if vh > vo:
                win += 1.0
            elif vh == vo:
                win += 0.5
            done += 1
        out[c, s] = win / max(done, 1)
    return out


def compute_preflop_tables(random_trials: int = _RANDOM_TRIALS,
                           range_trials: int = _RANGE_TRIALS) -> PreflopTables:
    """Compute the tables (no cache). Deterministic for given trial counts."""
    t = nx.tables()
    ev = (t.card_key, t.disp, t.high, t.flush, t.mult, t.row_bits, t.slot_bits)
    combos = _combos_by_class()
    ncombo = (combos[:, :, 0] >= 0).sum(axis=1).astype(np.int64)
    strength = _equity_random(combos, random_trials, _SEED, *ev)
    order = np.argsort(-strength, kind="stable")
    top = np.empty(169)
    cum = np.cumsum(ncombo[order])
    top[order] = cum / 1326.0
    eq = _equity_vs_top(combos, ncombo, order.astype(np.int64), RANGE_STEPS, range_trials,
                        _SEED, *ev)
    return PreflopTables(_class_table(), strength, top, eq)


_TABLES: PreflopTables | None = None


def preflop_tables() -> PreflopTables:
    """The tables, from memory, the disk cache, or computed once (a few seconds)."""
    global _TABLES
    if _TABLES is None:
        def compute() -> dict[str, np.ndarray]:
            t = compute_preflop_tables()
            return {"strength": t.strength, "top": t.top, "eq_vs_top": t.eq_vs_top}

        z = cached_arrays(f"preflop_v{_VERSION}_{_RANDOM_TRIALS}_{_RANGE_TRIALS}", compute,
                          {"strength": (169,), "top": (169,), "eq_vs_top": (169, RANGE_STEPS)})
        _TABLES = PreflopTables(_class_table(), z["strength"], z["top"], z["eq_vs_top"])
    return _TABLES
