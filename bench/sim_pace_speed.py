"""Table-hands per CPU second of the hold'em kernel (``run_chunk`` serial, warm), on the
single-figure clock (30 hands an hour) both trees know, for A/B runs of two source trees:

    PYTHONPATH=<tree> taskset -c 1 python bench/sim_pace_speed.py LABEL FIELDS N ROUNDS [STRUCTURE]

``STRUCTURE``: ``club`` (club_3000, 30 players; default) or ``wsop`` (the WSOP 2019 Day 1
levels, 60,000 chips, 90 players, with a pace preset where the tree has them). Prints one
JSON line: the median and best rate of the rounds per field (bench/RESULTS.md, "Pace
presets and deep-stack play").

Instruction counts (bench/RESULTS.md, "Deep stacks without a slower kernel"): the same
script under ``valgrind --tool=callgrind`` with ``ROUNDS`` 1 and 0 (the warm-up alone), the
kernel compiled beforehand with ``NUMBA_CPU_NAME=znver3`` in the same cache (valgrind hides
AVX-512, so code compiled for the host would be compiled again under it); the difference
of the two totals is the kernel's work of one round.
"""
import json
import sys
import time

from pyeval.sim.analysis.structure_toml import LevelSpec, structure_toml
from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.engine import kernel_inputs, run_chunk
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel.layout import R_HANDS
from pyeval.tournament.structure import load_structure, parse_structure

label, fields, n, rounds = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
which = sys.argv[5] if len(sys.argv) > 5 else "club"
if which == "club":
    st, players = load_structure("club_3000"), 30
else:
    lv = [LevelSpec(100, 200), LevelSpec(100, 200, 200, ante_by="big_blind"),
          LevelSpec(200, 300, 300, ante_by="big_blind"), LevelSpec(200, 400, 400, ante_by="big_blind"),
          LevelSpec(300, 500, 500, ante_by="big_blind"), LevelSpec(5_400_000, 10_800_000)]
    st = parse_structure(structure_toml("wsop", entrants=90, starting=60000, denominations=[100],
                                        levels=lv, minutes=120, percent=[100]), "wsop")
    players = 90
spec = build_spec(st, players, Clock(hands_per_hour=30))
out = {"label": label, "structure": which}
for f in fields:
    inputs = kernel_inputs(f, players)
    run_chunk(spec, inputs, 1, 0, 2, parallel=False)
    rates = []
    for _ in range(rounds):
        c0 = time.process_time()
        c = run_chunk(spec, inputs, 1, 0, n, parallel=False)
        rates.append(float(c.res_i[:, R_HANDS].sum()) / (time.process_time() - c0))
    if not rates:                 # 0 rounds: the warm-up alone (callgrind's baseline)
        continue
    rates.sort()
    out[f] = {"median": round(rates[len(rates) // 2]), "best": round(rates[-1]),
              "table_hands": int(c.res_i[:, R_HANDS].sum())}
print(json.dumps(out))
