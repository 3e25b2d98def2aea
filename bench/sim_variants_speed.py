"""Table-hands per second of each game the simulator plays, one thread, rounds interleaved
(median and best of the rounds). From the repository root:

    NUMBA_CACHE_DIR=... python bench/sim_variants_speed.py ROUNDS TOURNAMENTS
"""
import sys
import time

import numpy as np

sys.path.insert(0, "tests/sim")
from conftest import small_structure, stud_structure

from pyeval.sim import simulate

GAMES = [("holdem", "no_limit"), ("omaha", "pot_limit"), ("irish", "pot_limit"),
         ("super_eight", "no_limit"), ("tahoe", "pot_limit"), ("pineapple", "no_limit"),
         ("crazy_pineapple", "no_limit")]
structs = {g: small_structure(g, b, entrants=60, table_size=9) for g, b in GAMES}
structs["seven_card_stud (7)"] = stud_structure("seven_card_stud", entrants=56, table_size=7)
structs["seven_card_stud (8)"] = stud_structure("seven_card_stud", entrants=56, table_size=8)
for g in ("seven_card_stud_hilo", "razz", "five_card_stud", "buffalo", "crocodile", "chicago"):
    structs[g] = stud_structure(g, entrants=56, table_size=7)
structs["australian (6)"] = stud_structure("australian", entrants=54, table_size=6)
structs["dealers_choice_stud (6)"] = stud_structure("dealers_choice_stud", entrants=54,
                                                    table_size=6)
structs["dealers_choice"] = small_structure("dealers_choice", "pot_limit", entrants=60,
                                            table_size=9)
structs["five_card_draw (8)"] = small_structure("five_card_draw", "fixed_limit", entrants=56,
                                                table_size=8)
for s in structs.values():
    simulate(s, n=2, seed=1, threads=1)     # warm
rates = {k: [] for k in structs}
for rnd in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
    for k, s in structs.items():
        t = time.perf_counter()
        r = simulate(s, n=int(sys.argv[2]) if len(sys.argv) > 2 else 40, seed=rnd, threads=1)
        rates[k].append(r.hands.sum() / (time.perf_counter() - t))
for k, v in rates.items():
    print(f"{k:22s} median {np.median(v) / 1e3:7.0f} k  best {max(v) / 1e3:7.0f} k table-hands/s")
