"""Shared test configuration: hypothesis profiles and a report header naming the evaluator
build and the peers the cross-checks run against.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run if wanted) derandomises hypothesis so that a CI
failure reproduces; ``HYPOTHESIS_PROFILE=thorough`` runs ten times more examples locally.
"""
from __future__ import annotations

import os
from importlib import metadata

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2_500, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])

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
