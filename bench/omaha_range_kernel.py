"""The Omaha range Monte Carlo kernel alone against the fixed-hand Omaha kernel (issue 37):
ns a deal of ``_omaharange.range_mc`` and ``_omahamc.omaha_mc`` on the same chunks (16,384
deals a call, seed 1, one thread), the cases interleaved round by round in one process,
timed by the thread's CPU clock (time another process takes from the core is not counted).

    PYTHONPATH=$PWD taskset -c 1 python bench/omaha_range_kernel.py --rounds 61

(``PYTHONPATH``: a script's own folder comes first on ``sys.path``, so without it a pyeval
installed elsewhere may be the one measured.) Each range case runs with one board on each
draw of the hands ("K=1") and with the boards a draw ``pyeval.equity`` chooses for it from
its first round (:func:`pyeval.equity.omaha_equity._boards_per_draw`). Prints each case's
best and first-quartile ns a deal, and its rate as a share of the fixed-hand kernel's: best
against best, and the median over rounds of the ratio of the two calls made side by side
(the steadiest figure on a loaded machine).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from pyeval.cards import cards
from pyeval.equity import _omahamc as OM
from pyeval.equity import _omaharange as OR
from pyeval.equity import omaha_equity as OE
from pyeval.equity._omahamc import mask_stats

DEALS = 16_384
#: (name, game, hands, the fixed-hand case it is compared with)
CASES = [
    ("AAKKds vs QcJcTd9d", "omaha", ["AAKKds", "QcJcTd9d"], "fixed"),
    ("AA** vs QJT9", "omaha", ["AA**", "QJT9"], "fixed"),
    ("top 10% vs KK**ds", "omaha", ["top 10%", "KK**ds"], "fixed"),
    ("AA** vs KK**ds vs QJT9", "omaha", ["AA**", "KK**ds", "QJT9"], "fixed 3-way"),
    ("AA*** vs KK***", "omaha5", ["AA***", "KK***"], "fixed 5-card"),
]
FIXED = {"fixed": ["AsAhKsKh", "QcJcTd9d"], "fixed 3-way": ["AsAhKsKh", "QcJcTd9d", "8h7h6s5s"],
         "fixed 5-card": ["AsAhKsKh2c", "QcJcTd9d8h"]}


_NSAMP = np.full(DEALS // OE.CHUNK, OE.CHUNK, np.int64)


def _fixed_call(hands: list[str]) -> Callable[[], object]:
    holes = [cards(h) for h in hands]
    deck = np.array(sorted(set(range(52)) - set(np.concatenate(holes).tolist())), np.uint8)
    return lambda: OM.omaha_mc(holes, False, np.zeros(0, np.uint8), deck, 1, 0, _NSAMP)


def _chosen(RH: OR.RangeHands, SE: OR.Seats) -> int:
    """The boards a draw ``pyeval.equity`` deals after its first round (seed 1)."""
    nsamp = np.full(4, OE.CHUNK, np.int64)
    run = OR.range_mc(RH, SE, 1, 0, nsamp, 1, OE.PILOT_BOARDS)
    st = mask_stats(run.wins, SE.hole0.shape[0]).sum(axis=0)
    return OE._boards_per_draw(st, run.groups.sum(axis=0), float(nsamp.sum()), OE.PILOT_BOARDS)


def _calls() -> tuple[dict[str, Callable[[], object]], list[tuple[str, str]]]:
    """The calls by name, and (range case's name, its fixed-hand case) in print order."""
    calls = {name: _fixed_call(hands) for name, hands in FIXED.items()}
    order = []
    for name, game, hands, ref in CASES:
        RH, SE = OE._seats(OE.omaha_spot(game, hands))
        for k in sorted({1, _chosen(RH, SE)}):
            key = f"{name} K={k}"
            calls[key] = (lambda RH=RH, SE=SE, k=k: OR.range_mc(RH, SE, 1, 0, _NSAMP, 1, k))
            order.append((key, ref))
    return calls, order


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=61)
    args = ap.parse_args()
    calls, order = _calls()
    for call in calls.values():            # compile and warm
        call()
    ns: dict[str, list[float]] = {k: [] for k in calls}
    keys, shuffle = list(calls), random.Random(0).shuffle
    for _ in range(args.rounds):
        shuffle(keys)                      # no case always after the one it shares tables with
        for k in keys:
            call = calls[k]
            t = time.thread_time()
            call()
            ns[k].append((time.thread_time() - t) / DEALS * 1e9)
    print(f"{'case':<32}{'best ns':>8}{'q1 ns':>7}{'ratio best':>11}{'ratio paired':>13}")
    for name, ref in [(n, n) for n in FIXED] + order:
        v, f = sorted(ns[name]), sorted(ns[ref])
        paired = statistics.median(a / b for a, b in zip(ns[ref], ns[name]))
        print(f"{name:<32}{v[0]:>8.1f}{v[len(v) // 4]:>7.1f}{f[0] / v[0]:>11.2f}{paired:>13.2f}")


if __name__ == "__main__":
    main()
