"""The examples in the simulation modules' docstrings run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pyeval.sim", "pyeval.numba_rng", "pyeval.sim.compile_notice", "pyeval.sim.preflop", "pyeval.sim.layout",
           "pyeval.sim.models", "pyeval.sim.clock", "pyeval.sim.spec", "pyeval.sim.engine",
           "pyeval.sim.results", "pyeval.sim.report", "pyeval.sim.pots", "pyeval.sim.betting", "pyeval.sim.replay",
           "pyeval.sim.structure_toml", "pyeval.sim.tune", "pyeval.sim.tune.targets", "pyeval.sim.tune.family",
           "pyeval.sim.tune.candidates", "pyeval.sim.tune.constraints", "pyeval.sim.tune.scoring",
           "pyeval.sim.tune.files", "pyeval.sim.tune.explanation", "pyeval.sim.distributed",
           "pyeval.sim._cache", "pyeval.cli.tournament_cmd", "pyeval.sim.entries",
           "pyeval.sim.inputs", "pyeval.sim.pace", "pyeval.sim.backtest", "pyeval.sim.ensemble"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    if name == "pyeval.sim.distributed":
        pytest.importorskip("distributed")
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
