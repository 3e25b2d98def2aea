"""Benchmark set-up: one core, shared hand arrays, and a summary of evaluations per second.

Run: ``pytest bench/ --benchmark-only`` (add ``-k high`` etc. to select). Every benchmark
records in ``extra_info`` the number of hands per call, the evaluations per second at the
median round, and a checksum of the values it computed (so that no evaluator can skip the
work); the table printed at the end lists them by group with the ratio to pyeval's batch.

The process is pinned to one CPU (``PYEVAL_BENCH_CPU``, default: the last one) so that every
figure is single-core. Peers get their input prepared in their own card format outside the
timed region, as pyeval gets a ready numpy array.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from benchlib import RESULTS, random_deals, rate, sequential_hands, sequential_omaha

# ------------------------------------------------------------------ one core


def pytest_configure(config):
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        cpu = int(os.environ.get("PYEVAL_BENCH_CPU", cpus[-1]))
        os.sched_setaffinity(0, {cpu})
        config._pyeval_cpu = cpu
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")


N_OURS = int(os.environ.get("PYEVAL_BENCH_N", 10_000_000))


@pytest.fixture(scope="session")
def hands7() -> dict[str, np.ndarray]:
    """Seven-card hands for the batch benchmarks: 'random' and 'sequential', N_OURS rows."""
    return {"random": random_deals(np.random.default_rng(2024), N_OURS, 7),
            "sequential": sequential_hands(N_OURS, 7)}


@pytest.fixture(scope="session")
def omaha45() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Omaha 4 hole + 5 board: 'random' and 'sequential', N_OURS // 2 rows."""
    n = N_OURS // 2
    d = random_deals(np.random.default_rng(2025), n, 9)
    return {"random": (np.ascontiguousarray(d[:, :4]), np.ascontiguousarray(d[:, 4:])),
            "sequential": sequential_omaha(np.random.default_rng(2026), n, 4)}


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not RESULTS:
        return
    tr = terminalreporter
    cpu = getattr(config, "_pyeval_cpu", "?")
    tr.section(f"pyeval evaluations per second (median round, pinned to CPU {cpu})")
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in RESULTS:
        groups.setdefault(r["group"], []).append(r)
    for group, rows in groups.items():
        tr.write_line(f"\n{group}")
        base = next((r for r in rows if r.get("ours")), None)
        for r in rows:
            if "evals_per_s" in r:
                ratio = ""
                if base is not None and r is not base:
                    ratio = f"  pyeval x{base['evals_per_s'] / r['evals_per_s']:,.1f}"
                tr.write_line(f"  {r['label']:<52} n={r['n']:>10,}  {rate(r['evals_per_s']):>12}"
                              f"  {1e9 / r['evals_per_s']:>10,.1f} ns/eval"
                              f"  checksum {r['checksum']}{ratio}"
                              + (f"  [{r['note']}]" if r["note"] else ""))
            else:
                tr.write_line(f"  {r['label']:<52} {r['value']:,.4g} {r['unit']}"
                              + (f"  [{r['note']}]" if r["note"] else ""))
