"""``pyeval tournament``: simulate tournaments of a structure file, tune a structure, print
its blind sheet and check it.

    pyeval tournament simulate examples/club_3000.toml -n 10000 --start 19:00
    pyeval tournament simulate club_3000 -n 2000 --field "balanced=3,push_fold=1" --by 3:30
    pyeval tournament tune --players 30 --chips 3000 --denominations 25,100,500,1000 \\
        --target "done within 4h with 90%" --target "done not before 3h" -o my_structure.toml
    pyeval tournament tune --from my_structure.toml --start 19:00 --target "done by 23:00 with 90%"
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
              help="Also simulate this many likely fields (n/4 each) and show each one's figures.")
@click.option("--spread/--no-spread", default=True, show_default=True,
              help="First, how long it lasts in each usual setting (n/8 tournaments each, at least "
                   "50; the run's own setting is the run): a relaxed home game where players deal, "
                   "a club night, a casino event with dealers, online. --no-spread: the run only.")
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
                 by: tuple[str, ...], start: str | None, ensemble: int, spread: bool,
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
        default_field = field_text is None
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
        named = []
        if spread:
            from pyeval.sim.analysis.spread import MainRun, settings_spread
            main = MainRun(field, clock.pace if hands_per_hour is None else None, result)
            named = settings_spread(st, n=n, seed=seed, players=players, main=main, threads=threads,
                                    late_entries=late_entries, progress=not no_progress,
                                    say=None if no_progress else (lambda msg: click.echo(msg, err=True)))
        if ensemble:
            from pyeval.sim.analysis.ensemble import default_ensemble, simulate_ensemble
            members = default_ensemble(ensemble, hands_per_hour=hands_per_hour, seed=seed,
                                       pace=clock.pace, table_size=st.tables.table_size)
            results = simulate_ensemble(st, members, max(50, n // 4), seed=seed + 1, players=players,
                                        threads=threads, late_entries=late_entries)
            named += [(m.describe(), r) for m, r in zip(members, results)]
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    shown_field = None                      # a named field or preset, and whether by default
    if isinstance(field, str):
        shown_field = field + (f" (the default with the {clock.pace or 'single-figure'} pace)" if default_field else "")
    click.echo(format_table(summary_rows(result, checkpoints, start=start, spread=named, field=shown_field)))
    for warning in result_warnings(result):
        click.echo(f"warning: {warning}", err=True)
    if not named:
        click.echo("note: who plays and how fast the room deals move the length most; without "
                   "--no-spread the summary first shows a home game where players deal, a club night, "
                   "a casino event and online", err=True)
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
            files = write_report(result, outdir, checkpoints, start=start, spread=named, field=shown_field)
            click.echo(f"\nreport: {files['html']}")
        if csv:
            path = outdir / "tournaments.csv"
            result.write_csv(path)
            click.echo(f"per tournament: {path}")


@tournament.command("tune")
@click.option("--from", "start_from", default=None,
              help="Start from your structure file (or an example's name): its chips, level length, "
                   "first blinds, breaks and antes are kept unless given here.")
@click.option("--players", type=int, default=None, help="Entrants (default: the file's).")
@click.option("--chips", "starting", type=int, default=None, help="Starting chips (default: the file's).")
@click.option("--denominations", default=None,
              help="The chip set, smallest first (default: the file's, else 25,100,500,1000).")
@click.option("--target", "targets", multiple=True, required=True,
              help="'done within 4h with 90%', 'done by 23:30' (with --start), 'done not before 3h', "
                   "'final table after 2h', 'money play at least 1:30', 'levels between 15 and 30 minutes' "
                   "(repeatable).")
@click.option("--start", default=None, help="Start time (19:00): targets may then name clock "
              "times ('done by 23:30 with 90%' is 4:30 of play) and the answer shows them.")
@click.option("--table-size", type=int, default=None, help="Seats a table (default: the file's, else 9).")
@click.option("--pace", type=click.Choice(PACE_NAMES), default=None,
              help="The event's pace: dealer (a casino table with a dealer), players (a home game where "
                   "players deal), online (default: the file's, else dealer).")
@click.option("--hands-per-hour", type=float, default=None,
              help="The room's pace at a full table, overriding the preset's rate.")
@click.option("--ensemble", "ensemble_size", type=int, default=8, show_default=True,
              help="Likely evenings every schedule is simulated under (1: the default field at the "
                   "event's pace; 8: four mixed fields at the event's pace and 10% either side).")
@click.option("--field", "field_text", default=None,
              help="Tune for this field only ('balanced=3,push_fold=1'); the evenings then vary "
                   "only the pace.")
@click.option("-n", "--tournaments", "n", type=int, default=200, show_default=True,
              help="Tournaments per evening for the finalists (screening uses fewer; the check twice).")
@click.option("--screen", "screen_n", type=int, default=48, show_default=True,
              help="Tournaments per evening to screen each schedule.")
@click.option("--margin", type=float, default=1.5, show_default=True,
              help="Percentage points each target's chance must be met by.")
@click.option("--level-minutes", "level_minutes", type=int, default=None,
              help="Fix the level length (minutes; default: the file's, else 15 to 30 are tried).")
@click.option("--first-blinds", "first_blinds", default=None,
              help="Fix the first blinds, like 25/50 (default: the file's).")
@click.option("--start-bb", "start_bb", type=int, default=None, help="Fix the first big blind.")
@click.option("--ante", "ante", default="auto", show_default=True,
              help="'auto' (the file's, else from every player once the starting stack is 10 big blinds "
                   "or less, after the first break), 'none', a level number, or 'bb' (big-blind antes).")
@click.option("--break-every", type=int, default=None,
              help="Minutes of play between breaks (default: the file's interval, else 90).")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--name", default=None, help="Name written in the structure file.")
@click.option("-o", "--out", "out", default=None, help="Write the structure file here.")
def tune_cmd(start_from: str | None, players: int | None, starting: int | None, denominations: str | None,
             targets: tuple[str, ...], start: str | None, table_size: int | None, pace: str | None,
             hands_per_hour: float | None, ensemble_size: int, field_text: str | None, n: int,
             screen_n: int, margin: float, level_minutes: int | None, first_blinds: str | None,
             start_bb: int | None, ante: str, break_every: int | None, seed: int, name: str | None,
             out: str | None) -> None:
    """Propose a blind schedule that fits the evening: simulated under the likely fields and
    paces, its chance of each target is met with the time used (a 9-in-10 finish close under
    a "done by"). Starts from your file (--from) or the numbers. The structure file is
    written even when the targets cannot all hold (the closest, with the reason; exit code 3).

    Example: pyeval tournament tune --from friday.toml --start 19:00 --target "done by 23:00 with 90%"
    """
    from pyeval.sim import tune as tuning

    try:
        if start is not None:
            parse_clock(start)
        if start_from is None and (players is None or starting is None):
            raise ValueError("give --players and --chips, or --from your structure file")
        denoms = parse_int_list(denominations, "denominations") if denominations else (
            None if start_from else [25, 100, 500, 1000])
        goals, bound = tuning.parse_goals(targets, start)
        if not goals:
            raise ValueError("give at least one target about time, e.g. 'done within 4h with 90%'")
        minutes = _level_minutes(level_minutes, bound)
        firsts = _first_blinds(first_blinds) if first_blinds else None
        if not 0 <= margin < 50:
            raise ValueError(f"--margin is in percentage points from 0 to 50, got {margin:g}")
        if not 1 <= ensemble_size <= tuning.scoring.HEDGE_SIZE:
            raise ValueError(f"--ensemble must be from 1 to {tuning.scoring.HEDGE_SIZE} evenings, got {ensemble_size}")
        ante_from, ante_by = _ante_option(ante)
        if out:
            check_output_file(Path(out))
        members = None
        if field_text is not None:
            from dataclasses import replace

            from pyeval.sim.players.models import resolve_field
            field = parse_field(field_text)
            resolve_field(field, players or 9)            # an unknown model is refused now
            members = [replace(m, name=field_text, field=field) for m in tuning.hedge(
                ensemble_size, pace=pace, hands_per_hour=hands_per_hour, table_size=table_size or 9)]
        asked = tuning.Asked(start_from=_structure_path(start_from), players=players, starting=starting,
                             denominations=denoms, table_size=table_size, pace=pace, hands_per_hour=hands_per_hour,
                             name=name, level_minutes=minutes, first_blinds=firsts,
                             first_bbs=(start_bb,) if start_bb else None, ante_from=ante_from, ante_by=ante_by,
                             break_every=break_every)
        res = tuning.tune(goals, asked, search=tuning.Search(n=n, screen_n=screen_n, margin=margin / 100),
                          members=members, ensemble_size=ensemble_size, seed=seed, start=start,
                          progress=lambda msg: click.echo(msg, err=True))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(res.describe())
    if out:
        Path(out).write_text(res.toml, encoding="utf-8")
        click.echo(f"\nstructure: {out}")
    else:
        click.echo("\n" + res.toml)
    if not res.feasible:
        click.echo("\nthe targets cannot all hold: the closest schedule was written, with the reason in "
                   "its notes", err=True)
        sys.exit(EXIT_INFEASIBLE)


def _structure_path(text: str | None) -> Any:
    """``--from``: the path or example name, checked (a clear error for a missing or invalid
    file); the tuner writes its proposal into that file's text."""
    if text is not None:
        _load(text)
    return text


