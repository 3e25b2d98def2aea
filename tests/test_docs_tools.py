"""The API reference's docstring rewriting (docs/tools/doctest_fences.py)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "docs" / "tools" / "doctest_fences.py"
pytestmark = pytest.mark.skipif(not TOOL.exists(), reason="needs the source tree's docs/")


def load():
    spec = importlib.util.spec_from_file_location("doctest_fences", TOOL)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_examples_are_fenced_and_fences_left_alone() -> None:
    fence = load().fence_examples
    text = "Call it:\n\n    >>> f()\n    [[1, 2], [0.5, 0.5]]\n\nDone.\n```\n>>> g()\n```"
    assert fence(text).splitlines() == [
        "Call it:", "", "    ```pycon", "    >>> f()", "    [[1, 2], [0.5, 0.5]]", "    ```", "",
        "Done.", "```", ">>> g()", "```"]
    assert fence(">>> f()\n1") == "```pycon\n>>> f()\n1\n```"
