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
>>> parse_range("0.5(AA), KK").weights.tolist()[:2]
[0.5, 0.5]
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from pyeval.cards import RANKS, SUITS, format_card

__all__ = ["ALLOWED_RANGE", "Range", "RangeError", "is_range_text", "parse_range"]

ALLOWED_RANGE = ("a range is comma-separated terms such as QQ+, AKs, AKo, AK, A2s+, KTo+, "
                 "22-55, JTs-76s, AhKh or random, with optional weights 0.5(QQ+, AKs) or AKs:0.5")


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

    def text(self) -> str:
        """The combinations as text (weights other than 1 shown as ``w(..)``)."""
        out = []
        for (a, b), w in zip(self.cards.tolist(), self.weights.tolist()):
            s = format_card(a) + format_card(b)
            out.append(s if w == 1.0 else f"{w:g}({s})")
        return ", ".join(out)


_RANK = {r: i for i, r in enumerate(RANKS)}
_SUIT = {s: i for i, s in enumerate(SUITS)}
_RANDOM = {"random", "any", "**", "xx", "*"}
_COMBO = re.compile(r"^([2-9TJQKA])([cdhs])([2-9TJQKA])([cdhs])$")
_HAND = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)$")


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


def _parse_hand(tok: str, term: str) -> tuple[int, int, str]:
    """``'AKs' -> (12, 11, 's')``, ranks ordered high first."""
    m = _HAND.match(tok[:2].upper() + tok[2:].lower())
    if m is None:
        raise RangeError(f"cannot read {tok!r} in range term {term!r}: {ALLOWED_RANGE}")
    a, b, kind = _RANK[m.group(1)], _RANK[m.group(2)], m.group(3)
    if a == b and kind:
        raise RangeError(f"{tok!r}: a pair is neither suited nor offsuit; write "
                         f"{RANKS[a] * 2!r}")
    hi, lo = max(a, b), min(a, b)
    return hi, lo, kind


def _all_combos() -> list[tuple[int, int]]:
    return [(a, b) for a in range(52) for b in range(a)]


def _term(term: str) -> list[tuple[int, int]]:
    """Combinations of one term (no weights, no commas)."""
    t = term.strip()
    if t.lower() in _RANDOM:
        return _all_combos()
    if len(t) == 4:
        m = _COMBO.match(t[0].upper() + t[1].lower() + t[2].upper() + t[3].lower())
        if m is not None:
            a = 4 * _RANK[m.group(1)] + _SUIT[m.group(2)]
            b = 4 * _RANK[m.group(3)] + _SUIT[m.group(4)]
            if a == b:
                raise RangeError(f"range term {term!r} uses the card {format_card(a)!r} twice")
            return [_combo_id(a, b)]
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


def _split_top(text: str) -> list[str]:
    """Split at commas that are not inside brackets."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise RangeError(f"unbalanced ')' in range {text!r}")
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise RangeError(f"unbalanced '(' in range {text!r}")
    parts.append("".join(cur))
    return parts


_WEIGHTED_GROUP = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*\((.*)\)\s*$", re.S)
_WEIGHTED_TERM = re.compile(r"^(.*?):\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*$", re.S)


def _weight(text: str, where: str) -> float:
    w = float(text)
    if not w > 0 or not np.isfinite(w):
        raise RangeError(f"weight {text!r} in {where!r} must be a positive number "
                         f"(a relative frequency, usually 0 < w <= 1)")
    return w


def _walk(text: str, scale: float, out: dict[tuple[int, int], float]) -> None:
    for part in _split_top(text):
        p = part.strip()
        if not p:
            raise RangeError(f"empty term in range {text!r} (two commas in a row?)")
        m = _WEIGHTED_GROUP.match(p)
        if m is not None:
            _walk(m.group(2), scale * _weight(m.group(1), p), out)
            continue
        if p.startswith("(") and p.endswith(")"):
            _walk(p[1:-1], scale, out)
            continue
        w = scale
        m = _WEIGHTED_TERM.match(p)
        if m is not None:
            p, w = m.group(1).strip(), scale * _weight(m.group(2), part)
        if "(" in p or ")" in p:
            raise RangeError(f"cannot read {part.strip()!r}: a weight goes before brackets, "
                             f"as in 0.5(QQ+, AKs)")
        for c in _term(p):
            out.pop(c, None)          # the last mention wins, and sets the order
            out[c] = w


def parse_range(text: str, dead: Iterable[int] | None = None) -> Range:
    """Parse range notation into weighted combinations (see the module docstring),
    leaving out combinations that use a card of ``dead``.

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
    out: dict[tuple[int, int], float] = {}
    _walk(text, 1.0, out)
    combos = list(out.items())
    if dead is not None:
        dm = 0
        for c in dead:
            dm |= 1 << int(c)
        combos = [(c, w) for c, w in combos if not (dm >> c[0] & 1 or dm >> c[1] & 1)]
    cards = np.array([c for c, _ in combos], dtype=np.uint8).reshape(-1, 2)
    weights = np.array([w for _, w in combos], dtype=np.float64)
    return Range(cards, weights, text)


def is_range_text(text: str) -> bool:
    """Whether ``text`` reads as range notation (rather than cards with ``*``).

    >>> is_range_text("QQ+, AKs"), is_range_text("AhKh"), is_range_text("Ah*")
    (True, True, False)
    """
    try:
        parse_range(text)
    except (RangeError, ValueError):
        return False
    return True
