"""Finishing places from eliminations.

The last player standing is first, the last eliminated second, and so on. Players
eliminated in the same hand: the one who had more chips at the start of the hand places
higher; players with equal stacks share the places (and later their prizes and points).

Example (five players; in one hand B started with 300 and C with 300, both are knocked out):
    >>> order = FinishingOrder(["A", "B", "C", "D", "E"])
    >>> order.eliminate({"E": 120})
    (Placing(player='E', place=5, shares=1),)
    >>> order.eliminate({"B": 300, "C": 300})
    (Placing(player='B', place=3, shares=2), Placing(player='C', place=3, shares=2))
    >>> order.eliminate({"D": 50})[0]           # A is left alone and wins
    Placing(player='A', place=1, shares=1)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Placing:
    """A player's finish: ``place`` is the best of the ``shares`` places they share.

    Example:
        >>> Placing("B", 3, 2).places
        (3, 4)
    """

    player: Hashable
    place: int
    shares: int = 1

    @property
    def places(self) -> tuple[int, ...]:
        """Every place this player shares, best first."""
        return tuple(range(self.place, self.place + self.shares))

    @property
    def last_place(self) -> int:
        """The worst of the shared places (players beaten = field - last_place)."""
        return self.place + self.shares - 1


class FinishingOrder:
    """Places handed out as players are eliminated, from the last place up.

    Example:
        >>> order = FinishingOrder([1, 2, 3])
        >>> order.eliminate({3: 40, 2: 90})[0].player
        1
    """

    def __init__(self, players: Iterable[Hashable]) -> None:
        self.remaining: list[Hashable] = list(players)
        if len(set(self.remaining)) != len(self.remaining):
            raise ValueError("each player may enter the finishing order once")
        if len(self.remaining) < 1:
            raise ValueError("a tournament needs at least one player")
        self.field = len(self.remaining)
        self._placings: list[Placing] = []
        if self.field == 1:
            self._placings.append(Placing(self.remaining.pop(), 1))

    @property
    def finished(self) -> bool:
        """True once every place is handed out."""
        return not self.remaining

    def eliminate(self, start_stacks: Mapping[Hashable, int]) -> tuple[Placing, ...]:
        """Record the players knocked out in one hand, with their chips at its start.

        Returns the placings handed out (the winner too, when one player is left). Players
        with equal stacks are returned in the order given; list them clockwise from the
        button so that shared odd currency units follow the odd-chip convention.
        """
        out = [p for p in start_stacks if p not in self.remaining]
        if out:
            raise ValueError(f"{out[0]!r} is not in the tournament any more (or never was)")
        if len(start_stacks) >= len(self.remaining):
            raise ValueError("at least one player must survive a hand")
        worst = len(self.remaining)
        by_stack: dict[int, list[Hashable]] = {}
        for player, stack in start_stacks.items():
            by_stack.setdefault(stack, []).append(player)
        placed: list[Placing] = []
        for stack in sorted(by_stack):  # fewest chips take the worst places
            group = by_stack[stack]
            first = worst - len(group) + 1
            placed = [Placing(p, first, len(group)) for p in group] + placed
            worst = first - 1
        for p in start_stacks:
            self.remaining.remove(p)
        if len(self.remaining) == 1:
            placed.append(Placing(self.remaining.pop(), 1))
        placed.sort(key=lambda p: p.place)
        self._placings.extend(placed)
        return tuple(placed)

    def placings(self) -> tuple[Placing, ...]:
        """All placings so far, best place first.

        Example:
            >>> o = FinishingOrder("xyz"); _ = o.eliminate({"z": 5}); _ = o.eliminate({"y": 9})
            >>> [(p.player, p.place) for p in o.placings()]
            [('x', 1), ('y', 2), ('z', 3)]
        """
        return tuple(sorted(self._placings, key=lambda p: p.place))


def place_eliminations(
    players: Iterable[Hashable], hands: Iterable[Mapping[Hashable, int]]
) -> tuple[Placing, ...]:
    """Placings for a whole tournament from its eliminations, hand by hand.

    Example:
        >>> [(p.player, p.place) for p in place_eliminations("abcd", [{"d": 10}, {"b": 60, "c": 80}])]
        [('a', 1), ('c', 2), ('b', 3), ('d', 4)]
    """
    order = FinishingOrder(players)
    for hand in hands:
        order.eliminate(hand)
    if not order.finished:
        raise ValueError(f"{len(order.remaining)} players are still in: the tournament is not over")
    return order.placings()
