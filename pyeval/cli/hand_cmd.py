"""``pyeval hand show FILE[:INDEX]``: a recorded hand (PHH ``.phh``/``.phhs`` or a pyeval JSON
hand history) replayed through the rules model and printed street by street."""
from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import click


def _split(spec: str) -> tuple[Path, str | None]:
    """``FILE`` or ``FILE:INDEX`` (the file itself may contain ':')."""
    p = Path(spec)
    if p.exists() or ":" not in spec:
        return p, None
    head, _, index = spec.rpartition(":")
    return Path(head), index


@click.group("hand")
def hand() -> None:
    """Look at recorded hands."""


@hand.command("show")
@click.argument("spec", metavar="FILE[:INDEX]")
def show(spec: str) -> None:
    """Replay a hand and print it street by street with the pots, who showed what, and
    the stacks. FILE is a .phh / .phhs file (INDEX: the hand's table name in a .phhs,
    e.g. hands.phhs:12) or a pyeval JSON hand history.

    Example: pyeval hand show ps_1000nl_.phhs:702
    """
    from pyeval.rules import phh
    from pyeval.rules.hand import Hand, HistoryError
    from pyeval.rules.transcript import transcript
    path, index = _split(spec)
    if not path.is_file():
        raise click.BadParameter(f"no such file: {path}", param_hint="FILE")
    try:
        raw = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise click.ClickException(f"{path}: cannot read it as UTF-8 text ({e})") from None
    try:
        if raw.lstrip().startswith("{"):
            if index is not None:
                raise click.BadParameter("a JSON hand history holds one hand: no :INDEX",
                                         param_hint="FILE[:INDEX]")
            h = Hand.replay(raw)
            click.echo(transcript(h))
            return
        records = phh.loads(raw, str(path))
        if index is None:
            if len(records) > 1:
                keys = [r.name.rpartition(":")[2] for r in records]
                raise click.BadParameter(f"{path} holds {len(records)} hands; pick one with "
                                         f"{path}:INDEX (e.g. :{keys[0]} .. :{keys[-1]})",
                                         param_hint="FILE[:INDEX]")
            rec = records[0]
        else:
            found = [r for r in records if r.name == f"{path}:{index}"]
            if not found:
                raise click.BadParameter(f"{path} has no hand {index!r} ({len(records)} hands)",
                                         param_hint="FILE[:INDEX]")
            rec = found[0]
        r = phh.replay(rec, check=False)
    except HistoryError as e:
        raise click.ClickException(str(e)) from None
    click.echo(rec.name)
    click.echo(transcript(r.hand, r.scale, r.players))
    fin = rec.fields.get("finishing_stacks")
    if isinstance(fin, list) and not r.deep_seats:
        same = r.stacks() == [Decimal(x) for x in fin]
        click.echo("the record's finishing stacks: " + ", ".join(str(x) for x in fin) +
                   (" (the same)" if same else " (DIFFERENT)"))
