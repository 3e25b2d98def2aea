"""Tournament structure files: TOML that a tournament director writes, loaded and validated.

A structure says everything decided away from the cards: who plays and for how much, the
chips, the levels and breaks, the tables, the format and what is paid. It is what bulk
simulation and structure tuning read. The format is documented with a complete example in
``docs/tournament.md``; the examples of the rule sheets ship in ``examples/``.

A structure that cannot run is refused with a :class:`~.errors.StructureError` naming the
file and the line: a big blind below the small blind, blinds that shrink, an add-on after
the last level, payouts that do not add up to 100 %, an unknown key, a value of the wrong
type.

Example:
    >>> s = load_structure("club_3000")
    >>> s.starting_chips, s.levels[0].big_blind, len(s.levels)
    (3000, 50, 10)
    >>> s.payouts(30)          # 30 entrants at $20
    (270, 162, 102, 66)

The work is done by :mod:`~.toml_reader` (the TOML, typed keys, the line of each error),
:mod:`~.structure_reader` (each section read and checked), :mod:`~.structure_checks`
(checks across sections) into a :class:`~.tournament_structure.TournamentStructure`
(parts in :mod:`~.sections`, limits in :mod:`~.limits`); every name is importable from here
as before.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path as FsPath

from . import sections
from .errors import FieldError, StructureError, StructureFileNotFound
from .limits import MAX_AMOUNT, MAX_ENTRANTS, MAX_NESTING, UNLIMITED_REBUYS_COUNTED
from .sections import *  # noqa: F403  (the section types, importable from here as before)
from .structure_reader import SECTIONS, build_structure
from .toml_reader import TableReader, located, read_toml
from .tournament_structure import FORMATS, Structure, TournamentStructure

__all__ = [
    "EXAMPLES_DIR",
    "FORMATS",
    "MAX_AMOUNT",
    "MAX_ENTRANTS",
    "MAX_NESTING",
    "SECTIONS",
    "UNLIMITED_REBUYS_COUNTED",
    "Structure",
    "TournamentStructure",
    "example_names",
    "load_structure",
    "parse_structure",
]
__all__ += sections.__all__

EXAMPLES_DIR = FsPath(__file__).resolve().parent / "examples"


def parse_structure(text: str, file: str = "<structure>") -> TournamentStructure:
    """Read and validate a structure from TOML text; errors name ``file`` and the line.

    Example:
        >>> parse_structure("[tournament]\\nname = 1\\n", "bad.toml")
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.StructureError: bad.toml:2: tournament.name must be text, got 1 (a whole number)
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_structure reads TOML text (a str), not {type(text).__name__}")
    if not isinstance(file, str):
        raise TypeError(f"file names the text (a str), not {file!r}")
    data = read_toml(text, file)
    try:
        structure = build_structure(TableReader(data, ()))
    except FieldError as err:
        raise located(err, text, file) from None
    return replace(structure, file=file)


def example_names() -> list[str]:
    """Names of the example structures shipped with pyeval.

    Example:
        >>> "club_3000" in example_names()
        True
    """
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.toml"))


def load_structure(path_or_name: str | os.PathLike[str]) -> TournamentStructure:
    """Load a structure file by path, or a shipped example by name (``"club_3000"``).

    Example:
        >>> load_structure("hands_100k_stud").levels[0].duration
        (6, 'hands')
    """
    if not isinstance(path_or_name, (str, os.PathLike)) or isinstance(path_or_name, bytes):
        raise TypeError(f"a structure is a path or an example name, not {path_or_name!r} "
                        f"({type(path_or_name).__name__})")
    path = FsPath(path_or_name)
    try:
        found = path.is_file()
    except (OSError, ValueError):      # a name too long, a NUL byte: no such file
        found = False
    if not found:
        stem = path.name[:-5] if path.name.endswith(".toml") else path.name
        candidate = EXAMPLES_DIR / f"{stem}.toml"
        if str(path_or_name) in (stem, f"{stem}.toml") and "/" not in stem and "\x00" not in stem \
                and len(stem) < 200 and candidate.is_file():
            path = candidate
        else:
            raise StructureFileNotFound(
                f"no structure file {str(path_or_name)[:200]!r}; give a path or one of the "
                "examples: " + ", ".join(example_names()), file=str(path_or_name)[:200])
    try:
        data = path.read_bytes()
    except OSError as e:
        raise StructureError(f"cannot read the file: {e.strerror}", file=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise StructureError(f"the file is not UTF-8 text (byte 0x{data[err.start]:02x}); TOML "
                             "files are UTF-8: save it as UTF-8", file=str(path), line=line) from None
    return parse_structure(text, str(path))
