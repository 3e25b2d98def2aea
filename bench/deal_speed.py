"""pyeval.deal against the usual numpy recipe for random hands
(``np.argsort(rng.random((n, 52)), axis=1)[:, :k]``), interleaved rounds, CPU time.

    taskset -c 1 python bench/deal_speed.py --n 1000000 --k 7 --rounds 7
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import pyeval


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--k", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    pyeval.deal(10, args.k, seed=0)   # compiled (or loaded from Numba's cache) before timing
    deal_s: list[float] = []
    numpy_s: list[float] = []
    for r in range(args.rounds):
        for which in (("deal", "numpy") if r % 2 == 0 else ("numpy", "deal")):
            t = time.process_time()
            if which == "deal":
                pyeval.deal(args.n, args.k, seed=r)
                deal_s.append(time.process_time() - t)
            else:
                rng = np.random.default_rng(r)
                np.argsort(rng.random((args.n, 52)), axis=1)[:, :args.k].astype(np.uint8)
                numpy_s.append(time.process_time() - t)
    ratios = [b / a for a, b in zip(deal_s, numpy_s)]
    print(f"{args.n:,} hands of {args.k}, {args.rounds} rounds, CPU seconds:")
    print(f"  pyeval.deal   median {statistics.median(deal_s) * 1e3:9.1f} ms  best {min(deal_s) * 1e3:9.1f} ms"
          f"  ({args.n / min(deal_s) / 1e6:.1f} M hands/s)")
    print(f"  numpy argsort median {statistics.median(numpy_s) * 1e3:9.1f} ms  best {min(numpy_s) * 1e3:9.1f} ms")
    print(f"  numpy / deal, per round: median {statistics.median(ratios):.1f}x, "
          f"lowest {min(ratios):.1f}x")


if __name__ == "__main__":
    main()
