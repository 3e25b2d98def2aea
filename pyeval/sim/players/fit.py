"""Fit a player model to hand histories: the model whose simulated play has the statistics
of the hands, written as a field file ``simulate`` and ``tune`` read.

The hands are measured by :mod:`pyeval.sim.players.stats` (the code that measures the simulator's
own hands and the presets' targets), as the presets are (:mod:`pyeval.sim.players.presets`):
effective stacks from :data:`DEPTH_FROM` big blinds, tables of :data:`MIN_SEATS` or more.
The fit is simulation-based (method of simulated moments): for a candidate model, simulate
a field of it alone on ``club_3000`` (30 players), measure the same statistics
(:data:`STATS`) and compare; :func:`fit_model` searches, for each style of
:data:`KIND_START` (range player, limper, calling station), from the style's preset
nearest the hands, the parameters :data:`FITTED` by Gauss-Newton steps (forward-difference
Jacobian, then Broyden updates, in a trust region) on the residuals
``(simulated - observed) / sd``, with ``sd`` the binomial error of the difference (from the
two samples' pooled rate) and a floor :data:`MODEL_SD`; the style with the smallest
distance wins. The same seed is used for every
candidate (common random numbers), so the search sees differences between models rather
than between samples.

Read from the hands directly: ``open_size``, the median open raise in big blinds (rounded
to a quarter, 2 to 5). Not identified by deep-stack statistics and taken from the style's
preset: ``push_dev``, ``push_depth``, ``depth`` (stated in the field file).

Recovery (tests/sim/test_fit.py): hands the simulator played with a preset are fitted back
to the preset's style and to its :data:`FITTED` parameters within :data:`TOLERANCE`.

A mix (:func:`fit_mix`, ``pyeval sim fit --mix K``) needs hands that name their players:
each player's own statistics (:func:`observe_players`) place the players in at most K
groups (:func:`cluster`: seeded weighted k-means on :data:`CLUSTER_STATS`); each group's
pooled own statistics (:data:`PLAYER_STATS`) are fitted as above, first alone (the style
and nearest preset), then in that style with the candidate seated among the other groups'
first models for their weights and only the candidate's entrants measured; a group's
weight is its share of the player-hands.

Example:
    >>> from pyeval.sim.players.stats import Hand
    >>> h = Hand((1000,) * 6, (5, 10, 0, 0, 0, 0), (0,) * 6, 10,
    ...          ((0, 2, "raise", 30), (0, 3, "fold", 0), (0, 4, "fold", 0),
    ...           (0, 5, "fold", 0), (0, 0, "fold", 0), (0, 1, "fold", 0)))
    >>> o = observe([h])
    >>> o.rates["pfr"], o.player_hands, o.open_size
    (0.16666666666666666, 6, 3.0)
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pyeval.sim.players.models import MODELS, ModelLike, PlayerModel
from pyeval.sim.players.presets import DEPTH_FROM
from pyeval.sim.players.stats import RATES, Hand, Stats, at_least, by_player, combine, from_record, measure

#: tables of fewer seats are left out of the statistics (observed and simulated)
MIN_SEATS = 6
#: the statistics compared (see :data:`pyeval.sim.players.stats.RATES`)
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
#: the held-out seed of a fit is its seed plus this: the search's point replaces the start
#: only if it is nearer the hands there too. Measured (1 Dec 2026): in a field of ten each
#: of regulars, nits and recreational players, the recreational group's distance at its
#: preset ranged 0.13-0.88 over seeds 1-4, and moving its ``aggression`` or ``call_margin``
#: by the tolerance changed it by less than that; the search on one seed walked to
#: ``aggression`` 0.08, ``call_margin`` 1.06 (docs/players.md)
HOLDOUT_SEED = 1
#: floor of each statistic's error (share): the simulator's sampling noise between two
#: nearby models and what no parameter reaches
MODEL_SD = 0.01
#: the statistics a mix fit compares: each player's own decisions
#: (:func:`pyeval.sim.players.stats.by_player`), as the per-hand ones belong to the whole table
PLAYER_STATS = ("vpip", "pfr", "limp", "three_bet", "flop_seen", "cbet", "fold_to_cbet")
#: the rates players are grouped by in a mix fit (each has a chance every hand)
CLUSTER_STATS = ("vpip", "pfr", "limp", "flop_seen")
#: players with fewer hands do not place the groups' centres (they join the nearest group)
MIN_PLAYER_HANDS = 50
#: k-means restarts of a mix fit (the lowest weighted within-group variance is kept)
RESTARTS = 8
_ALL_STATS = tuple(dict.fromkeys(STATS + PLAYER_STATS))


@dataclass(frozen=True)
class Observed:
    """The statistics of some hands: each rate of :data:`STATS` with a chance, its number
    of chances, the hands and player-hands counted, and the median open raise (BB)."""

    rates: dict[str, float]
    chances: dict[str, int]
    hands: int
    player_hands: int
    open_size: float | None
    #: True for players' own statistics (:func:`observe_players`, :data:`PLAYER_STATS`):
    #: the simulated candidates are measured the same way
    per_player: bool = False

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
    return observed_of(s, STATS)


def observed_of(s: Stats, stats: Sequence[str] = STATS, per_player: bool = False) -> Observed:
    """The rates ``stats`` of counts ``s`` that had a chance, as :class:`Observed`.

    Example:
        >>> s = Stats()
        >>> s.count.update(vpip=3, player_hands=10, hands=10)
        >>> observed_of(s, ("vpip", "pfr")).rates
        {'vpip': 0.3, 'pfr': 0.0}
    """
    rates: dict[str, float] = {}
    chances: dict[str, int] = {}
    for k in stats:
        v = s.rate(k)
        if v is not None:
            rates[k] = v
            chances[k] = int(s.count[RATES[k][1]])
    return Observed(rates, chances, int(s.count["hands"]), int(s.count["player_hands"]),
                    s.open_median(), per_player)


def observe_players(hands: Iterable[Hand], min_seats: int = MIN_SEATS,
                    depth_from: float = DEPTH_FROM) -> dict[str, Stats]:
    """Each named player's own statistics (:func:`pyeval.sim.players.stats.by_player`) in the hands
    :func:`observe` counts: tables of ``min_seats`` or more, effective stacks from
    ``depth_from`` big blinds."""
    return by_player((h for h in hands if len(h.stacks) >= min_seats), depth_from)


def _seats(model: PlayerModel, among: Sequence[tuple[PlayerModel, float]], players: int
           ) -> tuple[list[PlayerModel], set[str]]:
    """One model per entrant: each of ``among`` for its share of the entrants (rounded),
    ``model`` for the rest (at least one); and the names of ``model``'s entrants."""
    others = [m for m, w in among for _ in range(round(w * players))][:players - 1]
    mine = players - len(others)
    return [model] * mine + others, {f"entrant {i}" for i in range(mine)}


