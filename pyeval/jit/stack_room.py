"""Run a long compile with room on CPython's frame stack, so that its deep calls do not map
and unmap memory at every turn (binding layer: :mod:`pyeval.jit.compile_once` compiles the
simulator's kernel through it).

CPython (3.11 and later) keeps the frames of Python calls on a stack of memory chunks of
16 KiB: a call that does not fit in the current chunk maps a new one, and its return unmaps
it again. Numba's compiler runs many calls deep, up and down across such a boundary
millions of times while it compiles a large kernel: each crossing is a ``mmap``, a page
fault and a ``munmap``. The cold compile of the simulator's hold'em kernel spent about a
quarter of its CPU in the operating system so (sys 11.4 s of 51.7 s, 1.86 million page
faults), and TLB flushes slowed the rest (bench/RESULTS.md, "The first simulation: room on
the frame stack").

:func:`in_stack_room` calls a function inside one frame that reserves room on that stack
(a copy of a two-line function whose declared stack depth is large, ``co_stacksize``): CPython
gives that frame a chunk of its own, 1 MiB, and the calls beneath it use the chunk's free
half without mapping anything until they return. Nothing of the interpreter is changed: it
is one ordinary Python frame, unmapped on return like any other, and only the calls made
inside it are affected. On an interpreter that keeps frames elsewhere (3.10, PyPy) it is a
plain call.

>>> in_stack_room(max, 3, 7)
7
"""
from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["ROOM_SLOTS", "in_stack_room"]

T = TypeVar("T")

#: the frame's declared stack depth, in slots of 8 bytes: just over half of 1 MiB (with
#: CPython's overhead), so that the chunk made for it is 1 MiB with about 480 KiB, some
#: 60,000 slots, free for the calls beneath it (Numba's compile of the simulator's kernel
#: never needed more: no page fault of the frame stack was left, bench/RESULTS.md)
ROOM_SLOTS = 70_000


def _call(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    return fn(*args)


_roomy = types.FunctionType(
    _call.__code__.replace(co_stacksize=_call.__code__.co_stacksize + ROOM_SLOTS),
    {}, "in_stack_room")


def in_stack_room(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, called from a frame with room on CPython's frame stack beneath it (see
    the module notes): the same result or exception, only no memory mapped and unmapped at
    each turn of its deep calls."""
    result: T = _roomy(fn, args)
    return result
