"""Functions only compiled code calls (pyeval.jit.numba_linked.linked): linked into their callers,
served from the cache to callers compiled later, and safe to call from Python, where they
once had no entry point and crashed the process."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numba
import numpy as np

from pyeval.jit.numba_linked import PYTHON_TWINS, LinkedDispatcher, linked

_FROM_PYTHON = textwrap.dedent("""
    import numba, numpy as np
    from pyeval.jit.numba_linked import PYTHON_TWINS, linked

    @linked
    def scaled(a, k):
        return a * k + 1

    @numba.njit
    def caller(a):
        return scaled(a, 3)

    print(caller(4), scaled(4, 3), scaled(2.5, 2), scaled(np.int32(7), 2), len(PYTHON_TWINS))
""")


def test_a_linked_function_called_from_python_runs_an_ordinary_compile(tmp_path):
    """Called from Python before and after a compiled caller linked it, with three argument
    types: the right values, one ordinary compile (its twin) made for all of them, and no
    crash (a process of its own, so that a regression fails this test, not the run; run
    outside the source tree, which has no built extension when pyeval is installed)."""
    out = subprocess.run([sys.executable, "-c", _FROM_PYTHON], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["13", "13", "6.0", "15", "1"]


def test_the_twin_is_made_once_and_the_linked_versions_stay_out_of_python_calls():
    @linked(error_model="numpy")
    def halve(x):
        return x // 2

    @numba.njit
    def use(x):
        return halve(x) + 100

    before = len(PYTHON_TWINS)
    assert use(9) == 104
    assert isinstance(halve, LinkedDispatcher)
    assert len(halve.overloads) == 1              # the version linked into use()
    assert halve(9) == 4 and halve(np.int64(-9)) == -5
    assert halve.python_twin() is halve.python_twin()
    assert halve.python_twin().targetoptions.get("error_model") == "numpy"
    assert "no_cpython_wrapper" not in halve.python_twin().targetoptions
    assert PYTHON_TWINS[before:] == [halve.py_func.__qualname__]
    assert len(halve.overloads) == 1              # Python calls compiled only the twin


_LINKED = textwrap.dedent("""
    from pyeval.jit.numba_linked import linked

    @linked(cache=True)
    def odd(a, i):
        return a[i] * 2 + 1

    @linked(cache=True)
    def odd_sum(a):
        s = 0
        for i in range(a.size):
            s += odd(a, i)
        return s
""")

_CALLER = textwrap.dedent("""
    from numba import njit

    from linked_kernel import odd_sum

    @njit(cache=True)
    def times_{n}(a):
        return odd_sum(a) * {n}
""")

_RUN = textwrap.dedent("""
    import sys, numpy as np
    import linked_kernel
    n = int(sys.argv[1])
    caller = getattr(__import__(f"caller_{n}"), f"times_{n}")
    print(caller(np.arange(10)), linked_kernel.odd_sum.stats.cache_hits.total(),
          type(next(iter(linked_kernel.odd_sum.overloads.values())).library).__name__)
""")


def test_linked_functions_are_linked_by_callers_compiled_in_later_processes(tmp_path):
    """A :func:`pyeval.jit.numba_linked.linked` function is neither optimised as a module nor made
    machine code on its own (its callers do both); its cache entry still serves a caller
    compiled in a later process, and both callers compute the right sums (1 + 3 + ... + 19)."""
    import numba

    from pyeval.jit.numba_linked import _CHECKED_NUMBA, INTERNAL

    (tmp_path / "linked_kernel.py").write_text(_LINKED)
    for n in (1, 3):
        (tmp_path / f"caller_{n}.py").write_text(_CALLER.format(n=n))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(tmp_path))
    outs = [subprocess.run([sys.executable, "-c", _RUN, str(n)], env=env, cwd=tmp_path,
                           capture_output=True, text=True, timeout=120) for n in (1, 3)]
    assert all(o.returncode == 0 for o in outs), [o.stderr for o in outs]
    checked = tuple(int(p) for p in numba.__version__.split(".")[:2]) in _CHECKED_NUMBA
    assert ("pipeline_class" in INTERNAL) == checked
    first = "_LinkOnlyLibrary" if checked else "JITCodeLibrary"
    # the first process compiles odd_sum (no cache hit), the second loads it from the cache
    assert [o.stdout.split() for o in outs] == [["100", "0", first], ["300", "1", "JITCodeLibrary"]]


def test_with_the_jit_disabled_a_linked_function_is_the_python_function(tmp_path):
    """NUMBA_DISABLE_JIT=1 (debugging in Python): njit hands back the function itself, and so
    does linked."""
    code = ("from pyeval.jit.numba_linked import linked\n"
            "@linked(cache=True)\n"
            "def f(x):\n"
            "    return x + 1\n"
            "print(f(2), type(f).__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, env=dict(os.environ, NUMBA_DISABLE_JIT="1"))
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["3", "function"]


def test_numbas_own_library_the_fallback_gives_the_same_results():
    """The path of a Numba version the link-only library was not checked against (Numba's
    own compiler and code library, through the same ``pipeline_class`` option) computes what
    the link-only path computes, for integer, float and array work alike."""
    from numba.core.compiler import Compiler

    def body(a, k):
        s = 0.0
        for i in range(a.size):
            s += (a[i] * k) % 7 + a[i] / (k + 1)
        return s

    link_only = linked(body)
    fallback = linked(pipeline_class=Compiler)(body)

    @numba.njit
    def via_link_only(a, k):
        return link_only(a, k)

    @numba.njit
    def via_fallback(a, k):
        return fallback(a, k)

    a = np.arange(-50, 75, dtype=np.int64)
    for k in (1, 3, 11):
        assert via_link_only(a, k) == via_fallback(a, k) == body(a, k)
    libs = {name: type(next(iter(f.overloads.values())).library).__name__
            for name, f in (("link_only", link_only), ("fallback", fallback))}
    from pyeval.jit.numba_linked import INTERNAL
    assert libs["fallback"] == "JITCodeLibrary"
    assert libs["link_only"] == ("_LinkOnlyLibrary" if "pipeline_class" in INTERNAL
                                 else "JITCodeLibrary")


def test_an_apart_function_stays_a_call_in_its_callers():
    """``linked(apart=True)`` (a step a kernel takes rarely): the caller's machine code calls
    it, also through a ``forceinline`` function (whose option its compile inherits, which
    would inline it), and computes what the plain function and Numba's own library (the
    fallback path, where it may be inlined) compute."""
    from numba.core.compiler import Compiler

    from pyeval.jit.numba_linked import INTERNAL

    def rare(a, k):
        s = 0
        for i in range(a.size):
            s += a[i] * k - i
        return s

    apart = linked(apart=True)(rare)
    fallback = linked(apart=True, pipeline_class=Compiler)(rare)

    @linked(forceinline=True)
    def step(a, k):
        return apart(a, k) + 1

    @numba.njit
    def caller(a, k):
        return step(a, k) * 2

    @numba.njit
    def caller_fallback(a, k):
        return (fallback(a, k) + 1) * 2

    a = np.arange(-20, 30, dtype=np.int64)
    for k in (1, 4):
        assert caller(a, k) == caller_fallback(a, k) == (rare(a, k) + 1) * 2
    name = next(iter(apart.overloads.values())).fndesc.mangled_name
    ir = caller.inspect_llvm(caller.signatures[0])
    calls = [line for line in ir.splitlines() if " call " in line and f"@{name}(" in line]
    assert len(calls) == (1 if "pipeline_class" in INTERNAL else 0)
