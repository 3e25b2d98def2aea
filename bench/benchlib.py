"""Helpers for the benchmarks: hand arrays in random and enumeration order,
:func:`measure`, which times a call with pytest-benchmark and records evaluations per second
and a checksum for the summary that bench/conftest.py prints, and :class:`CompileClock`, the
compile profilers' CPU clock on Numba's compile events."""
from __future__ import annotations

import importlib.util
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

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


def same_order(ours: Any, theirs: Any) -> bool:
    """Whether two evaluators' values (both higher is better) order every pair of hands
    alike, ties included: the core tests' check (``assert_same_order``), as a yes or no.

    >>> same_order([3, 1, 2, 2], [30, 5, 7, 7]), same_order([1, 2, 2], [2, 3, 4])
    (True, False)
    """
    try:
        _HANDS.assert_same_order(ours, theirs, "same_order")
    except AssertionError:
        return False
    return True


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


def print_rounds(runs: dict[str, list[float]], width: int = 28,
                 sums: dict[str, int] | None = None) -> None:
    """One line per contender of an interleaved peer run: the median and the best of its
    rates over the rounds (with ``sums``, its checksum too).

    >>> print_rounds({"pyeval": [2.0, 3.0, 2.5]}, width=8)
      pyeval   median     2.50  best     3.00
    """
    for k, vals in runs.items():
        line = f"  {k:{width}s} median {statistics.median(vals):8.2f}  best {max(vals):8.2f}"
        print(line if sums is None else f"{line}  checksum {sums.get(k, '')}")


def record(group: str, label: str, value: float, unit: str, note: str = "") -> None:
    """A figure that is not a rate (import time, memory, compile time)."""
    RESULTS.append({"group": group, "label": label, "value": value, "unit": unit,
                     "note": note})




# ------------------------------------------------------------------ compile profiles


class Compile(NamedTuple):
    """One Numba compile: its own CPU seconds (``total_s`` less the compiles it started),
    its CPU seconds with them, the dispatcher and the argument types."""

    self_s: float
    total_s: float
    dispatcher: Any
    args: Any


class CompileClock:
    """CPU time of every Numba compile (``numba:compile`` events, nested compiles counted
    in their caller's ``total_s`` but not its ``self_s``) and of the LLVM lock
    (``numba:llvm_lock``), for the compile profilers of bench/.

    >>> clock = CompileClock().register()
    >>> import numba
    >>> numba.njit(lambda x: x + 1)(1)
    2
    >>> len(clock.compiles) >= 1 and clock.lock_s >= 0.0
    True
    """

    def __init__(self) -> None:
        self.compiles: list[Compile] = []
        self.lock_s = 0.0
        self._open: list[list[Any]] = []     # dispatcher, args, start, children's seconds

    def register(self) -> CompileClock:
        """Listen to Numba's compile and LLVM-lock events from now on; returns self."""
        from numba.core import event

        clock = self

        class _Compiles(event.Listener):
            def on_start(self, ev: event.Event) -> None:
                clock._open.append([ev.data.get("dispatcher"), ev.data.get("args"),
                                    time.process_time(), 0.0])

            def on_end(self, ev: event.Event) -> None:
                d, args, t0, child = clock._open.pop()
                total = time.process_time() - t0
                if clock._open:
                    clock._open[-1][3] += total
                clock.compiles.append(Compile(total - child, total, d, args))

        class _Lock(event.Listener):
            t0 = 0.0

            def on_start(self, ev: event.Event) -> None:
                self.t0 = time.process_time()

            def on_end(self, ev: event.Event) -> None:
                clock.lock_s += time.process_time() - self.t0

        event.register("numba:compile", _Compiles())
        event.register("numba:llvm_lock", _Lock())
        return self
