"""The examples in the docstrings of the simulator's game pieces run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pyeval.sim.kernel.variants.facts", "pyeval.sim.kernel.variants.showdown",
           "pyeval.sim.kernel.variants.discard", "pyeval.sim.kernel.variants.strength",
           "pyeval.sim.kernel.variants.draw", "pyeval.sim.kernel.variants.deal", "pyeval.sim.kernel.variants.replay",
           "pyeval.sim.kernel.variants.hooks", "pyeval.sim.kernel.variants.hands", "pyeval.sim.kernel.variants.inputs",
           "pyeval.sim.kernel.variants.draw_hand", "pyeval.sim.kernel.variants.family",
           "pyeval.sim.kernel.variants.stud_models",
           "pyeval.sim.kernel.variants.omaha",
           "pyeval.cached_arrays"]


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


def test_cached_arrays_computes_again_for_a_bad_file(tmp_path, monkeypatch):
    import numpy as np

    from pyeval.cached_arrays import cached_arrays

    monkeypatch.setenv("PYEVAL_CACHE_DIR", str(tmp_path))
    calls = []

    def compute():
        calls.append(1)
        return {"a": np.arange(3)}

    (tmp_path / "t_v1.npz").write_bytes(b"not a zip file")
    assert cached_arrays("t_v1", compute, {"a": (3,)})["a"].tolist() == [0, 1, 2]
    assert cached_arrays("t_v1", compute, {"a": (3,)})["a"].tolist() == [0, 1, 2]
    assert len(calls) == 1                      # the bad file was replaced, then read
    assert cached_arrays("t_v1", compute, {"a": (4,)})["a"].shape == (3,)
    assert len(calls) == 2                      # a file of other shapes is computed again
    assert not list(tmp_path.glob("*.tmp.npz"))
