"""Compile-time gates: code of a game family compiled only into the kernels that deal it.

Numba types and compiles every call it can reach, taken or not. :func:`when` puts a call
behind a flag whose *type* decides: ``None`` compiles only the default (the callee is never
typed, lowered or linked in), ``True`` compiles the call. The simulator's hold'em/Omaha
kernel passes ``None`` for the stud and variant families, which is most of what makes its
first compile shorter than the kernel for every game.

Example:
    >>> import numba
    >>> @numba.njit
    ... def half(x):
    ...     return x // 2
    >>> @numba.njit
    ... def f(flag, x):
    ...     return when(flag, half, (x,), -1)
    >>> f(None, 10), f(True, 10)
    (-1, 5)
"""
from __future__ import annotations

from typing import Any

from numba import types
from numba.extending import overload


def when(flag: Any, fn: Any, args: tuple, default: Any) -> Any:
    """``fn(*args)`` in a kernel compiled with ``flag`` a bool, ``default`` in one compiled
    with ``flag`` None. Jitted code only."""
    raise TypeError("when() is called from compiled kernels only")


@overload(when)
def _when(flag, fn, args, default):
    if isinstance(flag, (types.NoneType, types.Omitted)):
        return lambda flag, fn, args, default: default
    # the callee as a global of the implementation, not through the argument: a call
    # through a dispatcher value would make the kernel uncacheable (a dynamic global)
    call = fn.dispatcher

    def impl(flag, fn, args, default):
        return call(*args)
    return impl


__all__ = ["when"]
