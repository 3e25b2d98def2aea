"""The docstring examples of the equity and analysis modules, the card tokenizer and the
range and hit-frequency commands stay true."""
import doctest
import importlib

import pytest

MODULES = ["pyeval.equity", "pyeval.equity.engine", "pyeval.equity.games",
           "pyeval.equity.ranges", "pyeval.equity.result", "pyeval.equity._kernels",
           "pyeval.equity.spot", "pyeval.equity.cost", "pyeval.equity.tally",
           "pyeval.equity.exact_run", "pyeval.equity.mc_run", "pyeval.equity.fuzz",
           "pyeval._checks", "pyeval.equity._exact_work",
           # the analysis modules and the card tokenizer
           "pyeval.cards", "pyeval.equity.percent", "pyeval.equity.grid",
           "pyeval.equity.breakdown", "pyeval.equity.runouts", "pyeval.equity.hits"]
#: commands whose docstrings are click help, with no examples to run (any they gain must hold)
COMMANDS = ["pyeval.cli.range_cmd", "pyeval.cli.hits_cmd"]


@pytest.mark.parametrize("name", MODULES + COMMANDS)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 or name in COMMANDS, f"{name} has no examples"
    assert result.failed == 0


def test_docs_examples() -> None:
    from pathlib import Path
    doc = Path(__file__).resolve().parents[2] / "docs" / "equity.md"
    if not doc.exists():
        pytest.skip("docs/equity.md is not next to the tests")
    result = doctest.testfile(str(doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5 and result.failed == 0
