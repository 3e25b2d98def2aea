"""Fuzz the range and equity surfaces with generated hostile input and count how each call
ended (issue 40): ``parse_range`` on generated range text (with hostile dead cards and
orders now and then) and ``pyeval.equity`` with generated hands and option values (each
with a time limit of at most ``--budget`` seconds, or a hostile one). Every call is
classified by :func:`pyeval.equity.fuzz.classify`: ok, refused (a ValueError/TypeError
raised on purpose by pyeval), or a finding (crash, bad result, slow). Prints the counts
and the first findings of each kind; exits 1 when there is any finding.

    python bench/fuzz_equity.py --ranges 100000 --equity 100000 --budget 0.01 --seed 0
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import time

from pyeval.equity import fuzz as F


def _warm() -> None:
    """Loads the kernels once: the first call of a kernel in a process loads it from
    Numba's cache (up to a second), which no time limit can shorten."""
    from typing import Any

    from pyeval.equity import equity
    calls: list[tuple[str, list[str], dict[str, Any]]] = [
            ("holdem", ["AhKh", "QQ"], {"samples": 1000}),
            ("holdem", ["AhKh", "QQ", "random"], {"samples": 1000}),
            ("holdem", ["QQ+, AK", "JJ+", "TT+"], {"samples": 1000}),
            ("holdem", ["AhKh", "QQ"], {}),
            ("holdem", ["AhKh", "QQ+", "random"], {"board": "Ks7d2c", "exact": True}),
            ("holdem", ["AhKh", "Qs*"], {"board": "Ks7d2c", "exact": True}),
            ("omaha", ["AsKsQsJs", "AhAd**"], {"samples": 1000}),
            ("omaha", ["AsKsQsJs", "AhAd**"], {"board": "Kh7d2c4h", "exact": True}),
            ("stud", ["6d9hKd4sJdQhKs", "random"], {"samples": 1000}),
            ("stud", ["6d9hKd4sJd", "**Ah2c3d"], {"exact": True}),
            ("omaha8", ["AsAh2s3h", "KcKdQcQd", "****"], {"samples": 1000})]
    for game, hands, kw in calls:
        equity(game, hands, **kw)
    # and the kernels the generated calls reach: 500 calls of another stream, not counted
    rng = random.Random(-1)
    for _ in range(500):
        F.run_equity_call(F.equity_call(rng, 0.05))


def _run(name: str, n: int, one, seed: int) -> collections.Counter:
    rng = random.Random(seed)
    counts: collections.Counter = collections.Counter()
    shown: dict[str, int] = collections.Counter()
    t0 = time.perf_counter()
    for i in range(n):
        v, what = one(rng)
        counts[v.kind] += 1
        if v.kind not in (F.OK, F.REFUSED) and shown[v.kind] < 10:
            shown[v.kind] += 1
            print(f"  {name} #{i} {v.kind}: {v.note} <- {what!r}"[:400], flush=True)
    took = time.perf_counter() - t0
    findings = sum(c for k, c in counts.items() if k not in (F.OK, F.REFUSED))
    print(f"{name}: {n:,} inputs in {took:.0f} s: "
          + ", ".join(f"{k} {counts[k]:,}" for k in (F.OK, F.REFUSED, F.CRASH, F.BAD, F.SLOW))
          + f"; findings {findings:,}", flush=True)
    return counts


def _one_range(rng: random.Random):
    text = F.range_text(rng)
    return F.run_range_text(text, rng), text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ranges", type=int, default=100_000)
    ap.add_argument("--equity", type=int, default=100_000)
    ap.add_argument("--budget", type=float, default=0.01,
                    help="the longest time limit a generated equity call gets (seconds)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    _warm()
    found = 0
    if a.ranges:
        c = _run("ranges", a.ranges, _one_range, a.seed)
        found += sum(v for k, v in c.items() if k not in (F.OK, F.REFUSED))
    if a.equity:
        def one(rng: random.Random):
            call = F.equity_call(rng, a.budget)
            return F.run_equity_call(call), call
        c = _run("equity options", a.equity, one, a.seed + 1)
        found += sum(v for k, v in c.items() if k not in (F.OK, F.REFUSED))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
