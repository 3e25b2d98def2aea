"""Levels: each level playable, no stake shrinking, breaks, the clock."""

from dataclasses import fields

import pytest

from pyeval.rules import Structure
from pyeval.tournament.errors import FieldError
from pyeval.tournament.levels import (
    AMOUNTS,
    Break,
    Level,
    check_breaks,
    check_level,
    check_levels,
    clock,
)

#: what every warning of the old stake names says
GONE = "is deprecated and is removed in pyeval 0.3.0 (not before 1 June 2027)"


def nl(n: int, sb: int, bb: int, **kw) -> Level:
    return Level(n, "holdem", kw.pop("betting", "no_limit"), small_blind=sb, big_blind=bb,
                 minutes=kw.pop("minutes", 20), **kw)


def test_level_and_rules_structure_declare_the_same_chip_amounts() -> None:
    # a level becomes a rules-model Structure field for field: both declare the six chip
    # amounts, in one run and in AMOUNTS' order (each keeps its own positional constructor)
    for cls in (Level, Structure):
        names = [f.name for f in fields(cls)]
        start = names.index(AMOUNTS[0])
        assert tuple(names[start:start + len(AMOUNTS)]) == AMOUNTS, cls
    lv = Level(1, "seven_card_stud", "fixed_limit", 0, 0, 5, 10, 30, 60, hands=6)
    st = Structure("fixed_limit", 0, 0, 5, 10, 30, 60)
    assert [getattr(lv, n) for n in AMOUNTS] == [getattr(st, n) for n in AMOUNTS] \
        == [0, 0, 5, 10, 30, 60]
    assert lv.chip_amounts() == (5, 10, 30, 60)


def test_big_blind_below_small_blind_is_refused() -> None:
    with pytest.raises(FieldError) as err:
        check_level(nl(3, 100, 50), 2)
    assert err.value.path == ("levels", 2, "big_blind")
    assert "big_blind 50 is smaller than small_blind 100" in str(err.value)


def test_shrinking_blinds_are_refused_equal_blinds_allowed() -> None:
    check_levels([nl(1, 50, 100, betting="fixed_limit", small_bet=100, big_bet=200), nl(2, 50, 100)])
    with pytest.raises(FieldError) as err:
        check_levels([nl(1, 50, 100), nl(2, 50, 75)])
    assert err.value.path == ("levels", 1, "big_blind")


def test_stud_level_needs_bring_in_and_limits_in_order() -> None:
    stud = dict(game="seven_card_stud", betting="fixed_limit", hands=6)
    check_level(Level(1, ante=200, bring_in=500, small_bet=1000, big_bet=2000, **stud), 0)
    with pytest.raises(FieldError, match="bring_in"):
        check_level(Level(1, ante=200, small_bet=1000, big_bet=2000, **stud), 0)
    with pytest.raises(FieldError, match="big_bet 500 is smaller than small_bet 1000"):
        check_level(Level(1, ante=200, bring_in=500, small_bet=1000, big_bet=500, **stud), 0)
    with pytest.raises(FieldError, match="has no blinds"):
        check_level(Level(1, small_blind=5, bring_in=500, small_bet=1000, big_bet=2000, **stud), 0)


def test_duration_is_minutes_or_hands_with_a_minutes_equivalent() -> None:
    # issue 11: a level counted in hands keeps a minutes equivalent (the simulator's clock)
    both = Level(1, "holdem", "no_limit", small_blind=1, big_blind=2, minutes=20, hands=6)
    check_level(both, 0)
    assert both.duration == (6, "hands")
    with pytest.raises(FieldError, match="exactly one of minutes and hands"):
        check_level(Level(1, "holdem", "no_limit", small_blind=1, big_blind=2), 0)


def test_breaks_only_between_levels() -> None:
    levels = [nl(i, 25 * i, 50 * i) for i in (1, 2, 3)]
    check_breaks([Break(1, 10), Break(2, 10)], levels)
    for bad in (Break(0, 10), Break(3, 10)):
        with pytest.raises(FieldError):
            check_breaks([bad], levels)
    with pytest.raises(FieldError, match="two breaks"):
        check_breaks([Break(1, 10), Break(1, 5)], levels)


def test_clock_of_the_club_sheet() -> None:
    levels = [nl(i, 25 * i, 50 * i) for i in range(1, 11)]
    entries = clock(levels, [Break(n, 10) for n in (2, 4, 6, 8)])
    assert [(e.kind, e.number, e.start) for e in entries][:4] == [
        ("level", 1, 0), ("level", 2, 20), ("break", 2, 40), ("level", 3, 50)]
    assert entries[-1] == entries[-1].__class__("level", 10, 220, 240)


def test_old_stake_names_are_deprecated_aliases_of_small_and_big_bet() -> None:
    # issue 14: one stake vocabulary (small_bet / big_bet); the rule sheets' low / high limit
    # names keep working, with a DeprecationWarning
    stud = dict(game="seven_card_stud", betting="fixed_limit", ante=200, bring_in=500, hands=6)
    with pytest.warns(DeprecationWarning) as got:
        old = Level(1, low_limit=1000, high_limit=2000, **stud)
    assert [str(w.message) for w in got] == [f"Level: low_limit {GONE}; use small_bet",
                                             f"Level: high_limit {GONE}; use big_bet"]
    assert got[0].filename == __file__              # the warning points at the caller
    assert old == Level(1, small_bet=1000, big_bet=2000, **stud)
    assert (old.small_bet, old.big_bet) == (1000, 2000)
    with pytest.warns(DeprecationWarning) as got:
        assert (old.low_limit, old.high_limit) == (1000, 2000)
    assert [str(w.message) for w in got] == [f"Level: low_limit {GONE}; use small_bet",
                                             f"Level: high_limit {GONE}; use big_bet"]
    assert got[1].filename == __file__
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="give small_bet only"):
        Level(1, small_bet=1000, low_limit=800, **stud)
    # the same value under both names is accepted
    with pytest.warns(DeprecationWarning):
        assert Level(1, small_bet=1000, big_bet=2000, low_limit=1000, **stud) == old
