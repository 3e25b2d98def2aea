"""Numba's on-disk cache kept consistent with the sources it was compiled from.

Numba invalidates a cached function when *its own* module changes, not when a function it
inlines from another module does, and it reads a cache's index (which names the types of
each compiled signature) before it compares any stamp: an index written by an older pyeval
whose types lived elsewhere (``pyeval.numba_ext`` before :mod:`pyeval.jit`) fails to load
with ``ModuleNotFoundError`` instead of compiling again. So each group of kernels keeps a
stamp of all its sources beside its cache; where the stamp differs, the group's ``.nbi`` and
``.nbc`` files go and compile again once. The check runs on first use: the simulator's
through :mod:`pyeval.sim.engine._cache`, every kernel that reads the C tables (the equity
kernels, ``pyeval.deal``) through :func:`fresh_tables_cache_once`, called by :func:`pyeval.jit.numba_ext.tables` and
``kernel_tables`` the first time the tables are read (for the equity kernels that is at
``import pyeval.equity``, whose exact walk compiles a slice of them in as a constant).

Example:
    >>> len(sources_digest(table_kernel_sources())) == 64
    True
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path

import numba

#: pyeval's package folder
PACKAGE = Path(__file__).resolve().parents[1]


def sources_digest(paths: Sequence[Path]) -> str:
    """SHA-256 of the files' names and contents, in the order given."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def numba_cache_dirs(folders: Sequence[Path]) -> list[Path]:
    """Where Numba keeps the compiled functions of these source folders: beside the sources,
    and under ``NUMBA_CACHE_DIR`` when it is set (Numba mirrors each folder's path there:
    ``<cache dir>/<folder name>_<sha1 of the folder's path>``)."""
    dirs = [folder / "__pycache__" for folder in folders]
    root = getattr(numba.config, "CACHE_DIR", "")
    if root:
        for folder in folders:
            sub = os.path.abspath(folder)
            dirs.append(Path(root) / f"{os.path.basename(sub)}_{hashlib.sha1(sub.encode()).hexdigest()}")
    return dirs


def drop_stale(dirs: Sequence[Path], digest: str, stamp_name: str) -> None:
    """In each cache folder whose stamp ``stamp_name`` is not ``digest``, delete the compiled
    functions (``.nbi``, ``.nbc``) and write the stamp."""
    for cache in dirs:
        stamp = cache / stamp_name
        try:
            if stamp.is_file() and stamp.read_text().strip() == digest:
                continue
            if cache.is_dir():
                for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
                    with contextlib.suppress(OSError):
                        f.unlink()
            cache.mkdir(parents=True, exist_ok=True)
            tmp = stamp.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(digest)
            tmp.replace(stamp)
        except OSError:
            pass  # a read-only install: Numba keeps its cache elsewhere


#: the folders of the kernels that read the C tables outside the simulator (which has its own
#: stamp): the equity kernels, the package root (``pyeval.deal``) and this binding
TABLE_KERNEL_FOLDERS = (PACKAGE / "equity", PACKAGE, PACKAGE / "jit")
TABLES_STAMP = "table_kernels_sources.sha256"


def table_kernel_sources() -> list[Path]:
    """The modules of :data:`TABLE_KERNEL_FOLDERS` (not their subfolders)."""
    return [p for folder in TABLE_KERNEL_FOLDERS for p in sorted(folder.glob("*.py"))]


_checked = False
_lock = threading.Lock()


def fresh_tables_cache_once() -> None:
    """The first time in this process: drop the table kernels' cached functions if they were
    compiled from other sources; then nothing (a flag read)."""
    global _checked
    if _checked:
        return
    with _lock:
        if not _checked:
            drop_stale(numba_cache_dirs(TABLE_KERNEL_FOLDERS),
                       sources_digest(table_kernel_sources()), TABLES_STAMP)
            _checked = True
