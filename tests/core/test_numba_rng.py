"""pyeval.jit.numba_rng's xoshiro256** step (Numba code) against the generator's published
definition (Blackman and Vigna), written here independently with Python integers."""
from __future__ import annotations

import numba
import numpy as np
import pytest

from pyeval.jit.numba_rng import below, next_u64, seed_stream, uniform

_MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


def _reference(state: list[int], n: int) -> list[int]:
    """xoshiro256** (Blackman and Vigna): ``n`` outputs from ``state`` (changed in place).

    Written as the whole new state from the old one at once, worked out by hand from the
    paper's six in-place steps (``s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
    s3 = rotl(s3, 45)``), and the multiplications by 5 and 9 as shifts and adds: another
    route to the same numbers than the library's in-place code.
    """
    out = []
    for _ in range(n):
        s0, s1, s2, s3 = state
        x = ((s1 << 2) + s1) & _MASK
        out.append(((_rotl(x, 7) << 3) + _rotl(x, 7)) & _MASK)
        state[:] = [s0 ^ s1 ^ s3, s0 ^ s1 ^ s2, s0 ^ s2 ^ ((s1 << 17) & _MASK),
                    _rotl(s1 ^ s3, 45)]
    return out


def test_reference_by_hand() -> None:
    """two steps from the state (1, 2, 3, 4) worked on paper: 2 * 5 = 10, rotated by 7 is
    1280, times 9 is 11520; the new state is (1^2^4, 1^2^3, 1^3^(2 << 17), (2^4) << 45)"""
    state = [1, 2, 3, 4]
    assert _reference(state, 1) == [11520]
    assert state == [7, 0, 2 | (1 << 18), 6 << 45]
    assert _reference(state, 1) == [0]                 # s1 = 0: the output is 0
    s = np.array([1, 2, 3, 4], np.uint64)
    assert [int(x) for x in _draws(s, 2)] == [11520, 0]


@numba.njit(cache=False)
def _draws(s, n):
    out = np.empty(n, np.uint64)
    for i in range(n):
        out[i] = next_u64(s)
    return out


@numba.njit(cache=False)
def _draws_row(states, row, n):
    out = np.empty(n, np.uint64)
    for i in range(n):
        out[i] = next_u64(states[row])      # a row of a matrix: the state a view
    return out


@pytest.mark.parametrize("seed, stream", [(0, 0), (42, 7), (2**63 + 5, 123_456)])
def test_step_is_xoshiro256starstar(seed: int, stream: int) -> None:
    s = np.empty(4, np.uint64)
    seed_stream(s, np.uint64(seed), stream)
    want_state = [int(x) for x in s]
    want = _reference(want_state, 5_000)
    got = _draws(s, 5_000)
    assert [int(x) for x in got] == want
    assert [int(x) for x in s] == want_state          # the state advanced alike


def test_step_on_a_strided_view_and_from_python() -> None:
    m = np.zeros((3, 8), np.uint64)
    seed_stream(m[1, ::2], np.uint64(9), 1)       # a strided view (every other word)
    state = [int(x) for x in m[1, ::2]]
    want = _reference(list(state), 3)
    v = m[1, ::2]
    assert [int(next_u64(v)) for _ in range(3)] == want       # called from Python
    assert m[1, 1::2].tolist() == [0, 0, 0, 0]                # the other words untouched
    rows = np.zeros((2, 4), np.uint64)
    seed_stream(rows[1], np.uint64(9), 1)
    assert [int(x) for x in _draws_row(rows, 1, 3)] == want


def test_bounded_draws_use_the_high_bits() -> None:
    s = np.empty(4, np.uint64)
    seed_stream(s, np.uint64(3), 4)
    state = [int(x) for x in s]
    raw = _reference(state, 2)
    assert int(below(s, 52)) == ((raw[0] >> 32) * 52) >> 32
    assert float(uniform(s)) == (raw[1] >> 11) * (1.0 / 9007199254740992.0)
