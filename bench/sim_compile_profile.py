"""Compile time per Numba function (self = its CPU time minus the compiles it triggers) of one
simulate() call, and the LLVM lock time: run with an empty NUMBA_CACHE_DIR.

    NUMBA_CACHE_DIR=$(mktemp -d) python bench/sim_compile_profile.py
    NUMBA_CACHE_DIR=$(mktemp -d) python bench/sim_compile_profile.py \
        "pyeval.sim.simulate('hands_100k_stud', n=1, seed=0, players=10)"
"""
from __future__ import annotations

import sys
import time

from benchlib import CompileClock

clock = CompileClock().register()


def main() -> None:
    t = time.process_time()
    import pyeval.sim

    print("import", time.process_time() - t, flush=True)
    t = time.process_time()
    if len(sys.argv) < 2:
        pyeval.sim.simulate("club_3000", n=1, seed=0, players=30)
    else:
        eval(sys.argv[1])
    print("call", time.process_time() - t, "llvm_lock", clock.lock_s, flush=True)
    rows = sorted(((c.self_s, c.total_s, getattr(c.dispatcher, "__qualname__", str(c.dispatcher)),
                    str(c.args)[:120]) for c in clock.compiles), reverse=True)
    for r in rows[:40]:
        print("{:7.2f} {:7.2f} {} {}".format(*r))
    print("n compiles", len(rows))


if __name__ == "__main__":
    main()
