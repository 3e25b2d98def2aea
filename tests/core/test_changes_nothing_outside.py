"""pyeval changes nothing outside itself: importing pyeval and every module of it, and
compiling its Numba functions, leaves Numba, llvmlite, the garbage collector, the
interpreter's allocators and ``sys`` as they were, and a user's ``@njit`` functions compile
to the same IR and machine code with and without pyeval.

Each check runs in fresh processes (``outside_probe.py``) outside the source tree, so that
the installed pyeval is the one imported and nothing this test session loaded interferes.

Marked slow: the two tests start four processes that each import all of pyeval (about 9 s
of CPU together on the 2-core development machine).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PROBE = str(Path(__file__).with_name("outside_probe.py"))

USER_CODE = textwrap.dedent("""
    import numba
    import numpy as np


    @numba.njit(inline="always")
    def square(x):
        return x * x


    @numba.njit
    def user_loop(a):
        s = 0.0
        for i in range(a.shape[0]):
            if a[i] > 2:
                s += square(a[i])
            else:
                s -= np.sqrt(a[i])
        return s


    @numba.njit
    def user_closure(n):
        def step(k):
            return k * n + 1
        t = 0
        for k in range(n):
            t += step(k)
        return t
""")


def _probe(tmp_path: Path, *args: str) -> str:
    out = subprocess.run([sys.executable, PROBE, *args], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")})
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


@pytest.mark.slow
def test_importing_and_compiling_pyeval_leaves_numba_gc_and_the_interpreter_unchanged(tmp_path):
    """Every attribute object of every Numba and llvmlite module pyeval loads (and of their
    classes: ``TargetConfig.values``, ``InlineWorker.run_untyped_passes``, ...), ``gc``'s
    thresholds and callbacks (also while a user's function compiles), the arena and memory
    allocators (also while compiling), ``sys``'s hooks and limits, the environment, Numba's
    config and its compile-event listeners: the same objects after ``import pyeval`` and every
    module of it, and after pyeval compiled and ran a C evaluator, a link-only function and
    a random stream in Numba."""
    numba_modules = _probe(tmp_path, "modules").split()
    assert "numba.core.targetconfig" in numba_modules and "llvmlite.binding" in numba_modules
    report = json.loads(_probe(tmp_path, "snapshot", *numba_modules))
    assert report["differences"] == []
    assert report["attributes"] > 10_000                # the snapshot saw Numba's modules
    assert {"pyeval.equity", "pyeval.sim", "pyeval.rules", "pyeval.tournament",
            "pyeval.cli.main", "pyeval.jit.numba_linked"} <= set(report["imported"])
    kernel, python = report["values"]
    assert kernel == python                             # pyeval's functions did compile and run


@pytest.mark.slow
def test_a_users_njit_function_compiles_the_same_with_and_without_pyeval(tmp_path):
    """A loop with an ``inline="always"`` callee and a closure: Numba's typed IR, LLVM IR
    and assembly are the same in a process that never imported pyeval and in one that
    imported every module of it and compiled pyeval's functions first (per-process counters
    in names masked)."""
    (tmp_path / "user_code.py").write_text(USER_CODE)
    without = json.loads(_probe(tmp_path, "ir", "0"))
    with_pyeval = json.loads(_probe(tmp_path, "ir", "1"))
    assert sorted(without) == sorted(with_pyeval) == sorted(
        f"{f} {kind}" for f in ("user_loop", "user_closure") for kind in ("types", "llvm", "asm"))
    for key in without:
        assert without[key] == with_pyeval[key], key
    assert "define" in without["user_loop llvm"] and "sqrt" in without["user_loop llvm"]
