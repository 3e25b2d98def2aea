"""Processes that race for one cache entry: the shared runner of the cache race tests.

    outs = race(CHILD, tmp_path, env)      # three children, each given the log file
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def race(child: str, where: Path, env: dict[str, str], n: int = 3) -> list[str]:
    """Start ``n`` Python processes at once running ``child`` with ``where / "log.txt"`` as
    their argument, in ``where`` (outside the source tree, so that the children import the
    installed package: the tree's pyeval/ has no built extension when CI installs with
    ``pip install .``); assert that all succeeded and return their stripped outputs."""
    log = where / "log.txt"
    procs = [subprocess.Popen([sys.executable, "-c", child, str(log)], env=env, cwd=where,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(n)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outs]
    return [o.strip() for o, _ in outs]
