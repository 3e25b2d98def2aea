"""A fixed time budget for a hypothesis fuzz test: past it, the remaining examples return at
once, so the test's time is bounded by the clock as well as by its example count (issue 13:
"bounded fuzzing ... with a fixed time budget"). The clock starts at the test's first
example; derandomized settings keep the examples that do run the same every time.

>>> import time
>>> @within_budget(0.05)
... def work(x):
...     time.sleep(0.02)
...     return x
>>> [work(i) for i in range(6)]            # the first examples run, the rest are skipped
[0, 1, 2, None, None, None]
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def within_budget(seconds: float) -> Callable[[F], F]:
    """Decorate a test (under ``@given``): examples after ``seconds`` of its first return."""
    def wrap(fn: F) -> F:
        start: list[float] = []

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            now = time.monotonic()
            if not start:
                start.append(now)
            if now - start[0] > seconds:
                return None
            return fn(*args, **kwargs)

        return run  # type: ignore[return-value]

    return wrap
