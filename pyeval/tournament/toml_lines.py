"""Where each key of a TOML document is written: the line numbers behind error messages.

``tomllib`` parses TOML but forgets positions. :func:`key_lines` walks the same text once
more and records, for every key, table header and array element, the line it starts on,
so that a validation error can say ``club.toml:42: ...``. The text must already have been
accepted by ``tomllib``; this scanner trusts its syntax.

Paths are tuples of keys and array indices, as in the parsed document:
``("levels", 3, "big_blind")`` is the ``big_blind`` key of the fourth ``[[levels]]`` table.

Example:
    >>> lines = key_lines('[chips]\\nstarting = 3000\\n[[levels]]\\nbig_blind = 50\\n')
    >>> lines[("chips", "starting")], lines[("levels", 0, "big_blind")]
    (2, 4)
    >>> line_of(lines, ("levels", 0, "ante"))   # not written: its table's line
    3
"""

from __future__ import annotations

from collections.abc import Mapping

Path = tuple[str | int, ...]

_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scanner:
    """One pass over TOML text, recording the line of every key path."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.lines: dict[Path, int] = {}
        self.aot_count: dict[Path, int] = {}  # array-of-tables path -> elements seen

    # -- low-level helpers -------------------------------------------------
    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def advance(self, n: int = 1) -> None:
        chunk = self.s[self.i : self.i + n]
        self.line += chunk.count("\n")
        self.i += n

    def skip_blank(self, newlines: bool) -> None:
        """Skip spaces, tabs, comments and (if ``newlines``) line breaks."""
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r":
                self.i += 1
            elif c == "\n" and newlines:
                self.advance()
            elif c == "#":
                while self.i < len(self.s) and self.s[self.i] != "\n":
                    self.i += 1
            else:
                return

    def record(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    # -- keys and strings --------------------------------------------------
    def read_string(self) -> str:
        """Read a string at the cursor and return its (unescaped enough) text."""
        for quote in ('"""', "'''"):
            if self.peek(3) == quote:
                self.advance(3)
                start = self.i
                while True:
                    if quote == '"""' and self.peek() == "\\":
                        self.advance(2)
                        continue
                    if self.peek(3) == quote:
                        # up to two quotes may sit right before the closing delimiter
                        while self.peek(4) == quote + quote[0]:
                            self.advance()
                        text = self.s[start : self.i]
                        self.advance(3)
                        return text
                    self.advance()
        quote = self.peek()
        self.advance()
        out = []
        while self.peek() != quote:
            if quote == '"' and self.peek() == "\\":
                out.append(self.peek(2))
                self.advance(2)
                continue
            out.append(self.peek())
            self.advance()
        self.advance()
        return "".join(out)

    def read_key(self) -> tuple[str, ...]:
        """Read a possibly dotted key (``a."b c".d``) and return its parts."""
        parts = []
        while True:
            self.skip_blank(newlines=False)
            if self.peek() in ('"', "'"):
                parts.append(self.read_string())
            else:
                start = self.i
                while self.i < len(self.s) and self.s[self.i] in _BARE:
                    self.i += 1
                parts.append(self.s[start : self.i])
            self.skip_blank(newlines=False)
            if self.peek() == ".":
                self.i += 1
                continue
            return tuple(parts)

    # -- tables ------------------------------------------------------------
    def resolve(self, keys: tuple[str, ...]) -> Path:
        """Turn header keys into a path, stepping into the last element of arrays of tables."""
        path: Path = ()
        for k in keys:
            path = path + (k,)
            if path in self.aot_count:
                path = path + (self.aot_count[path] - 1,)
        return path

    # -- values ------------------------------------------------------------
    def read_value(self, path: Path) -> None:
        self.skip_blank(newlines=False)
        c = self.peek()
        if c in ('"', "'"):
            self.read_string()
        elif c == "[":
            self.advance()
            index = 0
            while True:
                self.skip_blank(newlines=True)
                if self.peek() == "]":
                    self.advance()
                    return
                self.record(path + (index,), self.line)
                self.read_value(path + (index,))
                index += 1
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.advance()
        elif c == "{":
            self.advance()
            while True:
                self.skip_blank(newlines=False)
                if self.peek() == "}":
                    self.advance()
                    return
                line = self.line
                key = self.read_key()
                self.record_key(path, key, line)
                self.skip_blank(newlines=False)
                self.advance()  # '='
                self.read_value(path + key)
                self.skip_blank(newlines=False)
                if self.peek() == ",":
                    self.advance()
        else:
            while self.i < len(self.s) and self.s[self.i] not in ",]}\n#":
                self.i += 1

    def record_key(self, table: Path, key: tuple[str, ...], line: int) -> None:
        for n in range(1, len(key) + 1):
            self.record(table + key[:n], line)

    # -- document ----------------------------------------------------------
    def scan(self) -> dict[Path, int]:
        table: Path = ()
        while True:
            self.skip_blank(newlines=True)
            if self.i >= len(self.s):
                return self.lines
            line = self.line
            if self.peek(2) == "[[":
                self.advance(2)
                keys = self.read_key()
                self.advance(2)
                parent = self.resolve(keys[:-1])
                array = parent + (keys[-1],)
                index = self.aot_count.get(array, 0)
                self.aot_count[array] = index + 1
                self.record(array, line)
                table = array + (index,)
                self.record(table, line)
            elif self.peek() == "[":
                self.advance()
                keys = self.read_key()
                self.advance()
                table = self.resolve(keys)
                for n in range(1, len(table) + 1):
                    self.record(table[:n], line)
            else:
                key = self.read_key()
                self.record_key(table, key, line)
                self.skip_blank(newlines=False)
                self.advance()  # '='
                self.read_value(table + key)


