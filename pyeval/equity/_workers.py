"""Running a kernel's chunks of work on several threads without Numba's parallel loops.

Each kernel has a ``nogil`` worker that takes chunks one at a time from a shared counter
(``fetch_add`` on ``ctr``) until none is left, so any number of threads shares the work
evenly and a thread slowed down by other load on the machine holds nobody up. The threads
are plain Python threads of one pool: no OpenMP runtime is started (so nothing needs
``OMP_WAIT_POLICY``), and the kernels compile without the parallel-loop passes, which took
most of the first call's compile time. Every chunk writes its own row of results, so the
answer does not depend on the number of threads.

>>> import numpy as np
>>> seen = []
>>> run_workers(lambda ctr, x: seen.append(x), 1, 10, 5)
>>> seen
[5]
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pool_size = 0


def _get_pool(n: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _lock:
        if _pool is None or _pool_size < n:
            if _pool is not None:
                _pool.shutdown(wait=True)
            _pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix="pyeval-equity")
            _pool_size = n
        return _pool


def run_workers(work: Callable[..., Any], threads: int, n_items: int, *args: Any) -> None:
    """Runs ``work(ctr, *args)`` on ``min(threads, n_items)`` threads at once (in this thread
    when that is one), ``ctr`` a fresh int64 counter the workers take items from."""
    ctr = np.zeros(8, dtype=np.int64)
    n = max(1, min(int(threads), int(n_items)))
    if n == 1:
        work(ctr, *args)
        return
    pool = _get_pool(n)
    futures = [pool.submit(work, ctr, *args) for _ in range(n)]
    for f in futures:
        f.result()
