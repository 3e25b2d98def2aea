"""One random-number layer for every Numba kernel: streams seeded by ``(seed, stream)``.

A kernel that needs randomness takes a ``seed`` and gives each independent unit of work
(a tournament, a block of deals) its own *stream* number, then fills a ``uint64[4]`` state
with :func:`seed_stream` and draws from it with :func:`next_u64`, :func:`below` and
:func:`uniform`. The stream depends on ``(seed, stream)`` alone, so a run gives the same
results whatever the number of threads, chunks or Dask workers that play it. The
tournament simulator numbers its streams by tournament index.

The generator is xoshiro256** (public-domain algorithm by Blackman and Vigna, written here
from its description); its state is seeded through splitmix64 from ``(seed, stream)``.
All functions are ``@numba.njit`` and can also be called from Python.

Example:
    >>> import numpy as np
    >>> s = np.empty(4, np.uint64)
    >>> seed_stream(s, 42, 7); a = next_u64(s)
    >>> seed_stream(s, 42, 7); a == next_u64(s)
    True
    >>> seed_stream(s, 42, 7); [int(below(s, 10)) for _ in range(5)]
    [9, 5, 1, 0, 2]
"""
from __future__ import annotations

import numba
import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_U30 = np.uint64(30)
_U27 = np.uint64(27)
_U31 = np.uint64(31)
_U17 = np.uint64(17)
_U45 = np.uint64(45)
_U19 = np.uint64(19)
_U7 = np.uint64(7)
_U57 = np.uint64(57)
_U9 = np.uint64(9)
_U5 = np.uint64(5)
_U11 = np.uint64(11)
_U32 = np.uint64(32)
_U53 = np.uint64(53)


@numba.njit(cache=True, inline="always")
def splitmix64(x):
    """One splitmix64 output for the state ``x`` (a mixing function of a uint64)."""
    z = np.uint64(x) + _GOLDEN
    z = (z ^ (z >> _U30)) * _M1
    z = (z ^ (z >> _U27)) * _M2
    return z ^ (z >> _U31)


@numba.njit(cache=True)
def seed_stream(state, seed, index):
    """Fill ``state`` (uint64[4]) with stream number ``index`` under ``seed``."""
    a = splitmix64(np.uint64(seed))
    b = splitmix64(a ^ splitmix64(np.uint64(index) * _GOLDEN + np.uint64(1)))
    x = b
    for i in range(4):
        x = x + _GOLDEN
        state[i] = splitmix64(x)
    if state[0] == 0 and state[1] == 0 and state[2] == 0 and state[3] == 0:
        state[0] = np.uint64(1)


@numba.njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@numba.njit(cache=True, inline="always")
def next_u64(s):
    """Next 64 random bits of the xoshiro256** state ``s`` (advanced in place)."""
    result = _rotl(s[1] * _U5, 7) * _U9
    t = s[1] << _U17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@numba.njit(cache=True, inline="always")
def below(s, n):
    """A random integer in ``0 .. n - 1`` (``n`` < 2**32; multiply-shift, bias < 2**-32)."""
    r = next_u64(s) >> _U32
    return np.int64((r * np.uint64(n)) >> _U32)


@numba.njit(cache=True, inline="always")
def uniform(s):
    """A random float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(s) >> _U11) * (1.0 / 9007199254740992.0)
