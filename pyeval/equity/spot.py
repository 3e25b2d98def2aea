"""The question an equity call answers, parsed and checked: a :class:`Spot`.

A *spot* is what the caller knows: each player's hand (cards, cards with ``*`` for unknown
ones, or a range in two-card games), the board and the dead cards. :func:`make_spot` reads
every form :func:`pyeval.equity.equity` accepts, refuses what cannot be dealt (a card twice,
a wrong count, ranges that cannot all be dealt together) with a clear error, and settles the
ranges against the known cards.

>>> s = make_spot("holdem", ["AhKh", "random"], board="Ks 7d 2c")
>>> s.players[1].slots, len(s.deck)
([None, None], 47)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np

from pyeval.cards import cards as _cards
from pyeval.cards import format_card, format_cards, hand_kind, tokens
from pyeval.equity.games import EquityGame
from pyeval.equity.games import game as _game
from pyeval.equity.ranges import Range, RangeError, parse_range

__all__ = ["FIT_BUDGET", "HandLike", "Player", "Spot", "make_spot"]

#: steps of the search proving that ranges cannot all be dealt (about 0.1 s of Python)
FIT_BUDGET = 200_000

HandLike = Union[str, Sequence[int], Sequence[str], np.ndarray]

@dataclass
class Player:
    """One seat: known cards by position (None = to be dealt), or a range."""

    text: str
    slots: list[int | None]
    rng: Range | None = None


@dataclass
class Spot:
    """A checked question: the game as dealt to this many players, the seats, the known
    board and the dead cards."""

    game: EquityGame
    players: list[Player]
    board: list[int]
    dead: list[int]

    @property
    def known_mask(self) -> int:
        m = 0
        for c in self.board + self.dead:
            m |= 1 << c
        for p in self.players:
            for slot in p.slots:
                if slot is not None:
                    m |= 1 << slot
        return m

    @property
    def deck(self) -> list[int]:
        """Cards that can still be dealt (ranges' cards included)."""
        km = self.known_mask
        return [c for c in range(52) if not km >> c & 1]


def _hand_name(i: int, text: str) -> str:
    return f"hand {i + 1} {text!r}"


def _parse_player(i: int, hand: HandLike, g: EquityGame) -> Player:
    if isinstance(hand, str):
        text = hand.strip()
        if not text:
            raise ValueError(f"hand {i + 1} is empty; write its cards, * for unknown cards, "
                             f"or 'random'")
        kind = hand_kind(text, ranges=g.ranges_allowed)
        if kind == "random":
            return Player(text, [None] * g.hole)
        slots = tokens(text, wild=True) if kind == "cards" else None
        if slots is None:
            if not g.ranges_allowed:
                raise ValueError(
                    f"{_hand_name(i, text)}: not cards, and ranges are only for two-card "
                    f"hold'em games; in {g.name} write the cards, with * for an unknown card "
                    f"(e.g. {'As' + 'Kh' + '*' * max(0, g.hole - 2)!r})")
            try:
                rng = parse_range(text)
            except RangeError as e:
                raise ValueError(f"{_hand_name(i, text)}: {e}") from None
            return Player(text, [None, None], rng)
    else:
        arr = _cards(hand, what=f"hand {i + 1}")
        slots = [int(c) for c in arr]
        text = format_cards(arr)
    _check_count(i, text, len(slots), g)
    seen: set[int] = set()
    for c in slots:
        if c is not None:
            if c in seen:
                raise ValueError(f"card {format_card(c)!r} appears twice in "
                                 f"{_hand_name(i, text)}")
            seen.add(c)
    return Player(text, slots + [None] * (g.hole - len(slots)))


def _check_count(i: int, text: str, n: int, g: EquityGame) -> None:
    name = _hand_name(i, text)
    if g.dealt != g.hole and n > g.hole:
        what = ("each player keeps 2 of the hole cards" if g.family == "holdem"
                else "each player discards one down card on third street")
        raise ValueError(
            f"{name}: {g.name} equity is computed after the discard ({what}): give the "
            f"{g.hole} cards kept, not the {g.dealt} dealt; known discards go in dead=. "
            f"Before the discard the equity depends on what each player keeps.")
    if g.family == "holdem":
        if n != g.hole:
            raise ValueError(f"{name} has {n} card{'s' * (n != 1)}; {g.name} hands have "
                             f"{g.hole} hole cards (write * for an unknown card, e.g. "
                             f"{'Ah' + '*' * (g.hole - 1)!r})")
    elif n > g.hole:
        extra = ""
        if g.board == 1:
            extra = (f"; with this many players the seventh card is a single community "
                     f"card: give {g.hole} cards per player and the community card as board")
        raise ValueError(f"{name} has {n} cards; {g.name} hands have at most {g.hole}{extra}")


def _check_board(board: list[int], g: EquityGame) -> None:
    n = len(board)
    if g.family == "holdem":
        if n not in (0, 3, 4, 5):
            raise ValueError(f"board has {n} card{'s' * (n != 1)}; a {g.name} board is "
                             f"empty, a flop (3), a turn (4) or a river (5)")
    elif g.board == 1:
        if n > 1:
            raise ValueError(f"board has {n} cards; the community card of {g.name} with this "
                             f"many players is one card")
    elif n:
        raise ValueError(f"{g.name} has no board (got {n} board cards)"
                         + ("; with 8 players the seventh card is a community card"
                            if g.community_seventh else ""))


def make_spot(game: str | EquityGame, hands: Sequence[HandLike], board: HandLike = "",
              dead: HandLike = "", *, fit_budget: int = FIT_BUDGET) -> Spot:
    """Parses and checks a question (see :func:`equity` for the forms accepted).
    ``fit_budget``: the most steps of the search that proves ranges cannot be dealt
    together (past it they are taken to fit; a time-limited call gives fewer).

    >>> s = make_spot("holdem", ["AhKh", "QQ+"], board="Ks 7d 2c")
    >>> [len(p.rng) if p.rng is not None else p.slots for p in s.players]
    [[50, 46], 10]
    """
    g = _game(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (Sequence, np.ndarray)):
        raise TypeError(f"hands is a list of hands, one per player, e.g. ['AhKh', 'QQ+'], "
                        f"not {type(hands).__name__}")
    hands = list(hands)
    if len(hands) < 2:
        raise ValueError(f"equity needs at least 2 players, got {len(hands)}")
    g = g.for_players(len(hands))
    if len(hands) > g.max_players:
        raise ValueError(f"{g.name} takes at most {g.max_players} players, got {len(hands)}")
    b = [int(c) for c in _cards(board, what="board")]
    _check_board(b, g)
    d = [int(c) for c in _cards(dead, what="dead cards")]
    players = [_parse_player(i, h, g) for i, h in enumerate(hands)]

    where: dict[int, str] = {}

    def claim(c: int, what: str) -> None:
        if c in where:
            raise ValueError(f"card {format_card(c)!r} is dealt twice: in {where[c]} and "
                             f"in {what}")
        where[c] = what

    for c in b:
        claim(c, "the board")
    for c in d:
        claim(c, "the dead cards")
    for i, p in enumerate(players):
        for slot in p.slots:
            if slot is not None:
                claim(slot, f"hand {i + 1}")
    spot = Spot(g, players, b, d)
    _settle_ranges(spot, fit_budget)
    need = len(players) * g.hole + g.board
    have = 52 - len(d)
    if need > have:
        raise ValueError(f"{len(players)} players of {g.name} need {need} cards; the deck has "
                         f"{have} without the dead cards")
    return spot


def _settle_ranges(spot: Spot, fit_budget: int = 200_000) -> None:
    """Removes from each range the combinations that use known cards; turns a range of one
    combination into known cards (which may empty other ranges: repeated until settled) and
    a uniform range of every possible combination into two unknown cards."""
    changed = True
    while changed:
        changed = False
        km = spot.known_mask
        for i, p in enumerate(spot.players):
            if p.rng is None:
                continue
            r = p.rng.without(km).normalised()    # largest weight 1: no overflow
            if len(r) == 0:
                raise ValueError(
                    f"{_hand_name(i, p.text)} leaves no hand: every combination of the range "
                    f"uses a card that is on the board, dead or in another hand")
            p.rng = r
            if len(r) == 1:
                a, b2 = (int(x) for x in r.cards[0])
                p.slots = [a, b2]
                p.rng = None
                changed = True
                break
    live = 52 - bin(spot.known_mask).count("1")
    for p in spot.players:
        if p.rng is not None and p.rng.uniform and len(p.rng) == live * (live - 1) // 2:
            p.rng = None
            p.slots = [None, None]
    _check_ranges_fit(spot, fit_budget)


def _check_ranges_fit(spot: Spot, budget: int = 200_000) -> None:
    """Raises when the ranges cannot all be dealt at once (searches, within a budget)."""
    rs = [(i, p.rng.masks.tolist()) for i, p in enumerate(spot.players) if p.rng is not None]
    if len(rs) < 2:
        return
    rs.sort(key=lambda x: len(x[1]))
    nodes = 0

    def dfs(k: int, used: int) -> bool | None:
        nonlocal nodes
        if k == len(rs):
            return True
        for m in rs[k][1]:
            nodes += 1
            if nodes > budget:
                return None
            if not m & used:
                r = dfs(k + 1, used | m)
                if r is None or r:
                    return r
        return False

    if dfs(0, 0) is False:
        names = ", ".join(repr(spot.players[i].text) for i, _ in rs)
        raise ValueError(f"the ranges {names} cannot be dealt together: every choice of "
                         f"hands uses some card twice")
