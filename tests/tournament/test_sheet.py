"""The blind sheet honours levels used only for larger fields (the first sheet's "levels
beyond this only for 10+ players", "... only for 20+ players"): each such level says so, and
the sheet of a given field lists only the levels that field plays."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyeval.tournament.sheet import blind_sheet, format_sheet
from pyeval.tournament.structure import load_structure


def _levels(rows: list[dict]) -> list[tuple[int, str]]:
    return [(r["number"], r["notes"]) for r in rows if r["what"] == "level"]


def test_levels_for_larger_fields_are_noted() -> None:
    rows = blind_sheet(load_structure("hands_100k_holdem"))
    got = _levels(rows)
    assert [n for n, _ in got] == list(range(1, 15))
    notes = {n: note for n, note in got}
    assert [notes[n] for n in (1, 2, 4, 5, 6, 7)] == [""] * 6
    assert notes[3] == "colour up 100, 500 before this level"
    assert [notes[n] for n in range(8, 12)] == ["10+ players only"] * 4
    assert [notes[n] for n in range(12, 15)] == ["20+ players only"] * 3
    # a structure without field-size levels has no such note
    club = _levels(blind_sheet(load_structure("club_3000")))
    assert [note for _, note in club if note] == ["colour up 25, 50 before this level",
                                                  "colour up 100 before this level"]


@pytest.mark.parametrize("players,last,breaks", [(8, 7, [2, 4, 6]), (9, 7, [2, 4, 6]),
                                                  (10, 11, [2, 4, 6, 8, 10]),
                                                  (19, 11, [2, 4, 6, 8, 10]),
                                                  (20, 14, [2, 4, 6, 8, 10, 12]),
                                                  (30, 14, [2, 4, 6, 8, 10, 12])])
def test_the_sheet_of_a_field_lists_the_levels_it_plays(players: int, last: int,
                                                         breaks: list[int]) -> None:
    s = load_structure("hands_100k_holdem")
    rows = blind_sheet(s, players=players)
    assert [n for n, _ in _levels(rows)] == list(range(1, last + 1))
    assert [r["number"] for r in rows if r["what"] == "break"] == breaks
    assert rows == blind_sheet(s.for_field(players))
    text = format_sheet(s, players=players)
    assert text.splitlines()[0] == f"Trust A Mate hold'em, 100,000 chips, {players} players"
    assert text.count("10+ players only") == (4 if players >= 10 else 0)
    assert text.count("20+ players only") == (3 if players >= 20 else 0)


def test_stud_sheet_for_eight_ends_in_level_six() -> None:
    s = load_structure("hands_100k_stud")
    assert _levels(blind_sheet(s))[6:] == [(7, "10+ players only"), (8, "10+ players only")]
    eight = _levels(blind_sheet(s, players=8))
    assert [n for n, _ in eight] == [1, 2, 3, 4, 5, 6]
    assert dict(eight)[5] == "colour up 100, 500 before this level"
    with pytest.raises(ValueError, match="players must be at least 2, got 1"):
        blind_sheet(s, players=1)


def test_cli_show_players() -> None:
    from pyeval.cli.tournament_cmd import tournament

    res = CliRunner().invoke(tournament, ["show", "hands_100k_stud"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Trust A Mate stud, 100,000 chips"
    seven = next(x for x in lines if x.split()[:3] == ["7", "ante", "6000,"])
    assert seven.endswith("10+ players only") and "12 hands" in seven
    res = CliRunner().invoke(tournament, ["show", "hands_100k_stud", "--players", "8"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Trust A Mate stud, 100,000 chips, 8 players"
    assert [x.split()[0] for x in lines[2:] if "-- break --" not in x] == ["1", "2", "3", "4", "5", "6"]
    assert "players only" not in res.output
    res = CliRunner().invoke(tournament, ["show", "hands_100k_stud", "--players", "1"])
    assert res.exit_code == 2 and "--players" in res.output
