"""A call made in stack room returns what the plain call does, and its deep calls map no
memory at each turn on CPython's frame stack."""
from __future__ import annotations

import resource
import sys

import pytest

from pyeval.jit.stack_room import in_stack_room


def _deep(n: int) -> int:
    a = b = c = d = e = f = g = h = n     # a frame of a few dozen slots
    return 0 if n == 0 else 1 + _deep(n - 1) + (a + b + c + d + e + f + g + h) * 0


def _turns(times: int, depth: int) -> int:
    """The minor page faults of ``times`` dives ``depth`` calls deep (each far past one
    16 KiB chunk of the frame stack, and back)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(times):
        assert _deep(depth) == depth
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def test_the_result_and_the_error_are_the_plain_calls():
    assert in_stack_room(divmod, 17, 5) == (3, 2)
    assert in_stack_room(_deep, 300) == 300
    with pytest.raises(ZeroDivisionError):
        in_stack_room(divmod, 1, 0)


@pytest.mark.skipif(sys.version_info < (3, 11) or sys.implementation.name != "cpython"
                    or not sys.platform.startswith("linux"),
                    reason="the frame stack in chunks is CPython 3.11+'s; faults counted on Linux")
def test_deep_calls_in_the_room_fault_no_pages_at_each_turn():
    times, depth = 300, 400          # 400 frames: several chunks of 16 KiB
    plain = _turns(times, depth)
    in_stack_room(_turns, 1, depth)  # the room's pages touched once
    roomy = in_stack_room(_turns, times, depth)
    assert plain >= times            # a fresh chunk (a page fault) at least once a dive
    assert roomy < times // 10       # none at each turn in the room
