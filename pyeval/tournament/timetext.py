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
from typing import NamedTuple

#: The longest time a structure tool reads: 30 days.
MAX_MINUTES = 30 * 24 * 60
#: Minutes in a day (a clock time before the start is the next day's).
DAY_MINUTES = 24 * 60
#: The forms of a length of time, as error messages state them.
ALLOWED_DURATIONS = "write 4h, 3h30, 3:30 (h:mm), 210m or 210 (minutes)"


def parse_minutes(text: str) -> float:
    """``"4h"``, ``"3h30"``, ``"3:30"`` (h:mm), ``"210m"`` or ``"210"`` (minutes) as minutes.

    Example:
        >>> parse_minutes("3:30"), parse_minutes("4h"), parse_minutes("2.5h"), parse_minutes("90")
        (210.0, 240.0, 150.0, 90.0)
        >>> parse_minutes("4h30"), parse_minutes("4h30m")
        (270.0, 270.0)
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
        hm = re.fullmatch(r"(\d+)h(\d{1,2})(?:m|min)?", t)
        m = re.fullmatch(r"(\d+(?:\.\d+)?)(h|hours?|m|min|minutes?)?", t)
        if hm:
            if int(hm.group(2)) >= 60:
                raise ValueError(f"cannot read {text!r}: the minutes ({hm.group(2)}) must be 0 to 59")
            value = 60.0 * int(hm.group(1)) + int(hm.group(2))
        elif not m:
            raise ValueError(f"cannot read a time from {text!r}: {ALLOWED_DURATIONS}")
        else:
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
        raise ValueError(f"cannot read the start time {text!r}: write a 24-hour clock time "
                         "HH:MM from 00:00 to 23:59, like 19:00")
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


class TimeRead(NamedTuple):
    """A time the user wrote, read against a start: ``minutes`` of play after the start;
    ``clock`` the clock time it names (``None`` for a length of time like ``4h``);
    ``next_day`` when that clock time is before the start (so the next day's)."""

    minutes: float
    clock: str | None
    next_day: bool

    def describe(self) -> str:
        """How the time was read, in words.

        Example:
            >>> read_time("01:00", "19:00").describe()
            '01:00 the next day, 6:00 after the start'
        """
        if self.clock is None:
            return f"{hhmm(self.minutes)} after the start"
        day = " the next day" if self.next_day else ""
        return f"{self.clock}{day}, {hhmm(self.minutes)} after the start"


def read_time(text: str, start: str | int | None = None) -> TimeRead:
    """A time as the user writes it: a length of play (``4h``, ``3h30``, ``210m``; ``3:30``
    when there is no start) or, with a ``start``, a clock time ``HH:MM``, read as the
    minutes from the start to it; a clock time before the start is the next day's.

    Every option that takes a time reads it here (one parser for lengths and clock times).

    Example:
        >>> read_time("23:30", "19:00").minutes, read_time("4h30", "19:00").minutes
        (270.0, 270.0)
        >>> read_time("01:00", "19:00")
        TimeRead(minutes=360.0, clock='01:00', next_day=True)
        >>> read_time("3:30").minutes                    # no start: h:mm of play
        210.0
        >>> read_time("19:00", "19:00")
        Traceback (most recent call last):
        ...
        ValueError: '19:00' is the start time itself; give a later clock time (like 23:30) or a length (4h30)
    """
    if start is None:
        return TimeRead(parse_minutes(text), None, False)
    base = parse_clock(start) if isinstance(start, str) else int(start)
    t = str(text).strip()
    if ":" not in t:
        try:
            return TimeRead(parse_minutes(t), None, False)
        except ValueError:
            raise ValueError(f"cannot read a time from {text!r}: with a start time write a clock "
                             f"time HH:MM (like 23:30) or a length of play: 4h, 4h30, 270m") from None
    try:
        at = parse_clock(t)
    except ValueError:
        raise ValueError(f"cannot read {text!r} as a clock time: with a start time write a 24-hour "
                         "clock time HH:MM from 00:00 to 23:59 (like 23:30) or a length of play: "
                         "4h, 4h30, 270m") from None
    minutes = (at - base) % DAY_MINUTES
    if minutes == 0:
        raise ValueError(f"{text!r} is the start time itself; give a later clock time (like 23:30) "
                         "or a length (4h30)")
    return TimeRead(float(minutes), f"{at // 60:02d}:{at % 60:02d}", at < base)


def parse_time(text: str, start: str | int | None = None) -> float:
    """:func:`read_time`'s minutes of play.

    Example:
        >>> parse_time("23:30", "19:00"), parse_time("4h")
        (270.0, 240.0)
    """
    return read_time(text, start).minutes


#: An h:mm length of play from this many hours on, without a start time, may be a clock time.
CLOCK_LIKE_HOURS = 12


def clock_like_note(text: str, start: str | int | None) -> str | None:
    """A note when ``text`` reads as a long h:mm length of play but was probably meant as a
    clock time (no start time was given), else ``None``.

    Example:
        >>> clock_like_note("23:30", None)
        '23:30 is read as 23:30 of play; for the clock time 23:30 give the start time too (--start 19:00)'
        >>> clock_like_note("3:30", None), clock_like_note("23:30", "19:00")
        (None, None)
    """
    t = str(text).strip()
    if start is not None or ":" not in t:
        return None
    try:
        minutes = parse_minutes(t)
    except ValueError:
        return None
    if minutes < 60 * CLOCK_LIKE_HOURS:
        return None
    return (f"{t} is read as {hhmm(minutes)} of play; for the clock time {t} give the start time "
            "too (--start 19:00)")
