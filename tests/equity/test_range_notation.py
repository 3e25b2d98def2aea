"""Hold'em ranges as players write them elsewhere (issue 37, part 5): PokerStove's
percentages (order ``ps``), the shorthand ``JJ-``, ``A5s-``, ``Ax``, ``Axs``, ``Axo`` and the
labelled text grid. Counts are checked against plain enumerations of the 1,326 hands."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import pyeval
from pyeval.equity import Range, RangeError, parse_range
from pyeval.equity.grid import CELL_COMBOS, LABELS, from_grid
from pyeval.equity.percent import order, order_name, top_cells

RANKS = "23456789TJQKA"
HANDS = list(itertools.combinations(range(52), 2))     # (a, b) with a < b: rank a >> 2


def _combos(pred) -> set[frozenset[int]]:
    """Every two-card hand for which pred(high rank, low rank, suited) holds."""
    out = set()
    for a, b in HANDS:
        ra, rb = a >> 2, b >> 2
        if pred(max(ra, rb), min(ra, rb), (a & 3) == (b & 3)):
            out.add(frozenset((a, b)))
    return out


def _set(text: str, **kw) -> set[frozenset[int]]:
    return {frozenset(map(int, c)) for c in parse_range(text, **kw).cards}


# PokerStove's top 10%: 77+, A9s+, KTs+, QTs+, AJo+, KQo, written out cell by cell
PS_TOP10 = {"AA", "KK", "QQ", "JJ", "TT", "99", "88", "77",
            "AKs", "AQs", "AJs", "ATs", "A9s", "KQs", "KJs", "KTs", "QJs", "QTs",
            "AKo", "AQo", "AJo", "KQo"}


def test_pokerstove_top_10_percent() -> None:
    r = parse_range("top 10%", order="ps")
    assert set(r.cells()) == PS_TOP10
    assert len(r) == 136 == 8 * 6 + 10 * 4 + 4 * 12          # 10.26% of 1,326
    assert _set("77+, A9s+, KTs+, QTs+, AJo+, KQo") == _set("top 10% ps")
    assert _set("top 10% pokerstove") == _set("10% PS") == _set("top 10%", order="PokerStove")
    # pyeval's own orders cut elsewhere: vs1 is the heads-up order (66+, A8s+, no KQo)
    assert "KQo" not in parse_range("top 10%").cells() and len(parse_range("top 10%")) == 134
    # vs3 ranks the same 22 hands first, but cuts at the count closest to 10% (130, no 77)
    assert set(parse_range("top 10% vs3").cells()) == PS_TOP10 - {"77"}


@pytest.mark.parametrize("pct", [0.1, 1, 2.5, 5, 10, 12.5, 15, 20, 33.3, 50, 75, 99, 100])
def test_pokerstove_cut_is_the_shortest_prefix_reaching_x_percent(pct: float) -> None:
    hands = order("vs3")
    assert order("ps") == hands                      # ranked by pyeval's own vs3 equities
    sizes = [len(CELL_COMBOS[LABELS.index(h)]) for h in hands]
    k = next(i + 1 for i in range(169) if sum(sizes[:i + 1]) >= pct / 100 * 1326 - 1e-9)
    assert top_cells(pct, "ps") == hands[:k]
    assert len(parse_range(f"top {pct}% ps")) == sum(sizes[:k])
    if k > 1:
        assert sum(sizes[:k - 1]) < pct / 100 * 1326


def test_pokerstove_spans_and_errors() -> None:
    assert _set("10-20% ps") == _set("top 20% ps") - _set("top 10% ps")
    assert order_name(" PS ") == "ps"
    with pytest.raises(RangeError, match="unknown pre-flop order 'vs2'.*ps"):
        parse_range("top 10%", order="vs2")
    with pytest.raises(TypeError, match="pre-flop order is a name"):
        parse_range("top 10%", order=3)        # type: ignore[arg-type]
    with pytest.raises(RangeError, match="followed by an order"):
        parse_range("top 10% vs2")


@pytest.mark.parametrize("text, pred, count", [
    ("JJ-", lambda h, lo, s: h == lo and h <= 9, 60),
    ("22-", lambda h, lo, s: h == lo == 0, 6),
    ("AA-", lambda h, lo, s: h == lo, 78),
    ("A5s-", lambda h, lo, s: h == 12 and lo <= 3 and s, 16),
    ("K9-", lambda h, lo, s: h == 11 and lo <= 7, 128),
    ("T9o-", lambda h, lo, s: h == 8 and lo <= 7 and not s, 96),
    ("Ax", lambda h, lo, s: h == 12, 198),
    ("Axs", lambda h, lo, s: h == 12 and lo < 12 and s, 48),
    ("Axo", lambda h, lo, s: h == 12 and lo < 12 and not s, 144),
    ("Kx", lambda h, lo, s: 11 in (h, lo), 198),
    ("kxs", lambda h, lo, s: 11 in (h, lo) and h != lo and s, 48),
    ("2x", lambda h, lo, s: lo == 0, 198),
    ("10xo", lambda h, lo, s: 8 in (h, lo) and h != lo and not s, 144),
    ("K2s+", lambda h, lo, s: h == 11 and lo < 11 and s, 44),
])
def test_shorthand_counts(text: str, pred, count: int) -> None:
    want = _combos(pred)
    assert len(want) == count
    assert _set(text) == want and len(parse_range(text)) == count


def test_shorthand_combines_and_plays() -> None:
    assert len(parse_range("Ax, Kx")) == 198 + 198 - 16        # AK is in both
    assert _set("Axs, Axo, AA") == _set("Ax")
    assert _set("JJ-, QQ+") == _set("22+")
    r = pyeval.equity("holdem", ["Axs", "KK"], board="Kh 7d 2c", exact=True)
    ref = pyeval.equity("holdem", ["A2s+", "KK"], board="Kh 7d 2c", exact=True)
    assert r.equities == ref.equities and r.samples == ref.samples


@pytest.mark.parametrize("bad, msg", [
    ("Ax+", "no \\+ or - follows it"), ("Axx", "no \\+ or - follows it"),
    ("AKx", "cannot read 'AKx'"), ("-", "cannot read"), ("JJ--", "cannot read"),
    ("AA-s", "cannot read"), ("xA", "cannot read"), ("x", "cannot read"),
])
def test_shorthand_refusals(bad: str, msg: str) -> None:
    with pytest.raises(RangeError, match=msg):
        parse_range(bad)


def test_text_grid_has_rank_labels() -> None:
    r = Range.parse("QQ+, AKs, 0.5(AKo), 22")
    lines = r.grid_text().splitlines()
    assert len(lines) == 14
    assert lines[0].split() == list(RANKS[::-1])
    assert [ln.split()[0] for ln in lines[1:]] == list(RANKS[::-1])
    assert lines[1].split()[:3] == ["A", "AA", "AKs"]
    assert lines[2].split()[:3] == ["K", "AKo:.5", "KK"]
    assert lines[13].split()[-1] == "22"
    # the header's ranks stand above their columns
    col = lines[0].index("K")
    assert lines[1][col:col + 3] == "AKs"
    assert from_grid(r.grid_text()).cells() == r.cells()
    bare = "\n".join(ln.split(None, 1)[1] for ln in lines[1:])     # labels dropped
    assert from_grid(bare).cells() == r.cells()
    assert np.array_equal(from_grid(bare).grid(), r.grid())
