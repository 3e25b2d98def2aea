"""Fit a player model to hand histories: the model whose simulated play has the statistics
of the hands, written as a field file ``simulate`` and ``tune`` read.

The hands are measured by :mod:`pyeval.sim.stats` (the code that measures the simulator's
own hands and the presets' targets), as the presets are (:mod:`pyeval.sim.presets`):
effective stacks from :data:`DEPTH_FROM` big blinds, tables of :data:`MIN_SEATS` or more.
The fit is simulation-based (method of simulated moments): for a candidate model, simulate
a field of it alone on ``club_3000`` (30 players), measure the same statistics
(:data:`STATS`) and compare; :func:`fit_model` searches, for each style of
:data:`KIND_START` (range player, limper, calling station), from the style's preset
nearest the hands, the parameters :data:`FITTED` by Gauss-Newton steps (forward-difference
Jacobian, then Broyden updates, in a trust region) on the residuals
``(simulated - observed) / sd``, with ``sd`` the binomial error of both samples and a floor
:data:`MODEL_SD`; the style with the smallest distance wins. The same seed is used for every
candidate (common random numbers), so the search sees differences between models rather
than between samples.

Read from the hands directly: ``open_size``, the median open raise in big blinds (rounded
to a quarter, 2 to 5). Not identified by deep-stack statistics and taken from the style's
preset: ``push_dev``, ``push_depth``, ``depth`` (stated in the field file).

Recovery (tests/sim/test_fit.py): hands the simulator played with a preset are fitted back
to the preset's style and to its :data:`FITTED` parameters within :data:`TOLERANCE`.

Example:
    >>> from pyeval.sim.stats import Hand
    >>> h = Hand((1000,) * 6, (5, 10, 0, 0, 0, 0), (0,) * 6, 10,
    ...          ((0, 2, "raise", 30), (0, 3, "fold", 0), (0, 4, "fold", 0),
    ...           (0, 5, "fold", 0), (0, 0, "fold", 0), (0, 1, "fold", 0)))
    >>> o = observe([h])
    >>> o.rates["pfr"], o.player_hands, o.open_size
    (0.16666666666666666, 6, 3.0)
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pyeval.sim.models import MODELS, PlayerModel
from pyeval.sim.presets import DEPTH_FROM
from pyeval.sim.stats import RATES, Hand, at_least, from_record, measure

#: tables of fewer seats are left out of the statistics (observed and simulated)
MIN_SEATS = 6
#: the statistics compared (see :data:`pyeval.sim.stats.RATES`)
STATS = ("vpip", "pfr", "limp", "three_bet", "cbet", "fold_to_cbet", "flops", "showdowns",
         "allin_called")
#: each style fitted, and the presets it may start from: the nearest to the hands (one
#: simulation each) is the start, and gives the parameters not fitted
KIND_START = {"ranges": ("online_regular", "nit", "maniac", "tight_aggressive",
                         "loose_aggressive", "tight_passive", "loose_passive"),
              "limper": ("live_recreational",), "station": ("calling_station",)}
#: the parameters searched, their bounds and finite-difference steps
FITTED = ("loose", "aggression", "cbet", "call_margin")
BOUNDS = {"loose": (0.3, 4.0), "aggression": (0.0, 1.0), "cbet": (0.0, 1.0),
          "call_margin": (0.5, 1.5)}
STEP = {"loose": 0.15, "aggression": 0.15, "cbet": 0.2, "call_margin": 0.1}
#: stated recovery tolerance of each fitted parameter (tests/sim/test_fit.py)
TOLERANCE = {"loose": 0.15, "aggression": 0.2, "cbet": 0.25, "call_margin": 0.15,
             "open_size": 0.25}
#: floor of each statistic's error (share): the simulator's sampling noise between two
#: nearby models and what no parameter reaches
MODEL_SD = 0.01


@dataclass(frozen=True)
class Observed:
    """The statistics of some hands: each rate of :data:`STATS` with a chance, its number
    of chances, the hands and player-hands counted, and the median open raise (BB)."""

    rates: dict[str, float]
    chances: dict[str, int]
    hands: int
    player_hands: int
    open_size: float | None

    def describe(self) -> str:
        """The rates in percent, one line.

        Example:
            >>> Observed({"vpip": 0.25}, {"vpip": 100}, 20, 100, 2.5).describe()
            'vpip 25.0'
        """
        return ", ".join(f"{k} {100 * v:.1f}" for k, v in self.rates.items())


def observe(hands: Iterable[Hand], min_seats: int = MIN_SEATS,
            depth_from: float = DEPTH_FROM) -> Observed:
    """The statistics the fit compares, of ``hands`` with at least ``min_seats`` seats, by
    players with an effective stack of ``depth_from`` big blinds or more."""
    s = at_least(measure((h for h in hands if len(h.stacks) >= min_seats), by="bb"), depth_from)
    rates: dict[str, float] = {}
    chances: dict[str, int] = {}
    for k in STATS:
        v = s.rate(k)
        if v is not None:
            rates[k] = v
            chances[k] = int(s.count[RATES[k][1]])
    return Observed(rates, chances, int(s.count["hands"]), int(s.count["player_hands"]),
                    s.open_median())


def simulated(model: PlayerModel, n: int = 12, seed: int = 1, structure: str = "club_3000",
              players: int = 30, **kw: Any) -> Observed:
    """:func:`observe` of ``n`` tournaments of a field of ``model`` alone (every hand
    recorded).

    Example:
        >>> o = simulated(MODELS["nit"], n=2, seed=3)
        >>> 0.05 < o.rates["vpip"] < 0.25
        True
    """
    from pyeval.sim import simulate

    r = simulate(structure, n=n, seed=seed, players=players, field=model,
                 record_tournaments=n, record_hands=4000)
    rows = r.records[_counted(r.records, kw.get("min_seats", MIN_SEATS),
                              kw.get("depth_from", DEPTH_FROM))]
    return observe([h for h in (from_record(x) for x in rows) if h is not None], **kw)


def _counted(rec: np.ndarray, min_seats: int, depth_from: float) -> np.ndarray:
    """Rows of recorded hands :func:`observe` counts (decoding the others is wasted): at
    least ``min_seats`` dealt in, and someone with an effective stack of ``depth_from`` big
    blinds (the second-biggest stack that deep)."""
    from pyeval.sim.layout import MAX_SEATS, REC_BB, REC_PLAYER, REC_STACK

    dealt = rec[:, REC_PLAYER:REC_PLAYER + MAX_SEATS] >= 0
    stacks = np.where(dealt, rec[:, REC_STACK:REC_STACK + MAX_SEATS], 0)
    second = np.sort(stacks, axis=1)[:, -2]
    return np.asarray((dealt.sum(axis=1) >= min_seats) & (second >= depth_from * rec[:, REC_BB]))


def _sd(obs: Observed, sim: Observed, k: str) -> float:
    o, s = obs.rates[k], sim.rates.get(k, obs.rates[k])
    n_o, n_s = max(obs.chances[k], 1), max(sim.chances.get(k, 0), 1)
    return math.sqrt(o * (1 - o) / n_o + s * (1 - s) / n_s + MODEL_SD ** 2)


def residuals(obs: Observed, sim: Observed) -> np.ndarray:
    """``(simulated - observed) / sd`` for each statistic both have (a statistic the model
    never gives a chance for counts as 0)."""
    keys = [k for k in STATS if k in obs.rates]
    return np.array([(sim.rates.get(k, 0.0) - obs.rates[k]) / _sd(obs, sim, k) for k in keys])


def distance(obs: Observed, sim: Observed) -> float:
    """Mean squared residual (1 is as close as sampling allows).

    Example:
        >>> o = Observed({"vpip": 0.25}, {"vpip": 10000}, 1, 1, None)
        >>> round(distance(o, Observed({"vpip": 0.27}, {"vpip": 10000}, 1, 1, None)), 2)
        2.89
    """
    r = residuals(obs, sim)
    return float(np.mean(r ** 2)) if r.size else 0.0


@dataclass(frozen=True)
class Fit:
    """A fitted model, its statistics beside the observed ones, the distance of the best
    model of each style, and the simulations it took."""

    model: PlayerModel
    observed: Observed
    fitted: Observed
    distance: float
    by_kind: dict[str, float]
    evaluations: int
    start: str = ""

    def rows(self) -> list[tuple[str, float, float | None]]:
        """``(statistic, observed, fitted)`` for each observed statistic."""
        return [(k, v, self.fitted.rates.get(k)) for k, v in self.observed.rates.items()]

    def notes(self) -> dict[str, Any]:
        """What the field file records about the fit (its ``[fit]`` table)."""
        return {"hands": self.observed.hands, "player_hands": self.observed.player_hands,
                "distance": round(self.distance, 3),
                "observed": {k: round(v, 4) for k, v in self.observed.rates.items()},
                "fitted": {k: round(v, 4) for k, v in self.fitted.rates.items()},
                "by_kind": {k: round(v, 3) for k, v in self.by_kind.items()},
                "fitted_parameters": list(FITTED) + ["open_size", "kind"],
                "from_preset": self.start,
                "method": f"simulated moments from {DEPTH_FROM:g} BB, tables of "
                          f"{MIN_SEATS}+; club_3000, 30 players (pyeval.sim.fit)"}


def open_size_of(obs: Observed, default: float) -> float:
    """The open raise size a model takes from the hands: their median, to a quarter of a
    big blind, between 2 and 5 (``default`` without opens).

    Example:
        >>> open_size_of(Observed({}, {}, 0, 0, 3.1), 2.5), open_size_of(Observed({}, {}, 0, 0, None), 2.5)
        (3.0, 2.5)
    """
    if obs.open_size is None:
        return default
    return float(min(5.0, max(2.0, round(4 * obs.open_size) / 4)))


def _x(base: PlayerModel) -> np.ndarray:
    """The fitted parameters of ``base``, inside :data:`BOUNDS`."""
    return np.array([min(max(float(getattr(base, k)), BOUNDS[k][0]), BOUNDS[k][1]) for k in FITTED])


def _model(base: PlayerModel, x: np.ndarray, name: str) -> PlayerModel:
    params: dict[str, Any] = {k: round(float(v), 3) for k, v in zip(FITTED, x)}
    return replace(base, name=name, **params)


def _fit_kind(obs: Observed, base: PlayerModel, evaluate: Callable[[PlayerModel], Observed],
              iterations: int, name: str) -> tuple[PlayerModel, Observed, float, int]:
    """Gauss-Newton with a forward-difference Jacobian, then Broyden updates, in the
    parameters scaled by their steps, in a trust region (2 steps, widened after a better
    point, halved after a worse); every point clipped to :data:`BOUNDS`."""
    lo = np.array([BOUNDS[k][0] for k in FITTED])
    hi = np.array([BOUNDS[k][1] for k in FITTED])
    h = np.array([STEP[k] for k in FITTED])
    x = _x(base)
    best = evaluate(_model(base, x, name))
    r = residuals(obs, best)
    cost = float(r @ r)
    evals = 1
    J = np.empty((r.size, x.size))
    for i in range(x.size):
        step = h[i] if x[i] + h[i] <= hi[i] else -h[i]
        xi = x.copy()
        xi[i] += step
        J[:, i] = (residuals(obs, evaluate(_model(base, xi, name))) - r) / (step / h[i])
        evals += 1
    radius = 2.0                           # the most steps of a parameter tried at once
    for _ in range(iterations):
        lam = 1e-3 * float(np.trace(J.T @ J)) + 1e-9
        dz = -np.linalg.solve(J.T @ J + lam * np.eye(x.size), J.T @ r)
        big = float(np.max(np.abs(dz)))
        if big > radius:
            dz *= radius / big
        xn = np.clip(x + dz * h, lo, hi)
        dz = (xn - x) / h
        if not np.any(np.abs(dz) > 1e-3):
            break
        sim = evaluate(_model(base, xn, name))
        evals += 1
        rn = residuals(obs, sim)
        J = J + np.outer(rn - r - J @ dz, dz) / float(dz @ dz)
        cn = float(rn @ rn)
        if cn < cost:
            x, r, cost, best = xn, rn, cn, sim
            radius = min(4.0, 1.5 * radius)
        else:
            radius = max(0.25, radius / 2)
    return _model(base, x, name), best, cost / max(r.size, 1), evals


def fit_model(hands: Iterable[Hand] | Observed, *, n: int = 12, seed: int = 1,
              kinds: Sequence[str] = tuple(KIND_START), iterations: int = 4,
              name: str = "fitted") -> Fit:
    """The model of :data:`KIND_START`'s styles whose simulated statistics are nearest the
    hands' (see the module notes); ``n`` tournaments per simulated candidate.

    Example:
        >>> from pyeval.sim.stats import Hand
        >>> fit_model([], n=2)
        Traceback (most recent call last):
        ...
        ValueError: no hands to fit: the fit needs hands of tables of 6 or more seats with ...
    """
    obs = hands if isinstance(hands, Observed) else observe(hands)
    if obs.hands < 1 or not obs.rates:
        raise ValueError(f"no hands to fit: the fit needs hands of tables of {MIN_SEATS} or more "
                         f"seats with effective stacks from {DEPTH_FROM:g} BB (got {obs.hands} "
                         f"such hands)")
    bad = [k for k in kinds if k not in KIND_START]
    if bad or not kinds:
        raise ValueError(f"styles to fit: some of {', '.join(KIND_START)}, got {list(kinds)}")
    if n < 1 or iterations < 0:
        raise ValueError(f"n must be at least 1 and iterations at least 0, got {n}, {iterations}")

    def evaluate(m: PlayerModel) -> Observed:
        return simulated(m, n=n, seed=seed)

    results = {}
    starts = {}
    total = 0
    for kind in kinds:
        bases = [replace(MODELS[p], open_size=open_size_of(obs, MODELS[p].open_size))
                 for p in KIND_START[kind]]
        if len(bases) > 1:
            near = [distance(obs, evaluate(_model(b, _x(b), name))) for b in bases]
            total += len(bases)
            i = int(np.argmin(near))
        else:
            i = 0
        starts[kind] = KIND_START[kind][i]
        results[kind] = _fit_kind(obs, bases[i], evaluate, iterations, name)
        total += results[kind][3]
    kind = min(results, key=lambda k: results[k][2])
    model, sim, dist, _ = results[kind]
    return Fit(model, obs, sim, dist, {k: v[2] for k, v in results.items()}, total,
               starts[kind])


__all__ = ["BOUNDS", "FITTED", "KIND_START", "MIN_SEATS", "STATS", "TOLERANCE", "Fit",
           "Observed", "distance", "fit_model", "observe", "residuals", "simulated"]
