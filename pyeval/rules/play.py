"""Seeded random legal play, for property tests, fuzzing and cross-checks.

>>> import numpy as np
>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 50, 1: 80, 2: 120}, seed=4)
>>> play_random(h, np.random.default_rng(4)).is_over
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pyeval.rules.betting import Action, Legal

if TYPE_CHECKING:
    from pyeval.rules.hand import Hand


def _rng(seed: int | np.random.Generator) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    from pyeval.rules.deck import checked_seed
    return np.random.default_rng(checked_seed(seed))


def random_raise_to(legal: Legal, rng: np.random.Generator) -> int:
    """A random allowed bet/raise total: the minimum, the maximum or something between."""
    if legal.choices is not None:
        return int(legal.choices[int(rng.integers(len(legal.choices)))])
    assert legal.min_to is not None and legal.max_to is not None
    u = rng.random()
    if u < 0.4 or legal.min_to == legal.max_to:
        return legal.min_to
    if u < 0.6:
        return legal.max_to
    return int(rng.integers(legal.min_to, legal.max_to + 1))


def random_action(hand: Hand, seed: int | np.random.Generator,
                  p_fold: float = 0.15, p_raise: float = 0.3) -> Action:
    """A random legal action for the player to act: fold with probability ``p_fold`` when
    facing a bet, bet or raise with ``p_raise`` when allowed, else check or call; random
    discards and draws."""
    rng = _rng(seed)
    legal = hand.legal()
    s = legal.seat
    acts = legal.actions
    if "discard" in acts:
        own = hand.down[s]
        pick = rng.choice(len(own), size=legal.discard, replace=False)
        return Action("discard", cards=tuple(int(own[i]) for i in sorted(pick)), seat=s)
    if "draw" in acts:
        own = hand.down[s]
        n = int(rng.integers(0, legal.draw_max + 1))
        pick = rng.choice(len(own), size=n, replace=False)
        return Action("draw", cards=tuple(int(own[i]) for i in sorted(pick)), seat=s)
    if "bring_in" in acts:
        if legal.raise_name and rng.random() < p_raise:
            return Action(legal.raise_name, to=random_raise_to(legal, rng), seat=s)
        return Action("bring_in", seat=s)
    u = rng.random()
    if "fold" in acts and u < p_fold:
        return Action("fold", seat=s)
    if legal.raise_name and u > 1 - p_raise:
        return Action(legal.raise_name, to=random_raise_to(legal, rng), seat=s)
    return Action("call" if "call" in acts else "check", seat=s)


def play_random(hand: Hand, seed: int | np.random.Generator,
                max_actions: int = 10_000, **kw: float) -> Hand:
    """Play ``hand`` to the end with :func:`random_action`; raises if it has not ended
    after ``max_actions`` decisions."""
    rng = _rng(seed)
    n = 0
    while not hand.is_over:
        if n >= max_actions:
            raise RuntimeError(f"hand did not end after {max_actions} actions")
        hand.act(random_action(hand, rng, **kw))
        n += 1
    return hand
