"""Generated hostile inputs per surface (issue 40), each call classified as in
tests/hostile.py: ok, refused on purpose (ValueError/TypeError or pyeval's own error with a
message) or a finding (anything else, or a wrong answer: ICM not adding up to the prizes, a
structure that loads but fails what ``tournament check`` computes). Prints the counts and
the findings, grouped by where they were raised, one example each.

    python bench/fuzz_surfaces.py [--n 100000] [--seed 1] [--surfaces rules,phh,...]

Surfaces: rules (Hand and actions), phh (loads and replay), structure (structure files),
icm, sim (the simulator's options; the kernel run for 1 case in 50), cli (pyeval commands
through click's CliRunner).
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import hostile

SURFACES = ("rules", "phh", "structure", "icm", "sim", "cli")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--surfaces", default=",".join(SURFACES))
    a = ap.parse_args()
    warnings.simplefilter("ignore")
    tmp = Path(tempfile.mkdtemp(prefix="pyeval-fuzz-"))
    files = hostile.cli_files(tmp)
    texts = hostile._example_texts()
    for surface in a.surfaces.split(","):
        rng = random.Random(f"{a.seed}-{surface}")
        counts: collections.Counter[str] = collections.Counter()
        where: collections.Counter[str] = collections.Counter()
        example: dict[str, tuple[str, str]] = {}
        t0 = time.perf_counter()
        structures = None
        if surface == "sim":
            from pyeval.tournament.structure import load_structure
            structures = {n: load_structure(n) for n in ("club_3000", "hands_100k_stud")}
        for _ in range(a.n):
            if surface == "cli":
                case = hostile.cli_case(rng, files)
            elif surface == "structure":
                case = hostile.structure_case(rng, texts)
            elif surface == "sim":
                case = hostile.sim_case(rng, structures)
            else:
                case = getattr(hostile, f"{surface}_case")(rng)
            out = hostile.classify(case.fn, *case.args, **case.kwargs)
            counts[out.kind] += 1
            if out.kind == "finding":
                key = out.detail.rsplit(" at ", 1)[-1] + " " + out.detail.split(":")[0]
                where[key] += 1
                example.setdefault(key, (out.detail[:300], case.label[:300]))
        dt = time.perf_counter() - t0
        print(f"{surface}: {a.n:,} inputs in {dt:.0f} s: ok {counts['ok']:,}, refused "
              f"{counts['refused']:,}, findings {counts['finding']:,}", flush=True)
        for key, k in where.most_common(15):
            detail, label = example[key]
            print(f"  {k:,} x {detail}\n      e.g. {label!r}", flush=True)


if __name__ == "__main__":
    main()
