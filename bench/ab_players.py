"""Table-hands per second per core of the simulation kernel, one field after another, in
this process (``run_chunk`` serial), per wall second and per CPU second of the process (the
steadier figure on a loaded machine): ``python bench/ab_players.py LABEL FIELDS N ROUNDS``.
Run it alternately on two source trees (``PYTHONPATH=<other tree>``) for an A/B comparison
(see bench/RESULTS.md, "Player models")."""
import json
import sys
import time

import pyeval
from pyeval.sim.engine.engine import kernel_inputs, run_chunk
from pyeval.sim.engine.spec import build_spec
from pyeval.tournament.structure import load_structure

which = sys.argv[1]
fields = sys.argv[2].split(",")
n = int(sys.argv[3]); rounds = int(sys.argv[4])
spec = build_spec(load_structure("club_3000"), 30)
out = {}
for f in fields:
    inputs = kernel_inputs(f, 30)
    run_chunk(spec, inputs, 1, 0, 4, parallel=False)
    rates = []
    cpu_rates = []
    for _r in range(rounds):
        t = time.perf_counter()
        c0 = time.process_time()
        c = run_chunk(spec, inputs, 1, 0, n, parallel=False)
        dt = time.perf_counter() - t
        dc = time.process_time() - c0
        rates.append(int(c.res_i[:, 0].sum()) / dt)
        cpu_rates.append(int(c.res_i[:, 0].sum()) / dc)
    out[f] = rates
    out[f + " (per CPU second)"] = cpu_rates
print(json.dumps({"which": which, "src": pyeval.__file__, "rates": out}))
