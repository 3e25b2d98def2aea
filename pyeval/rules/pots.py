"""Main and side pots, splits, hi/lo halves and odd chips, in whole chips.

:func:`build_pots` turns what each player put in (antes included) into pots with the
players who may win each; the part of a bet nobody called is returned, not a pot.
:func:`award` splits one pot: the best high hand(s) share it, or in a split game the high
and the low (or the ace of spades, Chicago) halves; a hand winning both halves scoops; when
no low qualifies the high hand takes the whole pot. Each pot is split on its own.

Odd chips follow a named house rule (:class:`OddChip`):

- ``left_of_button`` (default): odd chips go one each to the winners in clockwise order
  from the first seat left of the button; the odd chip left when a pot is halved goes to
  the first winner of either half left of the button;
- ``high_half``: as ``left_of_button``, except that the odd chip left when a pot is halved
  goes to the high half;
- ``carry``: every odd chip stays in the middle and is carried into the next hand's pot
  (the hand reports it as ``carry``).

The rule-sheet example: A is all-in for 5 against B's bet of 10, called by C, with 20 in
the pot from earlier (D folded): the main pot is 20 + 15 = 35, the side pot 10, and A
cannot win it.

>>> pots, returned = build_pots({"A": 10, "B": 15, "C": 15, "D": 5}, live=["A", "B", "C"])
>>> [(p.amount, p.eligible) for p in pots], returned
([(35, ('A', 'B', 'C')), (10, ('B', 'C'))], {})
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any


class OddChip(str, Enum):
    """House rule for chips that do not divide evenly."""

    LEFT_OF_BUTTON = "left_of_button"
    HIGH_HALF = "high_half"
    CARRY = "carry"


@dataclass(frozen=True)
class Pot:
    """A pot and the players who may win it (in the order given to :func:`build_pots`).

    >>> Pot(30, (1, 2)).amount
    30
    """

    amount: int
    eligible: tuple


@dataclass(frozen=True)
class PotAward:
    """How one pot was split. ``awards``: chips to each winner; ``carried``: odd chips
    carried to the next hand; ``high``/``low``: the winners of each part (``low`` empty
    when the pot was not halved).

    >>> PotAward(Pot(30, (1, 2)), {1: 30}, (1,), ()).scoop
    True
    """

    pot: Pot
    awards: dict
    high: tuple
    low: tuple = ()
    carried: int = 0
    low_name: str = "low"

    @property
    def scoop(self) -> bool:
        """One player took the whole pot."""
        return len(self.awards) == 1 and not self.carried


def build_pots(contributions: Mapping[Any, int], live: Iterable[Hashable],
               carry_in: int = 0) -> tuple[list[Pot], dict]:
    """Pots from total contributions. ``live``: players still in the hand, in the order the
    eligible tuples should follow; folded players' chips stay in the pots they reached.
    ``carry_in``: chips carried from an earlier hand, added to the main pot.

    Returns ``(pots, returned)``: pots from main to last side pot, and the uncalled part
    of the largest bet by player. Consecutive pots with the same players are merged.

    >>> pots, back = build_pots({1: 100, 2: 40, 3: 300}, live=[1, 2, 3])
    >>> [(p.amount, p.eligible) for p in pots], back
    ([(120, (1, 2, 3)), (120, (1, 3))], {3: 200})
    """
    contrib = {k: int(v) for k, v in contributions.items()}
    for k, v in contrib.items():
        if v < 0:
            raise ValueError(f"contribution of {k!r} is negative ({v})")
    live = list(live)
    for p in live:
        if p not in contrib:
            raise ValueError(f"live player {p!r} has no contribution entry")
    returned: dict = {}
    if contrib:
        top = max(contrib.values())
        at_top = [k for k, v in contrib.items() if v == top]
        if len(at_top) == 1 and top > 0 and at_top[0] in live:
            second = max([v for k, v in contrib.items() if k != at_top[0]], default=0)
            returned[at_top[0]] = top - second
            contrib[at_top[0]] = second
    levels = sorted({contrib[p] for p in live if contrib[p] > 0})
    pots: list[Pot] = []
    prev = 0
    for lv in levels:
        amount = sum(min(c, lv) - min(c, prev) for c in contrib.values())
        elig = tuple(p for p in live if contrib[p] >= lv)
        if pots and pots[-1].eligible == elig:
            pots[-1] = Pot(pots[-1].amount + amount, elig)
        elif amount:
            pots.append(Pot(amount, elig))
        prev = lv
    # chips above every live player's contribution (folded players' dead money beyond the
    # last live level) go to the last pot
    rest = sum(max(0, c - prev) for c in contrib.values())
    if rest:
        if not pots:
            pots.append(Pot(rest, tuple(live)))
        else:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
    if carry_in:
        if not pots:
            pots.append(Pot(carry_in, tuple(live)))
        else:
            pots[0] = Pot(pots[0].amount + carry_in, pots[0].eligible)
    return pots, returned


def _share(amount: int, winners: Sequence, rule: OddChip) -> tuple[dict, int]:
    """Split ``amount`` equally among ``winners`` (already in clockwise order from the
    button); returns (awards, carried)."""
    n = len(winners)
    q, r = divmod(amount, n)
    out = {w: q for w in winners}
    if rule == OddChip.CARRY:
        return out, r
    for w in winners[:r]:
        out[w] += 1
    return out, 0


def split(amount: int, winners: Sequence, order: Sequence,
          rule: OddChip | str = OddChip.LEFT_OF_BUTTON) -> tuple[dict, int]:
    """Split a pot equally among ``winners``; odd chips by ``rule``. ``order``: every seat
    clockwise from the first seat left of the button.

    >>> split(10, ["C", "A", "B"], order=["A", "B", "C"])
    ({'A': 4, 'B': 3, 'C': 3}, 0)
    >>> split(10, ["A", "B", "C"], order=["A", "B", "C"], rule="carry")
    ({'A': 3, 'B': 3, 'C': 3}, 1)
    """
    rule = OddChip(rule)
    if not winners:
        raise ValueError("a pot needs at least one winner")
    pos = {s: i for i, s in enumerate(order)}
    ws = sorted(set(winners), key=lambda w: pos[w])
    return _share(amount, ws, rule)


def _best(values: Mapping, players: Sequence) -> tuple:
    best = max(values[p] for p in players)
    return tuple(p for p in players if values[p] == best)


def award(pot: Pot, high: Mapping, order: Sequence, low: Mapping | None = None,
          rule: OddChip | str = OddChip.LEFT_OF_BUTTON, low_name: str = "low") -> PotAward:
    """Split one pot. ``high``: each eligible player's high value (higher is better);
    ``low``: for a split game each player's low value, 0 or missing for no qualifying low
    (Chicago: 1 for the holder of the ace of spades in the hole); ``order``: seats clockwise
    from the first seat left of the button.

    High takes 13 and low 12 of 25 under ``high_half``; when no low qualifies, high
    takes all:

    >>> award(Pot(25, ("A", "B")), {"A": 9, "B": 5}, ["A", "B"], {"B": 40}, "high_half").awards
    {'A': 13, 'B': 12}
    >>> award(Pot(25, ("A", "B")), {"A": 9, "B": 5}, ["A", "B"], {}, "high_half").awards
    {'A': 25}
    """
    rule = OddChip(rule)
    pos = {s: i for i, s in enumerate(order)}
    elig = sorted(pot.eligible, key=lambda p: pos[p])
    if not elig:
        raise ValueError("a pot needs at least one eligible player")
    hw = _best(high, elig)
    lows = {p: (low or {}).get(p, 0) for p in elig}
    qual = [p for p in elig if lows[p] > 0]
    if low is None or not qual:
        awards, carried = _share(pot.amount, list(hw), rule)
        return PotAward(pot, awards, hw, (), carried, low_name)
    lw = _best(lows, qual)
    half, odd = divmod(pot.amount, 2)
    hi_amt, lo_amt, carried = half, half, 0
    if odd:
        if rule == OddChip.HIGH_HALF:
            hi_amt += 1
        elif rule == OddChip.CARRY:
            carried += 1
        else:
            first = min(set(hw) | set(lw), key=lambda p: pos[p])
            if first in hw:
                hi_amt += 1
            else:
                lo_amt += 1
    a_hi, c_hi = _share(hi_amt, list(hw), rule)
    a_lo, c_lo = _share(lo_amt, list(lw), rule)
    both: dict = {}
    for d in (a_hi, a_lo):
        for k, v in d.items():
            both[k] = both.get(k, 0) + v
    awards = {k: both[k] for k in sorted(both, key=lambda p: pos[p])}
    return PotAward(pot, awards, hw, lw, carried + c_hi + c_lo, low_name)
