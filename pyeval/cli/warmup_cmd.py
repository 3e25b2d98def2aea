"""``pyeval warmup``: compile the Numba kernels ahead of the first real run.

For container images and CI: run it once after installing, and the first simulation (and
the first equity call) start at once instead of compiling for tens of seconds.

    pyeval warmup                 # simulation kernels and the equity engine
    pyeval warmup --no-equity     # the simulation kernels only
"""
from __future__ import annotations

import time

import click


@click.command("warmup")
@click.option("--equity/--no-equity", default=True, show_default=True,
              help="Also compile the equity engine's kernels.")
def warmup(equity: bool) -> None:
    """Compile (or load from Numba's cache) the simulation kernels, and the equity engine's."""
    from pyeval.sim.engine.warmup import warm_up

    t0 = time.perf_counter()

    def report(part: str, seconds: float) -> None:
        click.echo(f"{part}: ready in {seconds:.1f} s")

    from pyeval import h7_loop

    h7_loop.choose(remeasure=True)   # the 7-card batch loops timed again on this CPU (~30 ms)
    warm_up(equity=equity, report=report)
    click.echo(f"done in {time.perf_counter() - t0:.1f} s")
