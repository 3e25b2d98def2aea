"""The ``home_game`` field, fitted to how fast real home games lost their players.

The shared home games (``home_game_hands.csv``) say, hand by hand, how many players were
dealt in: the hands dealt when the table fell for good to each smaller count are the
games' *elimination timings* (:func:`~pyeval.sim.analysis.backtest.real_eliminations`).
Each mix of :data:`CANDIDATES` (weights, in tenths, of the population presets) plays every
comparable game at its real player count and structure with the ``players`` pace spread
over groups (:func:`~pyeval.sim.analysis.backtest.simulate_home_runs`); its loss is, summed
over the games, the mean squared log ratio of the simulated median hands to each
elimination to the real ones (:func:`elimination_loss`). Hands, not minutes: the pace is
fitted on its own (:mod:`pyeval.sim.engine.pace`), the field decides how many hands go by
between eliminations. The mix with the smallest loss is the shipped ``home_game``
(:data:`pyeval.sim.players.presets.FIELDS`).

:func:`leave_one_out` checks it honestly: for each game, the pace's scale and spread and
the mix are fitted on the other games alone, and the game is then simulated as a new one.

``python -m pyeval.sim.analysis.home_field ../shared/data/backtest`` prints both.

Example:
    >>> len(CANDIDATES), CANDIDATES[0]
    (51, {'live_recreational': 8, 'calling_station': 2})
    >>> round(elimination_loss(np.array([[10, 20], [30, 40]]), np.array([20, 30])), 4)
    0.0
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np

from pyeval.sim.analysis.backtest import (
    HOME_NOT_COMPARABLE,
    HOME_PACE_SPREAD,
    HomeResult,
    PaceBand,
    home_pace_factors,
    home_pauses,
    pace_spread,
    read_home_games,
    real_eliminations,
    simulate_home_runs,
)


def _candidates() -> list[dict[str, int]]:
    """Maniacs 0 or 1 in ten, nits and regulars 0, 2, 4 or 6, the rest recreational players
    and calling stations three to one or one to one."""
    out: list[dict[str, int]] = []
    for m, nits, regs, s in itertools.product((0, 1), (0, 2, 4, 6), (0, 2, 4, 6), (0.25, 0.5)):
        rest = 10 - m - nits - regs
        if rest >= 0:
            w = {"live_recreational": rest - round(rest * s), "calling_station": round(rest * s),
                 "maniac": m, "nit": nits, "online_regular": regs}
            mix = {k: v for k, v in w.items() if v}
            if mix not in out:
                out.append(mix)
    return out


#: the mixes tried (weights in tenths; :func:`_candidates`)
CANDIDATES = _candidates()


def elimination_loss(sim_hands: np.ndarray, real_hands: np.ndarray) -> float:
    """Mean squared log ratio of the simulated median hands to each elimination (columns of
    ``sim_hands``, one row a simulation) to the real hands."""
    med = np.median(np.maximum(sim_hands, 1), axis=0)
    return float(np.mean((np.log(med) - np.log(np.maximum(real_hands, 1))) ** 2))


class Fit(NamedTuple):
    """The mix with the smallest loss over the games fitted on, and each candidate's loss."""

    field: dict[str, int]
    loss: float
    losses: list[float]


def fit_field(rows: list[dict[str, str]], real: dict[str, np.ndarray], n: int = 200,
              seed: int = 1, *, scale: float = 1.0, spread: float = HOME_PACE_SPREAD) -> Fit:
    """The candidate whose simulated elimination timings come nearest the real ones of
    ``rows`` (:func:`elimination_loss`, summed over the games), the pace spread over a
    log-normal factor of median ``scale`` and log spread ``spread`` (the estimate)."""
    band = PaceBand(scale, spread, None)
    losses = []
    for mix in CANDIDATES:
        losses.append(sum(elimination_loss(
            simulate_home_runs(row, n, seed, field=mix, band=band, threads=1).eliminations,
            real[row["game"]]) for row in rows))
    best = int(np.argmin(losses))
    return Fit(CANDIDATES[best], losses[best], losses)


