"""The first simulate() of one game in a wholly fresh environment: the process's CPU seconds,
from the import to the result (the kernel's compile and the tables' loading included).
Run it with empty caches, one process per figure:

    NUMBA_CACHE_DIR=$(mktemp -d) PYEVAL_CACHE_DIR=$(mktemp -d) \
        python bench/sim_cold_game.py club_3000 | game:seven_card_stud | game:irish ...

``game:NAME`` is the small structure of tests/sim/conftest.py for that game (the stud games
at tables of 7, fixed limit; the draw fixed limit; the button games pot limit, Omaha and the
variants at tables of 7); ``example+draw`` or ``example:game`` a structure of
:data:`pyeval.sim.engine.warmup._KERNELS` (``hands_100k_stud+draw``: stud and the draw, the kernel
of every game); anything else is an example's name or a structure file. A/B two
trees: ``PYTHONPATH=<tree>`` for each, alternately, run from outside both trees.
"""
from __future__ import annotations

import os
import pathlib
import resource
import sys
import time

t0 = time.perf_counter()
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
from conftest import small_structure, stud_structure  # noqa: E402

import pyeval  # noqa: E402
from pyeval.games import lookup  # noqa: E402
from pyeval.sim import simulate  # noqa: E402


def structure(label: str):
    """The structure a label names (see the module notes)."""
    if not label.startswith("game:"):
        if "+" in label or ":" in label:
            from pyeval.sim.engine.warmup import _structure
            return _structure(label, 0)
        return label
    name = label[5:]
    g = lookup(name)
    if g.family in ("stud",):
        return stud_structure(name, entrants=56)
    if g.family == "draw":
        return small_structure(name, "fixed_limit", entrants=56, table_size=8)
    return small_structure(name, "pot_limit", entrants=56, table_size=7)


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "club_3000"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else None
    r = simulate(structure(label), n=1, seed=1, threads=1, players=players)
    ru = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{os.environ.get('LABEL', '')} {label} (pyeval from "
          f"{pathlib.Path(pyeval.__file__).parent}): wall {time.perf_counter() - t0:.1f} s, "
          f"cpu {ru.ru_utime + ru.ru_stime:.1f} s, peak RSS {ru.ru_maxrss / 1024:.0f} MB, "
          f"hands {int(r.hands.sum())}")


if __name__ == "__main__":
    main()
