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
seed 1, one thread), ``exact-hu`` AcAd vs KhKs, ``exact-3`` AA,KK vs AK vs AQs+,KQs; the
plain five-loop board walk (``_exact5.holdem_exact5``, no suit symmetry, the tests'
reference), ``n`` walks of every board: ``walk5-hu`` AcAd vs KhKs, ``walk5-3`` AhKh vs
QsQd vs 7c6c. The general kernels' showdowns (:mod:`pyeval.equity._showdown`), three
seven-card stud hands with one card to come each: ``mc-stud`` and ``mc-stud8`` (Monte
Carlo, ``n`` deals: high only, hi/lo), ``tuples-stud`` and ``tuples-stud8`` (exact, ``n``
calls: the tuple walk ``_exact._tuples``).
"""
from __future__ import annotations

import sys

import numpy as np

from pyeval.equity import equity
from pyeval.equity._exact5 import holdem_exact5
from pyeval.equity._inputs import known_hands

SPOTS = {
    "mc-hu": ["AcAd", "KhKs"],
    "mc-range": ["AK", "QQ+"],
    "exact-hu": ["AcAd", "KhKs"],
    "exact-3": ["AA,KK", "AK", "AQs+,KQs"],
    "walk5-hu": ["AcAd", "KhKs"],
    "walk5-3": ["AhKh", "QsQd", "7c6c"],
    "mc-stud": ["As2h3d4c9d6c", "KcKdJs9s8s7s", "5h6h7h8dQhTc"],
    "mc-stud8": ["As2h3d4c9d6c", "KcKdJs9s8s7s", "5h6h7h8dQhTc"],
    "tuples-stud": ["As2h3d4c9d6c", "KcKdJs9s8s7s", "5h6h7h8dQhTc"],
    "tuples-stud8": ["As2h3d4c9d6c", "KcKdJs9s8s7s", "5h6h7h8dQhTc"],
}


def _walk5(hands: list[str], n: int) -> list[float]:
    T, hk, hs, deck = known_hands(*hands)
    deck = np.ascontiguousarray(deck[::-1])          # the walk's deck is decreasing
    none_p, none_c = np.zeros((0, 2), np.int64), np.zeros((0, 5), np.int64)
    for _ in range(n):
        cnt = holdem_exact5(hk, hs, deck, none_p, none_c, 16, 0, 16, T.addrs).sum(axis=0)
    share = cnt[:, 1:] / np.arange(1, len(hands) + 1)
    return (share.sum(axis=1) / share.sum()).tolist()


def main() -> None:
    spot, n = sys.argv[1], int(sys.argv[2])
    hands = SPOTS[spot]
    if spot.startswith("walk5"):
        print(spot, n, " ".join(f"{e:.6f}" for e in _walk5(hands, n)))
        return
    game = "stud8" if spot.endswith("stud8") else "stud" if spot.endswith("stud") else "holdem"
    if spot.startswith("mc"):
        r = equity(game, hands, threads=1, seed=1, exact=False, samples=n)
    else:
        for _ in range(n):
            r = equity(game, hands, threads=1, exact=True)
    print(spot, n, " ".join(f"{e:.6f}" for e in r.equities))


if __name__ == "__main__":
    main()
