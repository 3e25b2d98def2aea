"""Reports of a simulation run: a summary table, PNG plots and one self-contained HTML page.

:func:`summary_rows` gives the figures a director asks for (duration percentiles, the chance
of being done by given times, when the final table forms); :func:`write_report` draws

- ``duration.png``: histogram of the tournament's length on the clock;
- ``finish_chance.png``: the chance of being done by each time;
- ``players_left.png``: players left against the clock (median and 10-90 % band);
- ``stack_depth.png``: average stack in big blinds and as M at the start of each level;

and ``report.html``, with the images inlined (base64) so the page stands alone.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pyeval.sim.results import SimResult

PLOTS = ("duration", "finish_chance", "players_left", "stack_depth")


def hhmm(minutes: float) -> str:
    """Minutes as ``h:mm``.

    Example:
        >>> hhmm(135.4), hhmm(59.6)
        ('2:15', '1:00')
    """
    if not math.isfinite(minutes):
        return "-"
    m = int(round(minutes))
    return f"{m // 60}:{m % 60:02d}"


def default_checkpoints(r: SimResult) -> list[float]:
    """Whole hours around the run's durations, for "chance done by" rows."""
    lo = max(1, int(np.floor(np.percentile(r.duration, 5) / 60)))
    hi = int(np.ceil(np.percentile(r.duration, 95) / 60))
    return [60.0 * h for h in range(lo, max(hi, lo) + 1)][:8]


def summary_rows(r: SimResult, by: Sequence[float] | None = None) -> list[tuple[str, str]]:
    """``(label, value)`` rows of the run's key figures.

    ``by``: times (minutes) for "done by" rows; default: whole hours around the run.
    """
    p = r.duration_percentiles((10, 25, 50, 75, 90))
    ft = r.final_table_percentiles((10, 50, 90))
    rows = [
        ("structure", r.spec.name or "-"),
        ("tournaments", f"{r.n:,}"),
        ("entrants", str(r.players)),
        ("player models", ", ".join(m.name for m in r.models)),
        ("hands per hour (full table)", f"{r.spec.clock.hands_per_hour:g}"),
        ("duration median", hhmm(p[50.0])),
        ("duration 10% / 90%", f"{hhmm(p[10.0])} / {hhmm(p[90.0])}"),
        ("duration 25% / 75%", f"{hhmm(p[25.0])} / {hhmm(p[75.0])}"),
        ("final table forms (median, 10-90%)",
         f"{hhmm(ft[50.0])} ({hhmm(ft[10.0])} - {hhmm(ft[90.0])})"),
        ("table-hands dealt (median)", f"{np.median(r.hands):,.0f}"),
        ("hands at the final table (median)", f"{np.median(r.final_table_hands):,.0f}"),
        ("level reached (median, max)", f"{np.median(r.level):.0f}, {r.level.max()}"),
    ]
    if r.rebuys.any():
        rows.append(("rebuys per tournament (mean)", f"{r.rebuys.mean():.1f}"))
    if r.addons.any():
        rows.append(("add-ons per tournament (mean)", f"{r.addons.mean():.1f}"))
    for m in (by if by is not None else default_checkpoints(r)):
        rows.append((f"done by {hhmm(m)}", f"{100 * r.chance_done_by(m):.1f}%"))
    if (r.errors != 0).any():
        rows.append(("tournaments stopped early (safety limit)", str(int((r.errors != 0).sum()))))
    return rows


def format_table(rows: Sequence[tuple[str, str]]) -> str:
    """Two aligned columns of text.

    Example:
        >>> print(format_table([("a", "1"), ("long label", "22")]))
        a            1
        long label  22
    """
    w1 = max(len(a) for a, _ in rows)
    w2 = max(len(b) for _, b in rows)
    return "\n".join(f"{a:<{w1}}  {b:>{w2}}" for a, b in rows)


def _time_grid(r: SimResult, points: int = 200) -> np.ndarray:
    end = float(np.percentile(r.duration, 99.5)) * 1.02
    return np.linspace(0.0, max(end, 1.0), points)


