"""CPU and wall time of the two equity-analysis targets of issue 16 on one pinned core (the
loaded-machine companion of bench/test_bench_equity_analysis.py: process time is what one
core spends, whatever else runs on the machine).

Run: ``NUMBA_NUM_THREADS=1 python bench/cpu_equity_analysis.py``
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable


def _time(fn: Callable[[], object], rounds: int = 5) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(rounds):
        t0, p0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - p0)
    return sorted(wall), sorted(cpu)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    from pyeval.equity.breakdown import breakdown
    from pyeval.equity.hits import hits
    from pyeval.equity.ranges import parse_range
    parse_range("top 30%")                                  # the cached order
    cases = {"breakdown AKs vs top 20%, exact": lambda: breakdown(["AKs", "top 20%"],
                                                                  exact=True, threads=1),
             "hits top 30%, all 22,100 flops": lambda: hits("top 30%")}
    for name, fn in cases.items():
        fn()                                                # warm-up
        w, c = _time(fn)
        print(f"{name}: wall median {w[2]:.3f} s, best {w[0]:.3f} s; "
              f"CPU median {c[2]:.3f} s, best {c[0]:.3f} s")


if __name__ == "__main__":
    main()
