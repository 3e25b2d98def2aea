"""Equity benchmarks (issue 3), side by side in one run with poker-equity and eval7's equity
functions where they apply, one thread unless said:

- Monte Carlo showdowns per second, heads-up: hold'em, Omaha, Omaha Hi/Lo, razz, 7 Card
  Stud (pyeval.equity with a fixed sample count against poker_equity.chunk_from_text with
  threads=1, and for hold'em eval7.py_hand_vs_range_monte_carlo);
- exact heads-up preflop hold'em, all 1,712,304 boards (pyeval against
  poker_equity.exact_from_text; eval7's exact function does not enumerate a preflop board);
- two threads against one (in a child process allowed both CPUs);
- the first call in a fresh process, with a warm Numba cache and with an empty one.

Run: ``pytest bench/test_bench_equity.py --benchmark-only`` (bench/conftest.py pins the
process to one CPU and prints the summary table).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap

import pytest
from benchlib import measure, record

from pyeval.equity import equity

HU = {"holdem": ["AhKh", "QsQd"], "omaha": ["AsAhKsKh", "9c8d7c6d"],
      "omaha8": ["AsAh2s3h", "KcKdQcQd"], "razz": ["As2h3d", "KcQdJs"],
      "stud": ["AsAh3d", "KcKdJs"]}
PE_KEY = {"holdem": "holdem", "omaha": "omaha", "omaha8": "omaha_hi_lo", "razz": "razz",
          "stud": "stud"}
NAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha8": "Omaha Hi/Lo", "razz": "Razz",
         "stud": "7 Card Stud"}
N_OURS = {"holdem": 8_000_000, "omaha": 4_000_000, "omaha8": 4_000_000, "razz": 4_000_000,
          "stud": 4_000_000}
N_PEER = 1_000_000


def _group(game: str) -> str:
    hands = " vs ".join(HU[game])
    return f"equity: {NAMES[game]} heads-up Monte Carlo, {hands} (showdowns/s)"


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Compile or load every kernel before timing."""
    for g, h in HU.items():
        equity(g, h, exact=False, samples=10_000, threads=1)
    equity("holdem", ["AcAd", "KhKs"], threads=1)


@pytest.mark.parametrize("game", list(HU))
def test_pyeval_mc(benchmark, game):
    n = N_OURS[game]
    measure(benchmark, lambda: equity(game, HU[game], exact=False, samples=n, seed=1,
                                      threads=1),
            n, lambda r: int(r.players[0].wins), label="pyeval.equity, 1 thread",
            group=_group(game), ours=True, rounds=5)


@pytest.mark.parametrize("game", list(HU))
def test_poker_equity_mc(benchmark, game):
    pe = pytest.importorskip("poker_equity")
    measure(benchmark, lambda: pe.chunk_from_text(PE_KEY[game], HU[game], samples=N_PEER,
                                                  seed=1, threads=1),
            N_PEER, lambda r: int(r["win_count"][0]),
            label="poker_equity.chunk_from_text, threads=1", group=_group(game), rounds=3)


def test_eval7_mc(benchmark):
    eval7 = pytest.importorskip("eval7")
    hand = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    measure(benchmark, lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], N_PEER),
            N_PEER, lambda e: int(e * 1e6), label="eval7.py_hand_vs_range_monte_carlo",
            group=_group("holdem"), rounds=3, note="single-threaded by design")


EXACT_GROUP = "equity: exact heads-up preflop, AcAd vs KhKs, 1,712,304 boards (boards/s)"


def test_pyeval_exact(benchmark):
    r = measure(benchmark, lambda: equity("holdem", ["AcAd", "KhKs"], threads=1), 1_712_304,
                lambda r: int(r.players[0].wins), label="pyeval.equity exact, 1 thread",
                group=EXACT_GROUP, ours=True, rounds=9)
    if r:
        record(EXACT_GROUP, "pyeval exact heads-up preflop, 1 thread", r["median_s"] * 1e3,
               "ms")


def test_poker_equity_exact(benchmark):
    pe = pytest.importorskip("poker_equity")
    measure(benchmark, lambda: pe.exact_from_text("holdem", ["AcAd", "KhKs"]), 1_712_304,
            lambda r: int(r["win_count"][0]), label="poker_equity.exact_from_text",
            group=EXACT_GROUP, rounds=3, note="its own thread count")


# ------------------------------------------------------------------ child processes

def _child(code: str, env: dict[str, str]) -> dict:
    """Runs ``code`` in a fresh interpreter allowed every CPU; returns its JSON line."""
    e = dict(os.environ)
    e.update(env)
    pre = "import os\nif hasattr(os, 'sched_setaffinity'):\n" \
          "    os.sched_setaffinity(0, range(os.cpu_count()))\n"
    out = subprocess.run([sys.executable, "-c", pre + textwrap.dedent(code)], env=e,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


SCALING = """
import json, time
from pyeval.equity import equity
res = {}
for name, args, kw in [
        ("holdem_mc", ("holdem", ["AhKh", "QsQd"]), dict(exact=False, samples=16_000_000)),
        ("omaha_mc", ("omaha", ["AsAhKsKh", "9c8d7c6d"]), dict(exact=False, samples=4_000_000)),
        ("exact_aa_kk", ("holdem", ["AA", "KK"]), dict(exact=True))]:
    equity(*args, **(kw if kw.get("exact") else dict(kw, samples=100_000)))
    best = {}
    for _ in range(3):
        for th in (1, 2):
            t = time.perf_counter()
            equity(*args, threads=th, **kw)
            dt = time.perf_counter() - t
            best[th] = min(best.get(th, dt), dt)
    res[name] = best[1] / best[2]
print(json.dumps(res))
"""


def test_two_threads_against_one(benchmark):
    res = benchmark.pedantic(lambda: _child(SCALING, {"NUMBA_NUM_THREADS": "2"}), rounds=1,
                             iterations=1)
    for k, v in res.items():
        record("equity: two threads against one (speed-up, best of 3)", k, v, "x")


FIRST = """
import json, time
t = time.perf_counter()
import pyeval
r = pyeval.equity("holdem", ["AhKh", "QsQd"])
t1 = time.perf_counter()
r2 = pyeval.equity("omaha", ["AsAhKsKh", "9c8d7c6d"], exact=False, samples=100_000)
t2 = time.perf_counter()
print(json.dumps({"first_s": t1 - t, "second_kernel_s": t2 - t1}))
"""


def test_first_call(benchmark):
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        cold = _child(FIRST, env)
        warm = min((_child(FIRST, env) for _ in range(3)), key=lambda d: d["first_s"])
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    g = "equity: first call in a fresh process (import pyeval + pyeval.equity(...))"
    record(g, "warm Numba cache: exact hold'em", warm["first_s"], "s")
    record(g, "warm Numba cache: then a Monte Carlo Omaha call", warm["second_kernel_s"], "s")
    record(g, "cold (empty cache, compiles): exact hold'em", cold["first_s"], "s")
    record(g, "cold: then a Monte Carlo Omaha call", cold["second_kernel_s"], "s")
