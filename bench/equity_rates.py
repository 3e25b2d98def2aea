"""Monte Carlo and exact rates of ``pyeval.equity`` on one thread, warm (compiled): the
spots run in turn, round after round (interleaved, so a change of the machine's load hits
them alike), then each spot's best and median round, in wall and in CPU time (the process's, one
thread: on a loaded machine the CPU time is the steadier figure). For A/B runs of two versions side by
side, or beside OMPEval's driver (bench/RESULTS.md, "eqfast" section).

    PYTHONPATH=$PWD python bench/equity_rates.py hu_mc,range_mc,range3_mc,exact_hu 5
    PYTHONPATH=/tmp/base python bench/equity_rates.py ...     # another checkout, same spots

(``PYTHONPATH`` makes the script import the checkout named, not an installed pyeval.)

Against OMPEval's ``EquityCalculator`` on the range spots of issue 15 (bench/RESULTS.md,
"Ranges Monte Carlo against OMPEval" sections): OMPEval (github:zekyll/OMPEval, built in
/tmp, never committed, ``g++ -O3 -std=c++11 -msse4.2 -pthread`` with the two gcc-12 fixes
of the "OMPEval beside pyeval" section) run by a small driver that starts a fresh
calculator per spot with ``threadCount=1``, ``stdevTarget=0`` and ``setHandLimit(N)`` (4M
deals heads-up, 2M three-way; it stops at the first update past N) and prints deals per
process CPU second (``CLOCK_PROCESS_CPUTIME_ID``) from ``start`` to ``wait``; pyeval in warm
processes, one per tree, each spot ``equity("holdem", hands, threads=1, seed=1,
exact=False, samples=N)`` timed by ``time.process_time``, the spots of ``range_mc``,
``range3_mc`` and ``hu_mc``. Rounds interleaved (OMPEval, then each tree, spot by spot), all
pinned to one core (``taskset -c 0``); report the median of the per-round ratios and
best ÷ best.
"""
from __future__ import annotations

import statistics
import sys
import time

from pyeval.equity import equity

SPOTS: dict[str, dict] = {
    "hu_mc": dict(game="holdem", hands=["AcAd", "KhKs"], exact=False, samples=4_000_000),
    "range_mc": dict(game="holdem", hands=["AK", "QQ+"], exact=False, samples=4_000_000),
    "range_s_mc": dict(game="holdem", hands=["AKs", "QQ"], exact=False, samples=4_000_000),
    "hu3_mc": dict(game="holdem", hands=["AcAd", "KhKs", "QcQd"], exact=False,
                   samples=2_000_000),
    "range3_mc": dict(game="holdem", hands=["AA,KK", "AK", "AQs+,KQs"], exact=False,
                      samples=2_000_000),
    "exact_hu": dict(game="holdem", hands=["AcAd", "KhKs"], exact=True),
    "exact_small": dict(game="holdem", hands=["AA,KK", "AKs"], exact=True),
    "exact_3way": dict(game="holdem", hands=["AA,KK", "AK", "AQs+,KQs"], exact=True),
    "omaha_mc": dict(game="omaha", hands=["AsAhKsKh", "QdQcJdJc"], exact=False,
                     samples=1_000_000),
    "omaha8_mc": dict(game="omaha8", hands=["AsAh2s3h", "KcKdQcQd"], exact=False,
                      samples=1_000_000),
    # the spots of bench/test_bench_equity.py (the "today": 13.2 and 11.4 M/s)
    "omaha_b_mc": dict(game="omaha", hands=["AsAhKsKh", "9c8d7c6d"], exact=False,
                       samples=1_000_000),
    "omaha8_b_mc": dict(game="omaha8", hands=["AsAh2s3h", "KcKdQcQd"], exact=False,
                        samples=1_000_000),
    # the general kernels (every other game) and exact runs on a flop
    "stud_mc": dict(game="stud", hands=["AcAdKs", "QhQsJd"], exact=False, samples=1_000_000),
    "stud8_3_mc": dict(game="stud8", hands=["Ac2d3s", "QhQsJd", "7c8c9c"], exact=False,
                       samples=1_000_000),
    "omaha_flop_exact": dict(game="omaha", hands=["AsAhKsKh", "QdQcJdJc"], board="2c7d9h",
                             exact=True),
    "range_flop_exact": dict(game="holdem", hands=["AK", "QQ+"], board="2c7d9h", exact=True),
}


def main(names: list[str], reps: int) -> None:
    times: dict[str, list[float]] = {n: [] for n in names}
    cpus: dict[str, list[float]] = {n: [] for n in names}
    last = {}
    for name in names:                                     # compiled, warm
        kw = dict(SPOTS[name])
        equity(kw.pop("game"), kw.pop("hands"), threads=1, seed=1, **kw)
    for _ in range(reps):
        for name in names:
            kw = dict(SPOTS[name])
            g, h = kw.pop("game"), kw.pop("hands")
            t = time.perf_counter()
            c = time.process_time()
            last[name] = equity(g, h, threads=1, seed=1, **kw)
            cpus[name].append(time.process_time() - c)
            times[name].append(time.perf_counter() - t)
    for name in names:
        ts = sorted(times[name])
        cs = sorted(cpus[name])
        r = last[name]
        med, cmed = statistics.median(ts), statistics.median(cs)
        print(f"{name:12s} wall best {ts[0] * 1e3:8.2f} median {med * 1e3:8.2f} ms"
              f"  cpu best {cs[0] * 1e3:8.2f} median {cmed * 1e3:8.2f} ms"
              f"  {r.samples / cs[0] / 1e6:7.2f} / {r.samples / cmed / 1e6:7.2f} M deals/cpu-s"
              f"  equity {r.players[0].equity:.6f}")


if __name__ == "__main__":
    main(sys.argv[1].split(","), int(sys.argv[2]) if len(sys.argv) > 2 else 3)
