"""Hit frequencies (Flopzilla's question): how often a range makes each hand, and each
draw, on a given board or over every flop, per combination and in total, exactly.

Each combination gets one **made hand** (the best five of its two cards and the board,
refined by how the hole cards take part):

====================  =================================================================
straight flush ...    the categories of the evaluator: straight flush, quads, full house,
straight              flush, straight
set                   a pocket pair with one of its rank on the board
trips                 one hole card with a pair of its rank on the board
board trips           three of a kind on the board alone
two pair              any two pair (a pocket pair and a paired board included)
overpair              a pocket pair above every board card
pocket pair below     a pocket pair below the top board card
top pair              a hole card pairs the highest board rank
second pair           a hole card pairs the second-highest board rank
weak pair             a hole card pairs a lower board rank
board pair            one pair, on the board alone
high card             nothing of the above
====================  =================================================================

and, with a flop or a turn, any of these **draws** (hands below a flush for a flush
draw, below a straight for straight draws):

- **flush draw**: four cards of a suit, at least one of them a hole card;
- **open-ender**: two or more ranks would give a straight that beats the board's
  own (an open-ended straight draw or a double gutshot: 8 outs);
- **gutshot**: exactly one such rank (4 outs);
- **combo draw**: a flush draw and a straight draw.

Over every flop (``board=None``) each combination is dealt each of the 19,600 flops of the
other 50 cards (fewer with dead cards), all equally likely.

>>> h = hits("JTs", board="9s 8s 2d")
>>> h.total["flush draw"], h.total["open-ender"], h.total["combo draw"]
(0.25, 1.0, 0.25)
>>> h.total["straight"]
0.0
"""
from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyeval.cards import cards as _cards
from pyeval.cards import format_card
from pyeval.equity.grid import CELL_OF_COMBO, LABELS
from pyeval.equity.omaha_analysis import OmahaHits, _Clock, hits_game_is_omaha, omaha_hits
from pyeval.equity.omaha_ranges import OmahaRange
from pyeval.equity.ranges import Range, combo_index, parse_range
from pyeval.evaluate import high_batch

__all__ = ["DRAWS", "MADE", "Hits", "hits"]

MADE = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips",
        "board trips", "two pair", "overpair", "pocket pair below", "top pair",
        "second pair", "weak pair", "board pair", "high card")
DRAWS = ("flush draw", "open-ender", "gutshot", "combo draw")
_M = {name: i for i, name in enumerate(MADE)}


def _straight_table() -> np.ndarray:
    """Highest straight (rank of its top card) in a 13-bit rank mask, -1 if none."""
    t = np.full(1 << 13, -1, dtype=np.int8)
    wins = [(top, sum(1 << r for r in range(top - 4, top + 1))) for top in range(4, 13)]
    wins.append((3, 0b1000000001111))                      # A-2-3-4-5, five high
    for m in range(1 << 13):
        for top, w in wins:
            if m & w == w and top > t[m]:
                t[m] = top
    return t


_STRAIGHT = _straight_table()
_FLOPS: list[tuple[np.ndarray, np.ndarray]] = []


def _flops_without(cards: set[int]) -> np.ndarray:
    """The (N, 3) flops that use none of ``cards``."""
    if not _FLOPS:
        f = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
        m = (np.int64(1) << f).sum(axis=1)
        _FLOPS.append((f, m))
    f, m = _FLOPS[0]
    bad = sum(1 << c for c in cards)
    return f[(m & bad) == 0]


