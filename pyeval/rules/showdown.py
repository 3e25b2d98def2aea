"""What a player's cards are worth under a game's showdown rules, who brings in, and who
opens a stud betting round. All hand values come from the evaluator core
(``pyeval.best_hand``, ``pyeval.high``, ``pyeval.razz``, ``pyeval.describe``).

Bring-in (stud): the lowest up card brings in, aces high, ties broken by suit with clubs
lowest, then diamonds, hearts, spades (2♣ brings in before 2♦). In razz the highest up
card brings in, aces low (a king is the highest), ties broken by suit with spades highest
(K♠ brings in before K♥). On later streets the best hand showing acts first (the lowest
in razz); equal hands showing: the first of them clockwise from the dealer's left.

>>> from pyeval import cards
>>> bring_in_seat(False, {1: [int(c) for c in cards("2d")], 2: [int(c) for c in cards("2c")],
...                       3: [int(c) for c in cards("Ah")]})
2
>>> bring_in_seat(True, {1: [int(c) for c in cards("Kh")], 2: [int(c) for c in cards("Ks")],
...                      3: [int(c) for c in cards("Ah")]})
2
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pyeval.rules.games import Game

ACE_OF_SPADES = 51


@dataclass(frozen=True)
class HandValue:
    """A hand's value for each part of the pot. ``high``: high value (razz value in razz;
    higher is better either way); ``low``: 8-or-better value (0: no low) or, in Chicago, 1
    when the ace of spades is in the hole; ``None`` in high-only games.

    >>> HandValue(100, "Pair of Twos", None, None).low is None
    True
    """

    high: int
    high_text: str
    low: int | None
    low_text: str | None


def _split_cards(game: Game, down: Sequence[int], up: Sequence[int],
                 board: Sequence[int]) -> tuple[list[int], list[int], int, int | None]:
    """(hole, board, min_hole, max_hole) for ``pyeval.best_hand``."""
    if game.family == "holdem":
        return list(down), list(board), game.min_hole, game.max_hole
    cards = list(down) + list(up) + list(board)
    if game.restricted:
        r = list(down[:game.restricted])
        rest = [c for c in cards if c not in r]
        return r, rest, game.min_hole, game.max_hole
    return cards, [], 0, None


def evaluate(game: Game, down: Sequence[int], up: Sequence[int] = (),
             board: Sequence[int] = ()) -> HandValue:
    """Value of one player's cards: ``down`` and ``up`` in the order dealt (down cards
    after discards), ``board`` the community cards (stud: a community card dealt when the
    deck ran short).

    >>> from pyeval import cards
    >>> from pyeval.rules.games import GAMES
    >>> v = evaluate(GAMES["Omaha Hi/Lo"], [int(c) for c in cards("Ah2hQcJd")],
    ...              board=[int(c) for c in cards("3d4s5sKc9h")])
    >>> v.high_text, v.low_text
    ('Straight, Five high', '5-4-3-2-A low')
    """
    import pyeval
    hole, brd, lo, hi = _split_cards(game, down, up, board)
    first = game.parts[0]
    kind = "razz" if first == "razz" else None
    high = pyeval.best_hand(hole, brd, lo, hi, low=kind)
    high_text = pyeval.describe(high, "razz" if kind else "high")
    low: int | None = None
    low_text: str | None = None
    if game.hi_lo:
        if game.parts[1] == "low8":
            low = pyeval.best_hand(hole, brd, lo, hi, low="8")
            low_text = pyeval.describe(low, "low8")
        else:  # chicago
            low = 1 if ACE_OF_SPADES in down else 0
            low_text = "Ace of spades in the hole" if low else "No ace of spades"
    return HandValue(int(high), high_text, None if low is None else int(low), low_text)


def _razz_rank(card: int) -> int:
    return ((card >> 2) + 1) % 13  # ace 0 ... king 12


def bring_in_seat(low_game: bool, up: Mapping[int, Sequence[int]]) -> int:
    """The seat that brings in, from each seat's up cards (see the module docstring).
    ``low_game``: razz (the highest card brings in)."""
    if not up:
        raise ValueError("no up cards to decide the bring-in")
    if low_game:
        return max(up, key=lambda s: max((_razz_rank(c), c & 3) for c in up[s]))
    return min(up, key=lambda s: min((c >> 2, c & 3) for c in up[s]))


def showing_value(low_game: bool, up: Sequence[int]) -> int:
    """Strength of the cards showing (higher acts first): the high value of the up cards,
    or their razz value in razz (the lowest hand showing acts first)."""
    import pyeval
    return int(pyeval.razz(list(up)) if low_game else pyeval.high(list(up)))


def opener(low_game: bool, up: Mapping[int, Sequence[int]], order: Sequence[int]) -> int:
    """The seat with the best hand showing; ties go to the first in ``order`` (clockwise
    from the dealer's left).

    >>> from pyeval import cards
    >>> opener(False, {1: [int(c) for c in cards("9c9d")], 4: [int(c) for c in cards("AsKs")],
    ...                6: [int(c) for c in cards("9h9s")]}, [4, 6, 1])
    6
    """
    vals = {s: showing_value(low_game, up[s]) for s in order if s in up}
    best = max(vals.values())
    return next(s for s in order if s in vals and vals[s] == best)


def has_open_pair(up: Mapping[int, Sequence[int]]) -> bool:
    """Whether any player shows a pair (fixed-limit stud: the big bet may be made).

    >>> has_open_pair({1: [0, 1], 2: [4, 9]})
    True
    """
    return any(len({c >> 2 for c in cs}) < len(cs) for cs in up.values())
