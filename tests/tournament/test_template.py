"""``pyeval tournament new``: a commented template that loads and passes check (issue 38)."""
from click.testing import CliRunner

from pyeval.cli.tournament_cmd import tournament
from pyeval.tournament.structure import load_structure
from pyeval.tournament.template import structure_template


def test_new_writes_a_file_that_loads_and_passes_check(tmp_path):
    path = tmp_path / "friday.toml"
    res = CliRunner().invoke(tournament, ["new", str(path), "--players", "25", "--chips", "5000",
                                          "--level-minutes", "20", "--start", "19:00"])
    assert res.exit_code == 0, res.output
    st = load_structure(path)
    assert st.starting_chips == 5000 and st.entrants.minimum <= 25 <= st.entrants.maximum
    assert {lv.minutes for lv in st.levels} == {20}
    assert [(lv.small_blind, lv.big_blind) for lv in st.levels[:6]] == [
        (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400)]
    assert [lv.ante for lv in st.levels[:5]] == [0, 0, 0, 200, 300]
    assert [(b.after_level, b.minutes) for b in st.breaks][:2] == [(4, 10), (8, 10)]
    # the 25s leave at the first break (all later blinds are multiples of 50), the 50s at the
    # first break from which every amount is a multiple of 100 (after 750/1500, 1250/2500)
    assert [(cu.before_level, cu.remove) for cu in st.chips.colour_ups] == [(5, (25,)), (17, (50,))]
    assert st.late_registration.until_level == 4 and st.late_registration.entries == 0
    assert st.rebuys is None and st.add_on is None                     # written, commented out
    assert "# [rebuys]" in path.read_text() and "level 5:  starts 20:30" in path.read_text()
    # no jump above 2x anywhere, 1.5x after level 2
    bbs = [lv.big_blind for lv in st.levels]
    assert max(b / a for a, b in zip(bbs[1:], bbs[2:])) <= 1.5
    sheet = CliRunner().invoke(tournament, ["show", str(path), "--start", "19:00"])
    level4 = next(line for line in sheet.output.splitlines() if line.strip().startswith("4 "))
    assert level4.split()[:9] == ["4", "100/200", "BB", "ante", "200", "20", "min", "20:00", "20:20"]
    assert level4.endswith("  late registration closes at the end of this level")
    check = CliRunner().invoke(tournament, ["check", str(path)])
    assert check.exit_code == 0 and "valid" in check.output, check.output
    again = CliRunner().invoke(tournament, ["new", str(path)])
    assert again.exit_code == 1 and "exists" in again.output


def test_templates_for_other_numbers_load():
    from pyeval.tournament.structure import parse_structure
    for players, chips, minutes in ((10, 3000, 15), (100, 20000, 30), (8, 1500, 10), (2, 200, 5)):
        st = parse_structure(structure_template(players, chips, minutes))
        assert st.starting_chips == chips and st.levels[0].big_blind * 100 <= chips


def test_bad_numbers_say_what_is_allowed(tmp_path):
    for args, message in ((["--players", "1"], "at least 2 entrants"),
                          (["--chips", "5010"], "a multiple of the smallest chip (25)"),
                          (["--level-minutes", "0"], "from 1 to 240"),
                          (["--start", "7pm"], "24-hour clock time")):
        res = CliRunner().invoke(tournament, ["new", str(tmp_path / "x.toml"), *args])
        assert res.exit_code == 1 and message in res.output, (args, res.output)
        assert not (tmp_path / "x.toml").exists()
