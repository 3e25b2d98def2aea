"""Cold compile of a hold'em-only simulate() (run with an empty NUMBA_CACHE_DIR): CPU seconds.

    LABEL=branch NUMBA_CACHE_DIR=$(mktemp -d) python bench/sim_cold_holdem.py
"""
import os
import resource
import sys
import time

t0 = time.perf_counter()
import pyeval.sim.kernel.hand as h  # noqa: E402
from pyeval.sim import simulate  # noqa: E402

print("hand from", h.__file__, file=sys.stderr)
r = simulate("club_3000", n=1, seed=1, threads=1)
ru = resource.getrusage(resource.RUSAGE_SELF)
print(f"{os.environ.get('LABEL', '')}: wall {time.perf_counter() - t0:.1f} s, "
      f"cpu {ru.ru_utime + ru.ru_stime:.1f} s (user {ru.ru_utime:.1f}), hands {int(r.hands.sum())}")
