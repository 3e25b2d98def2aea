"""The shipped examples carry the rule sheets' numbers: each figure read from the sheet text.

The sheets are in ``<repo>/../shared/rule-sheets/`` (not part of the repository); the tests
skip, saying so, when that folder is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyeval.tournament.structure import TournamentStructure, load_structure

from .conftest import REPO_EXAMPLES

SHEETS = Path(__file__).resolve().parents[2].parent / "shared" / "rule-sheets"
needs_sheets = pytest.mark.skipif(not SHEETS.is_dir(),
                                  reason=f"the rule sheets are not at {SHEETS} (../shared absent)")


def sheet(prefix: str) -> str:
    """The text of the sheet whose file name starts with ``prefix``, whitespace collapsed."""
    (path,) = SHEETS.glob(f"{prefix}_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


def money(text: str) -> int:
    return int(text.replace("$", "").replace(",", ""))


def cells(text: str, start: str, end: str) -> list[str]:
    """The ``|`` cells of the sheet between two headings."""
    part = text.split(start, 1)[1].split(end, 1)[0]
    return [c.strip() for c in part.split("|") if c.strip()]


def table_rows(tokens: list[str], width: int) -> list[tuple[int, list[str]]]:
    """Rows of a level table as (min_players, [level, hands, amounts...]): a "Levels Beyond
    This Only For N+ Players" row raises the field size of the rows below it."""
    rows, field, i = [], 0, 0
    while i < len(tokens):
        note = re.fullmatch(r"Levels Beyond This Only For (\d+)\+ Players", tokens[i])
        if note:
            field = int(note.group(1))
            i += 1
        elif tokens[i].isdigit() and re.fullmatch(r"\d+ Hands", tokens[i + 1]):
            rows.append((field, tokens[i:i + width]))
            i += width
        else:
            i += 1
    return rows


def load(name: str) -> TournamentStructure:
    return load_structure(REPO_EXAMPLES / f"{name}.toml")


def check_common_first_sheet(s: TournamentStructure, text: str, size_key: str) -> None:
    assert s.starting_chips == money(re.search(r"start with (\$[\d,]+) in chips", text).group(1))
    values = [money(v) for v in re.findall(r"- (\$[\d,]+)", text.split("Chip Values", 1)[1][:200])]
    assert list(s.chips.denominations) == values
    seats = re.search(r"maximum of (\d+) players for Hold 'Em and (\d+) players for Stud", text)
    assert s.tables.table_size == int(seats.group(1 if size_key == "holdem" else 2))
    brk = int(re.search(r"Every second blind period will see a (\d+) minute break", text).group(1))
    assert [(b.after_level, b.minutes) for b in s.breaks] == [
        (n, brk) for n in range(2, len(s.levels), 2)]
    assert s.schedule.hands_per == "table" and s.schedule.align_at_breaks
    assert s.late_players is not None
    assert s.late_players.cut_off_minutes == int(
        re.search(r"Players have (\d+) minutes to arrive", text).group(1))
    assert (s.tables.balance_rule, s.tables.equal_tables) == ("same_position", "card_draw")
    assert s.tables.balance_at_difference == 2          # "differs by two or more"


def cash(text: str, event: str) -> tuple[int, int, list[int]]:
    """(buy-in, to the pool, percent by place) of one event type of the cash tables."""
    buy = money(re.search(re.escape(event) + r" \| (\$\d+) \|", text).group(1))
    pays = re.search(re.escape(event) + r" \| (\$\d+) - ((?:\d\w\w Place \d+% ?)+)\|", text)
    return buy, money(pays.group(1)), [int(p) for p in re.findall(r"(\d+)%", pays.group(2))]


@needs_sheets
def test_hold_em_example_is_the_first_sheets_blind_table() -> None:
    text = sheet("000")
    rows = table_rows(cells(text, "Blinds For Hold 'Em Games", "Blinds For Stud Games"), 4)
    assert len(rows) == 14
    for name in ("hands_100k_holdem", "trust_a_mate_main_event"):
        s = load(name)
        got = [(lv.min_players, [str(lv.number), f"{lv.hands} Hands", lv.small_blind, lv.big_blind])
               for lv in s.levels]
        assert got == [(m, [r[0], r[1], money(r[2]), money(r[3])]) for m, r in rows]
        assert {lv.game for lv in s.levels} == {"holdem"}
        check_common_first_sheet(s, text, "holdem")
    s = load("hands_100k_holdem")
    assert [len(s.levels_for(n)) for n in (8, 9, 10, 19, 20, 30)] == [7, 7, 11, 11, 14, 14]


