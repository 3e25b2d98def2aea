"""The home games' duration bands over the best mix alone and over the field fit's
bootstrap (``pyeval.sim.analysis.home_field.bootstrap_shares``), in sample: each real
duration's point among the simulated ones and the bands' score (CRPS) at it.

Usage (from the repository root; the shared data beside it)::

    PYTHONPATH=$PWD python bench/home_field_band.py ../shared/data/backtest [n] [seed]

The leave-one-out version (each game's band from the other games alone) is
``python -m pyeval.sim.analysis.home_field ../shared/data/backtest``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from pyeval.sim.analysis import backtest as bt
from pyeval.sim.analysis import home_field as hf


def main() -> None:
    data = Path(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rows, real = hf.comparable_games(data)
    shares = hf.bootstrap_shares(hf.loss_matrix(rows, real))
    pauses = bt.home_pauses(data / "home_game_hands.csv")
    scores: dict[str, list[float]] = {"best mix": [], "bootstrap": []}
    pits: dict[str, list[float]] = {"best mix": [], "bootstrap": []}
    for row in rows:
        g = row["game"]
        real_minutes = float(row["minutes_to_last_hand"]) - pauses.get(g, 0.0)
        line = [f"{g}: real {real_minutes:.1f}"]
        for name, runs in (("best mix", bt.simulate_home_runs(row, n, seed, threads=1)),
                           ("bootstrap", bt.simulate_home_shares(row, n, seed, shares, threads=1))):
            q = np.percentile(runs.duration, [5, 50, 95])
            pits[name].append(hf.pit(runs, real_minutes))
            scores[name].append(hf.crps(runs, real_minutes))
            line.append(f"{name} {q[0]:.1f} / {q[1]:.1f} / {q[2]:.1f} at {100 * pits[name][-1]:.1f} %"
                        f", CRPS {scores[name][-1]:.2f}")
        print("; ".join(line))
    for name in scores:
        print(f"{name}: outside 5-95 % {sum(not 0.05 <= p <= 0.95 for p in pits[name])}, outside "
              f"10-90 % {sum(not 0.1 <= p <= 0.9 for p in pits[name])} of {len(rows)}; mean CRPS "
              f"{np.mean(scores[name]):.2f} min")


if __name__ == "__main__":
    main()
