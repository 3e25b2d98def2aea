"""Per-combination equity: how each combination of a range fares (win / tie / lose), for
hand against range and range against range, grouped by grid cell.

Heads-up, the breakdown is **exact**: every pair of holdings that share no card is a
fixed-hands question, answered exactly by :func:`pyeval.equity.equity`; pairs that a
permutation of the suits (keeping the board and dead cards) turns into one another have
the same answer and are computed once. Each combination's figures average over the other
player's holdings by their weights; the combination's own weight in the total (``reach``)
is its range weight times the weight of the holdings it can meet, so the weighted mean of
the combinations' equities is the range's equity. When that would be slow (or with
``exact=False``, or more than two players) each combination is a Monte Carlo run of its own
(``samples`` deals, the same ``seed`` for every combination) with its standard error.

"tie" is a share of a split pot: ``equity = win + (tie share)``; heads-up a tie is half
the pot, so ``equity = win + tie / 2``.

>>> b = breakdown(["AsKs", "QQ, AKo"])
>>> b.exact, len(b.players[1].combos), round(b.players[0].total.equity, 6)
(True, 12, 0.492703)
>>> c = b.players[1].cells()
>>> round(c["QQ"]["equity"], 4), round(c["AKo"]["equity"], 4)
(0.5395, 0.4751)
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pyeval._checks import check_threads
from pyeval.cards import format_card
from pyeval.equity.engine import (
    EXACT_MAX_COST,
    HandLike,
    Spot,
    TimeLimitError,
    _options,
    equity,
    exact_cost,
    make_spot,
)
from pyeval.equity.grid import LABELS, combo_cells, grid_html, grid_png
from pyeval.equity.omaha_analysis import ClassEquity, omaha_breakdown
from pyeval.equity.omaha_equity import takes_ranges
from pyeval.equity.ranges import Range

__all__ = ["Breakdown", "ComboTotals", "PlayerBreakdown", "breakdown"]

#: heads-up exact breakdowns estimated above this cost (engine units, about a nanosecond
#: each) go to Monte Carlo when ``exact`` is None
AUTO_EXACT_COST = 4e9
#: Monte Carlo deals per combination by default
DEFAULT_SAMPLES = 50_000
#: hands with unknown cards ("Ah*") are broken down by Monte Carlo up to this many
#: holdings; a random hand (1,225 or more) is not broken down (its figures are empty)
MAX_UNKNOWN_HOLDINGS = 60
#: Python and dispatch overhead of one fixed-hands call, in the same units
_CALL_COST = 4e5


@dataclass(frozen=True)
class ComboTotals:
    """Weighted figures of a group of combinations (a cell, or the whole range)."""

    weight: float
    equity: float
    win: float
    tie: float
    lose: float


@dataclass(frozen=True)
class PlayerBreakdown:
    """One player's combinations and how each fares against the other hands.

    Arrays, one entry per combination: ``cards`` (M, 2), ``range_weight`` (as in the
    range), ``reach`` (share of the deals in which the player holds it: range weight times
    the weight of what it can meet; sums to 1), ``equity``, ``win``, ``tie``, ``lose``
    (probabilities; ``tie`` = took part of a split pot) and ``std_err`` (0 when exact).
    """

    hand: str
    cards: np.ndarray
    range_weight: np.ndarray
    reach: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    lose: np.ndarray
    std_err: np.ndarray
    whole: ComboTotals | None = None    # the seat's totals when it is not broken down

    @property
    def combos(self) -> list[str]:
        return [format_card(int(a)) + format_card(int(b)) for a, b in self.cards]

    @property
    def cell(self) -> list[str]:
        """Grid cell label of each combination."""
        return [LABELS[c] for c in combo_cells(self._range())]

    def _range(self) -> Range:
        return Range(self.cards, self.reach if self.reach.sum() > 0 else self.range_weight)

    def _totals(self, sel: np.ndarray) -> ComboTotals:
        w = self.reach[sel]
        s = float(w.sum())
        if s <= 0:
            return ComboTotals(0.0, math.nan, math.nan, math.nan, math.nan)
        return ComboTotals(s, *(float((w * a[sel]).sum() / s)
                                for a in (self.equity, self.win, self.tie, self.lose)))

    @property
    def total(self) -> ComboTotals:
        """The whole hand or range (its equity against the others; for a random hand, not
        broken down, the equity of the seat)."""
        if len(self.reach) == 0 and self.whole is not None:
            return self.whole
        return self._totals(np.ones(len(self.reach), dtype=bool))

    def cells(self) -> dict[str, dict[str, float]]:
        """Cell label -> weight (share of reach), equity, win, tie, lose; grid order."""
        cells = np.array(combo_cells(self._range()))
        out = {}
        for c in sorted(set(cells.tolist())):
            t = self._totals(cells == c)
            if t.weight <= 0:
                continue                    # its combinations meet no deal
            out[LABELS[c]] = {"weight": t.weight, "equity": t.equity, "win": t.win,
                              "tie": t.tie, "lose": t.lose}
        return out

    def grid(self) -> np.ndarray:
        """13x13 equity by cell (NaN where the range has no combination)."""
        g = np.full((13, 13), np.nan)
        for lab, v in self.cells().items():
            i = LABELS.index(lab)
            g[i // 13, i % 13] = v["equity"]
        return g

    def grid_text(self) -> str:
        """The grid of each cell's equity in percent (``.`` where the range has none),
        under the column ranks, each row after its rank."""
        from pyeval.equity.grid import labelled
        g = self.grid()
        return labelled([["." if x != x else f"{100 * x:.0f}" for x in row] for row in g], 3)

    def to_html(self, title: str = "") -> str:
        return grid_html(self._range(), self.equity, title or f"{self.hand}: equity")

    def heatmap(self, path: str, title: str = "") -> str:
        return grid_png(self._range(), path, self.equity, title or f"{self.hand}: equity")

    def to_dict(self) -> dict[str, Any]:
        t = self.total.__dict__ if len(self.reach) else None     # None: not broken down
        return {"hand": self.hand, "total": t, "cells": self.cells(),
                "combos": [{"combo": c, "cell": cl, "range_weight": float(rw),
                            "reach": float(r), "equity": float(e), "win": float(w),
                            "tie": float(ti), "lose": float(lo), "std_err": float(se)}
                           for c, cl, rw, r, e, w, ti, lo, se in zip(
                               self.combos, self.cell, self.range_weight, self.reach,
                               self.equity, self.win, self.tie, self.lose, self.std_err)]}

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per combination (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise RuntimeError("to_frame() needs pandas, which is not installed (the arrays "
                               "and to_dict() need nothing)") from None
        return pd.DataFrame({"combo": self.combos, "cell": self.cell,
                             "range_weight": self.range_weight, "reach": self.reach,
                             "equity": self.equity, "win": self.win, "tie": self.tie,
                             "lose": self.lose, "std_err": self.std_err})


@dataclass(frozen=True)
class Breakdown:
    """Every player's :class:`PlayerBreakdown`; ``exact`` says how it was computed,
    ``runs`` how many fixed-hands (exact) or per-combination (Monte Carlo) runs it took."""

    game: str
    board: str
    dead: str
    exact: bool
    players: tuple[PlayerBreakdown, ...]
    runs: int
    seed: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "board": self.board, "dead": self.dead,
                "exact": self.exact, "runs": self.runs, "seed": self.seed,
                "players": [p.to_dict() for p in self.players]}

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), allow_nan=False, **kw)

    def table(self, player: int = 1) -> str:
        """A text table of one player's cells (hand numbers start at 1)."""
        p = self.players[player - 1]
        if len(p.combos) == 0:
            return f"hand {player} {p.hand!r}: not broken down (a random hand)"
        t = p.total
        how = "exact" if self.exact else "Monte Carlo"
        lines = [f"{self.game}, board {self.board or '-'}, {how}: hand {player} {p.hand!r} "
                 f"{100 * t.equity:.4f}%",
                 f"{'cell':<5} {'combos':>6} {'weight':>8} {'equity':>9} {'win':>9} "
                 f"{'tie':>9} {'lose':>9}"]
        cells = np.array(combo_cells(p._range()))
        for lab, v in p.cells().items():
            n = int((cells == LABELS.index(lab)).sum())
            lines.append(f"{lab:<5} {n:>6} {100 * v['weight']:7.2f}% {100 * v['equity']:8.4f}% "
                         f"{100 * v['win']:8.4f}% {100 * v['tie']:8.4f}% "
                         f"{100 * v['lose']:8.4f}%")
        return "\n".join(lines)


