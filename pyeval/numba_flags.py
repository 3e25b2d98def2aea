"""A faster ``values()`` for Numba's compiler flags, the key of its overload cache.

Numba types every call of an ``@overload`` implementation (numpy's functions, array
indexing, ``min``, pyeval's switches ...) through a cache keyed by the compiler flags in
force (``numba.core.targetconfig.TargetConfig``), so each lookup hashes the flags and
compares them with the key found, both through ``values()``: a dict built option by option
through a property each (about forty options). A cold compile of the hold'em simulation
kernel makes about 300,000 such calls, 9 % of its CPU under cProfile (bench/RESULTS.md,
"Numba's flags, hashed"). Here ``values()`` is the class's defaults, computed once per
class, updated with the options set: the same dict, same keys in the same order and the
same values, built by two C calls; and two flags with the same options set to the same
values are equal without building either dict.

Importing this module installs it (through :mod:`pyeval.numba_setup`, beside
:mod:`pyeval.frame_chunks`), on the Numba versions :mod:`pyeval.numba_mem` was checked
against; on any other version Numba's own stays.

Example:
    >>> from numba.core.compiler import Flags
    >>> f = Flags()
    >>> f.nrt = True
    >>> f.values() == {k: getattr(f, k) for k in Flags.options}
    True
    >>> list(f.values()) == list(Flags.options)
    True
"""
from __future__ import annotations

from typing import Any

from numba.core import targetconfig

from pyeval.numba_linked import numba_version_checked

__all__ = ["installed"]

_DEFAULTS: dict[type, dict[str, Any]] = {}


def _values(self: targetconfig.TargetConfig) -> dict[str, Any]:
    cls = type(self)
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {k: o.default for k, o in cls.options.items()}
    out = dict(defaults)
    out.update(self._values)        # only options are ever set (their properties' setters)
    return out


def _eq(self: targetconfig.TargetConfig, other: object) -> bool:
    if not isinstance(other, targetconfig.TargetConfig):
        return NotImplemented
    # flags of one class with the same options set to the same values: equal without
    # building both dicts (the usual case, a cache hit); else as Numba compares, every
    # option's value (classes with other options or defaults differ there)
    return ((type(self) is type(other) and self._values == other._values)
            or _values(self) == _values(other))


def installed() -> bool:
    """True when Numba's flags use this module's ``values()``."""
    return targetconfig.TargetConfig.values is _values


if numba_version_checked():
    targetconfig.TargetConfig.values = _values  # type: ignore[method-assign]
    targetconfig.TargetConfig.__eq__ = _eq  # type: ignore[method-assign]
