"""Spread a simulation over a Dask cluster: the same call, chunks of tournaments per task.

Tournament ``i`` depends only on ``(seed, i)``, so the chunks can run anywhere, in any
order, and merge into exactly the result of a local run with the same seed. Each task runs
the kernel on its worker thread without the GIL (:func:`pyeval.sim.kernel.kernel.run_serial`), so
a worker with several threads runs as many chunks at once.

Example (a local cluster of two in-process workers):
    >>> from distributed import Client, LocalCluster
    >>> from pyeval.sim import simulate
    >>> with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
    ...                   dashboard_address=":0") as cluster, Client(cluster) as client:
    ...     a = simulate("club_3000", n=12, seed=3, players=12, scheduler=client)
    >>> b = simulate("club_3000", n=12, seed=3, players=12)
    >>> bool((a.place == b.place).all())
    True
"""
from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from typing import Any

from pyeval.sim.engine.engine import Chunk, KernelInputs, chunk_bounds, merge_chunks, run_chunk
from pyeval.sim.engine.spec import SimSpec


def _task(spec: SimSpec, inputs: KernelInputs, seed: int, t0: int, n: int) -> Chunk:
    """One chunk on a worker (single-threaded kernel; the worker's threads run chunks)."""
    return run_chunk(spec, inputs, seed, t0, n, parallel=False)


def run_distributed(spec: SimSpec, inputs: KernelInputs, seed: int, n: int, scheduler: Any,
                    *, chunk: int | None = None,
                    progress: bool | Callable[[int], None] = False) -> Chunk:
    """Play tournaments ``0 .. n - 1`` on the cluster behind ``scheduler`` (a
    ``distributed.Client`` or a scheduler address) and merge the chunks in order."""
    try:
        from distributed import Client, as_completed
    except ImportError as e:  # pragma: no cover - the dask extra is not installed
        raise ValueError("running on a Dask cluster needs the dask extra: "
                         "pip install 'pyeval[dask]'") from e
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        workers = max(1, sum(client.nthreads().values()))
        if chunk is None:
            chunk = max(16, min(2000, math.ceil(n / (8 * workers))))
        bounds = chunk_bounds(n, chunk)
        spec_f, inputs_f = client.scatter([spec, inputs], broadcast=True, hash=False)
        token = uuid.uuid4().hex[:12]
        futures = [client.submit(_task, spec_f, inputs_f, seed, t0, size,
                                 key=f"pyeval-sim-{token}-{t0}", pure=False)
                   for t0, size in bounds]
        bar = None
        if progress is True:
            from tqdm.auto import tqdm
            bar = tqdm(total=n, unit="tournament", desc=spec.name or "simulating")
        chunks: list[Chunk] = []
        try:
            for fut in as_completed(futures):
                c = fut.result()
                chunks.append(c)
                if bar is not None:
                    bar.update(c.n)
                elif callable(progress):
                    progress(c.n)
        finally:
            if bar is not None:
                bar.close()
        return merge_chunks(chunks)
    finally:
        if own:
            client.close()
