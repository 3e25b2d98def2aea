"""What a finished hand records: the pots and how each was split, the hands shown and the
chips each seat won.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=1)
>>> h.fold()
>>> print(h.result.describe())
main pot 2 (eligible [1]): seat 1 2
seat 1: uncalled 1 returned
"""
from __future__ import annotations

from dataclasses import dataclass

from pyeval.rules.pots import PotAward
from pyeval.rules.showdown import HandValue


@dataclass(frozen=True)
class Shown:
    """A hand shown at showdown.

    >>> Shown(3, "AhKh", "", HandValue(1, "x", None, None)).seat
    3
    """

    seat: int
    hole: str
    up: str
    value: HandValue


@dataclass(frozen=True)
class HandResult:
    """The end of a hand. ``pots``: each pot with its eligible players and how it was
    split; ``returned``: uncalled bets given back; ``showdown_order``: who showed, in order
    (empty when everybody else folded); ``won``: chips each seat took from the pots;
    ``stacks``: final stacks; ``net``: final minus starting stacks; ``carry``: odd chips
    carried to the next hand (house rule ``carry``); ``mucked``: players who mucked or
    conceded at showdown instead of showing, in the order they did.
    """

    pots: tuple[PotAward, ...]
    returned: dict
    showdown_order: tuple[int, ...]
    shown: tuple[Shown, ...]
    won: dict
    stacks: dict
    net: dict
    carry: int = 0
    mucked: tuple[int, ...] = ()

    def describe(self) -> str:
        """The result in words, a line per pot and per hand shown."""
        lines = []
        for sh in self.shown:
            v = sh.value
            extra = f" / {v.low_text}" if v.low_text else ""
            lines.append(f"seat {sh.seat} shows {sh.hole}{(' ' + sh.up) if sh.up else ''}: "
                         f"{v.high_text}{extra}")
        for s in self.mucked:
            lines.append(f"seat {s} mucks")
        for i, pa in enumerate(self.pots):
            name = "main pot" if i == 0 else f"side pot {i}"
            who = ", ".join(f"seat {s} {a}" for s, a in pa.awards.items())
            lines.append(f"{name} {pa.pot.amount} (eligible {list(pa.pot.eligible)}): {who}"
                         + (f", {pa.carried} carried" if pa.carried else ""))
        for s, a in self.returned.items():
            lines.append(f"seat {s}: uncalled {a} returned")
        return "\n".join(lines)

