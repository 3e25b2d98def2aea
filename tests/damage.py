"""Text files damaged line by line, for the fuzz tests of pyeval's file readers (PHH hand
histories, TOML structure files): each test's strategy draws a few damages from the common
ones (a line deleted, duplicated or swapped with another) and its own.

    @st.composite
    def damaged(draw):
        return "\\n".join(damage(draw, TEXT.splitlines(), 3, {"cut": cut_line}))
"""
from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

#: a damage at line i of lines, in place; draws what else it needs
Damage = Callable[[st.DrawFn, list[str], int], None]


def _delete(draw: st.DrawFn, lines: list[str], i: int) -> None:
    del lines[i]


def _duplicate(draw: st.DrawFn, lines: list[str], i: int) -> None:
    lines.insert(i, lines[i])


def _swap(draw: st.DrawFn, lines: list[str], i: int) -> None:
    j = draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]


COMMON: dict[str, Damage] = {"delete": _delete, "duplicate": _duplicate, "swap": _swap}


def damage(draw: st.DrawFn, lines: list[str], most: int, own: dict[str, Damage]) -> list[str]:
    """1 to ``most`` damages of a copy of ``lines``, each at a drawn line: one of
    :data:`COMMON` or of the test's ``own``; stops when no line is left."""
    lines = list(lines)
    damages = {**COMMON, **own}
    for _ in range(draw(st.integers(1, most))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        damages[draw(st.sampled_from(list(damages)))](draw, lines, i)
    return lines
