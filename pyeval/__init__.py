"""pyeval: poker hand evaluation, equity and tournament simulation.

>>> import pyeval
>>> pyeval.describe(pyeval.high("Ah Kh Qh Jh Th 2c 3d"))
'Royal Flush'
>>> pyeval.winners(["AcAd", "KhKs"], "2c 7d 9h Js 3s")
[0]
"""
from __future__ import annotations

from typing import Any

from pyeval.cards import card, cards, deck, format_card, format_cards, from_mask, mask
from pyeval.describe import CATEGORY_NAMES, category, category_name, describe
from pyeval.evaluate import (
    best_hand,
    best_hand_batch,
    high,
    high7,
    high_batch,
    low8,
    low8_batch,
    omaha_high,
    omaha_high_batch,
    omaha_hilo_batch,
    omaha_low8,
    omaha_low8_batch,
    razz,
    razz_batch,
)
from pyeval.showdown import values, winners

__version__ = "0.1.0"

__all__ = [
    "CATEGORY_NAMES",
    "Range",
    "best_hand",
    "best_hand_batch",
    "card",
    "cards",
    "category",
    "category_name",
    "deal",
    "deck",
    "describe",
    "equity",
    "format_card",
    "format_cards",
    "from_mask",
    "high",
    "high7",
    "high_batch",
    "low8",
    "low8_batch",
    "mask",
    "omaha_high",
    "omaha_high_batch",
    "omaha_hilo_batch",
    "omaha_low8",
    "omaha_low8_batch",
    "razz",
    "razz_batch",
    "table_bytes",
    "values",
    "winners",
]


def table_bytes() -> int:
    """Memory held by the C lookup tables, in bytes."""
    from pyeval._native import lib
    return int(lib.pe_table_bytes())


def __getattr__(name: str) -> Any:
    # heavier layers load on first use, so that `import pyeval` stays fast
    if name == "equity":
        # the package, which is callable (pyeval/equity/__init__.py): the same object before
        # and after the subpackage is imported
        import pyeval.equity as package
        return package
    if name == "deal":
        from pyeval.dealer import deal
        return deal
    if name == "Range":
        from pyeval.equity.ranges import Range
        return Range
    if name in ("rules", "tournament", "sim", "jit"):
        import importlib
        return importlib.import_module(f"pyeval.{name}")
    raise AttributeError(f"module 'pyeval' has no attribute {name!r}")
