"""Record pyeval.equity() results over the kernels' paths (exact and Monte Carlo, hold'em,
ranges, Omaha and Omaha hi/lo, stud, razz, draw, a board, dead cards, wildcard hands) and
the 7-card evaluator's batch and incremental values into an .npz, for a bit-for-bit
comparison of two trees:

    PYTHONPATH=<tree> python bench/equity_identity_record.py out.npz   (run with each tree)
    python bench/sim_identity_compare.py before.npz after.npz
"""
import sys

import numpy as np

import pyeval

SPOTS = [
    ("holdem", ["AcAd", "KhKs"], "", "", {}),
    ("holdem", ["AhKh", "QQ+"], "Ks 7d 2c", "", {}),
    ("holdem", ["AsKs", "QQ, AKo", "22-55"], "", "", {"samples": 200_000, "seed": 3}),
    ("holdem", ["AsKs", "QsQd", "7h6h"], "", "2c", {"exact": False, "samples": 300_000, "seed": 1}),
    ("omaha", ["AsAh2s3h", "KcKdQcQd"], "", "", {"samples": 200_000, "seed": 5}),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd"], "Kh 7d 2c", "", {}),
    ("razz", ["As2s3s", "KcKdQc"], "", "", {"samples": 200_000, "seed": 1}),
    ("stud", ["AsAh9c", "KcKdQc", "7h8h9h"], "", "", {"samples": 200_000, "seed": 2}),
    ("irish", ["AhKh", "QsQd"], "Ks 7d 2c", "Qh 5h 3c 3d", {}),
    ("chicago", ["As**", "**Kd", "**Qh"], "", "", {"samples": 200_000, "seed": 1}),
]
out = {}
for i, (game, hands, board, dead, kw) in enumerate(SPOTS):
    r = pyeval.equity(game, hands, board=board, dead=dead, threads=2, **kw)
    d = r.to_dict()
    out[f"{i}|{game}|samples"] = np.array([d["samples"]], np.int64)
    for j, p in enumerate(d["players"]):
        # every number of the player's line (equity, win, tie, std_err, ... wins, ties), by key
        out[f"{i}|{game}|{j}"] = np.array([float(p[k]) for k in sorted(p) if isinstance(p[k], (int, float))])
    print(game, hands, [round(e, 6) for e in r.equities], flush=True)
deals = pyeval.deal(200_000, 7, seed=11)
out["high_batch"] = np.asarray(pyeval.high_batch(deals))
np.savez_compressed(sys.argv[1], **out)
