"""First-call cost of ``pyeval.equity`` (and of ``pyeval.deal``, case ``deal``): CPU seconds
of a fresh process running one call, cold (empty Numba cache) and warm (the cache that run
left), as /usr/bin/time reports them.

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

_MC = "exact=False, samples=100_000"
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
    # every other game family (issue 13: every game's first call): hold'em three-way, known
    # hands and ranges (the joint-table, rank-walk and rank-pattern kernels); Omaha Hi/Lo
    # with known hands (the Omaha kernel); then each evaluation and split of the general
    # kernels, Monte Carlo from part of each hand, then exact enumeration
    "mc3": f'pyeval.equity("holdem", ["AcAd", "KhKs", "QcQd"], {_MC})',
    "ranges3": f'pyeval.equity("holdem", ["AA,KK", "AK", "AQs+,KQs"], {_MC})',
    "exact3": 'pyeval.equity("holdem", ["AcAd", "KhKs", "QcQd"], exact=True)',
    "range3_exact": 'pyeval.equity("holdem", ["AA,KK", "AK", "AQs+,KQs"], exact=True)',
    "omaha8": f'pyeval.equity("omaha8", ["AsAh2s3h", "KcKdQcQd"], {_MC})',
    "omaha_part_mc": f'pyeval.equity("omaha", ["AsAh**", "QdQcJd*"], {_MC})',
    "omaha8_mc": f'pyeval.equity("omaha8", ["AsAh2s*", "KcKdQc*"], {_MC})',
    "stud8_mc": f'pyeval.equity("stud8", ["Ac2d3s", "QhQsJd"], {_MC})',
    "chicago_mc": f'pyeval.equity("chicago", ["AcAdKs", "QhQsJd"], {_MC})',
    "razz_mc": f'pyeval.equity("razz", ["Ac2d3s", "QhQsJd"], {_MC})',
    "draw5_mc": f'pyeval.equity("draw5", ["AcAdKsKh", "QhQsJdJc"], {_MC})',
    "super8_mc": f'pyeval.equity("super8", ["AcAdKs", "QhQsJd"], {_MC})',
    "tahoe_mc": f'pyeval.equity("tahoe", ["AcAdKs", "QhQsJd"], {_MC})',
    "buffalo_mc": f'pyeval.equity("buffalo", ["AcAdKs", "QhQsJd"], {_MC})',
    "croc_mc": f'pyeval.equity("crocodile", ["AcAdKs", "QhQsJd"], {_MC})',
    "omaha8_exact": 'pyeval.equity("omaha8", ["AsAh2s3h", "KcKdQcQd"], board="2c7d9h")',
    "stud_exact": 'pyeval.equity("stud", ["AcAdKs5h6h", "QhQsJd9c8c"], exact=True)',
    "stud8_exact": 'pyeval.equity("stud8", ["Ac2d3s5h6h", "QhQsJd9c8c"], exact=True)',
    "chicago_exact": 'pyeval.equity("chicago", ["AcAdKs5h6h", "QhQsJd9c8c"], exact=True)',
    "razz_exact": 'pyeval.equity("razz", ["Ac2d3sKhQh", "4h5s6dJcTc"], exact=True)',
    "draw5_exact": 'pyeval.equity("draw5", ["AcAdKsKh", "QhQsJdJc"], exact=True)',
    "super8_exact": 'pyeval.equity("super8", ["AcAdKs", "QhQsJd"], board="2c7d9h")',
    "tahoe_exact": 'pyeval.equity("tahoe", ["AcAdKs", "QhQsJd"], board="2c7d9h")',
    "buffalo_exact": 'pyeval.equity("buffalo", ["AcAdKs5h6h", "QhQsJd9c8c"], exact=True)',
    "croc_exact": 'pyeval.equity("crocodile", ["AcAdKs5h6h", "QhQsJd9c8c"], exact=True)',
    # random hands in bulk (docs/evaluate.md): its Numba dealer's first call
    "deal": "pyeval.deal(1000, 7, seed=1)",
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
            print(f"{name:13s} run {rep + 1}: cold {cold[0]:5.2f} s CPU (call {cold[1]:5.2f}), "
                  f"warm {warm[0]:5.2f} s CPU (call {warm[1]:5.2f})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
