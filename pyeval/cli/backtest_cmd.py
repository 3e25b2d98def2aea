"""``pyeval tournament backtest``: simulate real event-days (and home games) and print the
simulated against the real survival and durations (:mod:`pyeval.sim.analysis.backtest`)."""
from __future__ import annotations

from pathlib import Path

import click

from pyeval.tournament.seating import PACES as PACE_NAMES


@click.command("backtest")
@click.argument("events", type=click.Path(exists=True, dir_okay=False))
@click.option("--home", "home", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Also the home games of this home_games.csv (the players pace, one table).")
@click.option("-n", "--tournaments", "n", type=click.IntRange(min=2), default=20, show_default=True,
              help="Simulations per event-day (home games: ten times as many).")
@click.option("--seed", default=1, show_default=True)
@click.option("--pace", type=click.Choice(PACE_NAMES), default="dealer", show_default=True,
              help="The event-days' pace.")
@click.option("--field", "field_text", default="live_tournament", show_default=True,
              help="The event-days' player models.")
@click.option("--late-share", type=click.FloatRange(0, 0.9), default=0.10, show_default=True,
              help="Share of entrants assumed to register late where the event had late "
                   "registration (over its first two levels).")
@click.option("--threads", type=int, default=None, help="Local cores (default: all).")
def backtest_cmd(events: str, home: str | None, n: int, seed: int, pace: str, field_text: str,
                 late_share: float, threads: int | None) -> None:
    """Simulate each event-day of EVENTS (the CSV format of the shared live_events.csv) at its
    real field and structure, and print the simulated survival (median, 10-90 %) beside the
    real one, with the error; rows without a complete structure are listed as skipped.

    Example: pyeval tournament backtest ../shared/data/backtest/live_events.csv --home
    ../shared/data/backtest/home_games.csv
    """
    from pyeval.cli.tournament_cmd import parse_field
    from pyeval.sim.analysis.backtest import (
        HOME_FIELD,
        HOME_PACE,
        event_table,
        home_pauses,
        home_table,
        read_events,
        read_home_games,
        simulate_event,
        simulate_home,
        summary_line,
    )

    try:
        field = parse_field(field_text)
        days, skipped = read_events(events)
        results = [simulate_event(d, n=n, seed=seed, pace=pace, field=field, late_share=late_share,
                                  threads=threads) for d in days]
        homes = []
        if home:
            log = Path(home).with_name("home_game_hands.csv")
            pauses = home_pauses(log) if log.is_file() else {}
            homes = [simulate_home(row, n=10 * n, seed=seed, pauses=pauses, threads=threads)
                     for row in read_home_games(home)]
    except (ValueError, KeyError) as e:
        raise click.ClickException(f"{Path(events).name}: {e}") from None
    click.echo(f"event-days: pace {pace}, field {field_text}, {n} simulations each, "
               f"{100 * late_share:.0f} % late entrants where late registration was open")
    click.echo(event_table(results, skipped))
    if homes:
        click.echo(f"\nhome games: {HOME_PACE} pace, {HOME_FIELD} field, {10 * n} simulations "
                   "each; time to the last hand less pauses over 300 s (minutes)")
        click.echo(home_table(homes))
    click.echo("\n" + summary_line(results, homes))
