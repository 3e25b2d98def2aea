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

        Players who share places share those places' points (for players beaten and
        bonus) equally, odd points one each to the first listed, as prizes are shared. The
        participation award comes on top, to the players the rule leaves at 0
        (``"scoreless"``) or to everyone.

        Example (3rd and 4th of four share 18,000 + 0):
            >>> rules = PointsRules(10_000, 10_000, (PayoutTable(2, 10, (50, 30, 20)),))
            >>> rules.award([Placing("a", 1), Placing("b", 2), Placing("c", 3, 2), Placing("d", 3, 2)])
            {'a': 50000, 'b': 32000, 'c': 9000, 'd': 9000}
        """
        if self.participation_for not in PARTICIPATION_FOR:
            raise ValueError(
                f"participation_for must be one of {', '.join(PARTICIPATION_FOR)}, "
                f"got {self.participation_for!r}"
            )
        entrants = len(placings)
        bonus = self.bonus(entrants)

        def place_points(place: int) -> int:
            extra = bonus[place - 1] if place <= len(bonus) else 0
            return self.per_player_beaten * (entrants - place) + extra

        groups: dict[tuple[int, int], list[Hashable]] = {}
        for p in placings:
            groups.setdefault((p.place, p.shares), []).append(p.player)
        out: dict[Hashable, int] = {}
        for (place, shares), players in groups.items():
            total = sum(place_points(i) for i in range(place, place + shares))
            each, odd = divmod(total, shares)
            for k, player in enumerate(players):
                points = each + (1 if k < odd else 0)
                if self.participation_for == "everyone" or points == 0:
                    points += self.participation_award
                out[player] = points
        return out
