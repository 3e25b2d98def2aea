"""Shared structures for the simulation tests."""
from __future__ import annotations

import pytest

from pyeval.sim.structure_toml import LevelSpec, structure_toml
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
    return out
