"""Chip denominations, colour-ups and the chip race.

When the smallest chips are no longer needed they are taken out of play ("coloured up").
Each player exchanges what they can for the smallest chip still in play; what is left over
are the *odd chips*. In the chip race every player gets one card per odd chip, and the
player with the highest card (rank, then suit clubs < diamonds < hearts < spades) wins all
the odd chips, exchanged for chips still in play. Nobody is raced out of the tournament: a
player whose whole stack was odd chips and who loses the race still gets one chip.

Chips are conserved exactly. The whole tournament's odd chips are always worth a whole number
of new chips, because every stack the structure hands out (starting chips, rebuys, add-ons)
is a multiple of the new smallest chip; the structure loader checks this. One table's odd
chips need not be, so :func:`colour_up_tables` rounds each table's race pot up or down to a
whole chip by largest remainder, keeping the total exact (see there).

The only time a player can still leave the race with nothing is when several players whose
whole stacks were odd chips together hold fewer new chips than there are of them (four
players with one 25 each, racing for one new 100 chip); the pot cannot give each a chip
without creating chips, and those with the lowest cards are listed in
:attr:`RaceResult.raced_out` (they are out; place them as eliminated in the same hand).

Example:
    >>> r = chip_race([1075, 2050, 975], removed=(25,), smallest=100, seed=7)
    >>> r.pot, sum(r.stacks), all(s % 100 == 0 for s in r.stacks)
    (200, 4100, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import FieldError


@dataclass(frozen=True)
class ColourUp:
    """Chips taken out of play before a level starts.

    Example:
        >>> ColourUp(before_level=3, remove=(25,))
        ColourUp(before_level=3, remove=(25,))
    """

    before_level: int
    remove: tuple[int, ...]


@dataclass(frozen=True)
class ChipSet:
    """The denominations of a tournament and when the small ones leave play.

    Example:
        >>> cs = ChipSet(denominations=(25, 100, 500), colour_ups=(ColourUp(3, (25,)),))
        >>> cs.in_play(2), cs.in_play(3), cs.smallest(3)
        ((25, 100, 500), (100, 500), 100)
    """

    denominations: tuple[int, ...]
    colour_ups: tuple[ColourUp, ...] = ()

    def in_play(self, level: int) -> tuple[int, ...]:
        """Denominations in play during ``level`` (1-based)."""
        gone = {d for cu in self.colour_ups if cu.before_level <= level for d in cu.remove}
        return tuple(d for d in self.denominations if d not in gone)

    def smallest(self, level: int) -> int:
        """The smallest chip in play during ``level``."""
        return self.in_play(level)[0]

    def colour_up_before(self, level: int) -> ColourUp | None:
        """The colour-up held just before ``level`` starts, if any.

        Example:
            >>> ChipSet((25, 100), (ColourUp(3, (25,)),)).colour_up_before(3).remove
            (25,)
        """
        for cu in self.colour_ups:
            if cu.before_level == level:
                return cu
        return None

    def check(self, level_count: int) -> None:
        """Raise :class:`FieldError` for a chip set that cannot work.

        Example:
            >>> ChipSet((25, 100), (ColourUp(2, (5,)),)).check(4)
            Traceback (most recent call last):
            ...
            pyeval.tournament.errors.FieldError: colour-up before level 2 removes 5, which is not in play then; ...
        """
        d = self.denominations
        if not d:
            raise FieldError(("chips", "denominations"), "list at least one chip denomination")
        if any(x <= 0 for x in d):
            raise FieldError(("chips", "denominations"), "chip denominations must be above 0")
        if list(d) != sorted(set(d)):
            raise FieldError(
                ("chips", "denominations"),
                "list chip denominations once each, from smallest to largest",
            )
        last = 1
        for index, cu in enumerate(self.colour_ups):
            path = ("chips", "colour_up", index)
            if not 2 <= cu.before_level <= level_count:
                raise FieldError(
                    path + ("before_level",),
                    f"a colour-up before level {cu.before_level} cannot be held: it must come "
                    f"before one of levels 2 to {level_count}",
                )
            if cu.before_level <= last:
                raise FieldError(
                    path + ("before_level",),
                    "list colour-ups in level order, at most one before each level",
                )
            last = cu.before_level
            playing = self.in_play(cu.before_level - 1)
            if not cu.remove:
                raise FieldError(path + ("remove",), "a colour-up must remove at least one denomination")
            for x in cu.remove:
                if x not in playing:
                    raise FieldError(
                        path + ("remove",),
                        f"colour-up before level {cu.before_level} removes {x}, which is not in "
                        f"play then; in play: {', '.join(map(str, playing))}",
                    )
            left = self.in_play(cu.before_level)
            if not left:
                raise FieldError(path + ("remove",), "a colour-up must leave at least one denomination")
            if any(x > left[0] for x in cu.remove):
                raise FieldError(
                    path + ("remove",),
                    f"colour-up before level {cu.before_level} removes a chip larger than "
                    f"{left[0]}, the smallest left; only the smallest chips colour up",
                )


@dataclass(frozen=True)
class RaceResult:
    """What a colour-up with chip race did at one table.

    ``stacks`` are the stacks afterwards (all multiples of the new smallest chip);
    ``odd_chips`` how many odd chips each player raced with; ``cards`` the card indices
    (``4 * rank + suit``) each was dealt; ``winner`` the index of the player with the highest
    card (``None`` when there were no odd chips); ``pot`` the value of all odd chips;
    ``protected`` the players given one chip so as not to be raced out; ``raced_out`` see
    the module notes.

    Example:
        >>> r = chip_race([150, 50], (25,), 100, cards=[[51, 0], [10, 11]])
        >>> r.winner, r.stacks, r.protected   # player 1 lost, but is not raced out
        (0, (100, 100), (1,))
    """

    stacks: tuple[int, ...]
    odd_chips: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    winner: int | None
    pot: int
    protected: tuple[int, ...]
    raced_out: tuple[int, ...]


def odd_chip_count(value: int, removed: Sequence[int]) -> int:
    """Fewest removed chips that make up ``value``: how many cards a player races with.

    Example:
        >>> odd_chip_count(95, (5, 25))   # 3 x 25 + 4 x 5
        7
    """
    if value == 0:
        return 0
    best = [0] + [-1] * value
    for v in range(1, value + 1):
        options = [best[v - d] for d in removed if d <= v and best[v - d] >= 0]
        best[v] = min(options) + 1 if options else -1
    if best[value] < 0:
        raise ValueError(
            f"{value} cannot be made from the chips being removed ({', '.join(map(str, removed))})"
        )
    return best[value]


def _check_stacks(stacks: Sequence[int], removed: Sequence[int], smallest: int) -> None:
    if smallest <= 0 or not removed or any(d >= smallest for d in removed):
        raise ValueError(
            f"smallest ({smallest}) must be above every removed denomination ({list(removed)})"
        )
    unit = min(removed)
    for i, s in enumerate(stacks):
        if s < 0 or s % unit:
            raise ValueError(
                f"stack {i} is {s}: stacks must be non-negative multiples of {unit}, the "
                "smallest chip in play before the colour-up"
            )


def _deal(counts: Sequence[int], rng: random.Random) -> list[tuple[int, ...]]:
    need = sum(counts)
    if need > 52:
        raise ValueError(f"{need} odd chips at one table need more cards than one deck has")
    deck = list(range(52))
    rng.shuffle(deck)
    dealt: list[tuple[int, ...]] = []
    at = 0
    for c in counts:
        dealt.append(tuple(deck[at : at + c]))
        at += c
    return dealt


def _needs(stacks: Sequence[int], after: Sequence[int], winner: int) -> int:
    """New chips a table's race pot must hold so that nobody there is raced out."""
    at_risk = sum(1 for i, s in enumerate(stacks) if i != winner and s > 0 and after[i] == 0)
    return at_risk + (1 if after[winner] == 0 else 0)


