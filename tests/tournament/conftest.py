"""Shared helpers for the tournament tests."""

from pathlib import Path

import pytest


def between(a: int, b: int, size: int) -> list[int]:
    """Seats strictly between seats ``a`` and ``b`` going clockwise round a table of ``size``
    seats numbered from 1 (the seats a button or a blind passes over).

    >>> between(8, 2, 9)
    [9, 1]
    """
    out, s = [], a % size + 1
    while s != b:
        out.append(s)
        s = s % size + 1
    return out


#: The example structures as they are in the repository (also reachable as ./examples).
REPO_EXAMPLES = Path(__file__).resolve().parents[2] / "pyeval" / "tournament" / "examples"


@pytest.fixture
def club_text() -> str:
    """The text of the club_3000 example, to be broken in tests of bad files."""
    return (REPO_EXAMPLES / "club_3000.toml").read_text(encoding="utf-8")
