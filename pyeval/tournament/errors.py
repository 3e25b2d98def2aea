"""Errors of the tournament layer.

A check deep inside (a level, a payout table) raises :class:`FieldError` with the path of
the offending key; the structure loader turns it into a :class:`StructureError` that names
the file and the line, because that is what a tournament director needs to fix the file.

Example:
    >>> err = StructureError("big_blind 40 is below small_blind 50", file="club.toml", line=12)
    >>> str(err)
    'club.toml:12: big_blind 40 is below small_blind 50'
"""

from __future__ import annotations

Path = tuple[str | int, ...]


class FieldError(ValueError):
    """A value in a structure is wrong; ``path`` says where (``("levels", 3, "big_blind")``).

    Example:
        >>> FieldError(("chips", "starting"), "must be positive").path
        ('chips', 'starting')
    """

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


class StructureError(ValueError):
    """A structure file that cannot run, with the file and line of the offending key.

    Example:
        >>> StructureError("unknown key 'sb'", file="x.toml", line=3).line
        3
    """

    def __init__(
        self, message: str, *, file: str = "<structure>", line: int | None = None, path: Path = ()
    ) -> None:
        where = f"{file}:{line}" if line is not None else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line
        self.path = path
        self.message = message


class StructureFileNotFound(StructureError, FileNotFoundError):
    """No structure file by that path or example name (a StructureError, so a ValueError,
    and a FileNotFoundError as before)."""

    def __init__(self, message: str, *, file: str = "<structure>") -> None:
        ValueError.__init__(self, message)      # the message names the file itself
        self.file = file
        self.line = None
        self.path = ()
        self.message = message


def show_path(path: Path) -> str:
    """Write a key path the way a reader of the file sees it.

    Example:
        >>> show_path(("levels", 3, "big_blind"))
        'levels[3].big_blind'
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out
