"""The deck of one hand: a seeded shuffle or a given order, optional given cards, burns and
the reshuffle of discards when a draw runs the deck out.

Cards come off the top of ``order`` (the stub). Given cards take precedence: a seat with
given hole cards receives them, in order, before any card from the stub, and the board
takes the given board cards first; given cards are never in the stub. When the stub cannot
supply a deal (draw games with many players), the discards and burned cards so far are
shuffled with a generator seeded from ``seed`` and put under the stub; a burn that finds
no card is skipped.

>>> d = Deck.shuffled(seed=1)
>>> len(d.order), d.order == Deck.shuffled(seed=1).order
(52, True)
>>> d = Deck(order=list(range(50)), hole={3: [51, 50]})
>>> d.deal(3, 2), d.deal(4, 2), d.burn(), d.deal_board(3)
([51, 50], [0, 1], 2, [3, 4, 5])
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval._checks import check_seed
from pyeval.cards import format_card

UNKNOWN = -1
"""A card nobody saw (a hand history's ``??``): dealt to its seat, never evaluated."""


#: the two-letter names of the cards, from the card tokenizer (:func:`pyeval.cards.format_card`):
#: a lookup for the common case, the same names as :func:`pyeval.cards.cards` reads
_FAST = {format_card(c): c for c in range(52)}
_FAST["??"] = UNKNOWN


def _fast(spec: object, unknown_ok: bool) -> list[int] | None:
    """The common cases without the general parser: text of two-letter cards ("AhKd",
    "????") and lists of card numbers; ``None`` for anything else."""
    if isinstance(spec, str):
        if len(spec) % 2 or (not unknown_ok and "?" in spec):
            return None
        try:
            out = [_FAST[spec[i:i + 2]] for i in range(0, len(spec), 2)]
        except KeyError:
            return None
        return out if len(set(out) - {UNKNOWN}) + out.count(UNKNOWN) == len(out) else None
    if isinstance(spec, list) and all(type(c) is int and 0 <= c <= 51 for c in spec):
        return list(spec) if len(set(spec)) == len(spec) else None
    return None


def _as_cards(spec, what: str, unknown_ok: bool = False) -> list[int]:
    """Cards from text or a sequence; with ``unknown_ok``, ``??`` (or -1 / None) stands for
    an unknown card."""
    fast = _fast(spec, unknown_ok)
    if fast is not None:
        return fast
    from pyeval.cards import cards as parse
    if unknown_ok and isinstance(spec, str) and "?" in spec:
        out: list[int] = []
        for part in re.split(r"(\?\?)", spec.replace(" ", "")):
            if part == "??":
                out.append(UNKNOWN)
            elif part:
                out.extend(int(c) for c in parse(part, what=what))
        return out
    if unknown_ok and isinstance(spec, (list, tuple)) and any(
            c is None or c == UNKNOWN or c == "??" for c in spec):
        return [UNKNOWN if c is None or c == UNKNOWN or c == "??" else int(parse([c])[0])
                for c in spec]
    return [int(c) for c in parse(spec, what=what)]


def given(v: Any) -> bool:
    """Whether cards were given: not None and not empty (an array is not asked its truth).

    >>> given(None), given(""), given("Ah"), given(5)
    (False, False, True, True)
    """
    if v is None:
        return False
    try:
        return len(v) > 0
    except TypeError:       # no length (a number): given, and refused by the card parser
        return True


def _mapping(v: Any, what: str) -> dict:
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise TypeError(f"{what} must map seats to cards, got {v!r} ({type(v).__name__})")
    return dict(v)


def seat_key(k: Any, what: str) -> int:
    """A seat number given as a key: a whole number >= 0, or its digits 0-9 as text.

    >>> seat_key("3", "stacks"), seat_key(4, "stacks")
    (3, 4)
    """
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer, str)) or (
            isinstance(k, str) and re.fullmatch(r"[0-9]{1,9}", k) is None):
        raise ValueError(f"{what}: seats are whole numbers >= 0 (digits 0-9), got {k!r}")
    if int(k) < 0:
        raise ValueError(f"{what}: seat numbers are >= 0, got {k}")
    return int(k)


def format_known(cs: Sequence[int]) -> str:
    """Cards as text, ``??`` for unknown ones.

    >>> format_known([50, UNKNOWN])
    'Ah??'
    """
    return "".join("??" if c == UNKNOWN else format_card(c) for c in cs)


#: the stream of a deck's reshuffles: its generator is seeded ``[seed, RESHUFFLE_STREAM]``
RESHUFFLE_STREAM = 0x5EED


def reshuffled(seed: int, pool: Sequence[int]) -> list[int]:
    """The order in which the first reshuffle of a deck seeded ``seed`` puts the cards of
    its muck ``pool`` (in the order they went there) under the stub.

    >>> d = Deck(order=[0, 1], seed=3)
    >>> d.discard([7, 8, 9]); d.deal(0, 2) + d.deal(1, 3) == [0, 1] + reshuffled(3, [7, 8, 9])
    True
    """
    rng = np.random.default_rng([int(seed), RESHUFFLE_STREAM])
    return [int(c) for c in rng.permutation(np.array(list(pool), np.int64))]


class OutOfCards(RuntimeError):
    """The stub is empty and nothing is left to reshuffle (a given deck too short for the
    hand, or more players than the game's deck can serve)."""


def checked_seed(seed: Any, what: str = "seed") -> int:
    """``seed`` as a whole number from 0 to 2**64 - 1 (a bool, a float or text is refused;
    :func:`pyeval._checks.check_seed`, the one check of seeds).

    >>> checked_seed(7)
    7
    >>> checked_seed("x")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an integer from 0 to 2**64 - 1, not str 'x'
    """
    return check_seed(seed, what)


