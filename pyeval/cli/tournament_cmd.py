"""``pyeval tournament``: simulate tournaments of a structure file, tune a structure, print
its blind sheet and check it.

    pyeval tournament simulate examples/club_3000.toml -n 10000 --start 19:00
    pyeval tournament simulate club_3000 -n 2000 --field "balanced=3,push_fold=1" --by 3:30
    pyeval tournament tune --players 30 --chips 3000 --denominations 25,100,500,1000 \\
        --target "done within 4h with 90%" --target "done not before 3h" -o my_structure.toml
    pyeval tournament show club_3000 --start 19:00
    pyeval tournament check my_structure.toml
"""
from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

from pyeval.tournament.seating import PACES as PACE_NAMES
from pyeval.tournament.timetext import clock_like_note, hhmm, parse_clock, parse_minutes, parse_time

#: seeds are 64-bit: 0 .. 2**64 - 1 (a larger one would wrap onto another)
SEED = click.IntRange(0, 2**64 - 1)

__all__ = ["hhmm", "parse_field", "parse_int_list", "parse_minutes", "tournament"]

#: Exit code of ``tune`` when no schedule of the family meets the targets.
EXIT_INFEASIBLE = 3


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


def parse_int_list(text: str, what: str) -> list[int]:
    """``"25,100,500"`` as whole numbers above 0, each once.

    Example:
        >>> parse_int_list("25, 100,500", "denominations")
        [25, 100, 500]
        >>> parse_int_list("a,b", "denominations")
        Traceback (most recent call last):
        ...
        ValueError: denominations are whole numbers above 0 separated by commas (like 25,100,500), not 'a'
    """
    out = []
    for p in (x.strip() for x in text.split(",")):
        if not p:
            continue
        if not p.isdigit() or int(p) <= 0:
            raise ValueError(f"{what} are whole numbers above 0 separated by commas (like 25,100,500), not {p!r}")
        out.append(int(p))
    if not out:
        raise ValueError(f"give the {what}, like 25,100,500")
    if len(set(out)) != len(out):
        raise ValueError(f"each of the {what} once, got {text!r}")
    return out


def check_output_dir(out: Path) -> None:
    """Make the report directory now (before any work) and check it can be written."""
    if out.exists() and not out.is_dir():
        raise click.ClickException(f"-o {out}: a file of that name exists; give a directory for the report")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".pyeval-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise click.ClickException(f"-o {out}: cannot write the report there ({e.strerror or e})") from None


def check_output_file(out: Path) -> None:
    """A structure file can be written at ``out`` (checked before the tuning)."""
    if out.is_dir():
        raise click.ClickException(f"-o {out} is a directory; give a file name like my_structure.toml")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise click.ClickException(f"-o {out}: cannot write in {parent} (missing or not writable)")
    if out.exists() and not os.access(out, os.W_OK):
        raise click.ClickException(f"-o {out}: the file exists and cannot be overwritten")


def check_scheduler(address: str, timeout: float = 3.0) -> None:
    """A Dask scheduler address answers within ``timeout`` seconds (checked before the work)."""
    url = urlparse(address if "://" in address else f"tcp://{address}")
    if url.scheme not in ("tcp", "tls", "inproc", "ws", "wss") or (url.scheme != "inproc" and not url.hostname):
        raise click.ClickException(f"--scheduler {address!r}: give an address like tcp://host:8786")
    if url.scheme == "inproc":
        return
    try:
        port = url.port or 8786
    except ValueError:
        raise click.ClickException(f"--scheduler {address!r}: the port is not a number") from None
    try:
        with socket.create_connection((url.hostname, port), timeout=timeout):
            pass
    except OSError as e:
        raise click.ClickException(f"--scheduler {address}: no Dask scheduler answers there "
                                   f"({e.strerror or e}); start one (dask scheduler) or leave --scheduler out "
                                   "to run on this machine") from None


def _need_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.ClickException("the report's plots need matplotlib, a dependency of pyeval "
                                   "missing here: pip install matplotlib (or pass --no-report)") from None


def _load(structure: str) -> Any:
    from pyeval.tournament.errors import StructureError
    from pyeval.tournament.structure import load_structure
    try:
        return load_structure(structure)
    except (StructureError, FileNotFoundError) as e:
        raise click.ClickException(str(e)) from None


@click.group("tournament")
def tournament() -> None:
    """Simulate tournaments card by card, tune blind structures, print blind sheets."""


@tournament.command("simulate")
@click.argument("structure")
@click.option("-n", "--tournaments", "n", type=click.IntRange(min=1), default=1000, show_default=True,
              help="How many tournaments to play.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Same seed, same results.")