def key_lines(text: str) -> dict[Path, int]:
    """Map every key path written in ``text`` (valid TOML) to its 1-based line.

    Example:
        >>> key_lines('a = [1,\\n 2]\\n')[("a", 1)]
        2
    """
    return _Scanner(text).scan()


def line_of(lines: Mapping[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest written parent; ``None`` if nothing matches.

    Example:
        >>> line_of({("tables",): 7}, ("tables", "size"))
        7
    """
    for n in range(len(path), 0, -1):
        line = lines.get(path[:n])
        if line is not None:
            return line
    return None


def too_deep(text: str, limit: int) -> int | None:
    """The line where arrays and inline tables first nest deeper than ``limit``, else ``None``.

    A cheap pre-scan (strings and comments skipped) run before ``tomllib``, whose recursive
    parser would otherwise fail with ``RecursionError`` on a value nested thousands deep.

    Example:
        >>> too_deep('a = [[1], "[[["]\\n# [[[\\nb = [[[2]]]\\n', 2)
        3
        >>> too_deep('[[levels]]\\nx = [1]\\n', 2) is None
        True
    """
    depth = 0
    line = 1
    i = 0
    n = len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r":
            i += 1
            continue
        if c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c in "\"'":
            i, line = _skip_string(text, i, line)
            at_line_start = False
            continue
        if c == "[" and depth == 0 and at_line_start:
            j = text.find("\n", i)           # a table header: to the end of its line
            i = n if j < 0 else j
            continue
        at_line_start = False
        if c in "[{":
            depth += 1
            if depth > limit:
                return line
        elif c in "]}" and depth:
            depth -= 1
        i += 1
    return None


def _skip_string(text: str, i: int, line: int) -> tuple[int, int]:
    """Skip the string starting at ``i``; returns the index after it and the line there."""
    quote = text[i]
    triple = text[i:i + 3] == quote * 3
    i += 3 if triple else 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\" and quote == '"':
            if text[i + 1:i + 2] == "\n":
                line += 1
            i += 2
            continue
        if c == "\n":
            if not triple:
                return i, line
            line += 1
        if c == quote and (not triple or text[i:i + 3] == quote * 3):
            return i + (3 if triple else 1), line
        i += 1
    return n, line
