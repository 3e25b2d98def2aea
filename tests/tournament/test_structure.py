"""Structure files: every example loads and validates; bad files are refused with the line."""

from fractions import Fraction
from pathlib import Path

import pytest

from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import EXAMPLES_DIR, example_names, load_structure, parse_structure

from .conftest import REPO_EXAMPLES

EXAMPLES = sorted(p.stem for p in REPO_EXAMPLES.glob("*.toml"))
packaged = pytest.mark.skipif(
    not any(EXAMPLES_DIR.glob("*.toml")),
    reason="the installed pyeval has no example files: pyproject package-data must list "
    "pyeval/tournament/examples/*.toml",
)


def test_the_rule_sheet_examples_are_all_there() -> None:
    assert EXAMPLES == ["addon_3500", "club_3000", "club_final_4000_5000", "hands_100k_holdem",
                        "hands_100k_stud", "limit_then_nolimit_2500", "trust_a_mate_main_event",
                        "two_stage_table_winners"]
    top = Path(__file__).resolve().parents[2] / "examples"
    assert sorted(p.stem for p in top.glob("*.toml")) == EXAMPLES


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_loads_and_validates(name: str) -> None:
    s = load_structure(REPO_EXAMPLES / f"{name}.toml")
    assert s.name and s.levels and s.file.endswith(f"{name}.toml")
    for n in s.entrants.sizes():
        amounts = s.payouts(n)
        assert sum(amounts) == s.prize_pool(n)
        assert len(amounts) <= n


@packaged
def test_examples_load_by_name() -> None:
    assert example_names() == EXAMPLES
    assert load_structure("club_3000") == load_structure("club_3000.toml")
    with pytest.raises(FileNotFoundError, match="club_3000"):
        load_structure("club_4000")


def test_club_3000_is_the_sheet() -> None:
    s = load_structure(REPO_EXAMPLES / "club_3000.toml")
    assert s.starting_chips == 3000
    assert [(lv.small_blind, lv.big_blind) for lv in s.levels] == [
        (25, 50), (50, 100), (100, 200), (200, 400), (300, 600), (400, 800), (500, 1000),
        (1000, 2000), (2000, 4000), (3000, 6000)]
    assert {lv.minutes for lv in s.levels} == {20}
    assert [(b.after_level, b.minutes) for b in s.breaks] == [(2, 10), (4, 10), (6, 10), (8, 10)]
    assert s.chips.in_play(3) == (100, 500, 1000)
    assert s.clock()[-1].end == 240
    assert s.points is not None and s.points.by_place(4) == (50_000, 32_000, 18_000, 5_000)


def test_addon_3500_is_the_sheet() -> None:
    s = load_structure(REPO_EXAMPLES / "addon_3500.toml")
    assert (s.buy_in.price, s.starting_chips) == (50, 3500)
    assert s.add_on is not None
    assert (s.add_on.price, s.add_on.chips, s.add_on.before_level) == (25, 1750, 5)
    assert (s.tables.table_size, s.tables.seats_when_merging) == (10, 8)
    assert s.prize_pool(20, add_ons=15) == 20 * 50 + 15 * 25


def test_limit_then_nolimit_2500_is_the_sheet() -> None:
    s = load_structure(REPO_EXAMPLES / "limit_then_nolimit_2500.toml")
    assert s.starting_chips == 2500
    assert [lv.betting for lv in s.levels[:5]] == ["fixed_limit"] * 4 + ["no_limit"]
    assert [lv.ante for lv in s.levels[:5]] == [0, 0, 0, 0, 10]
    assert all(lv.ante > 0 for lv in s.levels[4:])
    assert (s.levels[0].small_bet, s.levels[0].big_bet) == (20, 40)
    assert [b.after_level for b in s.breaks] == [2, 4, 6, 8, 10, 12]
    assert s.antes_stop_heads_up
    assert s.payout_rules.paid_percent == 12 and s.payout_rules.ratio == Fraction(3, 5)
    assert len(s.payouts(30)) == 4 and sum(s.payouts(30)) == 30 * 23


def test_hands_100k_stud_is_the_sheet() -> None:
    s = load_structure(REPO_EXAMPLES / "hands_100k_stud.toml")
    assert s.starting_chips == 100_000 and s.tables.table_size == 7
    # the sheet's table (issue 11; the figures before were assumed): see test_sheets.py
    assert [lv.hands for lv in s.levels] == [6] * 5 + [12] * 3
    lv = s.levels[0]
    assert (lv.game, lv.ante, lv.bring_in, lv.small_bet, lv.big_bet) == (
        "seven_card_stud", 100, 300, 600, 1000)
    assert s.clock() == []  # levels by hands: no clock


