"""The parts of a tournament structure besides levels, chips, tables and payouts: the
field, the buy-in, rebuys, add-ons, re-entry, late registration and late players, the
final stage of the two-stage format and how levels are scheduled.

Example:
    >>> BuyIn(30, 5, "food").to_pool, Entrants(20, 40).sizes()
    (25, range(20, 41))
"""

from __future__ import annotations

from dataclasses import dataclass

#: The names :mod:`~.structure` and the package re-export from here (one list for both).
__all__ = [
    "ARRIVALS",
    "HANDS_PER",
    "AddOn",
    "BuyIn",
    "Entrants",
    "FinalStage",
    "LatePlayers",
    "LateRegistration",
    "ReEntry",
    "Rebuys",
    "Schedule",
]

#: How hand-counted levels are counted: each table's own hands (the first sheet), or hands
#: dealt anywhere in the tournament.
HANDS_PER: tuple[str, ...] = ("table", "tournament")
#: Arrival-time distributions of late players.
ARRIVALS: tuple[str, ...] = ("uniform", "exponential")


class PaysIntoPool:
    """A payment of ``price`` of which ``fee`` stays out of the prize pool (a buy-in, a rebuy,
    an add-on or a re-entry)."""

    price: int
    fee: int

    @property
    def to_pool(self) -> int:
        """What each payment adds to the prize pool.

        Example:
            >>> Rebuys(price=20, chips=2000, until_level=4, fee=2).to_pool
            18
        """
        return self.price - self.fee


@dataclass(frozen=True)
class Entrants:
    """The field: a fixed count (``minimum == maximum``) or a range to simulate over.

    Example:
        >>> Entrants(20, 40).sizes()
        range(20, 41)
    """

    minimum: int
    maximum: int

    def sizes(self) -> range:
        """Every field size the structure must handle."""
        return range(self.minimum, self.maximum + 1)


@dataclass(frozen=True)
class BuyIn(PaysIntoPool):
    """Price of an entry; ``fee`` of it does not go to the prize pool (food, season fund).

    Example:
        >>> BuyIn(30, 5, "food").to_pool
        25
    """

    price: int
    fee: int = 0
    fee_for: str = ""


@dataclass(frozen=True)
class Rebuys(PaysIntoPool):
    """Rebuys: price, fee, chips, how many per player (``None``: unlimited), until which level.

    A player may rebuy while their stack is at most ``max_stack`` (0: only when busted).

    Example:
        >>> Rebuys(price=20, chips=2000, until_level=4, per_player=2, max_stack=0).to_pool
        20
    """

    price: int
    chips: int
    until_level: int
    fee: int = 0
    per_player: int | None = None
    max_stack: int = 0


@dataclass(frozen=True)
class AddOn(PaysIntoPool):
    """An add-on taken at the break before ``before_level`` (``per_player`` times at most).

    Example:
        >>> AddOn(price=25, chips=1750, before_level=5).to_pool
        25
    """

    price: int
    chips: int
    before_level: int
    fee: int = 0
    per_player: int = 1


@dataclass(frozen=True)
class FinalStage:
    """The final table of the two-stage format: fresh chips, levels again from 1 or not.

    Example:
        >>> FinalStage(starting_chips=2000).restart_levels
        True
    """

    starting_chips: int
    restart_levels: bool = True


@dataclass(frozen=True)
class Schedule:
    """How hand-counted levels are counted and how tables meet again at breaks.

    ``hands_per = "table"``: each table runs its own level clock, counting its own hands
    (the first sheet's "6 hands, then 12"); ``"tournament"``: hands dealt anywhere.
    ``align_at_breaks``: a table that finishes the level before a break waits there until
    every table has, so all tables start the level after the break together.

    Example:
        >>> Schedule().hands_per, Schedule().align_at_breaks
        ('table', True)
    """

    hands_per: str = "table"
    align_at_breaks: bool = True


@dataclass(frozen=True)
class LatePlayers:
    """Players who have a seat and a stack but are not there yet (the first sheet).

    An absent player posts blinds and antes as if present and is dealt no cards (and so
    wins no pot) until they arrive; one who has not arrived ``cut_off_minutes`` after the
    start never plays: after the first hand at their table that ends at or after the
    cut-off, the stack (less what the blinds and antes took) leaves play and they are out
    as if eliminated in that hand (the sheet's placings: below everyone still in, above
    everyone out before). ``chance``: the share of entrants who are late; arrival minutes
    after the start are ``uniform`` over ``[0, latest_minutes]`` or ``exponential`` with
    mean ``mean_minutes``. The simulator plays them (:mod:`pyeval.sim.kernel.arrivals`).

    Example:
        >>> LatePlayers(cut_off_minutes=30, chance=0.5, arrival="uniform", latest_minutes=40
        ...             ).arrivals(6, seed=1)
        [33.9, None, 18.0, None, 1.1, None]
    """

    cut_off_minutes: int
    chance: float = 0.0
    arrival: str = "uniform"
    latest_minutes: float = 0.0
    mean_minutes: float = 0.0

    def arrivals(self, entrants: int, seed: int) -> list[float | None]:
        """Minute each entrant arrives (``None``: on time); past the cut-off: never plays."""
        import random

        rng = random.Random(seed)
        out: list[float | None] = []
        for _ in range(entrants):
            late = rng.random() < self.chance
            if self.arrival == "uniform":
                t = rng.uniform(0.0, self.latest_minutes)
            else:
                t = rng.expovariate(1.0 / self.mean_minutes) if self.mean_minutes > 0 else 0.0
            out.append(round(t, 1) if late else None)
        return out


@dataclass(frozen=True)
class LateRegistration:
    """New entries are taken until the end of level ``until_level``; ``entries``: how many
    of the entrants register late (what a simulation assumes; 0: none unless the caller
    says).

    Example:
        >>> LateRegistration(until_level=4, entries=6).entries
        6
    """

    until_level: int
    entries: int = 0


@dataclass(frozen=True)
class ReEntry(PaysIntoPool):
    """A busted player may buy a new entry (a new seat drawn, a new stack) until a level.

    Example:
        >>> ReEntry(price=50, chips=3500, until_level=4, fee=5).to_pool
        45
    """

    price: int
    chips: int
    until_level: int
    fee: int = 0
    per_player: int | None = None

