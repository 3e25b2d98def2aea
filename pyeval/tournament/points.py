"""Tour points: a fixed number per player beaten, plus a bonus pool shared by the top places.

The rule sheet: 10,000 points for every player beaten, plus a bonus pool of 10,000 points
per entrant shared 50/30/20 (fields of up to 10 players). For four entrants that gives
50,000 / 32,000 / 18,000 to the top three. The same sheet lists 5,000 "regular points" for
4th place, which its own rule does not produce (4th beats nobody and is outside the bonus):
here that is the configurable :attr:`PointsRules.participation_award`, given by default only
to players the rule leaves with no points (``participation_for = "scoreless"``), or to
everyone (``"everyone"``).

Example:
    >>> from fractions import Fraction
    >>> rules = PointsRules(10_000, 10_000, (PayoutTable(2, 10, (Fraction(50), Fraction(30), Fraction(20))),),
    ...                     participation_award=5_000)
    >>> rules.by_place(4)
    (50000, 32000, 18000, 5000)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .payouts import PayoutTable, split_pool
from .placings import Placing

PARTICIPATION_FOR: tuple[str, ...] = ("scoreless", "everyone")


@dataclass(frozen=True)
class PointsRules:
    """Points per player beaten, a bonus pool per entrant shared by tables, a participation award.

    Bonus points are whole points split by largest remainder (see ``payouts``).

    Example:
        >>> PointsRules(100, 0).by_place(3)
        (200, 100, 0)
    """

    per_player_beaten: int
    bonus_per_entrant: int = 0
    bonus_tables: tuple[PayoutTable, ...] = ()
    participation_award: int = 0
    participation_for: str = "scoreless"

    def bonus(self, entrants: int) -> tuple[int, ...]:
        """Bonus points for places 1, 2, ... (empty when no table covers the field)."""
        for table in self.bonus_tables:
            if table.covers(entrants):
                return split_pool(self.bonus_per_entrant * entrants, table.percents)
        return ()

    def by_place(self, entrants: int) -> tuple[int, ...]:
        """Points for places 1..entrants when nobody shares a place.

        Example:
            >>> PointsRules(10_000, 10_000, (PayoutTable(2, 10, (50, 30, 20)),)).by_place(4)
            (50000, 32000, 18000, 0)
        """
        placings = [Placing(p, p) for p in range(1, entrants + 1)]
        got = self.award(placings)
        return tuple(got[p] for p in range(1, entrants + 1))

    def award(self, placings: Sequence[Placing]) -> dict[Hashable, int]:
        """Points per player for a finished tournament, shared places included.

        Players sharing places each beat the players below all of them, and share the bonus
        points of their places (odd points to the first listed).

        Example:
            >>> rules = PointsRules(10_000, 10_000, (PayoutTable(2, 10, (50, 30, 20)),))
            >>> rules.award([Placing("a", 1), Placing("b", 2), Placing("c", 3, 2), Placing("d", 3, 2)])
            {'a': 50000, 'b': 32000, 'c': 4000, 'd': 4000}
        """
        if self.participation_for not in PARTICIPATION_FOR:
            raise ValueError(
                f"participation_for must be one of {', '.join(PARTICIPATION_FOR)}, "
                f"got {self.participation_for!r}"
            )
        entrants = len(placings)
        bonus = self.bonus(entrants)
        shared: dict[tuple[int, int], list[Hashable]] = {}
        for p in placings:
            shared.setdefault((p.place, p.shares), []).append(p.player)
        out: dict[Hashable, int] = {}
        for p in placings:
            group = shared[(p.place, p.shares)]
            total = sum(bonus[i - 1] for i in p.places if i <= len(bonus))
            each, odd = divmod(total, p.shares)
            points = self.per_player_beaten * (entrants - p.last_place) + each
            points += 1 if group.index(p.player) < odd else 0
            if self.participation_for == "everyone" or points == 0:
                points += self.participation_award
            out[p.player] = points
        return out
