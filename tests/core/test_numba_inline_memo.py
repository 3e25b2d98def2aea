"""pyeval.numba_inline_memo: an inline="always" function's IR is built once per compile
however many sites inline it, the compiled code computes what the Python code does, and a
later compile sees a changed global (the memo lives for one outermost compile)."""
from __future__ import annotations

import sys

import numba
import pytest

from pyeval import numba_inline_memo
from pyeval.numba_linked import numba_version_checked

pytestmark = pytest.mark.skipif(not numba_version_checked(),
                                reason="installed on the checked Numba version only")

OFFSET = 10


@numba.njit(inline="always")
def _rot(x, k):
    return ((x << k) | (x >> (16 - k))) & 0xFFFF


@numba.njit(inline="always")
def _mix(x):
    return _rot(x, 3) ^ _rot(x, 7) + OFFSET


def test_each_inlined_function_is_built_once_per_compile(monkeypatch):
    built: list[str] = []
    numbas = numba_inline_memo.NUMBA_RUN_UNTYPED_PASSES

    def counting(self, func, enable_ssa=False):
        built.append(func.__name__)
        return numbas(self, func, enable_ssa)

    monkeypatch.setattr(numba_inline_memo, "NUMBA_RUN_UNTYPED_PASSES", counting)

    @numba.njit
    def chain(x, n):
        for _ in range(n):
            x = _mix(x) + _mix(x + 1) + _rot(x, 5)
        return x & 0xFFFF

    got = chain(12345, 7)
    # _mix at two sites, _rot at one site of chain and two inside _mix: each built once
    assert sorted(built) == ["_mix", "_rot"]
    assert numba_inline_memo.memo_size() == 0       # cleared when the compile ended
    # (after the count: the Python run calls _mix and _rot, which compiles them on their own)
    assert got == chain.py_func(12345, 7)


def test_a_later_compile_sees_a_changed_global(monkeypatch):
    @numba.njit
    def first(x):
        return _mix(x)

    @numba.njit
    def second(x):
        return _mix(x)

    assert first(99) == _mix.py_func(99)
    monkeypatch.setattr(sys.modules[__name__], "OFFSET", 1000)
    assert second(99) == _mix.py_func(99) == first(99) + 990


def test_installed():
    assert numba_inline_memo.installed()
