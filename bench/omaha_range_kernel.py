"""The Omaha range Monte Carlo kernel alone against the fixed-hand Omaha kernel (issue 37):
ns a deal of ``_omaharange.range_mc`` and ``_omahamc.omaha_mc`` on the same chunks (16,384
deals a call, seed 1, one thread), the cases interleaved round by round in one process,
timed by the thread's CPU clock (time another process takes from the core is not counted).

    taskset -c 1 python bench/omaha_range_kernel.py --rounds 61

Prints each case's best and first-quartile ns a deal, and its rate as a share of the
fixed-hand kernel's: best against best, and the median over rounds of the ratio of the
two calls made side by side (the steadiest figure on a loaded machine).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from pyeval.cards import cards
from pyeval.equity import _omahamc as OM
from pyeval.equity import _omaharange as OR
from pyeval.equity import omaha_equity as OE

DEALS = 16_384
#: (name, hands, the fixed-hand case it is compared with)
CASES = [
    ("AAKKds vs QcJcTd9d", ["AAKKds", "QcJcTd9d"], "fixed"),
    ("AA** vs QJT9", ["AA**", "QJT9"], "fixed"),
    ("top 10% vs KK**ds", ["top 10%", "KK**ds"], "fixed"),
    ("AA** vs KK**ds vs QJT9", ["AA**", "KK**ds", "QJT9"], "fixed 3-way"),
]
FIXED = {"fixed": ["AsAhKsKh", "QcJcTd9d"], "fixed 3-way": ["AsAhKsKh", "QcJcTd9d", "8h7h6s5s"]}


_NSAMP = np.full(DEALS // OE.CHUNK, OE.CHUNK, np.int64)


def _fixed_call(hands: list[str]) -> Callable[[], object]:
    holes = [cards(h) for h in hands]
    deck = np.array(sorted(set(range(52)) - set(np.concatenate(holes).tolist())), np.uint8)
    return lambda: OM.omaha_mc(holes, False, np.zeros(0, np.uint8), deck, 1, 0, _NSAMP)


def _range_call(hands: list[str]) -> Callable[[], object]:
    RH, SE = OE._seats(OE.omaha_spot("omaha", hands))
    return lambda: OR.range_mc(RH, SE, 1, 0, _NSAMP)


def _calls() -> dict[str, Callable[[], object]]:
    calls = {name: _fixed_call(hands) for name, hands in FIXED.items()}
    calls.update({name: _range_call(hands) for name, hands, _ in CASES})
    return calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=61)
    args = ap.parse_args()
    calls = _calls()
    for call in calls.values():            # compile and warm
        call()
    ns: dict[str, list[float]] = {k: [] for k in calls}
    for _ in range(args.rounds):
        for k, call in calls.items():
            t = time.thread_time()
            call()
            ns[k].append((time.thread_time() - t) / DEALS * 1e9)
    print(f"{'case':<26}{'best ns':>8}{'q1 ns':>7}{'ratio best':>11}{'ratio paired':>13}")
    for name, ref in [(n, n) for n in FIXED] + [(n, r) for n, _, r in CASES]:
        v, f = sorted(ns[name]), sorted(ns[ref])
        paired = statistics.median(a / b for a, b in zip(ns[ref], ns[name]))
        print(f"{name:<26}{v[0]:>8.1f}{v[len(v) // 4]:>7.1f}{f[0] / v[0]:>11.2f}{paired:>13.2f}")


if __name__ == "__main__":
    main()
