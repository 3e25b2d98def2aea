"""Omaha range Monte Carlo against pyeval's fixed-hand Omaha Monte Carlo (issue 37): deals
per second of ``pyeval.equity`` on one thread, each case in a fresh process pinned to one
core, the cases interleaved round by round; medians and best rounds, and each range case's
rate as a share of the fixed-hand rate of the same game.

    taskset -c 1 python bench/omaha_range_rates.py --rounds 5 --deals 1000000

A process compiles and warms its kernel (a 50,000-deal run), then times a run of
``--deals`` deals (seed 1).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

#: (name, game, hands, the fixed-hand case it is compared with)
CASES = [
    ("fixed", "omaha", ["AsAhKsKh", "QcJcTd9d"], "fixed"),
    ("AAKKds vs fixed", "omaha", ["AAKKds", "QcJcTd9d"], "fixed"),
    ("AA** vs QJT9", "omaha", ["AA**", "QJT9"], "fixed"),
    ("top 10% vs KK**ds", "omaha", ["top 10%", "KK**ds"], "fixed"),
    ("fixed 3-way", "omaha", ["AsAhKsKh", "QcJcTd9d", "8h7h6s5s"], "fixed 3-way"),
    ("AA** vs KK**ds vs QJT9", "omaha", ["AA**", "KK**ds", "QJT9"], "fixed 3-way"),
    ("fixed", "omaha8", ["AsAh2s3h", "KcKdQcQd"], "fixed"),
    ("A2**ds vs fixed", "omaha8", ["A2**ds", "KcKdQcQd"], "fixed"),
    ("fixed", "omaha6", ["AsAhKsKh2c3c", "QcJcTd9d4h5h"], "fixed"),
    ("AAKK[Q*]ds vs fixed", "omaha6", ["AAKK[Q*]ds", "QcJcTd9d4h5h"], "fixed"),
]

_CHILD = """
import json, sys, time, pyeval
game, hands, deals = json.loads(sys.argv[1])
pyeval.equity(game, hands, samples=50_000, threads=1, seed=0)
t = time.perf_counter()
r = pyeval.equity(game, hands, samples=deals, threads=1, seed=1)
print(json.dumps(deals / (time.perf_counter() - t)))
"""


def _rate(game: str, hands: list[str], deals: int) -> float:
    out = subprocess.run([sys.executable, "-c", _CHILD, json.dumps([game, hands, deals])],
                         capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--deals", type=int, default=2_000_000)
    args = ap.parse_args()
    rates: dict[tuple[str, str], list[float]] = {(n, g): [] for n, g, _, _ in CASES}
    for _ in range(args.rounds):
        for name, game, hands, _ in CASES:
            rates[(name, game)].append(_rate(game, hands, args.deals))
    # each round's ratio to the fixed case of the same round (the machine's speed varies
    # between rounds more than between the cases of one round)
    print(f"{'game':<8}{'case':<25}{'median M/s':>11}{'best M/s':>10}{'ratio med':>10}"
          f"{'ratio best':>11}{'round ratios':>14}")
    for name, game, _, ref in CASES:
        rs, fixed = rates[(name, game)], rates[(ref, game)]
        med, best = statistics.median(rs), max(rs)
        per = ", ".join(f"{r / f:.2f}" for r, f in zip(rs, fixed))
        print(f"{game:<8}{name:<25}{med / 1e6:>11.2f}{best / 1e6:>10.2f}"
              f"{med / statistics.median(fixed):>10.2f}{best / max(fixed):>11.2f}  {per}")


if __name__ == "__main__":
    main()
