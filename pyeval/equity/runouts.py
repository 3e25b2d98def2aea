"""Runouts: what the next board card does to the equities (the turn given a flop, the river
given a turn), each card's probability, who it helps, and the outs of the players behind.

Every next card is an exact equity run (:func:`pyeval.equity.equity` with the card added to
the board). A card's probability is the share of the deals in which it comes: uniform over
the unseen cards for known hands; with ranges, in proportion to the weight of the holdings
it does not block. So the probability-weighted mean of the cards' equities is the equity
before the card, exactly (``Runouts.check``: the largest difference, rounding only).

"Outs" of a player: the cards after which that player has the strictly highest equity
(heads-up on the river: wins the pot), counted for each player who did not have it before.

>>> r = runouts(["AhKh", "QsQd"], board="Ks 7d 2c")
>>> len(r.cards), r.check < 1e-12, [round(e, 6) for e in r.before]
(45, True, [0.912121, 0.087879])
>>> r.outs[1]
['Qc', 'Qh']
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyeval._checks import check_seconds
from pyeval.cards import format_card
from pyeval.equity.engine import (
    EXACT_MAX_COST,
    HandLike,
    TimeLimitError,
    equity,
    exact_cost,
    make_spot,
)
from pyeval.equity.omaha_analysis import OmahaRunouts, omaha_runouts
from pyeval.equity.omaha_equity import takes_ranges

__all__ = ["Runouts", "runouts"]


@dataclass(frozen=True)
class Runouts:
    """One row per possible next card: ``cards`` (text), ``prob``, ``equity`` (N, P),
    ``win`` and ``tie`` (N, P); ``before`` = each player's equity before the card;
    ``outs[i]`` the cards after which player i leads alone and did not before;
    ``helps[i]`` the cards that raise player i's equity; ``check`` the largest gap between
    ``before`` and the probability-weighted mean of the rows (0 up to rounding)."""

    game: str
    board: str
    hands: tuple[str, ...]
    cards: tuple[str, ...]
    prob: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    before: tuple[float, ...]
    outs: tuple[list[str], ...]
    helps: tuple[list[str], ...]
    check: float

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "board": self.board, "hands": list(self.hands),
                "before": list(self.before), "check": self.check,
                "outs": {str(i + 1): o for i, o in enumerate(self.outs)},
                "helps": {str(i + 1): h for i, h in enumerate(self.helps)},
                "cards": [{"card": c, "prob": float(p),
                           "equity": e.tolist(), "win": w.tolist(), "tie": t.tolist()}
                          for c, p, e, w, t in zip(self.cards, self.prob, self.equity,
                                                   self.win, self.tie)]}

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), allow_nan=False, **kw)

    def table(self) -> str:
        """Cards sorted by the first player's equity, then the outs (hands numbered from 1)."""
        P = len(self.hands)
        head = f"{self.game}, board {self.board}: equity by next card"
        cols = "card    prob  " + "  ".join(f"{h[:10]:>10}" for h in self.hands)
        lines = [head, cols]
        order = np.argsort(-self.equity[:, 0], kind="stable")
        for k in order.tolist():
            lines.append(f"{self.cards[k]:<4} {100 * self.prob[k]:6.2f}%  " + "  ".join(
                f"{100 * self.equity[k, i]:9.4f}%" for i in range(P)))
        lines.append("before    " + "  ".join(f"{100 * e:9.4f}%" for e in self.before))
        for i in range(P):
            helped = float(sum(self.prob[self.cards.index(c)] for c in self.helps[i]))
            lines.append(f"hand {i + 1} {self.hands[i]!r}: helped by {len(self.helps[i])} "
                         f"cards ({100 * helped:.2f}% of runouts)")
        for i in range(P):
            if self.outs[i]:
                lines.append(f"hand {i + 1} {self.hands[i]!r}: {len(self.outs[i])} outs: "
                             + " ".join(self.outs[i]))
        return "\n".join(lines)


def _card_weights(spot: Any, live: list[int],
                  on_time: Callable[[], Any] = lambda: None) -> np.ndarray:
    """Weight of the deals in which each live card comes next (relative); ``on_time`` is
    called before each card (it raises when the time is up)."""
    from pyeval.equity.breakdown import _holdings, _meet_weight
    ranged = [i for i, p in enumerate(spot.players) if p.rng is not None]
    if not ranged:
        return np.ones(len(live))
    hold = [_holdings(spot, i) for i in ranged]
    out = np.zeros(len(live))
    for k, c in enumerate(live):
        on_time()
        # the next card c acts as one more fixed holding that blocks what uses it
        fake = (np.array([[c, c]]), np.ones(1))
        out[k] = _meet_weight(hold + [fake], len(hold), np.array([c, c]))
    return out


