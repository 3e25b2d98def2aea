"""Record simulate() results of 13 structures x 4 fields x 2 seeds (recording on, debug chip
checks, 2 threads, chunks of 4) into an .npz, for a bit-for-bit comparison of two trees:

    PYTHONPATH=<tree> python bench/sim_identity_record.py out.npz   (run with each tree)
    python bench/sim_identity_compare.py before.npz after.npz
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
from conftest import small_structure, stud_structure
from sim_identity import keep

from pyeval.sim import simulate
from pyeval.tournament.structure import load_structure

FIELDS = ["balanced", "push_fold", "loose_aggressive", {"tight_passive": 1.0, "loose_passive": 2.0}]
structs = {name: load_structure(name) for name in
           ("club_3000", "addon_3500", "limit_then_nolimit_2500", "two_stage_table_winners", "hands_100k_holdem",
            "hands_100k_stud")}
structs["plo"] = small_structure("omaha", "pot_limit")
structs["omaha_hilo"] = small_structure("omaha_hilo", "pot_limit")
structs["limit_holdem"] = small_structure("holdem", "fixed_limit")
structs["razz"] = stud_structure("razz")
structs["stud_hilo"] = stud_structure("seven_card_stud_hilo")
structs["dealers_choice"] = small_structure("dealers_choice", "pot_limit")
structs["dealers_choice_stud"] = stud_structure("dealers_choice_stud")
FIELDS_ALL = ["balanced", "push_fold", "loose_aggressive", "tight_passive"]
out = {}
for name, st in structs.items():
    for fi, field in enumerate(FIELDS):
        for seed in (1, 7):
            players = None if name not in ("club_3000",) else 30
            n = 6 if name != "hands_100k_stud" else 2
            r = simulate(st, n=n, seed=seed, players=players, field=field, threads=2, chunk=4,
                         record_tournaments=2, record_hands=40, record_stride=3, debug=True)
            keep(out, f"{name}|{fi}|{seed}", r)
np.savez_compressed(sys.argv[1], **out)
