"""Shared structures for the simulation tests."""
from __future__ import annotations

import pytest

from pyeval.sim.analysis.structure_toml import LevelSpec, structure_toml
from pyeval.tournament.structure import load_structure, parse_structure

NL_LEVELS = [LevelSpec(25, 50), LevelSpec(50, 100), LevelSpec(100, 200, 25),
             LevelSpec(200, 400, 50), LevelSpec(400, 800, 100), LevelSpec(800, 1600, 200)]


def small_structure(game: str = "holdem", betting: str = "no_limit", *, entrants: int = 14,
                    starting: int = 1500, minutes: int = 10, table_size: int = 6,
                    levels=NL_LEVELS, **kw):
    """A short structure for tests: two or three tables, quick levels."""
    text = structure_toml(f"test {game} {betting}", entrants=entrants, starting=starting,
                          denominations=[25, 100, 500], levels=levels, minutes=minutes,
                          game=game, betting=betting, table_size=table_size, **kw)
    return parse_structure(text, f"<{game}-{betting}>")


STUD_LEVELS = [LevelSpec(0, 0, 25, bring_in=25, small_bet=50, big_bet=100),
               LevelSpec(0, 0, 25, bring_in=50, small_bet=100, big_bet=200),
               LevelSpec(0, 0, 50, bring_in=100, small_bet=200, big_bet=400),
               LevelSpec(0, 0, 100, bring_in=200, small_bet=400, big_bet=800),
               LevelSpec(0, 0, 200, bring_in=400, small_bet=800, big_bet=1600),
               LevelSpec(0, 0, 400, bring_in=800, small_bet=1600, big_bet=3200)]


def stud_structure(game: str = "seven_card_stud", **kw):
    """A short fixed-limit stud structure: tables of 7."""
    kw.setdefault("table_size", 7)
    return small_structure(game, "fixed_limit", levels=STUD_LEVELS, **kw)


@pytest.fixture(scope="session")
def club():
    return load_structure("club_3000")


@pytest.fixture(scope="session")
def structures():
    """Every example the simulator plays, plus small Omaha, pot-limit and hi/lo events."""
    out = {name: load_structure(name) for name in
           ("club_3000", "addon_3500", "limit_then_nolimit_2500", "two_stage_table_winners")}
    out["plo"] = small_structure("omaha", "pot_limit")
    out["omaha_hilo"] = small_structure("omaha_hilo", "pot_limit")
    out["limit_holdem"] = small_structure("holdem", "fixed_limit")
    out["hands_100k_stud"] = load_structure("hands_100k_stud")
    out["razz"] = stud_structure("razz")
    out["stud_hilo"] = stud_structure("seven_card_stud_hilo")
    out["dealers_choice"] = small_structure("dealers_choice", "pot_limit")
    out["dealers_choice_stud"] = stud_structure("dealers_choice_stud")
    return out
