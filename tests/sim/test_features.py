"""The kernel's switches of the rarer steps (pyeval.sim.kernel.features): each example structure
gets exactly the steps its settings use, so a plain structure compiles none of them (the
results are the same either way: bench/sim_identity_record.py)."""
from __future__ import annotations

import doctest

import pytest

from pyeval.sim.engine import engine
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel import features
from pyeval.sim.kernel.features import Features
from pyeval.tournament.structure import load_structure

from .conftest import small_structure, stud_structure


@pytest.fixture(autouse=True)
def _not_warmed(tmp_path, monkeypatch):
    """The warm-up's stamp read from an empty folder (a warm-up run by another test in this
    cache would otherwise give every structure the kernel with every step)."""
    monkeypatch.setattr(features, "_stamp", lambda: tmp_path / "stamp")


@pytest.mark.parametrize("structure,expected", [
    # (late players, add-ons, two stages, colour-ups, the fair_blinds break draw, the random
    # one, the card draw, the tables' own level clocks, one level clock for every table)
    # colour-ups, the fair_blinds break draw
    ("club_3000", Features(None, None, None, True, True, None, None, None, True)),
    # an add-on, no colour-up; same_position and fair_blinds
    ("addon_3500", Features(None, True, None, None, True, None, None, None, True)),
    # two stages, a colour-up, pyeval's seating convention
    ("two_stage_table_winners", Features(None, None, True, True, None, True, None, None, True)),
    # late players, a colour-up, every seating rule of the sheets, levels in hands at each
    # table, re-aligned at the breaks (so not the one clock of every table); the stud
    # example likewise
    ("hands_100k_holdem", Features(True, None, None, True, True, None, True, True, None)),
    ("hands_100k_stud", Features(True, None, None, True, True, None, True, True, None)),
    (lambda: stud_structure("razz"), Features(None, None, None, None, None, True, None, None, True)),
    (lambda: small_structure("five_card_draw", "fixed_limit"),
     Features(None, None, None, None, None, True, None, None, True)),
])
def test_each_structure_compiles_only_the_steps_it_uses(structure, expected):
    st = load_structure(structure) if isinstance(structure, str) else structure()
    spec = build_spec(st, 14)
    assert engine._prepared(spec, engine.kernel_inputs("balanced", 14))[3] == expected
    engine._remember(None, None, ())


def test_late_registration_turns_the_extras_on():
    from pyeval.sim.engine.warmup import _structure

    st = _structure("club_3000", 2)         # with a late registration
    spec = build_spec(st, 14, late_entries=2)
    feat = engine._prepared(spec, engine.kernel_inputs("balanced", 14))[3]
    assert (feat.late_players, feat.add_ons, feat.two_stages) == (True, True, True)
    engine._remember(None, None, ())


def test_the_module_examples_hold():
    assert doctest.testmod(features).failed == 0


def test_after_a_warm_up_every_structure_takes_the_kernels_it_compiled(tmp_path):
    """During and after ``pyeval warmup`` (its stamp in Numba's cache, for these sources),
    a plain structure takes the kernel with every step and a mix of families the kernel of
    every game: the kernels the warm-up compiled, not smaller ones of their own."""
    from pyeval.sim.engine.warmup import _structure
    from pyeval.sim.kernel.kernel_games import EVERY_GAME, PLAIN_STUD_AND_DRAW

    spec = build_spec(_structure("hands_100k_stud+draw", 0), 14)
    inputs = engine.kernel_inputs("balanced", 14)

    def prepared():
        engine._remember(None, None, ())
        return engine._prepared(spec, inputs)

    assert not features.warmed() and prepared()[2] is PLAIN_STUD_AND_DRAW
    with features.warming():
        assert prepared()[2] is EVERY_GAME and prepared()[3] == features.EVERY_STEP
    assert features.warmed() and (tmp_path / "stamp").read_text() == features._digest()
    assert prepared()[2] is EVERY_GAME and prepared()[3] == features.EVERY_STEP
    (tmp_path / "stamp").write_text("other sources")
    assert not features.warmed() and prepared()[3] != features.EVERY_STEP
    engine._remember(None, None, ())
