"""Loads the compiled C core (``pyeval._pyeval_c``, built by ``_build_ffi.py``) and builds its
tables once, at import. Everything else reaches C through ``ffi`` and ``lib`` from here."""
from __future__ import annotations

import importlib

from pyeval._pyeval_c import ffi, lib  # type: ignore[import-not-found,unused-ignore]

_rc = lib.pe_init()
if _rc != 0:  # pragma: no cover - the table builder is deterministic
    raise RuntimeError(f"pyeval: building the lookup tables failed (code {_rc})")

LIBRARY_PATH: str = str(importlib.import_module("pyeval._pyeval_c").__file__)

__all__ = ["LIBRARY_PATH", "ffi", "lib"]
