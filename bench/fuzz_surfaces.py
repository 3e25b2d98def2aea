"""Generated hostile inputs per surface (issue 40), each call classified by
``tests/hostile.py`` (the runner the slow lane's ``tests/test_fuzz_surfaces.py`` uses): ok,
refused on purpose (ValueError/TypeError or pyeval's own error with a message) or a finding
(anything else, or a wrong answer: ICM not adding up to the prizes, a structure that loads
but fails what ``tournament check`` computes, an equity call past its time limit). Prints
the counts, the CPU time and the first findings of each surface; exits 1 on any finding.

    python bench/fuzz_surfaces.py [--n 100000] [--seed 1] [--surfaces rules,phh,...]

Surfaces: ranges, rules (Hand and actions), phh (loads and replay), structure (structure
files), cards, equity (equity options), icm, cli (pyeval commands through click's
CliRunner), sim (the simulator's options; the kernel run for 1 case in 50).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import hostile


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--surfaces", default=",".join(hostile.SURFACES))
    ap.add_argument("--equity-budget", type=float, default=0.004,
                    help="the longest time limit a generated equity call gets (seconds)")
    a = ap.parse_args()
    found = 0
    for surface in a.surfaces.split(","):
        cpu, wall = time.process_time(), time.perf_counter()
        tally = hostile.fuzz_surface(surface, a.n, a.seed, Path(tempfile.mkdtemp(prefix="pyeval-fuzz-")),
                                     equity_budget=a.equity_budget)
        c = tally.counts
        print(f"{surface}: {a.n:,} inputs, {time.process_time() - cpu:.0f} s CPU, "
              f"{time.perf_counter() - wall:.0f} s wall: ok {c['ok']:,}, refused "
              f"{c['refused']:,}, findings {c['finding']:,}", flush=True)
        for f in tally.findings:
            print("  " + f.replace("\n", "\n  "), flush=True)
        found += c["finding"]
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
