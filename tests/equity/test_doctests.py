"""The equity modules' docstring examples stay true."""
import doctest
import importlib

import pytest

MODULES = ["pyeval.equity", "pyeval.equity.engine", "pyeval.equity.games",
           "pyeval.equity.ranges", "pyeval.equity.result", "pyeval.equity._kernels",
           "pyeval.equity.spot", "pyeval.equity.cost", "pyeval.equity.tally",
           "pyeval.equity.exact_run", "pyeval.equity.mc_run", "pyeval.equity.fuzz",
           "pyeval._checks", "pyeval.equity._exact_work"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


def test_docs_examples() -> None:
    from pathlib import Path
    doc = Path(__file__).resolve().parents[2] / "docs" / "equity.md"
    if not doc.exists():
        pytest.skip("docs/equity.md is not next to the tests")
    result = doctest.testfile(str(doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5 and result.failed == 0
