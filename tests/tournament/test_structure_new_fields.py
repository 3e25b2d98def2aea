"""The sheets' structure fields are refused, naming the line, when they cannot run."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import LatePlayers, load_structure, parse_structure

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"


@pytest.fixture(scope="module")
def base() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split("### The rule sheets' fields", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


def refused(text: str, needle: str, message: str) -> None:
    with pytest.raises(StructureError) as err:
        parse_structure(text, "s.toml")
    hits = [i + 1 for i, ln in enumerate(text.splitlines()) if needle in ln]
    assert err.value.line == hits[0], (str(err.value), hits)
    assert message in str(err.value)


def test_bad_antes(base: str) -> None:
    refused(base.replace('ante_by = "each"', 'ante_by = "dealer"'), 'ante_by = "dealer"',
            "allowed: each, big_blind, button")
    text = base.replace("ante = 400\n", "", 1)
    refused(text, 'ante_by = "big_blind"                # a big-blind ante',
            "level 2: ante_by 'big_blind' needs an ante above 0")
    stud = base.replace('game = "holdem"', 'game = "seven_card_stud"', 1)
    with pytest.raises(StructureError, match="has no blinds|every player antes"):
        parse_structure(stud, "s.toml")


def test_field_size_levels_must_not_fall(base: str) -> None:
    text = base.replace("min_players = 20", "min_players = 5")
    refused(text, "min_players = 5", "level 4: min_players 5 is below 10 at level 3")
    text = base.replace("hands = 6                            # the level's length",
                        "min_players = 9\nhands = 6                            # the level's length", 1)
    refused(text, "min_players = 9", "level 1 is played by every field")


def test_stacks_by_rank(base: str) -> None:
    refused(base.replace("[5000, 4500]", "[4500, 5000]"), "starting_by_rank = [4500, 5000]",
            "rank 1 gets 4,500, less than the rank below it")
    refused(base.replace("[5000, 4500]", "[5000, 3500]"), "starting_by_rank = [5000, 3500]",
            "rank 2 gets 3,500")
    refused(base.replace("[5000, 4500]", "[5050, 4500]"), "starting_by_rank = [5050, 4500]",
            "rank 1's starting stack (5050) is not a multiple of the smallest chip, 100")
    with pytest.raises(ValueError, match="ranks count from 1"):
        parse_structure(base).starting_chips_for(0)


def test_break_rules(base: str) -> None:
    text = base.replace("break_minutes = 5 ", "break_every_minutes = 60\nbreak_minutes = 5 ")
    refused(text, "break_every_minutes = 60", "not both")
    text = base.replace("break_minutes = 5 ", "# no minutes ")
    refused(text, "[schedule]", "break_minutes goes with")
    text = base.replace("[tables]", "[[breaks]]\nafter_level = 2\nminutes = 5\n\n[tables]")
    refused(text, "[schedule]", "already has a break after level 2")
    text = base.replace("break_every_levels = 2", "break_every_minutes = 20")
    s = parse_structure(text)
    assert [b.after_level for b in s.breaks] == [2, 3]    # 12, 24 (past 20), 48 (past 40)
    refused(base.replace('hands_per = "table"', 'hands_per = "room"'), 'hands_per = "room"',
            "allowed: table, tournament")


def test_late_players_registration_and_re_entry(base: str) -> None:
    refused(base.replace("chance = 0.1", "chance = 1.5"), "chance = 1.5", "0 to 1, got 1.5")
    text = base.replace('arrival = "uniform"', 'arrival = "exponential"')
    refused(text, "[late_players]", "needs mean_minutes above 0")
    refused(base.replace("until_level = 2                      # new", "until_level = 9  # new"),
            "until_level = 9", "late registration until level 9, but the structure has 4 levels")
    refused(base.replace("fee = 1\nchips = 4000", "fee = 3\nchips = 4000"), "fee = 3",
            "the re-entry fee (3) is more than its price (2)")
    refused(base.replace("cut_off_minutes = 30", "cut_off_minutes = 0"), "cut_off_minutes = 0",
            "must be at least 1")


def test_arrivals_are_seeded_and_follow_the_distribution() -> None:
    late = LatePlayers(cut_off_minutes=30, chance=0.25, arrival="uniform", latest_minutes=40)
    times = late.arrivals(4000, seed=3)
    assert times == late.arrivals(4000, seed=3) and times != late.arrivals(4000, seed=4)
    came = [t for t in times if t is not None]
    assert 900 < len(came) < 1100 and min(came) >= 0 and max(came) <= 40
    assert 0.22 < sum(t > 30 for t in came) / len(came) < 0.28      # a quarter miss the cut-off
    exp = LatePlayers(cut_off_minutes=30, chance=1.0, arrival="exponential", mean_minutes=10)
    mean = sum(t for t in exp.arrivals(4000, seed=1) if t is not None) / 4000
    assert 9.5 < mean < 10.5


def test_for_field_keeps_breaks_and_colour_ups_inside() -> None:
    s = load_structure("hands_100k_holdem")
    small = s.for_field(9)
    assert len(small.levels) == 7 and [b.after_level for b in small.breaks] == [2, 4, 6]
    # the simulator plays the levels of the field it is given (spec.build_spec applies
    # for_field), so field-size levels are no gap of either
    assert not any("larger fields" in g for g in small.simulator_gaps() + s.simulator_gaps())
    assert s.for_field(25).levels == s.levels


def test_each_table_runs_its_own_hand_clock_and_waits_at_breaks() -> None:
    s = load_structure("hands_100k_stud")    # 6 x5, 12 x3 hands; breaks after 2, 4, 6
    seen = [s.table_level(1, h) for h in range(0, 13)]
    assert seen == [(1, False)] * 6 + [(2, False)] * 6 + [(2, True)]
    assert [s.table_level(3, h) for h in (0, 5, 6, 11, 12, 40)] == [
        (3, False), (3, False), (4, False), (4, False), (4, True), (4, True)]
    assert [s.table_level(5, h) for h in (6, 17, 18)] == [(6, False), (6, False), (6, True)]
    assert s.table_level(7, 10_000) == (8, False)            # the last level goes on for ever
    assert s.table_level(5, 10_000, entrants=8) == (6, False)  # 8 players: level 6 is the last
    with pytest.raises(ValueError, match="start_level must be 1 to 8"):
        s.table_level(9, 1)
    with pytest.raises(ValueError, match="timed in minutes"):
        load_structure("club_3000").table_level(1, 3)
