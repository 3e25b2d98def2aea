"""The button and the blinds from hand to hand: dead button, dead small blind, heads-up.

Interface (used by the tournament layer for table balancing)::

    state = ButtonState(button=0)              # the first hand's button seat
    pos = state.next_hand(active_seats)        # Positions(button, small_blind, big_blind)
    seat = state.big_blind_next(active_seats)  # who would post the big blind next hand

``active_seats`` are the occupied seats whose players are dealt in, by seat number
(clockwise = increasing, wrapping around). ``next_hand`` advances the state; the other
methods only look.

Rules (the "dead button" method):

- The big blind moves one player a hand: it goes to the next active seat after last hand's
  big blind, so every player posts the big blind once per orbit and nobody posts it twice in
  a row, however many players bust.
- The small blind is the seat that had the big blind last hand; if that player is gone the
  small blind is dead (``small_blind is None``: nobody posts it).
- The button is the seat that had the small blind last hand, occupied or not (a dead
  button sits on an empty seat); it only fixes the order of play.
- Heads-up the button posts the small blind and acts first before the flop and last after
  it. On the switch to heads-up, whoever would have had the big blind next gets it, and the
  other player takes the button and the small blind.

>>> st = ButtonState(button=0)
>>> st.next_hand([0, 1, 2, 3])
Positions(button=0, small_blind=1, big_blind=2)
>>> st.next_hand([0, 2, 3])          # seat 1 busted: the button is dead on seat 1
Positions(button=1, small_blind=2, big_blind=3)
>>> st.next_hand([0, 3])             # seat 2 busted, heads-up: 0 is due the big blind
Positions(button=3, small_blind=3, big_blind=0)
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Positions:
    """Button, small blind (``None`` when dead) and big blind seats of one hand.

    >>> Positions(0, 1, 2).heads_up
    False
    """

    button: int
    small_blind: int | None
    big_blind: int

    @property
    def heads_up(self) -> bool:
        """True when the button posts the small blind (two players)."""
        return self.small_blind == self.button


def _next_active(active: list[int], after: int) -> int:
    """First active seat strictly after seat ``after`` (clockwise)."""
    for s in active:
        if s > after:
            return s
    return active[0]


def _prev_active(active: list[int], before: int) -> int:
    """First active seat strictly before seat ``before`` (counter-clockwise)."""
    for s in reversed(active):
        if s < before:
            return s
    return active[-1]


def _check(active_seats: Iterable[int]) -> list[int]:
    active = sorted(set(int(s) for s in active_seats))
    if len(active) < 2:
        raise ValueError(f"a hand needs at least two active seats, got {active}")
    if active[0] < 0:
        raise ValueError(f"seat numbers are >= 0, got {active[0]}")
    return active


def first_hand(active_seats: Iterable[int], button: int) -> Positions:
    """Positions for a first hand with the button on ``button`` (blinds follow it).

    >>> first_hand([2, 5], 5)
    Positions(button=5, small_blind=5, big_blind=2)
    """
    active = _check(active_seats)
    if len(active) == 2:
        btn = button if button in active else _prev_active(active, _next_active(active, button))
        return Positions(btn, btn, _next_active(active, btn))
    sb = _next_active(active, button)
    return Positions(button, sb, _next_active(active, sb))


@dataclass
class ButtonState:
    """Where the button and blinds are, hand after hand (see the module docstring).

    ``button``: the button seat of the first hand; ``last``: the positions of the last hand
    dealt (``None`` before the first); ``sb_seat``: the seat the last small blind stood for,
    occupied or not (it becomes the next button).

    >>> st = ButtonState(button=4)
    >>> st.big_blind_next([1, 4, 6])
    1
    >>> st.next_hand([1, 4, 6]), st.next_hand([1, 4, 6])
    (Positions(button=4, small_blind=6, big_blind=1), Positions(button=6, small_blind=1, big_blind=4))
    """

    button: int = 0
    last: Positions | None = None
    sb_seat: int | None = None
    hands: int = 0

    def _peek(self, active_seats: Iterable[int]) -> tuple[Positions, int]:
        active = _check(active_seats)
        if self.last is None:
            pos = first_hand(active, self.button)
            return pos, pos.small_blind if pos.small_blind is not None else pos.button
        bb = _next_active(active, self.last.big_blind)
        if len(active) == 2:
            other = active[0] if active[1] == bb else active[1]
            return Positions(other, other, bb), other
        sb_seat = self.last.big_blind
        sb = sb_seat if sb_seat in active else None
        button = self.sb_seat if self.sb_seat is not None else self.last.button
        if button in (bb, sb_seat):
            # coming out of heads-up (or a seat filled in between): the button goes to the
            # first active seat before the small blind that is not the big blind
            button = _prev_active(active, sb_seat)
            if button == bb:
                button = sb_seat
        return Positions(button, sb, bb), sb_seat

    def peek(self, active_seats: Iterable[int]) -> Positions:
        """The positions ``next_hand`` would return, without moving anything."""
        return self._peek(active_seats)[0]

    def next_hand(self, active_seats: Iterable[int]) -> Positions:
        """Positions of the next hand for these active seats; moves the button."""
        pos, sb_seat = self._peek(active_seats)
        self.last = pos
        self.sb_seat = sb_seat
        self.button = pos.button
        self.hands += 1
        return pos

    def big_blind_next(self, active_seats: Iterable[int]) -> int:
        """The seat that would post the big blind in the next hand."""
        return self.peek(active_seats).big_blind

    def to_dict(self) -> dict:
        """Plain data."""
        last = None if self.last is None else [self.last.button, self.last.small_blind,
                                               self.last.big_blind]
        return {"button": self.button, "last": last, "sb_seat": self.sb_seat,
                "hands": self.hands}

    @classmethod
    def from_dict(cls, d: dict) -> ButtonState:
        """Inverse of :meth:`to_dict`."""
        last = None if d.get("last") is None else Positions(*d["last"])
        return cls(d["button"], last, d.get("sb_seat"), d.get("hands", 0))
