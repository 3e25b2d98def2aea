"""The docstring examples of the analysis modules and the card tokenizer stay true."""
import doctest
import importlib

import pytest

MODULES = ["pyeval.cards", "pyeval.equity.percent", "pyeval.equity.grid",
           "pyeval.equity.breakdown", "pyeval.equity.runouts", "pyeval.equity.hits",
           "pyeval.cli.range_cmd", "pyeval.cli.hits_cmd"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    if not name.startswith("pyeval.cli"):
        assert result.attempted > 0, f"{name} has no examples"
