"""Every example in the README works as written, after the README's first command.

Python blocks run one after another in one namespace (as a reader pastes them), and a
value a line's comment gives (``# (5, 'Straight, King high')``, ``# [0, 1]: a tie``,
``# ICM shares: 0.4518, ...``) is the value the line computes, to the digits written; every
``pyeval ...`` line of a shell block runs through the installed console script in a
scratch folder, and must exit 0. ``pip install`` lines are what got us here.
"""
from __future__ import annotations

import ast
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(lang: str) -> list[str]:
    return [body for kind, body in BLOCK.findall(README.read_text()) if kind == lang]


def shell_commands() -> list[str]:
    """The ``pyeval`` command lines of the shell blocks, comments removed."""
    lines = []
    for body in blocks("bash"):
        for line in body.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and words[0] == "pyeval":
                    lines.append(shlex.join(words))
    return lines


pytestmark = pytest.mark.skipif(not README.exists(), reason="needs the source tree's README.md")


def stated_value(comment: str) -> tuple[bool, object]:
    """The value a comment states: the longest Python literal it opens with (up to a space,
    ``:`` or ``;``), else the numbers after a label (``ICM shares: 0.45, 0.32``) as a list;
    ``(False, None)`` when it states none (prose such as ``must play a hole card``)."""
    text = comment.strip()
    ends = sorted({m.start() for m in re.finditer(r"[:;\s]", text)} | {len(text)}, reverse=True)
    for end in ends:
        try:
            return True, ast.literal_eval(text[:end].rstrip(","))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    numbers = re.fullmatch(r"[^:]+:\s*(-?\d+\.\d+(?:,\s*-?\d+\.\d+)*)", text)
    if numbers:
        return True, [float(x) for x in numbers.group(1).split(",")]
    return False, None


def agrees(value: object, stated: object) -> bool:
    """``value`` is what ``stated`` writes: floats to the decimals written, ``{...}`` any
    value, containers element by element, anything else equal."""
    if stated is Ellipsis or stated == {Ellipsis}:
        return True
    if isinstance(stated, float) and isinstance(value, (int, float)):
        digits = len(repr(stated).split(".")[1]) if "." in repr(stated) else 0
        return math.isclose(round(float(value), digits), stated, abs_tol=10.0 ** -digits / 2)
    if isinstance(stated, dict) and isinstance(value, dict):
        return stated.keys() == value.keys() and all(agrees(value[k], v) for k, v in stated.items())
    if isinstance(stated, (list, tuple)) and hasattr(value, "__len__") and not isinstance(value, str):
        items = list(value)  # type: ignore[call-overload]
        return len(items) == len(stated) and all(agrees(a, b) for a, b in zip(items, stated))
    return bool(value == stated)


def test_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)            # as a reader of the README in the source tree
    namespace: dict[str, object] = {"__name__": "readme"}
    code = blocks("python")
    assert code, "the README has no Python example"
    checked = []
    for body in code:
        lines = body.splitlines()
        for node in ast.parse(body).body:
            line = lines[node.end_lineno - 1] if node.end_lineno else ""
            if not isinstance(node, ast.Expr) or "#" not in line:
                exec(compile(ast.Module([node], []), str(README), "exec"), namespace)
                continue
            value = eval(compile(ast.Expression(node.value), str(README), "eval"), namespace)
            comment = line.split("#", 1)[1]
            source = ast.get_source_segment(body, node)
            if isinstance(node.value, ast.Compare):      # `low8(...) == 1  # 1 = 8-7-6-5-4 ...`
                assert value is True, source
                continue
            if comment.strip().startswith(repr(value)):     # arrays: `array([...], dtype=uint8)`
                checked.append(source)
                continue
            states, stated = stated_value(comment)
            if not states or (type(stated) is int and abs(stated) < 100):
                continue        # prose, or a small code the comment explains (`0 when no low`)
            assert agrees(value, stated), f"README: {source} gives {value!r}, its comment says {comment.strip()!r}"
            checked.append(source)
    assert len(checked) >= 18, checked      # the values the README states today


@pytest.mark.parametrize("command", shell_commands() if README.exists() else [])
@pytest.mark.slow
def test_shell_examples_run(command: str, tmp_path: Path) -> None:
    # the console script of the interpreter running the tests first: in a venv that is not
    # activated, the first `pyeval` on PATH can be another installation's
    own = Path(sys.executable).with_name("pyeval")
    exe = str(own) if own.exists() else shutil.which("pyeval") or str(own)
    words = shlex.split(command)
    for i, w in enumerate(words):          # example files the README names by repo path
        if (ROOT / w).exists() and "/" in w:
            words[i] = str(ROOT / w)
    env = dict(os.environ)
    p = subprocess.run([exe, *words[1:]], cwd=tmp_path, capture_output=True, text=True,
                       timeout=900, env=env, check=False)
    assert p.returncode == 0, f"{command}\n{p.stdout[-1500:]}\n{p.stderr[-1500:]}"