class HeldOut(NamedTuple):
    """One game simulated with the pace and the mix fitted on the other games."""

    result: HomeResult
    field: dict[str, int]
    scale: float
    spread: float           # the other games' log spread (the estimate)
    band: PaceBand          # the held-out game's predictive pace (Student t)


def comparable_games(data: str | Path) -> tuple[list[dict[str, str]], dict[str, np.ndarray]]:
    """The comparable home games of the back-test data folder and their elimination timings."""
    d = Path(data)
    rows = [r for r in read_home_games(d / "home_games.csv") if r["game"] not in HOME_NOT_COMPARABLE]
    real = real_eliminations(d / "home_game_hands.csv", {r["game"]: int(r["players_start"]) for r in rows})
    return rows, real


def leave_one_out(data: str | Path, n: int = 200, seed: int = 1) -> list[HeldOut]:
    """Each comparable game held out: the pace's scale (the geometric mean of the other
    timed games' factors) and spread, and the mix, fitted without it; then it is simulated
    over the predictive pace of a new game (:meth:`PaceBand.predictive` of the others)."""
    d = Path(data)
    rows, real = comparable_games(d)
    factors = home_pace_factors(d / "home_game_hands.csv")
    pauses = home_pauses(d / "home_game_hands.csv")
    out = []
    for row in rows:
        g = row["game"]
        others = [f for k, f in factors.items() if k != g]
        scale = float(np.exp(np.mean(np.log(others))))
        spread = pace_spread(others)
        fit = fit_field([r for r in rows if r["game"] != g], real, n, seed, scale=scale,
                        spread=spread)
        band = PaceBand.predictive(others, scale)
        runs = simulate_home_runs(row, n, seed, field=fit.field, band=band, threads=1)
        p5, p50, p95 = np.percentile(runs.duration, [5, 50, 95])
        real_minutes = float(row["minutes_to_last_hand"]) - pauses.get(g, 0.0)
        out.append(HeldOut(HomeResult(g, int(row["players_start"]), real_minutes, float(p5),
                                      float(p50), float(p95), ""), fit.field, scale, spread,
                           band))
    return out


def main(argv: list[str] | None = None) -> None:
    """``python -m pyeval.sim.analysis.home_field DATA_DIR``: the fit and its leave-one-out."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m pyeval.sim.analysis.home_field DATA_DIR "
                         "(the back-test data folder)")
    rows, real = comparable_games(args[0])
    factors = home_pace_factors(Path(args[0]) / "home_game_hands.csv")
    print("pace factors (measured / fitted seconds): "
          + ", ".join(f"{g} {f:.3f}" for g, f in factors.items())
          + f"; spread {pace_spread(list(factors.values())):.4f}")
    fit = fit_field(rows, real)
    order = np.argsort(fit.losses)
    for i in order[:5]:
        print(f"loss {fit.losses[i]:.3f}: {CANDIDATES[i]}")
    print("leave one game out (minutes to the last hand):")
    held = leave_one_out(args[0])
    for x in held:
        h = x.result
        print(f"  {h.game}: real {h.real_minutes:.1f}, simulated {h.p5:.1f} / {h.median:.1f} / "
              f"{h.p95:.1f}, {'within' if h.within else 'outside'}; scale {x.scale:.3f}, "
              f"spread {x.spread:.3f} (predictive {x.band.spread:.3f}, t {x.band.df} df), "
              f"field {x.field}")
    err = [abs(x.result.median - x.result.real_minutes) for x in held]
    print(f"  within the band: {sum(x.result.within for x in held)} of {len(held)}; median error "
          f"{np.median(err):.1f} min, mean {np.mean(err):.1f}, largest {max(err):.1f}")


if __name__ == "__main__":
    main()