@needs_sheets
def test_stud_example_is_the_first_sheets_stud_table() -> None:
    text = sheet("000")
    rows = table_rows(cells(text, "Blinds For Stud Games & Other Games", "Breaks Every"), 5)
    assert len(rows) == 8
    s = load("hands_100k_stud")
    got = [(lv.min_players, [str(lv.number), f"{lv.hands} Hands", lv.ante, lv.small_bet, lv.big_bet])
           for lv in s.levels]
    assert got == [(m, [r[0], r[1], money(r[2]), money(r[3]), money(r[4])]) for m, r in rows]
    # the sheet's 7 card stud rule: the bring-in is half the low limit (the small bet)
    assert "bring in\", which means he must place 1/2 of the low limit" in text
    assert all(2 * lv.bring_in == lv.small_bet for lv in s.levels)
    assert {lv.game for lv in s.levels} == {"seven_card_stud"}
    check_common_first_sheet(s, text, "stud")
    assert [len(s.levels_for(n)) for n in (8, 9, 10, 14, 20, 28)] == [6, 6, 8, 8, 8, 8]


@needs_sheets
def test_trust_a_mate_buy_ins_and_payouts_by_event_type() -> None:
    text = sheet("000")
    for name, event in (("hands_100k_holdem", "Hold 'Em Tournaments"),
                        ("hands_100k_stud", "Stud & Other Tournaments"),
                        ("trust_a_mate_main_event", "Season Ending Main Event")):
        s = load(name)
        price, pool, percents = cash(text, event)
        assert (s.buy_in.price, s.buy_in.to_pool) == (price, pool), name
        n = s.entrants.maximum
        assert s.prize_pool(n) == pool * n
        assert s.payouts(n) == tuple(pool * n * p // 100 for p in percents), name
    assert cash(text, "Season Ending Main Event") == (5, 3, [50, 30, 20])


@needs_sheets
def test_club_examples_are_the_last_sheet() -> None:
    text = sheet("004")
    blinds = [tuple(money(x) for x in pair.split("/")) for pair in
              re.findall(r"(\$[\d,]+/\$[\d,]+)", text.split("Blind Raises", 1)[1].split("Final", 1)[0])]
    assert len(blinds) == 10
    values = [money(v) for v in re.findall(r"= (\$\d+)", text.split("Players start", 1)[0])]
    start = money(re.search(r"Players start with (\$[\d,]+) in chips", text).group(1))
    low, high = (money(x) for x in re.search(
        r"variation: Players start with (\$[\d,]+) - (\$[\d,]+) in chips depending on rank", text).groups())
    every, brk = (int(x) for x in re.search(
        r"blinds go up every (\d+) minutes with a (\d+) minute break every other", text).groups())
    f_every, f_brk, hour = (int(x) for x in re.search(
        r"variation: blinds go up every (\d+) minutes with a (\d+) minute break after each hour", text
    ).groups() + ("60",))
    club = load("club_3000")
    assert (club.starting_chips, list(club.chips.denominations)) == (start, values)
    assert [(lv.small_blind, lv.big_blind) for lv in club.levels] == blinds
    assert {lv.minutes for lv in club.levels} == {every}
    assert [(b.after_level, b.minutes) for b in club.breaks] == [(n, brk) for n in (2, 4, 6, 8)]
    final = load("club_final_4000_5000")
    assert [(lv.small_blind, lv.big_blind) for lv in final.levels] == blinds
    assert {lv.minutes for lv in final.levels} == {f_every}
    assert list(final.chips.denominations) == values
    stacks = [final.starting_chips_for(r) for r in range(1, 30)]
    assert (max(stacks), min(stacks)) == (high, low) and stacks == sorted(stacks, reverse=True)
    # a break after each hour of 30-minute levels: after levels 2, 4, 6, 8
    played = [sum(lv.minutes for lv in final.levels[:n]) for n in range(1, 11)]
    assert [(b.after_level, b.minutes) for b in final.breaks] == [
        (n, f_brk) for n in range(1, 10) if played[n - 1] % hour == 0]
    assert final.chips_in_play(10) == 5000 + 4800 + 4600 + 4400 + 4200 + 5 * 4000


def points_rows(text: str) -> list[tuple[int, int | None, list[int]]]:
    """The first sheet's bonus table: (smallest field, largest or None for "N+", percent by
    place) per row."""
    part = text.split("divided up on the following basis.", 1)[1].split("EXAMPLE BELOW", 1)[0]
    rows = []
    for lo, hi, plus, rest in re.findall(r"\| (\d+)(?:-(\d+)|(\+)) \|((?: [\d%-]+ \|)+)", part):
        assert bool(hi) != bool(plus)
        rows.append((int(lo), int(hi) if hi else None, [int(p) for p in re.findall(r"(\d+)%", rest)]))
    return rows


@needs_sheets
def test_club_points_are_the_first_sheets_tour_points() -> None:
    """club_3000 scores the first sheet's tour points (the club sheet gives none): points
    per player beaten, the bonus pool per entrant, the bonus table for every field size,
    and the example's 5,000 regular points for 4th of 4."""
    text = sheet("000")
    rows = points_rows(text)
    assert [(lo, hi) for lo, hi, _ in rows] == [(1, 10), (11, 15), (16, 20), (21, None)]
    club = load("club_3000")
    pts = club.points
    assert pts is not None
    beaten, per_entrant = (money(x) for x in re.search(
        r"receives ([\d,]+) points for every player they finish above.*?calculated as follows "
        r"([\d,]+) points \* tournament entrants", text).groups())
    assert (pts.per_player_beaten, pts.bonus_per_entrant) == (beaten, per_entrant)
    tables = [(t.min_entrants, t.max_entrants, [int(p) for p in t.percents]) for t in pts.bonus_tables]
    # the file's tables are the sheet's rows: "1-10" from 3 players (three places paid),
    # "21+" up to the file's largest field
    assert tables == [(max(lo, len(pc)), hi or club.entrants.maximum, pc) for lo, hi, pc in rows]
    # the sheet's example, four entrants: its totals column, 4th's regular points included
    totals = [money(x) for x in re.findall(r"\| \d\w\w \| [\d,-]+ \| [\d,]+ \| ([\d,]+) \|",
                                          text.split("EXAMPLE BELOW", 1)[1][:400])]
    assert list(pts.by_place(4)) == totals == [50_000, 32_000, 18_000, 5_000]
    assert pts.by_place(11)[:5] == (152_800, 119_700, 96_500, 81_000, 60_000)


DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"


def test_the_sheets_fields_example_of_the_docs_parses() -> None:
    from pyeval.tournament.structure import parse_structure

    text = DOC.read_text(encoding="utf-8")
    block = text.split("### The rule sheets' fields", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    s = parse_structure(block, "docs/tournament.md")
    assert [(lv.hands, lv.minutes, lv.ante_by, lv.min_players) for lv in s.levels] == [
        (6, 12, "each", 0), (6, 12, "big_blind", 0), (12, 24, "big_blind", 10), (12, 24, "big_blind", 20)]
    assert [len(s.levels_for(n)) for n in (8, 10, 19, 20)] == [2, 3, 3, 4]
    assert [(b.after_level, b.minutes) for b in s.breaks] == [(2, 5)]
    assert [s.starting_chips_for(r) for r in (1, 2, 3, 30)] == [5000, 4500, 4000, 4000]
    assert s.chips_in_play(8) == 5000 + 4500 + 6 * 4000
    assert s.chips_in_play(8, re_entries=2) == 5000 + 4500 + 8 * 4000
    assert s.prize_pool(10, re_entries=3) == 13 and s.payouts(10, re_entries=3) == (13,)
    assert s.late_players is not None and s.late_players.cut_off_minutes == 30
    assert s.late_registration is not None and s.late_registration.until_level == 2
    assert s.re_entry is not None and (s.re_entry.per_player, s.re_entry.to_pool) == (1, 1)
    assert (s.tables.balance_rule, s.tables.equal_tables) == ("same_position", "card_draw")
    gaps = s.simulator_gaps()
    assert len(gaps) == 1 and not any(w in g for g in gaps        # simulated now
                                      for w in ("big-blind antes", "larger fields",
                                                "balancing", "card draw", "by rank",
                                                "late and absent", "late registration",
                                                "re-entry"))
    assert s.clock() == []          # levels counted in hands have no fixed clock


def test_the_python_examples_of_the_docs_hold() -> None:
    import doctest

    import pyeval.tournament as tournament

    text = DOC.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    blocks = [b for b in blocks if ">>>" in b]
    assert len(blocks) >= 5
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, dict(vars(tournament)), f"block {i}", str(DOC), 0)
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


@needs_sheets
def test_limit_then_no_limit_example_is_the_fourth_sheet() -> None:
    text = sheet("003")
    s = load("limit_then_nolimit_2500")
    assert (s.buy_in.price, s.starting_chips) == tuple(
        money(x) for x in re.search(r"Your (\$\d+) entrance fee gets you (\$\d+) in chips", text).groups())
    assert "the first 9 levels will be 20 minutes long" in text
    assert {lv.minutes for lv in s.levels[:9]} == {20}
    brk = int(re.search(r"There will be a (\d+) minute break after every two levels", text).group(1))
    assert [(b.after_level, b.minutes) for b in s.breaks] == [(n, brk) for n in range(2, 14, 2)]
    assert "Levels 1-4 will be limit hold’em; levels 5-10 will be no-limit hold’em" in text
    assert [lv.betting for lv in s.levels[:10]] == ["fixed_limit"] * 4 + ["no_limit"] * 6
    assert "Anteing starts at level 5" in text and "(heads-up), anteing will stop" in text
    assert [lv.ante > 0 for lv in s.levels[:5]] == [False] * 4 + [True] and s.antes_stop_heads_up


@needs_sheets
def test_add_on_example_is_the_third_sheet() -> None:
    text = sheet("002")
    s = load("addon_3500")
    assert s.entrants.maximum == int(re.search(r"Maximum number of players - (\d+)", text).group(1))
    assert s.entrants.minimum == 1 + int(re.search(r"in excess of (\d+) players", text).group(1))
    assert (s.buy_in.price, s.starting_chips) == tuple(money(x) for x in re.search(
        r"initial buy-in is (\$\d+)\. This will purchase ([\d,]+) in tournament chips", text).groups())
    assert s.add_on is not None
    assert (s.add_on.price, s.add_on.chips) == tuple(money(x) for x in re.search(
        r"Add-on are (\$\d+) and will purchase ([\d,]+) in tournament chips", text).groups())
    assert s.add_on.before_level == int(re.search(r"prior to the first hand of round (\d+)", text).group(1))
    assert s.add_on.per_player == 1
    merge = int(re.search(r"remaining players equal (\d+), we will combine", text).group(1))
    assert s.tables.seats_when_merging == merge


def _header(name: str) -> str:
    """The comment lines at the top of an example, joined, whitespace collapsed."""
    lines = []
    for line in (REPO_EXAMPLES / f"{name}.toml").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("# "))
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("name", sorted(p.stem for p in REPO_EXAMPLES.glob("*.toml")))
def test_every_example_says_which_numbers_are_the_sheets(name: str) -> None:
    head = _header(name)
    assert "From the rule sheet" in head or "The sheet's" in head, name
    assert "Assumed" in head, name


@needs_sheets
def test_trust_a_mate_files_state_the_sheets_mate_chip_buy_in() -> None:
    """The mate-chip buy-in (a tour currency, not in the files' [buy_in]) is stated in each
    file's header as the sheet's table gives it; the sheet's mate-chip payout table is cut
    off after its heading, so no file states one."""
    text = sheet("000")
    part = text.split("Mate Chip Buy-Ins And Payouts", 1)[1]
    assert part.rstrip(" |").endswith("The total prize pool will be paid out as follows!")
    for name, event in (("hands_100k_holdem", "Hold 'Em Tournaments"),
                        ("hands_100k_stud", "Stud & Other Tournaments"),
                        ("trust_a_mate_main_event", "Season Ending Main Event")):
        chips = re.search(re.escape(event) + r" \| ([\d,]+) \|", part).group(1)
        what = "the Main Event" if "Main" in event else "this event type"
        assert f"mate-chip buy-in for {what} is {chips} mate chips" in _header(name), name
