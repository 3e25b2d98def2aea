"""Arrays computed once: shipped with the package, or kept in pyeval's cache folder
(:mod:`pyeval.cachedir`).

:func:`cached_arrays` returns the named arrays of one ``<name>.npz`` file, looked up in
order: the package's own copy (``pyeval/data/<name>.npz``, written by
:mod:`pyeval.tables_build`, read through :mod:`importlib.resources`), the cache folder,
and last the computation, written to the cache folder (to a temporary file first, then
renamed, so a reader never sees half a file) and returned. A file counts only when it
holds every array with the expected shapes. The name carries the table's version and
parameters, so a changed parameter misses the shipped copy and is computed, never read
from a stale one. A shipped file is never written to the cache folder.
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
import zipfile
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import IO, Any, NamedTuple

import numpy as np

from pyeval.cachedir import cache_dir

__all__ = ["Table", "cached_arrays", "shipped_arrays"]

#: the package folder of the shipped tables
SHIPPED = "data"


def _read(path: os.PathLike | IO[bytes],
          shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray] | None:
    try:
        with np.load(path) as z:
            out = {k: z[k] for k in z.files}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
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


def shipped_arrays(name: str, shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray] | None:
    """The arrays of the package's ``data/<name>.npz`` when it holds ``shapes``, else None.

    >>> shipped_arrays("no_such_table_v1", {}) is None
    True
    """
    try:
        res = resources.files("pyeval").joinpath(SHIPPED, f"{name}.npz")
        if not res.is_file():
            return None
        with res.open("rb") as f:
            return _read(f, shapes)
    except OSError:
        return None


def cached_arrays(name: str, compute: Callable[[], Mapping[str, np.ndarray]],
                  shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """The arrays of the shipped ``<name>.npz``, else of ``<cache folder>/<name>.npz``, else
    ``compute()``'s, saved in the cache folder.

    ``shapes``: the arrays a valid file must hold and their shapes (a file from another
    version or cut short is computed again). ``name`` should carry a version and the
    parameters the arrays depend on."""
    got = shipped_arrays(name, shapes)
    if got is not None:
        return got
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


class Table(NamedTuple):
    """One table of arrays: its file name (version and parameters in it), the function that
    computes it and the shapes a file must hold. The module that owns a table defines it
    once; :meth:`load` reads it (shipped copy, cache folder, computation) and
    :mod:`pyeval.tables_build` writes the shipped copy from ``compute``."""

    name: str
    compute: Callable[[], Mapping[str, np.ndarray]]
    shapes: Mapping[str, tuple[int, ...]]

    def load(self) -> dict[str, np.ndarray]:
        """:func:`cached_arrays` of this table (the caller keeps the result in memory)."""
        return cached_arrays(self.name, self.compute, self.shapes)
