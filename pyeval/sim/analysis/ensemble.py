"""The ensemble of likely fields a structure is tuned and reported over.

A structure's answer depends on how the players play and how fast the room deals. Instead
of one player model, :func:`default_ensemble` gives ``size`` members, each a field (a preset,
a mix of presets, or a preset with a parameter moved within its documented range), a pace
(hands per hour at a full table) and a break overrun (minutes every break runs long). The
members are equally weighted (``weight`` 1): the tuner asks each target of the member with
the lowest chance (the pessimistic one) and shows the median and the highest beside it, so
a weight would only move the median; the mixes inside a member carry the weights of
:data:`pyeval.sim.players.presets.FIELDS`. This module is the one place the ensemble is defined: new
player-model presets are added to :data:`FIELDS` (and nowhere else).

The pace is drawn from a log-normal distribution around the room's nominal pace (spread
``PACE_SPREAD``, cut at ``PACE_RANGE``), by stratified quantiles so that a small ensemble
still covers slow and fast rooms; the break overrun from 0 to ``MAX_OVERRUN`` minutes, also
stratified. Member ``i`` of the same ``(size, seed)`` is always the same.

Example:
    >>> ens = default_ensemble(8, hands_per_hour=30, seed=1)
    >>> len(ens), len({m.name for m in ens})
    (8, 8)
    >>> all(22.5 <= m.hands_per_hour <= 37.5 for m in ens)
    True
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any

import numpy as np

from pyeval.sim.players.models import MODELS, FieldLike
from pyeval.sim.players.presets import FIELDS as PRESET_FIELDS

#: The fields of the ensemble, in the order members take them (``size`` members take the
#: first ``size``): the default field, the older style presets, the population presets and
#: mixes of :mod:`pyeval.sim.players.presets` (weights of the mixes: :data:`pyeval.sim.players.presets.FIELDS`),
#: and presets with one parameter at the edge of its range (see docs/players.md). Measured
#: on ``club_3000`` (30 players, 400 tournaments a field, tests/sim/test_ensemble.py), the
#: first eight (the default ensemble) hold the slowest field, ``nit`` (the pessimistic
#: member of "done by" targets), and the fastest, ``loose_aggressive`` (of "not before" and
#: "final table after"). A field of maniacs alone is far faster than any real room (about
#: 74 minutes where the default takes 209): it joins from eleven members up. Presets added
#: later belong here.
FIELDS: tuple[tuple[str, FieldLike], ...] = (
    ("balanced", "balanced"),
    ("tight_passive", "tight_passive"),
    ("loose_aggressive", "loose_aggressive"),
    ("mixed club", {"balanced": 3, "tight_passive": 1, "loose_passive": 1}),
    ("home_game", PRESET_FIELDS["home_game"]),
    ("nit", "nit"),
    ("club_night", PRESET_FIELDS["club_night"]),
    ("online", PRESET_FIELDS["online"]),
    ("live_recreational", "live_recreational"),
    ("calling_station", "calling_station"),
    ("maniac", "maniac"),
    ("push_fold", "push_fold"),
    ("balanced, push depth 8", replace(MODELS["balanced"], push_depth=8.0, name="balanced_pd8")),
    ("balanced, push depth 16", replace(MODELS["balanced"], push_depth=16.0, name="balanced_pd16")),
    ("tight_aggressive", "tight_aggressive"),
    ("loose_passive", "loose_passive"),
    ("mixed aggressive", {"tight_aggressive": 1, "loose_aggressive": 1}),
    ("balanced, depth in bb", replace(MODELS["balanced"], depth="bb", name="balanced_bb")),
    ("mixed tight", {"tight_passive": 2, "tight_aggressive": 1, "balanced": 1}),
    ("live_tournament", PRESET_FIELDS["live_tournament"]),
)
#: Spread of the pace (sigma of its logarithm) and its range, as multiples of the nominal.
PACE_SPREAD = 0.12
PACE_RANGE = (0.75, 1.25)
#: The longest break overrun drawn (minutes a break runs long).
MAX_OVERRUN = 5.0


@dataclass(frozen=True)
class Member:
    """One likely field: players, pace and break overrun, with its weight in the ensemble.

    Example:
        >>> Member("balanced", "balanced", 30.0, 2.0).describe()
        'balanced, 30.0 hands/h, breaks +2 min'
    """

    name: str
    field: FieldLike
    hands_per_hour: float
    break_overrun: float = 0.0
    weight: float = 1.0
    #: a pace preset (:mod:`pyeval.sim.engine.pace`) whose shape ``hands_per_hour`` scales (a full
    #: table's rate); ``None``: the single-figure clock
    pace: str | None = None

    def describe(self) -> str:
        """The member in words."""
        pace = f" ({self.pace} pace)" if self.pace else ""
        return (f"{self.name}, {self.hands_per_hour:.1f} hands/h{pace}, "
                f"breaks +{self.break_overrun:.0f} min")

    def clock(self) -> Any:
        """The member's :class:`~pyeval.sim.engine.clock.Clock`."""
        from pyeval.sim.engine.clock import Clock

        return Clock(hands_per_hour=self.hands_per_hour, pace=self.pace)


