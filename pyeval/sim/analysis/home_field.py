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

The fit is an estimate from a handful of games: :func:`bootstrap_shares` refits it on the
games resampled with replacement, and the leave-one-out also simulates each held-out game
over every mix so picked, in proportion
(:func:`~pyeval.sim.analysis.backtest.simulate_home_shares`), and scores both bands at the
real duration (:func:`pit`, :func:`crps`). The back-test uses the best mix alone: on the
six games the bootstrap's band scores no better and does not reach home5 either
(``bench/RESULTS.md``, "Home games: the field fit's uncertainty and the heads-up").

``python -m pyeval.sim.analysis.home_field ../shared/data/backtest`` prints all three.

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
    FieldShare,
    HomeResult,
    HomeRuns,
    PaceBand,
    home_pace_factors,
    home_pauses,
    pace_spread,
    read_home_games,
    real_eliminations,
    simulate_home_runs,
    simulate_home_shares,
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
#: the resamples of the games :func:`bootstrap_shares` draws
RESAMPLES = 1000


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


def loss_matrix(rows: list[dict[str, str]], real: dict[str, np.ndarray], n: int = 200,
                seed: int = 1, *, scale: float = 1.0, spread: float = HOME_PACE_SPREAD) -> np.ndarray:
    """``[candidate, game]``: the :func:`elimination_loss` of each of :data:`CANDIDATES` on
    each game of ``rows`` (``n`` simulations, the pace spread over a log-normal factor of
    median ``scale`` and log spread ``spread``, the estimate)."""
    band = PaceBand(scale, spread, None)
    return np.array([[elimination_loss(
        simulate_home_runs(row, n, seed, field=mix, band=band, threads=1).eliminations,
        real[row["game"]]) for row in rows] for mix in CANDIDATES])


def fit_field(rows: list[dict[str, str]], real: dict[str, np.ndarray], n: int = 200,
              seed: int = 1, *, scale: float = 1.0, spread: float = HOME_PACE_SPREAD) -> Fit:
    """The candidate whose simulated elimination timings come nearest the real ones of
    ``rows`` (:func:`loss_matrix` summed over the games)."""
    losses = loss_matrix(rows, real, n, seed, scale=scale, spread=spread).sum(axis=1).tolist()
    best = int(np.argmin(losses))
    return Fit(CANDIDATES[best], losses[best], losses)


def bootstrap_shares(losses: np.ndarray, resamples: int = RESAMPLES,
                     seed: int = 1) -> tuple[FieldShare, ...]:
    """The fit's uncertainty: the games (columns of ``losses``, :func:`loss_matrix`) drawn
    with replacement ``resamples`` times (NumPy's PCG64 of ``seed``), the mix of the
    smallest summed loss picked for each draw; every mix picked, with how often, most first
    (ties: the earlier candidate).

    Example:
        >>> shares = bootstrap_shares(np.array([[0.1, 0.1, 0.9], [0.2, 0.2, 0.2]]), 100)
        >>> [(s.share, s.field == CANDIDATES[0]) for s in shares]   # the first wins without game 3
        [(72, False), (28, True)]
    """
    games = losses.shape[1]
    if games < 1 or resamples < 1:
        raise ValueError(f"a bootstrap needs games and resamples, got {games} and {resamples}")
    rng = np.random.default_rng(seed)
    won = np.zeros(losses.shape[0], dtype=np.int64)
    for _ in range(resamples):
        weights = np.bincount(rng.integers(0, games, games), minlength=games)
        won[int(np.argmin(losses @ weights))] += 1
    order = sorted(np.flatnonzero(won).tolist(), key=lambda i: (-won[i], i))
    return tuple(FieldShare(int(won[i]), CANDIDATES[i]) for i in order)


def pit(runs: HomeRuns, real_minutes: float) -> float:
    """The share of simulated durations below the real one (its probability integral
    transform: uniform over many games when the band is calibrated)."""
    return float((runs.duration < real_minutes).mean())


def crps(runs: HomeRuns, real_minutes: float) -> float:
    """The continuous ranked probability score of the simulated durations at the real one,
    in minutes (``E|X - y| - E|X - X'| / 2``; smaller is better: it grows both with a band
    off the mark and with a band wider than needed).

    Example:
        >>> r = HomeRuns(np.array([0.0, 2.0]), np.zeros((2, 1)), np.zeros((2, 1)))
        >>> crps(r, 1.0), crps(r, 3.0)
        (0.5, 1.5)
    """
    x = np.sort(runs.duration)
    n = len(x)
    spread = 2.0 * float(np.sum((2 * np.arange(1, n + 1) - n - 1) * x)) / (n * n)
    return float(np.mean(np.abs(x - real_minutes))) - spread / 2


