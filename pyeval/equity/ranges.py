"""Starting-hand ranges for two-card games, in the notation players use.

A range is a comma-separated list of terms:

============  ===============================================================
``AhKh``      one combination (specific cards)
``AKs``       the 4 suited combinations; ``AKo`` the 12 offsuit; ``AK`` all 16
``QQ``        the 6 combinations of a pair
``QQ+``       QQ, KK, AA (a pair and every higher pair)
``A2s+``      A2s, A3s, ..., AKs (the kicker rises up to one below the top card)
``KTo+``      KTo, KJo, KQo (``KT+`` the same for suited and offsuit)
``22-55``     22, 33, 44, 55
``JTs-76s``   JTs, T9s, 98s, 87s, 76s (both cards step down together)
``A2s-A5s``   A2s, A3s, A4s, A5s (same top card, the kicker runs)
``JJ-``       JJ, TT, ..., 22 (a pair and every lower pair)
``A5s-``      A5s, A4s, A3s, A2s (the kicker falls to 2; ``K9-`` suited and offsuit)
``Ax``        every hand holding an ace: AA and A2-AK (198 combinations)
``Axs``       A2s-AKs (48); ``Axo`` A2o-AKo (144); ``Kx``, ``Txs``, ... the same
``top 10%``   a percentage of all hands (:mod:`pyeval.equity.percent`): ``10-20%``,
              ``top 10% vs3``, ``top 10% ps`` (PokerStove's order)
``random``    every two-card hand (also ``any``, ``**``)
============  ===============================================================

Weights: ``0.5(QQ+, AKs)`` gives every combination inside the brackets weight 0.5 (a
relative frequency, usually 0 < w <= 1; brackets nest and weights multiply), and
``AKs:0.5`` weights a single term. A combination listed more than once keeps the weight of
its **last** mention, so ``QQ+, 0.25(AA)`` plays aces a quarter as often as queens.

Ranks are ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` (any case); the suffix ``s``/``o``
is lower or upper case.

>>> r = parse_range("QQ+, AKs")
>>> len(r), r.total_weight
(22, 22.0)
>>> len(parse_range("JTs-76s")), len(parse_range("KTo+")), len(parse_range("random"))
(20, 36, 1326)
>>> len(parse_range("JJ-")), len(parse_range("Ax")), len(parse_range("Axs")), len(parse_range("Kxo"))
(60, 198, 48, 144)
>>> parse_range("0.5(AA), KK").weights.tolist()[:2]
[0.5, 0.5]
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from pyeval.cards import RANDOM_WORDS, RANKS, format_card, tokens

__all__ = ["ALLOWED_RANGE", "COMBOS", "Range", "RangeError", "combo_index", "parse_range"]

ALLOWED_RANGE = ("a range is comma-separated terms such as QQ+, AKs, AKo, AK, JJ-, A2s+, "
                 "KTo+, 22-55, JTs-76s, Ax, Axs, top 10%, AhKh or random, with optional "
                 "weights 0.5(QQ+, AKs) or AKs:0.5")


#: the error of ranges no choice of hands from which is free of repeated cards
NO_JOINT_DEAL = ("the ranges cannot be dealt together: every choice of hands uses some card "
                 "twice")


def refuse_no_joint_deal(n_choices: int) -> None:
    """Raises ValueError (:data:`NO_JOINT_DEAL`) when a joint table of the players' ranges
    (every choice of one hand each without a repeated card) has ``n_choices`` == 0 rows.

    >>> refuse_no_joint_deal(3)
    >>> refuse_no_joint_deal(0)
    Traceback (most recent call last):
    ...
    ValueError: the ranges cannot be dealt together: every choice of hands uses some card twice
    """
    if n_choices == 0:
        raise ValueError(NO_JOINT_DEAL)


class RangeError(ValueError):
    """Bad range notation, or a range that no hand can satisfy."""


@dataclass(frozen=True)
class Range:
    """Weighted two-card combinations: ``cards`` is (M, 2) uint8 (higher card first),
    ``weights`` (M,) float64, all positive.

    >>> r = parse_range("AKs")
    >>> r.text(), len(r)
    ('AcKc, AdKd, AhKh, AsKs', 4)
    """

    cards: np.ndarray
    weights: np.ndarray
    source: str = ""

    def __post_init__(self) -> None:
        c = np.asarray(self.cards)
        w = np.asarray(self.weights, dtype=np.float64)
        if c.ndim != 2 or c.shape[1] != 2 or w.shape != (c.shape[0],):
            raise RangeError(f"a Range holds (M, 2) cards and M weights, not cards of shape "
                             f"{c.shape} and weights of shape {w.shape}")
        if len(w) and not (np.all(np.isfinite(w)) and np.all(w > 0)):
            raise RangeError("range weights must be finite and positive")
        if c.size and (c.dtype.kind not in "iu" or c.min() < 0 or c.max() > 51
                       or np.any(c[:, 0] == c[:, 1])):
            raise RangeError("a Range's cards are two different card numbers 0-51 per "
                             "combination (pyeval.card('As') is 51)")
        object.__setattr__(self, "cards", c.astype(np.uint8, copy=False))
        object.__setattr__(self, "weights", w)

    def __len__(self) -> int:
        return int(self.cards.shape[0])

    @property
    def total_weight(self) -> float:
        return float(self.weights.sum())

    @property
    def masks(self) -> np.ndarray:
        """64-bit card masks of the combinations."""
        c = self.cards.astype(np.uint64)
        return (np.uint64(1) << c[:, 0]) | (np.uint64(1) << c[:, 1])

    @property
    def uniform(self) -> bool:
        """True when every combination has the same weight."""
        return bool(len(self) == 0 or np.all(self.weights == self.weights[0]))

    def without(self, dead_mask: int) -> Range:
        """The combinations that use none of the cards of ``dead_mask``.

        >>> from pyeval import mask
        >>> len(parse_range("AA").without(mask("As")))
        3
        """
        keep = (self.masks & np.uint64(dead_mask)) == 0
        return Range(self.cards[keep], self.weights[keep], self.source)

    def normalised(self) -> Range:
        """The same range with its largest weight scaled to 1 (what the engine deals by:
        products and sums of such weights never overflow or underflow).

        >>> parse_range("1e-200(AA)").normalised().weights.tolist()[:2]
        [1.0, 1.0]
        """
        if len(self) == 0:
            return self
        return Range(self.cards, self.weights / self.weights.max(), self.source)

    @classmethod
    def parse(cls, text: str, dead: Iterable[int] | None = None) -> Range:
        """The same as :func:`parse_range` (``Range.parse("top 15%")``)."""
        return parse_range(text, dead)

    @classmethod
    def from_grid(cls, grid: Any) -> Range:
        """A range from a 13x13 grid: the text of :meth:`grid_text` or an array of cell
        weights (see :func:`pyeval.equity.grid.from_grid`)."""
        from pyeval.equity.grid import from_grid
        return from_grid(grid)

    def grid(self) -> np.ndarray:
        """13x13 cell weights: pairs on the diagonal, suited above, offsuit below, aces
        first (see :mod:`pyeval.equity.grid`).

        >>> parse_range("AKs, 0.5(AKo)").grid()[:2, :2].tolist()
        [[0.0, 1.0], [0.5, 0.0]]
        """
        from pyeval.equity.grid import grid_weights
        return grid_weights(self)

    def grid_text(self) -> str:
        """The grid as 13 lines of text (labels, ``.`` for empty, ``label:w`` partly)."""
        from pyeval.equity.grid import grid_text
        return grid_text(self)

    def to_html(self, values: Any = None, title: str = "") -> str:
        """The grid as an HTML table shaded by weight (or by ``values``, one per combo)."""
        from pyeval.equity.grid import grid_html
        return grid_html(self, values, title)

    def heatmap(self, path: str, values: Any = None, title: str = "") -> str:
        """The grid as a PNG heatmap (needs matplotlib)."""
        from pyeval.equity.grid import grid_png
        return grid_png(self, path, values, title)

    def cells(self) -> dict[str, float]:
        """Cell label -> weight, for the cells the range holds, best hands first in grid
        order.

        >>> parse_range("AA, AKs:0.5").cells()
        {'AA': 1.0, 'AKs': 0.5}
        """
        from pyeval.equity.grid import CELLS
        g = self.grid()
        return {CELLS[i][j]: float(g[i, j]) for i in range(13) for j in range(13)
                if g[i, j] > 0}

    @property
    def combos(self) -> list[str]:
        """The combinations as card text, in order (``['AhKh', ...]``)."""
        return [format_card(int(a)) + format_card(int(b)) for a, b in self.cards]

    def text(self) -> str:
        """The combinations as text (weights other than 1 shown as ``w(..)``)."""
        out = []
        for (a, b), w in zip(self.cards.tolist(), self.weights.tolist()):
            s = format_card(a) + format_card(b)
            out.append(s if w == 1.0 else f"{w:g}({s})")
        return ", ".join(out)


#: a range of every hand: the random words of the card tokenizer, or two unknown cards
_RANDOM = RANDOM_WORDS | {"**"}
#: longest range text read (longer text is refused before any work)
MAX_RANGE_CHARS = 100_000
#: deepest nesting of brackets
MAX_NESTING = 64
#: longest single term ("A2s-A5s", "top 12.5%", "AhKh:0.25" are far shorter)
MAX_TERM_CHARS = 64
#: the smallest weight a range may hold relative to its largest one
MIN_RELATIVE_WEIGHT = 1e-12
_RANK_OF = {**{r: i for i, r in enumerate(RANKS)},
            **{r.lower(): i for i, r in enumerate(RANKS) if r.isalpha()}}
_NUMBER = re.compile(r"[0-9]{0,20}\.?[0-9]{1,20}(?:[eE][-+]?[0-9]{1,4})?")
_ORDER_WORD = r"(?:\s*(vs[13]|ps|pokerstove))?"
_PERCENT = re.compile(r"(?:top\s*)?([0-9.]+)\s*%(?:\s*-\s*([0-9.]+)\s*%)?" + _ORDER_WORD,
                      re.IGNORECASE)
_PERCENT_SPAN = re.compile(r"([0-9.]+)\s*%?\s*-\s*([0-9.]+)\s*%" + _ORDER_WORD,
                           re.IGNORECASE)


def combo_index(a: int, b: int) -> int:
    """Index 0..1325 of the two-card combination {a, b} (the same for either order).

    >>> combo_index(1, 0), combo_index(51, 50)
    (0, 1325)
    """
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


#: the 1,326 two-card combinations by index, higher card first
COMBOS = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.uint8)


def _combo_id(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a > b else (b, a)


def _pair(r: int) -> list[tuple[int, int]]:
    cs = [4 * r + s for s in range(4)]
    return [_combo_id(cs[i], cs[j]) for i in range(4) for j in range(i + 1, 4)]


def _nonpair(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if kind == "s" and s1 != s2:
                continue
            if kind == "o" and s1 == s2:
                continue
            out.append((4 * hi + s1, 4 * lo + s2))
    return out


def _hand(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    return _pair(hi) if hi == lo else _nonpair(hi, lo, kind)


def _read_rank(tok: str, pos: int) -> tuple[int, int] | None:
    if tok.startswith("10", pos):
        return 8, pos + 2
    if pos < len(tok) and tok[pos] in _RANK_OF:
        return _RANK_OF[tok[pos]], pos + 1
    return None


def _parse_hand(tok: str, term: str) -> tuple[int, int, str]:
    """``'AKs' -> (12, 11, 's')``, ranks ordered high first (``A10s`` reads as ``ATs``)."""
    first = _read_rank(tok, 0)
    second = _read_rank(tok, first[1]) if first else None
    rest = tok[second[1]:] if second else None
    if first is None or second is None or rest not in ("", "s", "o", "S", "O"):
        raise RangeError(f"cannot read {_short(tok)!r} in range term {_short(term)!r}: "
                         f"{ALLOWED_RANGE}")
    a, b, kind = first[0], second[0], rest.lower()
    if a == b and kind:
        raise RangeError(f"{tok!r}: a pair is neither suited nor offsuit; write "
                         f"{RANKS[a] * 2!r}")
    return max(a, b), min(a, b), kind


def _short(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n - 3] + "..."


def _all_combos() -> list[tuple[int, int]]:
    return [(a, b) for a in range(52) for b in range(a)]


def _percent_term(t: str, default: str = "vs1") -> list[tuple[int, int]] | None:
    """Combinations of a percentage term (``top 10%``, ``10-20%``, ``5% vs3``), or None."""
    m = _PERCENT.fullmatch(t)
    lo_t: str | None
    if m is not None:
        lo_t, hi_t, order = (None, m.group(1), m.group(3)) if m.group(2) is None else \
            (m.group(1), m.group(2), m.group(3))
    else:
        m = _PERCENT_SPAN.fullmatch(t)
        if m is None:
            return None
        lo_t, hi_t, order = m.group(1), m.group(2), m.group(3)
    from pyeval.equity.percent import order_name, percent_combos

    def pct(x: str) -> float:
        if _NUMBER.fullmatch(x) is None:
            raise RangeError(f"cannot read the percentage {x!r} in {t!r}")
        return float(x)

    lo = 0.0 if lo_t is None else pct(lo_t)
    return percent_combos(lo, pct(hi_t), order_name(order or default))


def _term(term: str, order: str = "vs1") -> list[tuple[int, int]]:
    """Combinations of one term (no weights, no commas)."""
    t = term.strip()
    if len(t) > MAX_TERM_CHARS:
        raise RangeError(f"cannot read the term {_short(t)!r}: range terms are at most "
                         f"{MAX_TERM_CHARS} characters; {ALLOWED_RANGE}")
    if t.lower() in _RANDOM:
        return _all_combos()
    if "%" in t:
        got = _percent_term(t, order)
        if got is None:
            raise RangeError(f"cannot read the percentage term {t!r}: write 'top 10%', "
                             f"'10%', '10-20%' (optionally followed by an order: vs1, vs3 "
                             f"or ps)")
        return got
    try:
        cs = [c for c in tokens(t) if c is not None]
    except ValueError:
        cs = []
    if len(cs) == 2:
        a, b = cs
        if a == b:
            raise RangeError(f"range term {term!r} uses the card {format_card(a)!r} twice")
        return [_combo_id(a, b)]
    shorthand = _shorthand(t, term)
    if shorthand is not None:
        return shorthand
    if "-" in t:
        left, _, right = t.partition("-")
        h1, l1, k1 = _parse_hand(left.strip(), term)
        h2, l2, k2 = _parse_hand(right.strip(), term)
        if k1 != k2:
            raise RangeError(f"range term {term!r}: both ends must be of the same kind "
                             f"(suited, offsuit, pair or both)")
        if h1 == l1 and h2 == l2:                       # 22-55
            lo, hi = sorted((h1, h2))
            return [c for r in range(lo, hi + 1) for c in _pair(r)]
        if h1 == l1 or h2 == l2:
            raise RangeError(f"range term {term!r}: a pair cannot run to a non-pair")
        if h1 == h2:                                    # A2s-A5s
            lo, hi = sorted((l1, l2))
            return [c for k in range(lo, hi + 1) for c in _nonpair(h1, k, k1)]
        if h1 - l1 == h2 - l2:                          # JTs-76s
            lo, hi = sorted((l1, l2))
            gap = h1 - l1
            return [c for k in range(lo, hi + 1) for c in _nonpair(k + gap, k, k1)]
        raise RangeError(f"range term {term!r}: the two ends must share the top card "
                         f"(A2s-A5s) or the gap between the cards (JTs-76s)")
    plus = t.endswith("+")
    hi, lo, kind = _parse_hand(t[:-1] if plus else t, term)
    if not plus:
        return _hand(hi, lo, kind)
    if hi == lo:                                        # QQ+
        return [c for r in range(hi, 13) for c in _pair(r)]
    return [c for k in range(lo, hi) for c in _nonpair(hi, k, kind)]   # A2s+


def _shorthand(t: str, term: str) -> list[tuple[int, int]] | None:
    """Combinations of ``Ax``/``Axs``/``Axo`` (a rank with any card) and ``JJ-``/``A5s-``
    (a hand and every lower one, as ``+`` runs up), or None for another term."""
    first = _read_rank(t, 0)
    if first is not None and t[first[1]:first[1] + 1] in ("x", "X"):
        r, kind = first[0], t[first[1] + 1:].lower()
        if kind not in ("", "s", "o"):
            raise RangeError(f"cannot read {_short(t)!r} in range term {_short(term)!r}: "
                             f"{RANKS[r]}x is any hand holding a card of rank {RANKS[r]} "
                             f"({RANKS[r]}xs suited, {RANKS[r]}xo offsuit); no + or - "
                             f"follows it")
        pair = _pair(r) if kind == "" else []
        return pair + [c for k in range(13) if k != r
                       for c in _nonpair(max(r, k), min(r, k), kind)]
    if not t.endswith("-") or t.count("-") != 1:
        return None
    hi, lo, kind = _parse_hand(t[:-1].strip(), term)
    if hi == lo:                                        # JJ-: JJ down to 22
        return [c for r in range(hi, -1, -1) for c in _pair(r)]
    return [c for k in range(lo, -1, -1) for c in _nonpair(hi, k, kind)]   # A5s-: A5s..A2s


@lru_cache(maxsize=2048)
def _term_index(term: str, order: str = "vs1") -> np.ndarray:
    """Combination indices of one term, in the order the term lists them."""
    return np.array([combo_index(a, b) for a, b in _term(term, order)], dtype=np.int64)


def _weight(text: str, where: str) -> tuple[float, int]:
    """A written weight as (mantissa, exponent) of base 2."""
    t = text.strip()
    if _NUMBER.fullmatch(t) is None:
        raise RangeError(f"cannot read the weight {_short(t)!r} in {_short(where)!r}: a "
                         f"weight is a positive number such as 0.5 or 1e-3")
    w = float(t)
    if not w > 0 or not math.isfinite(w):
        raise RangeError(f"weight {t!r} in {_short(where)!r} must be a finite positive "
                         f"number (a relative frequency, usually 0 < w <= 1)")
    return math.frexp(w)


def _times(a: tuple[float, int], b: tuple[float, int]) -> tuple[float, int]:
    """Product of two (mantissa, exponent) weights: never overflows or underflows."""
    m, e = math.frexp(a[0] * b[0])
    return m, a[1] + b[1] + e


class _Collect:
    """Combinations met so far: weight as mantissa and exponent, and when last mentioned."""

    def __init__(self) -> None:
        self.mant = np.zeros(1326)
        self.expo = np.zeros(1326, dtype=np.int64)
        self.stamp = np.full(1326, -1, dtype=np.int64)
        self.clock = 0

    def put(self, term: str, w: tuple[float, int], order: str) -> None:
        idx = _term_index(term, order)
        self.mant[idx] = w[0]
        self.expo[idx] = w[1]
        self.stamp[idx] = self.clock + np.arange(len(idx))
        self.clock += len(idx)

    def weights(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(combination indices in the order of their last mention, weights): as written
        when the largest lies in [1e-100, 1], else scaled so that the largest is 1."""
        idx = np.flatnonzero(self.stamp >= 0)
        idx = idx[np.argsort(self.stamp[idx], kind="stable")]
        m, e = self.mant[idx], self.expo[idx]
        if len(idx) == 0:
            return idx, np.zeros(0)
        log2 = e + np.log2(m)
        top = int(np.argmax(log2))
        if log2.min() - log2[top] < math.log2(MIN_RELATIVE_WEIGHT):
            raise RangeError(f"the weights of range {_short(text)!r} differ by more than a "
                             f"factor of {1 / MIN_RELATIVE_WEIGHT:.0e}: weights are relative "
                             f"frequencies; drop the combinations that are (almost) never "
                             f"played")
        if log2[top] > 0 or log2[top] < math.log2(1e-100):
            w = np.ldexp(m, e - e[top]) / m[top]
        else:
            w = np.ldexp(m, e)
        return idx, w


