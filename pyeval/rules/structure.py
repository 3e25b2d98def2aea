"""The betting structure of one hand: its limit kind (:class:`Limit`), blinds, antes,
bring-in, bet sizes and straddles (:class:`Structure`), and the chip amounts the rules model
takes (:func:`whole_chips`). :mod:`pyeval.rules.betting` runs a betting round under it.

>>> Structure.no_limit(50, 100).opening_bet
100
"""
from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_CHIPS = 10**15
"""Largest amount of chips the rules model takes (totals stay far inside 64 bits)."""


def whole_chips(v: Any, what: str, minimum: int = 0, error: type[ValueError] = ValueError) -> int:
    """``v`` as a whole number of chips in ``minimum``..:data:`MAX_CHIPS`: ints, numpy
    integers and whole floats are accepted; bools, fractions, NaN, infinities and text are
    refused with ``error`` naming ``what``.

    >>> whole_chips(4.0, "to"), whole_chips(__import__("numpy").int64(7), "stack")
    (4, 7)
    >>> whole_chips(4.5, "to")
    Traceback (most recent call last):
    ...
    ValueError: to must be a whole number of chips >= 0 (at most 1000000000000000), got 4.5
    """
    ok = False
    if isinstance(v, numbers.Integral) and not isinstance(v, bool):
        v, ok = int(v), True
    elif isinstance(v, numbers.Real) and not isinstance(v, bool):
        f = float(v)
        if math.isfinite(f) and f.is_integer():
            v, ok = int(f), True
    if not ok or not minimum <= v <= MAX_CHIPS:
        raise error(f"{what} must be a whole number of chips >= {minimum} (at most "
                    f"{MAX_CHIPS}), got {v!r}")
    return int(v)



