"""Every example in the README works as written, after the README's first command.

Python blocks run one after another in one namespace (as a reader pastes them); every
``pyeval ...`` line of a shell block runs through the installed console script in a
scratch folder, and must exit 0. ``pip install`` lines are what got us here.
"""
from __future__ import annotations

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


def test_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)            # as a reader of the README in the source tree
    namespace: dict[str, object] = {"__name__": "readme"}
    code = blocks("python")
    assert code, "the README has no Python example"
    for body in code:
        exec(compile(body, str(README), "exec"), namespace)


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