def simulated(model: PlayerModel, n: int = 12, seed: int = 1, structure: str = "club_3000",
              players: int = 30, per_player: bool = False,
              among: Sequence[tuple[PlayerModel, float]] = (), **kw: Any) -> Observed:
    """:func:`observe` of ``n`` tournaments of a field of ``model`` alone (every hand
    recorded); with ``per_player``, the players' own statistics pooled
    (:func:`observe_players`, :data:`PLAYER_STATS`), and then ``among`` (``(model, share)``
    pairs) may seat other models for their shares of the entrants, ``model``'s entrants
    alone measured. The same arguments give the same statistics, so each is simulated once
    in a process (kept by :data:`SIMULATED_CACHE`; a model's name is not part of it).

    Example:
        >>> o = simulated(MODELS["nit"], n=2, seed=3)
        >>> 0.05 < o.rates["vpip"] < 0.25
        True
    """
    if among and not per_player:
        raise ValueError("other models in the field (among) need per_player statistics")
    key = (_unnamed(model), n, seed, structure, players, per_player,
           tuple((_unnamed(m), w) for m, w in among), tuple(sorted(kw.items())))
    if key not in _SIMULATED:
        if len(_SIMULATED) >= SIMULATED_CACHE:
            _SIMULATED.pop(next(iter(_SIMULATED)))
        _SIMULATED[key] = _simulate_observed(model, n, seed, structure, players, per_player,
                                             among, **kw)
    return _SIMULATED[key]


