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

The equity kernels, whose inner loops keep their state in a register rather than an
array, use the one-word form of the same splitmix64: :func:`word_stream` seeds a stream
from ``(seed, chunk)``, :func:`next_word` steps it, and :func:`word_below`,
:func:`word_unit` and :func:`draw` make unbiased bounded draws from it (Lemire's method).

Example:
    >>> import numpy as np
    >>> s = np.empty(4, np.uint64)
    >>> seed_stream(s, 42, 7); a = next_u64(s)
    >>> seed_stream(s, 42, 7); a == next_u64(s)
    True
    >>> seed_stream(s, 42, 7); [int(below(s, 10)) for _ in range(5)]
    [9, 5, 1, 0, 2]
    >>> w = word_stream(42, 7); w, x = next_word(w); w2, i = word_below(w, 10); 0 <= i < 10
    True
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


LOW32 = np.uint64(0xFFFFFFFF)


@numba.njit(cache=True, inline="always")
def mix64(z):
    """splitmix64's output function: a bijective mix of a uint64."""
    z = (z ^ (z >> _U30)) * _M1
    z = (z ^ (z >> _U27)) * _M2
    return z ^ (z >> _U31)


@numba.njit(cache=True, inline="always")
def splitmix64(x):
    """One splitmix64 output for the state ``x`` (a mixing function of a uint64)."""
    return mix64(np.uint64(x) + _GOLDEN)


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


@numba.njit(cache=True, inline="always")
def deal_unused(s, used, out, n):
    """``n`` cards (0..51) drawn from the stream ``s`` into ``out[:n]``, none of them in the
    bit mask ``used`` nor drawn twice (a card already used is drawn again); the new mask.
    The table builders' deal (pre-flop, Omaha and the variants' starting-hand tables).

    >>> s = np.empty(4, np.uint64); seed_stream(s, 1, 0)
    >>> out = np.empty(5, np.int64)
    >>> used = deal_unused(s, np.int64(0b1111), out, 5)
    >>> bool(min(out) >= 4), len(set(out.tolist())), bin(int(used)).count("1")
    (True, 5, 9)
    """
    got = 0
    while got < n:
        c = below(s, 52)
        bit = np.int64(1) << c
        if used & bit:
            continue
        used |= bit
        out[got] = c
        got += 1
    return used


# ------------------------------------------------------- one-word splitmix64 streams


@numba.njit(cache=True)
def word_stream(seed, chunk):
    """The starting state of the one-word stream number ``chunk`` under ``seed``."""
    return mix64(mix64(np.uint64(seed) + _GOLDEN) ^ (np.uint64(chunk) * _M2 + _GOLDEN))


@numba.njit(cache=True, inline="always")
def next_word(s):
    """splitmix64 step: the next state and a random 64-bit word."""
    s = s + _GOLDEN
    return s, mix64(s)


@numba.njit(cache=True)
def word_below(s, n):
    """A uniform integer in [0, n), n < 2**32, without bias (Lemire's method).
    Returns (state, integer)."""
    nn = np.uint64(n)
    s, r = next_word(s)
    m = (r >> _U32) * nn
    lw = m & LOW32
    if lw < nn:
        t = (np.uint64(0x100000000) - nn) % nn
        while lw < t:
            s, r = next_word(s)
            m = (r >> _U32) * nn
            lw = m & LOW32
    return s, np.int64(m >> _U32)


@numba.njit(cache=True)
def word_unit(s):
    """A uniform float in [0, 1) with 53 random bits. Returns (state, float)."""
    s, r = next_word(s)
    return s, np.float64(r >> _U11) * (1.0 / 9007199254740992.0)


@numba.njit(cache=True)
def mul128(x, n):
    """The 128-bit product x * n (x < 2**64, n < 2**32) as (high, low) 64-bit words."""
    a = (x & LOW32) * n
    b = (x >> _U32) * n + (a >> _U32)
    return b >> _U32, (b << _U32) | (a & LOW32)


@numba.njit(cache=True)
def draw(x, nD, thr, s):
    """Index below nD from 32 random bits x (Lemire), drawing again from the stream ``s``
    in the rare biased case (``thr`` = 2**32 mod nD). Returns (index, state)."""
    m = x * nD
    while (m & LOW32) < thr:
        s, x2 = next_word(s)
        m = (x2 >> _U32) * nD
    return m >> _U32, s