def runouts(hands: Sequence[HandLike], board: HandLike, dead: HandLike = "", *,
            game: str = "holdem", time_limit: float | None = None) -> Runouts | OmahaRunouts:
    """Equity by next card; ``board`` is a flop (3 cards) or a turn (4). Every figure is
    exact: a spot whose enumeration is estimated above ``time_limit`` seconds (or, without
    one, above the exact engine's limit) is refused up front, and one that runs out of
    time raises :class:`~pyeval.equity.engine.TimeLimitError`. Omaha ranges:
    :func:`pyeval.equity.omaha_analysis.omaha_runouts`."""
    if time_limit is not None:
        check_seconds(time_limit, "time_limit")
    t0 = time.perf_counter()
    if takes_ranges(game, hands):                # Omaha ranges (issue 37)
        return omaha_runouts(hands, board, dead, game=game, time_limit=time_limit)
    spot = make_spot(game, hands, board, dead)
    g = spot.game
    if g.board != 5 or len(spot.board) not in (3, 4):
        raise ValueError(f"runouts need a flop or a turn in a board game (the board has "
                         f"{len(spot.board)} cards; {g.name} has a board of {g.board})")
    # every next card's enumeration together is about the enumeration before the card
    # again (each deal once more, as a card fewer to come): twice the cost in all
    cost = 2 * exact_cost(spot)
    budget = EXACT_MAX_COST if time_limit is None else min(EXACT_MAX_COST, time_limit * 1e9)
    if cost > budget:
        raise (ValueError if time_limit is None else TimeLimitError)(
            f"runouts of this spot would take about {cost / 1e9:,.2g} core-seconds of "
            f"exact enumeration, more than "
            f"{'the exact engine allows' if time_limit is None else f'time_limit={time_limit:g} s'}"
            f"; give narrower ranges, fewer players or a turn")
    deadline = None if time_limit is None else t0 + float(time_limit)

    def left() -> float | None:
        if deadline is None:
            return None
        if time.perf_counter() > deadline:
            raise TimeLimitError("")
        return max(deadline - time.perf_counter(), 1e-3)

    try:
        return _runouts(spot, hands, board, dead, game, left)
    except TimeLimitError:
        raise TimeLimitError(f"runouts ran out of time_limit={time_limit:g} s; give a "
                             f"longer one, narrower ranges or a turn") from None


def _runouts(spot: Any, hands: Sequence[HandLike], board: HandLike, dead: HandLike,
             game: str, left: Callable[[], float | None]) -> Runouts:
    """:func:`runouts` once checked; ``left()`` gives the seconds left (or raises)."""
    g = spot.game

    texts = [p.text for p in spot.players]
    bt = [format_card(c) for c in spot.board]
    dt = " ".join(format_card(c) for c in spot.dead)
    km = spot.known_mask
    live = [c for c in range(52) if not km >> c & 1]
    base = equity(game, list(hands), board, dead, exact=True, threads=1, time_limit=left())
    before = tuple(base.equities)
    P = len(texts)
    eq, win, tie = (np.zeros((len(live), P)) for _ in range(3))
    keep = []
    for k, c in enumerate(live):
        try:
            r = equity(game, list(hands), " ".join(bt + [format_card(c)]), dt, exact=True,
                       threads=1, time_limit=left())
        except TimeLimitError:
            raise
        except ValueError:
            continue                        # every holding uses this card
        keep.append(k)
        eq[k] = r.equities
        win[k] = [p.win for p in r.players]
        tie[k] = [p.tie for p in r.players]
    w = _card_weights(spot, live, left)
    mask = np.zeros(len(live), dtype=bool)
    mask[keep] = True
    w = np.where(mask, w, 0.0)
    prob = w / w.sum()
    sel = np.flatnonzero(prob > 0)
    eq, win, tie, prob = eq[sel], win[sel], tie[sel], prob[sel]
    names = tuple(format_card(live[k]) for k in sel.tolist())
    mean = prob @ eq
    check = float(np.max(np.abs(mean - np.array(before))))
    lead_before = [all(before[i] > before[j] for j in range(P) if j != i) for i in range(P)]
    outs, helps = [], []
    for i in range(P):
        leads = [all(eq[k, i] > eq[k, j] for j in range(P) if j != i) for k in range(len(sel))]
        outs.append([] if lead_before[i] else [names[k] for k in range(len(sel)) if leads[k]])
        helps.append([names[k] for k in range(len(sel)) if eq[k, i] > before[i] + 1e-12])
    return Runouts(g.name, "".join(bt), tuple(texts), names, prob, eq, win, tie, before,
                   tuple(outs), tuple(helps), check)
