"""The equity modules' docstring examples stay true."""
import doctest
import importlib

import pytest

MODULES = ["pyeval.equity", "pyeval.equity.engine", "pyeval.equity.games",
           "pyeval.equity.ranges", "pyeval.equity.result", "pyeval.equity._kernels",
           "pyeval.equity._mem"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
