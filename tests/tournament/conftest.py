"""Shared helpers for the tournament tests."""

from pathlib import Path

import pytest

#: The example structures as they are in the repository (also reachable as ./examples).
REPO_EXAMPLES = Path(__file__).resolve().parents[2] / "pyeval" / "tournament" / "examples"


@pytest.fixture
def club_text() -> str:
    """The text of the club_3000 example, to be broken in tests of bad files."""
    return (REPO_EXAMPLES / "club_3000.toml").read_text(encoding="utf-8")
