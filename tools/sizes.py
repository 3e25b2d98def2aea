"""Size limits of the code (issue 39): no module over 700 lines, no function over 150
lines or 12 arguments. Prints every offender, marks the ones in the exception list
(:data:`EXCEPTIONS`, each with its reason) and exits 1 when any other is found.

    python tools/sizes.py            # the package and bench/, sim/ included
    python tools/sizes.py --skip pyeval/sim

A module's size is its line count; a function's, the lines from its ``def`` to its last
line (decorators not counted); its arguments, every named parameter (``self``/``cls``
included, ``*args``/``**kwargs`` each one).
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import NamedTuple

MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 150
MAX_ARGUMENTS = 12
ROOTS = ("pyeval", "bench", "tools")

_PUBLIC_KEYWORDS = ("public, documented constructor: after the required inputs, optional "
                    "parameters with defaults a user names; an options record would break "
                    "documented calls")
_CLICK = "click command: one parameter per command-line option"
_PUBLIC_ENTRY = ("public, documented entry point: after the structure, count and seed, keyword-only "
                 "options a user names (about 60 calls in the docs, examples and tests); an "
                 "options record would break documented calls")

EXCEPTIONS: dict[str, str] = {
    # "path:qualified name:kind" -> reason; kind is "args" or "lines" (a module: "path::lines")
    "pyeval/games.py:holdem:args": _PUBLIC_KEYWORDS,
    "pyeval/games.py:stud:args": _PUBLIC_KEYWORDS,
    "pyeval/rules/hand.py:Hand.__init__:args": _PUBLIC_KEYWORDS,
    "pyeval/tournament/levels.py:Level.__init__:args": _PUBLIC_KEYWORDS,
    "pyeval/sim/engine/engine.py:simulate:args": _PUBLIC_ENTRY,
    "pyeval/cli/equity_cmd.py:equity:args": _CLICK,
    "pyeval/cli/tournament_cmd.py:simulate_cmd:args": _CLICK,
    "pyeval/cli/tournament_cmd.py:tune_cmd:args": _CLICK,
}


class Offender(NamedTuple):
    """One module or function over a limit: ``key`` as in :data:`EXCEPTIONS`, its size."""

    key: str
    size: int
    limit: int


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    out: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.append((prefix + node.name, node))
            out += _functions(node, prefix + node.name + ".")
        elif isinstance(node, ast.ClassDef):
            out += _functions(node, prefix + node.name + ".")
    return out


def _arguments(f: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    a = f.args
    return (len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
            + (a.vararg is not None) + (a.kwarg is not None))


def offenders(root: Path, skip: tuple[str, ...] = ()) -> list[Offender]:
    """Every module and function over a limit below ``root``'s :data:`ROOTS`, except the
    paths starting with one of ``skip`` (relative to ``root``)."""
    found: list[Offender] = []
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(skip):
                continue
            text = path.read_text(encoding="utf-8")
            n = len(text.splitlines())
            if n > MAX_MODULE_LINES:
                found.append(Offender(f"{rel}::lines", n, MAX_MODULE_LINES))
            for name, f in _functions(ast.parse(text, filename=rel)):
                length = (f.end_lineno or f.lineno) - f.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(Offender(f"{rel}:{name}:lines", length, MAX_FUNCTION_LINES))
                if _arguments(f) > MAX_ARGUMENTS:
                    found.append(Offender(f"{rel}:{name}:args", _arguments(f), MAX_ARGUMENTS))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip", action="append", default=[], help="a path prefix to leave out")
    args = ap.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    bad = 0
    for o in offenders(root, tuple(args.skip)):
        reason = EXCEPTIONS.get(o.key)
        bad += reason is None
        print(f"{o.key} {o.size} > {o.limit}" + (f"  [exception: {reason}]" if reason else "  OFFENDER"))
    print(f"{bad} offender(s) outside the exception list")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
