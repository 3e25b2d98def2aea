"""A cold Numba kernel is compiled once when several processes miss the cache at once."""
from __future__ import annotations

import os
import textwrap

from .races import race

_KERNEL = textwrap.dedent("""
    from numba import njit

    @njit(cache=True)
    def triple_plus_one(x):
        return 3 * x + 1
""")

_CHILD = textwrap.dedent("""
    import sys, time, numpy as np
    from numba.core import event
    from pyeval.jit.compile_once import compile_once
    log = sys.argv[1]

    class Slow(event.Listener):          # a compile long enough for the others to miss
        def on_start(self, ev):
            with open(log, "a") as f:
                f.write("compiled\\n")
            time.sleep(1.0)
        def on_end(self, ev):
            pass

    event.register("numba:compile", Slow())
    from race_kernel import triple_plus_one
    compile_once(triple_plus_one, (np.int64(5),))
    print(triple_plus_one(np.int64(5)), len(triple_plus_one.overloads))
""")


def test_processes_missing_the_same_kernel_compile_it_once(tmp_path):
    (tmp_path / "race_kernel.py").write_text(_KERNEL)
    env = dict(os.environ, PYEVAL_CACHE_DIR=str(tmp_path / "cache"),
               NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(tmp_path))
    assert race(_CHILD, tmp_path, env) == ["16 1"] * 3
    assert (tmp_path / "log.txt").read_text() == "compiled\n"  # one compiled, two loaded its cache
    assert [f.name[:len("compile-triple_plus_one-")] for f in
            (tmp_path / "cache").glob("compile-triple_plus_one-*.lock")] == [
        "compile-triple_plus_one-"]


def test_the_lock_is_shared_only_by_processes_reading_one_numba_cache(monkeypatch):
    """Another NUMBA_CACHE_DIR (or another installation's sources) is another cache: its
    processes must not wait for this one's compile."""
    from numba import njit

    from pyeval.jit.compile_once import _where

    def f():
        return 1

    kernel = njit(f)
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/tmp/one")
    one = _where(kernel)
    assert _where(kernel) == one
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/tmp/two")
    assert _where(kernel) != one


def test_a_kernel_compiled_in_this_process_is_not_compiled_again():
    import numpy as np
    from numba import njit

    from pyeval.jit.compile_once import compile_once

    @njit
    def twice(a):
        return 2 * a

    compile_once(twice, (np.arange(3),))
    compile_once(twice, (np.arange(4),))           # same types: nothing more
    assert len(twice.overloads) == 1
    assert twice(np.arange(3)).tolist() == [0, 2, 4]
    assert len(twice.overloads) == 1               # the call used the compiled types
