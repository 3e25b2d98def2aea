"""Bulk tournament simulation: whole tournaments played card by card in Numba.

>>> from pyeval.sim import simulate
>>> r = simulate("club_3000", n=10, seed=7, players=18)
>>> r.n, r.players
(10, 18)

See ``docs/simulation.md`` for the player models, the clock and the reports.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyeval.sim.engine.clock import Clock
    from pyeval.sim.engine.engine import simulate
    from pyeval.sim.engine.results import SimResult
    from pyeval.sim.engine.spec import SimSpec, build_spec
    from pyeval.sim.players.models import MODELS, PlayerModel

__all__ = ["MODELS", "Clock", "PlayerModel", "SimResult", "SimSpec", "build_spec", "simulate"]

#: where each exported name lives; read on first use (PEP 562), so that importing one of the
#: simulator's subpackages (the Omaha percentage order reads the variants' Omaha tables) does
#: not import the engine: that cost an equity call's first time_limit 0.44 s
_HOME = {"Clock": "pyeval.sim.engine.clock", "simulate": "pyeval.sim.engine.engine",
         "SimResult": "pyeval.sim.engine.results", "SimSpec": "pyeval.sim.engine.spec",
         "build_spec": "pyeval.sim.engine.spec", "MODELS": "pyeval.sim.players.models",
         "PlayerModel": "pyeval.sim.players.models"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'pyeval.sim' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
