"""``pyeval sim calibrate`` takes the default fields by name: ``balanced`` (the online
regular under another name) and the mixed fields (``live_tournament``, the default at a
dealt table), whose presets it calibrates."""
from __future__ import annotations

from dataclasses import replace

from click.testing import CliRunner

from pyeval.cli.sim_cmd import sim
from pyeval.sim.players.models import MODELS
from pyeval.sim.players.presets import FIELDS


def test_balanced_is_the_online_regular() -> None:
    assert replace(MODELS["balanced"], name="online_regular") == MODELS["online_regular"]


def test_calibrate_names_the_default_fields() -> None:
    res = CliRunner().invoke(sim, ["calibrate", "balanced", "live_tournament", "-n", "1"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("balanced: the default field")
    assert lines[1] == "live_tournament: a mixed field (online_regular 10, live_recreational 4, nit 6); its presets:"
    measured = {line.split()[0] for line in lines[4:] if line.split()[-1] in ("yes", "NO")}
    assert measured == {str(m) for m in FIELDS["live_tournament"]}     # each preset once
    res = CliRunner().invoke(sim, ["calibrate", "shark"])
    assert res.exit_code == 2 and "fields: balanced, home_game, club_night, online, live_tournament" in res.output
