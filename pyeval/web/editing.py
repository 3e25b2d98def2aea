"""The structure as the editor's form, and the form written back into the director's file.

The form holds what the editor page shows: the field, the chips (starting stack and chip
set), each level's blinds, ante and length, the breaks, rebuys, the add-on, late
registration and the payouts. :func:`apply_form` writes it into the TOML document of the
structure being edited (every other section and key kept as it was read) and
:func:`check_form` runs the same checks, with the same messages, as ``pyeval tournament
check``.

Example:
    >>> from pyeval.tournament.structure import EXAMPLES_DIR
    >>> text = (EXAMPLES_DIR / "club_3000.toml").read_text()
    >>> form = structure_form(parse_structure(text))
    >>> form["levels"][2]["big_blind"] = 150
    >>> print(check_form(text, form, "club.toml").message[:66])
    club.toml:44: level 3: big_blind 150 cannot be paid with the chips
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, NamedTuple

from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import parse_structure
from pyeval.tournament.toml_reader import read_toml
from pyeval.tournament.toml_writer import toml_text
from pyeval.tournament.tournament_structure import TournamentStructure

#: the stakes of a level the form edits
STAKES: tuple[str, ...] = ("small_blind", "big_blind", "ante")
#: how a level's length is counted
UNITS: tuple[str, ...] = ("minutes", "hands")
#: the [schedule] keys that make breaks by rule; the edited file lists every break instead
BREAK_RULE_KEYS: tuple[str, ...] = ("break_every_levels", "break_every_minutes", "break_minutes")


class CheckResult(NamedTuple):
    """What the editor shows: the TOML text written from the form, the structure when it is
    valid, else the message (as ``pyeval tournament check`` prints it) and the form field
    it is about (``"levels.2.big_blind"``, or ``""``)."""

    text: str
    structure: TournamentStructure | None
    message: str
    field: str


def structure_form(s: TournamentStructure) -> dict[str, Any]:
    """The editor's form of a structure: starting chips, levels and breaks.

    Example:
        >>> from pyeval.tournament import load_structure
        >>> f = structure_form(load_structure("club_3000"))
        >>> f["starting"], f["breaks"][0], len(f["levels"])
        (3000, {'after_level': 2, 'minutes': 10}, 10)
    """
    levels = []
    for lv in s.levels:
        length, unit = lv.duration
        levels.append({"small_blind": lv.small_blind, "big_blind": lv.big_blind, "ante": lv.ante,
                       "length": length, "unit": unit, "ante_by": lv.ante_by})
    last = len(s.levels)
    rb, ao, lr, pr = s.rebuys, s.add_on, s.late_registration, s.payout_rules
    return {"starting": s.starting_chips, "levels": levels,
            "breaks": [{"after_level": b.after_level, "minutes": b.minutes} for b in s.breaks],
            "entrants": {"min": s.entrants.minimum, "max": s.entrants.maximum},
            "denominations": ", ".join(str(d) for d in s.chips.denominations),
            "colour_ups": [{"before_level": c.before_level, "remove": ", ".join(str(x) for x in c.remove)}
                           for c in s.chips.colour_ups],
            "rebuys": {"on": rb is not None, "price": rb.price if rb else s.buy_in.price,
                       "chips": rb.chips if rb else s.starting_chips,
                       "per_player": (rb.per_player or "") if rb else 1,
                       "until_level": rb.until_level if rb else min(4, last)},
            "add_on": {"on": ao is not None, "price": ao.price if ao else s.buy_in.price,
                       "chips": ao.chips if ao else s.starting_chips,
                       "before_level": ao.before_level if ao else min(5, last)},
            "late_registration": {"on": lr is not None, "until_level": lr.until_level if lr else min(4, last),
                                  "entries": lr.entries if lr else 0},
            "payouts": {"paid_percent": _plain(pr.paid_percent), "ratio": _plain(pr.ratio),
                        "tables": [{"low": t.min_entrants, "high": t.max_entrants,
                                    "percent": ", ".join(_plain(x) for x in t.percents)} for t in pr.tables]}}


def _plain(x: Any) -> str:
    """A number (a Fraction of the payouts too) as the director writes it: ``"0.6"``, ``"50"``;
    ``None``: ``""``."""
    if x is None:
        return ""
    f = float(x)
    return str(int(f)) if f == int(f) else f"{f:g}"


def _number(value: Any) -> Any:
    """A form value as a whole number when it is one; anything else is passed on for the
    structure reader to refuse with its own message."""
    if isinstance(value, str):
        text = value.strip().replace(",", "")
        if text.lstrip("-").isdigit():
            return int(text)
        try:
            return float(text) if text.count(".") == 1 and text.replace(".", "").lstrip("-").isdigit() else value
        except ValueError:
            return value
    return value


def _numbers(value: Any) -> Any:
    """``"25, 100, 500"`` as ``[25, 100, 500]`` (what is not a number passed on as written)."""
    if not isinstance(value, str):
        return value
    return [_number(v) for v in value.replace(";", ",").split(",") if v.strip()]


def _on(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.lower() in ("true", "on", "1", "yes"))


def _rows(form: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = form.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
        raise ValueError(f"the form's {key} must be a list of rows, got {type(rows).__name__}")
    return rows


def apply_form(text: str, form: Mapping[str, Any], file: str = "<structure>") -> str:
    """The TOML text of the structure in ``text`` with the form's starting chips, levels and
    breaks; a level keeps its other keys (game, betting, ...), a new level those of the one
    before it. Raises :class:`~pyeval.tournament.errors.StructureError` when ``text`` is not TOML.

    Example:
        >>> text = apply_form("[chips]\\nstarting = 100\\n", {"starting": "1,500", "levels": [
        ...     {"small_blind": 25, "big_blind": 50, "ante": 0, "length": 20, "unit": "minutes"}]})
        >>> print(text)
        [chips]
        starting = 1500
        <BLANKLINE>
        [[levels]]
        small_blind = 25
        big_blind = 50
        minutes = 20
        <BLANKLINE>
    """
    data = copy.deepcopy(read_toml(text, file))
    chips = data.setdefault("chips", {})
    if isinstance(chips, dict):
        chips["starting"] = _number(form.get("starting", chips.get("starting")))
    old: list[Any] = data["levels"] if isinstance(data.get("levels"), list) else []
    defaults: dict[str, Any] = data["level_defaults"] if isinstance(data.get("level_defaults"), dict) else {}
    levels = []
    for i, row in enumerate(_rows(form, "levels")):
        entry = dict(old[min(i, len(old) - 1)]) if old else {}
        for key in STAKES:
            value = _number(row.get(key, 0))
            if value == "":
                value = 0
            if value != 0 or key in entry or key in defaults:
                entry[key] = value
        unit = row.get("unit", "minutes")
        if unit not in UNITS:
            raise ValueError(f"level {i + 1}: unit must be one of {', '.join(UNITS)}, got {unit!r}")
        for other in UNITS:
            entry.pop(other, None)
        entry[unit] = _number(row.get("length"))
        levels.append(entry)
    data["levels"] = levels
    breaks = [{"after_level": _number(r.get("after_level")), "minutes": _number(r.get("minutes"))}
              for r in _rows(form, "breaks")]
    data.pop("breaks", None)
    if breaks:
        data["breaks"] = breaks
    schedule = data.get("schedule")
    if isinstance(schedule, dict):
        for key in BREAK_RULE_KEYS:
            schedule.pop(key, None)
    _apply_sections(data, form)
    return toml_text(data)


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    sec = data.get(name)
    if not isinstance(sec, dict):
        sec = data[name] = {}
    return sec


def _apply_sections(data: dict[str, Any], form: Mapping[str, Any]) -> None:
    """The form's field, chip set, rebuys, add-on, late registration and payouts into
    ``data`` (a section the form leaves out is kept as it was; keys the form does not show,
    such as a fee, are kept)."""
    if isinstance(form.get("entrants"), Mapping):
        ent = _section(data, "entrants")
        low, high = (_number(form["entrants"].get(key, "")) for key in ("min", "max"))
        if "count" in ent and low == high:        # a field of one size stays written as count
            ent["count"] = low
        else:
            ent.pop("count", None)
            ent.update({"min": low, "max": high})
    if "denominations" in form:
        _section(data, "chips")["denominations"] = _numbers(form["denominations"])
    if "colour_ups" in form:
        chips = _section(data, "chips")
        chips.pop("colour_up", None)
        ups = [{"before_level": _number(r.get("before_level")), "remove": _numbers(r.get("remove"))}
               for r in _rows(form, "colour_ups")]
        if ups:
            chips["colour_up"] = ups
    for name, keys in OPTIONAL_SECTIONS.items():
        row = form.get(name)
        if not isinstance(row, Mapping):
            continue
        if not _on(row.get("on")):
            data.pop(name, None)
            continue
        sec = _section(data, name)
        for key in keys:
            value = _number(row.get(key, ""))
            if value == "" and key in BLANK_MEANS_NONE:
                sec.pop(key, None)
            else:
                sec[key] = value
    pay = form.get("payouts")
    if isinstance(pay, Mapping):
        sec = _section(data, "payouts")
        for key in ("paid_percent", "ratio"):
            value = _number(pay.get(key, ""))
            if value == "":
                sec.pop(key, None)
            else:
                sec[key] = value
        tables = [{"entrants": [_number(t.get("low")), _number(t.get("high"))], "percent": _numbers(t.get("percent"))}
                  for t in _rows(pay, "tables")]
        sec.pop("table", None)
        if tables:
            sec["table"] = tables


#: the sections the form switches on and off, and the keys it edits in each
OPTIONAL_SECTIONS: dict[str, tuple[str, ...]] = {
    "rebuys": ("price", "chips", "per_player", "until_level"),
    "add_on": ("price", "chips", "before_level"),
    "late_registration": ("until_level", "entries"),
}
#: keys left out of the file when the form's box is empty (rebuys without a limit)
BLANK_MEANS_NONE = ("per_player",)


def form_field(path: tuple[str | int, ...]) -> str:
    """The form field a structure error is about (``"levels.2.big_blind"``), or ``""``.

    Example:
        >>> form_field(("levels", 2, "big_blind")), form_field(("chips", "starting")), form_field(("tournament",))
        ('levels.2.big_blind', 'starting', '')
        >>> form_field(("rebuys", "until_level")), form_field(("payouts", "table", 1, "percent"))
        ('rebuys.until_level', 'payouts.tables.1.percent')
    """
    if path[:2] == ("chips", "starting"):
        return "starting"
    if path[:2] == ("chips", "denominations"):
        return "denominations"
    if path[:2] == ("chips", "colour_up") and len(path) >= 3 and isinstance(path[2], int):
        return f"colour_ups.{path[2]}" + (f".{path[3]}" if len(path) > 3 else "")
    if len(path) >= 2 and path[0] in (*OPTIONAL_SECTIONS, "entrants") and isinstance(path[1], str):
        return f"{path[0]}.{path[1]}"
    if path[:2] == ("payouts", "table") and len(path) >= 3 and isinstance(path[2], int):
        key = {"entrants": "low", "percent": "percent"}.get(str(path[3]) if len(path) > 3 else "", "")
        return f"payouts.tables.{path[2]}" + (f".{key}" if key else "")
    if len(path) >= 2 and path[0] == "payouts" and path[1] in ("paid_percent", "ratio"):
        return f"payouts.{path[1]}"
    if path[:1] in (("payouts",), ("entrants",), ("rebuys",), ("add_on",), ("late_registration",)):
        return str(path[0])
    if len(path) >= 3 and path[0] in ("levels", "breaks") and isinstance(path[1], int):
        key = "length" if path[2] in UNITS else str(path[2])
        return f"{path[0]}.{path[1]}.{key}"
    if len(path) >= 2 and path[0] in ("levels", "breaks") and isinstance(path[1], int):
        return f"{path[0]}.{path[1]}"
    return ""


def check_form(text: str, form: Mapping[str, Any], file: str = "structure.toml") -> CheckResult:
    """Write the form into ``text`` and check the result as ``pyeval tournament check`` does.

    Example:
        >>> r = check_form("", {"starting": 1000, "levels": []}, "new.toml")
        >>> r.structure is None, r.message
        (True, 'new.toml:4: missing [tournament] table (name, format, ...) (not in the file; checked at its end)')
    """
    try:
        new = apply_form(text, form, file)
    except (StructureError, ValueError) as err:
        return CheckResult(text, None, str(err), "")
    try:
        return CheckResult(new, parse_structure(new, file), "", "")
    except StructureError as err:
        return CheckResult(new, None, str(err), form_field(err.path))
    except ValueError as err:
        return CheckResult(new, None, f"{file}: {err}", "")
