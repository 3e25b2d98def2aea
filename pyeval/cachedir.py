"""Where pyeval keeps what it computes once and reuses: the C library's incremental 7-card
tables, compile locks, and any table the package does not ship (the pre-flop orders, Nash,
pre-flop and variants' tables ship in ``pyeval/data``; one with changed parameters is
computed and kept here). Numba's compiled code has its own ``NUMBA_CACHE_DIR``.

``$PYEVAL_CACHE_DIR`` when set, else ``$XDG_CACHE_HOME/pyeval``, else ``~/.cache/pyeval``.
Every file in it can be deleted; it is computed again on next use.

>>> import os
>>> os.environ["PYEVAL_CACHE_DIR"] = "/tmp/pyeval-cache"
>>> str(cache_dir())
'/tmp/pyeval-cache'
>>> del os.environ["PYEVAL_CACHE_DIR"]
"""
from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir() -> Path:
    """The folder for pyeval's computed tables (not created here)."""
    env = os.environ.get("PYEVAL_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pyeval"
