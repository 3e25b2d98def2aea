"""The printable blind sheet of a structure: levels with clock times, breaks, colour-ups,
antes, and the rebuy and add-on windows; readable level labels.

Example:
    >>> from pyeval.tournament import load_structure
    >>> rows = blind_sheet(load_structure("club_3000"), start="19:00")
    >>> rows[0]["label"], rows[0]["starts"], rows[2]["what"], rows[2]["starts"]
    ('25/50', '19:00', 'break', '19:40')

Levels used only for larger fields say so; ``players`` keeps the levels of that field:
    >>> [r["notes"] for r in blind_sheet(load_structure("hands_100k_stud")) if r["what"] == "level"][5:]
    ['', '10+ players only', '10+ players only']
    >>> len([r for r in blind_sheet(load_structure("hands_100k_stud"), players=8) if r["what"] == "level"])
    6
"""

from __future__ import annotations

from typing import Any

from .levels import Level
from .timetext import clock_time, hhmm

#: how the stakes name an ante by who pays it (each player: plain "ante")
ANTE_WORDS = {"big_blind": "BB ante", "button": "button ante"}


def level_label(level: Level) -> str:
    """The stakes of a level as a director writes them.

    Example:
        >>> level_label(Level(4, "holdem", "no_limit", small_blind=100, big_blind=200, ante=25, minutes=20))
        '100/200 ante 25'
        >>> level_label(Level(4, "holdem", "no_limit", small_blind=100, big_blind=200, ante=200,
        ...                   ante_by="big_blind", minutes=20))
        '100/200 BB ante 200'
        >>> level_label(Level(1, "holdem", "fixed_limit", small_blind=25, big_blind=50, small_bet=50,
        ...                   big_bet=100, minutes=20))
        '25/50 (limit 50/100)'
        >>> level_label(Level(1, "razz", "fixed_limit", ante=25, bring_in=25, small_bet=50,
        ...                   big_bet=100, hands=6))
        'ante 25, bring-in 25, limits 50/100'
    """
    if level.is_stud:
        return (f"ante {level.ante}, bring-in {level.bring_in}, limits {level.small_bet}/"
                f"{level.big_bet}").replace("ante 0, ", "")
    text = f"{level.small_blind}/{level.big_blind}"
    if level.ante:               # who pays it: a big-blind ante of 200 is not 200 from each player
        text += f" {ANTE_WORDS.get(level.ante_by, 'ante')} {level.ante}"
    if level.betting == "fixed_limit":
        text += f" (limit {level.small_bet}/{level.big_bet})"
    elif level.betting == "pot_limit":
        text += " (pot limit)"
    return text


def blind_sheet(s: Any, start: str | None = None, players: int | None = None) -> list[dict[str, Any]]:
    """One row per level and break, in order: ``what`` ("level" or "break"), ``number``,
    ``label``, ``game``, ``length``, ``starts`` / ``ends`` (h:mm on the tournament clock, or
    clock times from ``start``), ``notes`` (a level only for larger fields: "10+ players only";
    colour-ups, rebuys, add-ons).

    ``players``: the sheet of a field of that many entrants, the levels it plays
    (:meth:`~pyeval.tournament.tournament_structure.TournamentStructure.for_field`; its last
    level goes on). After a level timed in hands the clock is unknown and ``starts`` is
    ``"-"``.

    Example:
        >>> from pyeval.tournament import load_structure
        >>> rows = blind_sheet(load_structure("hands_100k_holdem"), players=12)
        >>> [(r["number"], r["notes"]) for r in rows if r["what"] == "level"][-2:]
        [(10, '10+ players only'), (11, '10+ players only')]
    """
    if players is not None:
        if players < 2:
            raise ValueError(f"players must be at least 2, got {players}")
        s = s.for_field(players)

    def at(minutes: float | None) -> str:
        if minutes is None:
            return "-"
        return clock_time(start, minutes) if start else hhmm(minutes)

    breaks = {b.after_level: b.minutes for b in s.breaks}
    colour = {cu.before_level: cu.remove for cu in s.chips.colour_ups}
    rows: list[dict[str, Any]] = []
    t: float | None = 0.0
    for lv in s.levels:
        notes = []
        if getattr(lv, "min_players", 0):
            notes.append(f"{lv.min_players}+ players only")
        if lv.number in colour:
            notes.append("colour up " + ", ".join(str(x) for x in colour[lv.number]) + " before this level")
        if s.rebuys and lv.number <= s.rebuys.until_level:
            notes.append("rebuys")
        late = getattr(s, "late_registration", None)
        if late and lv.number == late.until_level:
            notes.append("late registration closes at the end of this level")
        if s.add_on and lv.number == s.add_on.before_level:
            notes.append(f"add-on before this level ({s.add_on.chips:,} chips for {s.add_on.price})")
        length = f"{lv.minutes} min" if lv.minutes is not None else f"{lv.hands} hands"
        end = None if t is None or lv.minutes is None else t + lv.minutes
        rows.append(dict(what="level", number=lv.number, label=level_label(lv), game=lv.game,
                         betting=lv.betting, length=length, starts=at(t),
                         ends=at(end) if lv.number < len(s.levels) else "-", notes="; ".join(notes)))
        t = end
        if lv.number in breaks:
            b_end = None if t is None else t + breaks[lv.number]
            rows.append(dict(what="break", number=lv.number, label="break", game="", betting="",
                             length=f"{breaks[lv.number]} min", starts=at(t), ends=at(b_end), notes=""))
            t = b_end
    return rows


def game_text(row: dict[str, Any]) -> str:
    """A level row's game and betting in words.

    Example:
        >>> game_text({"game": "holdem", "betting": "no_limit"})
        'holdem, no limit'
    """
    return f"{row['game']}, {row['betting'].replace('_', ' ')}"


def format_sheet(s: Any, start: str | None = None, players: int | None = None) -> str:
    """The blind sheet as aligned text (what ``pyeval tournament show`` prints); with
    ``players``, the sheet of that field (its title says so). The game is written on the
    first level and where it changes, not on every row.

    Example:
        >>> from pyeval.tournament import load_structure
        >>> text = format_sheet(load_structure("hands_100k_stud"), players=8).splitlines()
        >>> text[0], text[-1].split()[:2], "players only" in "".join(text)
        ('Trust A Mate stud, 100,000 chips, 8 players', ['6', 'ante'], False)
    """
    rows = blind_sheet(s, start, players)
    cells = []
    last = ""
    for r in rows:
        if r["what"] == "level":
            game = game_text(r)
            shown, last = ("" if game == last else game), game     # the game once, until it changes
            cells.append((str(r["number"]), r["label"], shown, r["length"], r["starts"], r["ends"], r["notes"]))
        else:
            cells.append(("", "-- break --", "", r["length"], r["starts"], r["ends"], r["notes"]))
    head = ("level", "stakes", "game", "length", "starts", "ends", "notes")
    w = [max(len(head[k]), *(len(c[k]) for c in cells)) for k in range(6)]
    def line(c: tuple[str, ...]) -> str:
        return (f"{c[0]:>{w[0]}}  {c[1]:<{w[1]}}  {c[2]:<{w[2]}}  {c[3]:>{w[3]}}  {c[4]:>{w[4]}}  "
                f"{c[5]:>{w[5]}}  {c[6]}").rstrip()
    title = s.name if players is None else f"{s.name}, {players} players"
    return "\n".join([title, line(head)] + [line(c) for c in cells])
