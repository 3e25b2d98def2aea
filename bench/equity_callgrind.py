"""Instruction counts of the hold'em equity engine under callgrind, for timings too noisy
to read on a loaded machine: one spot, run ``n`` times (Monte Carlo: ``n`` deals; exact:
``n`` calls), with collection on only inside Numba's dispatcher, so that two runs with
different ``n`` differ by the kernel's work alone.

    # a cache compiled outside valgrind for a CPU valgrind runs (no AVX-512)
    export NUMBA_CPU_NAME=znver3 NUMBA_CACHE_DIR=/tmp/numba-vg
    python bench/equity_callgrind.py mc-hu 1000          # compile, outside valgrind
    for n in 1000 1001000; do valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect='*Dispatcher_call*' --callgrind-out-file=cg.$n \\
        python bench/equity_callgrind.py mc-hu $n; done
    # instructions a deal: (Ir of cg.1001000 - Ir of cg.1000) / 1,000,000

Spots: ``mc-hu`` AcAd vs KhKs, ``mc-range`` AK vs QQ+ (Monte Carlo, one chunk stream per
seed 1, one thread), ``exact-hu`` AcAd vs KhKs, ``exact-3`` AA,KK vs AK vs AQs+,KQs.
"""
from __future__ import annotations

import sys

from pyeval.equity import equity

SPOTS = {
    "mc-hu": ["AcAd", "KhKs"],
    "mc-range": ["AK", "QQ+"],
    "exact-hu": ["AcAd", "KhKs"],
    "exact-3": ["AA,KK", "AK", "AQs+,KQs"],
}


def main() -> None:
    spot, n = sys.argv[1], int(sys.argv[2])
    hands = SPOTS[spot]
    if spot.startswith("mc"):
        r = equity("holdem", hands, threads=1, seed=1, exact=False, samples=n)
    else:
        for _ in range(n):
            r = equity("holdem", hands, threads=1, exact=True)
    print(spot, n, " ".join(f"{e:.6f}" for e in r.equities))


if __name__ == "__main__":
    main()
