"""What the first 7-card batch of a process pays to pick its loop: ``h7_loop.choose`` timing
every loop the CPU can run (``remeasure=True``: as with no cached choice), CPU and wall
seconds per call, in a fresh process.

    taskset -c 1 python bench/h7_choose.py --rounds 5
"""
from __future__ import annotations

import argparse
import time

from pyeval import h7_loop


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    for _ in range(args.rounds):
        t, c = time.perf_counter(), time.process_time()
        chosen = h7_loop.choose(remeasure=True)
        print(f"{1e3 * (time.process_time() - c):6.1f} ms CPU  "
              f"{1e3 * (time.perf_counter() - t):6.1f} ms wall  chose {chosen}")
    print(f"CPU: {h7_loop.cpu_model()}")


if __name__ == "__main__":
    main()
