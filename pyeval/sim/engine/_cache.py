"""Keep Numba's on-disk cache of the simulation kernels consistent with their sources.

Numba caches each compiled function next to its module and invalidates the cache when
*that* module changes, not when a function it calls (in another module) does. The kernels
here span several modules, so a stamp of all their sources is kept with the cache; when it
differs, the cached kernels are dropped and compile again once.

The check runs on first use, not at import: :func:`fresh_cache_once` is called by the
simulator's entry points (:func:`pyeval.sim.engine.engine.simulate`, ``run_chunk`` and the tables
it builds) before a kernel of the process is loaded, and by the test suite's configuration
before any test calls a kernel's step directly.

Example:
    >>> len(sources_digest()) == 64
    True
"""
from __future__ import annotations

import threading
from pathlib import Path

from pyeval.jit import stamped_cache

#: the simulator's package (this module is in its ``engine`` subpackage)
_SIM = Path(__file__).resolve().parents[1]
#: sources of the kernels outside the simulator, in :mod:`pyeval.jit`: the core's Numba
#: binding, the link-only functions' compiler, the loads by address and borrowed arrays,
#: the random streams
OUTSIDE = ("numba_ext.py", "numba_linked.py", "numba_mem.py", "numba_rng.py")


def kernel_sources() -> list[Path]:
    """Every module of the simulator's package and its subpackages, and :data:`OUTSIDE`: a
    change to any of them drops the cached kernels."""
    # every subfolder: the variants' hands, showdowns and hooks are compiled into the
    # kernel (an edit there left a stale kernel in the cache before). Every module, not
    # only those with Numba code: the kernels compile in the constants of slots.py,
    # layout.py and variants/facts.py, and a test for Numba code ("numba.njit" in the text)
    # had missed those and the modules of "@njit" and "@linked" functions.
    files = sorted(_SIM.rglob("*.py"), key=lambda p: p.relative_to(_SIM).parts)
    mine = [p for p in files if p.name != "_cache.py"]
    return mine + [_SIM.parent / "jit" / name for name in OUTSIDE]


def sources_digest() -> str:
    """SHA-256 of :func:`kernel_sources`."""
    return stamped_cache.sources_digest(kernel_sources())


def cache_dirs() -> list[Path]:
    """Where Numba keeps the compiled kernels of the simulator's folders (beside the sources,
    and under ``NUMBA_CACHE_DIR`` when it is set)."""
    folders = sorted({p.parent for p in kernel_sources() if _SIM in p.parents})
    return stamped_cache.numba_cache_dirs(folders)


def ensure_fresh_cache() -> None:
    """Drop cached kernels compiled from other sources than the ones installed."""
    stamped_cache.drop_stale(cache_dirs(), sources_digest(), "sim_sources.sha256")


_checked = False
_lock = threading.Lock()


def fresh_cache_once() -> None:
    """:func:`ensure_fresh_cache` the first time it is called in this process; then
    nothing (a flag read), so the simulator's entry points can all call it.

    Example:
        >>> fresh_cache_once(); fresh_cache_once()
    """
    global _checked
    if _checked:
        return
    with _lock:
        if not _checked:
            ensure_fresh_cache()
            _checked = True