def plot_files(r: SimResult, outdir: str | Path, dpi: int = 100) -> dict[str, Path]:
    """Draw the PNG plots into ``outdir``; returns ``{name: path}``."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("the report's plots need matplotlib: pip install 'pyeval[report]'"
                          ) from None
    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    hours = r.duration / 60.0
    title = r.spec.name or "simulation"

    fig, ax = plt.subplots(figsize=(7, 4))
    bins = min(60, max(10, int(np.sqrt(r.n))))
    ax.hist(hours, bins=bins, color="#4477aa", edgecolor="white")
    for q, style in ((50, "-"), (90, "--")):
        v = np.percentile(hours, q)
        ax.axvline(v, color="#cc3311", linestyle=style, label=f"{q}% done by {hhmm(v * 60)}")
    ax.set_xlabel("duration (hours on the clock, breaks included)")
    ax.set_ylabel("tournaments")
    ax.set_title(f"{title}: how long it lasts ({r.n:,} runs, {r.players} players)")
    ax.legend()
    fig.tight_layout()
    files["duration"] = out / "duration.png"
    fig.savefig(files["duration"], dpi=dpi)
    plt.close(fig)

    grid = _time_grid(r)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(grid / 60.0, 100 * r.chance_done_by(grid), color="#4477aa")
    ax.set_xlabel("hours on the clock")
    ax.set_ylabel("chance the tournament is over (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.set_title(f"{title}: chance of being done by a time")
    fig.tight_layout()
    files["finish_chance"] = out / "finish_chance.png"
    fig.savefig(files["finish_chance"], dpi=dpi)
    plt.close(fig)

    left = r.players_left_matrix(grid)
    over = r.duration[:, None] <= grid[None, :]
    left = np.where(over, 0, left)
    fig, ax = plt.subplots(figsize=(7, 4))
    lo, med, hi = np.percentile(left, [10, 50, 90], axis=0)
    ax.fill_between(grid / 60.0, lo, hi, color="#4477aa", alpha=0.25, label="10-90%")
    ax.plot(grid / 60.0, med, color="#4477aa", label="median")
    ax.plot(grid / 60.0, left.mean(axis=0), color="#228833", linestyle="--", label="mean")
    size = r.spec.table_size
    ax.axhline(size, color="grey", linestyle=":", label=f"one table ({size})")
    ax.set_xlabel("hours on the clock")
    ax.set_ylabel("players left")
    ax.set_title(f"{title}: players left against the clock")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    files["players_left"] = out / "players_left.png"
    fig.savefig(files["players_left"], dpi=dpi)
    plt.close(fig)

    rows = [row for row in r.level_rows() if row["reached"] > 0]
    df = {k: [row[k] for row in rows] for k in ("level", "blinds", "reached", "avg_bb", "avg_m")}
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(df["level"], df["avg_bb"], marker="o", color="#4477aa", label="average stack (big blinds)")
    ax.plot(df["level"], df["avg_m"], marker="s", color="#cc3311", label="average M")
    ax.set_xlabel("level (start of the level)")
    ax.set_ylabel("depth")
    ax.set_yscale("log")
    from matplotlib.ticker import FuncFormatter, LogLocator
    ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(FuncFormatter(lambda v, _: ""))
    ax.set_xticks(df["level"])
    ax.set_xticklabels([f"{lv}\n{b}" for lv, b in zip(df["level"], df["blinds"])], fontsize=7)
    ax2 = ax.twinx()
    ax2.bar(df["level"], [100 * x for x in df["reached"]], alpha=0.15, color="grey")
    ax2.set_ylabel("tournaments reaching the level (%)")
    ax2.set_ylim(0, 100)
    ax.set_zorder(ax2.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.legend(loc="upper right")
    ax.set_title(f"{title}: stack depth by level")
    fig.tight_layout()
    files["stack_depth"] = out / "stack_depth.png"
    fig.savefig(files["stack_depth"], dpi=dpi)
    plt.close(fig)
    return files


def _html_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def html_page(r: SimResult, files: dict[str, Path], by: Sequence[float] | None = None) -> str:
    """The report as one HTML page with the PNG files inlined."""
    summary = _html_table(("", ""), summary_rows(r, by))
    lvl_rows = []
    freq_end = r.final_level_frequencies()
    for i, row in enumerate(r.level_rows()):
        lvl_rows.append((int(row["level"]), row["blinds"], f"{100 * row['reached']:.1f}%",
                         f"{100 * freq_end[i]:.1f}%",
                         hhmm(row["start_minute"]) if row["reached"] > 0 else "-",
                         f"{row['players']:.1f}" if row["reached"] > 0 else "-",
                         f"{row['avg_stack']:,.0f}" if row["reached"] > 0 else "-",
                         f"{row['avg_bb']:.1f}" if row["reached"] > 0 else "-",
                         f"{row['avg_m']:.1f}" if row["reached"] > 0 else "-"))
    levels = _html_table(("level", "blinds", "reached", "ends here", "starts (mean)",
                          "players", "avg stack", "avg BB", "avg M"), lvl_rows)
    imgs = []
    for name in PLOTS:
        if name in files:
            data = base64.b64encode(Path(files[name]).read_bytes()).decode("ascii")
            imgs.append(f'<figure><img alt="{name}" src="data:image/png;base64,{data}"/></figure>')
    title = html.escape(r.spec.name or "Tournament simulation")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 1em 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>{title}</h1>
<p>{r.n:,} simulated tournaments of {r.players} players, seed {r.seed}. Times are on the
tournament clock from the first hand, breaks included.</p>
<h2>Summary</h2>
{summary}
<h2>Plots</h2>
{''.join(imgs)}
<h2>Levels</h2>
{levels}
</body></html>
"""


def write_report(r: SimResult, outdir: str | Path, by: Sequence[float] | None = None,
                 dpi: int = 100) -> dict[str, Path]:
    """Write the PNG plots and ``report.html`` into ``outdir``; returns ``{name: path}``."""
    files = plot_files(r, outdir, dpi=dpi)
    page = Path(outdir) / "report.html"
    page.write_text(html_page(r, files, by), encoding="utf-8")
    files["html"] = page
    return files