@click.option("--players", type=click.IntRange(min=2), default=None,
              help="Entrants (default: the structure's largest field).")
@click.option("--field", "field_text", default=None,
              help="Player models: a preset, or weights like 'balanced=3,push_fold=1' (default: "
                   "live_tournament at a dealt table, the dealer pace; balanced otherwise).")
@click.option("--pace", type=click.Choice(PACE_NAMES), default=None,
              help="Seconds per hand by players dealt, fitted to real hands: dealer (a casino "
                   "table), players (a home game, players deal), online (default: the "
                   "structure's [tables] pace, else dealer).")
@click.option("--hands-per-hour", type=click.FloatRange(1, 1000), default=None,
              help="Override: hands an hour at a full table (the pace's shape kept: short "
                   "tables deal faster).")
@click.option("--late-entries", type=click.IntRange(min=0), default=None,
              help="How many of the entrants register late (default: the structure's "
                   "[late_registration] entries, else none).")
@click.option("--by", "by", multiple=True, help="Also report the chance of being done by "
              "this time: a length of play (4h, 4h30, 3:30, 210m) or, with --start, a clock "
              "time (23:30; before the start: the next day); repeatable.")
@click.option("--start", default=None, help="Start time (19:00): times also as clock times.")
@click.option("--ensemble", "ensemble", type=click.IntRange(0, 12), default=0, show_default=True,
              help="Also simulate this many likely fields (n/4 each) and show the spread over them.")
@click.option("--threads", type=int, default=None, help="Local cores (default: all).")
@click.option("--chunk", type=int, default=None, help="Tournaments per chunk of work.")
@click.option("--scheduler", default=None,
              help="Address of a Dask scheduler to spread the work over (tcp://host:8786).")
@click.option("-o", "--out", "out", default=None,
              help="Report directory (default: reports/<structure name>).")
