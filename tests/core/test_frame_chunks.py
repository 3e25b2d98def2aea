"""pyeval.frame_chunks: CPython's frame-stack chunks kept while Numba compiles."""
from __future__ import annotations

import sys
import threading

import numba
import pytest
from numba.core import event

from pyeval import frame_chunks
from pyeval._native import lib

needs_chunks = pytest.mark.skipif(
    sys.version_info < (3, 11), reason="CPython keeps frames on a chunked stack from 3.11 on")


def _down(n: int) -> int:
    return 0 if n == 0 else 1 + _down(n - 1)


def _swing(times: int) -> int:
    """Recurse 600 deep (past several 16 KiB chunk borders) and back, ``times`` times."""
    return sum(_down(600) for _ in range(times))


def _is_on() -> bool:
    """Whether the chunks are being kept: switching on again changes nothing then."""
    if lib.pe_frame_chunks_keep(1) == 1:        # it was off: put it back
        lib.pe_frame_chunks_keep(0)
        return False
    return True


@needs_chunks
def test_chunks_reused_inside_and_not_outside():
    before = frame_chunks.reused()
    assert _swing(40) == 24_000
    assert frame_chunks.reused() == before          # off: the interpreter's own allocator
    with frame_chunks.keep_frame_chunks():
        assert _is_on()
        assert _swing(40) == 24_000
    inside = frame_chunks.reused() - before
    assert inside >= 40                             # each swing crosses a border at least once
    assert not _is_on()
    assert _swing(40) == 24_000
    assert frame_chunks.reused() - before == inside


def test_nested_and_threaded_blocks_switch_off_once_all_have_left():
    started, release = threading.Event(), threading.Event()

    def hold():
        with frame_chunks.keep_frame_chunks():
            started.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    assert started.wait(10)
    with frame_chunks.keep_frame_chunks():
        with frame_chunks.keep_frame_chunks():
            assert _swing(5) == 3_000
        assert _is_on()
    assert _is_on()                 # the other thread's block is still open
    release.set()
    t.join(10)
    assert not _is_on()


def test_on_for_exactly_the_span_of_a_numba_compile():
    seen = []

    class Look(event.Listener):
        def on_start(self, ev):
            seen.append(("start", _is_on()))

        def on_end(self, ev):
            seen.append(("end", _is_on()))

    @numba.njit
    def twice(x):
        return 2 * x

    assert not _is_on()
    with event.install_listener("numba:compile", Look()):
        assert twice(21) == 42
    # the module's listener was registered first, and Numba tells the listeners in that
    # order at the start and at the end: on when Look sees the start, off again at its end
    assert seen == [("start", True), ("end", False)]
    assert not _is_on()