def _holdings(spot: Spot, i: int) -> tuple[np.ndarray, np.ndarray]:
    """A seat's possible two-card holdings and their weights."""
    p = spot.players[i]
    if p.rng is not None:
        return p.rng.cards.astype(np.int64), p.rng.weights.astype(np.float64)
    known = [c for c in p.slots if c is not None]
    others = 0
    for j, q in enumerate(spot.players):
        if j != i:
            for c in q.slots:
                if c is not None:
                    others |= 1 << c
    deck = [c for c in spot.deck if not others >> c & 1]
    if len(known) == 2:
        rows = [sorted(known, reverse=True)]
    elif len(known) == 1:
        rows = [sorted((known[0], c), reverse=True) for c in deck]
    else:
        rows = [[a, b] for a in deck for b in deck if a > b]
    return np.array(rows, dtype=np.int64).reshape(-1, 2), np.ones(len(rows))


def _suit_perms(spot: Spot) -> np.ndarray:
    """Card maps (G, 52) of the suit permutations that keep the board and the dead cards."""
    import itertools
    fixed = [set(spot.board), set(spot.dead)]
    out = []
    for perm in itertools.permutations(range(4)):
        m = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.int64)
        if all({int(m[c]) for c in s} == s for s in fixed):
            out.append(m)
    return np.array(out)


