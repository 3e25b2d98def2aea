"""Reports of a simulation run: a summary table, warnings, PNG plots and one self-contained
HTML page with a printable blind sheet.

:func:`summary_rows` gives the figures a director asks for (duration percentiles, the chance
of being done by given times, when the final table forms, when the money is reached), first
beside them what moves them most, the same structure in other settings, each named
(:mod:`pyeval.sim.settings`: "a relaxed home game where players deal: median 3:27"), and
last, as small print, this run's sampling error (the Monte Carlo 95 % interval); with a
start time, clock times beside the tournament clock.
:func:`result_warnings` says when the schedule runs out, when the entrants are outside the
structure's field, and which levels almost no tournament reaches. :func:`write_report` draws

- ``duration.png``: histogram of the tournament's length on the clock;
- ``finish_chance.png``: the chance of being done by each time;
- ``players_left.png``: players left against the clock (median and 10-90 % band), down to 1;
- ``stack_depth.png``: average stack in big blinds (top) and as M (bottom) at the start of
  each level, with how often each level is reached;

with times as h:mm (or clock times) and the breaks shaded on every time axis, and writes
``report.html``, with the images inlined (base64) so the page stands alone.

Example:
    >>> import tempfile
    >>> from pyeval.sim import simulate
    >>> r = simulate("club_3000", n=20, seed=1, players=18)
    >>> files = write_report(r, tempfile.mkdtemp())
    >>> sorted(p.name for p in files.values())
    ['duration.png', 'finish_chance.png', 'players_left.png', 'report.html', 'stack_depth.png']
"""
from __future__ import annotations

import base64
import html
import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from pyeval.sim.analysis.backtest import backtest_note
from pyeval.sim.engine.results import SimResult
from pyeval.sim.kernel.layout import LS_START
from pyeval.tournament.timetext import clock_time, hhmm

PLOTS = ("duration", "finish_chance", "players_left", "stack_depth")
#: A level reached by fewer runs than this share is "reached by almost nobody".
RARE_LEVEL = 0.01
#: A schedule "runs out" when at least this share of runs reaches its last level.
RUNS_OUT = 0.5

__all__ = ["PLOTS", "SAMPLING_ROW", "MoneyReached", "default_checkpoints", "figures", "format_table",
           "hhmm", "html_page", "money_reached", "plot_files", "result_warnings", "summary_rows",
           "write_report"]


def default_checkpoints(r: SimResult) -> list[float]:
    """Whole hours around the run's durations, for "chance done by" rows."""
    lo = max(1, int(np.floor(np.percentile(r.duration, 5) / 60)))
    hi = int(np.ceil(np.percentile(r.duration, 95) / 60))
    return [60.0 * h for h in range(lo, max(hi, lo) + 1)][:8]


def _when(minutes: float, start: str | None) -> str:
    return f"{hhmm(minutes)} ({clock_time(start, minutes)})" if start else hhmm(minutes)


def _median_interval(x: np.ndarray) -> tuple[float, float]:
    """95 % interval of the median from order statistics."""
    s = np.sort(np.asarray(x, float))
    n = len(s)
    half = 1.96 * math.sqrt(n) / 2
    lo = int(max(0, math.floor(n / 2 - half)))
    hi = int(min(n - 1, math.ceil(n / 2 + half)))
    return float(s[lo]), float(s[hi])


def _chance_cell(p: float, spread: Sequence[float] | None) -> str:
    text = f"{100 * p:.1f}%"
    if spread:
        text += f"; {100 * min(spread):.0f}-{100 * max(spread):.0f}% over {len(spread)} settings"
    return text


def _sampling_error(p: float, n: int) -> float:
    """Half the Monte Carlo 95 % interval of a chance ``p`` measured over ``n`` runs."""
    return 1.96 * math.sqrt(max(p * (1 - p), 0.25 / n) / n)


class MoneyReached(NamedTuple):
    """When the field reaches the paid places: ``paid`` places, and per tournament the
    minute the last player out before the money busts (the bubble; 0 when every entrant is
    paid) and the level then being played (1-based)."""

    paid: int
    minutes: np.ndarray
    levels: np.ndarray