def _level_minutes(level_minutes: int | None, bound: tuple[int, int] | None) -> tuple[int, ...] | None:
    """The level lengths to try from ``--level-minutes`` and a "levels between" target."""
    from pyeval.sim.tune import TUNE_LEVEL_MINUTES

    if level_minutes is not None and not 1 <= level_minutes <= 240:
        raise ValueError(f"--level-minutes must be from 1 to 240, got {level_minutes}")
    if bound is None:
        return (level_minutes,) if level_minutes is not None else None
    if level_minutes is not None:
        if not bound[0] <= level_minutes <= bound[1]:
            raise ValueError(f"--level-minutes {level_minutes} is outside the level length bound "
                             f"{bound[0]}-{bound[1]} minutes")
        return (level_minutes,)
    inside = tuple(m for m in TUNE_LEVEL_MINUTES if bound[0] <= m <= bound[1])
    return inside or tuple(sorted({bound[0], (bound[0] + bound[1]) // 2, bound[1]}))


def _first_blinds(text: str) -> tuple[int, int]:
    """``--first-blinds 25/50`` as (25, 50)."""
    sb, sep, bb = text.strip().partition("/")
    if not sep or not sb.strip().isdigit() or not bb.strip().isdigit() or not 0 < int(sb) <= int(bb):
        raise ValueError(f"--first-blinds is small/big, like 25/50 (the small blind at most the big), "
                         f"not {text!r}")
    return int(sb), int(bb)


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


def _ante_option(text: str) -> tuple[int | None, str | None]:
    """(the level antes start, or None: by depth; who antes, or None: the file's) of ``--ante``."""
    t = text.strip().lower()
    if t == "auto":
        return None, None
    if t in ("none", "no", "0"):
        return 0, None
    if t in ("bb", "big_blind", "big-blind"):
        return None, "big_blind"
    if t.isdigit() and int(t) >= 1:
        return int(t), None
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
