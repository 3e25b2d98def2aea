"""Record the kernel's inputs that build_spec() makes of every example structure and of the
test suite's small structures (each game, both stud and button dealer's choice), at several
field sizes, with late entries and recording options, into an .npz, for a bit-for-bit
comparison of two trees (a refused spec is kept as its error message):

    PYTHONPATH=<tree> python bench/sim_spec_identity_record.py out.npz   (run with each tree)
    python bench/sim_identity_compare.py before.npz after.npz

The kernel is a function of the spec, the field and the seed, so equal specs give equal
results; this runs in seconds where bench/sim_identity_record.py compiles every kernel.
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "sim"))
from conftest import small_structure, stud_structure

from pyeval.sim import build_spec
from pyeval.tournament.structure import example_names, load_structure

structs = {name: load_structure(name) for name in example_names()}
for game in ("holdem", "omaha", "omaha_hilo", "omaha5", "dealers_choice"):
    for betting in ("no_limit", "pot_limit", "fixed_limit"):
        structs[f"{game}/{betting}"] = small_structure(game, betting)
for game in ("seven_card_stud", "razz", "seven_card_stud_hilo", "dealers_choice_stud"):
    structs[game] = stud_structure(game)
OPTIONS = [{}, {"players": 14}, {"players": 30, "late_entries": 4, "re_entry_chance": 0.5},
           {"players": 60, "debug": True, "record_tournaments": 2, "record_hands": 40,
            "record_stride": 3, "rebuy_chance": 0.25, "addon_chance": 0.75}]
out = {}
for name, st in structs.items():
    for i, kw in enumerate(OPTIONS):
        key = f"{name}|{i}"
        try:
            s = build_spec(st, **kw)
        except (ValueError, TypeError) as e:
            out[f"{key}|error"] = np.frombuffer(f"{type(e).__name__}: {e}".encode(), np.uint8)
            continue
        for field in ("levels", "cfg", "cfgf", "rotation", "starting_stacks"):
            out[f"{key}|{field}"] = np.asarray(getattr(s, field))
        out[f"{key}|scalars"] = np.array([s.players, s.table_size, s.starting_chips], np.int64)
        out[f"{key}|name"] = np.frombuffer(str(s.name).encode(), np.uint8)
print(len(structs), "structures,", len(out), "arrays")
np.savez_compressed(sys.argv[1], **out)
