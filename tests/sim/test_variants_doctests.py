"""The examples in the docstrings of the simulator's game pieces run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pyeval.sim.variants.facts", "pyeval.sim.variants.showdown",
           "pyeval.sim.variants.discard", "pyeval.sim.variants.strength",
           "pyeval.sim.variants.draw", "pyeval.sim.variants.deal", "pyeval.sim.variants.replay",
           "pyeval.sim.variants.hooks"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docs_page_examples():
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "simulation-games.md"
    if not doc.exists():
        pytest.skip("needs the source tree's docs/")
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0
