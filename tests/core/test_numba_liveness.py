"""pyeval.numba_liveness against Numba's own compute_live_map, on the IR of the simulation
kernels' largest functions and of small loops, before and after Numba's SSA and inlining
passes have reshaped it."""
from __future__ import annotations

import numba
import pytest
from numba.core import analysis, compiler, ir_utils
from numba.core.postproc import VariableLifetime

from pyeval import numba_liveness
from pyeval.numba_linked import numba_version_checked
from pyeval.numba_liveness import NUMBA_COMPUTE_LIVE_MAP, compute_live_map
from pyeval.sim import betting, hand, kernel, pots, table_moves


def _nested(n, a):
    t = 0
    for i in range(n):
        if a[i] > 0:
            for j in range(i):
                t += j
                if t > 100:
                    break
        else:
            while t > 0:
                t -= a[i] + 1
    return t


def _both(blocks):
    vlt = VariableLifetime(blocks)
    args = (vlt.cfg, vlt._blocks, vlt.usedefs.usemap, vlt.usedefs.defmap)
    return compute_live_map(*args), NUMBA_COMPUTE_LIVE_MAP(*args)


@pytest.mark.parametrize("func", [
    _nested, kernel.play_tournament.py_func, betting.play_betting_round.py_func,
    hand.play_button_hand.py_func, pots.award_pots.py_func, table_moves._rebalance.py_func],
    ids=lambda f: getattr(f, "__name__", str(f)))
def test_the_same_live_map_as_numbas_on_real_functions(func):
    ours, numbas = _both(compiler.run_frontend(func).blocks)
    assert list(ours) == list(numbas)           # the same blocks, in the same order
    assert ours == numbas
    assert sum(map(len, ours.values())) > 0


def test_the_same_live_map_at_every_call_of_a_compile(monkeypatch):
    """Every liveness question Numba asks while compiling a function with loops, branches,
    an inlined callee and SSA: the two answers agree."""
    asked = []

    def checked(cfg, blocks, use, define):
        ours = compute_live_map(cfg, blocks, use, define)
        numbas = NUMBA_COMPUTE_LIVE_MAP(cfg, blocks, use, define)
        asked.append(ours == numbas and list(ours) == list(numbas))
        return numbas

    monkeypatch.setattr(analysis, "compute_live_map", checked)
    monkeypatch.setattr(ir_utils, "compute_live_map", checked)

    @numba.njit(inline="always")
    def step(x, k):
        return x * 3 + k if x < 50 else x // 2

    @numba.njit
    def walk(n):
        x, seen = 1, 0
        for k in range(n):
            x = step(x, k)
            if x % 7 == 0:
                seen += 1
                continue
            while x > 1000:
                x -= 999
        return x, seen

    assert walk(40) == walk.py_func(40)
    assert len(asked) >= 10 and all(asked)


def test_installed_on_the_checked_numba_only():
    assert numba_liveness.installed() == numba_version_checked()