def _settle(
    stacks: Sequence[int],
    counts: tuple[int, ...],
    dealt: Sequence[tuple[int, ...]],
    smallest: int,
    chips: int,
) -> RaceResult:
    """Pay a table's race pot of ``chips`` new chips: protections first, the rest to the winner."""
    odd_value = [s % smallest for s in stacks]
    pot = sum(odd_value)
    after = [s - v for s, v in zip(stacks, odd_value)]
    if pot == 0:
        return RaceResult(tuple(after), counts, tuple(dealt), None, 0, (), ())
    best = [max(hand) if hand else -1 for hand in dealt]
    winner = max(range(len(stacks)), key=lambda i: best[i])
    # players left with nothing get one chip each, the race winner first, then by card
    at_risk = sorted(
        (i for i in range(len(stacks)) if stacks[i] > 0 and after[i] == 0),
        key=lambda i: (i != winner, -best[i]),
    )
    left = chips
    protected, out = [], []
    for i in at_risk:
        if left:
            after[i] += smallest
            left -= 1
            if i != winner:
                protected.append(i)
        else:
            out.append(i)
    after[winner] += left * smallest
    raced_out = tuple(sorted(out))
    return RaceResult(
        tuple(after), counts, tuple(dealt), winner, pot, tuple(sorted(protected)), raced_out
    )


