"""Bulk tournament simulation: whole tournaments played card by card in Numba.

>>> from pyeval.sim import simulate
>>> r = simulate("club_3000", n=10, seed=7, players=18)
>>> r.n, r.players
(10, 18)

See ``docs/simulation.md`` for the player models, the clock and the reports.
"""
from pyeval.sim.clock import Clock
from pyeval.sim.engine import simulate
from pyeval.sim.models import MODELS, PlayerModel
from pyeval.sim.results import SimResult
from pyeval.sim.spec import SimSpec, build_spec

__all__ = ["MODELS", "Clock", "PlayerModel", "SimResult", "SimSpec", "build_spec", "simulate"]
