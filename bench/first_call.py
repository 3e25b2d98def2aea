"""First-call cost of ``pyeval.equity``: CPU seconds of a fresh process running one call,
cold (empty Numba cache) and warm (the cache that run left), as /usr/bin/time reports them.

    python bench/first_call.py            # every case, 2 cold + 2 warm runs each
    python bench/first_call.py exact mc   # some cases

The process's CPU time covers Python start-up and ``import pyeval`` too; the line also
gives the call alone (``time.process_time`` around it, printed by the child).
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile

CASES = {
    "exact": 'pyeval.equity("holdem", ["AcAd", "KhKs"])',
    "mc": 'pyeval.equity("holdem", ["AcAd", "KhKs"], exact=False, samples=100_000)',
    "ranges": 'pyeval.equity("holdem", ["AK", "QQ+"], exact=False, samples=100_000)',
    "omaha": 'pyeval.equity("omaha", ["AsAhKsKh", "QdQcJdJc"], exact=False, samples=100_000)',
    # the general kernels (every other game): Monte Carlo and exact enumeration
    "stud_mc": 'pyeval.equity("stud", ["AcAdKs", "QhQsJd"], exact=False, samples=100_000)',
    "omaha_exact": 'pyeval.equity("omaha", ["AsAhKsKh", "QdQcJdJc"], board="2c7d9h")',
    # hold'em exact with ranges on a flop (the combinations' board walk or rank patterns)
    "range_exact": 'pyeval.equity("holdem", ["AK", "QQ+"], board="2c7d9h")',
}
CHILD = ("import time, pyeval\nt = time.process_time()\nr = {call}\n"
         "print(time.process_time() - t)")


def run(call: str, cache: str) -> tuple[float, float]:
    """(process CPU seconds, the call's CPU seconds) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, "-c", CHILD.format(call=call)], capture_output=True,
                       text=True, env=dict(os.environ, NUMBA_CACHE_DIR=cache), check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, float(p.stdout.split()[-1])


def main(names: list[str]) -> None:
    for name in names or list(CASES):
        for rep in range(2):
            with tempfile.TemporaryDirectory() as cache:
                cold = run(CASES[name], cache)
                warm = run(CASES[name], cache)
            print(f"{name:7s} run {rep + 1}: cold {cold[0]:5.2f} s CPU (call {cold[1]:5.2f}), "
                  f"warm {warm[0]:5.2f} s CPU (call {warm[1]:5.2f})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