def chip_race(
    stacks: Sequence[int],
    removed: Sequence[int],
    smallest: int,
    seed: int | None = None,
    *,
    cards: Sequence[Sequence[int]] | None = None,
) -> RaceResult:
    """Colour up a single table holding all the chips (a one-table event or a final table).

    ``removed`` are the denominations leaving play, ``smallest`` the smallest chip left.
    The cards come from a deck shuffled with ``seed``, or are given in ``cards`` (one list
    per player, one card per odd chip) to replay a real race. With several tables use
    :func:`colour_up_tables`, which keeps the total exact across tables.

    Example:
        >>> chip_race([125, 275, 100], (25,), 100, cards=[[3], [40, 2, 1], []]).stacks
        (100, 300, 100)
    """
    if cards is None:
        return colour_up_tables([stacks], removed, smallest, seed)[0]
    _check_stacks(stacks, removed, smallest)
    counts = tuple(odd_chip_count(s % smallest, removed) for s in stacks)
    dealt = [tuple(c) for c in cards]
    if len(dealt) != len(stacks) or any(len(c) != n for c, n in zip(dealt, counts)):
        raise ValueError(f"give one card per odd chip: the odd chips per player are {counts}")
    flat = [c for hand in dealt for c in hand]
    if len(set(flat)) != len(flat) or any(not 0 <= c < 52 for c in flat):
        raise ValueError("race cards must be distinct card indices 0..51")
    pot = sum(s % smallest for s in stacks)
    if pot % smallest:
        raise ValueError(
            f"the odd chips add up to {pot}, not a whole number of {smallest} chips; a table "
            "that does not hold all the chips races with colour_up_tables"
        )
    return _settle(stacks, counts, dealt, smallest, pot // smallest)


def colour_up_tables(
    tables: Sequence[Sequence[int]],
    removed: Sequence[int],
    smallest: int,
    seed: int | None = None,
) -> list[RaceResult]:
    """Colour up every table of a tournament at once, conserving the chip total exactly.

    Each table races its own odd chips with its own shuffled deck. A table's odd chips are
    rarely worth a whole number of new chips, but the whole tournament's are (every stack
    handed out is a multiple of ``smallest``). So each table's race pot is its odd chips
    rounded down to whole new chips, and the few chips left over from all tables go one each
    to the tables with the largest leftovers (largest remainder), ties to the higher race
    card, and first to a table that needs a chip so that nobody there is raced out. The
    result: each table's pot is its odd chips rounded up or down to a whole chip (so a table
    gains or loses less than one new chip), and not a single chip is created or lost across
    the tournament.

    Example:
        >>> res = colour_up_tables([[1075, 2050], [925, 950]], (25,), 100, seed=1)
        >>> [r.pot for r in res], sum(sum(r.stacks) for r in res)
        ([125, 75], 5000)
    """
    for stacks in tables:
        _check_stacks(stacks, removed, smallest)
    total_odd = sum(s % smallest for stacks in tables for s in stacks)
    if total_odd % smallest:
        total = sum(sum(t) for t in tables)
        raise ValueError(
            f"the odd chips of all tables add up to {total_odd}, not a whole number of "
            f"{smallest} chips: the {total} chips in play must be a multiple of {smallest} "
            "for the race to neither create nor lose chips"
        )
    rng = random.Random(seed)
    counts = [tuple(odd_chip_count(s % smallest, removed) for s in stacks) for stacks in tables]
    dealt = [_deal(c, rng) for c in counts]
    pots = [sum(s % smallest for s in stacks) for stacks in tables]
    chips = [p // smallest for p in pots]
    extra = total_odd // smallest - sum(chips)
    best = [max((max(h) for h in d if h), default=-1) for d in dealt]
    winners = [
        max(range(len(t)), key=lambda i, d=d: max(d[i]) if d[i] else -1) if t else 0  # type: ignore[misc]
        for t, d in zip(tables, dealt)
    ]
    shortfall = []
    for stacks, w, c in zip(tables, winners, chips):
        after = [s - s % smallest for s in stacks]
        shortfall.append(_needs(stacks, after, w) - c if any(s % smallest for s in stacks) else 0)
    # each leftover chip goes to a different table with a leftover (there are always enough:
    # every leftover is less than one chip); first to tables that need a chip so that nobody
    # is raced out, then by largest leftover, then by the higher race card
    candidates = sorted(
        (t for t in range(len(tables)) if pots[t] % smallest),
        key=lambda t: (shortfall[t] > 0, pots[t] % smallest, best[t]),
        reverse=True,
    )
    given = [0] * len(tables)
    for t in candidates[:extra]:
        given[t] = 1
    return [
        _settle(stacks, c, d, smallest, n + g)
        for stacks, c, d, n, g in zip(tables, counts, dealt, chips, given)
    ]
