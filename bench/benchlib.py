"""Helpers for the benchmarks: hand arrays in random and enumeration order, and
:func:`measure`, which times a call with pytest-benchmark and records evaluations per second
and a checksum for the summary that bench/conftest.py prints."""
from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

# ------------------------------------------------------------------ hands


def _core_hands() -> Any:
    """``tests/core/hands.py``: the hand generators of the core tests, so that the benchmarks
    time exactly the hands the tests check (one copy, loaded by path: bench/ is not a
    package and tests/ is not installed)."""
    path = Path(__file__).resolve().parents[1] / "tests" / "core" / "hands.py"
    spec = importlib.util.spec_from_file_location("pyeval_core_test_hands", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_HANDS = _core_hands()
#: n uniformly random deals of k distinct cards as an (n, k) uint8 array.
random_deals: Callable[[np.random.Generator, int, int], np.ndarray] = _HANDS.random_deals
#: Every k-subset of range(n), sorted rows, in colex order (by largest element).
colex_combos: Callable[[int, int], np.ndarray] = _HANDS.colex_combos


def sequential_hands(n: int, k: int = 7) -> np.ndarray:
    """The first n k-card hands in enumeration order (the first two cards fixed and
    increasing, the other five in colex order above them): consecutive hands share most
    cards, as in an exhaustive enumeration."""
    rest = colex_combos(52, k - 2)
    out = np.empty((n, k), dtype=np.uint8)
    done = 0
    for i in range(52):
        for j in range(i + 1, 52):
            m = min(math.comb(51 - j, k - 2), n - done)
            if m <= 0:
                continue
            out[done:done + m, 0], out[done:done + m, 1] = i, j
            out[done:done + m, 2:] = rest[:m] + (j + 1)
            done += m
            if done == n:
                return out
    return out[:done]


def sequential_omaha(rng: np.random.Generator, n: int, nh: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """Omaha in enumeration order: one random hole hand against every board of the other
    cards in colex order, then the next hole hand, until n rows."""
    boards = colex_combos(52 - nh, 5)
    hole = np.empty((n, nh), dtype=np.uint8)
    board = np.empty((n, 5), dtype=np.uint8)
    done = 0
    while done < n:
        h = np.sort(rng.choice(52, nh, replace=False)).astype(np.uint8)
        rest = np.setdiff1d(np.arange(52, dtype=np.uint8), h)
        m = min(len(boards), n - done)
        hole[done:done + m] = h
        board[done:done + m] = rest[boards[:m]]
        done += m
    return hole, board


RESULTS: list[dict[str, Any]] = []


def measure(benchmark, fn: Callable[[], Any], n: int, checksum: Callable[[Any], int],
            *, label: str, group: str, ours: bool = False, rounds: int = 7,
            note: str = "") -> dict[str, Any]:
    """Time ``fn`` (which evaluates ``n`` hands) with pytest-benchmark, ``rounds`` rounds
    after one warm-up, and record evaluations per second at the median round."""
    benchmark.group = group
    result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:      # --benchmark-disable: the call ran once, untimed
        return {}
    median = benchmark.stats.stats.median
    row = {"group": group, "label": label, "n": n, "median_s": median,
           "evals_per_s": n / median, "checksum": int(checksum(result)), "ours": ours,
           "note": note}
    benchmark.extra_info.update({k: row[k] for k in ("label", "n", "evals_per_s", "checksum",
                                                     "ours", "note")})
    RESULTS.append(row)
    return row


def rate(x: float) -> str:
    """An evaluation rate for a table, in M/s, k/s or /s.

    >>> rate(12_345_678.0), rate(4_200.0), rate(17.0)
    ('12.3 M/s', '4.2 k/s', '17 /s')
    """
    if x >= 1e6:
        return f"{x / 1e6:,.1f} M/s"
    if x >= 1e3:
        return f"{x / 1e3:,.1f} k/s"
    return f"{x:,.0f} /s"


def record(group: str, label: str, value: float, unit: str, note: str = "") -> None:
    """A figure that is not a rate (import time, memory, compile time)."""
    RESULTS.append({"group": group, "label": label, "value": value, "unit": unit,
                     "note": note})


