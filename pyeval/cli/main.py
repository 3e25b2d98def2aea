"""The ``pyeval`` command: a click group whose subcommands load on first use, so that
``pyeval --help`` and the fast commands never pay for Numba or plotting imports.

    pyeval demo                                   # the built-in example
    pyeval compare "Jc Ks" "6c 7c" --board "8h 3s 9d Th Qc"
    pyeval equity AhKh QQ+ --board "Ks 7d 2c"
    pyeval tournament simulate examples/club_3000.toml -n 1000
"""
from __future__ import annotations

import importlib
import importlib.util

import click

# name -> "module:attribute" of a click command
COMMANDS = {
    "compare": "pyeval.cli.eval_cmd:compare",
    "eval": "pyeval.cli.eval_cmd:evaluate",
    "demo": "pyeval.cli.demo_cmd:demo",
    "equity": "pyeval.cli.equity_cmd:equity",
    "hand": "pyeval.cli.hand_cmd:hand",
    "range": "pyeval.cli.range_cmd:range_",
    "hits": "pyeval.cli.hits_cmd:hits",
    "tournament": "pyeval.cli.tournament_cmd:tournament",
    "icm": "pyeval.cli.icm_cmd:icm",
    "sim": "pyeval.cli.sim_cmd:sim",
    "warmup": "pyeval.cli.warmup_cmd:warmup",
    "serve": "pyeval.cli.serve_cmd:serve",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(n for n, target in COMMANDS.items()
                      if importlib.util.find_spec(target.split(":")[0]) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attr = target.split(":")
        if importlib.util.find_spec(module) is None:
            return None
        return getattr(importlib.import_module(module), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pyeval")
def cli() -> None:
    """pyeval: poker hand evaluation, equity and tournament simulation."""


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
