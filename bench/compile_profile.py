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

from benchlib import CompileClock


def _name(d: Any) -> str:
    f = getattr(d, "py_func", None)
    return f"{f.__module__}.{f.__qualname__}" if f is not None else "?"


def main(call: str) -> None:
    clock = CompileClock().register()
    t0 = time.process_time()
    import pyeval
    t1 = time.process_time()
    exec(call, {"pyeval": pyeval})
    t2 = time.process_time()
    print(f"import {t1 - t0:.2f} s, call {t2 - t1:.2f} s CPU")
    for c in sorted(clock.compiles, key=lambda c: -c.self_s)[:20]:
        print(f"{c.self_s:6.2f} excl {c.total_s:6.2f} incl  {_name(c.dispatcher)} {str(c.args)[:70]}")
    print(f"{len(clock.compiles)} compiles, {sum(c.self_s for c in clock.compiles):.2f} s CPU in all")


if __name__ == "__main__":
    main(sys.argv[1])
