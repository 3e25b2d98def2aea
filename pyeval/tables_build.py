"""Regenerate the tables pyeval ships in ``pyeval/data`` from the code that computes them.

A table that costs a new user more than about half a second of CPU to compute (compile
included) and comes out the same on every run ships with the package, so that the first
simulation or percentage range of a fresh installation reads it instead of computing it
(:func:`pyeval.cached_arrays.cached_arrays` looks there before the cache folder). Each
table is defined once, by the module that owns it, as a :class:`~pyeval.cached_arrays.Table`
(its file name carries the version and parameters; :func:`tables` lists them). Run from a
source tree after changing a table's code or parameters::

    python -m pyeval.tables_build              # every table: about 60 s of CPU
    python -m pyeval.tables_build preflop_v1_60000_2500   # some, by file name
    python -m pyeval.tables_build --check      # compute and compare, write nothing

A table is computed by its builder, never copied from the cache folder; a file whose
arrays are unchanged is left as it is (its bytes would differ only by the zip's time
stamps), and files of ``pyeval/data`` that no table names any more are deleted when every
table is built. The slow tests (``tests/test_shipped_tables.py``) recompute each table and
compare it with the shipped copy; a fast one checks that the files are those of :func:`tables`.

Left computed: the incremental 7-card tables (:mod:`pyeval.jit.numba_hand`, built by the C
library in about 0.4 s and cached) and the 4-card Omaha score histogram of
:mod:`pyeval.sim.engine.engine` (milliseconds once its Numba code is compiled). The stud one
ships: its compile alone was 0.6 s of a stud kernel's first run.

>>> [t.name for t in tables()][:2]
['preflop_v1_60000_2500', 'nash_win_counts_v1']
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from pyeval.cached_arrays import SHIPPED, Table, _read

__all__ = ["DATA", "build", "main", "tables"]

#: the folder of the shipped tables in this source tree
DATA = Path(__file__).resolve().parent / SHIPPED


def tables() -> list[Table]:
    """Every shipped table, each after the tables its computation reads."""
    from pyeval.equity import omaha_percent, percent
    from pyeval.sim.engine import engine
    from pyeval.sim.kernel.variants import omaha, strength
    from pyeval.sim.players import nash, preflop

    return [preflop.TABLE, nash.WIN_COUNTS, nash.HEADSUP, strength.TABLE, omaha.TABLE,
            percent.table("vs1"), percent.table("vs3"), engine.STUD3_COUNTS,
            omaha_percent.TABLE]


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k], equal_nan=a[k].dtype.kind == "f")
        for k in a)


def build(table: Table) -> dict[str, np.ndarray]:
    """``table``'s arrays computed by its builder (no shipped copy, no cache)."""
    return {k: np.asarray(v) for k, v in table.compute().items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyeval.tables_build", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="file names of the tables to build (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="compute and compare with the shipped files; write nothing")
    args = ap.parse_args(argv)
    every = tables()
    known = {t.name for t in every}
    unknown = set(args.names) - known
    if unknown:
        ap.error(f"no table named {', '.join(sorted(unknown))}; the tables: {', '.join(sorted(known))}")
    chosen = [t for t in every if not args.names or t.name in args.names]
    differ = 0
    for t in chosen:
        c0 = time.process_time()        # every thread's
        arrays = build(t)
        cpu = time.process_time() - c0
        path = DATA / f"{t.name}.npz"
        old = _read(path, t.shapes) if path.is_file() else None
        same = old is not None and _same(old, arrays)
        differ += not same
        if same:
            verdict = "unchanged"
        elif args.check:
            verdict = "DIFFERS from the shipped file" if old is not None else "not shipped"
        else:
            DATA.mkdir(exist_ok=True)
            np.savez_compressed(path, **arrays)  # type: ignore[arg-type]
            verdict = "written"
        print(f"{t.name}: {cpu:.1f} s of CPU, {verdict} ({path.stat().st_size if path.is_file() else 0:,} "
              f"bytes: {', '.join(f'{k} {v.dtype}{list(v.shape)}' for k, v in arrays.items())})",
              flush=True)
    if not args.names and not args.check:
        for path in sorted(DATA.glob("*.npz")):
            if path.stem not in known:
                path.unlink()
                print(f"{path.name}: deleted (no table has this name)")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
