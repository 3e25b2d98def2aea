"""Late registration from the command line: the count the file states or --late-entries
(issue 38, part 4)."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyeval.cli.tournament_cmd import tournament
from pyeval.tournament.structure import load_structure

CLUB = Path(load_structure("club_3000").file)


@pytest.fixture
def late_file(tmp_path):
    """club_3000 with late registration until level 3, six late entrants stated."""
    path = tmp_path / "club_late.toml"
    path.write_text(CLUB.read_text(encoding="utf-8")
                    + "\n[late_registration]\nuntil_level = 3\nentries = 6\n", encoding="utf-8")
    return path


def test_the_file_states_the_late_entrants(late_file):
    from pyeval.sim import simulate
    st = load_structure(late_file)
    assert st.late_registration.until_level == 3 and st.late_registration.entries == 6
    r = simulate(st, n=6, seed=4, players=24, threads=1)
    assert r.late_entries.tolist() == [6] * 6
    r = simulate(st, n=6, seed=4, players=24, threads=1, late_entries=2)   # the caller's count
    assert r.late_entries.tolist() == [2] * 6


def test_cli_simulates_the_stated_late_entrants(late_file):
    res = CliRunner().invoke(tournament, ["simulate", str(late_file), "-n", "6", "--players", "24",
                                          "--no-report", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "late entries per tournament" in res.output
    row = next(line for line in res.output.splitlines() if "late entries per tournament" in line)
    assert row.split()[-1] == "6.0"
    res = CliRunner().invoke(tournament, ["simulate", str(late_file), "-n", "6", "--players", "24",
                                          "--late-entries", "3", "--no-report", "--no-progress"])
    row = next(line for line in res.output.splitlines() if "late entries per tournament" in line)
    assert row.split()[-1] == "3.0"


def test_too_many_stated_late_entrants_is_a_clear_error(late_file):
    res = CliRunner().invoke(tournament, ["simulate", str(late_file), "-n", "2", "--players", "7",
                                          "--no-report"])
    assert res.exit_code == 1
    assert "states entries = 6, more than the 5 of 7 entrants that may come late" in res.output


def test_check_summarises_late_registration(late_file):
    res = CliRunner().invoke(tournament, ["check", str(late_file)])
    assert res.exit_code == 0, res.output
    # levels of 20 minutes, a 10-minute break after level 2: level 3 ends at 1:10
    assert "late registration until the end of level 3 (1:10 after the start); 6 late entrants simulated" \
        in res.output
