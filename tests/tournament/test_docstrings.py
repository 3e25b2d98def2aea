"""Every example in the tournament modules' docstrings runs and gives what it says."""

import doctest
import importlib

import pytest

MODULES = [
    "", "chips", "deals", "errors", "icm", "sheet", "levels", "payouts", "placings", "points", "seating",
    "structure", "timetext", "toml_lines", "limits", "sections", "structure_checks", "structure_reader",
    "toml_reader", "tournament_structure", "toml_writer",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"pyeval.tournament.{name}" if name else "pyeval.tournament")
    if name in ("structure", "", "structure_checks", "tournament_structure"):
        from pyeval.tournament.structure import EXAMPLES_DIR

        if not any(EXAMPLES_DIR.glob("*.toml")):
            pytest.skip("the installed package has no example files (pyproject package-data)")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