def money_reached(r: SimResult) -> MoneyReached | None:
    """When each tournament reaches the money (``None`` when the structure's payouts do
    not cover the run's field).

    Example:
        >>> from pyeval.sim import simulate
        >>> m = money_reached(simulate("club_3000", n=8, seed=1, players=20))
        >>> m.paid, bool((m.minutes > 0).all()), int(m.levels.min()) >= 1
        (3, True, True)
    """
    payouts = getattr(r.spec.structure, "payouts", None)
    if payouts is None:
        return None
    try:
        paid = sum(1 for x in payouts(r.players) if x > 0)
    except ValueError:
        return None
    if paid >= r.players:
        return MoneyReached(paid, np.zeros(r.n), np.ones(r.n, np.int64))
    bubble = r.order[:, paid].astype(np.int64)       # the entrant who finished in place paid + 1
    minutes = np.take_along_axis(r.elim_time, bubble[:, None], 1)[:, 0].astype(float)
    starts = r.level_stats[:, :, LS_START]
    levels = ((starts >= 0) & (starts <= minutes[:, None])).sum(axis=1)
    return MoneyReached(paid, minutes, np.maximum(levels, 1))


def _money_row(r: SimResult, start: str | None) -> tuple[str, str] | None:
    m = money_reached(r)
    if m is None:
        return None
    if m.paid >= r.players:
        return ("in the money", f"from the start (all {r.players} entrants are paid)")
    lo, med, hi = np.percentile(m.minutes, [10, 50, 90])
    level = int(np.median(m.levels))
    return (f"money reached ({m.paid} paid; median, 10-90%)",
            f"{_when(float(med), start)} in level {level} ({hhmm(float(lo))} - {hhmm(float(hi))})")