def test_two_stage_is_the_sheet() -> None:
    s = load_structure(REPO_EXAMPLES / "two_stage_table_winners.toml")
    assert s.format == "table_winners"
    assert (s.buy_in.price, s.buy_in.fee, s.buy_in.fee_for) == (30, 5, "food")
    assert s.prize_pool(30) == 750 and s.payouts(30) == (375, 225, 150)
    assert s.first_round_tables(30) == 3
    assert s.final_stage is not None and s.final_stage.starting_chips == 1500


def refused(text: str) -> StructureError:
    with pytest.raises(StructureError) as err:
        parse_structure(text, "club_3000.toml")
    return err.value


def line(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the nth line that contains ``needle``."""
    hits = [i + 1 for i, ln in enumerate(text.splitlines()) if needle in ln]
    return hits[nth - 1]


def test_big_blind_below_small_blind(club_text: str) -> None:
    text = club_text.replace("small_blind = 200\nbig_blind = 400", "small_blind = 200\nbig_blind = 150")
    err = refused(text)
    assert err.line == line(text, "big_blind = 150")
    assert str(err).startswith(f"club_3000.toml:{err.line}: level 4: big_blind 150 is smaller than small_blind 200")


@pytest.mark.parametrize("old, new, at, message", [
    pytest.param("small_blind = 300\nbig_blind = 600", "small_blind = 150\nbig_blind = 300", "small_blind = 150",
                 "blinds and limits may not shrink", id="shrinking_blinds"),
    pytest.param("[tables]", "[add_on]\nprice = 10\nchips = 1000\nbefore_level = 11\n\n[tables]",
                 "before_level = 11", "the structure has 10 levels", id="add_on_after_the_last_level"),
    pytest.param("percent = [45, 27, 17, 11]", "percent = [45, 27, 17, 10]", "percent = [45, 27, 17, 10]",
                 "add up to 99, not 100", id="payouts_not_adding_up_to_100"),
    pytest.param("entrants = [27, 33]", "entrants = [28, 33]", "[payouts]",
                 "no [[payouts.table]] covers a field of 27 entrants", id="payouts_must_cover_every_field_size"),
    pytest.param('game = "holdem"', 'game = "holdum"', 'game = "holdum"', "unknown game 'holdum'",
                 id="unknown_game_in_the_defaults"),
    pytest.param("small_blind = 300\nbig_blind = 600", "small_blind = 300\nbig_blind = 600\nante = 50", "ante = 50",
                 "smallest 100", id="chips_that_cannot_pay_a_level"),
    pytest.param("[tables]", "[add_on]\nprice = 10\nchips = 1750\nbefore_level = 5\n\n[tables]", "remove = [25, 50]",
                 "an add-on gives 1750 chips, not a multiple of 100", id="colour_up_that_would_break_the_chip_race"),
    pytest.param("starting = 3000", "starting = ", "starting = ", "not valid TOML", id="not_toml_at_all"),
])
def test_refused_at_the_line(club_text: str, old: str, new: str, at: str, message: str) -> None:
    text = club_text.replace(old, new)
    err = refused(text)
    assert err.line == line(text, at)
    assert message in str(err)


def test_rebuys_after_the_last_level(club_text: str) -> None:
    text = club_text.replace("[tables]", "[rebuys]\nprice = 10\nchips = 1000\nuntil_level = 12\n\n[tables]")
    assert refused(text).line == line(text, "until_level = 12")


def test_unknown_keys(club_text: str) -> None:
    text = club_text.replace("stop_when_short_by = 3", "stop_when_short_by = 3\nstop_short = 2")
    err = refused(text)
    assert err.line == line(text, "stop_short = 2")
    assert "unknown key 'stop_short' in [tables]; allowed: balance_at_difference" in str(err)
    text = club_text.replace("small_blind = 50\n", "small_blind = 50\nsb = 50\n", 1)
    assert refused(text).line == line(text, "sb = 50")
    text = "colour = 1\n" + club_text
    assert refused(text).line == 1


def test_wrong_types(club_text: str) -> None:
    for bad in ('starting = "3000"', "starting = 3000.0", "starting = true", "starting = [3000]"):
        text = club_text.replace("starting = 3000", bad)
        err = refused(text)
        assert err.line == line(text, bad)
        assert "chips.starting must be a whole number" in str(err)
    text = club_text.replace("antes_stop_heads_up = false", 'antes_stop_heads_up = "no"')
    assert "must be true or false" in str(refused(text))
    text = club_text.replace('format = "single_field"', 'format = "knockout"')
    assert "allowed: single_field, table_winners" in str(refused(text))


def test_missing_tables_and_keys(club_text: str) -> None:
    text = club_text.replace("[buy_in]\nprice = 20\n", "[buy_in]\n")
    err = refused(text)
    assert err.line == line(text, "[buy_in]") and "needs price" in str(err)
    start = club_text.index("[tables]")
    end = club_text.index("[payouts]")
    err = refused(club_text[:start] + club_text[end:])
    assert "missing [tables]" in str(err)


def test_two_stage_needs_several_first_round_tables() -> None:
    text = (REPO_EXAMPLES / "two_stage_table_winners.toml").read_text(encoding="utf-8")
    err = refused(text.replace("count = 30", "count = 8").replace("entrants = [30, 30]", "entrants = [8, 8]"))
    assert "more than one first-round table" in str(err)
    err = refused(text.replace("[final_stage]", "[final_stage]\nchips = 5"))
    assert "unknown key 'chips' in [final_stage]" in str(err)


def test_the_annotated_example_of_the_docs_is_valid() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "tournament.md").read_text(encoding="utf-8")
    blocks = doc.split("```toml\n")[1:]
    full = blocks[0].split("```")[0]
    s = parse_structure(full, "docs/tournament.md")
    assert s.rebuys is not None and s.add_on is not None and s.points is not None
    assert [lv.game for lv in s.levels][-1] == "seven_card_stud"
    assert s.levels[0].small_bet == 50 and s.levels[0].big_bet == 100
    # $750 + 10 rebuys x $20 + 20 add-ons x $20 = $1,350 in $5 units, 45/27/17/11
    assert s.prize_pool(30, rebuys=10, add_ons=20) == 1350
    assert s.payouts(30, rebuys=10, add_ons=20) == (605, 365, 230, 150)
    assert sum(s.payouts(45)) == s.prize_pool(45)
    final = blocks[1].split("```")[0]
    two_stage = full.replace('format = "single_field"', 'format = "table_winners"') + final
    assert parse_structure(two_stage).final_stage is not None


STUD_FILE = """
[tournament]
name = "Stud"
[entrants]
count = 8
[buy_in]
price = 10
[chips]
starting = 1000
denominations = [25]
[[levels]]
game = "seven_card_stud"
betting = "fixed_limit"
ante = 25
bring_in = 25
{stakes}
hands = 6
[tables]
size = 8
[payouts]
[[payouts.table]]
entrants = [8, 8]
percent = [100]
"""


def test_structure_files_read_the_old_stake_keys_as_deprecated_aliases() -> None:
    # issue 14: small_bet / big_bet in structure files; low_limit / high_limit still read
    new = parse_structure(STUD_FILE.format(stakes="small_bet = 50\nbig_bet = 100"))
    assert (new.levels[0].small_bet, new.levels[0].big_bet) == (50, 100)
    with pytest.warns(DeprecationWarning) as got:
        old = parse_structure(STUD_FILE.format(stakes="low_limit = 50\nhigh_limit = 100"))
    assert [str(w.message) for w in got] == [
        "structure file, [levels[0]]: low_limit is deprecated and is removed in pyeval 0.3.0 "
        "(not before 1 June 2027); use small_bet",
        "structure file, [levels[0]]: high_limit is deprecated and is removed in pyeval 0.3.0 "
        "(not before 1 June 2027); use big_bet"]
    assert old.levels == new.levels
    with pytest.warns(DeprecationWarning), pytest.raises(StructureError) as err:
        parse_structure(STUD_FILE.format(stakes="small_bet = 50\nlow_limit = 50\nbig_bet = 100"))
    assert "gives both small_bet and low_limit" in str(err.value)


def test_the_section_types_keep_their_import_paths() -> None:
    """The parts of a structure live in ``sections`` and are importable, as the same
    objects, from ``structure`` (the old path) and the package, by name and by ``*``."""
    import pyeval.tournament as package
    from pyeval.tournament import sections, structure

    assert sections.__all__ == ["ARRIVALS", "HANDS_PER", "AddOn", "BuyIn", "Entrants", "FinalStage",
                                "LatePlayers", "LateRegistration", "ReEntry", "Rebuys", "Schedule"]
    for module in (structure, package):
        assert set(sections.__all__) <= set(module.__all__), module.__name__
        for name in module.__all__:
            assert hasattr(module, name), (module.__name__, name)
        starred: dict[str, object] = {}
        exec(f"from {module.__name__} import *", starred)
        for name in sections.__all__:
            assert starred[name] is getattr(sections, name), (module.__name__, name)
    from pyeval.tournament.structure import AddOn, Schedule
    assert AddOn(20, 1500, 4).to_pool == 20 and Schedule().hands_per == "table"
