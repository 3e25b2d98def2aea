"""The examples in the rules model's docstrings run and give what they say."""
import doctest
import importlib

import pytest

MODULES = ["pyeval.rules", "pyeval.rules.games", "pyeval.rules.betting", "pyeval.rules.pots",
           "pyeval.rules.table", "pyeval.rules.deck", "pyeval.rules.showdown",
           "pyeval.rules.hand", "pyeval.rules.play", "pyeval.rules.phh",
           "pyeval.rules.transcript", "pyeval.rules.hand_state", "pyeval.rules.hand_result",
           "pyeval.rules.forced_bets", "pyeval.rules.settle", "pyeval.rules.history",
           "pyeval.rules.hand_setup", "pyeval.rules.structure"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    res = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0
