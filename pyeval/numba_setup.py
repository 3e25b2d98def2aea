"""What pyeval changes in Numba's compiling, in one place: importing this module installs
all of it (:mod:`pyeval.numba_ext` and :mod:`pyeval.compile_once` import it, so every
module that compiles kernels does).

- :mod:`pyeval.compile_gc`: the cyclic collector held back while compiling;
- :mod:`pyeval.frame_chunks`: CPython's frame-stack chunks kept while compiling;
- :mod:`pyeval.numba_flags`: a faster key for Numba's overload cache;
- :mod:`pyeval.numba_liveness`: Numba's live-variable analysis on bit sets;
- :mod:`pyeval.numba_inline_memo`: an inlined function's IR built once per compile.

The last three patch Numba's internals on the version :mod:`pyeval.numba_linked` was checked
against only.
"""
from __future__ import annotations

from pyeval import (
    compile_gc,
    frame_chunks,
    numba_flags,
    numba_inline_memo,
    numba_liveness,
)

__all__ = ["compile_gc", "frame_chunks", "numba_flags", "numba_inline_memo", "numba_liveness"]