#: the most simulated statistics kept in memory (:func:`simulated`): a fit simulates each
#: candidate once, and fits of the same hands' styles share their presets' simulations
SIMULATED_CACHE = 512
_SIMULATED: dict[tuple[Any, ...], Observed] = {}


def _unnamed(m: PlayerModel) -> PlayerModel:
    """``m`` without its name (the name does not change how it plays)."""
    return replace(m, name="")


def _simulate_observed(model: PlayerModel, n: int, seed: int, structure: str, players: int,
                       per_player: bool, among: Sequence[tuple[PlayerModel, float]],
                       **kw: Any) -> Observed:
    """:func:`simulated` without its cache."""
    from pyeval.sim.players.presets import record_all

    seats, mine = _seats(model, among, players)
    r = record_all(structure, n, seed, players, seats if among else model)
    rows = r.records[_counted(r.records, kw.get("min_seats", MIN_SEATS),
                              kw.get("depth_from", DEPTH_FROM))]
    hands = [h for h in (from_record(x) for x in rows) if h is not None]
    if per_player:
        got = observe_players(hands, **kw)
        return observed_of(combine(s for x, s in got.items() if x in mine), PLAYER_STATS, True)
    return observe(hands, **kw)


def _counted(rec: np.ndarray, min_seats: int, depth_from: float) -> np.ndarray:
    """Rows of recorded hands :func:`observe` counts (decoding the others is wasted): at
    least ``min_seats`` dealt in, and someone with an effective stack of ``depth_from`` big
    blinds (the second-biggest stack that deep)."""
    from pyeval.sim.kernel.layout import MAX_SEATS, REC_BB, REC_PLAYER, REC_STACK

    dealt = rec[:, REC_PLAYER:REC_PLAYER + MAX_SEATS] >= 0
    stacks = np.where(dealt, rec[:, REC_STACK:REC_STACK + MAX_SEATS], 0)
    second = np.sort(stacks, axis=1)[:, -2]
    return np.asarray((dealt.sum(axis=1) >= min_seats) & (second >= depth_from * rec[:, REC_BB]))


def _sd(obs: Observed, sim: Observed, k: str) -> float:
    """The binomial error of the difference of the two rates, from their pooled rate (a
    sample of few chances at 0 or 1 has no error of its own), and :data:`MODEL_SD`."""
    o, s = obs.rates[k], sim.rates.get(k, obs.rates[k])
    n_o, n_s = max(obs.chances[k], 1), max(sim.chances.get(k, 0), 1)
    p = (o * n_o + s * n_s) / (n_o + n_s)
    return math.sqrt(p * (1 - p) * (1 / n_o + 1 / n_s) + MODEL_SD ** 2)


def residuals(obs: Observed, sim: Observed) -> np.ndarray:
    """``(simulated - observed) / sd`` for each statistic both have (a statistic the model
    never gives a chance for counts as 0)."""
    keys = [k for k in _ALL_STATS if k in obs.rates]
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
    #: the distances of the start and of the search's point on the held-out seed
    #: (:data:`HOLDOUT_SEED`; empty when the search did not move)
    held_out: dict[str, float] = field(default_factory=dict)

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
                **({"held_out": {k: round(v, 3) for k, v in self.held_out.items()}}
                   if self.held_out else {}),
                "method": f"simulated moments from {DEPTH_FROM:g} BB, tables of "
                          f"{MIN_SEATS}+; club_3000, 30 players (pyeval.sim.players.fit); the "
                          f"search's point kept only if nearer on seed + {HOLDOUT_SEED} too"}


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
              iterations: int, name: str,
              check: Callable[[PlayerModel], Observed] | None = None,
              ) -> tuple[PlayerModel, Observed, float, int, dict[str, float]]:
    """Gauss-Newton with a forward-difference Jacobian, then Broyden updates, in the
    parameters scaled by their steps, in a trust region (2 steps, widened after a better
    point, halved after a worse); every point clipped to :data:`BOUNDS`. Then, when the
    search moved and ``check`` (the same simulation on another seed) is given, the point
    found is kept only if it is also nearer the hands than the start on that seed: the
    last item says both distances there (see :data:`HOLDOUT_SEED`)."""
    lo = np.array([BOUNDS[k][0] for k in FITTED])
    hi = np.array([BOUNDS[k][1] for k in FITTED])
    h = np.array([STEP[k] for k in FITTED])
    x = x0 = _x(base)
    best = start_sim = evaluate(_model(base, x, name))
    r = residuals(obs, best)
    cost = start_cost = float(r @ r)
    evals = 1
    if iterations == 0:                    # the start alone: no Jacobian to spend
        return _model(base, x, name), best, cost / max(r.size, 1), evals, {}
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
    held: dict[str, float] = {}
    if check is not None and not np.array_equal(x, x0):
        held = {"start": distance(obs, check(_model(base, x0, name))),
                "search": distance(obs, check(_model(base, x, name)))}
        evals += 2
        if held["search"] >= held["start"]:  # the search followed this seed's noise
            x, best, cost = x0, start_sim, start_cost
    return _model(base, x, name), best, cost / max(r.size, 1), evals, held


