"""Where a first call's compile time goes: every Numba compile (``numba:compile`` events)
with its CPU seconds, exclusive of the compiles it started and inclusive, largest first.

    rm -rf /tmp/nc_cold && NUMBA_CACHE_DIR=/tmp/nc_cold python bench/compile_profile.py \\
        'pyeval.equity("holdem", ["AcAd", "KhKs"])'

Run it with an empty ``NUMBA_CACHE_DIR`` (cold): with a filled one nothing compiles.
"""
from __future__ import annotations

import sys
import time
from typing import Any

from numba.core import event

_stack: list[list[Any]] = []
_rows: list[tuple[str, float, float, str]] = []


class _Listener(event.Listener):
    def on_start(self, ev: event.Event) -> None:
        _stack.append([ev.data.get("dispatcher"), time.process_time(), 0.0])

    def on_end(self, ev: event.Event) -> None:
        d, t0, child = _stack.pop()
        dt = time.process_time() - t0
        if _stack:
            _stack[-1][2] += dt
        f = getattr(d, "py_func", None)
        name = f"{f.__module__}.{f.__qualname__}" if f is not None else "?"
        _rows.append((name, dt - child, dt, str(ev.data.get("args"))[:70]))


def main(call: str) -> None:
    event.register("numba:compile", _Listener())
    t0 = time.process_time()
    import pyeval
    t1 = time.process_time()
    exec(call, {"pyeval": pyeval})
    t2 = time.process_time()
    print(f"import {t1 - t0:.2f} s, call {t2 - t1:.2f} s CPU")
    for name, excl, incl, args in sorted(_rows, key=lambda r: -r[1])[:20]:
        print(f"{excl:6.2f} excl {incl:6.2f} incl  {name} {args}")
    print(f"{len(_rows)} compiles, {sum(r[1] for r in _rows):.2f} s CPU in all")


if __name__ == "__main__":
    main(sys.argv[1])
