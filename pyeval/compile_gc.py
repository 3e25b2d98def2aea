"""Hold back Python's cyclic garbage collector while Numba compiles pyeval's kernels.

Numba's compiler allocates millions of small objects (IR nodes, types, LLVM IR text) and
keeps most of them alive until the compile ends, so the collector's full passes, triggered
by the allocation count, walk a heap that only grows: a cold compile of the hold'em
simulation ran 24 full collections, and with the thresholds below none, for 23.7 s of CPU
instead of 30.6-31.7 s (about 78 MB more at the peak: 461 MB instead of 383 MB;
bench/RESULTS.md, "The collector held back while compiling"). Within
:func:`collector_held_back` the thresholds are :data:`COMPILE_THRESHOLD`; the collector
still runs, the young generation every 100,000 allocations. When the outermost block ends
the thresholds in force before it are restored.

Importing this module registers a Numba event listener that holds the collector back for
as long as a compile is running, whatever starts it, so every module that compiles kernels
imports it through :mod:`pyeval.numba_setup` (as :mod:`pyeval.frame_chunks`).

Example:
    >>> import gc
    >>> before = gc.get_threshold()
    >>> with collector_held_back():
    ...     with collector_held_back():
    ...         inside = gc.get_threshold()
    ...     still = gc.get_threshold()
    >>> inside == still == COMPILE_THRESHOLD, gc.get_threshold() == before
    (True, True)
"""
from __future__ import annotations

import gc

from pyeval.compile_span import Span, hold_while_compiling

__all__ = ["COMPILE_THRESHOLD", "collector_held_back"]

#: ``gc.set_threshold`` while compiling: the young generation collected every 100,000
#: allocations (the default: 700), a full collection after 50 * 100 of those. Measured
#: beside (700, 10, 1000): 22.3-27.3 s but 541 MB, and (10000, 10, 10): 23.7-28.9 s, 438 MB.
COMPILE_THRESHOLD = (100_000, 50, 100)

_saved: list[tuple[int, ...]] = []


def _hold() -> None:
    _saved.append(gc.get_threshold())
    gc.set_threshold(*COMPILE_THRESHOLD)


def _release() -> None:
    gc.set_threshold(*_saved.pop())


_SPAN = Span(_hold, _release)


def collector_held_back() -> Span:
    """Within the block (nested or from several threads: the outermost one decides), the
    collector runs at :data:`COMPILE_THRESHOLD`."""
    return _SPAN


hold_while_compiling(_SPAN)
