"""The user guides in docs/ say true things: their Python examples run and print what the
page says, and every ``pyeval ...`` command line they show is a command the CLI accepts.

The Python examples of ``equity.md``, ``games.md`` and ``simulation-games.md`` run in their
own layers' tests (tests/equity/test_doctests.py, tests/test_games_registry.py,
tests/sim/test_variants_doctests.py); here the other guides with ``>>>`` examples run.
The command lines are parsed by click exactly as the shell would pass them (options,
choices, types, the subcommand's name), without running the command; a file pattern that
stands for the reader's own files (``my_hands/*.phhs``) is given the example hand history.
"""
from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="needs the source tree's docs/")

EXAMPLE_HANDS = ROOT / "examples" / "hands" / "three_way_all_in.phh"
DOCTESTED_HERE = ["evaluate.md", "rules.md", "tournament.md"]


@pytest.mark.parametrize("page", DOCTESTED_HERE)
def test_python_examples_of_the_guide(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)            # the examples name files by their path in the repository
    result = doctest.testfile(str(DOCS / page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0


def command_lines(page: Path) -> list[str]:
    """The ``pyeval`` command lines of a page's shell blocks (``bash`` or untagged fences),
    continuation lines joined and comments removed."""
    out = []
    for lang, body in FENCE.findall(page.read_text(encoding="utf-8")):
        if lang not in ("bash", "", "console", "sh"):
            continue
        text = re.sub(r"\\\n\s*", " ", body)
        for line in text.splitlines():
            line = line.removeprefix("$ ")
            for part in line.split("&&"):
                try:
                    words = shlex.split(part, comments=True)
                except ValueError:
                    continue
                if words and words[0] == "pyeval":
                    out.append(shlex.join(words))
    return out


# the README's command lines too: they run in the slow lane (tests/test_readme.py), parse here
CASES = [(p.name, c) for p in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
         if p.is_file() for c in command_lines(p)]


def parse(words: list[str]) -> click.Context:
    """Parse a command line through the pyeval group and its subgroups, as click would
    before calling the command; raises click's UsageError on an unknown command or option."""
    from pyeval.cli.main import cli

    cmd: click.Command = cli
    name, args, parent = "pyeval", words, None
    while True:
        ctx = cmd.make_context(name, list(args), parent=parent)
        if not isinstance(cmd, click.Group):
            return ctx
        rest = [*ctx._protected_args, *ctx.args]
        if not rest:
            return ctx
        sub_name, sub, sub_args = cmd.resolve_command(ctx, rest)
        assert sub is not None and sub_name is not None
        cmd, name, args, parent = sub, sub_name, sub_args, ctx


def test_the_guides_show_commands() -> None:
    pages = {page for page, _ in CASES}
    assert {"evaluate.md", "equity.md", "rules.md", "tournament.md", "simulation.md"} <= pages


@pytest.mark.parametrize(("page", "command"), CASES)
def test_command_lines_of_the_guides_parse(page: str, command: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    words = []
    for w in shlex.split(command)[1:]:
        if "*" in w and "/" in w:       # what the shell would expand, or the example's stand-in
            words += [str(p) for p in sorted(ROOT.glob(w))] or [str(EXAMPLE_HANDS)]
        else:
            words.append(w)
    try:
        parse(words)
    except click.exceptions.Exit:       # --help, --version
        pass
    except click.ClickException as e:
        pytest.fail(f"{page}: `{command}` is refused: {e.format_message()}")


def test_the_field_file_example_loads(tmp_path: Path) -> None:
    """players.md's field file example is a file ``load_field`` reads as the comments say:
    the nit preset with ``loose`` 0.7 at weight 3, and a limper with ``loose`` 1.2 at weight 1
    (the other parameters the defaults)."""
    from dataclasses import replace

    from pyeval.sim.players.models import MODELS, PlayerModel, load_field

    text = (DOCS / "players.md").read_text(encoding="utf-8")
    blocks = [body for lang, body in FENCE.findall(text) if lang == "toml"]
    assert len(blocks) == 1, "players.md should show one field file"
    path = tmp_path / "club.toml"
    path.write_text(blocks[0], encoding="utf-8")
    (nit, w_nit), (limper, w_limper) = load_field(path).items()
    assert (w_nit, w_limper) == (3.0, 1.0)
    assert nit == replace(MODELS["nit"], loose=0.7)
    assert replace(limper, name="") == PlayerModel("limper", 1.2, name="")


# Plain Python blocks (no ``>>>``) that are not run here, each with the reason.
NOT_RUN = {
    ("equity.md", 'pyeval.equity(game, hands, board="", dead="", *, exact=None, samples=None, std_err=None,'):
        "a signature, not code",
    ("simulation.md", "from distributed import Client"): "needs a Dask scheduler",
    ("players.md", "from pyeval.sim.players.fit import FITTED, fit_model, simulated"):
        "the preset-recovery measurement (minutes); tests/sim/test_fit.py asserts it",
    ("players.md", "import itertools, numpy as np"):
        "the pooled-mix measurement (minutes of simulation)",
    ("players.md", "from pyeval.sim import simulate"):
        "the mix-fit measurement; tests/sim/test_fit.py asserts a mix recovery",
}


def plain_blocks() -> list[tuple[str, int, str]]:
    out = []
    for page in sorted(DOCS.glob("*.md")):
        for i, (lang, body) in enumerate(FENCE.findall(page.read_text(encoding="utf-8"))):
            if lang == "python" and ">>>" not in body:
                out.append((page.name, i, body))
    return out


PLAIN = plain_blocks() if DOCS.is_dir() else []


def test_every_plain_block_is_run_or_named() -> None:
    named = {(page, body.splitlines()[0]) for page, _, body in PLAIN}
    assert set(NOT_RUN) <= named, "a block NOT_RUN names is gone: update the list"


@pytest.mark.slow
@pytest.mark.parametrize(("page", "index", "body"),
                         [pytest.param(*b, id=f"{b[0]}-{b[1]}") for b in PLAIN
                          if (b[0], b[2].splitlines()[0]) not in NOT_RUN])
def test_plain_python_blocks_run(page: str, index: int, body: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Each block as a reader pastes it into a fresh interpreter, in the repository."""
    monkeypatch.chdir(ROOT)
    exec(compile(body, f"{page} block {index}", "exec"), {"__name__": "docs"})
