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

from pyeval.cli.usage import usage_errors

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
@click.option("--by-combo", is_flag=True,
              help="Each combination's equity, win, tie and lose, grouped by grid cell "
                   "(exact heads-up when feasible, else Monte Carlo per combination).")
@click.option("--grid", is_flag=True,
              help="The 13x13 grid of each range's equity by cell (implies --by-combo).")
@click.option("--runouts", is_flag=True,
              help="Equity by next card (the turn given a flop, the river given a turn) "
                   "and the outs of the players behind.")
@click.option("--png", type=click.Path(dir_okay=False), default=None,
              help="With --grid: write the last range's equity grid as a PNG heatmap.")
def equity(hands: tuple[str, ...], board: str, dead: str, game: str, exact: bool | None,
           samples: int | None, std_err: float | None, time_limit: float | None,
           seed: int, threads: int | None, as_json: bool, progress: bool | None,
           by_combo: bool, grid: bool, runouts: bool, png: str | None) -> None:
    """Each hand's share of the pot (equity), win and tie, exactly or by Monte Carlo.

    HANDS are one per player: cards ("AhKh", "Ah Kh"), cards with * for unknown ones
    ("AsAh**"; stud hands in dealing order, down cards first), "random", or in two-card
    games a range ("QQ+", "AKs,AQs", "0.5(TT-88)"; quote ranges that contain spaces).

    Hands are numbered from 1 in every table and message. "tie" is the share of deals in
    which a hand took part of a split pot (its equity counts its share of it).

    Example: pyeval equity AhKh QQ+ --board "Ks 7d 2c"
    """
    from pyeval.equity import equity as run
    if by_combo or grid:
        _by_combo(list(hands), board, dead, game, exact, samples, seed, threads, as_json,
                  grid, png, time_limit)
        return
    if runouts:
        _runouts(list(hands), board, dead, game, as_json, time_limit)
        return

    show = sys.stderr.isatty() if progress is None else progress
    bar = _Bar(show)
    try:
        with usage_errors(ValueError, TypeError):
            r = run(game, list(hands), board, dead, exact=exact, samples=samples,
                    std_err=std_err, time_limit=time_limit, seed=seed, threads=threads,
                    progress=bar)
    finally:
        bar.close()
    if as_json:
        click.echo(r.to_json(indent=2))
    else:
        click.echo(r.table())


def _by_combo(hands: list[str], board: str, dead: str, game: str, exact: bool | None,
              samples: int | None, seed: int, threads: int | None, as_json: bool,
              grid: bool, png: str | None, time_limit: float | None = None) -> None:
    from pyeval.equity.breakdown import Breakdown, breakdown
    from pyeval.equity.omaha_equity import takes_ranges
    if takes_ranges(game, hands):                # Omaha ranges (issue 37)
        from pyeval.cli.omaha_range_cmd import show_omaha_breakdown
        show_omaha_breakdown(hands, board, dead, game, samples, seed, threads, as_json,
                             time_limit)
        return
    with usage_errors(ValueError, TypeError):
        b = breakdown(hands, board, dead, game=game, exact=exact, samples=samples, seed=seed,
                      threads=threads, time_limit=time_limit)
        if not isinstance(b, Breakdown):         # Omaha ranges went above
            raise TypeError("an Omaha range breakdown reached the hold'em table")
    if as_json:
        click.echo(b.to_json(indent=2))
        return
    for i, p in enumerate(b.players):
        if len(p.combos) == 0 or (len(p.combos) < 2 and len(b.players) == 2):
            continue                     # a random hand, or a single hand heads-up
        click.echo(b.table(i + 1))
        if grid:
            click.echo(p.grid_text())
        click.echo("")
        if png and grid:
            with usage_errors(RuntimeError):
                p.heatmap(png)


def _runouts(hands: list[str], board: str, dead: str, game: str, as_json: bool,
             time_limit: float | None = None) -> None:
    from pyeval.equity.omaha_equity import takes_ranges
    from pyeval.equity.runouts import runouts
    with usage_errors(ValueError, TypeError):
        if takes_ranges(game, hands):            # Omaha ranges (issue 37)
            from pyeval.equity.omaha_analysis import omaha_runouts
            o = omaha_runouts(hands, board, dead, game=game, time_limit=time_limit)
            click.echo(o.to_json(indent=2) if as_json else o.table())
            return
        r = runouts(hands, board, dead, game=game, time_limit=time_limit)
    click.echo(r.to_json(indent=2) if as_json else r.table())
