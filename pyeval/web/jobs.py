"""Simulations run in a background thread, their progress polled by the page.

Example:
    >>> from pyeval.tournament import load_structure
    >>> jobs = Jobs()
    >>> job = jobs.start(load_structure("club_3000"), n=4, seed=1, players=12)
    >>> jobs.get(job).wait(600).result["runs"]
    4
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

from pyeval.tournament.tournament_structure import TournamentStructure

#: finished jobs kept for the pages to read, oldest dropped first
MAX_JOBS = 50
#: the most tournaments one press of "simulate" runs
MAX_RUNS = 20_000


class Job:
    """One simulation: ``done`` of ``total`` tournaments so far; ``result`` (median and
    10-90 % band of the duration, in minutes) or ``error`` when it ends."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.result: dict[str, Any] | None = None
        self.error = ""
        self.finished = threading.Event()

    def wait(self, timeout: float) -> Job:
        """Wait for the job to end (at most ``timeout`` seconds); returns the job."""
        self.finished.wait(timeout)
        return self

    def state(self) -> dict[str, Any]:
        """What the progress route returns."""
        return {"done": self.done, "total": self.total, "finished": self.finished.is_set(),
                "result": self.result, "error": self.error}


def duration_summary(result: Any) -> dict[str, Any]:
    """Median and 10-90 % band of a :class:`~pyeval.sim.engine.results.SimResult`'s duration (minutes).

    Example:
        >>> from pyeval.sim import simulate
        >>> s = duration_summary(simulate("club_3000", n=4, seed=1, players=12))
        >>> s["runs"], s["p10"] <= s["median"] <= s["p90"]
        (4, True)
    """
    p = result.duration_percentiles([10, 50, 90])
    return {"runs": result.n, "players": result.players, "median": p[50.0], "p10": p[10.0], "p90": p[90.0]}


class Jobs:
    """The app's simulations by id."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def get(self, job_id: str) -> Job:
        """The job of that id (KeyError naming it when there is none)."""
        with self._lock:
            if job_id not in self._jobs:
                raise KeyError(f"no simulation {job_id!r}")
            return self._jobs[job_id]

    def start(self, structure: TournamentStructure, *, n: int, seed: int, players: int) -> str:
        """Start ``simulate(structure, n, seed, players=players)`` in a thread; its id."""
        if not 1 <= n <= MAX_RUNS:
            raise ValueError(f"runs must be 1 to {MAX_RUNS:,}, got {n}")
        job = Job(n)
        with self._lock:
            job_id = str(next(self._ids))
            self._jobs[job_id] = job
            while len(self._jobs) > MAX_JOBS:
                del self._jobs[next(iter(self._jobs))]

        counting = threading.Lock()

        def progress(count: int) -> None:
            with counting:
                job.done = min(job.total, job.done + count)

        def run() -> None:
            from pyeval.sim import simulate
            try:
                result = simulate(structure, n=n, seed=seed, players=players, progress=progress)
                job.result = duration_summary(result)
                job.done = job.total
            except Exception as err:
                job.error = f"{type(err).__name__}: {err}"
            finally:
                job.finished.set()

        threading.Thread(target=run, name=f"pyeval-sim-{job_id}", daemon=True).start()
        return job_id
