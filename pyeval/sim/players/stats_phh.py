"""PHH hands (TOML) as :class:`pyeval.sim.players.stats.Hand`, for the behaviour statistics.

An adapter on the rules layer's PHH reader (:func:`pyeval.rules.phh.load`, its errors
:class:`pyeval.rules.phh.PHHError`): of each record it takes the fields the statistics need
(``variant``, ``starting_stacks``, ``blinds_or_straddles``, ``antes``, ``actions``,
``finishing_stacks``, ``players``), from ``.phh`` files (one hand) or ``.phhs`` files
(tables of hands). Only no-limit and pot-limit hold'em and Omaha
(``NT``, ``PO`` and the like: variants with blinds and a flop) are read; other variants are
skipped. Heads-up, the first player posts the big blind and the second (the button) the
small blind, as PHH (pokerkit) has it.

Example:
    >>> text = '''
    ... variant = 'NT'
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [5, 10, 0]
    ... starting_stacks = [1000, 1000, 1000]
    ... actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 30', 'p1 f',
    ...            'p2 cc', 'd db AcKd2h', 'p2 cc', 'p3 cbr 40', 'p2 f']
    ... '''
    >>> h = hand_from_toml(text)
    >>> h.blinds, h.actions[0], h.actions[-1]
    ((5.0, 10.0, 0.0), (0, 2, 'raise', 30.0), (1, 1, 'fold', 0.0))
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pyeval.rules.phh import PHHError, load, loads
from pyeval.sim.players.stats import Hand

#: PHH variants read (blinds and a flop): no-limit / pot-limit hold'em and Omaha
VARIANTS = ("NT", "NS", "PO", "PO8", "NO", "NO8", "PT")


def hand_from_dict(d: Mapping[str, Any], name: str = "<hand>") -> Hand | None:
    """A :class:`Hand` from one parsed PHH hand (``name``: the record's, for errors); None
    for a variant not read."""
    if d.get("variant") not in VARIANTS:
        return None
    try:
        stacks = tuple(float(x) for x in d["starting_stacks"])
        blinds = [float(x) for x in d["blinds_or_straddles"]]
        antes = [float(x) for x in d.get("antes", [0] * len(stacks))]
        acts = list(d["actions"])
    except (KeyError, TypeError, ValueError) as e:
        raise PHHError(name, "malformed", f"a PHH hand needs starting_stacks, "
                       f"blinds_or_straddles and actions (numbers, and a list of action "
                       f"strings): {e}") from None
    n = len(stacks)
    if n == 2 and len(blinds) == 2:
        blinds = blinds[::-1]            # heads-up: p1 is the big blind
    blinds = (blinds + [0.0] * n)[:n]
    antes = (antes + [0.0] * n)[:n] if len(antes) != 1 else antes * n
    bb = max(blinds[:2]) if n > 1 else 0.0
    street = 0
    actions: list[tuple[int, int, str, float]] = []
    for a in acts:
        parts = str(a).split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] == "d":
            if len(parts) >= 2 and parts[1] == "db":
                street = min(street + 1, 3)
            continue
        if not parts[0].startswith("p") or len(parts) < 2:
            continue
        try:
            seat = int(parts[0][1:]) - 1
        except ValueError:
            raise PHHError(name, "malformed", f"bad PHH player in action {a!r}") from None
        op = parts[1]
        if op == "f":
            actions.append((street, seat, "fold", 0.0))
        elif op == "cc":
            actions.append((street, seat, "call", 0.0))
        elif op == "cbr":
            try:
                actions.append((street, seat, "raise", float(parts[2])))
            except (IndexError, ValueError):
                raise PHHError(name, "malformed", f"a PHH bet needs an amount: {a!r}") from None
    after = d.get("finishing_stacks")
    names = d.get("players")
    if names is not None and (not isinstance(names, list) or len(names) != n):
        raise PHHError(name, "malformed", f"PHH players must be a list of one name per seat "
                       f"({n}), got {names!r}")
    return Hand(stacks=stacks, blinds=tuple(blinds), antes=tuple(antes), big_blind=bb,
                actions=tuple(actions),
                after=tuple(float(x) for x in after) if after is not None else None,
                players=tuple(str(x) for x in names) if names is not None else None)


def hand_from_toml(text: str, name: str = "<text>") -> Hand | None:
    """A :class:`Hand` from the text of one PHH hand (``.phh``)."""
    rec = loads(text, name)[0]
    return hand_from_dict(rec.fields, rec.name)


def read_hands(path: str | Path) -> Iterator[Hand]:
    """The hands of a ``.phh`` file (one hand) or a ``.phhs`` file (a table per hand),
    variants not read skipped."""
    for rec in load(path):
        h = hand_from_dict(rec.fields, rec.name)
        if h is not None:
            yield h
