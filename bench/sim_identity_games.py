"""Record simulate() results of every game the simulator plays (the structures of
bench/sim_variants_speed.py, smaller) x 2 fields x 2 seeds, with recording on, debug chip
checks and 2 threads, into an .npz, for a bit-for-bit comparison of two trees:

    PYTHONPATH=<tree> python bench/sim_identity_games.py out.npz   (run with each tree)
    python bench/sim_identity_compare.py before.npz after.npz

A second argument keeps only the structures whose labels it lists (comma-separated, as in
``structures()``), or ``--from before.npz`` those the other file recorded: a tree with
more games compared on the games of an older one.
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from sim_identity import keep
from sim_variants_speed import structures

from pyeval.sim import simulate

FIELDS = ["balanced", {"tight_passive": 1.0, "loose_aggressive": 2.0}]
structs = structures()
if len(sys.argv) > 2:
    if sys.argv[2] == "--from":
        labels = {k.split("|")[0] for k in np.load(sys.argv[3]).files}
    else:
        labels = set(sys.argv[2].split(","))
    structs = {k: v for k, v in structs.items() if k in labels}
out: dict[str, np.ndarray] = {}
for name, s in structs.items():
    for fi, field in enumerate(FIELDS):
        for seed in (1, 2):
            r = simulate(s, n=12, seed=seed, field=field, threads=2, chunk=4, debug=True,
                         record_tournaments=2, record_hands=400)
            keep(out, f"{name}|{fi}|{seed}", r)
np.savez_compressed(sys.argv[1], **out)
