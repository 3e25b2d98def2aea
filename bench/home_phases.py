"""Where the simulated home games spend their time: each real game's minute of every
elimination and the minutes it played at each table size, beside the simulated percentiles
(the back-test's setting: ``players`` pace over the predictive band, the ``home_game``
field; :mod:`pyeval.sim.analysis.backtest`).

Usage (from the repository root; the shared data beside it)::

    PYTHONPATH=$PWD python bench/home_phases.py ../shared/data/backtest [n] [seed]

Prints, per comparable game, one line per elimination (the real minute, its percentile
among the simulated ones, the simulated 10/50/90 %) and one per table size (the minutes
played with that many players left).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from pyeval.sim.analysis.backtest import (
    HOME_NOT_COMPARABLE,
    read_home_games,
    real_elimination_minutes,
    simulate_home_runs,
)


def main() -> None:
    data = Path(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rows = [r for r in read_home_games(data / "home_games.csv")
            if r["game"] not in HOME_NOT_COMPARABLE]
    starts = {r["game"]: int(r["players_start"]) for r in rows}
    real = real_elimination_minutes(data / "home_game_hands.csv", starts)
    for row in rows:
        g, players = row["game"], starts[row["game"]]
        sim = simulate_home_runs(row, n, seed, threads=1).minutes
        print(f"{g} ({players} players, {n} simulations, seed {seed})")
        for j in range(players - 1):
            q = np.percentile(sim[:, j], [10, 50, 90])
            print(f"  down to {players - 1 - j} left: real {real[g][j]:6.1f} min, at the "
                  f"{100 * (sim[:, j] < real[g][j]).mean():4.1f} % point; simulated "
                  f"{q[0]:.1f} / {q[1]:.1f} / {q[2]:.1f}")
        before_sim = np.hstack([np.zeros((sim.shape[0], 1)), sim])
        before_real = np.concatenate([[0.0], real[g]])
        for j in range(players - 1):
            left = players - j
            s, r = np.diff(before_sim, axis=1)[:, j], before_real[j + 1] - before_real[j]
            q = np.percentile(s, [10, 50, 90])
            print(f"  {left:2d} players: real {r:5.1f} min, at the {100 * (s < r).mean():4.1f} % "
                  f"point; simulated {q[0]:.1f} / {q[1]:.1f} / {q[2]:.1f}")


if __name__ == "__main__":
    main()
