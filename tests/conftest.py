"""Shared test configuration: hypothesis profiles and a report header naming the evaluator
build and the peers the cross-checks run against.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run if wanted) derandomises hypothesis so that a CI
failure reproduces; ``HYPOTHESIS_PROFILE=thorough`` runs ten times more examples locally.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from importlib import metadata

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2_500, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])

#: Numba kernels compiled once, before pytest-xdist starts its workers: without this every
#: worker compiled the same simulation and equity kernels at the same time (each one's
#: whole compile, on a 2-core machine), and the workers then load them from Numba's cache.
#: The parts run side by side, each in its own process.
WARM_UPS = {
    "simulation kernels": "from pyeval.sim.warmup import warm_up; warm_up(equity=False)",
    "equity kernels": ("import pyeval.equity as q; q.equity('holdem', ['AcAd', 'KhKs']); "
               "q.equity('omaha8', ['AsAh2s3h', 'KcKdQcQd'], samples=2000, seed=1); "
               "q.equity('razz', ['As2s3s', 'KcKdQc'], samples=2000, seed=1)"),
    # the pre-flop orders behind "top 10%" ranges: computed once (about a CPU minute each
    # when no cache has them), then read from the disk cache by every worker
    "pre-flop orders": "from pyeval.equity.percent import order; order('vs1'); order('vs3')",
    # the heads-up push/fold equilibria the player models follow (about two CPU minutes cold)
    "push/fold tables": "from pyeval.sim.nash import model_tables; model_tables()",
}


def pytest_configure(config):
    distributed = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not distributed or os.environ.get("PYEVAL_TEST_NO_WARMUP"):
        return
    t = time.perf_counter()
    # outside the source tree: its pyeval/ has no built extension after `pip install .`
    procs = {name: subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())
             for name, code in WARM_UPS.items()}
    for name, p in procs.items():
        _, err = p.communicate()
        if p.returncode != 0:   # the tests that use it will fail and say why
            print(f"warm-up of the {name} failed: {err.strip().splitlines()[-1:]}",
                  file=sys.stderr)
    config._pyeval_warmup_s = time.perf_counter() - t


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
    if hasattr(config, "_pyeval_warmup_s"):
        lines.append(f"Numba kernels compiled or loaded before the workers started: "
                     f"{config._pyeval_warmup_s:.1f} s")
    return lines
