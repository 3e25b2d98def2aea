"""The address intrinsics, kept under their old name: they live in :mod:`pyeval.numba_mem`.

>>> import numpy as np, numba
>>> a = np.arange(4, dtype=np.uint64) * 3
>>> @numba.njit
... def last(addr):
...     return ld64(addr, 3)
>>> int(last(np.uint64(a.ctypes.data)))
9
"""
from __future__ import annotations

from pyeval.numba_mem import fetch_add, ld8, ld16, ld32, ld64, ldf, ldi64, st8, st64, stf, sti64

__all__ = [
    "fetch_add",
    "ld8",
    "ld16",
    "ld32",
    "ld64",
    "ldf",
    "ldi64",
    "st8",
    "st64",
    "stf",
    "sti64",
]
