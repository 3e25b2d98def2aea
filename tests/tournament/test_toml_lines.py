"""Line numbers of keys in TOML text."""

from pyeval.tournament.toml_lines import key_lines, line_of

TEXT = '''# a comment
title = "x"   # trailing comment
notes = """
several
lines"""

[chips]
starting = 3000
denominations = [
  25,
  100,
]

[[chips.colour_up]]
before_level = 3

[[levels]]
small_blind = 25
big_blind = 50

[[levels]]
small_blind = 50
big_blind = 100
inline = { a = 1, "b c" = 2 }
dotted.key = 3

[[payouts.table]]
entrants = [2, 10]
percent = [50,
           30, 20]
'''


def test_every_kind_of_key_has_its_line() -> None:
    lines = key_lines(TEXT)
    assert lines[("title",)] == 2
    assert lines[("notes",)] == 3
    assert lines[("chips",)] == 7
    assert lines[("chips", "starting")] == 8
    assert lines[("chips", "denominations", 1)] == 11
    assert lines[("chips", "colour_up", 0)] == 14
    assert lines[("chips", "colour_up", 0, "before_level")] == 15
    assert lines[("levels", 0, "big_blind")] == 19
    assert lines[("levels", 1)] == 21
    assert lines[("levels", 1, "big_blind")] == 23
    assert lines[("levels", 1, "inline", "b c")] == 24
    assert lines[("levels", 1, "dotted", "key")] == 25
    assert lines[("payouts", "table", 0, "percent", 2)] == 30


def test_missing_key_falls_back_to_its_table() -> None:
    lines = key_lines(TEXT)
    assert line_of(lines, ("levels", 1, "ante")) == 21
    assert line_of(lines, ("nothing",)) is None
