"""Write a TOML document (the dict :func:`~.toml_reader.read_toml` returns) back as text.

What the web editor downloads: the director's file with the edited levels, every other
section kept as read (comments are not kept). Tables come after plain keys, arrays of
tables as ``[[name]]`` blocks, so the text reads like the shipped examples.

Example:
    >>> print(toml_text({"tournament": {"name": 'Club "Friday"'}, "levels": [{"small_blind": 25, "big_blind": 50}]}))
    [tournament]
    name = "Club \\"Friday\\""
    <BLANKLINE>
    [[levels]]
    small_blind = 25
    big_blind = 50
    <BLANKLINE>
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def toml_key(key: str) -> str:
    """A key, bare when TOML allows, quoted otherwise.

    Example:
        >>> toml_key("small_blind"), toml_key("two words")
        ('small_blind', '"two words"')
    """
    if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key):
        return key
    return toml_value(key)


def toml_value(value: Any) -> str:
    """One value as TOML: text, whole number, finite float, true/false, or a list or table of them.

    Example:
        >>> toml_value([25, 50.5, "a", True]), toml_value({"a": 1})
        ('[25, 50.5, "a", true]', '{ a = 1 }')
        >>> toml_value(float("nan"))
        Traceback (most recent call last):
        ...
        ValueError: TOML has no value for nan here: give a finite number
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"TOML has no value for {value} here: give a finite number")
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(_ESCAPES.get(c, c if c.isprintable() or c == " " else f"\\u{ord(c):04x}")
                             for c in value) + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} as TOML; allowed: text, numbers, "
                    "true/false, lists and tables")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _table(out: list[str], path: tuple[str, ...], table: Mapping[str, Any]) -> None:
    plain = [(k, v) for k, v in table.items() if not isinstance(v, Mapping) and not _is_table_array(v)]
    out.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in plain)
    if plain:
        out.append("")
    for key, value in table.items():
        name = ".".join(toml_key(k) for k in path + (key,))
        if isinstance(value, Mapping):
            out.append(f"[{name}]")
            _table(out, path + (key,), value)
        elif _is_table_array(value):
            for item in value:
                out.append(f"[[{name}]]")
                _table(out, path + (key,), item)


def toml_text(data: Mapping[str, Any]) -> str:
    """The TOML text of ``data`` (read back by ``tomllib.loads`` to an equal dict).

    Example:
        >>> import tomllib
        >>> d = {"chips": {"starting": 3000, "colour_up": [{"before_level": 3, "remove": [25]}]}}
        >>> tomllib.loads(toml_text(d)) == d
        True
    """
    out: list[str] = []
    _table(out, (), data)
    return "\n".join(out) + ("\n" if out and out[-1] else "")
