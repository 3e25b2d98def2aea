"""Runs the docstring examples of the installed core modules, so the examples stay true."""
import doctest
import importlib

import pytest

MODULES = ["pyeval", "pyeval.cards", "pyeval.evaluate", "pyeval.describe", "pyeval.showdown",
           "pyeval.jit.numba_ext", "pyeval.jit.numba_hand", "pyeval.cachedir", "pyeval.games",
           "pyeval.jit.compile_once", "pyeval.h7_loop", "pyeval.dealer"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
