"""Checks of the numbers every public entry point takes: seeds, counts, thread counts,
seconds, positive reals, probabilities and switches (the one source of each: the equity
functions, the dealer, the rules model and the simulator all call these). Each refuses a
wrong type with a TypeError and a value out of range with a ValueError, both naming the
argument and what is allowed; each returns the value as a plain Python number.

A bool is not a number here (``samples=True`` is refused, not read as 1), and a float is
not a count (``samples=1e6`` is refused: write ``1_000_000``). numpy integers and floats
are accepted.

>>> check_seed(2**64 - 1), check_count(10, "samples"), check_seconds(0.5, "time_limit")
(18446744073709551615, 10, 0.5)
>>> check_seed(2**64)
Traceback (most recent call last):
...
ValueError: seed must be an integer from 0 to 2**64 - 1 (18446744073709551615), not 18446744073709551616
"""
from __future__ import annotations

import math
import numbers

import numpy as np

__all__ = [
    "MAX_SECONDS",
    "MAX_SEED",
    "MAX_THREADS",
    "check_chance",
    "check_count",
    "check_flag",
    "check_positive",
    "check_seconds",
    "check_seed",
    "check_threads",
]

#: the largest seed: seeds are 64-bit (every seed from 0 to this is a different stream)
MAX_SEED = 2**64 - 1
#: the largest thread count asked for (more than the machine has are not started anyway)
MAX_THREADS = 4096
#: the longest time limit, in seconds (about eleven and a half days)
MAX_SECONDS = 1e6


def _is_int(x: object) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _shown(x: object) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def check_seed(seed: object, name: str = "seed") -> int:
    """A seed: an integer from 0 to 2**64 - 1 (not wrapped: ``2**64`` is refused, so it
    can never stand for seed 0)."""
    if not _is_int(seed):
        raise TypeError(f"{name} must be an integer from 0 to 2**64 - 1, not "
                        f"{type(seed).__name__} {_shown(seed)}")
    s = int(seed)                                   # type: ignore[call-overload]
    if not 0 <= s <= MAX_SEED:
        raise ValueError(f"{name} must be an integer from 0 to 2**64 - 1 ({MAX_SEED}), "
                         f"not {_shown(s)}")
    return s


def check_count(n: object, name: str, low: int = 1, high: int = 2**62) -> int:
    """A count: an integer from ``low`` to ``high``.

    >>> check_count(True, "samples")
    Traceback (most recent call last):
    ...
    TypeError: samples must be an integer from 1 to 4,611,686,018,427,387,904, not bool True
    """
    if not _is_int(n):
        raise TypeError(f"{name} must be an integer from {low:,} to {high:,}, not "
                        f"{type(n).__name__} {_shown(n)}")
    v = int(n)                                      # type: ignore[call-overload]
    if not low <= v <= high:
        raise ValueError(f"{name} must be an integer from {low:,} to {high:,}, not "
                         f"{_shown(v)}")
    return v


def check_threads(threads: object, name: str = "threads") -> int:
    """A thread count: an integer from 1 to :data:`MAX_THREADS`."""
    return check_count(threads, name, 1, MAX_THREADS)


def check_positive(x: object, name: str, high: float = math.inf, what: str = "") -> float:
    """A finite real number above 0 and at most ``high`` (``what``: its unit, for the
    message)."""
    unit = f" {what}" if what else ""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (numbers.Real, np.floating,
                                                               np.integer)):
        raise TypeError(f"{name} must be a positive number{unit}, not {type(x).__name__} "
                        f"{_shown(x)}")
    v = float(x)
    if not (math.isfinite(v) and 0 < v <= high):
        limit = "" if high == math.inf else f" and at most {high:g}"
        raise ValueError(f"{name} must be a finite number{unit} above 0{limit}, not "
                         f"{_shown(x)}")
    return v


def check_seconds(x: object, name: str = "time_limit") -> float:
    """A duration in seconds: above 0, at most :data:`MAX_SECONDS`."""
    return check_positive(x, name, MAX_SECONDS, "of seconds")


def check_chance(x: object, name: str) -> float:
    """A probability: a real number from 0 to 1 (a bool, NaN or text refused).

    >>> check_chance(0.5, "rebuy_chance")
    0.5
    >>> check_chance(float("nan"), "rebuy_chance")
    Traceback (most recent call last):
    ...
    ValueError: rebuy_chance must be a probability from 0 to 1, not nan
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (numbers.Real, np.floating,
                                                               np.integer)):
        raise TypeError(f"{name} must be a probability from 0 to 1, not {type(x).__name__} "
                        f"{_shown(x)}")
    v = float(x)
    if not (math.isfinite(v) and 0.0 <= v <= 1.0):
        raise ValueError(f"{name} must be a probability from 0 to 1, not {_shown(x)}")
    return v


def check_flag(x: object, name: str) -> bool:
    """A switch: True or False (numpy's bool too), nothing else (``1`` and ``"yes"`` are
    refused: a misplaced argument should not turn a switch on).

    >>> check_flag(False, "debug")
    False
    """
    if not isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {type(x).__name__} {_shown(x)}")
    return bool(x)
