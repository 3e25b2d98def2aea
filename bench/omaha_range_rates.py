"""Omaha range Monte Carlo against pyeval's fixed-hand Omaha Monte Carlo (issue 37): deals
per second of ``pyeval.equity`` on one thread, each case in a fresh process pinned to one
core, the cases interleaved round by round; medians and best rounds, and each range case's
rate as a share of the fixed-hand rate of the same game.

    PYTHONPATH=$PWD taskset -c 1 python bench/omaha_range_rates.py --rounds 5 --deals 1000000

A process compiles and warms its kernel (a 50,000-deal run), then times a run of
``--deals`` deals (seed 1) by its CPU clock (``time.process_time``: on a loaded machine the
wall clock also counts the time other processes take the core). Each range case runs
twice: as pyeval runs it (several boards on one draw of the hands when its first round
shows that this pays) and with one board a draw ("1 board"); the last column compares the
two by time x squared standard error (above 1: the default reaches a given standard error
sooner).
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
    ("fixed", "omaha5", ["AsAhKsKh2c", "QcJcTd9d8h"], "fixed"),
    ("AA*** vs KK***", "omaha5", ["AA***", "KK***"], "fixed"),
]

_CHILD = """
import json, sys, time, pyeval
from pyeval.equity import omaha_equity as OE
game, hands, deals, one = json.loads(sys.argv[1])
if one:                                   # one board on each draw of the hands
    OE.PILOT_BOARDS, OE.BOARD_CHOICES = 1, (1,)
pyeval.equity(game, hands, samples=50_000, threads=1, seed=0)
t = time.process_time()
r = pyeval.equity(game, hands, samples=deals, threads=1, seed=1)
print(json.dumps([deals / (time.process_time() - t), r.players[0].std_err]))
"""


def _rate(game: str, hands: list[str], deals: int, one: bool = False) -> tuple[float, float]:
    """(deals a second, player 1's standard error) of a run in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _CHILD, json.dumps([game, hands, deals, one])],
                         capture_output=True, text=True, check=True)
    rate, se = json.loads(out.stdout)
    return float(rate), float(se)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--deals", type=int, default=2_000_000)
    ap.add_argument("--only", nargs="*", default=[],
                    help="range cases to run (names as printed, e.g. 'top 10%% vs KK**ds'), "
                         "with the fixed-hand cases of their games")
    args = ap.parse_args()
    cases = [c for c in CASES if not args.only or c[0] in args.only or (
        c[0] == c[3] and any(o[0] in args.only and o[1] == c[1] and o[3] == c[3]
                             for o in CASES))]
    runs: dict[tuple[str, str, bool], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for name, game, hands, ref in cases:
            for one in ([False] if name == ref else [False, True]):
                runs.setdefault((name, game, one), []).append(_rate(game, hands, args.deals, one))
    # each round's ratio to the fixed case of the same round (the machine's speed varies
    # between rounds more than between the cases of one round)
    print(f"{'game':<8}{'case':<30}{'median M/s':>11}{'best M/s':>10}{'ratio med':>10}"
          f"{'ratio best':>11}{'  round ratios':<30}{'time x se^2, 1 board / default':>32}")
    for name, game, _, ref in cases:
        fixed = [r for r, _ in runs[(ref, game, False)]]
        for one in ([False] if name == ref else [False, True]):
            rs = [r for r, _ in runs[(name, game, one)]]
            med, best = statistics.median(rs), max(rs)
            per = ", ".join(f"{r / f:.2f}" for r, f in zip(rs, fixed))
            gain = ""
            if name != ref:
                a, b = runs[(name, game, True)], runs[(name, game, False)]
                gain = f"{statistics.median(x[1] ** 2 / x[0] / (y[1] ** 2 / y[0]) for x, y in zip(a, b)):.2f}"
            label = name + (" (1 board)" if one else "")
            print(f"{game:<8}{label:<30}{med / 1e6:>11.2f}{best / 1e6:>10.2f}"
                  f"{med / statistics.median(fixed):>10.2f}{best / max(fixed):>11.2f}  {per:<28}"
                  f"{gain:>32}")


if __name__ == "__main__":
    main()
