"""A kernel per family (pyeval.sim.kernel.kernel_games): each structure gets the smallest kernel that
plays every game it deals (a structure of two families the kernel of the two, a wider mix the
kernel of every game), and a
kernel handed a hand of a family it was compiled without stops that tournament (error 4)
and simulate() says so, rather than playing it wrong."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from pyeval.games import REGISTRY
from pyeval.sim import simulate
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.engine import engine
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel.kernel_games import (
    BUTTON_AND_DRAW,
    BUTTON_AND_STUD,
    BUTTON_GAMES,
    BUTTON_VARIANTS,
    DRAW_ONLY,
    EVERY_GAME,
    PLAIN_STUD,
    PLAIN_STUD_AND_DRAW,
    STUD_AND_DRAW,
    STUD_ONLY,
    kernel_games,
    widest,
)
from pyeval.sim.kernel.layout import REC_GAME

from .conftest import small_structure, stud_structure
from .test_games_kernel import _replay_all, _simulate_checked


def _kind(marker) -> str:
    return "None" if marker is None else str(np.asarray(marker).dtype)


@pytest.mark.parametrize("button,variants,stud,draw",
                         list(itertools.product((False, True), repeat=4)))
def test_the_smallest_kernel_for_each_mix_of_families(button, variants, stud, draw):
    m = kernel_games(button=button, variants=variants, stud=stud, draw=draw)
    if stud and draw and not button and not variants:
        assert m is STUD_AND_DRAW
    elif button and not variants and stud != draw:
        assert m is (BUTTON_AND_STUD if stud else BUTTON_AND_DRAW)
    elif (stud or draw) and (button or variants or (stud and draw)):
        assert m is EVERY_GAME
    elif stud:
        assert m is STUD_ONLY
    elif draw:
        assert m is DRAW_ONLY
    elif variants:
        assert m is BUTTON_VARIANTS
    else:
        assert m is BUTTON_GAMES


def test_the_markers_are_told_apart_by_their_numba_types():
    from numba import typeof

    from pyeval.sim.kernel.kernel_games import (
        has_button,
        has_draw,
        has_hooks,
        has_stud,
        has_stud_rules,
    )

    rows = {_kind(m): (has_button(typeof(m)), has_hooks(typeof(m)), has_stud(typeof(m)),
                       has_stud_rules(typeof(m)), has_draw(typeof(m)))
            for m in (BUTTON_GAMES, BUTTON_VARIANTS, STUD_ONLY, PLAIN_STUD, DRAW_ONLY,
                      STUD_AND_DRAW, PLAIN_STUD_AND_DRAW, BUTTON_AND_STUD, BUTTON_AND_DRAW,
                      EVERY_GAME)}
    assert rows == {"None": (True, False, False, False, False),
                    "int64": (True, True, False, False, False),
                    "float64": (False, False, True, True, False),
                    "uint8": (False, False, True, False, False),
                    "float32": (False, False, False, False, True),
                    "int32": (False, False, True, True, True),
                    "uint16": (False, False, True, False, True),
                    "int16": (True, False, True, True, False),
                    "int8": (True, False, False, False, True),
                    "bool": (True, True, True, True, True)}


def test_only_the_rarer_stud_rules_take_the_stud_kernel_with_them():
    """The plain stud kernel for a structure of stud games only, none of them with a
    restricted hole, Chicago's part or Australian's discard; any such game (itself or in a
    dealer's choice rotation) the stud kernel with those rules."""
    from pyeval.sim.kernel.variants.facts import STUD_RULES

    rare = sorted(e.key for e in REGISTRY if STUD_RULES[e.code])
    assert rare == ["australian", "buffalo", "chicago", "crocodile"]
    assert kernel_games(button=False, variants=False, stud=True, draw=False,
                        stud_rules=False) is PLAIN_STUD
    # with the draw, the plain kernel of the two; with a button game the rules stay in
    assert kernel_games(button=False, variants=False, stud=True, draw=True,
                        stud_rules=False) is PLAIN_STUD_AND_DRAW
    assert kernel_games(button=True, variants=False, stud=True, draw=False,
                        stud_rules=False) is BUTTON_AND_STUD
    assert widest(PLAIN_STUD_AND_DRAW) is EVERY_GAME


def _level(game: str, k: int) -> LevelSpec:
    """Level stakes ``k`` times the smallest of ``game``'s kind: blinds for a button game,
    antes and limits for the draw, a bring-in as well for a stud game."""
    family = REGISTRY.game(game).family
    if family == "holdem":
        return LevelSpec(25 * k, 50 * k, game=game, betting="no_limit")
    return LevelSpec(0, 0, 25 * k, bring_in=25 * k if family == "stud" else 0,
                     small_bet=50 * k, big_bet=100 * k, game=game, betting="fixed_limit")


def _mixed(first: str = "holdem", second: str = "seven_card_stud"):
    """Two levels of ``first``, then levels of ``second``, at tables of 7."""
    levels = [_level(first, 1), _level(first, 2)] + [_level(second, k) for k in (2, 4, 8, 16)]
    return small_structure(first, "no_limit", levels=levels, table_size=7)


@pytest.mark.parametrize("structure,kind", [
    ("club_3000", "None"),
    ("hands_100k_stud", "uint8"),
    (lambda: small_structure("irish", "pot_limit"), "int64"),
    (lambda: small_structure("omaha6", "pot_limit", table_size=7), "int64"),
    (lambda: stud_structure("razz"), "uint8"),
    (lambda: stud_structure("buffalo"), "float64"),
    (lambda: stud_structure("dealers_choice_stud"), "float64"),
    (lambda: small_structure("five_card_draw", "fixed_limit"), "float32"),
    (lambda: small_structure("dealers_choice", "pot_limit"), "int64"),
    (_mixed, "int16"),
    (lambda: _mixed("holdem", "five_card_draw"), "int8"),
    (lambda: _mixed("seven_card_stud", "five_card_draw"), "uint16"),
    (lambda: _mixed("buffalo", "five_card_draw"), "int32"),
    (lambda: _mixed("irish", "seven_card_stud"), "bool"),
])
def test_each_structure_gets_the_kernel_of_its_families(structure, kind):
    from pyeval.tournament.structure import load_structure

    st = load_structure(structure) if isinstance(structure, str) else structure()
    assert _kind(engine.kernel_marker(build_spec(st, 14))) == kind


@pytest.mark.slow
def test_a_structure_of_two_families_plays_both_in_the_kernel_of_the_two():
    """Hold'em levels, then 7 card stud (the kernel of the button games and stud): every
    hand's chips checked, one winner and a full order, both games dealt, and every recorded
    hand replayed by the rules model."""
    r = _simulate_checked(_mixed(), 5, n=3, hands=80, stride=2)
    dealt = {int(row[REC_GAME]) for row in r.records}
    assert dealt == {REGISTRY.game("holdem").code, REGISTRY.game("seven_card_stud").code}
    hands, showdowns = _replay_all(r.records)
    assert hands == len(r.records) > 100 and showdowns > 10


@pytest.mark.parametrize("structure,wrong", [
    (lambda: stud_structure("seven_card_stud"), BUTTON_GAMES),   # stud in the hold'em kernel
    (lambda: stud_structure("seven_card_stud"), DRAW_ONLY),      # stud in the draw kernel
    (lambda: small_structure("five_card_draw", "fixed_limit"), STUD_ONLY),
    (lambda: small_structure("holdem", "no_limit"), STUD_ONLY),  # hold'em in the stud kernel
    pytest.param(lambda: stud_structure("australian"), PLAIN_STUD,  # the rarer rules left out
                 marks=pytest.mark.slow),
    pytest.param(lambda: stud_structure("australian"), PLAIN_STUD_AND_DRAW,   # likewise
                 marks=pytest.mark.slow),
])
def test_a_kernel_stops_at_a_hand_of_a_family_it_was_compiled_without(structure, wrong,
                                                                       monkeypatch):
    """Error 4 (an engine bug if it ever happens): the tournament stops at the first such
    hand, and simulate() raises instead of returning half-played tournaments."""
    monkeypatch.setattr(engine, "kernel_marker", lambda spec: wrong)
    # after a warm-up in the same cache (tests/sim/test_compile.py) every structure takes the
    # warm-up's widest kernels: the plain stud marker would become the full stud kernel
    monkeypatch.setattr(engine, "warmed", lambda: False)
    engine._remember(None, None, ())            # no prepared inputs of another marker
    st = structure()
    spec = build_spec(st, 14)
    chunk = engine.run_chunk(spec, engine.kernel_inputs("balanced", 14), 3, 0, 2,
                             parallel=False)
    from pyeval.sim.kernel.layout import R_ERROR, R_HANDS
    assert (chunk.res_i[:, R_ERROR] == 4).all()
    assert (chunk.res_i[:, R_HANDS] == 0).all()      # stopped at the first hand
    with pytest.raises(RuntimeError, match="game family the kernel was compiled without"):
        simulate(st, n=2, seed=3, threads=1)
    engine._remember(None, None, ())


@pytest.mark.slow
def test_same_results_from_the_kernel_of_every_game_and_the_stud_kernel():
    """The stud kernel plays a stud structure exactly as the kernel of every game does
    (same draws, same decisions: the hands are the same code, compiled into less)."""
    st = stud_structure("seven_card_stud_hilo")
    a = simulate(st, n=3, seed=11, threads=1, record_tournaments=1, record_hands=40)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "kernel_marker", lambda spec: EVERY_GAME)
        engine._remember(None, None, ())
        b = simulate(st, n=3, seed=11, threads=1, record_tournaments=1, record_hands=40)
        engine._remember(None, None, ())
    assert np.array_equal(a.place, b.place) and np.array_equal(a.duration, b.duration)
    assert np.array_equal(a.records, b.records)


def test_a_simulation_calls_no_linked_function_from_python():
    """The kernels' helpers are compiled for compiled callers only
    (:func:`pyeval.jit.numba_linked.linked`); one called from Python would compile an uncached
    twin of itself in every process. A simulation of each kernel's games makes none."""
    from pyeval.jit.numba_linked import PYTHON_TWINS

    before = len(PYTHON_TWINS)
    hands = [int(simulate(st, n=1, seed=3, threads=1).hands.sum()) for st in (
        "club_3000", small_structure("irish", "pot_limit"), stud_structure("razz"),
        small_structure("five_card_draw", "fixed_limit"))]
    assert min(hands) > 0
    assert PYTHON_TWINS[before:] == []