def _cidx(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return hi * (hi - 1) // 2 + lo


def _text(c: np.ndarray) -> str:
    return format_card(int(c[0])) + format_card(int(c[1]))


def _pairwise(spot: Spot, game: str, hands: list[str], board: Any, dead: Any, A: np.ndarray,
              wa: np.ndarray, B: np.ndarray, wb: np.ndarray,
              plan: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
              deadline: float | None = None) -> tuple[list[PlayerBreakdown], int]:
    ia, ib, rep, inv = plan
    vals = np.zeros((len(rep), 4))          # win0, tie0, eq0, eq1 ... per orbit
    for k, p in enumerate(rep.tolist()):
        _on_time(deadline, k, len(rep))
        try:
            r = equity(game, [_text(A[ia[p]]), _text(B[ib[p]])], board, dead, exact=True,
                       threads=1, time_limit=_left(deadline))
        except TimeLimitError:
            _on_time(0.0, k, len(rep))              # the breakdown's own message
            raise
        a, b = r.players
        vals[k] = (a.win, a.tie, a.equity, b.win)
    v = vals[inv]
    out = []
    for who, (idx, w_self, M, w_other) in enumerate(((ia, wa, len(A), wb[ib]),
                                                     (ib, wb, len(B), wa[ia]))):
        win = v[:, 0] if who == 0 else v[:, 3]
        tie = v[:, 1]
        eq = v[:, 2] if who == 0 else 1.0 - v[:, 2]
        meet = np.bincount(idx, weights=w_other, minlength=M)
        safe = np.where(meet > 0, meet, 1.0)

        def avg(x: np.ndarray, idx: np.ndarray = idx, w: np.ndarray = w_other,
                m: int = M, s: np.ndarray = safe) -> np.ndarray:
            return np.bincount(idx, weights=w * x, minlength=m) / s

        reach = w_self * meet
        e, wn, ti = avg(eq), avg(win), avg(tie)
        cards = A if who == 0 else B
        out.append(PlayerBreakdown(hands[who], cards.astype(np.uint8), w_self.copy(),
                                   reach / reach.sum(), e, wn, ti, 1.0 - wn - ti,
                                   np.zeros(M)))
    return out, len(rep)


def _plan(spot: Spot, A: np.ndarray,
          B: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pairs of holdings that share no card, and one representative per suit orbit."""
    ma = (1 << A[:, 0]) | (1 << A[:, 1])
    mb = (1 << B[:, 0]) | (1 << B[:, 1])
    ia, ib = np.nonzero((ma[:, None] & mb[None, :]) == 0)
    perms = _suit_perms(spot)
    key = None
    for m in perms:
        k = _cidx(m[A[ia, 0]], m[A[ia, 1]]) * 1326 + _cidx(m[B[ib, 0]], m[B[ib, 1]])
        key = k if key is None else np.minimum(key, k)
    assert key is not None
    _, rep, inv = np.unique(key, return_index=True, return_inverse=True)
    return ia, ib, rep, inv.reshape(-1)


def _on_time(deadline: float | None, done: int, runs: int) -> None:
    """Raises TimeLimitError when the clock has passed ``deadline``."""
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeLimitError(f"the breakdown ran out of its time_limit after {done:,} of "
                             f"{runs:,} runs; give a longer time_limit, fewer samples or "
                             f"narrower ranges")


def _left(deadline: float | None) -> float | None:
    """The seconds left before ``deadline`` (at least a millisecond), or None."""
    return None if deadline is None else max(deadline - time.perf_counter(), 1e-3)


def _with_wholes(players: list[PlayerBreakdown], game: str, hands: list[str], board: Any,
                 dead: Any, samples: int, seed: int,
                 threads: int | None) -> list[PlayerBreakdown]:
    """The seats not broken down (random hands) with their totals, from one run of the
    whole spot (the same samples and seed)."""
    if all(len(p.reach) for p in players):
        return players
    r = equity(game, hands, board, dead, exact=False, samples=samples, seed=seed,
               threads=threads)
    out = []
    for p, e in zip(players, r.players):
        if len(p.reach) == 0:
            p = replace(p, whole=ComboTotals(1.0, e.equity, e.win, e.tie,
                                             1.0 - e.win - e.tie))
        out.append(p)
    return out


def _monte_carlo(spot: Spot, game: str, hands: list[str], board: Any, dead: Any,
                 samples: int, seed: int, threads: int | None,
                 deadline: float | None = None) -> tuple[list[PlayerBreakdown], int]:
    out, runs = [], 0
    P = len(hands)
    hold = [_holdings(spot, i) for i in range(P)]
    for i in range(P):
        H, w = hold[i]
        if spot.players[i].rng is None and len(H) > MAX_UNKNOWN_HOLDINGS:
            H, w = H[:0], w[:0]             # a random hand: not broken down
        M = len(H)
        res = np.zeros((M, 4))
        reach = np.zeros(M)
        for k in range(M):
            _on_time(deadline, runs, sum(len(h[0]) for h in hold))
            hs = list(hands)
            hs[i] = _text(H[k])
            try:
                r = equity(game, hs, board, dead, exact=False, samples=samples, seed=seed,
                           threads=threads, time_limit=_left(deadline))
            except TimeLimitError:
                _on_time(0.0, runs, sum(len(h[0]) for h in hold))  # the breakdown's message
                raise
            except ValueError:
                continue                    # this combination can meet no deal
            if r.stopped == "time_limit":
                _on_time(0.0, runs, sum(len(h[0]) for h in hold))
            runs += 1
            p = r.players[i]
            res[k] = (p.equity, p.win, p.tie, p.std_err)
            reach[k] = w[k] * _meet_weight(hold, i, H[k])
        out.append(PlayerBreakdown(hands[i], H.astype(np.uint8).reshape(-1, 2), w.copy(),
                                   reach / (reach.sum() or 1.0), res[:, 0], res[:, 1], res[:, 2],
                                   1.0 - res[:, 1] - res[:, 2], res[:, 3]))
    return out, runs


def _meet_weight(hold: list[tuple[np.ndarray, np.ndarray]], i: int, c: np.ndarray,
                 budget: int = 2_000_000) -> float:
    """Total weight of the other seats' holdings that fit with ``c`` (and each other)."""
    used0 = (1 << int(c[0])) | (1 << int(c[1]))
    others = [hold[j] for j in range(len(hold)) if j != i]
    masks = [((1 << H[:, 0]) | (1 << H[:, 1]), w) for H, w in others]
    if len(masks) == 1:
        m, w = masks[0]
        return float(w[(m & used0) == 0].sum())
    if len(masks) == 2:                     # pairs of holdings, as one matrix product
        (m1, w1), (m2, w2) = masks
        k1, k2 = (m1 & used0) == 0, (m2 & used0) == 0
        fit = (m1[k1][:, None] & m2[k2][None, :]) == 0
        return float(w1[k1] @ fit @ w2[k2])
    nodes = 0

    def walk(k: int, used: int) -> float:
        nonlocal nodes
        if k == len(masks):
            return 1.0
        m, w = masks[k]
        tot = 0.0
        for mm, ww in zip(m.tolist(), w.tolist()):
            nodes += 1
            if nodes > budget:
                raise ValueError("per-combination breakdown: too many combinations of "
                                 "the other players' ranges to weigh exactly; give fewer "
                                 "players ranges")
            if not mm & used:
                tot += ww * walk(k + 1, used | mm)
        return tot

    return walk(0, used0)


def breakdown(hands: Sequence[HandLike], board: HandLike = "", dead: HandLike = "", *,
              game: str = "holdem", exact: bool | None = None, samples: int | None = None,
              seed: int = 0, threads: int | None = None,
              time_limit: float | None = None) -> Breakdown | list[list[ClassEquity]]:
    """Each player's per-combination equities (see the module docstring).

    ``exact``: None = exact heads-up when its estimated cost is small, True = exact
    (heads-up only), False = Monte Carlo, ``samples`` deals per combination (default
    50,000, at least 100) with ``seed``. ``time_limit`` (seconds) bounds the whole call: a
    breakdown estimated to take longer is refused up front, one that runs out of time
    raises :class:`~pyeval.equity.engine.TimeLimitError`.
    Omaha ranges give each player's equity by hand class
    (:func:`pyeval.equity.omaha_analysis.omaha_breakdown`).
    """
    _options(samples, None, time_limit, seed, exact, None)
    if threads is not None:
        check_threads(threads)
    deadline = None if time_limit is None else time.perf_counter() + float(time_limit)
    if takes_ranges(game, hands):                # Omaha ranges (issue 37)
        return omaha_breakdown(hands, board, dead, game=game, exact=exact, samples=samples,
                               seed=seed, threads=threads, time_limit=time_limit)
    spot = make_spot(game, hands, board, dead)
    g = spot.game
    if not g.ranges_allowed:
        raise ValueError(f"per-combination breakdowns are for two-card hold'em games, not "
                         f"{g.name}")
    texts = [p.text for p in spot.players]
    P = len(texts)
    if exact and P != 2:
        raise ValueError("exact per-combination breakdowns are heads-up only; use "
                         "exact=False (Monte Carlo) with more players")
    bs = [format_card(c) for c in spot.board]
    ds = [format_card(c) for c in spot.dead]
    board_t, dead_t = " ".join(bs), " ".join(ds)
    if P == 2 and exact is not False:
        (A, wa), (B, wb) = _holdings(spot, 0), _holdings(spot, 1)
        plan = _plan(spot, A, B)
        one = make_spot(game, [_text(A[plan[0][0]]), _text(B[plan[1][0]])], board, dead)
        cost = len(plan[2]) * (exact_cost(one) + _CALL_COST)
        if exact and cost > EXACT_MAX_COST:
            raise ValueError(f"an exact breakdown of this spot would take hours ({len(plan[2]):,} "
                             f"fixed-hands runs); use exact=False (Monte Carlo)")
        fits = time_limit is None or cost <= float(time_limit) * 1e9
        if exact and not fits:
            raise TimeLimitError(f"an exact breakdown of this spot would take about "
                                 f"{cost / 1e9:.2g} s ({len(plan[2]):,} fixed-hands runs), "
                                 f"more than time_limit={time_limit:g} s; use exact=False "
                                 f"(Monte Carlo) or a longer time_limit")
        if exact or (cost <= AUTO_EXACT_COST and fits):
            players, runs = _pairwise(spot, game, texts, board_t, dead_t, A, wa, B, wb, plan,
                                      deadline)
            return Breakdown(g.name, "".join(bs), "".join(ds), True, tuple(players), runs,
                             None)
    n = DEFAULT_SAMPLES if samples is None else int(samples)
    players, runs = _monte_carlo(spot, game, texts, board_t, dead_t, n, int(seed), threads,
                                 deadline)
    players = _with_wholes(players, game, texts, board_t, dead_t, n, int(seed), threads)
    return Breakdown(g.name, "".join(bs), "".join(ds), False, tuple(players), runs, seed)