def fit_model(hands: Iterable[Hand] | Observed, *, n: int = 12, seed: int = 1,
              kinds: Sequence[str] = tuple(KIND_START), iterations: int = 4,
              name: str = "fitted", among: Sequence[tuple[PlayerModel, float]] = ()) -> Fit:
    """The model of :data:`KIND_START`'s styles whose simulated statistics are nearest the
    hands' (see the module notes); ``n`` tournaments per simulated candidate; ``among``:
    other models seated with each candidate (for players' own statistics, see
    :func:`simulated`).

    Example:
        >>> from pyeval.sim.players.stats import Hand
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
        return simulated(m, n=n, seed=seed, per_player=obs.per_player, among=among)

    def check(m: PlayerModel) -> Observed:
        return simulated(m, n=n, seed=seed + HOLDOUT_SEED, per_player=obs.per_player,
                         among=among)

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
        results[kind] = _fit_kind(obs, bases[i], evaluate, iterations, name, check)
        total += results[kind][3]
    kind = min(results, key=lambda k: results[k][2])
    model, sim, dist, _, held = results[kind]
    return Fit(model, obs, sim, dist, {k: v[2] for k, v in results.items()}, total,
               starts[kind], held)


def _rates(players: Mapping[str, Stats], names: Sequence[str]) -> np.ndarray:
    """Each player's :data:`CLUSTER_STATS` (a rate without a chance: the pooled one)."""
    pooled = combine(players.values())
    return np.array([[players[x].rate(k) if players[x].rate(k) is not None else
                      pooled.rate(k) or 0.0 for k in CLUSTER_STATS] for x in names])


def _kmeans(x: np.ndarray, w: np.ndarray, k: int, rng: np.random.Generator
            ) -> tuple[np.ndarray, float]:
    """Weighted k-means (k-means++ start drawn by weight, then Lloyd steps until no point
    moves): the centres and the weighted within-group sum of squares."""
    c = [x[rng.choice(len(x), p=w / w.sum())]]
    for _ in range(1, k):
        d = np.min(((x[:, None, :] - np.array(c)[None]) ** 2).sum(axis=2), axis=1) * w
        c.append(x[rng.choice(len(x), p=d / d.sum())] if d.sum() > 0 else x[len(c) % len(x)])
    centres = np.array(c)
    label = np.full(len(x), -1)
    for _ in range(100):
        d = ((x[:, None, :] - centres[None]) ** 2).sum(axis=2)
        new = np.argmin(d, axis=1)
        if np.array_equal(new, label):
            break
        label = new
        for j in range(k):
            if np.any(label == j):
                centres[j] = np.average(x[label == j], axis=0, weights=w[label == j])
    d = ((x[:, None, :] - centres[None]) ** 2).sum(axis=2)
    return centres, float((np.min(d, axis=1) * w).sum())