@dataclass(frozen=True)
class Hits:
    """``names`` = MADE + DRAWS (DRAWS only with a flop or a turn); ``freq`` (M, K): for
    each combination of ``range`` the share of its boards on which it hits each name;
    ``total``: the same over the range (weighted by the combinations' weights);
    ``boards``: boards per combination; ``count``: weighted (combination, board) counts."""

    range: Range
    board: str
    names: tuple[str, ...]
    freq: np.ndarray
    total: dict[str, float]
    count: dict[str, float]
    boards: int

    def per_combo(self) -> dict[str, dict[str, float]]:
        return {c: {n: float(f) for n, f in zip(self.names, row) if f > 0}
                for c, row in zip(self.range.combos, self.freq)}

    def cells(self) -> dict[str, dict[str, float]]:
        """Cell label -> each name's frequency over the cell's combinations."""
        idx = np.array([CELL_OF_COMBO[combo_index(int(a), int(b))]
                        for a, b in self.range.cards])
        out = {}
        for c in sorted(set(idx.tolist())):
            s = idx == c
            w = self.range.weights[s]
            out[LABELS[c]] = {n: float(v) for n, v in
                              zip(self.names, (w @ self.freq[s]) / w.sum())}
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"range": self.range.source, "board": self.board or None,
                "boards_per_combo": self.boards, "combos": len(self.range),
                "total": self.total, "count": self.count, "per_combo": self.per_combo()}

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), allow_nan=False, **kw)

    def table(self) -> str:
        where = f"board {self.board}" if self.board else "all flops"
        lines = [f"{self.range.source or 'range'}: {len(self.range):,} combinations, {where}"
                 f" ({self.boards:,} board{'s' * (self.boards != 1)} each)"]
        for n in self.names:
            if n == DRAWS[0]:
                lines.append("draws")
            lines.append(f"  {n:<18} {100 * self.total[n]:8.4f}%  "
                         f"({self.count[n]:,.6g} combo-boards)")
        return "\n".join(lines)


def _classify(hole: np.ndarray, boards: np.ndarray,
              draws: bool) -> tuple[np.ndarray, np.ndarray]:
    """(N,) made-hand index and (N, 4) draw flags for one hole (2,) on boards (N, k)."""
    N, k = boards.shape
    allc = np.hstack([np.broadcast_to(hole, (N, 2)), boards]).astype(np.uint8)
    cat = high_batch(allc, check=False).astype(np.int64) >> 12
    br = boards >> 2
    hr = hole >> 2
    made = np.full(N, _M["high card"], dtype=np.int64)
    top = br.max(axis=1)
    pocket = hr[0] == hr[1]
    on0 = np.zeros(N, dtype=np.int64)
    on1 = np.zeros(N, dtype=np.int64)
    bm = np.zeros(N, dtype=np.int64)
    for j in range(k):
        on0 += br[:, j] == hr[0]
        on1 += br[:, j] == hr[1]
        bm |= np.left_shift(1, br[:, j])
    for c, name in ((9, "straight flush"), (8, "quads"), (7, "full house"), (6, "flush"),
                    (5, "straight"), (3, "two pair")):
        made[cat == c] = _M[name]
    t = cat == 4
    if pocket:
        made[t & (on0 >= 1)] = _M["set"]
        made[t & (on0 == 0)] = _M["board trips"]
    else:
        trips = (on0 == 2) | (on1 == 2)
        made[t & trips] = _M["trips"]
        made[t & ~trips] = _M["board trips"]
    p = cat == 2
    if pocket:
        made[p & (hr[0] > top)] = _M["overpair"]
        made[p & (hr[0] < top)] = _M["pocket pair below"]
    else:
        paired = np.where(on0 >= 1, hr[0], np.where(on1 >= 1, hr[1], -1))
        second = np.where(br < top[:, None], br, -1).max(axis=1)
        made[p & (paired == -1)] = _M["board pair"]
        made[p & (paired >= 0) & (paired == top)] = _M["top pair"]
        made[p & (paired >= 0) & (paired != top) & (paired == second)] = _M["second pair"]
        made[p & (paired >= 0) & (paired != top) & (paired != second)] = _M["weak pair"]
    flags = np.zeros((N, 4), dtype=bool)
    if draws:
        bs = boards & 3
        fd = np.zeros(N, dtype=bool)
        for s in {int(hole[0]) & 3, int(hole[1]) & 3}:
            n_s = int((hole & 3 == s).sum()) + sum((bs[:, j] == s).astype(np.int64)
                                                   for j in range(k))
            fd |= n_s == 4
        fd &= cat <= 5
        hm = (1 << int(hr[0])) | (1 << int(hr[1]))
        outs = np.zeros(N, dtype=np.int64)
        for r in range(13):
            with_r = _STRAIGHT[(bm | hm) | (1 << r)]
            board_r = _STRAIGHT[bm | (1 << r)]
            outs += (with_r >= 0) & (with_r > board_r) & (((bm | hm) >> r & 1) == 0)
        sd = cat <= 4
        oe = sd & (outs >= 2)
        gs = sd & (outs == 1)
        flags[:, 0], flags[:, 1], flags[:, 2] = fd, oe, gs
        flags[:, 3] = fd & (oe | gs)
    return made, flags


