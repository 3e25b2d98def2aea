"""Times as a director writes and reads them: ``"4h"``, ``"3:30"``, ``"210m"``; ``h:mm``;
clock times from a start time.

This sits in the tournament layer (below simulation and the CLI) so that the tuner, the
reports and the commands all read and write times the same way.

Example:
    >>> parse_minutes("3:30"), hhmm(215), clock_time("19:00", 215)
    (210.0, '3:35', '22:35')
"""

from __future__ import annotations

import math
import re

#: The longest time a structure tool reads: 30 days.
MAX_MINUTES = 30 * 24 * 60


def parse_minutes(text: str) -> float:
    """``"4h"``, ``"3:30"`` (h:mm), ``"210m"`` or ``"210"`` (minutes) as minutes.

    Example:
        >>> parse_minutes("3:30"), parse_minutes("4h"), parse_minutes("2.5h"), parse_minutes("90")
        (210.0, 240.0, 150.0, 90.0)
        >>> parse_minutes("25:99")
        Traceback (most recent call last):
        ...
        ValueError: cannot read '25:99' as h:mm: the minutes (99) must be 00 to 59
    """
    t = str(text).strip().lower().replace(" ", "")
    m = re.fullmatch(r"(\d+):(\d{2})", t)
    if m:
        if int(m.group(2)) >= 60:
            raise ValueError(f"cannot read {text!r} as h:mm: the minutes ({m.group(2)}) must be 00 to 59")
        value = 60.0 * int(m.group(1)) + int(m.group(2))
    else:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)(h|hours?|m|min|minutes?)?", t)
        if not m:
            raise ValueError(f"cannot read a time from {text!r}: write 4h, 3:30 (h:mm), 210m or 210")
        value = float(m.group(1))
        if m.group(2) and m.group(2).startswith("h"):
            value *= 60.0
    if value > MAX_MINUTES:
        raise ValueError(f"{text!r} is more than 30 days; give a time of at most {MAX_MINUTES // 60}h")
    return value


def hhmm(minutes: float) -> str:
    """Minutes as ``h:mm`` (``"-"`` for a missing value).

    Example:
        >>> hhmm(135.4), hhmm(59.6), hhmm(float("nan"))
        ('2:15', '1:00', '-')
    """
    if not math.isfinite(minutes):
        return "-"
    m = int(round(minutes))
    sign = "-" if m < 0 else ""
    m = abs(m)
    return f"{sign}{m // 60}:{m % 60:02d}"


def parse_clock(text: str) -> int:
    """A start time ``"19:00"`` (24-hour ``HH:MM``) as minutes after midnight.

    Example:
        >>> parse_clock("19:30"), parse_clock("7:05")
        (1170, 425)
    """
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", str(text))
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError(f"cannot read the start time {text!r}: write a 24-hour time like 19:00")
    return 60 * int(m.group(1)) + int(m.group(2))


def clock_time(start: str | int, minutes: float) -> str:
    """The clock time ``minutes`` after ``start`` (``"19:00"`` or minutes after midnight);
    past midnight it says so (``"01:10 +1d"``).

    Example:
        >>> clock_time("19:00", 331), clock_time("22:00", 190)
        ('00:31 +1d', '01:10 +1d')
    """
    if not math.isfinite(minutes):
        return "-"
    base = parse_clock(start) if isinstance(start, str) else int(start)
    t = base + int(round(minutes))
    day, rest = divmod(t, 24 * 60)
    text = f"{rest // 60:02d}:{rest % 60:02d}"
    return text + (f" +{day}d" if day else "")