def _stratified(size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` quantiles, one in each of ``size`` equal strata, in a seeded order."""
    u = (np.arange(size) + rng.uniform(0.05, 0.95, size)) / size
    return u[rng.permutation(size)]


def default_ensemble(size: int = 8, *, hands_per_hour: float | None = None, seed: int = 0,
                     fields: Sequence[tuple[str, FieldLike]] = FIELDS, pace: str | None = None,
                     table_size: int = 9) -> tuple[Member, ...]:
    """``size`` equally weighted members (see the module notes); ``size`` 1 is the nominal
    room with the balanced field. ``pace``: a pace preset whose full-table rate (at
    ``table_size``) is the nominal pace unless ``hands_per_hour`` is given (no pace: 30).

    Example:
        >>> default_ensemble(1)[0].describe()
        'balanced, 30.0 hands/h, breaks +0 min'
    """
    if not 1 <= size <= len(fields):
        raise ValueError(f"the ensemble has 1 to {len(fields)} members, got {size}")
    if hands_per_hour is None:
        from pyeval.sim.engine.clock import LEGACY_HANDS_PER_HOUR, Clock

        hands_per_hour = (Clock(pace=pace).full_table_rate(table_size) if pace
                          else LEGACY_HANDS_PER_HOUR)
    if not 1 <= hands_per_hour <= 1000:
        raise ValueError(f"hands_per_hour must be between 1 and 1000, got {hands_per_hour}")
    if size == 1:
        return (Member(fields[0][0], fields[0][1], float(hands_per_hour), 0.0, pace=pace),)
    rng = np.random.Generator(np.random.PCG64(seed))
    lo, hi = PACE_RANGE
    z = NormalDist()
    paces = [hands_per_hour * float(np.clip(np.exp(PACE_SPREAD * z.inv_cdf(float(u))), lo, hi))
             for u in _stratified(size, rng)]
    overruns = [round(MAX_OVERRUN * float(u)) for u in _stratified(size, rng)]
    return tuple(Member(name, f, round(p, 1), float(o), 1.0, pace)
                 for (name, f), p, o in zip(fields[:size], paces, overruns))


def describe_ensemble(members: Sequence[Member]) -> str:
    """The ensemble in words, one member a line."""
    return "\n".join(f"  {i + 1}. {m.describe()}" for i, m in enumerate(members))


def with_break_overrun(structure: Any, minutes: float) -> Any:
    """The structure with every break ``minutes`` longer (whole minutes, rounded).

    Example:
        >>> from pyeval.tournament import load_structure
        >>> s = with_break_overrun(load_structure("club_3000"), 3)
        >>> [b.minutes for b in s.breaks][:2]
        [13, 13]
    """
    from dataclasses import replace

    extra = int(round(minutes))
    if extra <= 0:
        return structure
    return replace(structure, breaks=tuple(replace(b, minutes=b.minutes + extra) for b in structure.breaks))


def simulate_ensemble(structure: Any, members: Sequence[Member], n: int, seed: int = 0, *,
                      players: int | None = None, **options: Any) -> list[Any]:
    """One :func:`~pyeval.sim.simulate` run per member (``n`` tournaments each, seeds
    ``seed + i``); returns the results in member order.

    Example:
        >>> rs = simulate_ensemble("club_3000", default_ensemble(2), 8, seed=1, players=12)
        >>> [r.n for r in rs]
        [8, 8]
    """
    from pyeval.sim.engine.engine import simulate
    from pyeval.tournament.structure import load_structure

    if isinstance(structure, str):
        structure = load_structure(structure)
    out = []
    for i, m in enumerate(members):
        st = with_break_overrun(structure, m.break_overrun)
        out.append(simulate(st, n=n, seed=seed + i, players=players, field=m.field,
                            clock=m.clock(), **options))
    return out


__all__ = ["FIELDS", "MODELS", "Member", "default_ensemble", "describe_ensemble",
           "simulate_ensemble", "with_break_overrun"]
