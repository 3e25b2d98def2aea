"""Issue 16: percentage ranges, grids, per-combination breakdowns, runouts and hit
frequencies, each checked against an independent plain-Python enumeration on small cases."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

import pyeval
from pyeval.cards import format_card
from pyeval.equity import equity, parse_range
from pyeval.equity.breakdown import breakdown
from pyeval.equity.grid import CELLS, LABELS, cell_of, from_grid, grid_text
from pyeval.equity.hits import DRAWS, MADE, hits
from pyeval.equity.percent import ORDERS, order, order_equities, top_cells
from pyeval.equity.ranges import Range
from pyeval.equity.runouts import runouts

# ------------------------------------------------------------------------ percentages


def _sizes(cells: list[str]) -> int:
    return sum(6 if len(c) == 2 else (4 if c[2] == "s" else 12) for c in cells)


@pytest.mark.parametrize("pct, combos, cells", [
    (5, 72, 12), (10, 134, 21), (15, 200, 31), (20, 264, 39), (30, 398, 56), (100, 1326, 169),
])
def test_top_percent_holds_the_documented_combos(pct: float, combos: int, cells: int) -> None:
    r = parse_range(f"top {pct}%")
    assert len(r) == combos and len(top_cells(pct)) == cells
    assert _sizes(top_cells(pct)) == combos
    assert abs(combos - pct / 100 * 1326) <= 6          # closest whole-cell prefix
    assert len(parse_range(f"{pct}%")) == combos


def test_percent_forms() -> None:
    assert len(parse_range("10-20%")) == 264 - 134
    assert set(parse_range("10-20%").combos) | set(parse_range("top 10%").combos) == \
        set(parse_range("top 20%").combos)
    r = parse_range("QQ+, 15%")
    assert len(r) == len(parse_range("15%"))             # QQ+ is inside the top 15%
    assert len(parse_range("22, top 5%")) == 72 + 6
    assert set(parse_range("top 10% vs3").combos) == set(parse_range("10%vs3").combos)
    for bad in ("top 0%", "20-10%", "top 101%", "top 1.2.3%", "top x%"):
        with pytest.raises(pyeval.equity.RangeError):
            parse_range(bad)


def test_percent_removes_dead_cards() -> None:
    r = parse_range("top 10%", dead=[pyeval.card("As"), pyeval.card("Kd")])
    full = parse_range("top 10%")
    assert len(r) == sum(1 for a, b in full.cards.tolist()
                         if not {a, b} & {pyeval.card("As"), pyeval.card("Kd")})


@pytest.mark.parametrize("pct", [3, 10, 25, 50])
def test_percent_ranges_are_stable_under_suit_permutations(pct: float) -> None:
    r = parse_range(f"top {pct}%")
    have = {frozenset(c) for c in r.cards.tolist()}
    for perm in itertools.permutations(range(4)):
        moved = {frozenset(4 * (c >> 2) + perm[c & 3] for c in combo) for combo in have}
        assert moved == have


def test_orders_are_computed_equities() -> None:
    eq = order_equities("vs1")
    assert len(eq) == 169 and order("vs1")[:5] == ["AA", "KK", "QQ", "JJ", "TT"]
    assert order("vs1")[-1] == "32o"                     # the weakest hand heads-up
    # the cached figures are the engine's exact ones (ORDERS: None deals): AA against a
    # random hand is 85.20%; an independent Monte Carlo run agrees within 5 standard errors,
    # and another suit choice of the same cell gives the same exact figure
    assert ORDERS["vs1"][1] is None
    for cell, hand in (("AA", "AdAc"), ("32o", "3c2d"), ("T9s", "Td9d")):
        other = equity("holdem", [hand, "random"], samples=1_000_000, seed=11).players[0]
        assert abs(eq[cell] - other.equity) < 5 * other.std_err
    assert abs(eq["T9s"] - equity("holdem", ["Th9h", "random"], exact=True).players[0].equity) < 1e-12
    assert round(eq["AA"], 3) == 0.852
    e3 = order_equities("vs3")
    assert order("vs3")[0] == "AA" and 0.60 < e3["AA"] < 0.66
    # pairs climb against three opponents less than suited connectors do
    assert order("vs3").index("JTs") < order("vs1").index("JTs")


# ------------------------------------------------------------------------ grids

def test_grid_layout() -> None:
    assert CELLS[0][0] == "AA" and CELLS[0][12] == "A2s" and CELLS[12][0] == "A2o"
    assert CELLS[3][4] == "JTs" and CELLS[4][3] == "JTo"
    assert cell_of(pyeval.card("Ah"), pyeval.card("Kh")) == (0, 1)
    assert cell_of(pyeval.card("Kc"), pyeval.card("Ah")) == (1, 0)
    assert len(set(LABELS)) == 169
    g = parse_range("AA, AKs:0.5, 0.25(AKo), AhQd").grid()
    assert g[0, 0] == 1 and g[0, 1] == 0.5 and g[1, 0] == 0.25 and g[2, 0] == 1 / 12
    assert g.sum() == pytest.approx(1 + 0.5 + 0.25 + 1 / 12)


def test_grid_round_trip() -> None:
    rng = np.random.default_rng(7)
    w = np.where(rng.random((13, 13)) < 0.4, np.round(rng.random((13, 13)), 2), 0.0)
    w[0, 0] = 1.0
    r = from_grid(w)
    assert np.allclose(r.grid(), w)
    again = Range.from_grid(r.grid_text())
    assert np.allclose(again.grid(), np.round(w, 3))
    r2 = parse_range("top 15%")
    assert set(Range.from_grid(r2.grid_text()).combos) == set(r2.combos)
    with pytest.raises(pyeval.equity.RangeError, match="13 lines"):
        from_grid("AA KK")
    bad = grid_text(parse_range("AA")).replace("AA", "KK", 1)
    with pytest.raises(pyeval.equity.RangeError, match="stands where 'AA' belongs"):
        from_grid(bad)


def test_grid_html_and_png(tmp_path) -> None:
    r = parse_range("QQ+, AKs")
    html = r.to_html(title="QQ+, AKs")
    assert html.count("<td") == 169 and "AKs<br>100%" in html and "QQ+, AKs" in html
    out = r.heatmap(str(tmp_path / "g.png"))
    with open(out, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------------ breakdowns

def _brute(hero: list[int], opp: list[int], board: list[int]) -> tuple[Fraction, ...]:
    """(win, tie, lose) of hero against one holding, every completion, plain Python."""
    used = set(hero) | set(opp) | set(board)
    deck = [c for c in range(52) if c not in used]
    w = t = n = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        b = board + list(rest)
        a, o = pyeval.best_hand(hero, b), pyeval.best_hand(opp, b)
        n += 1
        w += a > o
        t += a == o
    return Fraction(w, n), Fraction(t, n), Fraction(n - w - t, n)


def test_breakdown_of_hand_vs_range_matches_brute_force() -> None:
    board = pyeval.cards("Ks 7d 2c").tolist()
    hero = pyeval.cards("AhKh").tolist()
    b = breakdown(["AhKh", "QQ, JTs, K7o"], board="Ks 7d 2c")
    assert b.exact
    opp = b.players[1]
    assert len(opp.combos) == 6 + 4 + 5          # K7o: Kc/Kd x 7c/7h/7s, not Kc7c
    for k, c in enumerate(opp.cards.tolist()):
        w, t, lose = _brute(hero, c, board)
        # the range's combination c against AhKh: its win is the hero's loss
        assert opp.win[k] == pytest.approx(float(lose), abs=1e-12)
        assert opp.tie[k] == pytest.approx(float(t), abs=1e-12)
        assert opp.equity[k] == pytest.approx(float(lose + t / 2), abs=1e-12)
    hero_b = b.players[0]
    r = equity("holdem", ["AhKh", "QQ, JTs, K7o"], board="Ks 7d 2c")
    assert hero_b.total.equity == pytest.approx(r.players[0].equity, abs=1e-12)
    assert opp.total.equity == pytest.approx(r.players[1].equity, abs=1e-12)
    assert opp.reach.sum() == pytest.approx(1.0)
    cells = opp.cells()
    assert set(cells) == {"QQ", "JTs", "K7o"}
    assert sum(v["weight"] for v in cells.values()) == pytest.approx(1.0)


@pytest.mark.slow
def test_breakdown_range_vs_range_preflop_totals_are_the_engine_equity() -> None:
    b = breakdown(["AsKs", "QQ, AKo"])
    r = equity("holdem", ["AsKs", "QQ, AKo"])
    assert r.exact and b.exact
    assert b.players[0].total.equity == pytest.approx(r.players[0].equity, abs=1e-12)
    assert b.players[1].total.equity == pytest.approx(r.players[1].equity, abs=1e-12)
    # each combination against the fixed hand is a fixed-hands exact run
    opp = b.players[1]
    for k, c in enumerate(opp.combos):
        one = equity("holdem", ["AsKs", c]).players[1]
        assert opp.equity[k] == pytest.approx(one.equity, abs=1e-12)
        assert opp.win[k] == pytest.approx(one.win, abs=1e-12)
    b2 = breakdown(["0.5(JJ), AKs", "QQ, 0.25(AKo), T9s"], board="Qd 7c 2h")
    r2 = equity("holdem", ["0.5(JJ), AKs", "QQ, 0.25(AKo), T9s"], board="Qd 7c 2h")
    for p, q in zip(b2.players, r2.players):
        assert p.total.equity == pytest.approx(q.equity, abs=1e-12)
        assert p.total.win == pytest.approx(q.win, abs=1e-12)


def test_breakdown_monte_carlo_has_standard_errors() -> None:
    ex = breakdown(["AhKh", "QQ, JTs"], board="Ks 7d 2c")
    mc = breakdown(["AhKh", "QQ, JTs"], board="Ks 7d 2c", exact=False, samples=20_000,
                   seed=3)
    assert not mc.exact and mc.seed == 3
    opp_e, opp_m = ex.players[1], mc.players[1]
    assert (opp_m.std_err > 0).all()
    assert (np.abs(opp_m.equity - opp_e.equity) < 5 * opp_m.std_err + 1e-9).all()
    again = breakdown(["AhKh", "QQ, JTs"], board="Ks 7d 2c", exact=False, samples=20_000,
                      seed=3, threads=1)
    assert again.players[1].equity.tolist() == opp_m.equity.tolist()


def test_breakdown_frame_and_json() -> None:
    b = breakdown(["AhKh", "QQ"], board="Ks 7d 2c")
    df = b.players[1].to_frame()
    assert list(df.columns)[:3] == ["combo", "cell", "range_weight"] and len(df) == 6
    assert set(df["cell"]) == {"QQ"}
    d = __import__("json").loads(b.to_json())
    assert d["players"][1]["cells"]["QQ"]["equity"] == pytest.approx(
        b.players[1].total.equity)


# ------------------------------------------------------------------------ runouts

def test_runouts_average_back_and_count_outs() -> None:
    r = runouts(["AhKh", "QsQd"], board="Ks 7d 2c")
    assert len(r.cards) == 45 and r.prob.tolist() == [1 / 45] * 45
    assert r.check < 1e-13
    full = equity("holdem", ["AhKh", "QsQd"], board="Ks 7d 2c")
    assert list(r.before) == full.equities
    assert r.outs == ([], ["Qc", "Qh"])
    river = runouts(["AhKh", "QsQd"], board="Ks 7d 2c 3h")
    # brute force: the rivers on which QsQd wins
    hero, opp = pyeval.cards("AhKh").tolist(), pyeval.cards("QsQd").tolist()
    b4 = pyeval.cards("Ks 7d 2c 3h").tolist()
    wins = [format_card(c) for c in range(52) if c not in hero + opp + b4
            and pyeval.best_hand(opp, b4 + [c]) > pyeval.best_hand(hero, b4 + [c])]
    assert sorted(river.outs[1]) == sorted(wins) == ["Qc", "Qh"]
    assert river.check < 1e-13


def test_runouts_with_a_range_weigh_cards_by_what_they_block() -> None:
    r = runouts(["AhKh", "QQ+, AK"], board="Ks 7d 2c")
    assert r.check < 1e-12
    assert r.prob.sum() == pytest.approx(1.0)
    assert r.prob[r.cards.index("Qd")] < r.prob[r.cards.index("5h")]   # Qd blocks QQ
    with pytest.raises(ValueError, match="flop or a turn"):
        runouts(["AhKh", "QsQd"], board="")


# ------------------------------------------------------------------------ hit frequencies

def _straight(ranks: set[int]) -> int:
    """Top rank of the best straight, -1 if none (plain loops)."""
    rs = set(ranks) | ({-1} if 12 in ranks else set())
    for top in range(12, 2, -1):
        if all(r in rs for r in range(top - 4, top + 1)):
            return top
    return -1


def _classify(hole: list[int], board: list[int]) -> tuple[str, set[str]]:
    """Made hand and draws of one combination, written out plainly."""
    cat = pyeval.category(pyeval.best_hand(hole, board))
    hr = [c >> 2 for c in hole]
    br = [c >> 2 for c in board]
    names = {9: "straight flush", 8: "quads", 7: "full house", 6: "flush", 5: "straight",
             3: "two pair", 1: "high card"}
    if cat in names:
        made = names[cat]
    elif cat == 4:
        if hr[0] == hr[1]:
            made = "set" if hr[0] in br else "board trips"
        else:
            made = "trips" if any(br.count(r) == 2 for r in hr) else "board trips"
    else:
        top = max(br)
        lower = sorted({r for r in br if r < top}, reverse=True)
        if hr[0] == hr[1]:
            made = "overpair" if hr[0] > top else "pocket pair below"
        else:
            p = [r for r in hr if r in br]
            if not p:
                made = "board pair"
            elif p[0] == top:
                made = "top pair"
            elif lower and p[0] == lower[0]:
                made = "second pair"
            else:
                made = "weak pair"
    draws: set[str] = set()
    if len(board) < 5:
        allc = hole + board
        fd = cat <= 5 and any(sum(c & 3 == s for c in allc) == 4 and
                              any(c & 3 == s for c in hole) for s in range(4))
        outs = 0
        for r in range(13):
            if r in hr or r in br:
                continue
            mine, theirs = _straight(set(hr + br + [r])), _straight(set(br + [r]))
            outs += mine >= 0 and mine > theirs
        if fd:
            draws.add("flush draw")
        if cat <= 4 and outs >= 2:
            draws.add("open-ender")
        if cat <= 4 and outs == 1:
            draws.add("gutshot")
        if fd and cat <= 4 and outs >= 1:
            draws.add("combo draw")
    return made, draws


@pytest.mark.parametrize("board", ["9s 8s 2d", "Ks Kd 5c", "5h 4h 3c", "Ah Kh Qh Jd",
                                   "7c 7d 7h 2s", "Tc 9d 8h 7s 2c", "Qs Js 2s"])
@pytest.mark.slow
def test_hits_on_a_board_match_brute_force(board: str) -> None:
    h = hits("random", board=board)
    b = pyeval.cards(board).tolist()
    want = dict.fromkeys(h.names, 0)
    for a, c in itertools.combinations([x for x in range(52) if x not in b], 2):
        made, draws = _classify([c, a], b)
        want[made] += 1
        for d in draws:
            want[d] += 1
    got = {n: round(v) for n, v in h.count.items()}
    assert got == want
    assert sum(got[n] for n in MADE) == len(h.range) == (52 - len(b)) * (51 - len(b)) // 2
    assert (len(b) == 5) == (DRAWS[0] not in h.names)


@pytest.mark.slow
def test_hits_over_every_flop_match_brute_force_for_one_combo() -> None:
    h = hits("AsKs, 22")
    k = h.range.combos.index("AsKs")
    hole = pyeval.cards("AsKs").tolist()
    want = dict.fromkeys(h.names, 0)
    for f in itertools.combinations([x for x in range(52) if x not in hole], 3):
        made, draws = _classify(hole, list(f))
        want[made] += 1
        for d in draws:
            want[d] += 1
    assert h.boards == 19_600
    got = {n: round(f * 19_600) for n, f in zip(h.names, h.freq[k])}
    assert got == want
    # a pocket pair flops a deuce on 1 - C(48,3)/C(50,3) of the flops, and a full house
    # without one on the 12 * 4 flops of three of a kind
    pair = h.range.combos.index("2d2c")
    row = dict(zip(h.names, h.freq[pair]))
    assert round((row["set"] + row["full house"] + row["quads"]) * 19_600) == \
        19_600 - 17_296 + 12 * 4


def test_hits_weights_and_cells() -> None:
    h = hits("AA, 0.5(KK)", board="Ks 7d 2c")
    assert h.total["set"] == pytest.approx(3 * 0.5 / (6 + 3 * 0.5))
    assert h.total["overpair"] == pytest.approx(6 / (6 + 3 * 0.5))
    assert h.cells()["KK"]["set"] == 1.0
    with pytest.raises(ValueError, match="flop"):
        hits("AA", board="Ks 7d")
