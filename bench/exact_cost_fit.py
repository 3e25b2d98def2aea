"""The exact-cost estimate against the range engine's CPU time, spot by spot.

    NUMBA_CACHE_DIR=... taskset -c 1 python bench/exact_cost_fit.py [spot,spot,...]

For each spot: the counts :func:`pyeval.equity._exact_work.tuple_work` makes without
listing anything, the same counts read from the listed plan (``plan_work``), the estimate
``exact_cost`` in seconds (1e9 units) and the measured CPU seconds of the plan and of both
passes (warm: each spot run once before it is timed). The constants of
``pyeval/equity/cost.py`` were fitted to these figures.
"""
from __future__ import annotations

import sys
import time

from pyeval.equity import _exact_classes as XC
from pyeval.equity import _exact_holdem as XH
from pyeval.equity._exact_work import plan_work, tuple_work
from pyeval.equity.cost import exact_cost
from pyeval.equity.exact_run import _player_combos
from pyeval.equity.spot import make_spot

SPOTS = {
    "aakk_aks": (["AA,KK", "AKs"], ""),
    "aks_qq": (["AKs", "QQ"], ""),
    "rand_ahkh": (["random", "AhKh"], ""),
    "three": (["AA,KK", "AK", "AQs+,KQs"], ""),
    "four_flop": (["TT+,AK", "AQs+,KQs,QJs,JTs", "22", "random"], "Qs9h2c"),
    "six": (["QQ+, AK"] * 6, "2c7d9h"),
    "qq_qq": (["QQ+", "QQ+"], ""),
    "22_rand": (["22", "random"], ""),
    "aa_rand": (["AdAc", "random"], ""),
    "ak_rand_flop": (["AhKh", "random"], "Ks7d2c"),
    "ak_rand_turn": (["AhKh", "random"], "Ks7d2c4h"),
    "fixed_flop3": (["AcAd", "QhQs", "8s9s"], "Ks7d2c"),
    "rr_hu": (["random", "random"], ""),
    "top30_3": (["top 30%", "top 30%", "AK"], "Ks7d2c"),
}


def main(names: list[str]) -> None:
    print(f"{'spot':14s} {'tuples':>9s} {'classes':>9s} {'sig est/real':>13s} "
          f"{'steps est/real':>16s} {'estimate s':>10s} {'measured s':>10s} {'ratio':>6s}")
    for nm in names:
        hands, board = SPOTS[nm]
        spot = make_spot("holdem", hands, board)
        est = tuple_work(spot)
        cost = exact_cost(spot)
        held = [_player_combos(p, spot.game, spot.deck) for p in spot.players]
        args = ([[cs for cs, _ in h] for h in held], [[w for _, w in h] for h in held],
                spot.board, spot.dead)
        XC.ExactPlan(*args).run(0, XC.PARTS)                # compiled, tables built
        t0 = time.process_time()
        plan = XC.ExactPlan(*args)
        for mode, (reps, W, _) in ((XH.BY_RANKS, plan.sig), (XH.BY_FLUSHES, plan.suit)):
            XH.run(mode, plan.vals, plan.c_card, plan.c_pid, reps, W, plan.board, plan.dead)
        t2 = time.process_time()
        real = plan_work(plan)
        assert est is not None
        print(f"{nm:14s} {int(real.tuples):9d} {int(real.classes):9d} "
              f"{int(est.signatures):6d}/{int(real.signatures):<6d} "
              f"{est.flush_steps:8.0f}/{real.flush_steps:<7.0f} {cost / 1e9:10.4f} "
              f"{t2 - t0:10.4f} {cost / 1e9 / (t2 - t0):6.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1].split(",") if len(sys.argv) > 1 else list(SPOTS))
