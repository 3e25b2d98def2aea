"""pyeval's equity engine beside OMPEval's EquityCalculator: Monte Carlo and exact hold'em
spots, one thread each, interleaved rounds, CPU time.

    # /tmp/peers: the drivers of bench/peers/ built by hand outside the repository
    # (default/ and native/ builds; the flags are in bench/RESULTS.md)
    taskset -c 1 python bench/peers_equity.py /tmp/peers --rounds 7

Each round runs, in an order rotated by one: OMPEval's driver (``omp_eq``, default and
-march=native builds, a process each) and pyeval in this (warm) process,
``equity("holdem", hands, threads=1, seed=..., exact=False, samples=N)`` or
``exact=True``. Monte Carlo: deals per CPU second (OMPEval stops itself through its
callback once N deals are dealt); exact: CPU milliseconds a call. The exact equities of
both must agree to 1e-6.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from pathlib import Path

from pyeval.equity import equity

SPOTS = [  # (name, mode, hands as pyeval takes them, as OMPEval takes them, deals)
    ("AcAd vs KhKs", "mc", ["AcAd", "KhKs"], ["AcAd", "KhKs"], 4_000_000),
    ("AK vs QQ+", "mc", ["AK", "QQ+"], ["AK", "QQ+"], 4_000_000),
    ("AcAd vs KhKs", "exact", ["AcAd", "KhKs"], ["AcAd", "KhKs"], 0),
    ("AA,KK vs AK vs AQs+,KQs", "exact", ["AA,KK", "AK", "AQs+,KQs"],
     ["AA,KK", "AK", "AQs+,KQs"], 0),
]


def _omp(drv: Path, mode: str, hands: list[str], deals: int, inner: int) -> tuple[float, list[float]]:
    line = subprocess.run([str(drv), mode, str(inner), str(deals), *hands], check=True,
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]
    w = line.split()
    eq = [float(x) for x in w[w.index("equity") + 1:w.index("best")]]
    return float(w[w.index("best") + 1]), eq


def _pyeval(mode: str, hands: list[str], deals: int, inner: int) -> tuple[float, list[float]]:
    best = 0.0 if mode == "mc" else float("inf")
    eq: list[float] = []
    for i in range(inner):
        t = time.process_time()
        if mode == "mc":
            r = equity("holdem", hands, threads=1, seed=i + 1, exact=False, samples=deals)
            best = max(best, r.samples / (time.process_time() - t) / 1e6)
        else:
            r = equity("holdem", hands, threads=1, exact=True)
            best = min(best, (time.process_time() - t) * 1e3)
        eq = r.equities
    return best, eq


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("peers", type=Path, help="the folder of the built drivers")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--inner", type=int, default=3)
    args = ap.parse_args()
    for name, mode, mine, theirs, deals in SPOTS:
        _pyeval(mode, mine, min(deals, 100_000), 1)   # compile / warm
        runs: dict[str, list[float]] = {}
        eqs: dict[str, list[float]] = {}
        jobs = ["pyeval", "OMPEval default", "OMPEval native"]
        for r in range(args.rounds):
            got: dict[str, float] = {}
            for job in jobs[r % 3:] + jobs[:r % 3]:
                if job == "pyeval":
                    got[job], eqs[job] = _pyeval(mode, mine, deals, args.inner)
                else:
                    drv = args.peers / job.split()[1] / "omp_eq"
                    got[job], eqs[job] = _omp(drv, mode, theirs, deals, args.inner)
            for peer in jobs[1:]:
                ratio = got["pyeval"] / got[peer] if mode == "mc" else got[peer] / got["pyeval"]
                got[f"pyeval / {peer}"] = ratio
            for k, v in got.items():
                runs.setdefault(k, []).append(v)
        unit = "M deals/s" if mode == "mc" else "ms a call"
        print(f"\n{mode} {name}: {unit}, best of {args.inner} per round, {args.rounds} rounds "
              f"(ratios within a round, > 1 = pyeval faster)")
        for k, vals in runs.items():
            print(f"  {k:28s} median {statistics.median(vals):9.3f}  "
                  f"{'best' if 'pyeval /' in k or mode == 'mc' else 'min'} "
                  f"{(max(vals) if 'pyeval /' in k or mode == 'mc' else min(vals)):9.3f}")
        for k, e in eqs.items():
            print(f"  equities {k:20s} " + " ".join(f"{x:.6f}" for x in e))
        if mode == "exact":
            agree = all(abs(a - b) < 1e-6 for a, b in zip(eqs["pyeval"], eqs["OMPEval default"]))
            print(f"  exact equities agree to 1e-6: {agree}")


if __name__ == "__main__":
    main()
