"""The printable blind sheet (issue 38, part 4): levels, breaks, times, chips, payouts."""
import re

from click.testing import CliRunner

from pyeval.cli.tournament_cmd import tournament
from pyeval.tournament import load_structure
from pyeval.tournament.sheet_html import sheet_html


def _rows(page):
    return re.findall(r'<tr class="(level|break|game)">(.*?)</tr>', page)


def _cells(row):
    return re.findall(r"<td[^>]*>(.*?)</td>", row)


def test_club_sheet_levels_breaks_and_clock_times():
    page = sheet_html(load_structure("club_3000"), start="19:00")
    rows = _rows(page)
    levels = [_cells(r) for k, r in rows if k == "level"]
    assert [c[1] for c in levels] == ["25/50", "50/100", "100/200", "200/400", "300/600", "400/800",
                                      "500/1000", "1000/2000", "2000/4000", "3000/6000"]
    # 20-minute levels, a 10-minute break after levels 2, 4, 6, 8
    assert [(c[0], c[3], c[4]) for c in levels[:3]] == [("1", "19:00", "19:20"), ("2", "19:20", "19:40"),
                                                       ("3", "19:50", "20:10")]
    assert levels[-1][3] == "22:40"          # 9 levels x 20 + 4 breaks x 10 = 3:40 to level 10
    breaks = [_cells(r) for k, r in rows if k == "break"]
    assert [(b[3], b[4]) for b in breaks] == [("19:40", "19:50"), ("20:30", "20:40"),
                                              ("21:20", "21:30"), ("22:10", "22:20")]
    # the game once, not on every row
    assert [k for k, _ in rows].count("game") == 1 and "holdem, no limit" in page
    assert "@page { size: A4 portrait" in page
    assert "Colour up 25, 50 before level 3" in page
    assert "20 entrants, prize pool 400: 1. 200, 2. 120, 3. 80" in page


def test_game_row_where_the_game_changes_and_letter_paper(tmp_path):
    out = tmp_path / "sheet.html"
    res = CliRunner().invoke(tournament, ["sheet", "limit_then_nolimit_2500", "--html", str(out),
                                          "--paper", "letter"])
    assert res.exit_code == 0, res.output
    page = out.read_text()
    games = [re.sub("<.*?>", "", r) for k, r in _rows(page) if k == "game"]
    assert games == ["holdem, fixed limit", "holdem, no limit"]
    assert "@page { size: letter portrait" in page
    first = _cells(next(r for k, r in _rows(page) if k == "level"))
    assert first[:5] == ["1", "10/20 (limit 20/40)", "20 min", "0:00", "0:20"]


def test_terminal_sheet_names_the_game_once():
    res = CliRunner().invoke(tournament, ["show", "club_3000"])
    assert res.exit_code == 0 and res.output.count("holdem, no limit") == 1


def test_bad_options_are_refused(tmp_path):
    res = CliRunner().invoke(tournament, ["sheet", "club_3000", "--html", str(tmp_path / "x.html"),
                                          "--start", "25:00"])
    assert res.exit_code == 1 and "24-hour clock time" in res.output
    assert not (tmp_path / "x.html").exists()
