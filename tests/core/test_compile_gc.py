"""pyeval.compile_gc: Python's cyclic collector held back exactly while Numba compiles."""
from __future__ import annotations

import gc
import threading

import numba
from numba.core import event

from pyeval import compile_gc
from pyeval.compile_gc import COMPILE_THRESHOLD, collector_held_back


def test_thresholds_restored_after_nested_and_threaded_blocks() -> None:
    before = gc.get_threshold()
    started, release = threading.Event(), threading.Event()

    def hold() -> None:
        with collector_held_back():
            started.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    assert started.wait(10)
    with collector_held_back(), collector_held_back():
        assert gc.get_threshold() == COMPILE_THRESHOLD
    assert gc.get_threshold() == COMPILE_THRESHOLD      # the other thread's block is open
    release.set()
    t.join(10)
    assert gc.get_threshold() == before


def test_restored_when_the_block_raises() -> None:
    before = gc.get_threshold()
    try:
        with collector_held_back():
            raise KeyError("x")
    except KeyError:
        pass
    assert gc.get_threshold() == before


def test_held_back_for_exactly_the_span_of_a_numba_compile() -> None:
    seen: list[tuple[str, tuple[int, ...]]] = []

    class Look(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            seen.append(("start", gc.get_threshold()))

        def on_end(self, ev: event.Event) -> None:
            seen.append(("end", gc.get_threshold()))

    before = gc.get_threshold()
    look = Look()
    event.register("numba:compile", look)      # after pyeval's listener: sees its effect
    try:
        @numba.njit(cache=False)
        def triple(x):
            return 3 * x

        assert triple(14) == 42
    finally:
        event.unregister("numba:compile", look)
    # listeners run in the order registered: pyeval's opens before this one looks, and
    # closes (restores) before this one looks again
    assert seen == [("start", COMPILE_THRESHOLD), ("end", before)]
    assert gc.get_threshold() == before
    assert compile_gc.COMPILE_THRESHOLD[0] > 700      # fewer collections than Python's default
