"""Keep Numba's on-disk cache of the simulation kernels consistent with their sources.

Numba caches each compiled function next to its module and invalidates the cache when
*that* module changes, not when a function it calls (in another module) does. The kernels
here span several modules, so a stamp of all their sources is kept with the cache; when it
differs, the cached kernels are dropped and compile again once.

Example:
    >>> len(sources_digest()) == 64
    True
"""
from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_MODULES = ("rng.py", "layout.py", "policy.py", "hand.py", "kernel.py", "preflop.py",
            "engine.py")


def sources_digest() -> str:
    """SHA-256 of the kernel sources (and of the core's Numba binding they call)."""
    h = hashlib.sha256()
    for name in _MODULES:
        h.update((_HERE / name).read_bytes())
    h.update((_HERE.parent / "numba_ext.py").read_bytes())
    return h.hexdigest()


def ensure_fresh_cache() -> None:
    """Drop cached kernels compiled from other sources than the ones installed."""
    cache = _HERE / "__pycache__"
    stamp = cache / "sim_sources.sha256"
    digest = sources_digest()
    try:
        if stamp.is_file() and stamp.read_text().strip() == digest:
            return
        if cache.is_dir():
            for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
                with contextlib.suppress(OSError):
                    f.unlink()
        cache.mkdir(exist_ok=True)
        tmp = stamp.with_suffix(".tmp")
        tmp.write_text(digest)
        tmp.replace(stamp)
    except OSError:
        pass  # a read-only install: Numba keeps its cache elsewhere