@dataclass
class Deck:
    """A hand's deck (see the module docstring). ``order``: the stub, top first."""

    order: list[int]
    seed: int = 0
    hole: dict = field(default_factory=dict)
    board: list = field(default_factory=list)
    muck: list = field(default_factory=list)
    reshuffles: int = 0

    def __post_init__(self) -> None:
        self.seed = checked_seed(self.seed, "deck seed")
        self.order = _as_cards(self.order, "deck")
        self.hole = {seat_key(k, "hole cards"): _as_cards(v, f"given hole cards of seat {k}", True)
                     for k, v in _mapping(self.hole, "hole").items()}
        self.board = _as_cards(self.board, "given board") if given(self.board) else []
        seen: set[int] = set()
        for c in self.order + self.board + [c for v in self.hole.values() for c in v]:
            if c == UNKNOWN and c not in self.order + self.board:
                continue
            if not 0 <= c <= 51:
                raise ValueError(f"card {c} is outside 0..51")
            if c in seen:
                raise ValueError(f"card {format_card(c)!r} is given twice (deck, hole cards "
                                 f"and board must not share cards)")
            seen.add(c)
        self.initial: dict[str, Any] = {"order": list(self.order), "seed": int(self.seed),
                        "hole": {k: list(v) for k, v in self.hole.items()},
                        "board": list(self.board)}
        self._rng: np.random.Generator | None = None   # made when a reshuffle needs it

    @classmethod
    def shuffled(cls, seed: int, hole: Mapping[int, object] | None = None,
                 board: object = None) -> Deck:
        """A deck shuffled by ``numpy.random.default_rng(seed)``, less any given cards.

        >>> Deck.shuffled(7, hole={0: "AhAd"}).hole[0]
        [50, 49]
        """
        seed = checked_seed(seed)
        given_hole = {seat_key(k, "hole cards"): _as_cards(v, f"given hole cards of seat {k}", True)
                      for k, v in _mapping(hole, "hole").items()}
        given_board = _as_cards(board, "given board") if given(board) else []
        taken = set(given_board) | {c for v in given_hole.values() for c in v}
        perm = np.random.default_rng(seed).permutation(52)
        return cls([int(c) for c in perm if int(c) not in taken], int(seed), given_hole,
                   given_board)

    def _ensure(self, n: int, keep: Sequence[int] = ()) -> None:
        if len(self.order) >= n:
            return
        pool = [c for c in self.muck if c not in keep]
        if pool:
            self.muck = [c for c in self.muck if c in keep]
            if self._rng is None:
                self._rng = np.random.default_rng([int(self.seed), RESHUFFLE_STREAM])
            self.order.extend(int(c) for c in self._rng.permutation(np.array(pool, np.int64)))
            self.reshuffles += 1
        if len(self.order) < n:
            raise OutOfCards(f"out of cards: {n} needed, {len(self.order)} left in the stub "
                               f"and nothing to reshuffle")

    def stub_needed(self, seats: Sequence[int], each: int) -> int:
        """Cards the stub must supply to deal ``each`` cards to every one of ``seats``."""
        return sum(max(0, each - len(self.hole.get(s, []))) for s in seats)

    def available(self) -> int:
        """Cards left in the stub (not counting the muck)."""
        return len(self.order)

    def deal(self, seat: int, n: int, keep: Sequence[int] = ()) -> list[int]:
        """``n`` cards for ``seat``: its given cards first, then the top of the stub.
        ``keep``: cards that must not be reshuffled (the drawing player's own discards)."""
        out: list[int] = []
        given = self.hole.get(seat, [])
        while given and len(out) < n:
            out.append(given.pop(0))
        rest = n - len(out)
        if rest:
            self._ensure(rest, keep)
            out.extend(self.order[:rest])
            del self.order[:rest]
        return out

    def deal_board(self, n: int) -> list[int]:
        """``n`` community cards: given board cards first, then the stub."""
        out: list[int] = []
        while self.board and len(out) < n:
            out.append(self.board.pop(0))
        rest = n - len(out)
        if rest:
            self._ensure(rest)
            out.extend(self.order[:rest])
            del self.order[:rest]
        return out

    def burn(self) -> int | None:
        """Burn the top card (into the muck); ``None`` when there is no card to burn."""
        if not self.order:
            try:
                self._ensure(1)
            except RuntimeError:
                return None
        c = self.order.pop(0)
        self.muck.append(c)
        return c

    def discard(self, cards: Sequence[int]) -> None:
        """Put discarded cards into the muck (they may be reshuffled for a later draw)."""
        self.muck.extend(int(c) for c in cards)

    def to_dict(self) -> dict:
        """The deck as laid at the start of the hand (for hand histories)."""
        from pyeval.cards import format_cards
        ini = self.initial
        d: dict = {"order": format_cards(ini["order"]), "seed": ini["seed"]}
        if ini["hole"]:
            d["hole"] = {str(k): format_known(v) for k, v in ini["hole"].items()}
        if ini["board"]:
            d["board"] = format_cards(ini["board"])
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> Deck:
        """Inverse of :meth:`to_dict`: the same deck, ready to deal the same cards."""
        if not isinstance(d, Mapping) or "order" not in d:
            raise ValueError("a deck needs 'order' (the cards of the stub, top first)")
        seed = checked_seed(d.get("seed", 0), "deck seed")
        hole = d.get("hole", {})
        if not isinstance(hole, Mapping):
            raise ValueError(f"deck hole must map seats to cards, got {hole!r}")
        try:
            holes = {int(k): v for k, v in hole.items()}
        except (TypeError, ValueError):
            raise ValueError(f"deck hole seats must be seat numbers, got {list(hole)}") from None
        return cls(_as_cards(d["order"], "deck"), seed, holes, d.get("board") or [])
