"""A tournament structure as the flat arrays the kernel reads.

:func:`build_spec` takes a structure of the tournament layer
(:func:`pyeval.tournament.structure.load_structure`), a field size, a clock and the
options of a run, and returns a :class:`SimSpec`: the levels as an ``int64[L, LV_COLS]``
table, the tournament settings as ``int64[CFG_COLS]`` and ``float64[CFGF_COLS]``.

Example:
    >>> from pyeval.tournament.structure import load_structure
    >>> spec = build_spec(load_structure("club_3000"))
    >>> spec.players, int(spec.levels[0, LV_BB]), spec.level_count   # its largest field
    (40, 50, 10)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.sim.clock import Clock
from pyeval.sim.layout import (
    ANTE_BY_CODES,
    ANTE_EACH,
    B_FL,
    BETTING_CODES,
    C_ADDON_CHIPS,
    C_ADDON_PER,
    C_ANTE_HU_STOP,
    C_BAL_DIFF,
    C_BREAK_ORDER,
    C_DEBUG,
    C_FINAL_START,
    C_FORMAT,
    C_MAX_HANDS,
    C_MERGE,
    C_N_ROT_STUD,
    C_N_ROTATION,
    C_PLAYERS,
    C_REBUY_CHIPS,
    C_REBUY_MAX,
    C_REBUY_UNTIL,
    C_REC_HANDS,
    C_REC_STRIDE,
    C_REC_TOURN,
    C_RESTART_LEVELS,
    C_SEATS,
    C_START,
    C_STOP_SHORT,
    CFG_COLS,
    CFGF_COLS,
    F_ADDON_P,
    F_MINUTES_PER_HAND,
    F_REBUY_P,
    GAME_CODES,
    LV_ADDON,
    LV_ANTE,
    LV_ANTE_BY,
    LV_BB,
    LV_BET,
    LV_BREAK,
    LV_BRING,
    LV_COLS,
    LV_CU_REMOVED,
    LV_CU_UNIT,
    LV_GAME,
    LV_HANDS,
    LV_HIGH,
    LV_LOW,
    LV_MIN,
    LV_SB,
    MAX_SEATS,
)

#: games the kernel plays; the rest of the structure-file games are refused clearly
#: the button variants the kernel plays through :mod:`pyeval.sim.variants.hooks`
BUTTON_VARIANTS = ("irish", "super_eight", "tahoe", "pineapple", "crazy_pineapple")
SIMULATED_GAMES = ("holdem", "omaha", "omaha_hilo", "dealers_choice", "seven_card_stud",
                   "seven_card_stud_hilo", "razz", "dealers_choice_stud") + BUTTON_VARIANTS
STUD_GAMES = ("seven_card_stud", "seven_card_stud_hilo", "razz", "dealers_choice_stud")
#: dealer's choice rotates through these, a new game every orbit of the table
DEFAULT_ROTATION = ("holdem", "omaha", "omaha_hilo")
DEFAULT_STUD_ROTATION = ("seven_card_stud", "razz", "seven_card_stud_hilo")
#: the most a stud table seats (the registry's 7 card stud games: with eight players the
#: deck runs short at seventh street and one community card is dealt, pyeval.sim.variants.deal)
MAX_STUD_TABLE = 8


@dataclass(frozen=True)
class SimSpec:
    """Everything the kernel needs about one tournament (see the module notes)."""

    levels: np.ndarray
    cfg: np.ndarray
    cfgf: np.ndarray
    rotation: np.ndarray
    players: int
    table_size: int
    starting_chips: int
    name: str = ""
    structure: Any = None
    clock: Clock = field(default_factory=Clock)

    @property
    def level_count(self) -> int:
        """Levels in the structure (the last goes on for ever)."""
        return int(self.levels.shape[0])

    def level_labels(self) -> list[str]:
        """"25/50", "100/200 a25", stud "a25 b50 100/200", one per level, for tables."""
        out = []
        for row in self.levels:
            if row[LV_BB] == 0:
                s = f"a{row[LV_ANTE]} b{row[LV_BRING]} {row[LV_LOW]}/{row[LV_HIGH]}"
            else:
                s = f"{row[LV_SB]}/{row[LV_BB]}"
                if row[LV_ANTE]:
                    s += f" a{row[LV_ANTE]}"
                    if row[LV_ANTE_BY] != ANTE_EACH:
                        s += " (bb)" if row[LV_ANTE_BY] == ANTE_BY_CODES["big_blind"] else " (btn)"
            out.append(s)
        return out


def _get(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default) if obj is not None else default


def build_spec(
    structure: Any,
    players: int | None = None,
    clock: Clock | None = None,
    *,
    rebuy_chance: float = 1.0,
    addon_chance: float = 1.0,
    rotation: tuple[str, ...] = DEFAULT_ROTATION,
    stud_rotation: tuple[str, ...] = DEFAULT_STUD_ROTATION,
    debug: bool = False,
    record_tournaments: int = 0,
    record_hands: int = 0,
    record_stride: int = 1,
    max_hands: int = 2_000_000,
) -> SimSpec:
    """Convert a tournament-layer structure into a :class:`SimSpec`.

    ``players`` defaults to the structure's largest field. ``rebuy_chance``: chance that a
    busted player rebuys when the structure allows it; ``addon_chance``: chance each
    add-on offered is taken. ``record_*``: keep the action sequences of some hands (every
    ``record_stride``-th hand, at most ``record_hands`` per tournament, of the first
    ``record_tournaments`` tournaments) for replay through the rules model.

    Example:
        >>> from pyeval.tournament.structure import load_structure
        >>> build_spec(load_structure("club_3000"), players=1)
        Traceback (most recent call last):
        ...
        ValueError: a tournament needs at least 2 players, got 1
    """
    clock = clock or Clock()
    entrants = _get(structure, "entrants")
    if players is None:
        players = int(_get(entrants, "maximum", 0) or 0)
    if players < 2:
        raise ValueError(f"a tournament needs at least 2 players, got {players}")
    tables = _get(structure, "tables")
    size = int(_get(tables, "table_size", 9))
    if not 2 <= size <= MAX_SEATS:
        raise ValueError(f"the simulator seats 2 to {MAX_SEATS} players a table, not {size}")
    merge = int(_get(tables, "seats_when_merging", size) or size)
    fmt = _get(structure, "format", "single_field")
    if fmt == "table_winners" and -(-players // size) > size:
        raise ValueError(f"{players} players make more table winners than one final table of {size} seats")
    if fmt == "table_winners" and players <= size:
        raise ValueError(f"the two-stage format needs more than one table: more than {size} players")
    levels = list(_get(structure, "levels", ()))
    if not levels:
        raise ValueError("the structure has no levels")
    L = len(levels)
    lv = np.zeros((L, LV_COLS), np.int64)
    for i, level in enumerate(levels):
        game = level.game
        if game not in SIMULATED_GAMES:
            raise ValueError(
                f"level {i + 1}: the simulator does not play {game!r} yet; it plays "
                f"{', '.join(SIMULATED_GAMES)}")
        if game in STUD_GAMES:
            if level.betting != "fixed_limit":
                raise ValueError(f"level {i + 1}: the simulator plays stud games fixed limit "
                                 f"only, not {level.betting}")
            if size > MAX_STUD_TABLE:
                raise ValueError(f"level {i + 1}: stud deals seven cards each; the simulator "
                                 f"seats at most {MAX_STUD_TABLE} a table for it, not {size}")
        lv[i, LV_SB] = level.small_blind
        lv[i, LV_BB] = level.big_blind
        lv[i, LV_ANTE] = level.ante
        ante_by = getattr(level, "ante_by", "each")
        if ante_by == "button" and level.ante:
            # the kernel's button ante disagreed with the rules model on a heads-up hand whose
            # big blind was all in for less than a full blind (tests/sim/test_bb_ante.py found
            # it): refused until the two agree
            raise ValueError(f"level {i + 1}: the simulator does not play button antes yet; "
                             "allowed: antes from each player or a big-blind ante")
        lv[i, LV_ANTE_BY] = ANTE_BY_CODES[ante_by]
        lv[i, LV_BRING] = level.bring_in
        lv[i, LV_GAME] = GAME_CODES[game]
        lv[i, LV_BET] = BETTING_CODES[level.betting]
        low = level.low_limit or level.big_blind
        lv[i, LV_LOW] = low
        lv[i, LV_HIGH] = level.high_limit or 2 * low
        if level.minutes is not None:
            lv[i, LV_MIN] = level.minutes
        else:
            lv[i, LV_HANDS] = level.hands
    for brk in _get(structure, "breaks", ()) or ():
        lv[brk.after_level - 1, LV_BREAK] += brk.minutes
    chips = _get(structure, "chips")
    for cu in _get(chips, "colour_ups", ()) or ():
        i = cu.before_level - 1
        lv[i, LV_CU_UNIT] = chips.smallest(cu.before_level)
        removed = sorted(cu.remove)
        # every chip that is not a multiple of the new smallest chip: all removed chips
        gone = sorted({d for d in chips.denominations if d < lv[i, LV_CU_UNIT]})
        for k, d in enumerate((gone or removed)[:4]):
            lv[i, LV_CU_REMOVED + k] = d
    add_on = _get(structure, "add_on")
    if add_on is not None:
        lv[add_on.before_level - 1, LV_ADDON] = 1
    start = int(_get(structure, "starting_chips", 0) or _get(chips, "starting", 0))
    if start <= 0:
        raise ValueError("the structure gives no starting chips")
    cfg = np.zeros(CFG_COLS, np.int64)
    cfg[C_PLAYERS] = players
    cfg[C_SEATS] = size
    cfg[C_MERGE] = merge
    cfg[C_BAL_DIFF] = int(_get(tables, "balance_at_difference", 2))
    cfg[C_STOP_SHORT] = int(_get(tables, "stop_when_short_by", 3))
    cfg[C_BREAK_ORDER] = 0 if _get(tables, "break_order", "highest_number") == "highest_number" else 1
    cfg[C_START] = start
    cfg[C_ANTE_HU_STOP] = 1 if _get(structure, "antes_stop_heads_up", False) else 0
    cfg[C_FORMAT] = 1 if fmt == "table_winners" else 0
    final = _get(structure, "final_stage")
    cfg[C_FINAL_START] = int(_get(final, "starting_chips", start) or start)
    cfg[C_RESTART_LEVELS] = 1 if _get(final, "restart_levels", True) else 0
    rebuys = _get(structure, "rebuys")
    if rebuys is not None:
        cfg[C_REBUY_CHIPS] = rebuys.chips
        cfg[C_REBUY_UNTIL] = rebuys.until_level
        cfg[C_REBUY_MAX] = -1 if rebuys.per_player is None else rebuys.per_player
    if add_on is not None:
        cfg[C_ADDON_CHIPS] = add_on.chips
        cfg[C_ADDON_PER] = add_on.per_player
    cfg[C_DEBUG] = 1 if debug else 0
    cfg[C_REC_TOURN] = record_tournaments
    cfg[C_REC_HANDS] = max(record_hands, 0)
    cfg[C_REC_STRIDE] = max(record_stride, 1)
    cfg[C_MAX_HANDS] = max_hands
    button_games = ("holdem", "omaha", "omaha_hilo") + BUTTON_VARIANTS
    for g in rotation:
        if g not in button_games:
            raise ValueError(f"dealer's choice rotates {', '.join(button_games)}; not {g!r}")
    for g in stud_rotation:
        if g not in ("seven_card_stud", "seven_card_stud_hilo", "razz"):
            raise ValueError(f"dealer's choice stud rotates seven_card_stud, "
                             f"seven_card_stud_hilo and razz; not {g!r}")
    if not rotation or not stud_rotation:
        raise ValueError("a dealer's choice rotation lists at least one game")
    rot = np.array([GAME_CODES[g] for g in tuple(rotation) + tuple(stud_rotation)], np.int64)
    cfg[C_N_ROTATION] = len(rotation)
    cfg[C_N_ROT_STUD] = len(stud_rotation)
    cfgf = np.zeros(CFGF_COLS)
    cfgf[F_MINUTES_PER_HAND:F_MINUTES_PER_HAND + 16] = clock.minutes_per_hand(size)
    if not 0 <= rebuy_chance <= 1 or not 0 <= addon_chance <= 1:
        raise ValueError("rebuy_chance and addon_chance are probabilities between 0 and 1")
    cfgf[F_REBUY_P] = rebuy_chance
    cfgf[F_ADDON_P] = addon_chance
    if (lv[:, LV_BET] == B_FL).any() and (lv[:, LV_LOW] <= 0).any():
        raise ValueError("a fixed-limit level needs its small and big bet")
    return SimSpec(lv, cfg, cfgf, rot, players, size, start,
                   name=str(_get(structure, "name", "")), structure=structure, clock=clock)


def with_players(spec: SimSpec, players: int) -> SimSpec:
    """The same spec for another field size."""
    return build_spec(spec.structure, players, spec.clock,
                      rebuy_chance=float(spec.cfgf[F_REBUY_P]),
                      addon_chance=float(spec.cfgf[F_ADDON_P]),
                      debug=bool(spec.cfg[C_DEBUG]),
                      record_tournaments=int(spec.cfg[C_REC_TOURN]),
                      record_hands=int(spec.cfg[C_REC_HANDS]),
                      record_stride=int(spec.cfg[C_REC_STRIDE]),
                      max_hands=int(spec.cfg[C_MAX_HANDS]))
