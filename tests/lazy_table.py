"""``lazy(make)``: a module-level table built on first attribute access, not at import.

Test modules that read a computed table (pre-flop equities, the variants' strengths) used to
build it at import, i.e. while pytest collects: every xdist worker then built every table
before running a test (about 55 s of CPU each with empty caches), whether or not it ran a
test that reads them. Built on first use, a table is built once, by the worker that needs
it; pyeval's cache folder hands it to the other worker. Names starting with ``_`` are not
forwarded: pytest reads such attributes of every module-level object while it collects.

>>> calls = []
>>> t = lazy(lambda: calls.append(1) or complex(3, 4))
>>> calls
[]
>>> hasattr(t, "_fixture_function_marker"), calls      # pytest's probes build nothing
(False, [])
>>> t.real, t.imag, calls
(3.0, 4.0, [1])
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class lazy:
    """Forwards attribute reads to ``make()``, called once on the first read."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._value: Any = None
        self._made = False

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            # pytest probes every module-level object while it collects (``__test__``,
            # ``_fixture_function_marker``, ...): those probes must not build the table
            raise AttributeError(name)
        if not self._made:
            self._value = self._make()
            self._made = True
        return getattr(self._value, name)
