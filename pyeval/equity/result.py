"""What an equity run returns: per-player shares of the pot and how they were measured.

>>> from pyeval.equity import equity
>>> r = equity("holdem", ["AcAd", "KhKs"], board="2c 7d 9h Ts")
>>> r.exact, r.samples, round(r.players[0].equity, 4)
(True, 44, 0.9545)
>>> print(r.table())  # doctest: +NORMALIZE_WHITESPACE
Texas Hold'em, board 2c7d9hTs, exact over 44 deals
hand     equity    win      tie
AcAd     95.4545%  95.4545% 0.0000%
KhKs      4.5455%   4.5455% 0.0000%
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["EquityResult", "PlayerEquity", "Progress", "TimeLimitError"]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result. Every figure is a probability (0..1) except ``wins``/``ties``,
    ``losses``, which count deals (weighted by range weights when ranges carry weights).

    ``equity``: expected share of the pot; ``win``: took the whole pot alone; ``tie``: took
    part of a split pot (a share of it, ``1/k`` among ``k`` tied hands: ``equity`` counts
    that share, so heads-up ``equity = win + tie / 2``). Split games also fill ``scoop``
    (the whole pot alone, equal to ``win``), ``high_win``/``high_tie`` (the high half alone
    / shared; each half is split among its own ties) and ``low_win``/``low_tie``
    (the low half; in Chicago, the ace-of-spades half). In other games the high figures
    equal ``win``/``tie`` and the low figures are 0. ``std_err``: standard error of
    ``equity`` (0 when exact).
    """

    hand: str
    equity: float
    win: float
    tie: float
    std_err: float
    scoop: float
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    wins: float
    ties: float
    losses: float


@dataclass(frozen=True)
class EquityResult:
    """The answer of :func:`pyeval.equity.equity`.

    ``samples``: deals enumerated (exact) or sampled (Monte Carlo); ``exact``: whether
    every deal was enumerated; ``hi_lo``: whether the pot splits in halves; ``acceptance``:
    share of range draws that fitted together (1 without overlapping ranges); ``stopped``:
    why a Monte Carlo run stopped (``"exact"``, ``"samples"``, ``"std_err"``,
    ``"time_limit"``).
    """

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    samples: int
    exact: bool
    hi_lo: bool
    seed: int | None
    threads: int
    elapsed: float
    acceptance: float = 1.0
    stopped: str = "exact"

    @property
    def equities(self) -> list[float]:
        """Each player's equity, in seat order."""
        return [p.equity for p in self.players]

    @property
    def std_err(self) -> float:
        """The largest standard error over the players (0 when exact)."""
        return max(p.std_err for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON)."""
        return asdict(self)

    def to_json(self, **kw: Any) -> str:
        """JSON text; a NaN or infinity is refused (JSON has none), never written."""
        return json.dumps(self.to_dict(), allow_nan=False, **kw)

    def table(self, digits: int = 4) -> str:
        """A text table of the results."""
        how = (f"exact over {self.samples:,} deals" if self.exact else
               f"Monte Carlo, {self.samples:,} deals, std err <= "
               f"{100 * self.std_err:.{digits}f}%")
        title = f"{self.game}, board {self.board or '-'}"
        if self.dead:
            title += f", dead {self.dead}"
        cols = ["equity", "win", "tie"]
        if self.hi_lo:
            cols = ["equity", "scoop", "high win", "high tie", "low win", "low tie"]
        if not self.exact:
            cols.insert(1, "+/-")

        def pct(x: float) -> str:
            return f"{100 * x:.{digits}f}%"

        rows = []
        for p in self.players:
            vals = {"equity": p.equity, "win": p.win, "tie": p.tie, "+/-": p.std_err,
                    "scoop": p.scoop, "high win": p.high_win, "high tie": p.high_tie,
                    "low win": p.low_win, "low tie": p.low_tie}
            rows.append([p.hand] + [pct(vals[c]) for c in cols])
        head = ["hand"] + cols
        widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
        lines = [f"{title}, {how}",
                 "  ".join(h.ljust(w) if i == 0 else h.rjust(w)
                           for i, (h, w) in enumerate(zip(head, widths)))]
        for r in rows:
            lines.append("  ".join(x.ljust(w) if i == 0 else x.rjust(w)
                                   for i, (x, w) in enumerate(zip(r, widths))))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


@dataclass(frozen=True)
class Progress:
    """Passed to a progress callback during a run: ``fraction`` done (an estimate for a
    standard-error target), deals so far, the running equities and standard error."""

    fraction: float
    samples: int
    equities: tuple[float, ...]
    std_err: float
    exact: bool


class TimeLimitError(ValueError):
    """An equity question that cannot be answered within its ``time_limit``: a forced
    exact enumeration (``exact=True``) estimated above it or outlasting it, a breakdown or
    runouts out of time, or ranges that fit together too rarely to deal in time."""
