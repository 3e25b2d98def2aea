"""Whole tournaments: chips conserved, one winner, a complete order, reproducible."""
from __future__ import annotations

import numba
import numpy as np
import pytest

from pyeval.sim import simulate
from pyeval.sim.engine.engine import chunk_bounds

FIELDS = ["push_fold", "balanced", {"tight_passive": 1, "loose_aggressive": 1, "push_fold": 1}]


def check_complete(r) -> None:
    """Every tournament: one winner, each entrant placed once, places consistent."""
    P = r.players
    for t in range(r.n):
        assert sorted(r.order[t].tolist()) == list(range(P))
        place, shares = r.place[t], r.shares[t]
        assert (place == 1).sum() == 1 and shares[place == 1][0] == 1
        assert r.winner[t] == r.order[t, 0]
        # a shared place: all sharers have the same place and count
        for p in range(P):
            k = shares[p]
            group = np.flatnonzero(place == place[p])
            assert len(group) == k
        # the order lists places 1..P; shared places stay together
        assert (np.diff(place[r.order[t]]) >= 0).all()
        # higher places are eliminated no earlier
        times = r.elim_time[t, r.order[t]]
        assert (np.diff(times) <= 1e-9).all()


@pytest.mark.parametrize("field", FIELDS, ids=["push_fold", "balanced", "mixed"])
@pytest.mark.parametrize("name", ["club_3000", "addon_3500", "limit_then_nolimit_2500",
                                  "two_stage_table_winners", "hands_100k_stud", "plo",
                                  "omaha_hilo", "limit_holdem", "razz", "stud_hilo",
                                  "dealers_choice", "dealers_choice_stud"])
def test_chips_conserved_and_order_complete(structures, name, field):
    # debug=True checks the chip total after every hand and raises if it changes
    r = simulate(structures[name], n=40, seed=3, field=field, debug=True)
    assert (r.errors == 0).all()
    check_complete(r)
    assert (r.duration > 0).all() and (r.hands > 0).all()


def test_same_seed_same_result_any_threads(club):
    old = numba.get_num_threads()
    try:
        one = simulate(club, n=24, seed=42, threads=1)
        two = simulate(club, n=24, seed=42, threads=min(2, numba.config.NUMBA_NUM_THREADS))
    finally:
        numba.set_num_threads(old)
    for a in ("duration", "hands", "place", "order", "elim_time", "level_stats"):
        assert np.array_equal(getattr(one, a), getattr(two, a)), a


def test_chunking_does_not_change_results(club):
    a = simulate(club, n=30, seed=9, chunk=30)
    b = simulate(club, n=30, seed=9, chunk=7)
    assert np.array_equal(a.place, b.place) and np.array_equal(a.duration, b.duration)


def test_tournament_i_depends_only_on_seed_and_i(club):
    whole = simulate(club, n=10, seed=5)
    from pyeval.sim.engine.engine import kernel_inputs, run_chunk
    from pyeval.sim.engine.spec import build_spec
    spec = build_spec(club)
    part = run_chunk(spec, kernel_inputs("balanced", spec.players), 5, 6, 3)
    assert np.array_equal(part.place, whole.place[6:9])


def test_different_seeds_differ(club):
    a = simulate(club, n=10, seed=1)
    b = simulate(club, n=10, seed=2)
    assert not np.array_equal(a.place, b.place)


def test_chunk_bounds():
    assert chunk_bounds(5, 2) == [(0, 2), (2, 2), (4, 1)]
    with pytest.raises(ValueError, match="chunk size"):
        chunk_bounds(5, 0)


def test_field_list_assigns_models_per_entrant(club):
    r = simulate(club, n=4, seed=1, players=10, field=["push_fold"] * 5 + ["balanced"] * 5)
    assert [m.name for m in r.models] == ["push_fold", "balanced"]


def test_bad_arguments(club):
    with pytest.raises(ValueError, match="at least 2 players"):
        simulate(club, n=1, players=1)
    with pytest.raises(ValueError, match="n \\(tournaments\\)"):
        simulate(club, n=0)
    with pytest.raises(ValueError, match="unknown player model"):
        simulate(club, n=1, field="shark")
    with pytest.raises(ValueError, match="one model per entrant"):
        simulate(club, n=1, players=5, field=["balanced"] * 4)
    from dataclasses import replace

    from pyeval.tournament.structure import load_structure
    stud = load_structure("hands_100k_stud")
    with pytest.raises(ValueError, match="at most 8 a table"):
        simulate(replace(stud, tables=replace(stud.tables, table_size=9)), n=1)
    with pytest.raises(ValueError, match="fixed limit only"):
        simulate(replace(stud, levels=tuple(replace(lv, betting="pot_limit")
                                            for lv in stud.levels)), n=1)
    from .conftest import small_structure
    with pytest.raises(ValueError, match="6 Card Omaha deals 6 cards each; the simulator "
                                         "seats at most 7 a table"):
        simulate(small_structure("omaha6", "pot_limit", table_size=8), n=1)


def test_two_stage_final_table_has_the_table_winners(structures):
    s = structures["two_stage_table_winners"]
    r = simulate(s, n=20, seed=2, debug=True)
    tables = int(r.tables[0])
    assert tables == 3
    # the final table forms when the last first-round table is down to its winner, and the
    # final-stage chips are fresh: level statistics restart
    assert (r.final_table > 0).all()
    assert (r.final_table <= r.duration).all()


def test_addon_and_rebuy_counts(structures):
    r = simulate(structures["addon_3500"], n=20, seed=1, addon_chance=1.0)
    assert (r.addons > 0).all()
    r0 = simulate(structures["addon_3500"], n=20, seed=1, addon_chance=0.0)
    assert (r0.addons == 0).all()
    from .conftest import small_structure
    text_struct = small_structure(entrants=12)
    # a rebuy event: the busted rebuy while allowed
    from dataclasses import replace

    from pyeval.tournament.structure import Rebuys
    rb = replace(text_struct, rebuys=Rebuys(price=20, chips=1500, until_level=3, per_player=2))
    r1 = simulate(rb, n=30, seed=4, debug=True)
    assert r1.rebuys.max() > 0 and (r1.rebuys <= 2 * 12).all()
    check_complete(r1)


@pytest.mark.parametrize("name", ["pyeval.sim.kernel.positions", "pyeval.sim.kernel.breaks", "pyeval.sim.kernel.work",
                                  "pyeval.sim.kernel.slots", "pyeval.sim.kernel.betting", "pyeval.sim.kernel.hand",
                                  "pyeval.sim.kernel.hand_start", "pyeval.sim.kernel.pots", "pyeval.sim.kernel.places",
                                  "pyeval.sim.kernel.table_moves", "pyeval.sim.kernel.kernel",
                                  "pyeval.jit.numba_mem"])
def test_kernel_module_doctests(name):
    """The examples in the kernel's modules run and hold (and each module has its docstring)."""
    import doctest
    import importlib

    mod = importlib.import_module(name)
    assert mod.__doc__
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
