"""Shared test configuration: hypothesis profiles and a report header naming the evaluator
build and the peers the cross-checks run against.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run if wanted) derandomises hypothesis so that a CI
failure reproduces; ``HYPOTHESIS_PROFILE=thorough`` runs ten times more examples locally.
"""
from __future__ import annotations

import os
from importlib import metadata

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2_500, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])



@pytest.fixture(autouse=True, scope="session")
def _fresh_sim_kernels(request):
    """Drop the simulator's cached kernels if compiled from other sources, before any test
    calls one of their steps directly (:func:`pyeval.sim.engine._cache.fresh_cache_once`; the
    simulator's entry points check it themselves).

    [speed] With two xdist workers and simulator tests selected, the second worker first
    loads or compiles the stud games' kernel (then the kernel of every game, the longest
    compile, about 60 s of CPU cold; since the kernel per family about 30 s) while the first
    starts on the tests: started by whichever test first needed it,
    that compile left the other worker waiting for it late in the run (the fast lane cold
    3:13 before, 3:02-3:09 after; the first worker warming the variants' kernel the same
    way made it 3:48: bench/RESULTS.md)."""
    from pyeval.sim.engine._cache import fresh_cache_once
    fresh_cache_once()
    if os.environ.get("PYTEST_XDIST_WORKER") == "gw1" and any(
            "tests/sim/" in item.nodeid for item in request.session.items):
        from pyeval.sim.engine.warmup import warm_kernel
        warm_kernel("hands_100k_stud")


PEERS = ("phevaluator", "eval7", "treys", "pokerkit", "poker-equity", "numba", "numpy")


def pytest_report_header(config):
    lines = []
    try:
        import pyeval
        lines.append(f"pyeval {pyeval.__version__} from {os.path.dirname(pyeval.__file__)}, "
                     f"tables {pyeval.table_bytes():,} bytes")
    except Exception as e:  # pragma: no cover - the tests will say more
        lines.append(f"pyeval does not import: {e!r}")
    found = []
    for name in PEERS:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} missing")
    lines.append("peers: " + ", ".join(found))
    return lines