def _parse(text: str, order: str = "vs1") -> tuple[np.ndarray, np.ndarray]:
    """Reads range text: its terms and weights (:func:`split_terms`), each term's
    combinations."""
    out = _Collect()
    for term, w in split_terms(text, "0.5(QQ+, AKs)"):
        out.put(term, w, order)
    return out.weights(text)


def split_terms(text: str, example: str) -> list[tuple[str, tuple[float, int]]]:
    """The terms of range text and their weights (mantissa, exponent), left to right, in
    one pass with a stack of bracket weights: ``w(...)`` brackets nest and multiply,
    ``term:w`` weights one term. The one reading of weights and brackets, hold'em's and
    Omaha's ranges alike; ``example`` shows a weight before brackets in the messages.

    >>> split_terms("AA, 0.5(KK, QQ:0.5)", "0.5(QQ+, AKs)")
    [('AA', (0.5, 1)), ('KK', (0.5, 0)), ('QQ', (0.5, -1))]
    """
    if len(text) > MAX_RANGE_CHARS:
        raise RangeError(f"the range text has {len(text):,} characters; at most "
                         f"{MAX_RANGE_CHARS:,} are read")
    out: list[tuple[str, tuple[float, int]]] = []
    stack: list[tuple[float, int]] = [(0.5, 1)]          # weight 1
    n, i = len(text), 0
    want_item = True                                      # after '(', ',' or at the start
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i == n:
            break
        ch = text[i]
        if ch == "(":
            if not want_item:
                raise RangeError(f"cannot read {_short(text[:i + 1])!r}: a comma is "
                                 f"missing before '(' (a weight goes before brackets, as in "
                                 f"{example})")
            stack.append(stack[-1])
        elif ch == ")":
            if len(stack) == 1:
                raise RangeError(f"unbalanced ')' in range {_short(text)!r}")
            if want_item:
                raise RangeError(f"empty term in range {_short(text)!r} (nothing before "
                                 f"')')")
            stack.pop()
        elif ch == ",":
            if want_item:
                raise RangeError(f"empty term in range {_short(text)!r} (two commas in a "
                                 f"row?)")
            want_item = True
        else:
            j = i
            while j < n and text[j] not in "(),":
                j += 1
            run = text[i:j]
            if not want_item:
                raise RangeError(f"cannot read {_short(run.strip())!r} after a bracket in "
                                 f"{_short(text)!r}: separate terms with commas")
            if j < n and text[j] == "(":                  # a weight before brackets
                if _NUMBER.fullmatch(run.strip()) is None:
                    raise RangeError(f"cannot read {_short(run.strip() + '(')!r}: a weight "
                                     f"goes before brackets, as in {example}")
                stack.append(_times(stack[-1], _weight(run, run + "(")))
                i = j
            else:
                term, w = run, stack[-1]
                if ":" in run:
                    term, _, wt = run.rpartition(":")
                    w = _times(w, _weight(wt, run))
                if not term.strip():
                    raise RangeError(f"empty term in range {_short(text)!r}")
                out.append((term.strip(), w))
                want_item = False
                i = j
                continue
        if len(stack) > MAX_NESTING + 1:
            raise RangeError(f"brackets nest more than {MAX_NESTING} deep in range "
                             f"{_short(text)!r}")
        i += 1
        want_item = ch != ")"
    if len(stack) > 1:
        raise RangeError(f"unbalanced '(' in range {_short(text)!r}")
    if want_item:
        raise RangeError(f"empty term in range {_short(text)!r} (a comma at the end?)")
    return out


