"""Bulk tournament simulation: whole tournaments played card by card in Numba.

>>> from pyeval.sim import simulate
>>> r = simulate("club_3000", n=10, seed=7, players=18)
>>> r.n, r.players
(10, 18)

See ``docs/simulation.md`` for the player models, the clock and the reports.
"""
from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.engine import simulate
from pyeval.sim.engine.results import SimResult
from pyeval.sim.engine.spec import SimSpec, build_spec
from pyeval.sim.players.models import MODELS, PlayerModel

__all__ = ["MODELS", "Clock", "PlayerModel", "SimResult", "SimSpec", "build_spec", "simulate"]