class HeldOut(NamedTuple):
    """One game simulated with the pace and the mix fitted on the other games."""

    result: HomeResult      # over the others' best mix (what the back-test uses)
    field: dict[str, int]   # the others' best mix
    scale: float
    spread: float           # the other games' log spread (the estimate)
    band: PaceBand          # the held-out game's predictive pace (Student t)
    pit: float              # the real duration's point among the simulated (:func:`pit`)
    crps: float             # the band's score at the real duration (:func:`crps`)
    shares: tuple[FieldShare, ...]  # the others' bootstrap (:func:`bootstrap_shares`)
    bootstrap: HomeResult   # over the bootstrap's mixes, in proportion
    bootstrap_pit: float
    bootstrap_crps: float


def comparable_games(data: str | Path) -> tuple[list[dict[str, str]], dict[str, np.ndarray]]:
    """The comparable home games of the back-test data folder and their elimination timings."""
    d = Path(data)
    rows = [r for r in read_home_games(d / "home_games.csv") if r["game"] not in HOME_NOT_COMPARABLE]
    real = real_eliminations(d / "home_game_hands.csv", {r["game"]: int(r["players_start"]) for r in rows})
    return rows, real


def _band_result(row: dict[str, str], runs: HomeRuns, real_minutes: float) -> HomeResult:
    p5, p50, p95 = np.percentile(runs.duration, [5, 50, 95])
    return HomeResult(row["game"], int(row["players_start"]), real_minutes, float(p5),
                      float(p50), float(p95), "")


def leave_one_out(data: str | Path, n: int = 200, seed: int = 1, band_n: int | None = None) -> list[HeldOut]:
    """Each comparable game held out: the pace's scale (the geometric mean of the other
    timed games' factors) and spread, the mix and its bootstrap, fitted without it (``n``
    simulations a mix and game); then it is simulated ``band_n`` times (default ``n``) over
    the predictive pace of a new game (:meth:`PaceBand.predictive` of the others), once over
    the bootstrap's mixes and once over the best mix alone."""
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
        losses = loss_matrix([r for r in rows if r["game"] != g], real, n, seed, scale=scale,
                             spread=spread)
        best = CANDIDATES[int(np.argmin(losses.sum(axis=1)))]
        shares = bootstrap_shares(losses, seed=seed)
        band = PaceBand.predictive(others, scale)
        real_minutes = float(row["minutes_to_last_hand"]) - pauses.get(g, 0.0)
        m = band_n or n
        spread_runs = simulate_home_shares(row, m, seed, shares, band=band, threads=1)
        point_runs = simulate_home_runs(row, m, seed, field=best, band=band, threads=1)
        out.append(HeldOut(_band_result(row, point_runs, real_minutes), best, scale, spread,
                           band, pit(point_runs, real_minutes), crps(point_runs, real_minutes),
                           shares, _band_result(row, spread_runs, real_minutes),
                           pit(spread_runs, real_minutes), crps(spread_runs, real_minutes)))
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
    losses = loss_matrix(rows, real)
    total = losses.sum(axis=1)
    for i in np.argsort(total, kind="stable")[:5]:
        print(f"loss {total[i]:.3f}: {CANDIDATES[i]}")
    print("bootstrap of the fit (the mixes of 1,000 resamples of the games): "
          + "; ".join(f"{s.share} {s.field}" for s in bootstrap_shares(losses)))
    print("leave one game out (minutes to the last hand, 2,000 simulations; the best mix, "
          "then the bootstrap's mixes):")
    held = leave_one_out(args[0], band_n=2000)
    for x in held:
        h, b = x.result, x.bootstrap
        print(f"  {h.game}: real {h.real_minutes:.1f}, simulated {h.p5:.1f} / {h.median:.1f} / "
              f"{h.p95:.1f} at the {100 * x.pit:.1f} % point, {'within' if h.within else 'outside'}"
              f" (the bootstrap's mixes {b.p5:.1f} / {b.median:.1f} / {b.p95:.1f}, "
              f"{100 * x.bootstrap_pit:.1f} %); scale {x.scale:.3f}, spread {x.spread:.3f} "
              f"(predictive {x.band.spread:.3f}, t {x.band.df} df), field {x.field}")
    for name, res, pits, score in (
            ("best mix", [x.result for x in held], [x.pit for x in held], [x.crps for x in held]),
            ("bootstrap", [x.bootstrap for x in held], [x.bootstrap_pit for x in held],
             [x.bootstrap_crps for x in held])):
        err = [abs(h.median - h.real_minutes) for h in res]
        print(f"  {name}: within the band {sum(h.within for h in res)} of {len(res)}; median "
              f"error {np.median(err):.1f} min, mean {np.mean(err):.1f}, largest {max(err):.1f};"
              f" outside 10-90 % {sum(not 0.1 <= p <= 0.9 for p in pits)} (calibrated: "
              f"{0.2 * len(pits):.1f}); mean CRPS {np.mean(score):.2f} min")


if __name__ == "__main__":
    main()