def summary_rows(r: SimResult, by: Sequence[float] | None = None, *, start: str | None = None,
                 ensemble: Sequence[SimResult] | None = None,
                 spread: Sequence[tuple[str, SimResult]] | None = None,
                 field: str | None = None) -> list[tuple[str, str]]:
    """``(label, value)`` rows: the uncertainty a director needs first (the structure in
    each setting, named: :data:`SPREAD_ROW`), then the run's key figures, the sampling error
    of this run last.

    ``by``: times (minutes) for "done by" rows; default: whole hours around the run.
    ``start``: a start time ("19:00") to show clock times too. ``spread``: the same
    structure simulated in other settings (fields and paces), each with its name in words
    (:data:`pyeval.sim.settings.SETTINGS`, or an ensemble member's description): a row
    each with its median and 90 % finish, and the range of each "done by" chance over
    them. ``ensemble``: unnamed results (named "field 1", "field 2", ...). The last row is
    the Monte Carlo 95 % interval of this run's figures (how far another seed could move
    them), not the spread of tournaments. ``field``: the field's name (``"live_tournament"``),
    shown before the player models it mixes.

    Example:
        >>> from pyeval.sim import simulate
        >>> r = simulate("club_3000", n=40, seed=1, players=20)
        >>> rows = dict(summary_rows(r, [240], start="19:00"))
        >>> rows["done by 4:00 (23:00)"].count("%"), rows["start"]
        (1, '19:00')
        >>> rows["sampling error (95%)"].startswith("median ")
        True
    """
    named = list(spread or ()) + [(f"field {i + 1}", e) for i, e in enumerate(ensemble or ())]
    p = r.duration_percentiles((10, 25, 50, 75, 90))
    ft = r.final_table_percentiles((10, 50, 90))
    rows = [("structure", r.spec.name or "-"), ("entrants", str(r.players))]
    if start:
        rows.append(("start", start))
    if named:                               # what moves the answer most, first
        rows.append((SPREAD_ROW, f"{len(named)} settings"))
        for name, e in named:
            q = e.duration_percentiles((50, 90))
            rows.append((f"  {name}", f"median {_when(q[50.0], start)}; 90% done by {_when(q[90.0], start)}"))
    rows += [
        ("tournaments", f"{r.n:,}"),
        ("field" if field else "player models",
         (f"{field}: " if field else "") + ", ".join(m.name for m in r.models)),
        ("pace", r.spec.clock.describe(r.spec.table_size)),
        ("back-test (model against real events)", backtest_note()),
        ("duration median", _when(p[50.0], start)),
    ]
    ft_spread = ""
    if named:
        fts = [float(np.median(e.final_table)) for _, e in named]
        ft_spread = f"; median {hhmm(min(fts))}-{hhmm(max(fts))} over {len(named)} settings"
    rows += [
        ("duration 10% / 90%", f"{_when(p[10.0], start)} / {_when(p[90.0], start)}"),
        ("duration 25% / 75%", f"{hhmm(p[25.0])} / {hhmm(p[75.0])}"),
        ("final table forms (median, 10-90%)",
         f"{_when(ft[50.0], start)} ({hhmm(ft[10.0])} - {hhmm(ft[90.0])})" + ft_spread),
    ]
    money = _money_row(r, start)
    if money is not None:
        rows.append(money)
    rows += [
        ("table-hands dealt (median)", f"{np.median(r.hands):,.0f}"),
        ("hands at the final table (median)", f"{np.median(r.final_table_hands):,.0f}"),
        ("level reached (median, max)", f"{np.median(r.level):.0f}, {r.level.max()}"),
    ]
    if r.rebuys.any():
        rows.append(("rebuys per tournament (mean)", f"{r.rebuys.mean():.1f}"))
    if r.addons.any():
        rows.append(("add-ons per tournament (mean)", f"{r.addons.mean():.1f}"))
    if r.late_entries.any():
        rows.append(("late entries per tournament", f"{r.late_entries.mean():.1f}"))
    if r.re_entries.any():
        rows.append(("re-entries per tournament (mean)", f"{r.re_entries.mean():.1f}"))
        rows.append(("entries per tournament (mean)", f"{r.entries().mean():.1f}"))
        rows.append(("prize pool (mean)", f"{r.prize_pools().mean():,.0f}"))
    worst = 0.0
    for m in (by if by is not None else default_checkpoints(r)):
        chance = float(r.chance_done_by(m))
        worst = max(worst, _sampling_error(chance, r.n))
        cells = [e.chance_done_by(m) for _, e in named] if named else None
        rows.append((f"done by {_when(m, start)}", _chance_cell(chance, cells)))
    if (r.errors != 0).any():
        rows.append(("tournaments stopped early (safety limit)", str(int((r.errors != 0).sum()))))
    lo, hi = _median_interval(r.duration)
    ci = f"{hhmm(lo)}-{hhmm(hi)}" if hhmm(lo) != hhmm(hi) else f"{hhmm(lo)}, within a minute"
    rows.append((SAMPLING_ROW, f"median {ci}; chances ± {100 * worst:.1f} points at most"))
    return rows


#: the label of the summary's last row: the run's own Monte Carlo error, the small print
SAMPLING_ROW = "sampling error (95%)"
#: the label over the settings' rows, the summary's first figures
SPREAD_ROW = "how long, by who plays and how fast they deal"


def result_warnings(r: SimResult) -> list[str]:
    """What a director should know before trusting the schedule (empty when all is well).

    Example:
        >>> from pyeval.sim import simulate
        >>> any("outside the structure's field" in w
        ...     for w in result_warnings(simulate("club_3000", n=8, seed=1, players=12)))
        True
    """
    out = []
    st = r.spec.structure
    reached = r.level_reached_frequencies()
    L = len(reached)
    if L and reached[-1] >= RUNS_OUT:
        out.append(f"{100 * reached[-1]:.0f}% of runs reach the last level ({L}): the schedule "
                   "runs out and the last level goes on for ever; add levels")
    ent = getattr(st, "entrants", None)
    if ent is not None and not ent.minimum <= r.players <= ent.maximum:
        out.append(f"{r.players} entrants is outside the structure's field of {ent.minimum}-"
                   f"{ent.maximum}")
    rare = [i + 1 for i in range(L) if reached[i] < RARE_LEVEL]
    if rare:
        span = f"level {rare[0]}" if len(rare) == 1 else f"levels {rare[0]}-{rare[-1]}"
        if rare == list(range(rare[0], L + 1)) and rare[0] > 1:
            out.append(f"{span} {'is' if len(rare) == 1 else 'are'} reached by fewer than "
                       f"{100 * RARE_LEVEL:g}% of runs: the sheet could stop at level {rare[0] - 1}")
        else:
            out.append(f"{span} {'is' if len(rare) == 1 else 'are'} reached by fewer than "
                       f"{100 * RARE_LEVEL:g}% of runs")
    return out


