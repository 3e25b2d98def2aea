"""The clock of a simulated tournament: how long a hand takes at a table.

Each table deals at its own pace. A hand with ``k`` players takes

    minutes(k) = 60 / hands_per_hour * (fixed_share + (1 - fixed_share) * k / full_table)

so a full table deals ``hands_per_hour`` hands an hour (about 30 is usual live) and a
short-handed table deals faster: shuffling and dealing the board take the same time
whatever the players, each player adds their own share. ``by_players`` overrides the rate
for given player counts. Breaks stop every clock; levels timed in minutes end by the
clock of play (breaks excluded); levels counted in hands at each table after the table's
own hands, the tables re-aligned at breaks (:func:`pyeval.sim.spec.level_clock`).

Example:
    >>> c = Clock(hands_per_hour=30)
    >>> m = c.minutes_per_hand(9)
    >>> round(float(60 / m[9]), 1), round(float(60 / m[2]), 1)
    (30.0, 56.2)
    >>> round(float(60 / Clock(by_players={2: 80}).minutes_per_hand(9)[2]), 1)
    80.0
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

MAX_PLAYERS_AT_TABLE = 15


@dataclass(frozen=True)
class Clock:
    """Hands per hour at a table, by the number of players there (see the module notes)."""

    hands_per_hour: float = 30.0
    fixed_share: float = 0.4
    full_table: int | None = None
    by_players: Mapping[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= self.hands_per_hour <= 1000:
            raise ValueError(f"hands_per_hour must be between 1 and 1000, got {self.hands_per_hour}")
        if not 0 <= self.fixed_share <= 1:
            raise ValueError(f"fixed_share must be between 0 and 1, got {self.fixed_share}")
        for k, v in dict(self.by_players).items():
            if not 2 <= int(k) <= MAX_PLAYERS_AT_TABLE or not 1 <= v <= 1000:
                raise ValueError(
                    f"by_players maps players at a table (2..{MAX_PLAYERS_AT_TABLE}) to hands "
                    f"per hour (1..1000); got {k}: {v}")

    def minutes_per_hand(self, table_size: int) -> np.ndarray:
        """Minutes per hand for 0..15 players at a table (entries below 2 are unused)."""
        full = self.full_table or table_size
        k = np.arange(MAX_PLAYERS_AT_TABLE + 1, dtype=float)
        m = 60.0 / self.hands_per_hour * (self.fixed_share + (1 - self.fixed_share) * k / full)
        for n, hph in dict(self.by_players).items():
            m[int(n)] = 60.0 / float(hph)
        m[:2] = m[2]
        return m