class Limit(str, Enum):
    """Betting structure kind."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


@dataclass(frozen=True)
class Structure:
    """Forced bets and limits for one hand.

    ``small_bet``/``big_bet``: fixed limit bet sizes (default: big blind and twice it); in no
    limit and pot limit stud ``small_bet`` is the minimum bet. ``max_raises``: raises after
    the bet in fixed limit (3: "bet and three raises").

    ``ante_by``: who antes — ``"each"`` player, the ``"big_blind"`` for the whole table or
    the ``"button"``; a big-blind or button ante is dead money, not part of a bet.
    ``ante_heads_up``: ``False`` stops the antes when only two players are dealt in.
    ``bb_ante_order``: when the big blind cannot cover blind and ante, ``"blind_first"``
    (TDA 2024, WSOP) or ``"ante_first"`` (TDA 2019, PHH and pokerkit) takes its chips first.
    ``straddles``: blind raises posted before the cards by the players after the big blind
    in turn (under the gun first), or with ``button_straddle`` one straddle by the button
    (Mississippi): the last straddle is the hand's big blind for the minimum bet and raise,
    its poster acts last before the flop and has the option.
    ``raises_first_turn_only``: a player may bet or raise only on their first turn of a
    round, so once the betting has passed around to the dealer the others can only call or
    fold (the first rule sheet's 5 Card Draw: "no Raises are permitted once the betting has
    passed around to the Dealer ... the Dealer gets the final Raise").

    >>> Structure.fixed_limit(20, 40).small_blind, Structure.fixed_limit(20, 40).big_blind
    (10, 20)
    >>> Structure.stud(ante=5, bring_in=10, small_bet=30, big_bet=60).limit.value
    'fixed_limit'
    """

    limit: Limit
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int = 3
    ante_by: str = "each"
    ante_heads_up: bool = True
    bb_ante_order: str = "blind_first"
    straddles: tuple[int, ...] = ()
    button_straddle: bool = False
    raises_first_turn_only: bool = False

    ANTE_BY = ("each", "big_blind", "button")
    BB_ANTE_ORDERS = ("blind_first", "ante_first")

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "limit", Limit(self.limit))
        except ValueError:
            raise ValueError(f"limit must be one of {[m.value for m in Limit]}, "
                             f"got {self.limit!r}") from None
        for k in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
                  "max_raises"):
            object.__setattr__(self, k, whole_chips(getattr(self, k), k))
        for k in ("ante_by", "bb_ante_order"):
            if not isinstance(getattr(self, k), str):
                raise ValueError(f"{k} must be text, got {getattr(self, k)!r}")
        if self.ante_by not in self.ANTE_BY:
            raise ValueError(f"ante_by must be one of {self.ANTE_BY}, got {self.ante_by!r}")
        if self.bb_ante_order not in self.BB_ANTE_ORDERS:
            raise ValueError(f"bb_ante_order must be one of {self.BB_ANTE_ORDERS}, got "
                             f"{self.bb_ante_order!r}")
        for k in ("ante_heads_up", "button_straddle", "raises_first_turn_only"):
            if not isinstance(getattr(self, k), bool):
                raise ValueError(f"{k} must be True or False, got {getattr(self, k)!r}")
        if isinstance(self.straddles, (str, bytes)) or not isinstance(self.straddles,
                                                                      (tuple, list)):
            raise ValueError(f"straddles must be a sequence of amounts, got {self.straddles!r}")
        sts = tuple(whole_chips(v, "a straddle", 1) for v in self.straddles)
        object.__setattr__(self, "straddles", sts)
        if sts and not self.big_blind:
            raise ValueError("straddles need a big blind")
        prev = self.big_blind
        for v in sts:
            if v < 2 * prev:
                raise ValueError(f"a straddle is at least twice the blind before it: {v} after "
                                 f"{prev}")
            prev = v
        if sts and self.limit == Limit.FIXED_LIMIT:
            raise ValueError("straddles are modelled in no limit and pot limit only")
        if self.button_straddle and len(sts) != 1:
            raise ValueError("button_straddle takes exactly one straddle (by the button)")
        if self.small_bet == 0:
            object.__setattr__(self, "small_bet", self.big_blind)
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        if self.small_blind > self.big_blind:
            raise ValueError(f"small blind {self.small_blind} is larger than the big blind "
                             f"{self.big_blind}")
        if self.small_bet <= 0:
            raise ValueError("a structure needs a big blind or a small bet (the minimum bet) > 0")
        if self.big_bet < self.small_bet:
            raise ValueError(f"big bet {self.big_bet} is smaller than the small bet "
                             f"{self.small_bet}")
        if self.bring_in > self.small_bet:
            raise ValueError(f"bring-in {self.bring_in} is larger than the small bet "
                             f"{self.small_bet}")

    @classmethod
    def no_limit(cls, small_blind: int, big_blind: int, ante: int = 0, **kw: Any) -> Structure:
        """No limit with blinds (and antes; ``kw``: ``ante_by``, ``straddles``, ...).

        >>> Structure.no_limit(1, 2).big_blind
        2
        """
        return cls(Limit.NO_LIMIT, small_blind, big_blind, ante, **kw)

    @classmethod
    def pot_limit(cls, small_blind: int, big_blind: int, ante: int = 0, **kw: Any) -> Structure:
        """Pot limit with blinds (and antes; ``kw`` as for :meth:`no_limit`).

        >>> Structure.pot_limit(1, 2).limit.value
        'pot_limit'
        """
        return cls(Limit.POT_LIMIT, small_blind, big_blind, ante, **kw)

    @classmethod
    def fixed_limit(cls, small_bet: int, big_bet: int | None = None, *,
                    small_blind: int | None = None, big_blind: int | None = None,
                    ante: int = 0, max_raises: int = 3, **kw: Any) -> Structure:
        """Fixed limit with blinds: the big blind defaults to the small bet, the small blind
        to half the big blind.

        >>> Structure.fixed_limit(10).big_bet
        20
        """
        small_bet = whole_chips(small_bet, "small_bet")
        bb = small_bet if big_blind is None else whole_chips(big_blind, "big_blind")
        sb = bb // 2 if small_blind is None else small_blind
        return cls(Limit.FIXED_LIMIT, sb, bb, ante, 0, small_bet,
                   2 * small_bet if big_bet is None else big_bet, max_raises, **kw)

    @classmethod
    def stud(cls, ante: int, bring_in: int, small_bet: int, big_bet: int | None = None,
             limit: Limit | str = Limit.FIXED_LIMIT, max_raises: int = 3) -> Structure:
        """Stud: antes, a bring-in and the small / big bet.

        >>> Structure.stud(1, 2, 5).big_bet
        10
        """
        return cls(Limit(limit), 0, 0, ante, bring_in, small_bet,
                   2 * small_bet if big_bet is None else big_bet, max_raises)

    @property
    def opening_bet(self) -> int:
        """The bet to call before the flop: the last straddle, else the big blind."""
        return self.straddles[-1] if self.straddles else self.big_blind

    def to_dict(self) -> dict:
        """Plain data (for hand histories); the newer fields only when set.

        >>> Structure.no_limit(1, 2, ante=2, ante_by="big_blind").to_dict()["ante_by"]
        'big_blind'
        """
        d: dict = {"limit": self.limit.value, "small_blind": self.small_blind,
                   "big_blind": self.big_blind, "ante": self.ante, "bring_in": self.bring_in,
                   "small_bet": self.small_bet, "big_bet": self.big_bet,
                   "max_raises": self.max_raises}
        if self.ante_by != "each":
            d["ante_by"] = self.ante_by
        if not self.ante_heads_up:
            d["ante_heads_up"] = False
        if self.bb_ante_order != "blind_first":
            d["bb_ante_order"] = self.bb_ante_order
        if self.straddles:
            d["straddles"] = list(self.straddles)
        if self.button_straddle:
            d["button_straddle"] = True
        if self.raises_first_turn_only:
            d["raises_first_turn_only"] = True
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> Structure:
        """Inverse of :meth:`to_dict`."""
        if not isinstance(d, Mapping):
            raise ValueError(f"a structure is a table of fields, got {type(d).__name__}")
        known = set(cls.__dataclass_fields__)
        bad = sorted(str(k) for k in d if k not in known)
        if bad:
            raise ValueError(f"unknown structure field(s) {bad}; fields are {sorted(known)}")
        if "limit" not in d:
            raise ValueError("a structure needs 'limit' (no_limit, pot_limit or fixed_limit)")
        kw = dict(d)
        if "straddles" in kw and isinstance(kw["straddles"], list):
            kw["straddles"] = tuple(kw["straddles"])
        return cls(**kw)