def format_table(rows: Sequence[tuple[str, str]]) -> str:
    """Two aligned columns of text. A value longer than :data:`WIDE_VALUE` characters (a
    sentence, such as the back-test's) sets no column width: it follows its label, wrapped.

    Example:
        >>> print(format_table([("a", "1"), ("long label", "22")]))
        a            1
        long label  22
    """
    w1 = max(len(a) for a, _ in rows)
    w2 = max((len(b) for _, b in rows if len(b) <= WIDE_VALUE), default=0)
    lines = []
    for a, b in rows:
        if len(b) <= WIDE_VALUE:
            lines.append(f"{a:<{w1}}  {b:>{w2}}")
        else:
            wrapped = textwrap.wrap(b, width=max(40, w1 + w2 + 2))
            lines.append(a)
            lines.extend("  " + line for line in wrapped)
    return "\n".join(lines)


#: values longer than this are sentences: printed below their label, not in the column
WIDE_VALUE = 40


def _time_grid(r: SimResult, points: int = 200) -> np.ndarray:
    end = float(np.percentile(r.duration, 99.5)) * 1.02
    return np.linspace(0.0, max(end, 1.0), points)


def _breaks(r: SimResult) -> list[tuple[float, float]]:
    clock = getattr(r.spec.structure, "clock", None)
    if clock is None:
        return []
    return [(float(e.start), float(e.end)) for e in clock() if e.kind == "break"]


def _time_axis(ax: Any, r: SimResult, start: str | None, end: float) -> None:
    """Minutes on ``ax``'s x axis as h:mm (or clock times), breaks shaded and labelled once."""
    from matplotlib.ticker import FuncFormatter, MultipleLocator

    step = 30 if end <= 300 else 60 if end <= 720 else 120
    ax.xaxis.set_major_locator(MultipleLocator(step))
    ax.xaxis.set_major_formatter(FuncFormatter(
        lambda v, _: clock_time(start, v).replace(" +1d", "") if start else hhmm(v)))
    first = True
    for b0, b1 in _breaks(r):
        if b0 > end:
            break
        ax.axvspan(b0, b1, color="#ddcc77", alpha=0.35, lw=0, label="breaks" if first else None)
        first = False
    ax.set_xlim(0, end)
    ax.set_xlabel("clock time" if start else "time on the tournament clock (h:mm, breaks included)")


