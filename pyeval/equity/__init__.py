"""Equity: each player's share of the pot, exactly or by Monte Carlo, for every game.

>>> from pyeval.equity import equity
>>> r = equity("holdem", ["AsKs", "QhQd"])
>>> f"{100 * r.players[0].equity:.4f}%"
'46.2145%'

See :func:`pyeval.equity.engine.equity` for the arguments, :mod:`pyeval.equity.ranges` for
range notation and :mod:`pyeval.equity.games` for the games and their showdown rules.
"""
from __future__ import annotations

import sys
import types
from typing import Any

from pyeval.equity.engine import equity, make_spot
from pyeval.equity.games import GAMES, EquityGame, game
from pyeval.equity.ranges import Range, RangeError, parse_range
from pyeval.equity.result import EquityResult, PlayerEquity, Progress

__all__ = [
    "GAMES",
    "EquityGame",
    "EquityResult",
    "PlayerEquity",
    "Progress",
    "Range",
    "RangeError",
    "equity",
    "game",
    "make_spot",
    "parse_range",
]


class _CallableModule(types.ModuleType):
    """``pyeval.equity`` is both this package and the function: importing the package binds
    the name ``equity`` on ``pyeval`` to the module, so the module itself calls
    :func:`equity` when called.

    >>> import pyeval
    >>> pyeval.equity("holdem", ["AcAd", "KhKs"]).samples
    1712304
    """

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return equity(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
