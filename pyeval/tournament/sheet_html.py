"""The blind sheet as a printable HTML page: ``pyeval tournament sheet FILE --html out.html``.

One page sized for paper (A4 or Letter, print CSS; the header row repeats on each printed
page): one row per level and per break, the game written once above the levels it covers
(again only where it changes), start and end times (clock times with a start), the chip set
and colour-ups, rebuys and add-on, and the payouts. Standard library only (a string
template).

Example:
    >>> from pyeval.tournament import load_structure
    >>> page = sheet_html(load_structure("club_3000"), start="19:00")
    >>> page.count('<tr class="level">'), page.count('<tr class="break">'), page.count('class="game"')
    (10, 4, 1)
    >>> '"stakes">25/50</td>' in page and '"num">19:00</td>' in page
    True
"""
from __future__ import annotations

from html import escape
from string import Template
from typing import Any

from .sheet import blind_sheet, game_text

#: Paper sizes the page is laid out for (CSS ``@page size``).
PAPER = {"a4": "A4", "letter": "letter"}

PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>$title</title>
<style>
@page { size: $paper portrait; margin: 12mm; }
body { font-family: Helvetica, Arial, sans-serif; font-size: 11pt; color: #000; margin: 0 auto;
       max-width: 190mm; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
p.sub { margin: 0 0 4mm; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
th, td { border-bottom: 0.3mm solid #999; padding: 1.2mm 2mm; text-align: left; }
td.num, th.num { text-align: right; }
tr { page-break-inside: avoid; break-inside: avoid; }
tr.game td { font-weight: bold; background: #eee; border-bottom: 0.5mm solid #000; }
tr.break td { font-style: italic; background: #f6f6f6; }
td.stakes { font-size: 13pt; font-weight: bold; }
h2 { font-size: 13pt; margin: 5mm 0 1mm; }
ul { margin: 0; padding-left: 5mm; }
@media print { body { max-width: none; } }
</style>
</head>
<body>
<h1>$title</h1>
<p class="sub">$subtitle</p>
<table>
<thead><tr><th class="num">Level</th><th>Blinds / stakes</th><th class="num">Length</th>
<th class="num">Starts</th><th class="num">Ends</th><th>Notes</th></tr></thead>
<tbody>
$rows
</tbody>
</table>
$sections
</body>
</html>
""")


def _cells(*cells: str, cls: tuple[str, ...] = ()) -> str:
    return "".join(f'<td class="{c}">{escape(x)}</td>' if c else f"<td>{escape(x)}</td>"
                   for x, c in zip(cells, cls or ("",) * len(cells)))


def _rows(sheet: list[dict[str, Any]]) -> str:
    out = []
    last = ""
    for r in sheet:
        if r["what"] == "break":
            out.append('<tr class="break">' + _cells("", "Break", r["length"], r["starts"], r["ends"],
                                                      r["notes"], cls=("num", "", "num", "num", "num", ""))
                       + "</tr>")
            continue
        game = game_text(r)
        if game != last:        # the game once above its levels, again only where it changes
            out.append(f'<tr class="game"><td colspan="6">{escape(game)}</td></tr>')
            last = game
        out.append('<tr class="level">' + _cells(str(r["number"]), r["label"], r["length"], r["starts"],
                                                 r["ends"], r["notes"],
                                                 cls=("num", "stakes", "num", "num", "num", "")) + "</tr>")
    return "\n".join(out)


def _sections(s: Any, players: int | None) -> str:
    chips = [f"Starting chips {s.starting_chips:,}; chips "
             + ", ".join(f"{d:,}" for d in s.chips.denominations)]
    chips += [f"Colour up {', '.join(f'{x:,}' for x in cu.remove)} before level {cu.before_level}"
              for cu in s.chips.colour_ups]
    if s.rebuys:
        chips.append(f"Rebuys until level {s.rebuys.until_level}")
    if s.add_on:
        chips.append(f"Add-on before level {s.add_on.before_level}: {s.add_on.chips:,} chips "
                     f"for {s.add_on.price}")
    if getattr(s, "late_registration", None):
        chips.append(f"Late registration until the end of level {s.late_registration.until_level}")
    parts = ["<h2>Chips</h2><ul>" + "".join(f"<li>{escape(x)}</li>" for x in chips) + "</ul>"]
    sizes = [players] if players else sorted({s.entrants.minimum, s.entrants.maximum})
    pay = []
    for n in sizes:
        try:
            prizes = s.payouts(n)
        except ValueError:
            continue
        pay.append(f"{n} entrants, prize pool {s.prize_pool(n):,}: "
                   + ", ".join(f"{k}. {x:,}" for k, x in enumerate(prizes, start=1)))
    if pay:
        parts.append("<h2>Payouts</h2><ul>" + "".join(f"<li>{escape(x)}</li>" for x in pay) + "</ul>")
    return "\n".join(parts)


def sheet_html(s: Any, start: str | None = None, players: int | None = None, paper: str = "a4") -> str:
    """The printable blind sheet of structure ``s`` as one HTML page (see the module).

    Example:
        >>> from pyeval.tournament import load_structure
        >>> sheet_html(load_structure("club_3000"), paper="a3")
        Traceback (most recent call last):
        ...
        ValueError: paper is a4 or letter, not 'a3'
    """
    if paper.lower() not in PAPER:
        raise ValueError(f"paper is {' or '.join(PAPER)}, not {paper!r}")
    sheet = blind_sheet(s, start, players)
    title = s.name if players is None else f"{s.name}, {players} players"
    sub = [f"starts {start}" if start else "times from the start (h:mm)",
           f"{s.starting_chips:,} starting chips"]
    return PAGE.substitute(title=escape(title), paper=PAPER[paper.lower()],
                           subtitle=escape("; ".join(sub)), rows=_rows(sheet),
                           sections=_sections(s, players))
