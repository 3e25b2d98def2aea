"""``pyeval.equity`` is one object: the package, callable as the equity function, whether
the subpackage was imported before the name was first read or not."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_CHILD = """
import pyeval
first = pyeval.equity                    # read before anything imported the subpackage
import pyeval.equity.engine
print(first is pyeval.equity, type(first).__name__, callable(first),
      first.parse_range("A♥K♥").text(), first.game("omaha8").key)
"""


def test_pyeval_equity_is_the_callable_package_from_the_first_read(tmp_path: Path) -> None:
    # run outside the checkout: from its root, "import pyeval" would find the sources, which
    # hold no compiled extension after a plain (non-editable) install
    res = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["True", "_CallableModule", "True", "AhKh", "omaha8"]


def test_the_package_calls_the_equity_function() -> None:
    import pyeval
    from pyeval.equity.engine import equity
    a = pyeval.equity("holdem", ["AcAd", "KhKs"], board="Kd7h2c")
    b = equity("holdem", ["AcAd", "KhKs"], board="Kd7h2c")
    assert a.samples == b.samples == 990                  # C(45, 2) turns and rivers
    # aces win with a third ace: either ace with any of 42 cards (not the last king, which
    # makes four kings) or both aces
    assert [p.wins for p in a.players] == [p.wins for p in b.players] == [2 * 42 + 1, 905]
