"""Percentage ranges ("top 10%", "10-20%", "5%") and the pre-flop order behind them.

pyeval ranks the 169 starting hands by their **all-in pre-flop equity** and computes that
equity itself, with :func:`pyeval.equity.equity`, the first time an order is needed; the
result is cached on disk (``$PYEVAL_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyeval``, else
``~/.cache/pyeval``) and reused. Two orders:

- ``vs1`` (the default): equity against one random hand (heads-up all-in), exact (every
  opponent hand and board, by the exact range engine: about 10 s of CPU once);
- ``vs3``: equity against three random hands (four-way all-in), by Monte Carlo over
  1,000,000 deals per hand (seed 0).

Each hand is one grid cell and counts with all its combinations (6 for a pair, 4 suited,
12 offsuit: 1,326 in all). ``top x%`` is the best hands in the order whose combinations
add up closest to x% of 1,326 (the shorter list on a tie); ``a-b%`` is ``top b%`` without
``top a%``; ``x%`` means ``top x%``. Whole cells are taken, so the range is the same
under any permutation of the suits. In ``vs3``, hands whose equities differ by less than the
Monte Carlo standard error may be in either order.

>>> from pyeval.equity.percent import order
>>> order("vs1")[:3]
['AA', 'KK', 'QQ']
>>> len(percent_combos(0, 10)), len(percent_combos(0, 20)), len(percent_combos(10, 20))
(134, 264, 130)
"""
from __future__ import annotations

import math
import sys
import time

import numpy as np

from pyeval.cached_arrays import cached_arrays
from pyeval.cachedir import cache_dir
from pyeval.equity.ranges import COMBOS, RangeError

__all__ = ["ORDERS", "cache_dir", "order", "order_equities", "percent_combos", "top_cells"]

#: order name -> (opponents, Monte Carlo deals per hand or None for exact, seed)
ORDERS: dict[str, tuple[int, int | None, int]] = {"vs1": (1, None, 0), "vs3": (3, 1_000_000, 0)}
_VERSION = 3
_loaded: dict[str, dict[str, float]] = {}




def _representative(label: str) -> str:
    """One combination of a grid cell, as text (``AKs`` -> ``AsKs``)."""
    if len(label) == 2:
        return f"{label[0]}s{label[1]}h"
    return f"{label[0]}s{label[1]}{'s' if label[2] == 's' else 'h'}"


def _compute(name: str) -> dict[str, float]:
    from pyeval.equity.engine import equity
    from pyeval.equity.grid import LABELS
    opponents, deals, seed = ORDERS[name]
    print(f"pyeval: computing the pre-flop order {name!r} once (the all-in equity of each "
          f"of the 169 hands against {opponents} random hand{'s' * (opponents > 1)}, "
          f"{'exact' if deals is None else f'{deals:,} deals each'}); it is cached in "
          f"{cache_dir()}", file=sys.stderr)
    t0 = time.perf_counter()
    out = {}
    for lab in LABELS:
        hands = [_representative(lab)] + ["random"] * opponents
        r = (equity("holdem", hands, exact=True) if deals is None else
             equity("holdem", hands, exact=False, samples=deals, seed=seed))
        out[lab] = r.players[0].equity
    print(f"pyeval: pre-flop order {name!r} computed in {time.perf_counter() - t0:.0f} s",
          file=sys.stderr)
    return out


def order_equities(name: str = "vs1") -> dict[str, float]:
    """Each of the 169 hands' all-in equity in order ``name`` (computed once, then read
    from the cache)."""
    from pyeval.equity.grid import LABELS
    if name not in ORDERS:
        raise RangeError(f"unknown pre-flop order {name!r}: the orders are "
                         f"{', '.join(ORDERS)} (against 1 or 3 random hands)")
    if name not in _loaded:
        opponents, deals, seed = ORDERS[name]

        def compute() -> dict[str, np.ndarray]:
            eq = _compute(name)
            return {"equity": np.array([eq[lab] for lab in LABELS])}

        # one cache helper for every computed table: its lock makes test and Dask workers
        # that start at once compute an order once (the exact vs1 order is about 10 s of
        # CPU, vs3 about 20 s) instead of once each
        key = f"preflop_order_{name}_{'exact' if deals is None else deals}_seed{seed}_v{_VERSION}"
        got = cached_arrays(key, compute, {"equity": (len(LABELS),)})["equity"]
        _loaded[name] = dict(zip(LABELS, (float(x) for x in got)))
    return _loaded[name]


def order(name: str = "vs1") -> list[str]:
    """The 169 hands, best first (ties, which do not happen in practice, by grid order)."""
    from pyeval.equity.grid import LABELS
    eq = order_equities(name)
    return sorted(LABELS, key=lambda lab: (-eq[lab], LABELS.index(lab)))


def top_cells(pct: float, name: str = "vs1") -> list[str]:
    """The best hands whose combinations add up closest to ``pct`` % of 1,326."""
    from pyeval.equity.grid import CELL_COMBOS, LABELS
    target = pct / 100 * 1326
    hands = order(name)
    sizes = [len(CELL_COMBOS[LABELS.index(h)]) for h in hands]
    cum = np.concatenate([[0], np.cumsum(sizes)])
    k = int(np.argmin(np.abs(cum - target)))          # first (shorter) on a tie
    return hands[:k]


def percent_combos(lo: float, hi: float, name: str = "vs1") -> list[tuple[int, int]]:
    """Combinations of ``lo-hi%`` (``top hi%`` without ``top lo%``), best hand first."""
    from pyeval.equity.grid import CELL_COMBOS, LABELS
    if not (math.isfinite(lo) and math.isfinite(hi) and 0 <= lo < hi <= 100):
        raise RangeError(f"a percentage range runs from 0 to 100 with the lower end first, "
                         f"not {lo:g}-{hi:g}%")
    inner = set(top_cells(lo, name)) if lo > 0 else set()
    cells = [h for h in top_cells(hi, name) if h not in inner]
    if not cells:
        raise RangeError(f"the percentage range {lo:g}-{hi:g}% holds no whole hand (a hand "
                         f"is 4 to 12 combinations, 0.3-0.9% of 1,326)")
    return [tuple(int(x) for x in COMBOS[k]) for h in cells     # type: ignore[misc]
            for k in CELL_COMBOS[LABELS.index(h)].tolist()]
