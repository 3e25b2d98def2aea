"""The simulator's table of game facts is the game registry's, column by column, and the
registry's discard facts (``discard_street``, ``discards``) read the sheets' deals."""
from __future__ import annotations

import doctest

import pytest

import pyeval.games as games
from pyeval.games import REGISTRY, Choice, Street, holdem, stud
from pyeval.sim.kernel.variants import facts as F


def test_discard_facts_of_the_registry():
    got = {g.key: (g.discard_street, g.discards) for g in REGISTRY.games if g.discards}
    assert got == {"irish": (1, 2), "pineapple": (0, 1), "crazy_pineapple": (1, 1),
                   "australian": (0, 1)}
    assert all(g.discard_street is None for g in REGISTRY.games if not g.discards)


def test_one_discarding_street_at_most():
    with pytest.raises(ValueError, match="at most one street may discard"):
        stud("Two discards", [Street("a", down=3, discard=1), Street("b", down=2, discard=1)])


@pytest.mark.parametrize("e", REGISTRY.entries, ids=lambda e: e.key)
def test_each_row_is_the_registrys(e):
    r = F.FACTS[e.code]
    assert r[F.FAMILY] == F.FAMILY_CODES[e.family]
    if isinstance(e, Choice):
        return
    assert (r[F.DEALT], r[F.HOLE], r[F.BOARD]) == (e.dealt_hole_cards, e.hole_cards,
                                                  e.board_cards)
    assert r[F.DISCARD_STREET] == (-1 if e.discard_street is None else e.discard_street)
    assert r[F.DISCARD] == e.discards
    assert (r[F.MIN_HOLE], r[F.MAX_HOLE]) == (e.min_hole, -1 if e.max_hole is None else e.max_hole)
    assert r[F.RESTRICTED] == (e.restricted or 0)
    assert r[F.SPLIT] == {("high",): 0, ("razz",): 0, ("high", "low8"): 1,
                          ("high", "chicago"): 2}[e.parts]
    assert r[F.RAZZ] == (e.parts == ("razz",))
    assert [i for i in range(16) if r[F.DOWN_MASK] >> i & 1] == list(e.down_positions)
    assert r[F.STREETS] == len(e.streets) and r[F.MAX_PLAYERS] == e.max_players
    for k, s in enumerate(e.streets):
        assert (r[F.ST_DOWN + k], r[F.ST_UP + k]) == (s.down, s.up)
        flags = r[F.ST_FLAGS + k]
        assert bool(flags & F.S_BURN) == s.burn and bool(flags & F.S_BIG) == s.big_bet
        assert bool(flags & F.S_BRING) == s.bring_in and bool(flags & F.S_DRAW) == s.draw
        assert bool(flags & F.S_OPEN_PAIR) == s.open_pair


def test_sheet_deals_in_the_table():
    # Buffalo: three down cards and no up card on third street, so nobody brings in
    b = F.FACTS[F.code_of("buffalo")]
    assert (b[F.ST_DOWN], b[F.ST_UP], b[F.ST_FLAGS] & F.S_BRING) == (3, 0, 0)
    # Australian: three down and one up, one down card discarded after the betting
    a = F.FACTS[F.code_of("australian")]
    assert (a[F.ST_DOWN], a[F.ST_UP], a[F.DISCARD_STREET], a[F.DEALT], a[F.HOLE]) == (3, 1, 0, 8, 7)
    # 5 Card Draw: one draw street, burned before
    d = F.FACTS[F.code_of("five_card_draw")]
    assert d[F.ST_FLAGS + 1] & (F.S_DRAW | F.S_BURN) == F.S_DRAW | F.S_BURN


def test_a_registry_with_a_new_game_gets_its_row():
    reg = REGISTRY.extended(holdem("Mini", 2, key="mini", code=40, discard_preflop=0))
    t = F.facts_table(reg)
    assert t.shape == (41, F.COLS) and t[40, F.DEALT] == 2 and not t.flags.writeable


def test_registry_doctests():
    assert doctest.testmod(games, optionflags=doctest.ELLIPSIS).failed == 0
