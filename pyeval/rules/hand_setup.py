"""The arguments of a hand checked and put in shape: the stacks by seat and the deck (a
seeded shuffle, a given order or a :class:`~pyeval.rules.deck.Deck`, with any given cards).

>>> seat_stacks({"0": 100, 1: 50})
{0: 100, 1: 50}
>>> seat_stacks({0: 0, 1: 50})
Traceback (most recent call last):
...
ValueError: seat 0: a stack is a whole number of chips > 0 (at most ...), got 0 (leave out seats that are not dealt in)
>>> len(hand_deck(None, 7, None, None).order)
52
>>> sorted(checked_absent([2], {0: 100, 1: 100, 2: 100}))
[2]
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pyeval.rules.betting import MAX_CHIPS, whole_chips
from pyeval.rules.deck import Deck, checked_seed, given, seat_key


def seat_stacks(stacks: Mapping[int, int]) -> dict[int, int]:
    """``stacks`` as seat number: chips, each seat a whole number >= 0 and each stack a whole
    number of chips above 0."""
    if not isinstance(stacks, Mapping):
        raise TypeError(f"stacks must map seats to chips, got {type(stacks).__name__}")
    st: dict[int, int] = {}
    for k, v in stacks.items():
        s = seat_key(k, "stacks")
        try:
            st[s] = whole_chips(v, "stack", 1)
        except ValueError:
            raise ValueError(f"seat {s}: a stack is a whole number of chips > 0 (at most "
                             f"{MAX_CHIPS}), got {v!r} (leave out seats that are not "
                             f"dealt in)") from None
    return st


def checked_absent(absent: Iterable[int], stacks: Mapping[int, int]) -> frozenset[int]:
    """The seats of ``stacks`` whose player has not arrived (a tournament's late player):
    each must be a seat of the hand, and at least one player must be there.

    >>> checked_absent([0, 1], {0: 100, 1: 100})
    Traceback (most recent call last):
    ...
    ValueError: absent: at least one player must be at the table, but every seat (0, 1) is absent
    """
    if isinstance(absent, (str, bytes)) or not isinstance(absent, Iterable):
        raise TypeError(f"absent must be a collection of seat numbers, got {absent!r}")
    out: set[int] = set()
    for s in absent:
        if not isinstance(s, numbers.Integral) or isinstance(s, bool):
            raise TypeError(f"absent: seats are whole numbers, got {s!r}")
        if int(s) not in stacks:
            raise ValueError(f"absent: seat {s} is not dealt in (seats: "
                             f"{', '.join(map(str, sorted(stacks)))})")
        out.add(int(s))
    if out and len(out) == len(stacks):
        raise ValueError(f"absent: at least one player must be at the table, but every seat "
                         f"({', '.join(map(str, sorted(stacks)))}) is absent")
    return frozenset(out)


def hand_deck(deck: Deck | Sequence[int] | str | None, seed: int | None, hole: Mapping[int, Any] | None,
              board: Any) -> Deck:
    """The deck of a hand: ``deck`` itself, a deck in the given order (all 52 cards with the
    given ``hole`` and ``board`` cards) or a shuffle seeded with ``seed``."""
    if isinstance(deck, Deck):
        if given(hole) or given(board):
            raise ValueError("give hole/board cards to the Deck, not next to it")
        return deck
    if deck is not None:
        # a hole that is no mapping goes on to the Deck, which refuses it by name
        holes: Any = dict(hole) if isinstance(hole, Mapping) else hole if hole is not None else {}
        given_deck = Deck(deck, 0 if seed is None else seed,  # type: ignore[arg-type]
                          holes, board if given(board) else [])
        if len(given_deck.order) + len(given_deck.board) + sum(map(len, given_deck.hole.values())) < 52:
            raise ValueError("a given deck must hold all 52 cards (with the given hole and "
                             "board cards)")
        return given_deck
    if seed is None:
        raise ValueError("pass seed= (a seeded shuffle), deck= (the order of the cards) "
                         "or a Deck")
    return Deck.shuffled(checked_seed(seed), hole, board)


def checked_odd_chip(odd_chip: Any, kinds: Any) -> Any:
    """``odd_chip`` as one of the enum ``kinds`` (a member or its value)."""
    try:
        return kinds(odd_chip)
    except (ValueError, TypeError):
        raise ValueError(f"odd_chip must be one of {', '.join(repr(k.value) for k in kinds)}, "
                         f"got {odd_chip!r}") from None


def seat_amounts(v: Any, what: str, minimum: int) -> dict[int, int]:
    """A mapping of seats to whole chips (``posts``), each checked.

    >>> seat_amounts({"1": 5}, "a post", 1)
    {1: 5}
    """
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise TypeError(f"{what}s must map seats to chips, got {v!r} ({type(v).__name__})")
    return {seat_key(k, what + "s"): whole_chips(x, f"seat {k}: {what}", minimum)
            for k, x in v.items()}


def checked_button(button: Any) -> int | None:
    """The button seat: None (the last seat) or a whole number >= 0 (a float is no seat)."""
    if button is None:
        return None
    if isinstance(button, bool) or not isinstance(button, numbers.Integral) or button < 0:
        raise ValueError(f"button must be a seat number (a whole number >= 0), got {button!r}")
    return int(button)
