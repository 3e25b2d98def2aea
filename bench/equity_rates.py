"""Monte Carlo and exact rates of ``pyeval.equity`` on one thread, warm (compiled), best and
median of a few rounds: for A/B runs of two versions side by side.

    python bench/equity_rates.py hu_mc,range_mc,exact_hu,omaha_mc,omaha8_mc 3
    PYTHONPATH=/tmp/base python bench/equity_rates.py ...     # another checkout, same data
"""
from __future__ import annotations

import sys
import time

from pyeval.equity import equity

SPOTS: dict[str, dict] = {
    "hu_mc": dict(game="holdem", hands=["AcAd", "KhKs"], exact=False, samples=4_000_000),
    "range_mc": dict(game="holdem", hands=["AK", "QQ+"], exact=False, samples=2_000_000),
    "exact_hu": dict(game="holdem", hands=["AcAd", "KhKs"], exact=True),
    "omaha_mc": dict(game="omaha", hands=["AsAhKsKh", "QdQcJdJc"], exact=False,
                     samples=1_000_000),
    "omaha8_mc": dict(game="omaha8", hands=["AsAh2s3h", "KcKdQcQd"], exact=False,
                      samples=1_000_000),
}


def main(names: list[str], reps: int) -> None:
    for name in names:
        kw = dict(SPOTS[name])
        g, h = kw.pop("game"), kw.pop("hands")
        equity(g, h, threads=1, seed=1, **kw)                     # compiled, warm
        ts = []
        for _ in range(reps):
            t = time.perf_counter()
            r = equity(g, h, threads=1, seed=1, **kw)
            ts.append(time.perf_counter() - t)
        ts.sort()
        print(f"{name:10s} best {ts[0] * 1e3:9.2f} ms  median {ts[len(ts) // 2] * 1e3:9.2f} ms"
              f"  {r.samples / ts[0] / 1e6:8.2f} M deals/s  equity {r.players[0].equity:.6f}")


if __name__ == "__main__":
    main(sys.argv[1].split(","), int(sys.argv[2]) if len(sys.argv) > 2 else 3)
