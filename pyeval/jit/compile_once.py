"""Compile a cached Numba kernel once per machine when several processes start cold at once.

Numba keeps compiled machine code in its cache, but two processes that both miss it (two
test workers, a CLI run beside a notebook, Dask workers on one machine) each compile the
whole kernel: the simulator's is 30-60 s of CPU, so a second copy costs as much again.
:func:`compile_once` compiles ``dispatcher`` for the types of ``args`` under an exclusive
lock on ``<pyeval cache folder>/compile-<name>-<where>.lock``: the first process compiles
and writes Numba's cache, the others wait for it (saying so on stderr) and then load the
cache in well under a second. ``<where>`` names the function's source file and Numba's cache
folder, so processes of another installation or with another ``NUMBA_CACHE_DIR``, which
cannot read that cache, never wait for each other. In one process it costs a dictionary look-up after the first call.

Example:
    >>> import numpy as np
    >>> from numba import njit
    >>> @njit
    ... def add(a, b):
    ...     return a + b
    >>> compile_once(add, (np.int64(1), np.int64(2)))
    >>> [str(t) for t in add.signatures[0]]
    ['int64', 'int64']
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from numba import typeof

from pyeval.cachedir import cache_dir
from pyeval.jit.stack_room import in_stack_room

__all__ = ["compile_once"]

_ready: set[tuple[int, tuple[Any, ...]]] = set()
_guard = threading.Lock()


@contextlib.contextmanager
def _machine_lock(name: str) -> Iterator[None]:
    """Hold ``compile-<name>.lock`` in pyeval's cache folder exclusively (where the platform
    and the folder allow a lock; else nothing is held and at worst two processes compile)."""
    try:
        import fcntl
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / f"compile-{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            print(f"pyeval: another process is compiling {name} for this machine; waiting "
                  f"for it, then reading its compiled code", file=sys.stderr, flush=True)
            fcntl.flock(fd, fcntl.LOCK_EX)    # released by the kernel if that process dies
        yield
    finally:
        os.close(fd)


def _where(dispatcher: Any) -> str:
    """A short digest of what decides which Numba cache ``dispatcher`` reads and writes: its
    source file and Numba's cache folder (``NUMBA_CACHE_DIR``, else beside the sources).

    >>> from numba import njit
    >>> len(_where(njit(lambda: 1)))
    12
    """
    code = getattr(getattr(dispatcher, "py_func", None), "__code__", None)
    source = os.path.realpath(code.co_filename) if code is not None else "?"
    numba_dir = os.environ.get("NUMBA_CACHE_DIR", "")
    return hashlib.sha256(f"{source}\0{numba_dir}".encode()).hexdigest()[:12]


def compile_once(dispatcher: Any, args: Sequence[Any]) -> None:
    """Have ``dispatcher`` (an ``@njit(cache=True)`` function) compiled or loaded for the
    Numba types of ``args``, compiling at most once across the processes of this machine
    that share pyeval's cache folder and Numba's cache."""
    try:
        sig = tuple(typeof(a) for a in args)
    except (TypeError, ValueError):      # a value Numba cannot type ahead: the call compiles
        return
    key = (id(dispatcher), sig)
    if key in _ready:
        return
    with _guard:                         # the threads of one simulation ask at once
        if key in _ready:
            return
        if sig not in dispatcher.overloads:
            name = getattr(getattr(dispatcher, "py_func", None), "__qualname__", "kernel")
            with _machine_lock(f"{name}-{_where(dispatcher)}"):
                # Numba's compile runs deep: with room on the frame stack it maps no memory
                # at each turn (pyeval.jit.stack_room: a third of the simulator's cold CPU)
                in_stack_room(dispatcher.compile, sig)
        _ready.add(key)
