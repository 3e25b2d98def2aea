"""Arrays computed once and kept in pyeval's cache folder (:mod:`pyeval.cachedir`).

:func:`cached_arrays` returns the named arrays of one ``.npz`` file there: read from the
file when it holds every array with the expected shapes, else computed, written (to a
temporary file first, then renamed, so a reader never sees half a file) and returned.
Processes that miss the same file at once (test workers, Dask workers on one machine)
compute it once: the first holds a lock on ``<name>.lock`` while it computes, the others
wait for it and read its file. A folder that cannot be written only costs the computation
the next time. The caller keeps the result in memory.

>>> import os, tempfile, numpy as np
>>> before = os.environ.get("PYEVAL_CACHE_DIR")
>>> os.environ["PYEVAL_CACHE_DIR"] = tempfile.mkdtemp()
>>> calls = []
>>> def compute():
...     calls.append(1)
...     return {"squares": np.arange(4) ** 2}
>>> a = cached_arrays("demo_v1", compute, {"squares": (4,)})
>>> b = cached_arrays("demo_v1", compute, {"squares": (4,)})
>>> b["squares"].tolist(), len(calls)
([0, 1, 4, 9], 1)
>>> if before is None: del os.environ["PYEVAL_CACHE_DIR"]
... else: os.environ["PYEVAL_CACHE_DIR"] = before
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from pyeval.cachedir import cache_dir

__all__ = ["cached_arrays"]


def _read(path: os.PathLike, shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray] | None:
    try:
        with np.load(path) as z:
            out = {k: z[k] for k in z.files}
    except (OSError, ValueError, KeyError):
        return None
    for k, shape in shapes.items():
        if k not in out or out[k].shape != tuple(shape):
            return None
    return out


@contextlib.contextmanager
def _computing(path: Path) -> Iterator[None]:
    """Hold ``<path>.lock`` exclusively (where the platform and the folder allow a lock)."""
    try:
        import fcntl
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        yield                              # no lock: at worst computed twice
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)     # released by the kernel if this process dies
        yield
    finally:
        os.close(fd)


def cached_arrays(name: str, compute: Callable[[], Mapping[str, np.ndarray]],
                  shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """The arrays of ``<cache folder>/<name>.npz``, or ``compute()``'s, saved there.

    ``shapes``: the arrays a valid file must hold and their shapes (a file from another
    version or cut short is computed again). ``name`` should carry a version and the
    parameters the arrays depend on."""
    path = cache_dir() / f"{name}.npz"
    got = _read(path, shapes) if path.is_file() else None
    if got is not None:
        return got
    with _computing(path):
        got = _read(path, shapes) if path.is_file() else None   # done while we waited
        if got is not None:
            return got
        arrays: dict[str, Any] = {k: np.asarray(v) for k, v in compute().items()}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
            np.savez(tmp, **arrays)
            os.replace(tmp, path)
        except OSError:
            pass
    return arrays