def cluster(players: Mapping[str, Stats], k: int, seed: int = 1,
            min_hands: int = MIN_PLAYER_HANDS) -> list[list[str]]:
    """Players in at most ``k`` groups by their :data:`CLUSTER_STATS` (shares): weighted
    k-means, each player weighted by their hands, over the players with ``min_hands`` or
    more; :data:`RESTARTS` seeded starts, the lowest weighted within-group sum of squares
    kept; then every player joins the nearest centre. Groups come ordered by VPIP, each
    sorted by name; empty groups are dropped.

    Example:
        >>> def p(vpip, n=100):
        ...     s = Stats()
        ...     s.count.update(vpip=vpip, player_hands=n, hands=n)
        ...     return s
        >>> cluster({"a": p(10), "b": p(12), "c": p(60), "d": p(55), "e": p(50, n=5)}, 2)
        [['a', 'b'], ['c', 'd', 'e']]
    """
    if k < 1:
        raise ValueError(f"a mix has at least one group, got {k}")
    names = sorted(players)
    core = [x for x in names if players[x].count["hands"] >= min_hands]
    if not core:
        raise ValueError(f"no player has {min_hands} hands or more to group by (got "
                         f"{len(names)} players, at most "
                         f"{max((players[x].count['hands'] for x in names), default=0)} hands)")
    x = _rates(players, core)
    w = np.array([players[n].count["hands"] for n in core], float)
    rng = np.random.default_rng(seed)
    k = min(k, len(core))
    best = min((_kmeans(x, w, k, rng) for _ in range(RESTARTS)), key=lambda r: r[1])[0]
    d = ((_rates(players, names)[:, None, :] - best[None]) ** 2).sum(axis=2)
    label = np.argmin(d, axis=1)
    order = np.argsort(best[:, 0], kind="stable")
    return [g for g in ([n for n, lab in zip(names, label) if lab == j] for j in order) if g]


#: automatic mix size: the fewest groups whose players differ from their group's rates by
#: no more than this many times binomial sampling (:func:`dispersion`)
HOMOGENEOUS = 2.0
#: the most groups an automatic mix takes
MAX_MIX = 6


def dispersion(players: Mapping[str, Stats], groups: Sequence[Sequence[str]],
               min_hands: int = MIN_PLAYER_HANDS) -> float:
    """How far players of ``min_hands`` or more stray from their group's pooled
    :data:`CLUSTER_STATS`, in units of binomial sampling: the sum over players and rates of
    ``(rate - group rate)**2 / (group rate * (1 - group rate) / hands)``, over its degrees of
    freedom (players less groups, times rates). About 1 when each group's players play
    alike (what sampling alone gives), larger when a group mixes styles.

    Example:
        >>> def p(vpip, n=400):
        ...     s = Stats()
        ...     s.count.update(vpip=vpip, player_hands=n, hands=n)
        ...     return s
        >>> ps = {"a": p(40), "b": p(44), "c": p(200), "d": p(196)}
        >>> round(dispersion(ps, [["a", "b"], ["c", "d"]]), 2), dispersion(ps, [list(ps)]) > 20
        (0.04, True)
    """
    total = 0.0
    dof = 0
    for g in groups:
        core = [x for x in g if players[x].count["hands"] >= min_hands]
        if not core:
            continue
        pooled = combine(players[x] for x in core)
        centre = np.array([pooled.rate(k) or 0.0 for k in CLUSTER_STATS])
        var = np.maximum(centre * (1 - centre), 1e-4)
        for x in core:
            d = _rates(players, [x])[0] - centre
            total += float(np.sum(d * d / var * players[x].count["hands"]))
        dof += len(core) - 1
    return total / max(dof * len(CLUSTER_STATS), 1)


def choose_k(players: Mapping[str, Stats], most: int = MAX_MIX, seed: int = 1,
             min_hands: int = MIN_PLAYER_HANDS) -> int:
    """The automatic mix size: the fewest groups (1 to ``most``) of :func:`cluster` whose
    :func:`dispersion` is at most :data:`HOMOGENEOUS`; ``most`` when none is.

    Example:
        >>> def p(vpip, n=400):
        ...     s = Stats()
        ...     s.count.update(vpip=vpip, player_hands=n, hands=n)
        ...     return s
        >>> choose_k({"a": p(40), "b": p(44), "c": p(200), "d": p(196)})
        2
    """
    if most < 1:
        raise ValueError(f"a mix has at least one group, got {most}")
    for k in range(1, most + 1):
        if dispersion(players, cluster(players, k, seed, min_hands), min_hands) <= HOMOGENEOUS:
            return k
    return most


