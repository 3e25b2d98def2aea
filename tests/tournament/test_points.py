"""Tour points as on the rule sheet."""

from fractions import Fraction

from pyeval.tournament.payouts import PayoutTable
from pyeval.tournament.placings import Placing
from pyeval.tournament.points import PointsRules

SHEET = (PayoutTable(3, 10, (Fraction(50), Fraction(30), Fraction(20))),)
#: the first sheet's whole bonus table by field size: 1-10 (from 3), 11-15, 16-20, 21+
SHEET_ALL = SHEET + (PayoutTable(11, 15, tuple(map(Fraction, (48, 27, 15, 10)))),
                     PayoutTable(16, 20, tuple(map(Fraction, (46, 26, 13, 9, 6)))),
                     PayoutTable(21, 1000, tuple(map(Fraction, (43, 25, 12, 8, 7, 5)))))


def test_four_entrants_example_of_the_sheet() -> None:
    # 10,000 per player beaten + 50/30/20 of a 10,000 x 4 bonus pool
    rules = PointsRules(10_000, 10_000, SHEET)
    assert rules.by_place(4) == (50_000, 32_000, 18_000, 0)
    # the sheet's 4th place 5,000 is not produced by its rule: it is the participation award
    with_award = PointsRules(10_000, 10_000, SHEET, participation_award=5_000)
    assert with_award.by_place(4) == (50_000, 32_000, 18_000, 5_000)
    everyone = PointsRules(10_000, 10_000, SHEET, participation_award=5_000, participation_for="everyone")
    assert everyone.by_place(4) == (55_000, 37_000, 23_000, 5_000)


def test_ten_entrants_and_fields_without_bonus() -> None:
    rules = PointsRules(10_000, 10_000, SHEET)
    assert rules.by_place(10)[:4] == (140_000, 110_000, 90_000, 60_000)
    assert rules.by_place(11)[:2] == (100_000, 90_000)  # no table for 11: no bonus
    assert PointsRules(10_000, 10_000, SHEET_ALL).by_place(2) == (10_000, 0)   # none for 2


def test_larger_fields_share_the_bonus_by_the_sheets_table() -> None:
    """The sheet's bonus for 11-15 players pays four places (48/27/15/10), 16-20 five,
    21+ six: 11 entrants share 110,000 bonus points as 52,800 / 29,700 / 16,500 / 11,000."""
    rules = PointsRules(10_000, 10_000, SHEET_ALL)
    assert rules.by_place(11)[:5] == (152_800, 119_700, 96_500, 81_000, 60_000)
    assert rules.by_place(16)[:6] == (223_600, 181_600, 150_800, 134_400, 119_600, 100_000)
    assert rules.by_place(30)[:7] == (419_000, 355_000, 306_000, 284_000, 271_000, 255_000,
                                      230_000)
    for n in (11, 16, 21, 40):       # the whole pool is shared, none lost to rounding
        assert sum(rules.bonus(n)) == 10_000 * n


def test_shared_places_share_bonus_and_beat_the_same_players() -> None:
    rules = PointsRules(10_000, 10_000, SHEET)
    got = rules.award([Placing("a", 1), Placing("b", 2, 2), Placing("c", 2, 2), Placing("d", 4)])
    # b and c share the points of 2nd and 3rd: (32,000 + 18,000) / 2
    assert got == {"a": 50_000, "b": 25_000, "c": 25_000, "d": 0}
    assert sum(got.values()) == sum(rules.by_place(4))
