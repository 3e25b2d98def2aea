"""Long work (simulations, tuning) run in a background thread, its progress polled by the page.

Example:
    >>> from pyeval.tournament import load_structure
    >>> jobs = Jobs()
    >>> job = jobs.simulate(load_structure("club_3000"), n=4, seed=1, players=12)
    >>> jobs.get(job).wait(600).result["runs"]
    4
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

from pyeval.tournament.tournament_structure import TournamentStructure

#: finished jobs kept for the pages to read, oldest dropped first
MAX_JOBS = 50
#: the most tournaments one press of "simulate" runs
MAX_RUNS = 20_000

#: what a job's work is given: ``advance(count)`` adds tournaments done, ``say(text)`` tells
#: the page what is being done
Work = Callable[[Callable[[int], None], Callable[[str], None]], dict[str, Any]]


class Job:
    """One piece of work: ``done`` of ``total`` steps so far, ``message`` (what it is doing);
    ``result`` or ``error`` when it ends."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.message = ""
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
                "message": self.message, "result": self.result, "error": self.error}


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
    """The app's jobs by id."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        # one job computes at a time: the simulator already uses every core, and a Numba
        # threading layer may not take parallel work from two threads at once
        self._computing = threading.Lock()

    def get(self, job_id: str) -> Job:
        """The job of that id (KeyError naming it when there is none)."""
        with self._lock:
            if job_id not in self._jobs:
                raise KeyError(f"no job {job_id!r} (the server was restarted?)")
            return self._jobs[job_id]

    def run(self, total: int, work: Work) -> str:
        """Start ``work(advance, say)`` in a thread (``total`` steps); the job's id."""
        job = Job(total)
        with self._lock:
            job_id = str(next(self._ids))
            self._jobs[job_id] = job
            while len(self._jobs) > MAX_JOBS:
                del self._jobs[next(iter(self._jobs))]
        counting = threading.Lock()

        def advance(count: int) -> None:
            with counting:
                job.done = min(job.total, job.done + count)

        def say(text: str) -> None:
            job.message = text

        def body() -> None:
            try:
                if not self._computing.acquire(blocking=False):
                    say("waiting for the other simulation to finish")
                    self._computing.acquire()
                try:
                    job.result = work(advance, say)
                finally:
                    self._computing.release()
                job.done = job.total
            except Exception as err:        # shown on the page, not lost in a thread
                job.error = f"{type(err).__name__}: {err}"
            finally:
                job.finished.set()

        threading.Thread(target=body, name=f"pyeval-job-{job_id}", daemon=True).start()
        return job_id

    def simulate(self, structure: TournamentStructure, *, n: int, seed: int, players: int,
                 setting: str | None = None, compare: bool = True, start: str | None = None) -> str:
        """Simulate in a thread (:func:`pyeval.web.reports.simulation_report`); its id."""
        from pyeval.sim.analysis.spread import other_runs
        from pyeval.sim.settings import setting as get_setting

        from .reports import default_setting, simulation_report

        if not 1 <= n <= MAX_RUNS:
            raise ValueError(f"runs must be 1 to {MAX_RUNS:,}, got {n}")
        chosen = get_setting(setting or default_setting(structure))
        total = n + (other_runs(n, chosen.field, chosen.pace) if compare else 0)
        return self.run(total, lambda advance, say: simulation_report(
            structure, n=n, seed=seed, players=players, setting=setting, compare=compare, start=start,
            advance=advance, say=say))
