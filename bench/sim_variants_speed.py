"""Table-hands per CPU second of each game the simulator plays, one thread, warm, both ways:
through ``simulate()`` (what a user gets: spec, model inputs, chunks, result assembly) and
the kernel alone (``run_chunk`` serial on a prepared spec and inputs, as
bench/ab_players.py measures hold'em). Each call plays TOURNAMENTS tournaments (default 40)
of the structures below: the button games 60 entrants at tables of 9, the stud games 56 at
tables of 7 or 8 (Australian and dealer's choice stud also 54 at tables of 6), the draw 56
at tables of 8, 5- and 6-card Omaha 56 at tables of 8 and 7; the field is "balanced". A
call of 40 such tournaments is 6,000-12,000 table-hands, a typical interactive
``simulate`` call. Rates are per CPU second of the
process (``time.process_time``, steadier than wall time on a loaded machine); the games
are interleaved round by round; median and best of the rounds. From the repository root:

    NUMBA_CACHE_DIR=... python bench/sim_variants_speed.py [ROUNDS [TOURNAMENTS [GAME,...]]]

A/B two trees: run it with ``PYTHONPATH=<tree>`` for each, alternately.
"""
from __future__ import annotations

import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
from conftest import small_structure, stud_structure

from pyeval.sim import simulate
from pyeval.sim.engine.engine import kernel_inputs, run_chunk
from pyeval.sim.engine.spec import build_spec

BUTTON = [("holdem", "no_limit"), ("omaha", "pot_limit"), ("irish", "pot_limit"),
          ("super_eight", "no_limit"), ("tahoe", "pot_limit"), ("pineapple", "no_limit"),
          ("crazy_pineapple", "no_limit")]


def structures() -> dict:
    """Every game the simulator plays, by a label, as a small structure."""
    out = {g: small_structure(g, b, entrants=60, table_size=9) for g, b in BUTTON}
    out["seven_card_stud (7)"] = stud_structure("seven_card_stud", entrants=56, table_size=7)
    out["seven_card_stud (8)"] = stud_structure("seven_card_stud", entrants=56, table_size=8)
    for g in ("seven_card_stud_hilo", "razz", "five_card_stud", "buffalo", "crocodile",
              "chicago"):
        out[g] = stud_structure(g, entrants=56, table_size=7)
    out["australian (6)"] = stud_structure("australian", entrants=54, table_size=6)
    out["australian (7)"] = stud_structure("australian", entrants=56, table_size=7)
    out["dealers_choice_stud (6)"] = stud_structure("dealers_choice_stud", entrants=54,
                                                    table_size=6)
    out["dealers_choice"] = small_structure("dealers_choice", "pot_limit", entrants=60,
                                            table_size=9)
    out["five_card_draw (8)"] = small_structure("five_card_draw", "fixed_limit", entrants=56,
                                                table_size=8)
    # 5- and 6-card Omaha, pot limit, at the tables the registry seats (8 and 7)
    for g, size in (("omaha5", 8), ("omaha6", 7), ("omaha5_hilo", 8), ("omaha6_hilo", 7)):
        out[f"{g} ({size})"] = small_structure(g, "pot_limit", entrants=56, table_size=size)
    out["dealers_choice_stud (7)"] = stud_structure("dealers_choice_stud", entrants=56,
                                                    table_size=7)
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    structs = structures()
    if len(sys.argv) > 3:
        only = sys.argv[3].split(",")
        structs = {k: v for k, v in structs.items() if k.split(" ")[0] in only}
    specs = {k: build_spec(s, None) for k, s in structs.items()}
    inputs = {k: kernel_inputs("balanced", specs[k].players) for k in structs}
    for k, s in structs.items():             # warm: compiled or loaded, tables made
        simulate(s, n=2, seed=1, threads=1)
        run_chunk(specs[k], inputs[k], 1, 0, 2, parallel=False)
    sim: dict[str, list[float]] = {k: [] for k in structs}
    ker: dict[str, list[float]] = {k: [] for k in structs}
    for rnd in range(rounds):
        for k, s in structs.items():
            c = time.process_time()
            r = simulate(s, n=n, seed=rnd, threads=1)
            sim[k].append(float(r.hands.sum()) / (time.process_time() - c))
            c = time.process_time()
            ch = run_chunk(specs[k], inputs[k], rnd, 0, n, parallel=False)
            ker[k].append(float(ch.res_i[:, 0].sum()) / (time.process_time() - c))
    print(f"table-hands per CPU second (k), {n} tournaments a call, {rounds} rounds")
    for k in structs:
        print(f"{k:24s} simulate median {np.median(sim[k]) / 1e3:5.0f} best "
              f"{max(sim[k]) / 1e3:5.0f}   kernel median {np.median(ker[k]) / 1e3:5.0f} best "
              f"{max(ker[k]) / 1e3:5.0f}   simulate/kernel {np.median(sim[k]) / np.median(ker[k]):.2f}",
              flush=True)


if __name__ == "__main__":
    main()
