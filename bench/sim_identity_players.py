"""Record simulate() results of the player presets (the calling station, the limper, the
maniac, the nit, the online regular, two mixed fields) on club_3000 x 30, pot-limit Omaha and
fixed-limit hold'em, 2 seeds each (hands recorded, debug chip checks, 2 threads, chunks of
4), in the format of bench/sim_identity_record.py, for a bit-for-bit comparison of two trees:

    PYTHONPATH=<tree> python bench/sim_identity_players.py out.npz   (run with each tree)
    python bench/sim_identity_compare.py before.npz after.npz
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
from conftest import small_structure
from sim_identity import keep

from pyeval.sim import simulate
from pyeval.tournament.structure import load_structure

FIELDS = ["calling_station", "live_recreational", "maniac", "nit", "online_regular", "home_game",
          "club_night"]
structs = {"club_3000": load_structure("club_3000"), "plo": small_structure("omaha", "pot_limit"),
           "limit_holdem": small_structure("holdem", "fixed_limit")}
out = {}
for name, st in structs.items():
    for fi, field in enumerate(FIELDS):
        for seed in (1, 7):
            r = simulate(st, n=8, seed=seed, players=30 if name == "club_3000" else None,
                         field=field, threads=2, chunk=4, record_tournaments=2, record_hands=60,
                         record_stride=2, debug=True)
            keep(out, f"{name}|{fi}|{seed}", r)
np.savez_compressed(sys.argv[1], **out)
