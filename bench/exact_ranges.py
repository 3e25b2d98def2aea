"""Exact enumeration with ranges, pyeval beside OMPEval on identical spots, interleaved:
each round runs every spot once in OMPEval (a fresh ``EquityCalculator``, one thread, so no
cached result is reused) and once in pyeval (warm: compiled before the rounds), and
prints CPU seconds of both and the largest difference of the equities. Optionally the
board walk pyeval used before (``--before``: the same call with no tuple listed).

    taskset -c 1 python bench/exact_ranges.py /tmp/eqa_peer/ompeq --rounds 5 [--before]

``ompeq`` is a 40-line driver built beside OMPEval's sources, never in this repository:
``ompeq REPS BOARD DEAD RANGE...`` runs ``EquityCalculator::start(ranges, board, dead,
enumerateAll=true, ..., threadCount=1)`` and prints ``getrusage`` CPU time around
``start``/``wait`` and the equities (bench/RESULTS.md names how it was built).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import time

from pyeval.equity import _exact_classes as XC
from pyeval.equity import equity

#: name: (hands, board, dead); written in the syntax both libraries read
SPOTS: dict[str, tuple[list[str], str, str]] = {
    "small": (["AA,KK", "AKs"], "", ""),
    "aks_qq": (["AKs", "QQ"], "", ""),
    "random_akh": (["random", "AhKh"], "", ""),
    "three_way": (["AA,KK", "AK", "AQs+,KQs"], "", ""),
    "flop4_random": (["TT+,AK", "AQs+,KQs,QJs,JTs", "22", "random"], "Qs9h2c", ""),
}


def omp(drv: str, hands: list[str], board: str, dead: str) -> tuple[float, list[float]]:
    out = subprocess.run([drv, "1", board or "-", dead or "-", *hands], check=True,
                         capture_output=True, text=True).stdout.split()
    i = out.index("eq")
    return float(out[out.index("cpu") + 1]), [float(x) for x in out[i + 1:]]


def ours(hands: list[str], board: str, dead: str) -> tuple[float, list[float]]:
    c = time.process_time()
    r = equity("holdem", hands, board, dead, exact=True, threads=1)
    return time.process_time() - c, list(r.equities)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("ompeq")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--spots", default=",".join(SPOTS))
    ap.add_argument("--before", action="store_true")
    a = ap.parse_args()
    names = a.spots.split(",")
    for n in names:                                       # compiled, warm
        ours(*SPOTS[n])
    t: dict[str, dict[str, list[float]]] = {n: {"omp": [], "pyeval": [], "before": []}
                                            for n in names}
    for rnd in range(a.rounds):
        for n in names:
            co, eo = omp(a.ompeq, *SPOTS[n])
            cp, ep = ours(*SPOTS[n])
            t[n]["omp"].append(co)
            t[n]["pyeval"].append(cp)
            diff = max(abs(x - y) for x, y in zip(eo, ep))
            line = f"round {rnd + 1} {n:13s} omp {co:9.4f} s  pyeval {cp:9.4f} s  |eq diff| {diff:.1e}"
            if a.before and rnd == 0 and n != "flop4_random":     # the walk takes minutes
                XC.MAX_TUPLES, keep = 0, XC.MAX_TUPLES
                cb, eb = ours(*SPOTS[n])
                XC.MAX_TUPLES = keep
                t[n]["before"].append(cb)
                line += f"  before {cb:9.3f} s (|eq diff| {max(abs(x - y) for x, y in zip(eb, ep)):.1e})"
            print(line, flush=True)
    print(f"{'spot':13s} {'omp median':>11s} {'best':>9s} {'pyeval median':>14s} {'best':>9s}"
          f" {'omp/pyeval median':>18s} {'best':>6s}")
    for n in names:
        o, p = t[n]["omp"], t[n]["pyeval"]
        mo, mp = statistics.median(o), statistics.median(p)
        ratios = sorted(x / y for x, y in zip(o, p))
        print(f"{n:13s} {mo:11.4f} {min(o):9.4f} {mp:14.4f} {min(p):9.4f} "
              f"{statistics.median(ratios):18.1f} {ratios[-1]:6.1f}")


if __name__ == "__main__":
    main()
