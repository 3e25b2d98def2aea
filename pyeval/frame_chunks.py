"""Keep CPython's frame-stack chunks while Numba compiles pyeval's kernels.

CPython (3.11 and later) holds its frames on a stack of 16 KiB chunks, mapped when a call
crosses into one and unmapped as soon as it returns out of it. Numba's compiler copies its IR
recursively, so the frame stack swings back and forth across one chunk border: a cold
compile of the hold'em simulation kernel mapped and unmapped 790,000 chunks, 5.4 of its 38 s
of CPU spent by the system (bench/RESULTS.md, "The frame-stack chunks"). Within
:func:`keep_frame_chunks` a freed chunk is kept (at most 16, 256 KiB) and handed out again
(``csrc/frame_chunks.c``); outside it the interpreter allocates as it always does.

Importing this module registers a Numba event listener that keeps the chunks for as long as
a compile is running, whatever starts it (the simulator, the equity engine, a test), so
every module that compiles kernels imports it through :mod:`pyeval.numba_setup`.

Example:
    >>> import sys
    >>> def down(n):
    ...     return 0 if n == 0 else 1 + down(n - 1)
    >>> before = reused()
    >>> with keep_frame_chunks():
    ...     total = sum(down(400) for _ in range(50))
    >>> total
    20000
    >>> reused() > before or sys.version_info < (3, 11)
    True
"""
from __future__ import annotations

from pyeval._native import lib
from pyeval.compile_span import Span, hold_while_compiling

__all__ = ["keep_frame_chunks", "reused"]


def _keep(on: bool) -> None:
    lib.pe_frame_chunks_keep(1 if on else 0)     # off: the kept chunks are unmapped here


_SPAN = Span(lambda: _keep(True), lambda: _keep(False))


def keep_frame_chunks() -> Span:
    """Within the block (nested or from several threads: the outermost one decides), freed
    frame-stack chunks are kept for reuse instead of unmapped."""
    return _SPAN


def reused() -> int:
    """How many frame-stack chunks this process has taken from the kept ones so far."""
    return int(lib.pe_frame_chunks_reused())


hold_while_compiling(_SPAN)
