"""``pyeval equity``: each hand's share of the pot, from the shell.

    pyeval equity AhKh QQ+ --board "Ks 7d 2c"
    pyeval equity AsAh2s3h KcKdQcQd --game omaha8
    pyeval equity "As 2h 3d" "Kc Qd Jh" --game razz --samples 2000000 --json
"""
from __future__ import annotations

import sys
import time
from typing import Any

import click

_GAME_HELP = ("Game: holdem, omaha, omaha5, omaha6, omaha8 (Omaha Hi/Lo), omaha5-8, omaha6-8, "
              "irish, pineapple, crazy-pineapple, super8, tahoe, stud, stud8, razz, stud5, "
              "australian, buffalo, crocodile, chicago, draw5 (names and aliases accepted).")


class _Bar:
    """A tqdm bar that appears only once a run has lasted a little while."""

    def __init__(self, enabled: bool, delay: float = 0.5) -> None:
        self.enabled = enabled
        self.delay = delay
        self.start = time.perf_counter()
        self.bar: Any = None

    def __call__(self, p: Any) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < self.delay:
                return
            from tqdm import tqdm
            self.bar = tqdm(total=1000, desc="exact" if p.exact else "Monte Carlo",
                            unit="‰", file=sys.stderr, leave=False,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| {postfix}")
        self.bar.n = int(1000 * min(p.fraction, 1.0))
        post = f"{p.samples:,} deals"
        if not p.exact:
            post += f", std err {100 * p.std_err:.4f}%"
        self.bar.set_postfix_str(post, refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@click.command("equity")
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", "-b", default="", help='Known board cards, e.g. "Ks 7d 2c".')
@click.option("--dead", "-d", default="", help="Dead (seen, out of play) cards.")
@click.option("--game", "-g", default="holdem", show_default=True, help=_GAME_HELP)
@click.option("--exact/--monte-carlo", "exact", default=None,
              help="Force exact enumeration or Monte Carlo (default: exact when cheap).")
@click.option("--samples", "-n", type=int, default=None, help="Monte Carlo deals.")
@click.option("--std-err", type=float, default=None,
              help="Monte Carlo target standard error (a fraction, e.g. 0.0005).")
@click.option("--time-limit", type=float, default=None, help="Stop after this many seconds.")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed.")
@click.option("--threads", "-t", type=int, default=None, help="Threads (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
def equity(hands: tuple[str, ...], board: str, dead: str, game: str, exact: bool | None,
           samples: int | None, std_err: float | None, time_limit: float | None,
           seed: int, threads: int | None, as_json: bool, progress: bool | None) -> None:
    """Each hand's share of the pot (equity), win and tie, exactly or by Monte Carlo.

    HANDS are one per player: cards ("AhKh", "Ah Kh"), cards with * for unknown ones
    ("AsAh**"; stud hands in dealing order, down cards first), "random", or in two-card
    games a range ("QQ+", "AKs,AQs", "0.5(TT-88)"; quote ranges that contain spaces).

    Example: pyeval equity AhKh QQ+ --board "Ks 7d 2c"
    """
    from pyeval.equity import equity as run

    show = sys.stderr.isatty() if progress is None else progress
    bar = _Bar(show)
    try:
        r = run(game, list(hands), board, dead, exact=exact, samples=samples,
                std_err=std_err, time_limit=time_limit, seed=seed, threads=threads,
                progress=bar)
    except (ValueError, TypeError) as e:
        raise click.UsageError(str(e)) from None
    finally:
        bar.close()
    if as_json:
        click.echo(r.to_json(indent=2))
    else:
        click.echo(r.table())
