"""Presets named for populations: within tolerance of their targets; every preset and
mixed field conserves chips and replays through the rules model."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyeval.cli.main import cli
from pyeval.sim import simulate
from pyeval.sim.analysis.replay import replay_record
from pyeval.sim.players.models import MODELS
from pyeval.sim.players.presets import FIELDS, TARGETS, calibration


@pytest.mark.parametrize("name", list(TARGETS))
def test_preset_within_tolerance_of_targets(name):
    for preset, stat, got, want, tol in calibration([name]):
        assert got is not None, (preset, stat)
        if stat in TARGETS[preset].unmet:
            # written down as not met (docs/simulation.md); met now: move it to the met ones
            assert abs(got - want) > tol, (preset, stat, got, want, tol)
        else:
            assert abs(got - want) <= tol, (preset, stat, got, want, tol)


@pytest.mark.parametrize("field", list(TARGETS) + [FIELDS[k] for k in FIELDS],
                         ids=list(TARGETS) + list(FIELDS))
def test_presets_conserve_chips_and_replay(field):
    r = simulate("club_3000", n=3, seed=3, players=20, field=field, debug=True,
                 record_tournaments=1, record_hands=60)
    assert (r.place.min(axis=1) == 1).all()
    bad = [row for row in r.records if not replay_record(row).matches]
    assert not bad


def test_default_field_is_the_online_regular():
    b, o = MODELS["balanced"], MODELS["online_regular"]
    assert (b.kind, b.loose, b.aggression) == (o.kind, o.loose, o.aggression)


def test_calibrate_command():
    res = CliRunner().invoke(cli, ["sim", "calibrate", "nit", "-n", "4"])
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.output.splitlines() if ln.startswith("nit ")]
    assert [ln.split()[1] for ln in lines] == ["vpip", "pfr"]
    bad = CliRunner().invoke(cli, ["sim", "calibrate", "shark"])
    assert bad.exit_code != 0 and "unknown preset 'shark'" in bad.output


def test_calibration_table_in_the_docs_lists_every_target():
    """docs/simulation.md's calibration table has one row per target of every preset, with
    the target and tolerance of pyeval.sim.players.presets."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "simulation.md").read_text()
    section = text.split("### Calibration", 1)[1].split("\n#", 1)[0]
    names = {"vpip": "VPIP", "pfr": "PFR", "flops": "flops", "showdowns": "showdowns",
             "allin_called": "called pre-flop all-ins", "limp": "limp",
             "allin_own": "own pre-flop all-ins, 20-70 BB"}
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0].startswith("`"):
            rows[(cells[0].strip("`"), cells[1])] = (float(cells[3]), float(cells[4].strip("±")),
                                                     cells[5])
    digits = {"allin_own": 2}
    want = {(p, names[k]): (round(100 * v, digits.get(k, 1)),
                            round(100 * TARGETS[p].tolerance(k), digits.get(k, 1)),
                            "no (not met yet)" if k in t.unmet else "yes")
            for p, t in TARGETS.items() for k, v in t.stats.items()}
    assert rows == want
    assert TARGETS["online_regular"].band("allin_own") == (20.0, 70.0)
    # met since the 3-bet jam (pyeval.sim.players.policy.JAM_SPR): asserted inside its tolerance
    assert "allin_own" not in TARGETS["online_regular"].unmet