def figures(r: SimResult, *, start: str | None = None) -> dict[str, Any]:
    """The report's matplotlib figures, ``{name: Figure}`` (drawn, not saved)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("the report's plots need matplotlib, a dependency of pyeval missing "
                          "here: pip install matplotlib") from None
    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    figs: dict[str, Any] = {}
    title = r.spec.name or "simulation"
    grid = _time_grid(r)
    end = float(grid[-1])

    fig, ax = plt.subplots(figsize=(8, 4.5))
    bins = min(60, max(10, int(np.sqrt(r.n))))
    ax.hist(r.duration, bins=bins, color="#4477aa", edgecolor="white")
    for q, style in ((50, "-"), (90, "--")):
        v = float(np.percentile(r.duration, q))
        ax.axvline(v, color="#cc3311", linestyle=style, label=f"{q}% done by {_when(v, start)}")
    _time_axis(ax, r, start, max(end, float(r.duration.max()) * 1.01))
    ax.set_ylabel("tournaments")
    ax.set_title(f"{title}\nhow long it lasts ({r.n:,} runs, {r.players} players)", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    figs["duration"] = fig

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(grid, 100 * r.chance_done_by(list(grid)), color="#4477aa", label="chance over")
    _time_axis(ax, r, start, end)
    ax.set_ylabel("chance the tournament is over (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(f"{title}\nchance of being done by a time", fontsize=10)
    fig.tight_layout()
    figs["finish_chance"] = fig

    left = np.maximum(r.players_left_matrix(list(grid)), 1)     # the winner stays: ends at 1
    fig, ax = plt.subplots(figsize=(8, 4.5))
    lo, med, hi = np.percentile(left, [10, 50, 90], axis=0)
    ax.fill_between(grid, lo, hi, color="#4477aa", alpha=0.25, label="10-90%")
    ax.plot(grid, med, color="#4477aa", label="median")
    ax.plot(grid, left.mean(axis=0), color="#228833", linestyle="--", label="mean")
    size = r.spec.table_size
    if r.players > size:
        ax.axhline(size, color="grey", linestyle=":", label=f"one table ({size})")
    _time_axis(ax, r, start, end)
    ax.set_ylim(1, r.players * 1.02)
    ax.set_ylabel("players left")
    ax.set_title(f"{title}\nplayers left against the clock", fontsize=10)
    ax.legend(fontsize=8, loc="upper right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    figs["players_left"] = fig

    rows = [row for row in r.level_rows() if row["reached"] > 0]
    lv = [row["level"] for row in rows]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True,
                                      gridspec_kw={"height_ratios": [1, 1]})
    from matplotlib.ticker import FuncFormatter, LogLocator
    for ax, key, what, colour in ((top, "avg_bb", "average stack (big blinds)", "#4477aa"),
                                  (bottom, "avg_m", "average M", "#cc3311")):
        ax.plot(lv, [row[key] for row in rows], marker="o", color=colour)
        ax.set_ylabel(what)
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(FuncFormatter(lambda v, _: ""))
        ax.grid(alpha=0.3)
    twin = top.twinx()
    twin.bar(lv, [100 * row["reached"] for row in rows], alpha=0.15, color="grey")
    twin.set_ylabel("runs reaching the level (%)")
    twin.set_ylim(0, 100)
    top.set_zorder(twin.get_zorder() + 1)
    top.patch.set_visible(False)
    bottom.set_xticks(lv)
    bottom.set_xticklabels([f"{row['level']}: {row['blinds']}" for row in rows], rotation=90, fontsize=7)
    bottom.set_xlabel("level (depth at its start)")
    top.set_title(f"{title}\nstack depth by level", fontsize=10)
    fig.tight_layout()
    figs["stack_depth"] = fig
    return figs


def plot_files(r: SimResult, outdir: str | Path, dpi: int = 100, *, start: str | None = None) -> dict[str, Path]:
    """Draw the PNG plots into ``outdir``; returns ``{name: path}``."""
    import matplotlib.pyplot as plt

    figs = figures(r, start=start)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    for name, fig in figs.items():
        files[name] = out / f"{name}.png"
        fig.savefig(files[name], dpi=dpi)
        plt.close(fig)
    return files


def _html_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    def cells(row: Sequence[Any]) -> str:
        first = str(row[0]) if row else ""
        indent = ' class="indent"' if first.startswith("  ") else ""     # a setting under the spread heading
        return (f"<td{indent}>{html.escape(first.strip())}</td>"
                + "".join(f"<td>{html.escape(str(c))}</td>" for c in row[1:]))

    body = "".join(f"<tr>{cells(row)}</tr>" for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _sheet_html(r: SimResult, start: str | None) -> str:
    from pyeval.tournament.sheet import blind_sheet

    st = r.spec.structure
    if not hasattr(st, "levels") or not hasattr(st, "chips"):
        return ""
    rows = [(row["number"] if row["what"] == "level" else "", row["label"] if row["what"] == "level"
             else "break", row["length"], row["starts"], row["ends"], row["notes"])
            for row in blind_sheet(st, start)]
    return ('<section class="sheet"><h2>Blind sheet</h2>'
            + _html_table(("level", "stakes", "length", "starts", "ends", "notes"), rows) + "</section>")


def html_page(r: SimResult, files: dict[str, Path], by: Sequence[float] | None = None, *,
              start: str | None = None, ensemble: Sequence[SimResult] | None = None,
              spread: Sequence[tuple[str, SimResult]] | None = None, field: str | None = None) -> str:
    """The report as one HTML page with the PNG files inlined (the sampling error in small
    print under the summary)."""
    srows = summary_rows(r, by, start=start, ensemble=ensemble, spread=spread, field=field)
    small = dict(srows)[SAMPLING_ROW]
    summary = (_html_table(("", ""), [row for row in srows if row[0] != SAMPLING_ROW])
               + f'<p class="small">Sampling error of this run ({r.n:,} tournaments; 95 %): '
               f"{html.escape(small)}: another seed could move the figures this far"
               + ("; the settings above show how far the field and the pace move them" if spread or ensemble
                  else "") + ".</p>")
    warn = result_warnings(r)
    warn_html = ("<h2>Warnings</h2><ul>" + "".join(f"<li>{html.escape(w)}</li>" for w in warn) + "</ul>"
                 if warn else "")
    lvl_rows = []
    freq_end = r.final_level_frequencies()
    breaks = {b.after_level: b.minutes for b in getattr(r.spec.structure, "breaks", ())}
    for i, row in enumerate(r.level_rows()):
        ok = row["reached"] > 0
        lvl_rows.append((int(row["level"]), row["blinds"], f"{100 * row['reached']:.1f}%",
                         f"{100 * freq_end[i]:.1f}%",
                         _when(row["start_minute"], start) if ok else "-",
                         f"{row['players']:.1f}" if ok else "-",
                         f"{row['avg_stack']:,.0f}" if ok else "-",
                         f"{row['avg_bb']:.1f}" if ok else "-",
                         f"{row['avg_m']:.1f}" if ok else "-",
                         f"{breaks[i + 1]} min" if i + 1 in breaks else ""))
    levels = _html_table(("level", "stakes", "reached", "ends here", "starts (mean)",
                          "players", "avg stack", "avg BB", "avg M", "break after"), lvl_rows)
    imgs = []
    for name in PLOTS:
        if name in files:
            data = base64.b64encode(Path(files[name]).read_bytes()).decode("ascii")
            imgs.append(f'<figure><img alt="{name}" src="data:image/png;base64,{data}"/></figure>')
    title = html.escape(r.spec.name or "Tournament simulation")
    count = len(ensemble or ()) + len(spread or ())
    fields = (f" First, how long the same structure lasts in {count} settings (who plays, how fast "
              "they deal), each named." if count else "")
    clock_note = f"; clock times from {html.escape(start)}" if start else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 1em 0; }} img {{ max-width: 100%; }}
.small {{ font-size: 0.8em; color: #555; }}
td.indent {{ padding-left: 2em; font-style: italic; }}
@media print {{ figure, h2 {{ break-inside: avoid; }} .sheet {{ break-before: page; }} }}
</style></head><body>
<h1>{title}</h1>
<p>{r.n:,} simulated tournaments of {r.players} players, seed {r.seed}. Times are on the
tournament clock from the first hand (h:mm), breaks included{clock_note}.{fields}</p>
<h2>Summary</h2>
{summary}
{warn_html}
<h2>Plots</h2>
{''.join(imgs)}
<h2>Levels</h2>
{levels}
{_sheet_html(r, start)}
</body></html>
"""


def write_report(r: SimResult, outdir: str | Path, by: Sequence[float] | None = None,
                 dpi: int = 100, *, start: str | None = None,
                 ensemble: Sequence[SimResult] | None = None,
                 spread: Sequence[tuple[str, SimResult]] | None = None,
                 field: str | None = None) -> dict[str, Path]:
    """Write the PNG plots and ``report.html`` into ``outdir``; returns ``{name: path}``."""
    files = plot_files(r, outdir, dpi=dpi, start=start)
    page = Path(outdir) / "report.html"
    page.write_text(html_page(r, files, by, start=start, ensemble=ensemble, spread=spread, field=field),
                    encoding="utf-8")
    files["html"] = page
    return files