def _dead_mask(dead: Iterable[int] | str | None) -> int:
    """The card mask of ``dead``: card numbers 0-51 or card text (``"As Kd"``)."""
    if dead is None:
        return 0
    if isinstance(dead, str):
        from pyeval.cards import cards as _cards
        return sum(1 << int(c) for c in set(_cards(dead, what="dead cards").tolist()))
    try:
        items = list(dead)
    except TypeError:
        raise TypeError(f"dead cards are card numbers 0-51 or card text, not "
                        f"{type(dead).__name__}") from None
    dm = 0
    for c in items:
        if not isinstance(c, (int, np.integer)) or isinstance(c, (bool, np.bool_)):
            raise TypeError(f"dead cards are card numbers 0-51 (pyeval.card('As') is 51) "
                            f"or card text, not {type(c).__name__}")
        if not 0 <= c <= 51:
            raise RangeError(f"dead cards are card numbers 0-51 (pyeval.card('As') is 51), "
                             f"not {c}"[:200])
        dm |= 1 << int(c)
    return dm


def parse_range(text: str, dead: Iterable[int] | str | None = None, order: str = "vs1") -> Range:
    """Parse range notation into weighted combinations (see the module docstring),
    leaving out combinations that use a card of ``dead``. ``order``: the pre-flop order of
    percentage terms that do not name one (``"vs1"``, ``"vs3"`` or ``"ps"``, PokerStove's;
    see :mod:`pyeval.equity.percent`).

    >>> len(parse_range("top 10%", order="ps")), len(parse_range("top 10% pokerstove"))
    (136, 136)

    >>> parse_range("AA", dead=[51]).text()
    'AdAc, AhAc, AhAd'
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ...
    pyeval.equity.ranges.RangeError: cannot read 'AKx' in range term 'AKx': a range is ...
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is text, not {type(text).__name__}: {ALLOWED_RANGE}")
    if not text.strip():
        raise RangeError(f"the range is empty: {ALLOWED_RANGE}")
    from pyeval.equity.percent import order_name
    order = order_name(order)
    dm = _dead_mask(dead)
    idx, weights = _parse(text, order)
    cards = COMBOS[idx]
    if dead is not None:
        keep = np.array([not (dm >> int(a) & 1 or dm >> int(b) & 1) for a, b in cards],
                        dtype=bool).reshape(-1)
        cards, weights = cards[keep], weights[keep]
    return Range(cards.reshape(-1, 2).copy(), weights, text)
