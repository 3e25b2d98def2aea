"""Say once on stderr that the simulation kernels are being compiled (a cold Numba cache).

Numba compiles a kernel on its first call and keeps the machine code in its cache; later
runs load it in well under a second. A compile is announced only when Numba really starts
one (a ``numba:compile`` event for a function of pyeval), never when the cache is warm, and
at most once per process.

Example:
    >>> import io
    >>> err = io.StringIO()
    >>> with compile_notice(stream=err):
    ...     pass                      # nothing compiled here: nothing said
    >>> err.getvalue()
    ''
"""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from numba.core import event

#: the figure is the README's: the first simulation of one game from empty caches on one quiet
#: core of the 2-core development machine, `bench/sim_cold_game.py` (bench/RESULTS.md, "The
#: merged main of 7 Dec (fifth session)", "The stud example's first simulation"): 22-29 s of
#: CPU; more while other work shares the machine, and more for a structure that mixes
#: families (it compiles the hands of each)
MESSAGE = ("pyeval: compiling the simulation kernel of these games for this machine, once "
           "(22-29 s of CPU, more when a structure mixes families; `pyeval warmup` "
           "does it ahead)...")

_said = False


class _Listener(event.Listener):
    """Prints :data:`MESSAGE` when the first compile of a pyeval function starts."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def on_start(self, ev: event.Event) -> None:
        global _said
        if _said:
            return
        disp = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
        module = getattr(getattr(disp, "py_func", None), "__module__", "") or ""
        if not module.startswith("pyeval."):
            return
        _said = True
        stream = self.stream if self.stream is not None else sys.stderr
        print(MESSAGE, file=stream, flush=True)

    def on_end(self, ev: event.Event) -> None:
        pass


@contextmanager
def compile_notice(stream: TextIO | None = None) -> Iterator[None]:
    """Within the block, announce the first compile of a pyeval kernel on ``stream``
    (default ``sys.stderr``)."""
    listener = _Listener(stream)
    with event.install_listener("numba:compile", listener):
        yield


def reset() -> None:
    """Forget that the notice was given (for tests)."""
    global _said
    _said = False


def said() -> bool:
    """True once the notice has been printed in this process."""
    return _said


__all__ = ["MESSAGE", "compile_notice", "reset", "said"]
