"""The structure as the editor's form, and the form written back into the director's file.

The form holds what the editor page shows: the starting chips, each level's blinds, ante
and length, and the breaks. :func:`apply_form` writes it into the TOML document of the
structure being edited (every other section kept as it was read) and :func:`check_form`
runs the same checks, with the same messages, as ``pyeval tournament check``.

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
                       "length": length, "unit": unit})
    return {"starting": s.starting_chips, "levels": levels,
            "breaks": [{"after_level": b.after_level, "minutes": b.minutes} for b in s.breaks]}


def _number(value: Any) -> Any:
    """A form value as a whole number when it is one; anything else is passed on for the
    structure reader to refuse with its own message."""
    if isinstance(value, str):
        text = value.strip().replace(",", "")
        if text.lstrip("-").isdigit():
            return int(text)
        return value
    return value


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
    return toml_text(data)


def form_field(path: tuple[str | int, ...]) -> str:
    """The form field a structure error is about (``"levels.2.big_blind"``), or ``""``.

    Example:
        >>> form_field(("levels", 2, "big_blind")), form_field(("chips", "starting")), form_field(("payouts",))
        ('levels.2.big_blind', 'starting', '')
    """
    if path[:2] == ("chips", "starting"):
        return "starting"
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
