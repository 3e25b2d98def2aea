"""The documented analysis entry points (:func:`pyeval.equity.breakdown.breakdown`,
:func:`~pyeval.equity.runouts.runouts`, :func:`~pyeval.equity.hits.hits`) answer Omaha
range spots with the Omaha analyses (issue 37): the same values as the CLI path, checked
against fixed-hand runs and counts made here. About 3 s of CPU."""
from __future__ import annotations

import json
from dataclasses import asdict
from math import comb

import pytest
from click.testing import CliRunner

import pyeval
from pyeval.cli.main import cli
from pyeval.equity.breakdown import Breakdown, breakdown
from pyeval.equity.hits import Hits, hits
from pyeval.equity.omaha_analysis import OmahaHits, OmahaRunouts, omaha_hits, omaha_runouts
from pyeval.equity.omaha_ranges import parse_omaha_range
from pyeval.equity.runouts import Runouts, runouts

SPOT = (["AAKK", "KsKdQsQd"], "Qh 7c 2d")


def test_breakdown_of_an_omaha_range_is_by_class_and_matches_the_cli_and_fixed_hands():
    hands, board = SPOT
    rows = breakdown(hands, board=board, game="omaha")
    assert isinstance(rows, list) and rows[1] == []
    got = [(c.label, c.hands, c.exact) for c in rows[0]]
    # AAKK without Ks Kd: the aces pair with Kh Kc; one double-suited, four single, one rainbow
    assert got == [("AA ds", 1, True), ("AA ss", 4, True), ("AA r", 1, True)]
    # the double-suited class is one hand: the fixed-hand kernel's exact equity
    fixed = pyeval.equity("omaha", ["AhKhAcKc", "KsKdQsQd"], board=board)
    assert rows[0][0].equity == pytest.approx(fixed.equities[0], abs=1e-12)
    out = CliRunner().invoke(cli, ["equity", *hands, "--game", "omaha", "--board", board,
                                   "--by-combo", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == [[asdict(c) for c in cls] for cls in rows]
    # class weights average back to the range's own equity
    total = pyeval.equity("omaha", hands, board=board)
    mean = sum(c.weight * c.equity for c in rows[0]) / sum(c.weight for c in rows[0])
    assert mean == pytest.approx(total.equities[0], abs=1e-12)


def test_breakdown_of_hold_em_is_unchanged():
    assert isinstance(breakdown(["AsKs", "QQ"], board="Kh 7d 2c"), Breakdown)


def test_runouts_of_omaha_ranges_match_the_omaha_analysis():
    hands, board = ["AAKKds, JT98ds", "QsJsTh9h"], "Qd 7c 2s 5h"
    r = runouts(hands, board, game="omaha")
    assert isinstance(r, OmahaRunouts)
    o = omaha_runouts(hands, board, game="omaha")
    assert r.to_json() == o.to_json()
    assert r.exact and len(r.cards) == 44
    assert r.outs == (("6c", "6d", "6h", "6s"), ())
    # the equity after a six is the run on the river board
    k = r.cards.index("6c")
    after = pyeval.equity("omaha", hands, board=board + " 6c")
    assert r.equities[k][0] == pytest.approx(after.equities[0], abs=1e-12)
    # fixed Omaha hands keep the hold'em runouts (win and tie columns)
    assert isinstance(runouts(["AsKsQhJh", "9c9d8c7d"], "Qd 7c 2s", game="omaha"), Runouts)


def test_hits_of_an_omaha_range_count_the_hands():
    text, board = "AA**, KQJT", "Kd 7d 2c"
    h = hits(text, board, game="omaha8")
    assert isinstance(h, OmahaHits) and h == omaha_hits(text, board, game="omaha8")
    # at least two aces among 49 cards, and KQJT without the Kd
    aces = comb(4, 2) * comb(45, 2) + comb(4, 3) * 45 + 1
    assert h.hands == aces + 3 * 4 ** 3 == 6_313
    # sets: AAKK, AA77, AA22 with the board's rank paired in the hole
    assert h.made["set (pair in the hole)"] == pytest.approx(3 * 6 * 3 / 6_313, abs=1e-15)
    r = parse_omaha_range(text, 4, True).without(pyeval.mask(board))
    assert len(r) == h.hands


def test_hits_refuses_other_games_and_mixed_ranges():
    with pytest.raises(ValueError, match="hold'em and the Omaha games"):
        hits("AA", "Ks 7d 2c", game="razz")
    with pytest.raises(TypeError, match="needs an Omaha game"):
        hits(parse_omaha_range("AA**", 4), "Ks 7d 2c")
    with pytest.raises(TypeError, match="Omaha range is text"):
        hits(pyeval.equity.parse_range("AA"), "Ks 7d 2c", game="omaha")
    assert isinstance(hits("AA", "Ks 7d 2c", game="nlhe"), Hits)
