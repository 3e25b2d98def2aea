"""Hand generators and ordering checks shared by the core tests.

>>> import numpy as np
>>> colex_combos(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> sum(len(c) for c in all_hands(5, prefix=1)) == 2_598_960
True
>>> idx = np.array([0, 1, 3]); next_subset(idx, 4), idx.tolist()
(1, [0, 2, 3])
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import numba
import numpy as np


def colex_combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as a sorted row, in colex order (ordered by the largest
    element, then recursively). The k-subsets of range(m) are then the first C(m, k) rows,
    so one table serves every "rest of the deck above card j"."""
    out = np.empty((math.comb(n, k), k), dtype=np.uint8)
    if k == 1:
        out[:, 0] = np.arange(n)
        return out
    pos = 0
    for top in range(k - 1, n):
        sub = colex_combos(top, k - 1)
        out[pos:pos + len(sub), :k - 1] = sub
        out[pos:pos + len(sub), k - 1] = top
        pos += len(sub)
    return out


def all_hands(k: int, prefix: int = 2) -> Iterator[np.ndarray]:
    """Every k-card hand of the 52-card deck exactly once, in chunks: the first ``prefix``
    cards are fixed (increasing) and the rest are every (k - prefix)-subset of the cards above
    the last of them. Rows are sorted; chunks are (C(m, k - prefix), k) uint8 arrays."""
    rest = k - prefix
    table = colex_combos(52, rest)
    for head in itertools.combinations(range(52), prefix):
        top = head[-1] if head else -1
        n = math.comb(51 - top, rest)
        if n == 0:
            continue
        chunk = np.empty((n, k), dtype=np.uint8)
        for i, c in enumerate(head):
            chunk[:, i] = c
        np.add(table[:n], top + 1, out=chunk[:, prefix:])
        yield chunk


@numba.njit(cache=True)
def next_subset(idx: np.ndarray, n: int) -> int:
    """Advance ``idx``, a sorted k-subset of range(n), to the next one in lexicographic order
    (the order of nested loops ``for c1 in range(c0 + 1, n)``, one level a card): the first
    position that changed (those after it restart just above it), or -1 after the last.
    A walk over every hand keeps its prefixes' keys per position and rebuilds them from
    there, one card added per level as in nested loops, with no loop written per level."""
    k = len(idx)
    for p in range(k - 1, -1, -1):
        if idx[p] < n - k + p:
            first = idx[p] + 1
            for q in range(p, k):
                idx[q] = first + q - p
            return p
    return -1


def random_deals(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n uniformly random deals of k distinct cards, in dealing order, as an (n, k) uint8
    array (rejection sampling: draw k cards with replacement, keep rows without a repeat)."""
    out = np.empty((n, k), dtype=np.uint8)
    done = 0
    while done < n:
        m = max(1024, int((n - done) * 1.2 / _p_distinct(k)))
        d = rng.integers(0, 52, size=(m, k), dtype=np.uint8)
        s = np.sort(d, axis=1)
        ok = d[np.all(s[:, 1:] != s[:, :-1], axis=1)]
        take = min(len(ok), n - done)
        out[done:done + take] = ok[:take]
        done += take
    return out


def _p_distinct(k: int) -> float:
    return math.prod((52 - i) / 52 for i in range(k))


def assert_same_order(ours, theirs, what: str, rows: np.ndarray | None = None) -> None:
    """Assert that two evaluators order the same hands identically, ties included: both
    arrays are "higher is better"; every value of ours meets exactly one value of theirs and
    the reverse, and sorting by ours sorts theirs strictly. On failure, show two hands that
    the two evaluators order differently (or one hand whose classes disagree)."""
    a = np.asarray(ours, dtype=np.int64)
    b = np.asarray(theirs, dtype=np.int64)
    assert a.shape == b.shape, f"{what}: {a.shape} values against {b.shape}"
    lo = b.min() if b.size else 0
    span = int(b.max() - lo + 1) if b.size else 1
    pairs = np.unique(a * span + (b - lo))
    pa, pb = pairs // span, pairs % span + lo
    ok_a = len(np.unique(pa)) == len(pairs)          # ours -> theirs is a function
    ok_b = len(np.unique(pb)) == len(pairs)          # theirs -> ours is a function
    ok_m = bool(np.all(np.diff(pb) > 0))             # and increasing
    if ok_a and ok_b and ok_m:
        return
    # find two rows the evaluators disagree on, to name them
    if not ok_a:
        i = int(np.nonzero(np.diff(pa) == 0)[0][0])
    elif not ok_b:
        order = np.argsort(pb, kind="stable")
        j = int(np.nonzero(np.diff(pb[order]) == 0)[0][0])
        i = None
        x, y = (pa[order[j]], pb[order[j]]), (pa[order[j + 1]], pb[order[j + 1]])
    else:
        i = int(np.nonzero(np.diff(pb) <= 0)[0][0])
    if i is not None:
        x, y = (pa[i], pb[i]), (pa[i + 1], pb[i + 1])
    msg = [f"{what}: orderings differ: ours {x[0]} vs {y[0]}, theirs {x[1]} vs {y[1]}"]
    if rows is not None:
        from pyeval import format_cards
        for v in (x, y):
            r = int(np.nonzero((a == v[0]) & (b == v[1]))[0][0])
            msg.append(f"  row {r}: {format_cards(rows[r])} ours={v[0]} theirs={v[1]}")
    raise AssertionError("\n".join(msg))
