"""The examples in the simulation modules' docstrings run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pyeval.sim", "pyeval.jit.numba_rng", "pyeval.sim.engine.compile_notice",
           "pyeval.sim.players.preflop", "pyeval.sim.kernel.layout", "pyeval.sim.players.models",
           "pyeval.sim.engine.clock", "pyeval.sim.engine.spec", "pyeval.sim.engine.engine",
           "pyeval.sim.engine.results", "pyeval.sim.analysis.report", "pyeval.sim.kernel.pots",
           "pyeval.sim.kernel.betting", "pyeval.sim.analysis.replay",
           "pyeval.sim.analysis.structure_toml", "pyeval.sim.tune", "pyeval.sim.tune.targets",
           "pyeval.sim.tune.family", "pyeval.sim.tune.candidates", "pyeval.sim.tune.constraints",
           "pyeval.sim.tune.scoring", "pyeval.sim.tune.files", "pyeval.sim.tune.explanation",
           "pyeval.sim.engine.distributed", "pyeval.sim.engine._cache",
           "pyeval.cli.tournament_cmd", "pyeval.sim.kernel.entries", "pyeval.sim.engine.inputs",
           "pyeval.sim.engine.pace", "pyeval.sim.analysis.backtest",
           "pyeval.sim.analysis.ensemble", "pyeval.sim.kernel.levels",
           "pyeval.sim.analysis.home_field"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    if name == "pyeval.sim.engine.distributed":
        pytest.importorskip("distributed")
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
