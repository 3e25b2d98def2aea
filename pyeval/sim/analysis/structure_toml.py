"""Write a tournament structure file (TOML) from plain numbers.

The tuner proposes blind schedules and writes them as structure files that the tournament
layer loads and validates (:func:`pyeval.tournament.structure.parse_structure`); tests build
small structures the same way.

Example:
    >>> from pyeval.tournament.structure import parse_structure
    >>> text = structure_toml("Test", entrants=12, starting=1000, denominations=[25, 100],
    ...                       levels=[LevelSpec(25, 50), LevelSpec(50, 100)], minutes=15)
    >>> s = parse_structure(text)
    >>> s.levels[1].big_blind, s.starting_chips
    (100, 1000)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from typing_extensions import Unpack


@dataclass(frozen=True)
class LevelSpec:
    """One level: blinds (or, for stud, ``bring_in`` and the limits), ante (``ante_by``:
    ``"each"`` player, the ``"big_blind"`` or the ``"button"``), and optionally its own
    length, game and betting.

    Example:
        >>> LevelSpec(100, 200, ante=25).big_blind
        200
        >>> LevelSpec(0, 0, ante=25, bring_in=50, small_bet=100, big_bet=200).small_bet
        100
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: int | None = None
    hands: int | None = None
    game: str | None = None
    betting: str | None = None
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante_by: str = "each"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class StructureOptions(TypedDict, total=False):
    """The optional keywords of :func:`structure_toml` (defaults in :data:`DEFAULTS`)."""

    minutes: int | None
    hands: int | None
    game: str
    betting: str
    breaks: Sequence[tuple[int, int]]
    colour_ups: Sequence[tuple[int, Sequence[int]]]
    table_size: int
    price: int
    fee: int
    percent: Sequence[float] | None
    paid_percent: float | None
    ratio: float | None
    fmt: str
    antes_stop_heads_up: bool
    notes: str
    raises_first_turn_only: bool
    pace: str | None


#: every option's default (the keys of :class:`StructureOptions`, tied by a test)
DEFAULTS: StructureOptions = {
    "minutes": 20, "hands": None, "game": "holdem", "betting": "no_limit", "breaks": (), "colour_ups": (),
    "table_size": 9, "price": 20, "fee": 0, "percent": (50, 30, 20), "paid_percent": None, "ratio": None,
    "fmt": "single_field", "antes_stop_heads_up": False, "notes": "", "raises_first_turn_only": False,
    "pace": None,
}


def structure_toml(name: str, *, entrants: int, starting: int, denominations: Sequence[int],
                   levels: Sequence[LevelSpec], **options: Unpack[StructureOptions]) -> str:
    """TOML text of a structure (see ``docs/tournament.md`` for the format).

    The options (:class:`StructureOptions`, defaults :data:`DEFAULTS`): ``minutes`` or
    ``hands`` a level; ``game`` and ``betting``; ``breaks``: ``(after_level, minutes)``;
    ``colour_ups``: ``(before_level, removed)``; ``table_size``; the buy-in ``price`` and
    ``fee``; ``percent``: the payout table for a field of ``entrants`` (100 % to the winner
    when the field is smaller than the places listed); or ``paid_percent`` and ``ratio``: pay
    about that share of the field, each place ``ratio`` of the one above; ``fmt``, the
    format; ``antes_stop_heads_up``; ``notes``; ``raises_first_turn_only``: bets and raises
    on a player's first turn of a round only (the first sheet's draw); ``pace``: the
    ``[tables] pace`` preset, when given.
    """
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise TypeError(f"structure_toml() got unknown options {sorted(unknown)}; allowed: {', '.join(DEFAULTS)}")
    o: dict[str, Any] = {**DEFAULTS, **options}
    minutes, hands, game, betting = o["minutes"], o["hands"], o["game"], o["betting"]
    breaks, colour_ups, table_size, pace = o["breaks"], o["colour_ups"], o["table_size"], o["pace"]
    price, fee, percent, paid_percent, ratio = o["price"], o["fee"], o["percent"], o["paid_percent"], o["ratio"]
    fmt, notes = o["fmt"], o["notes"]
    antes_stop_heads_up, raises_first_turn_only = o["antes_stop_heads_up"], o["raises_first_turn_only"]
    out = [
        "[tournament]",
        f"name = {_q(name)}",
        f"format = {_q(fmt)}",
    ]
    if antes_stop_heads_up:
        out.append("antes_stop_heads_up = true")
    if raises_first_turn_only:
        out.append("raises_first_turn_only = true")
    if notes:
        out.append(f"notes = {_q(notes)}")
    out += ["", "[entrants]", f"count = {entrants}", "", "[buy_in]", f"price = {price}",
            f"fee = {fee}", "", "[chips]", f"starting = {starting}",
            f"denominations = [{', '.join(str(d) for d in denominations)}]"]
    for before, removed in colour_ups:
        out += ["", "[[chips.colour_up]]", f"before_level = {before}",
                f"remove = [{', '.join(str(d) for d in removed)}]"]
    out += ["", "[level_defaults]", f"game = {_q(game)}", f"betting = {_q(betting)}"]
    if hands is not None:
        out.append(f"hands = {hands}")
    elif minutes is not None:
        out.append(f"minutes = {minutes}")
    for lv in levels:
        out += ["", "[[levels]]"]
        if lv.game:
            out.append(f"game = {_q(lv.game)}")
        if lv.betting:
            out.append(f"betting = {_q(lv.betting)}")
        for key in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet"):
            if getattr(lv, key):
                out.append(f"{key} = {getattr(lv, key)}")
        if lv.ante_by != "each":
            out.append(f"ante_by = {_q(lv.ante_by)}")
        if lv.minutes is not None:
            out.append(f"minutes = {lv.minutes}")
        if lv.hands is not None:
            out.append(f"hands = {lv.hands}")
    for after, mins in breaks:
        out += ["", "[[breaks]]", f"after_level = {after}", f"minutes = {mins}"]
    out += ["", "[tables]", f"size = {table_size}"] + ([f"pace = {_q(pace)}"] if pace else []) + ["", "[payouts]"]
    if paid_percent is not None and ratio is not None:
        out += [f"paid_percent = {_num(paid_percent)}", f"ratio = {_num(ratio)}", ""]
    else:
        pay = list(percent or [100])
        if len(pay) > entrants:
            pay = [100]
        out += ["", "[[payouts.table]]", f"entrants = [{entrants}, {entrants}]",
                f"percent = [{', '.join(_num(p) for p in pay)}]", ""]
    return "\n".join(out)


def _num(p: float) -> str:
    return str(int(p)) if float(p).is_integer() else repr(float(p))