@dataclass(frozen=True)
class MixFit:
    """A fitted mix: one :class:`Fit` per group of players, the group's weight (share of
    the player-hands), and the group's players."""

    fits: list[Fit]
    weights: list[float]
    groups: list[list[str]] = field(repr=False)
    #: each group's distance to the best preset of each style, alone (the style chosen)
    styles: list[dict[str, float]] = field(default_factory=list)
    #: simulations of both passes
    evaluations: int = 0

    def as_field(self) -> dict[ModelLike, float]:
        """The mix as a field (``{model: weight}``) for :func:`pyeval.sim.players.models.write_field`."""
        out: dict[ModelLike, float] = {f.model: w for f, w in zip(self.fits, self.weights)}
        return out

    def notes(self) -> dict[str, Any]:
        """What the field file records about the fit (its ``[fit]`` table; no player names)."""
        return {"mix": len(self.fits), "simulations": self.evaluations,
                "method": f"players grouped by {', '.join(CLUSTER_STATS)} (weighted k-means, "
                          f"{RESTARTS} seeded starts; players of {MIN_PLAYER_HANDS}+ hands "
                          f"place the centres); one model fitted per group to its players' "
                          f"own statistics; weight = the group's share of player-hands",
                "groups": [dict(players=len(g), weight=round(w, 4), **{
                    k: v for k, v in f.notes().items() if k not in ("method", "by_kind")},
                    by_kind={k: round(v, 3) for k, v in st.items()})
                    for f, w, g, st in zip(self.fits, self.weights, self.groups, self.styles)]}


def fit_mix(hands: Iterable[Hand] | Mapping[str, Stats], k: int, *, n: int = 12, seed: int = 1,
            kinds: Sequence[str] = tuple(KIND_START), iterations: int = 4,
            min_hands: int = MIN_PLAYER_HANDS, name: str = "fitted") -> MixFit:
    """A field of at most ``k`` models fitted to hands that name their players: the players
    grouped by :func:`cluster` (seeded by ``seed``), each group's players' own statistics
    (:data:`PLAYER_STATS`) fitted by :func:`fit_model` (models ``NAME_1``, ``NAME_2``, ...
    in order of VPIP), weighted by the group's share of the player-hands. Two passes: each
    group alone with ``iterations=0`` (its style of ``kinds`` and nearest preset), then each
    group in that style, seated among the other groups' first models. ``hands`` may be
    :func:`observe_players`'s result.

    Example:
        >>> fit_mix([], 2)
        Traceback (most recent call last):
        ...
        ValueError: no hands name their players: a mix fit needs each hand's players (PHH ...
    """
    players = dict(hands) if isinstance(hands, Mapping) else observe_players(hands)
    if not players:
        raise ValueError("no hands name their players: a mix fit needs each hand's players "
                         "(PHH `players`), at tables of "
                         f"{MIN_SEATS}+ with effective stacks from {DEPTH_FROM:g} BB")
    groups = cluster(players, k, seed=seed, min_hands=min_hands)
    obs = [observed_of(combine(players[x] for x in g), PLAYER_STATS, per_player=True)
           for g in groups]
    total = sum(o.player_hands for o in obs)
    weights = [o.player_hands / total for o in obs]
    names = [f"{name}_{i + 1}" if len(groups) > 1 else name for i in range(len(groups))]
    # first each group's style and nearest preset in a field of its own, then each group
    # fitted in that style among the others' first models (players play differently at a
    # mixed table)
    first = [fit_model(o, n=n, seed=seed, kinds=kinds, iterations=0, name=x)
             for o, x in zip(obs, names)]
    fits = []
    for i, (o, x) in enumerate(zip(obs, names)):
        among = [(f.model, w) for j, (f, w) in enumerate(zip(first, weights)) if j != i]
        fits.append(fit_model(o, n=n, seed=seed, kinds=(first[i].model.kind,),
                              iterations=iterations, name=x, among=among))
    return MixFit(fits, weights, groups, [f.by_kind for f in first],
                  sum(f.evaluations for f in first + fits))


__all__ = ["BOUNDS", "CLUSTER_STATS", "FITTED", "HOLDOUT_SEED", "HOMOGENEOUS", "KIND_START", "MAX_MIX",
           "MIN_PLAYER_HANDS", "MIN_SEATS", "PLAYER_STATS", "STATS", "TOLERANCE", "Fit",
           "MixFit", "Observed", "choose_k", "cluster", "dispersion", "distance", "fit_mix",
           "fit_model", "observe", "observe_players", "observed_of", "residuals", "simulated"]
