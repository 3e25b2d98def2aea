"""The pace presets: refitted from the shared back-test data, named the same in the
structure files, read from ``[tables] pace`` and printed by the reports."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.pace import DEFAULT_PACE, PACES, fit_online, fit_players, pace
from pyeval.sim.engine.spec import build_spec, default_clock
from pyeval.tournament import seating
from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import load_structure, parse_structure

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "backtest"
needs_data = pytest.mark.skipif(not (DATA / "home_game_hands.csv").is_file(),
                                reason="the shared back-test data (../shared/data/backtest) is "
                                       "absent: the pace fits cannot be checked against it")


@needs_data
@pytest.mark.parametrize("preset, fit, csv, counts, within", [
    # the home games: the well-sampled counts (2-7 players, 139-205 gaps each) within 4 s
    ("players", fit_players, "home_game_hands.csv", range(2, 8), 4.0),
    # the online hands: every count within 5 s
    ("online", fit_online, "online_tournament_pace.csv", None, 5.0),
], ids=["players_home_games", "online_hands"])
def test_preset_is_the_fit_of_the_shared_data(preset, fit, csv, counts, within):
    f = fit(DATA / csv)
    p = PACES[preset]
    assert f.scale == pytest.approx(p.scale, abs=5e-4)
    assert f.exponent == pytest.approx(p.exponent, abs=5e-5)
    assert all(abs(f.residuals[k]) < within for k in (f.residuals if counts is None else counts))


def test_dealer_preset_rests_on_the_published_figure():
    d = PACES["dealer"]
    assert d.hands_per_hour(9) == pytest.approx(32.5)
    assert d.exponent == pytest.approx((PACES["players"].exponent + PACES["online"].exponent) / 2)
    assert DEFAULT_PACE == "dealer"


def test_structure_files_name_the_same_presets():
    assert tuple(PACES) == seating.PACES
    with pytest.raises(ValueError, match="unknown pace 'fast'"):
        pace("fast")
    with pytest.raises(ValueError, match="unknown pace"):
        Clock(pace="fast")


def _with_pace(text: str) -> str:
    return text.replace("[tables]\n", "[tables]\npace = \"players\"\n", 1)


def test_tables_pace_is_read_and_used():
    club = load_structure("club_3000")
    src = Path(club.file).read_text(encoding="utf-8")
    assert "[tables]\n" in src
    st = parse_structure(_with_pace(src), "club with players' pace")
    assert st.tables.pace == "players"
    assert default_clock(st).pace == "players"
    assert default_clock(club).pace == DEFAULT_PACE
    assert default_clock(st, "online").pace == "online"       # pace= wins over the file
    spec = build_spec(st, 30)
    want = PACES["players"].seconds(7) / 60
    assert spec.cfgf[7] == pytest.approx(want)                 # F_MINUTES_PER_HAND + 7
    with pytest.raises(StructureError, match="allowed: dealer, players, online"):
        parse_structure(src.replace("[tables]\n", "[tables]\npace = \"fast\"\n", 1), "bad pace")


def test_hands_per_hour_scales_a_preset():
    m = Clock(pace="players", hands_per_hour=40).minutes_per_hand(9)
    p = Clock(pace="players").minutes_per_hand(9)
    assert 60 / m[9] == pytest.approx(40.0)
    assert np.allclose(m[2:] / p[2:], m[9] / p[9])             # the shape is kept
