"""Replaying real hand histories (the shared PHH hands) through pyeval.rules and through
pokerkit, side by side in one run: rounds alternate pyeval, pokerkit, pyeval, ... on the
same records (about 1,000 hands: every 13th shared hand that both replay with known stacks),
each starting from the parsed TOML fields. The figure is hands replayed per second at the
median round (and the best round); the ratio is taken between medians of the same run.

Run: ``pytest bench/test_bench_phh.py --benchmark-only -s``. Skips without ../shared.
"""
from __future__ import annotations

import statistics
import tarfile
import time
import warnings
from collections import deque
from pathlib import Path

import pytest
from benchlib import RESULTS

from pyeval.rules import phh

ARCHIVE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh" / "hands.tar.xz"
GROUP = "PHH replay, shared hands"


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    if not ARCHIVE.exists():
        pytest.skip(f"the shared hands are not here ({ARCHIVE})")
    pk = pytest.importorskip("pokerkit")
    d = tmp_path_factory.mktemp("phh")
    with tarfile.open(ARCHIVE) as tf:
        tf.extractall(d, filter="data")
    records = [r for f in sorted(d.rglob("*.phh*")) for r in phh.load(f)]
    out = []
    for rec in records[::13]:
        try:
            r = phh.replay(rec)
            hh = pk.HandHistory(**pk.HandHistory._filter_non_fields(**dict(rec.fields)))
            for _ in hh:
                pass
        except (phh.PHHError, ValueError):
            continue
        if not r.deep_seats:
            out.append(rec)
    return out


def test_phh_replay_pyeval_vs_pokerkit(benchmark, sample):
    pk = pytest.importorskip("pokerkit")
    warnings.simplefilter("ignore")      # pokerkit warns about the records' extra fields
    times: dict[str, list[float]] = {"pyeval": [], "pokerkit": []}
    sums: dict[str, int] = {}

    def ours() -> int:
        return sum(sum(phh.replay(rec).hand.result.stacks.values()) for rec in sample)

    def theirs() -> int:
        total = 0
        for rec in sample:
            hh = pk.HandHistory(**pk.HandHistory._filter_non_fields(**dict(rec.fields)))
            state = deque(hh, maxlen=1).pop()
            total += len(state.stacks)
        return total

    def one_round() -> None:
        for name, fn in (("pyeval", ours), ("pokerkit", theirs)):
            t = time.perf_counter()
            sums[name] = fn()
            times[name].append(time.perf_counter() - t)

    benchmark.group = GROUP
    benchmark.pedantic(one_round, rounds=5, iterations=1, warmup_rounds=1)
    n = len(sample)
    rows = {}
    for name, label in (("pyeval", "pyeval.rules.phh.replay"),
                        ("pokerkit", "pokerkit HandHistory, states iterated")):
        ts = times[name][1:]                      # the warm-up round left out
        med = statistics.median(ts)
        rows[name] = {"group": GROUP, "label": label, "n": n, "median_s": med,
                      "evals_per_s": n / med, "checksum": sums[name], "ours": name == "pyeval",
                      "note": f"best round {n / min(ts):,.0f} hands/s"}
        RESULTS.append(rows[name])
    ratio = rows["pyeval"]["evals_per_s"] / rows["pokerkit"]["evals_per_s"]
    benchmark.extra_info.update({"hands": n, "pyeval_hands_per_s": rows["pyeval"]["evals_per_s"],
                                 "pokerkit_hands_per_s": rows["pokerkit"]["evals_per_s"],
                                 "ratio": ratio,
                                 "rounds_s": {k: v[1:] for k, v in times.items()}})
    print(f"\n{n} hands: pyeval {rows['pyeval']['evals_per_s']:,.0f}/s, pokerkit "
          f"{rows['pokerkit']['evals_per_s']:,.0f}/s, ratio {ratio:.2f} (medians of 5 "
          f"alternating rounds); rounds {times}")
