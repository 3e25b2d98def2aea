"""A faster ``compute_live_map`` for Numba: which variables are live at the entry of each
block of a function's IR, with the variable sets as bits of Python integers.

Numba's post-processing recomputes liveness about ten times per compiled function (after
each pass that changes the IR), by two fix-point iterations over the blocks whose every
step unions sets of variable names: in the simulation kernel's largest functions (250-310
blocks, thousands of variables) that is 7 % of a cold compile's CPU (py-spy, Irish kernel).
Here each set is an integer with one bit per variable, so a union or a difference is one
C operation on machine words; the equations, and so the result, are Numba's: the least
fixed point of

- ``reach[b]`` = the variables defined or used in ``b`` or in any block before it;
- ``live[b]`` = the variables used in ``b``, and those live at a successor of ``b`` that
  reach ``b`` and that ``b`` does not define.

A cold simulation compile: Irish 21.8 -> 20.5 s CPU in an interleaved pair (bench/RESULTS.md,
"Link-only helpers, liveness by bits, inlined IR built once");
``tests/core/test_numba_liveness.py`` compares the two on the IR of the kernels'
largest functions. Importing this module installs it (through :mod:`pyeval.numba_setup`, as
:mod:`pyeval.numba_flags`) on the Numba versions :mod:`pyeval.numba_linked` was checked
against; on any other version Numba's own stays.

Example:
    >>> from numba.core import compiler
    >>> from numba.core.postproc import VariableLifetime
    >>> def f(n):
    ...     s = 0
    ...     for i in range(n):
    ...         s += i
    ...     return s
    >>> vlt = VariableLifetime(compiler.run_frontend(f).blocks)
    >>> args = (vlt.cfg, vlt._blocks, vlt.usedefs.usemap, vlt.usedefs.defmap)
    >>> compute_live_map(*args) == NUMBA_COMPUTE_LIVE_MAP(*args)
    True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from numba.core import analysis, ir_utils

from pyeval.numba_linked import numba_version_checked

__all__ = ["NUMBA_COMPUTE_LIVE_MAP", "compute_live_map", "installed"]

#: Numba's own function, as imported
NUMBA_COMPUTE_LIVE_MAP = analysis.compute_live_map


def _bits(names: Iterable[str], index: dict[str, int]) -> int:
    """The set ``names`` as an integer, numbering new names in ``index`` as they come."""
    b = 0
    for name in names:
        i = index.get(name)
        if i is None:
            i = index[name] = len(index)
        b |= 1 << i
    return b


def _names(b: int, names: list[str]) -> set[str]:
    """The names of the bits set in ``b``."""
    out = set()
    while b:
        low = b & -b
        out.add(names[low.bit_length() - 1])
        b ^= low
    return out


def _reach(topo: list[int], succ: Mapping[int, list[int]], seen: Mapping[int, int]) -> dict[int, int]:
    """``reach[b]``: the variables defined or used (``seen``) in ``b`` or in a block before
    it, by forward passes in topological order until none changes."""
    reach: dict[int, int] = {}
    changed = True
    while changed:
        changed = False
        for b in topo:
            v = reach.get(b, 0) | seen[b]
            if v != reach.get(b, 0):
                reach[b] = v
                changed = True
            for s in succ[b]:
                old = reach.get(s, 0)
                if old | v != old:
                    reach[s] = old | v
                    changed = True
    return reach


def compute_live_map(cfg: Any, blocks: Mapping[int, Any], var_use_map: Mapping[int, Iterable[str]],
                     var_def_map: Mapping[int, Iterable[str]]) -> dict[int, set[str]]:
    """``numba.core.analysis.compute_live_map``: the variables live at the entry of each
    block (the same dict: keys in ``blocks``' order, sets of the same names)."""
    index: dict[str, int] = {}
    use = {b: _bits(v, index) for b, v in var_use_map.items()}
    define = {b: _bits(v, index) for b, v in var_def_map.items()}
    topo = list(cfg.topo_order())
    succ = {b: [s for s, _ in cfg.successors(b)] for b in topo}
    reach = _reach(topo, succ, {b: define[b] | use[b] for b in topo})
    live = {b: use[b] for b in blocks}
    pred = {b: [p for p, _ in cfg.predecessors(b)] for b in topo}
    changed = True
    while changed:          # backward passes, in reverse topological order, until none changes
        changed = False
        for b in reversed(topo):
            here = live[b]
            for p in pred[b]:
                old = live[p]
                new = old | (here & reach.get(p, 0) & ~define[p])
                if new != old:
                    live[p] = new
                    changed = True
    names = list(index)
    return {b: _names(v, names) for b, v in live.items()}


def installed() -> bool:
    """True when Numba computes liveness with this module's function."""
    return analysis.compute_live_map is compute_live_map


if numba_version_checked():
    # postproc calls it as analysis.compute_live_map; ir_utils imported the name
    analysis.compute_live_map = compute_live_map
    ir_utils.compute_live_map = compute_live_map
