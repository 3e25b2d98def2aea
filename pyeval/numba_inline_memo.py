"""Numba's IR of an ``inline="always"`` function built once per compile, not once per call
site.

To inline such a function, Numba builds its IR from the bytecode and runs the untyped
passes over it (which inline its own ``inline="always"`` callees the same way) at every
call site, then copies that IR into the caller. The simulation kernels inline the random
draws (``below``, ``next_u64``, ``_rotl`` ...) and other small helpers at about 230 sites
of 90 functions, and 6 % of a cold compile went to rebuilding the same IR (py-spy, Irish).
Here the IR is kept from the first site to the end of the outermost compile (the
functions' globals cannot change within it), keyed by the function, the compiler flags in
force and the pipeline: Numba copies it at each site before changing it, as before.
Inlining the same function twice into one caller names the second copy's variables with a
version suffix instead of a new unique id; the kernels' results are the same, and a cold
Irish compile takes 20.1 s of CPU instead of 20.5 (bench/RESULTS.md, "Link-only helpers,
liveness by bits, inlined IR built once").

Importing this module installs it (through :mod:`pyeval.numba_setup`, as
:mod:`pyeval.numba_flags`) on the Numba versions :mod:`pyeval.numba_linked` was checked
against; on any other version Numba's own stays.
"""
from __future__ import annotations

from typing import Any

from numba.core.inline_closurecall import InlineWorker

from pyeval.compile_span import Span, hold_while_compiling
from pyeval.numba_linked import numba_version_checked

__all__ = ["installed", "memo_size"]

#: Numba's own method, as imported
NUMBA_RUN_UNTYPED_PASSES = InlineWorker.run_untyped_passes

_MEMO: dict[tuple[Any, ...], Any] = {}
_IN_COMPILE = [False]      # the memo serves only within a compile's numba:compile event


def _open() -> None:
    _IN_COMPILE[0] = True


def _close() -> None:
    _IN_COMPILE[0] = False
    _MEMO.clear()


def _run_untyped_passes(self: InlineWorker, func: Any, enable_ssa: bool = False) -> Any:
    if not _IN_COMPILE[0]:       # a compile Numba's event does not cover: as Numba does
        return NUMBA_RUN_UNTYPED_PASSES(self, func, enable_ssa)
    # Numba's sets this on the caller's flags (shared with the caller's compile), and the
    # passes then run with it: both kept
    self.flags.enable_ssa = enable_ssa
    key = (func, enable_ssa, repr(sorted(self.flags.values().items())),
           repr(sorted(self.locals.items())), self._compiler_pipeline)
    func_ir = _MEMO.get(key)
    if func_ir is None:
        func_ir = _MEMO[key] = NUMBA_RUN_UNTYPED_PASSES(self, func, enable_ssa)
    return func_ir


def memo_size() -> int:
    """How many functions' IR are kept (0 outside a compile)."""
    return len(_MEMO)


def installed() -> bool:
    """True when Numba's inliner takes the IR from this module's memo."""
    return InlineWorker.run_untyped_passes is _run_untyped_passes


if numba_version_checked():
    InlineWorker.run_untyped_passes = _run_untyped_passes  # type: ignore[method-assign]
    # every compile runs under Numba's compiler lock, one at a time; the memo is cleared
    # when the outermost one ends
    hold_while_compiling(Span(_open, _close))