def hits(range_: str | Range | OmahaRange, board: str | Sequence[int] | None = None,
         dead: str | Sequence[int] = "", *, game: str = "holdem",
         time_limit: float | None = None) -> Hits | OmahaHits:
    """Hit frequencies of a range on ``board`` (3, 4 or 5 cards) or, with ``board=None``,
    over every flop. An Omaha ``game`` (a board needed):
    :func:`pyeval.equity.omaha_analysis.omaha_hits`. Past ``time_limit`` seconds either
    stops with :class:`~pyeval.equity.result.TimeLimitError` (the clock is looked at
    before each combination, each next card in Omaha)."""
    if hits_game_is_omaha(game):                 # Omaha ranges (issue 37)
        return omaha_hits(range_, "" if board is None else board, dead, game=game,
                          time_limit=time_limit)
    if isinstance(range_, OmahaRange):
        raise TypeError("an OmahaRange needs an Omaha game (game='omaha', 'omaha8', ...)")
    clock = _Clock(time_limit, "the hit frequencies")
    dm = _cards(dead, what="dead cards").tolist()
    bl = [] if board is None or board == "" else _cards(board, what="board").tolist()
    if board is not None and board != "" and len(bl) not in (3, 4, 5):
        raise ValueError(f"board has {len(bl)} cards; give a flop (3), turn (4) or river "
                         f"(5), or none for every flop")
    both = sorted(set(dm) & set(bl))
    if both:
        raise ValueError(f"card {format_card(both[0])!r} is both on the board and in the dead "
                         f"cards: a card is dealt once")
    blocked = set(dm) | set(bl)
    if not isinstance(range_, (str, Range)):
        raise TypeError(f"the range is text ('QQ+, AKs') or a Range, not "
                        f"{type(range_).__name__}")
    r = parse_range(range_) if isinstance(range_, str) else range_
    r = r.without(sum(1 << c for c in blocked))
    if len(r) == 0:
        raise ValueError("the range holds no combination without the board and dead cards")
    draws = not bl or len(bl) < 5
    names = MADE + (DRAWS if draws else ())
    K = len(names)
    freq = np.zeros((len(r), K))
    if bl:
        boards = np.array([bl], dtype=np.int64)
        nb = 1
        for k, (a, b) in enumerate(r.cards.tolist()):
            clock.left()
            made, fl = _classify(np.array([a, b]), boards, draws)
            freq[k, made[0]] = 1.0
            freq[k, len(MADE):] = fl[0][:K - len(MADE)]
    else:
        cache: dict[int, np.ndarray] = {}
        nb = 0
        for k, (a, b) in enumerate(r.cards.tolist()):
            cell = int(CELL_OF_COMBO[combo_index(a, b)])
            key = cell if not dm else -1
            if key in cache:
                freq[k] = cache[key]
                continue
            clock.left()
            fl3 = _flops_without(blocked | {a, b})
            nb = len(fl3)
            made, flags = _classify(np.array([a, b]), fl3, True)
            row = np.zeros(K)
            row[:len(MADE)] = np.bincount(made, minlength=len(MADE)) / nb
            row[len(MADE):] = flags.mean(axis=0)
            freq[k] = row
            if key >= 0:
                cache[key] = row
        if nb == 0:
            nb = 19_600 if not dm else nb
    w = r.weights
    tot = (w @ freq) / w.sum()
    count = (w @ freq) * nb
    return Hits(r, "".join(format_card(c) for c in bl), names, freq,
                {n: float(x) for n, x in zip(names, tot)},
                {n: float(x) for n, x in zip(names, count)}, nb)
