"""Omaha 4+5 high batch: pyeval's ``omaha_high_batch`` beside phevaluator's C
(``evaluate_plo4_cards``, through bench/peers/phe_drv), the same random rows, interleaved
rounds, one core, CPU time; the values must order every row alike.

    # /tmp/peers: the drivers of bench/peers/ built by hand outside the repository
    # (default/ and native/ builds; the flags are in bench/RESULTS.md)
    PHE_OMAHA_SO=/path/to/phevaluator/_pheval*.so \\
        taskset -c 1 python bench/peers_omaha.py /tmp/peers --rounds 7

phe_drv links evaluate_plo4_cards when the phevaluator checkout has cpp/src/tables_plo4.c;
otherwise it loads it from $PHE_OMAHA_SO (any build of phevaluator's C exporting it).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path

import numpy as np
from benchlib import print_rounds, same_order

import pyeval


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("peers", type=Path)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--inner", type=int, default=3)
    ap.add_argument("--n", type=int, default=2_000_000)
    args = ap.parse_args()
    rows = pyeval.deal(args.n, 9, seed=45)
    f = args.peers / f"omaha45_{args.n}.bin"
    rows.tofile(f)
    hole, board = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
    mine = pyeval.omaha_high_batch(hole, board)
    runs: dict[str, list[float]] = {}
    # with $PHE_OMAHA_SO both builds of phe_drv call the same library: run one
    peers = ["phevaluator default"] + ([] if os.environ.get("PHE_OMAHA_SO") else ["phevaluator native"])
    jobs = ["pyeval", *peers]
    for r in range(args.rounds):
        got: dict[str, float] = {}
        for job in jobs[r % len(jobs):] + jobs[:r % len(jobs)]:
            if job == "pyeval":
                best = 0.0
                for _ in range(args.inner):
                    t = time.process_time()
                    pyeval.omaha_high_batch(hole, board)
                    best = max(best, args.n / (time.process_time() - t) / 1e6)
                got[job] = best
            else:
                drv = args.peers / job.split()[1] / "phe_drv"
                line = subprocess.run([str(drv), "omaha", str(f), str(args.inner)], check=True,
                                      capture_output=True, text=True).stdout.split()
                got[job] = float(line[line.index("best") + 1])
                if r == 0:
                    theirs = np.fromfile(f.parent / "phe_out.bin", np.uint16)
                    print(f"{job} orders all {args.n:,} rows as pyeval: {same_order(mine, theirs)}")
        for peer in peers:
            got[f"pyeval / {peer}"] = got["pyeval"] / got[peer]
        for k, v in got.items():
            runs.setdefault(k, []).append(v)
    print(f"\nOmaha 4+5 high, {args.n:,} random rows, checked, M rows/s, best of {args.inner} "
          f"per round, {args.rounds} rounds (ratios within a round)")
    print_rounds(runs, 34)


if __name__ == "__main__":
    main()
