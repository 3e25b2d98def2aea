"""``pyeval tournament``: simulate tournaments of a structure file, and tune a structure.

    pyeval tournament simulate examples/club_3000.toml -n 10000
    pyeval tournament simulate club_3000 -n 2000 --field "balanced=3,push_fold=1" --by 3:30
    pyeval tournament tune --players 30 --chips 3000 --denominations 25,100,500,1000 \\
        --target "done within 4h with 90%" -o my_structure.toml
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click


def parse_minutes(text: str) -> float:
    """``"4h"``, ``"3:30"``, ``"210m"`` or ``"210"`` (minutes) as minutes.

    Example:
        >>> parse_minutes("3:30"), parse_minutes("4h"), parse_minutes("2.5h"), parse_minutes("90")
        (210.0, 240.0, 150.0, 90.0)
    """
    t = text.strip().lower().replace(" ", "")
    m = re.fullmatch(r"(\d+):(\d{1,2})", t)
    if m:
        return 60.0 * int(m.group(1)) + int(m.group(2))
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(h|hours?|m|min|minutes?)?", t)
    if not m:
        raise ValueError(f"cannot read a time from {text!r}: write 4h, 3:30, 210m or 210")
    v = float(m.group(1))
    return v * 60.0 if m.group(2) and m.group(2).startswith("h") else v


def parse_field(text: str) -> Any:
    """``"balanced"`` or ``"balanced=3,push_fold=1"`` as a field for :func:`simulate`.

    Example:
        >>> parse_field("balanced"), parse_field("balanced=3, push_fold=1")
        ('balanced', {'balanced': 3.0, 'push_fold': 1.0})
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1 and "=" not in parts[0]:
        return parts[0]
    out: dict[str, float] = {}
    for p in parts:
        name, _, w = p.partition("=")
        try:
            out[name.strip()] = float(w) if w else 1.0
        except ValueError:
            raise ValueError(f"cannot read the weight in {p!r}: write model=weight") from None
    return out


@click.group("tournament")
def tournament() -> None:
    """Simulate tournaments card by card, and tune blind structures."""


@tournament.command("simulate")
@click.argument("structure")
@click.option("-n", "--tournaments", "n", default=1000, show_default=True,
              help="How many tournaments to play.")
@click.option("--seed", default=0, show_default=True, help="Same seed, same results.")
@click.option("--players", type=int, default=None,
              help="Entrants (default: the structure's largest field).")
@click.option("--field", "field_text", default="balanced", show_default=True,
              help="Player models: a preset, or weights like 'balanced=3,push_fold=1'.")
@click.option("--hands-per-hour", default=30.0, show_default=True,
              help="Hands an hour at a full table (short tables deal faster).")
@click.option("--by", "by", multiple=True, help="Also report the chance of being done by "
              "this time (4h, 3:30, 210m); repeatable.")
@click.option("--threads", type=int, default=None, help="Local cores (default: all).")
@click.option("--chunk", type=int, default=None, help="Tournaments per chunk of work.")
@click.option("--scheduler", default=None,
              help="Address of a Dask scheduler to spread the work over (tcp://host:8786).")
@click.option("-o", "--out", "out", default=None,
              help="Report directory (default: reports/<structure name>).")
