"""Compile (or load from Numba's cache) every simulation kernel ahead of the first run.

For images and CI: after :func:`warm_up` the first :func:`pyeval.sim.simulate` of any game
starts at once. The kernels land in Numba's cache (``NUMBA_CACHE_DIR`` when set, else beside
the sources), so a warm-up in one process serves every later one.

Example:
    >>> done = warm_up(equity=False)
    >>> list(done)
    ['simulation']
"""
from __future__ import annotations

import time
from collections.abc import Callable

_WARM_TOURNAMENTS = 2


def _warm_simulation() -> None:
    from pyeval.sim.compile_notice import compile_notice
    from pyeval.sim.engine import kernel_inputs, run_chunk
    from pyeval.sim.spec import build_spec
    from pyeval.tournament.structure import load_structure

    # two kernels: button games only (hold'em, Omaha) and every game (stud among them),
    # each on the local threads and on Dask workers alike; a cold cache is announced as it
    # is in simulate()
    with compile_notice():
        for name in ("club_3000", "hands_100k_stud"):
            spec = build_spec(load_structure(name), 10)
            run_chunk(spec, kernel_inputs("balanced", 10), 0, 0, _WARM_TOURNAMENTS,
                      parallel=False)


def _warm_equity() -> None:
    from pyeval.equity import equity

    equity("holdem", ["AcAd", "KhKs"])


def warm_up(equity: bool = True, report: Callable[[str, float], None] | None = None) -> dict[str, float]:
    """Compile the simulator's kernels (button games only, and every game; the local
    threads and the Dask workers use the same) and, with ``equity``, the equity engine's
    first call. Returns seconds per part; ``report(part, seconds)`` is called after each."""
    parts: list[tuple[str, Callable[[], None]]] = [("simulation", _warm_simulation)]
    if equity:
        parts.append(("equity", _warm_equity))
    done: dict[str, float] = {}
    for name, run in parts:
        t = time.perf_counter()
        run()
        done[name] = time.perf_counter() - t
        if report is not None:
            report(name, done[name])
    return done


__all__ = ["warm_up"]
