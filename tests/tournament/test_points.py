"""Tour points as on the rule sheet."""

from fractions import Fraction

from pyeval.tournament.payouts import PayoutTable
from pyeval.tournament.placings import Placing
from pyeval.tournament.points import PointsRules

SHEET = (PayoutTable(3, 10, (Fraction(50), Fraction(30), Fraction(20))),)


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


def test_shared_places_share_bonus_and_beat_the_same_players() -> None:
    rules = PointsRules(10_000, 10_000, SHEET)
    got = rules.award([Placing("a", 1), Placing("b", 2, 2), Placing("c", 2, 2), Placing("d", 4)])
    # b and c share the points of 2nd and 3rd: (32,000 + 18,000) / 2
    assert got == {"a": 50_000, "b": 25_000, "c": 25_000, "d": 0}
    assert sum(got.values()) == sum(rules.by_place(4))
