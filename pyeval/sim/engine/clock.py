"""The clock of a simulated tournament: how long a hand takes at a table.

Each table deals at its own pace, looked up in a small table by the players at the table
(:meth:`Clock.minutes_per_hand`, read by the kernel after every hand). Two ways to fill it:

- a **pace preset** (``Clock(pace="dealer")``, ``"players"``, ``"online"``;
  :mod:`pyeval.sim.engine.pace`): seconds per hand fitted to real hand timings as a function of
  the players dealt in; with ``hands_per_hour`` as well, the preset's shape scaled so that a
  full table deals that many hands an hour (the CLI's ``--hands-per-hour`` override);
- a **single figure** (``Clock(hands_per_hour=30)``, no pace): a hand with ``k`` players
  takes ``60 / hands_per_hour * (fixed_share + (1 - fixed_share) * k / full_table)``
  minutes (the simulator's rule before the presets; ``Clock()`` is 30 hands an hour).

``by_players`` overrides the rate for given player counts. Breaks stop every clock; levels
timed in minutes end by the clock of play (breaks excluded); levels counted in hands at each
table after the table's own hands, the tables re-aligned at breaks
(:func:`pyeval.sim.engine.spec.level_clock`).

Example:
    >>> c = Clock(hands_per_hour=30)
    >>> m = c.minutes_per_hand(9)
    >>> round(float(60 / m[9]), 1), round(float(60 / m[2]), 1)
    (30.0, 56.2)
    >>> round(float(60 / Clock(by_players={2: 80}).minutes_per_hand(9)[2]), 1)
    80.0
    >>> d = Clock(pace="dealer").minutes_per_hand(9)
    >>> round(float(60 / d[9]), 1), round(float(60 / d[2]), 1)
    (32.5, 190.8)
    >>> round(float(60 / Clock(pace="dealer", hands_per_hour=40).minutes_per_hand(9)[9]), 1)
    40.0
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from pyeval.sim.engine.pace import pace as pace_preset

MAX_PLAYERS_AT_TABLE = 15
#: The single figure of ``Clock()`` without a pace: hands an hour at a full table.
LEGACY_HANDS_PER_HOUR = 30.0


@dataclass(frozen=True)
class Clock:
    """Hands per hour at a table, by the number of players there (see the module notes)."""

    hands_per_hour: float | None = None
    fixed_share: float = 0.4
    full_table: int | None = None
    by_players: Mapping[int, float] = field(default_factory=dict)
    pace: str | None = None

    def __post_init__(self) -> None:
        if self.hands_per_hour is not None and not 1 <= self.hands_per_hour <= 1000:
            raise ValueError(f"hands_per_hour must be between 1 and 1000, got {self.hands_per_hour}")
        if not 0 <= self.fixed_share <= 1:
            raise ValueError(f"fixed_share must be between 0 and 1, got {self.fixed_share}")
        if self.pace is not None:
            pace_preset(self.pace)      # a clear error for an unknown name
        for k, v in dict(self.by_players).items():
            if not 2 <= int(k) <= MAX_PLAYERS_AT_TABLE or not 1 <= v <= 1000:
                raise ValueError(
                    f"by_players maps players at a table (2..{MAX_PLAYERS_AT_TABLE}) to hands "
                    f"per hour (1..1000); got {k}: {v}")

    def minutes_per_hand(self, table_size: int) -> np.ndarray:
        """Minutes per hand for 0..15 players at a table (entries below 2 are unused)."""
        full = self.full_table or table_size
        k = np.arange(MAX_PLAYERS_AT_TABLE + 1, dtype=float)
        if self.pace is not None:
            p = pace_preset(self.pace)
            m = p.scale * np.maximum(k, 1.0) ** p.exponent / 60.0
            if self.hands_per_hour is not None:
                m *= 60.0 / self.hands_per_hour / m[min(full, MAX_PLAYERS_AT_TABLE)]
        else:
            hph = self.hands_per_hour or LEGACY_HANDS_PER_HOUR
            m = 60.0 / hph * (self.fixed_share + (1 - self.fixed_share) * k / full)
        for n, hph in dict(self.by_players).items():
            m[int(n)] = 60.0 / float(hph)
        m[:2] = m[2]
        return m

    def full_table_rate(self, table_size: int) -> float:
        """Hands an hour at a full table of ``table_size`` (``full_table`` if set)."""
        full = min(self.full_table or table_size, MAX_PLAYERS_AT_TABLE)
        return float(60.0 / self.minutes_per_hand(table_size)[full])

    def describe(self, table_size: int) -> str:
        """The pace in words, with where it comes from (what every report prints).

        Example:
            >>> Clock(pace="online").describe(6)
            'online: 82.8 hands/h at 6 players, 304.5 heads-up (fitted to 2,139 real online hands)'
            >>> Clock(hands_per_hour=28).describe(9)
            '28 hands/h at a full table of 9 (a figure given, not a preset)'
        """
        full = min(self.full_table or table_size, MAX_PLAYERS_AT_TABLE)
        m = self.minutes_per_hand(table_size)
        if self.pace is None:
            return (f"{self.full_table_rate(table_size):g} hands/h at a full table of {full} "
                    "(a figure given, not a preset)")
        p = pace_preset(self.pace)
        src = p.source if self.hands_per_hour is None else (
            f"{p.name}'s shape scaled to the {self.hands_per_hour:g} hands/h given")
        return (f"{p.name}: {60 / m[full]:.1f} hands/h at {full} players, "
                f"{60 / m[2]:.1f} heads-up ({src})")
