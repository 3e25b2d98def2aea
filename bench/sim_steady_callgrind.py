"""The instructions a warm simulation's kernel executes, for a steady-speed A/B of two trees
that does not depend on the machine's load: run under callgrind, counting only calls into
compiled code (``Dispatcher_call``; the kernel's load from Numba's cache is outside it).

    # once per tree, to fill its cache (valgrind runs no AVX-512: compile without it)
    export NUMBA_CPU_NAME=znver3 NUMBA_CPU_FEATURES=<the host's, AVX-512 off>
    PYTHONPATH=<tree> NUMBA_CACHE_DIR=<tree's cache> python bench/sim_steady_callgrind.py club_3000 1
    PYTHONPATH=<tree> NUMBA_CACHE_DIR=<tree's cache> valgrind --tool=callgrind \\
        --collect-atstart=no '--toggle-collect=*Dispatcher_call*' \\
        python bench/sim_steady_callgrind.py club_3000 20

One tournament first (the kernel loaded, its first call), then ``N`` more with another seed
on the calling thread; the count covers both. Same label and ``N`` for both trees. A label
is an example's name (``club_3000`` is played with 30 players) or ``game:NAME``, the small
structure of :mod:`sim_cold_game`.
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from sim_cold_game import structure

from pyeval.sim import simulate


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "club_3000"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    st = structure(label)
    players = 30 if label == "club_3000" else None
    simulate(st, n=1, seed=1, threads=1, players=players)
    r = simulate(st, n=n, seed=2, threads=1, players=players)
    print(f"{label}: {n} tournaments, {int(r.hands.sum())} hands")


if __name__ == "__main__":
    main()
