"""Codes and slots shared by the equity kernels and the engine: evaluation kinds, splits,
the per-player statistics the kernels sum, and the card sentinel.

>>> K_OMAHA, SP_LOW8, NSTAT
(1, 1, 8)
"""
from __future__ import annotations

from typing import Any, NamedTuple

# per-player statistics, summed (weighted in exact runs)
S_SHARE, S_SHARE2, S_WIN, S_TIE, S_HWIN, S_HTIE, S_LWIN, S_LTIE = range(8)
NSTAT = 8

# evaluation kinds and splits (mirrors pyeval.equity.games)
K_HOLDEM, K_OMAHA, K_SUPER8, K_TAHOE, K_STUD, K_RAZZ, K_FIVE, K_BUFFALO, K_CROC = range(9)
SP_NONE, SP_LOW8, SP_CHICAGO = 0, 1, 2

AS_CARD = 51                 # the ace of spades (Chicago)
NONE = 255                   # an unknown card slot


# ---------------------------------------------------------------- type-level switches
# The general kernels (:func:`._montecarlo.mc_chunks`, :func:`._exact.exact_tasks`) take
# the game's evaluation and split as *types*: one NamedTuple class each, so that Numba
# compiles a kernel once per class and a game's first call compiles only its own evaluator
# and its own scoring (the hooks of :mod:`._showdown` choose by class at typing time, as
# the simulator's ``*_if`` hooks do). One kernel holding every game's evaluator and every
# split made a stud call compile Omaha's, razz's and the split pots' code (issue 13: 5.6 s
# of CPU for a first stud call). The field carries what the evaluation or the split needs
# at run time.

class High(NamedTuple):
    """Best five of every card the player holds (hold'em, stud, five-card games)."""

    n: int = 0


class OmahaHigh(NamedTuple):
    """Exactly two of the hole cards and three of the board."""

    n: int = 0


class RazzLow(NamedTuple):
    """Razz: the ace-to-five low of seven cards."""

    n: int = 0


class BestOfEight(NamedTuple):
    """Super Eight: three hole cards and five board cards, any used: the best of the
    eight seven-card hands."""

    n: int = 0


class DropOne(NamedTuple):
    """One card too many: the best hand leaving out one of the hole cards ``0..n-1``
    (Tahoe: any of its three; Buffalo: one of the first three down cards; Crocodile: one
    of the first two)."""

    n: int


class NoSplit(NamedTuple):
    """The best high hand takes the pot (``code``: :data:`SP_NONE`)."""

    code: int = SP_NONE


class Low8(NamedTuple):
    """Half to the best high, half to the best 8-or-better low."""

    code: int = SP_LOW8


class Chicago(NamedTuple):
    """Half to the best high, half to the ace of spades in the hole."""

    code: int = SP_CHICAGO


def evaluation(kind: int, H: int) -> Any:
    """The evaluation class instance of an evaluation kind (``H`` hole cards).

    >>> evaluation(K_STUD, 7), evaluation(K_TAHOE, 3), evaluation(K_CROC, 7)
    (High(n=0), DropOne(n=3), DropOne(n=2))
    """
    if kind in (K_HOLDEM, K_STUD, K_FIVE):
        return High()
    if kind == K_OMAHA:
        return OmahaHigh()
    if kind == K_RAZZ:
        return RazzLow()
    if kind == K_SUPER8:
        return BestOfEight()
    if kind == K_TAHOE:
        return DropOne(H)
    if kind == K_BUFFALO:
        return DropOne(3)
    if kind == K_CROC:
        return DropOne(2)
    raise ValueError(f"no evaluation kind {kind}")


def split_of(split: int) -> Any:
    """The split class instance of a split code.

    >>> split_of(SP_LOW8)
    Low8(code=1)
    """
    return (NoSplit(), Low8(), Chicago())[split]
