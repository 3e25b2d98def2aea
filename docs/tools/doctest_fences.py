"""A griffe extension for the API reference: docstring examples become code blocks.

pyeval's docstrings carry doctest examples (``>>>`` lines and their output) that the test
suite runs. Read as Markdown they would be block quotes, and an output such as
``[[1, 2], [0.5, 0.5]]`` a broken link; this wraps each example run (from a ``>>>`` line to
the next blank line) in a ``pycon`` fence before mkdocstrings renders the docstring.
"""
from __future__ import annotations

from typing import Any

import griffe


def fence_examples(text: str) -> str:
    """Wrap every doctest run of ``text`` (a ``>>>`` line up to the next blank line) in a
    fenced ``pycon`` block; fenced blocks already in the text are left alone."""
    out: list[str] = []
    in_example = in_fence = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and not in_example and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        elif in_example and not stripped:
            out.append(f"{indent}```")
            in_example = False
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples of every documented object."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(obj.docstring.value)
