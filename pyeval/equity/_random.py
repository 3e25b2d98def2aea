"""The equity kernels' random streams: SplitMix64, one stream per chunk of work seeded from
``(seed, chunk index)``, with unbiased bounded draws (Lemire's method).

>>> int(stream_seed(1, 0)) != int(stream_seed(1, 1))
True
"""
from __future__ import annotations

import numpy as np
from numba import njit

LOW32 = np.uint64(0xFFFFFFFF)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_seed(seed, chunk):
    """The starting state of a chunk's random stream, from (seed, chunk index)."""
    return _mix(_mix(np.uint64(seed) + GOLDEN) ^ (np.uint64(chunk) * MIX2 + GOLDEN))


@njit(cache=True, inline="always")
def next_word(s):
    """SplitMix64: the next state and a random 64-bit word."""
    s = s + GOLDEN
    return s, _mix(s)


@njit(cache=True)
def below(s, n):
    """A uniform integer in [0, n), n < 2**32, without bias (Lemire's method)."""
    nn = np.uint64(n)
    s, r = next_word(s)
    m = (r >> np.uint64(32)) * nn
    lw = m & LOW32
    if lw < nn:
        t = (np.uint64(0x100000000) - nn) % nn
        while lw < t:
            s, r = next_word(s)
            m = (r >> np.uint64(32)) * nn
            lw = m & LOW32
    return s, np.int64(m >> np.uint64(32))


@njit(cache=True)
def unit(s):
    """A uniform float in [0, 1) with 53 random bits."""
    s, r = next_word(s)
    return s, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def mul128(x, n):
    """The 128-bit product x * n (x < 2**64, n < 2**32) as (high, low) 64-bit words."""
    a = (x & LOW32) * n
    b = (x >> np.uint64(32)) * n + (a >> np.uint64(32))
    return b >> np.uint64(32), (b << np.uint64(32)) | (a & LOW32)


@njit(cache=True)
def draw(x, nD, thr, s):
    """Card index below nD from 32 random bits x (Lemire), drawing again in the rare biased
    case (``thr`` = 2**32 mod nD). Returns (index, state)."""
    m = x * nD
    while (m & LOW32) < thr:
        s, x2 = next_word(s)
        m = (x2 >> np.uint64(32)) * nD
    return m >> np.uint64(32), s
