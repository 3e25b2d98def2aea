"""A switch on from the first of nested or concurrent spans to the end of the last, and a
span held for exactly as long as every Numba compile runs.

pyeval changes two process-wide things while Numba compiles, and only then: CPython's
frame-stack chunks are kept (:mod:`pyeval.frame_chunks`) and the cyclic collector is held
back (:mod:`pyeval.compile_gc`). Compiles nest (a kernel's callees compile inside its own
compile event) and may run on several threads, so a :class:`Span` counts who is inside:
the first to enter switches on, the last to leave switches off.

Example:
    >>> calls = []
    >>> span = Span(lambda: calls.append("on"), lambda: calls.append("off"))
    >>> with span:
    ...     with span:
    ...         pass
    ...     calls.append("inner left")
    >>> calls
    ['on', 'inner left', 'off']
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from numba.core import event

__all__ = ["Span", "hold_while_compiling"]


class Span:
    """A context manager, re-entrant and shared by threads: ``on()`` when the first holder
    enters, ``off()`` when the last one leaves (also on an exception)."""

    def __init__(self, on: Callable[[], None], off: Callable[[], None]) -> None:
        self._on = on
        self._off = off
        self._lock = threading.Lock()
        self._depth = 0

    def __enter__(self) -> None:
        with self._lock:
            if self._depth == 0:
                self._on()
            self._depth += 1

    def __exit__(self, *exc: Any) -> None:
        with self._lock:
            self._depth -= 1
            if self._depth == 0:
                self._off()


class _WhileCompiling(event.Listener):
    def __init__(self, span: Span) -> None:
        self._span = span

    def on_start(self, ev: event.Event) -> None:
        self._span.__enter__()

    def on_end(self, ev: event.Event) -> None:
        self._span.__exit__(None, None, None)


def hold_while_compiling(span: Span) -> None:
    """Hold ``span`` from the start of every Numba compile to its end (a ``numba:compile``
    event listener, registered for the life of the process)."""
    event.register("numba:compile", _WhileCompiling(span))