@click.option("--no-report", is_flag=True, help="Print the summary only.")
@click.option("--csv", "csv", is_flag=True, help="Also write one row per tournament (CSV).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def simulate_cmd(structure: str, n: int, seed: int, players: int | None, field_text: str | None,
                 pace: str | None, hands_per_hour: float | None, late_entries: int | None,
                 by: tuple[str, ...], start: str | None, ensemble: int,
                 threads: int | None, chunk: int | None, scheduler: str | None, out: str | None,
                 no_report: bool, csv: bool, no_progress: bool) -> None:
    """Play N tournaments of STRUCTURE (a structure file or an example name) and report how
    long they last: duration percentiles, the chance of being done by a time, players left
    against the clock, stack depth by level; plots and an HTML page in the report directory.

    Example: pyeval tournament simulate examples/club_3000.toml -n 10000
    """
    from pyeval.sim import Clock, simulate
    from pyeval.sim.analysis.report import format_table, result_warnings, summary_rows, write_report
    from pyeval.sim.engine.spec import default_clock

    st = _load(structure)
    # everything that can fail is checked before the work starts
    try:
        if start is not None:
            parse_clock(start)
        checkpoints = [parse_time(b, start) for b in by] or None
        for note in filter(None, (clock_like_note(b, start) for b in by)):
            click.echo(f"note: --by {note}", err=True)
        clock = Clock(pace=default_clock(st, pace).pace, hands_per_hour=hands_per_hour)
        if field_text is None:      # the default field of a dealt event (docs/players.md)
            field_text = "live_tournament" if clock.pace == "dealer" else "balanced"
        field = parse_field(field_text)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    entrants = players or st.entrants.maximum
    if not st.entrants.minimum <= entrants <= st.entrants.maximum:
        try:
            st.payouts(entrants)
            pay = ""
        except ValueError:
            pay = " (and no payout table covers it)"
        click.echo(f"warning: {entrants} entrants is outside the structure's field of "
                   f"{st.entrants.minimum}-{st.entrants.maximum}: its levels and payouts were not "
                   f"made for it{pay}", err=True)
    if not no_report:
        _need_matplotlib()
    outdir = None
    if not no_report or csv:
        outdir = Path(out) if out else Path("reports") / Path(st.file).stem
        check_output_dir(outdir)
    if scheduler is not None:
        check_scheduler(scheduler)
    try:
        result = simulate(st, n=n, seed=seed, players=players, field=field,
                          clock=clock, threads=threads,
                          chunk=chunk, progress=not no_progress, scheduler=scheduler,
                          late_entries=late_entries)
        spread = None
        if ensemble:
            from pyeval.sim.analysis.ensemble import default_ensemble, simulate_ensemble
            members = default_ensemble(ensemble, hands_per_hour=hands_per_hour, seed=seed,
                                       pace=clock.pace, table_size=st.tables.table_size)
            spread = simulate_ensemble(st, members, max(50, n // 4), seed=seed + 1, players=players,
                                       threads=threads, late_entries=late_entries)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(format_table(summary_rows(result, checkpoints, start=start, ensemble=spread)))
    for warning in result_warnings(result):
        click.echo(f"warning: {warning}", err=True)
    freq_end = result.final_level_frequencies()
    click.echo("")
    rows = result.level_rows()
    w = max(16, max(len(row["blinds"]) for row in rows))
    click.echo(f"{'level':>5}  {'blinds':<{w}} {'reached':>8} {'ends here':>9} {'starts':>7} "
               f"{'avg BB':>7} {'avg M':>6}")
    for i, row in enumerate(rows):
        if row["reached"] <= 0:
            continue
        click.echo(f"{int(row['level']):>5}  {row['blinds']:<{w}} {100 * row['reached']:>7.1f}% "
                   f"{100 * freq_end[i]:>8.1f}% {hhmm(row['start_minute']):>7} {row['avg_bb']:>7.1f} "
                   f"{row['avg_m']:>6.1f}")
    if outdir is not None:
        if not no_report:
            files = write_report(result, outdir, checkpoints, start=start, ensemble=spread)
            click.echo(f"\nreport: {files['html']}")
        if csv:
            path = outdir / "tournaments.csv"
            result.write_csv(path)
            click.echo(f"per tournament: {path}")


@tournament.command("tune")
@click.option("--players", type=int, required=True, help="Entrants.")
@click.option("--chips", "starting", type=int, required=True, help="Starting chips.")
@click.option("--denominations", default="25,100,500,1000,5000", show_default=True,
              help="The chip set, smallest first (blinds must be payable with it).")
@click.option("--target", "targets", multiple=True, required=True,
              help="'done within 4h with 90%', 'done not before 3h', 'final table after 2h', "
                   "'money play at least 1:30', 'levels between 15 and 30 minutes' (repeatable).")
@click.option("--table-size", type=int, default=9, show_default=True)
@click.option("--pace", type=click.Choice(PACE_NAMES), default=None,
              help="A pace preset fitted to real hands (dealer, players, online); the ensemble "
                   "draws paces around its full-table rate.")
@click.option("--hands-per-hour", type=float, default=None,
              help="The room's nominal pace at a full table (default: the pace's, else 30); "
                   "the ensemble draws paces around it.")
@click.option("--ensemble", "ensemble_size", type=int, default=8, show_default=True,
              help="Likely fields every candidate is simulated under (1: the balanced field only).")
@click.option("--field", "field_text", default=None,
              help="Tune for this field only ('balanced=3,push_fold=1'); the ensemble then varies "
                   "only the pace and the break overruns.")
@click.option("-n", "--tournaments", "n", type=int, default=200, show_default=True,
              help="Tournaments per field for the finalists (screening uses fewer; verification twice).")
@click.option("--screen", "screen_n", type=int, default=48, show_default=True,
              help="Tournaments per field to screen each candidate.")
@click.option("--margin", type=float, default=2.0, show_default=True,
              help="Percentage points the pessimistic field must beat each target by.")
@click.option("--level-minutes", "level_minutes", type=int, default=None,
              help="Fix the level length (minutes).")
@click.option("--start-bb", "start_bb", type=int, default=None, help="Fix the first big blind.")
@click.option("--ante", "ante", default="auto", show_default=True,
              help="'auto' (from 15 big blinds deep), 'none', a level number to start antes at, "
                   "or 'bb' (big-blind antes of one big blind, from 15 big blinds deep).")
@click.option("--break-every", type=int, default=120, show_default=True, help="Minutes of play between breaks.")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--name", default=None, help="Name written in the structure file.")
@click.option("--start", default=None, help="Start time (19:00): targets may then name clock "
              "times ('done by 23:30 with 90%').")
@click.option("-o", "--out", "out", default=None, help="Write the structure file here.")
def tune_cmd(players: int, starting: int, denominations: str, targets: tuple[str, ...],
             table_size: int, pace: str | None, hands_per_hour: float | None,
             ensemble_size: int, field_text: str | None,
             n: int, screen_n: int,
             margin: float, level_minutes: int | None, start_bb: int | None, ante: str,
             break_every: int, seed: int, name: str | None, start: str | None, out: str | None) -> None:
    """Propose a blind schedule that meets the targets over an ensemble of likely fields,
    explain the choice, and write it as a structure file. Exits with 3 when no schedule of
    the family meets every target (the closest is shown, with what would make it feasible).

    Example: pyeval tournament tune --players 30 --chips 3000 --target "done within 4h with 90%"
    """
    from pyeval.sim.tune import LEVEL_MINUTES, parse_goals, tune

    try:
        denoms = parse_int_list(denominations, "denominations")
        if start is not None:
            parse_clock(start)
        goals, bound = parse_goals(targets, start)
        if not goals:
            raise ValueError("give at least one target about time, e.g. 'done within 4h with 90%'")
        ante_from, ante_by = _ante_option(ante)
        minutes: tuple[int, ...] = LEVEL_MINUTES
        if level_minutes is not None:
            if not 1 <= level_minutes <= 240:
                raise ValueError(f"--level-minutes must be from 1 to 240, got {level_minutes}")
            minutes = (level_minutes,)
        if bound is not None:
            minutes = tuple(m for m in minutes if bound[0] <= m <= bound[1]) or (
                tuple(sorted({bound[0], (bound[0] + bound[1]) // 2, bound[1]})) if level_minutes is None else ())
            if not minutes:
                raise ValueError(f"--level-minutes {level_minutes} is outside the level length bound "
                                 f"{bound[0]}-{bound[1]} minutes")
        if not 0 <= margin < 50:
            raise ValueError(f"--margin is in percentage points from 0 to 50, got {margin:g}")
        if not 1 <= ensemble_size <= 12:
            raise ValueError(f"--ensemble must be from 1 to 12 fields, got {ensemble_size}")
        if out:
            check_output_file(Path(out))
        members = None
        if field_text is not None:
            from pyeval.sim.analysis.ensemble import default_ensemble
            from pyeval.sim.players.models import resolve_field
            field = parse_field(field_text)
            resolve_field(field, players)            # an unknown model is refused now
            members = default_ensemble(ensemble_size, hands_per_hour=hands_per_hour, seed=seed,
                                       fields=[(field_text, field)] * ensemble_size, pace=pace,
                                       table_size=table_size)
        res = tune(members=members, players=players, starting=starting, denominations=denoms, targets=goals,
                   table_size=table_size, hands_per_hour=hands_per_hour, pace=pace,
                   ensemble_size=ensemble_size,
                   n=n, screen_n=screen_n, seed=seed, name=name, level_minutes=minutes,
                   first_bbs=(start_bb,) if start_bb else None, ante_from=ante_from, ante_by=ante_by,
                   margin=margin / 100, break_every=break_every,
                   progress=lambda msg: click.echo(msg, err=True))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(res.describe())
    if not res.feasible:
        click.echo("\nno structure written: no schedule of the family meets every target", err=True)
        sys.exit(EXIT_INFEASIBLE)
    if out:
        Path(out).write_text(res.toml, encoding="utf-8")
        click.echo(f"\nstructure: {out}")
    else:
        click.echo("\n" + res.toml)


def late_registration_line(st: Any) -> str:
    """``check``'s line about late registration: until when, and how many are simulated."""
    late = st.late_registration
    ends = {c.number: c.end for c in st.clock() if c.kind == "level"}
    at = f" ({hhmm(ends[late.until_level])} after the start)" if late.until_level in ends else ""
    many = (f"{late.entries} late entrants simulated" if late.entries else
            "no late entrants simulated unless given (entries = N here, or --late-entries N)")
    return f"  late registration until the end of level {late.until_level}{at}; {many}"


def _count(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _ante_option(text: str) -> tuple[int | None, str]:
    """(the level antes start, or None: by depth; who antes) of ``--ante``."""
    t = text.strip().lower()
    if t == "auto":
        return None, "each"
    if t in ("none", "no", "0"):
        return 0, "each"
    if t in ("bb", "big_blind", "big-blind"):
        return None, "big_blind"
    if t.isdigit() and int(t) >= 1:
        return int(t), "each"
    raise ValueError(f"--ante is auto, none, a level number or bb, not {text!r}")


@tournament.command("show")
@click.argument("structure")
@click.option("--start", default=None, help="Start time (19:00) for clock times.")
@click.option("--players", type=click.IntRange(min=2), default=None,
              help="The sheet of a field of N entrants: only the levels it plays "
                   "(levels for larger fields left out).")
def show_cmd(structure: str, start: str | None, players: int | None) -> None:
    """Print the blind sheet of STRUCTURE: levels with times, breaks, colour-ups, antes,
    rebuys and add-ons; a level used only for larger fields says so ("10+ players only").

    Example: pyeval tournament show hands_100k_stud --players 8
    """
    from pyeval.tournament.sheet import format_sheet

    st = _load(structure)
    try:
        click.echo(format_sheet(st, start, players))
    except ValueError as e:
        raise click.ClickException(str(e)) from None


@tournament.command("sheet")
@click.argument("structure")
@click.option("--html", "html_out", required=True, type=click.Path(dir_okay=False),
              help="Write the printable page here (out.html).")
@click.option("--start", default=None, help="Start time (19:00) for clock times.")
@click.option("--players", type=click.IntRange(min=2), default=None,
              help="The sheet of a field of N entrants (its levels and payouts).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper size the page is laid out for.")
def sheet_cmd(structure: str, html_out: str, start: str | None, players: int | None, paper: str) -> None:
    """Write the blind sheet of STRUCTURE as an HTML page to print: one level a row, breaks,
    the game once where it changes, clock times with --start, chips and payouts.

    Example: pyeval tournament sheet club_3000 --start 19:00 --html club.html
    """
    from pyeval.tournament.sheet_html import sheet_html

    st = _load(structure)
    try:
        page = sheet_html(st, start, players, paper)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    check_output_file(Path(html_out))
    Path(html_out).write_text(page, encoding="utf-8")
    click.echo(f"blind sheet: {html_out} (open it in a browser and print)")


@tournament.command("new")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=int, default=25, show_default=True, help="Entrants expected.")
@click.option("--chips", "starting", type=int, default=5000, show_default=True, help="Starting chips.")
@click.option("--level-minutes", type=int, default=20, show_default=True, help="Minutes a level.")
@click.option("--start", default=None, help="Start time (19:00): each level's clock time in a comment.")
@click.option("--name", default=None, help="The tournament's name.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new_cmd(file: str, players: int, starting: int, level_minutes: int, start: str | None,
            name: str | None, force: bool) -> None:
    """Write a commented template structure FILE to edit: blinds, antes, breaks, chips,
    colour-ups, late registration, rebuys and add-on (commented out), payouts.

    Example: pyeval tournament new friday.toml --players 25 --chips 5000 --start 19:00
    """
    from pyeval.tournament.template import structure_template

    path = Path(file)
    if path.exists() and not force:
        raise click.ClickException(f"{file} exists; give another name or --force to overwrite it")
    try:
        text = structure_template(players, starting, level_minutes, start, name)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    check_output_file(path)
    path.write_text(text, encoding="utf-8")
    click.echo(f"wrote {file}: edit it, then pyeval tournament check {file}")


@tournament.command("check")
@click.argument("structure")
def check_cmd(structure: str) -> None:
    """Validate STRUCTURE and summarise it (exit 1 with the file and line when it is refused).

    Example: pyeval tournament check my_structure.toml
    """
    st = _load(structure)
    lo, hi = st.entrants.minimum, st.entrants.maximum
    timed = [lv.minutes for lv in st.levels if lv.minutes is not None]
    clock = st.clock()
    lines = [f"{st.file}: valid",
             f"  {st.name} ({st.format.replace('_', ' ')})",
             f"  entrants {lo}" + (f"-{hi}" if hi != lo else "") + f", tables of {st.tables.table_size}",
             f"  buy-in {st.buy_in.price} ({st.buy_in.to_pool} to the pool); starting chips "
             f"{st.starting_chips:,}; chips {', '.join(str(d) for d in st.chips.denominations)}",
             f"  {_count(len(st.levels), 'level')}, {_count(len(st.breaks), 'break')}, "
             f"{_count(len(st.chips.colour_ups), 'colour-up')}"
             + (f"; {len(timed)} timed levels, schedule {hhmm(clock[-1].end)} to the end of level "
                f"{clock[-1].number}" if clock else "")]
    if st.rebuys:
        lines.append(f"  rebuys until level {st.rebuys.until_level}")
    if st.late_registration:
        lines.append(late_registration_line(st))
    if st.add_on:
        lines.append(f"  add-on before level {st.add_on.before_level}")
    if st.final_stage:
        lines.append(f"  final table: the {st.first_round_tables(hi)} table winners start again with "
                     f"{st.final_stage.starting_chips:,} chips"
                     + (", levels from 1" if st.final_stage.restart_levels else ""))
    for size in sorted({lo, hi}):
        pay = st.payouts(size)
        lines.append(f"  {size} entrants: pool {st.prize_pool(size):,}, {len(pay)} paid: "
                     + ", ".join(f"{x:,}" for x in pay))
    click.echo("\n".join(lines))


def _add_backtest() -> None:
    from pyeval.cli.backtest_cmd import backtest_cmd
    tournament.add_command(backtest_cmd)


_add_backtest()
