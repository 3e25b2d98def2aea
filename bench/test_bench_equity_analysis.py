"""Equity-analysis benchmarks (issue 16), one core (bench/conftest.py pins the process):

- per-combination breakdown of AKs against a 20% range pre-flop, exact (target <= 2 s);
- hit frequencies of a 30% range over all 22,100 flops, exact (target <= 5 s).

Run: ``pytest bench/test_bench_equity_analysis.py --benchmark-only``. The percentage
ranges' pre-flop order is computed and cached before the timed rounds (a warm-up round).
"""
from __future__ import annotations

import pytest
from benchlib import measure, record

from pyeval.equity.breakdown import breakdown
from pyeval.equity.hits import hits
from pyeval.equity.ranges import parse_range

GROUP_B = "equity analysis: per-combo breakdown, AKs vs top 20%, pre-flop, exact"
GROUP_H = "equity analysis: hit frequencies, top 30%, all 22,100 flops, exact"


def test_breakdown_aks_vs_20pct(benchmark):
    parse_range("top 20%")                                 # the order, cached
    r = measure(benchmark, lambda: breakdown(["AKs", "top 20%"], exact=True, threads=1),
                len(parse_range("top 20%")),
                lambda b: int(round(1e9 * b.players[0].total.equity)),
                label="pyeval breakdown (exact), 1 thread", group=GROUP_B, ours=True,
                rounds=5)
    if r:
        record(GROUP_B, "median seconds (target <= 2 s)", r["median_s"], "s")
        assert r["median_s"] <= 2.0 * 3            # loose guard for a loaded machine


def test_hits_30pct_all_flops(benchmark):
    parse_range("top 30%")
    r = measure(benchmark, lambda: hits("top 30%"), 22_100,
                lambda h: int(round(1e9 * h.total["top pair"])),
                label="pyeval hits over all flops", group=GROUP_H, ours=True, rounds=5)
    if r:
        record(GROUP_H, "median seconds (target <= 5 s)", r["median_s"], "s")
        assert r["median_s"] <= 5.0 * 3


@pytest.mark.parametrize("n", [1])
def test_breakdown_is_exact(n):
    """The benchmarked breakdown's total is the engine's exact equity."""
    from pyeval.equity import equity
    b = breakdown(["AKs", "top 20%"], exact=True)
    e = equity("holdem", ["AKs", "top 20%"], exact=True)
    assert abs(b.players[0].total.equity - e.players[0].equity) < 1e-12
