"""Reading a structure file's TOML: decoding with the line of each error, and typed access
to its tables that names the key, the type wanted and what was found.

A :class:`TableReader` wraps one TOML table; each method reads one key as what it names
(:meth:`~TableReader.integer`, :meth:`~TableReader.boolean`, :meth:`~TableReader.text`,
...), and :meth:`~TableReader.done` refuses any key nobody read. Its errors are
:class:`~.errors.FieldError`\\ s carrying the key's path; :func:`located` turns one into a
:class:`~.errors.StructureError` naming the file and the line.

Example:
    >>> r = TableReader(read_toml("[t]\\nsize = 9\\nopen = true\\n", "a.toml")["t"], ("t",))
    >>> r.integer("size", minimum=2), r.boolean("open"), r.text("name", "")
    (9, True, '')
    >>> r.integer("seats")
    Traceback (most recent call last):
    ...
    pyeval.tournament.errors.FieldError: [t] needs seats (a whole number)
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import FieldError, Path, StructureError, show_path
from .limits import MAX_AMOUNT, MAX_NESTING
from .toml_lines import key_lines, line_of, too_deep

#: The default of a required key.
MISSING: Any = object()

_T = TypeVar("_T")


class TableReader:
    """Typed access to one TOML table at ``path``; remembers which keys were read.

    Each reader takes the key and a default (left out: the key is required); a value of
    the wrong type, or outside its bounds, raises :class:`~.errors.FieldError`.
    """

    def __init__(self, data: Any, path: Path) -> None:
        if not isinstance(data, dict):
            raise FieldError(path, f"[{show_path(path)}] must be a table, got {kind(data)}")
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        """Whether the table has ``key`` (reading nothing)."""
        return key in self.data

    def _get(self, key: str, default: Any, want: str, ok: Callable[[Any], bool]) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is MISSING:
                raise FieldError(self.path, f"[{show_path(self.path) or 'top level'}] needs {key} ({want})")
            return default
        value = self.data[key]
        if not ok(value):
            raise FieldError(self.path + (key,), f"{show_path(self.path + (key,))} must be {want}, got {kind(value)}")
        return value

    def integer(self, key: str, default: Any = MISSING, *, minimum: int | None = 0,
                maximum: int = MAX_AMOUNT) -> Any:
        """A whole number from ``minimum`` (``None``: no bound) to ``maximum``."""
        value = self._get(key, default, "a whole number", is_int)
        where = show_path(self.path + (key,))
        if value is not default and minimum is not None and value < minimum:
            raise FieldError(self.path + (key,), f"{where} must be at least {minimum}, got {value}")
        if value is not default and value is not None and value > maximum:
            raise FieldError(self.path + (key,), f"{where} must be at most {maximum:,}, got {value:,}")
        return value

    def boolean(self, key: str, default: Any = MISSING) -> Any:
        """``true`` or ``false``."""
        return self._get(key, default, "true or false", lambda v: isinstance(v, bool))

    def text(self, key: str, default: Any = MISSING, choices: tuple[str, ...] | None = None) -> Any:
        """Text; one of ``choices`` when they are given."""
        want = "text" if choices is None else "one of " + ", ".join(f'"{c}"' for c in choices)
        value = self._get(key, default, want, lambda v: isinstance(v, str))
        if choices is not None and value is not default and value not in choices:
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))} is {value!r}; allowed: {', '.join(choices)}")
        return value

    def number(self, key: str, default: Any = MISSING) -> Any:
        """A whole or decimal number."""
        return self._get(key, default, "a number", is_number)

    def integer_list(self, key: str, default: Any = MISSING) -> Any:
        """A list of whole numbers, each at most :data:`~.limits.MAX_AMOUNT` in size."""
        value = self._get(key, default, "a list of whole numbers",
                          lambda v: isinstance(v, list) and all(is_int(x) for x in v))
        if isinstance(value, list) and any(abs(x) > MAX_AMOUNT for x in value):
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))}: every number must be at most {MAX_AMOUNT:,}")
        return value

    def number_list(self, key: str, default: Any = MISSING) -> Any:
        """A list of whole or decimal numbers."""
        return self._get(key, default, "a list of numbers",
                         lambda v: isinstance(v, list) and all(is_number(x) for x in v))

    def table(self, key: str) -> TableReader | None:
        """A reader of the table ``key`` (``None`` when the file has none)."""
        self.used.add(key)
        if key not in self.data:
            return None
        return TableReader(self.data[key], self.path + (key,))

    def section(self, key: str, read: Callable[[TableReader], _T]) -> _T | None:
        """What ``read`` makes of the table ``key``, that table then checked for keys
        nobody read (:meth:`done`); ``None`` when the file has no such table.

        >>> r = TableReader({"t": {"size": 9}}, ())
        >>> r.section("t", lambda t: t.integer("size")), r.section("u", lambda t: 0)
        (9, None)
        """
        r = self.table(key)
        if r is None:
            return None
        made = read(r)
        r.done()
        return made

    def tables(self, key: str) -> list[TableReader]:
        """A reader of each table of the array ``[[key]]`` (none when absent)."""
        self.used.add(key)
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))} must be a list of tables "
                             f"([[{show_path(self.path + (key,))}]]), got {kind(value)}")
        return [TableReader(v, self.path + (key, i)) for i, v in enumerate(value)]

    def done(self) -> None:
        """Refuse any key of the table that was not read (a typo or a misplaced key)."""
        for key in self.data:
            if key not in self.used:
                where = f"[{show_path(self.path)}]" if self.path else "the top level"
                allowed = ", ".join(sorted(self.used))
                raise FieldError(self.path + (key,), f"unknown key {key!r} in {where}; allowed: {allowed}")


def is_int(v: Any) -> bool:
    """A TOML whole number (``true`` is not one)."""
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v: Any) -> bool:
    """A TOML whole or decimal number (finite: TOML's nan and inf are no amount)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def kind(v: Any) -> str:
    """``v`` and its TOML kind, for error messages."""
    names = {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text",
             list: "a list", dict: "a table"}
    return f"{v!r} ({names.get(type(v), type(v).__name__)})"



def last_line(text: str) -> int:
    """The number of the file's last line (where a missing table would have to go).

    Example:
        >>> last_line("a = 1\\nb = 2\\n"), last_line("a = 1\\nb = 2")
        (2, 2)
    """
    return max(1, text.count("\n") + (0 if text.endswith("\n") else 1))


def read_toml(text: str, file: str) -> dict[str, Any]:
    """The TOML document in ``text``; a file that is not TOML, or nests deeper than
    :data:`~.limits.MAX_NESTING`, raises :class:`~.errors.StructureError` at its line.

    Example:
        >>> read_toml("a = 1\\nb = [1,\\n", "x.toml")
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.StructureError: x.toml:2: not valid TOML: Invalid value (at end of document)
    """
    deep = too_deep(text, MAX_NESTING)
    if deep is not None:
        raise StructureError(f"arrays or inline tables nested more than {MAX_NESTING} deep; a "
                             "structure file needs at most 3", file=file, line=deep)
    last = last_line(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        msg = str(err)
        line: int | None = last if "at end of document" in msg else None
        if "(at line " in msg:
            try:
                line = int(msg.split("(at line ")[1].split(",")[0])
            except ValueError:
                line = last
        raise StructureError(f"not valid TOML: {msg}", file=file, line=line) from None


def located(err: FieldError, text: str, file: str) -> StructureError:
    """``err`` as a :class:`~.errors.StructureError` at the line of its key in ``text`` (at
    the last line, saying so, when the key is not in the file).

    Example:
        >>> print(located(FieldError(("t", "size"), "too small"), "[t]\\nsize = 1\\n", "a.toml"))
        a.toml:2: too small
    """
    line = line_of(key_lines(text), err.path)
    message = err.message
    if line is None:
        line = last_line(text)
        message += " (not in the file; checked at its end)"
    return StructureError(message, file=file, line=line, path=err.path)
