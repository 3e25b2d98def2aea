"""A small least-recently-used store of values by key, safe to share between threads: the
parsed Omaha ranges, their hand records and the joined records of several seats
(:mod:`pyeval.equity.omaha_ranges`, :mod:`pyeval.equity._omaharange`) are kept in one each.

>>> kept = Kept(most=2)
>>> kept.put("a", 1); kept.put("b", 2); kept.get("a")
1
>>> kept.put("c", 3); kept.get("b") is None       # "b" was the least recently used
True
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Kept"]

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``most`` values, and at most ``most_size`` of ``size(value)`` summed over them
    (no bound without ``size``); the least recently used go first."""

    def __init__(self, most: int, most_size: int = 0,
                 size: Callable[[V], int] | None = None) -> None:
        self._most, self._most_size, self._size = most, most_size, size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, valid: Callable[[V], bool] | None = None) -> V | None:
        """The value kept for ``key`` (None when there is none, or ``valid`` refuses it)."""
        with self._lock:
            got = self._values.get(key)
            if got is None or (valid is not None and not valid(got)):
                return None
            self._values.move_to_end(key)
            return got

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used beyond the bounds."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self._most or (
                    self._size is not None
                    and sum(map(self._size, self._values.values())) > self._most_size):
                self._values.popitem(last=False)
