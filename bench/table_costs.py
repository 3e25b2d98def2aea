"""CPU seconds each one-time table costs in a wholly fresh environment (compile included).

Each table is built by its builder in its own process with an empty Numba cache and an
empty pyeval cache folder; the tables it reads (the pre-flop tables for the variants' and
Omaha's, the class equities for the equilibria) are loaded first, outside the timed part,
so a figure is what that table alone costs a new user (what shipping it saves). CPU is the
process's user and system time (every thread). The shipped tables are those of
:func:`pyeval.tables_build.tables`; the others are the tables left computed.

    PYTHONPATH=. python bench/table_costs.py                   # every table
    PYTHONPATH=. python bench/table_costs.py nash_win_counts_v1 incr7
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

_SHIPPED = ("from pyeval import tables_build as tb\n"
            "from pyeval.sim.players.preflop import preflop_tables\n"
            "from pyeval.sim.players.nash import class_equities\n"
            "t = {{x.name: x for x in tb.tables()}}[{name!r}]\n"
            "if t.name.startswith(('variants', 'omaha')): preflop_tables()\n"
            "if t.name.startswith('nash_headsup'): class_equities()")

# name -> (set-up, timed statement): run in a fresh process
TABLES = {
    **{name: (_SHIPPED.format(name=name), "tb.build(t)") for name in (
        "preflop_v1_60000_2500", "nash_win_counts_v1", "nash_headsup_v1_400",
        "variants_strength_v2_500_400000_4000", "omaha56_strength_v1_20000_500",
        "preflop_order_vs1_exact_seed0_v3", "preflop_order_vs3_1000000_seed0_v3")},
    # left computed: the C library's incremental 7-card tables (cached on disk), and two
    # histograms computed in every process that simulates 4-card Omaha or stud
    "incr7": ("from pyeval._native import lib", "lib.pe_incr7_tables()"),
    "omaha4_histogram": ("from pyeval.sim.engine import engine", "engine._omaha_histogram()"),
    "stud_histogram": ("from pyeval.sim.engine import engine", "engine._stud_histogram()"),
}

_CHILD = """
import resource, time
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
{setup}
c0, w0 = cpu(), time.perf_counter()
{timed}
print(f"{{cpu() - c0:.2f}} {{time.perf_counter() - w0:.2f}}")
"""


def measure(name: str) -> tuple[float, float]:
    setup, timed = TABLES[name]
    with tempfile.TemporaryDirectory() as nb, tempfile.TemporaryDirectory() as pc:
        env = dict(os.environ, NUMBA_CACHE_DIR=nb, PYEVAL_CACHE_DIR=pc)
        out = subprocess.run([sys.executable, "-c", _CHILD.format(setup=setup, timed=timed)],
                             env=env, capture_output=True, text=True, check=True)
    cpu, wall = (float(x) for x in out.stdout.split()[-2:])
    return cpu, wall


def main(names: list[str]) -> None:
    for name in names or list(TABLES):
        cpu, wall = measure(name)
        print(f"{name:38s} cpu {cpu:6.2f} s  wall {wall:6.2f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