@click.option("--no-report", is_flag=True, help="Print the summary only.")
@click.option("--csv", "csv", is_flag=True, help="Also write one row per tournament (CSV).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def simulate_cmd(structure: str, n: int, seed: int, players: int | None, field_text: str,
                 hands_per_hour: float, by: tuple[str, ...], threads: int | None,
                 chunk: int | None, scheduler: str | None, out: str | None, no_report: bool,
                 csv: bool, no_progress: bool) -> None:
    """Play N tournaments of STRUCTURE (a structure file or an example name) and report how
    long they last: duration percentiles, the chance of being done by a time, players left
    against the clock, stack depth by level; plots and an HTML page in the report directory.

    Example: pyeval tournament simulate examples/club_3000.toml -n 10000
    """
    from pyeval.sim import Clock, simulate
    from pyeval.sim.report import format_table, summary_rows, write_report
    from pyeval.tournament.errors import StructureError
    from pyeval.tournament.structure import load_structure

    try:
        st = load_structure(structure)
    except (StructureError, FileNotFoundError) as e:
        raise click.ClickException(str(e)) from None
    try:
        checkpoints = [parse_minutes(b) for b in by] or None
        result = simulate(st, n=n, seed=seed, players=players, field=parse_field(field_text),
                          clock=Clock(hands_per_hour=hands_per_hour), threads=threads,
                          chunk=chunk, progress=not no_progress, scheduler=scheduler)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(format_table(summary_rows(result, checkpoints)))
    freq_end = result.final_level_frequencies()
    click.echo("")
    rows = result.level_rows()
    w = max(16, max(len(row["blinds"]) for row in rows))
    click.echo(f"{'level':>5}  {'blinds':<{w}} {'reached':>8} {'ends here':>9} {'avg BB':>7} {'avg M':>6}")
    for i, row in enumerate(rows):
        if row["reached"] <= 0:
            continue
        click.echo(f"{int(row['level']):>5}  {row['blinds']:<{w}} {100 * row['reached']:>7.1f}% "
                   f"{100 * freq_end[i]:>8.1f}% {row['avg_bb']:>7.1f} {row['avg_m']:>6.1f}")
    if not no_report or csv:
        outdir = Path(out) if out else Path("reports") / Path(st.file).stem
        outdir.mkdir(parents=True, exist_ok=True)
        if not no_report:
            try:
                files = write_report(result, outdir, checkpoints)
            except ImportError as e:
                raise click.ClickException(f"{e} (or pass --no-report)") from None
            click.echo(f"\nreport: {files['html']}")
        if csv:
            path = outdir / "tournaments.csv"
            result.to_frame().to_csv(path, index_label="tournament")
            click.echo(f"per tournament: {path}")


@tournament.command("tune")
@click.option("--players", type=int, required=True, help="Entrants.")
@click.option("--chips", "starting", type=int, required=True, help="Starting chips.")
@click.option("--denominations", default="25,100,500,1000,5000", show_default=True,
              help="The chip set, smallest first (blinds must be payable with it).")
@click.option("--target", "targets", multiple=True, required=True,
              help="'done within 4h with 90%' or 'final table after 2h' (repeatable).")
@click.option("--table-size", default=9, show_default=True)
@click.option("--hands-per-hour", default=30.0, show_default=True)
@click.option("--field", "field_text", default="balanced", show_default=True,
              help="Player models the schedule is tuned for.")
@click.option("-n", "--tournaments", "n", default=1000, show_default=True,
              help="Tournaments simulated to check each candidate.")
@click.option("--seed", default=0, show_default=True)
@click.option("--name", default=None, help="Name written in the structure file.")
@click.option("-o", "--out", "out", default=None, help="Write the structure file here.")
@click.option("--no-sensitivity", is_flag=True, help="Skip the check against other player models.")
def tune_cmd(players: int, starting: int, denominations: str, targets: tuple[str, ...],
             table_size: int, hands_per_hour: float, field_text: str, n: int, seed: int,
             name: str | None, out: str | None, no_sensitivity: bool) -> None:
    """Propose a blind schedule that meets the targets, checked by simulation, and write it
    as a structure file.

    Example: pyeval tournament tune --players 30 --chips 3000 --target "done within 4h with 90%"
    """
    from pyeval.sim.tune import parse_target, tune

    try:
        denoms = [int(x) for x in denominations.split(",") if x.strip()]
        goals = [parse_target(t) for t in targets]
        res = tune(players=players, starting=starting, denominations=denoms, targets=goals,
                   table_size=table_size, hands_per_hour=hands_per_hour,
                   field=parse_field(field_text), n=n, seed=seed, name=name,
                   sensitivity=not no_sensitivity,
                   progress=lambda msg: click.echo(msg, err=True))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(res.describe())
    if out:
        Path(out).write_text(res.toml, encoding="utf-8")
        click.echo(f"\nstructure: {out}")
    else:
        click.echo("\n" + res.toml)
