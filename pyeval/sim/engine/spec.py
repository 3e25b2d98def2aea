"""A tournament structure as the flat arrays the kernel reads.

:func:`build_spec` takes a structure of the tournament layer
(:func:`pyeval.tournament.structure.load_structure`), a field size, a clock and the
options of a run, and returns a :class:`SimSpec`: the levels as an ``int64[L, LV_COLS]``
table, the tournament settings as ``int64[CFG_COLS]`` and ``float64[CFGF_COLS]``.

Example:
    >>> from pyeval.tournament.structure import load_structure
    >>> spec = build_spec(load_structure("club_3000"))
    >>> spec.players, int(spec.levels[0, layout.LV_BB]), spec.level_count   # its largest field
    (40, 50, 10)
"""
from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, Unpack

import numpy as np

from pyeval.games import REGISTRY, Game
from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.inputs import (
    MAX_RECORDED,
    MAX_SIM_PLAYERS,
    check_chips_in_play,
    hands_stop,
    sim_chance,
    sim_count,
    sim_flag,
)
from pyeval.sim.engine.pace import DEFAULT_PACE
from pyeval.sim.kernel import layout
from pyeval.sim.kernel.arrivals import late_config
from pyeval.sim.kernel.entries import entry_config

if TYPE_CHECKING:
    from pyeval.tournament.levels import Level
    from pyeval.tournament.tournament_structure import TournamentStructure

DECK = 52

#: games the kernel plays, derived from the game registry (in its order).
#: every button game: the registry's hold'em family (hold'em, the Omahas with 4, 5 and 6
#: hole cards, high and hi/lo, and the rule sheets' other hold'em games)
BUTTON_GAMES = tuple(g.key for g in REGISTRY.family("holdem"))
#: the hold'em games of the rule sheets, which Dealer's Choice chooses among by default
#: (the first sheet: "Dealer's may only choose from the games listed above"): the
#: registry's list for it (``pyeval.games.Choice.games``; not the 5- and 6-card Omahas)
SHEET_BUTTON_GAMES = tuple(g.key for g in REGISTRY.choice_games(REGISTRY.choice("dealers_choice")))
#: the button games the kernel plays through :mod:`pyeval.sim.kernel.variants.hooks` (three dealt
#: cards, a discard, or more than four hole cards: the rule of ``hooks.is_variant``)
BUTTON_VARIANTS = tuple(g.key for g in REGISTRY.family("holdem")
                        if g.dealt_hole_cards == 3 or g.discards > 0 or g.dealt_hole_cards > 4)
#: the stud games of the rule sheets (Dealer's Choice Stud chooses among them), played by
#: :mod:`pyeval.sim.kernel.variants.hands`
SHEET_STUD_GAMES = tuple(g.key for g in REGISTRY.choice_games(REGISTRY.choice("dealers_choice_stud")))
SIMULATED_GAMES = (("dealers_choice", "dealers_choice_stud") + BUTTON_GAMES
                   + SHEET_STUD_GAMES + ("five_card_draw",))
STUD_GAMES = SHEET_STUD_GAMES + ("dealers_choice_stud",)
#: dealer's choice takes every hold'em game of the sheets, one game a hand in turn (a
#: rotation or weights given by the structure or the caller may name any button game)
DEFAULT_ROTATION = SHEET_BUTTON_GAMES
#: dealer's choice stud: every stud game of the sheets that the table seats
#: (:func:`table_limit`), one game a hand in turn
DEFAULT_STUD_ROTATION = SHEET_STUD_GAMES
#: the most a stud table seats (the registry's 7 card stud games: with eight players the
#: deck runs short at seventh street and one community card is dealt, pyeval.sim.kernel.variants.deal)
MAX_STUD_TABLE = 8

Rotation = Sequence[str] | Mapping[str, int]


def _deck_holds(g: Game, n: int) -> bool:
    """Whether a stud deal to ``n`` players who all stay to the end needs at most one
    community card, as the rules model deals it: from the stub, or, when every card is
    dealt or burned (Australian with seven), from the burned and discarded cards
    reshuffled (:func:`pyeval.sim.kernel.variants.deal.community_card`)."""
    used = n * g.streets[0].hole
    community = False
    for st in g.streets[1:]:
        left = DECK - used
        need = n * st.hole + (1 if st.burn else 0)
        if st.hole == 1 and need > left:
            if community or (left < 1 and not g.discards):
                return False
            community = True
            # the card from the stub (none left: from the muck, which the stub never sees)
            used += (1 if st.burn and left >= 2 else 0) + (1 if left >= 1 else 0)
        else:
            used += need
    return used <= DECK


def table_limit(game: str) -> int:
    """The most players a simulated table of ``game`` seats: the registry's most, at most
    :data:`~pyeval.sim.kernel.layout.MAX_SEATS`; a stud game as many as the deck deals to the
    end with at most one community card (Australian: its seven, the seventh street's
    community card from the reshuffled burns and discards when all seven stay in).

    >>> table_limit("seven_card_stud"), table_limit("australian"), table_limit("five_card_stud")
    (8, 7, 10)
    >>> table_limit("omaha5"), table_limit("omaha6")
    (8, 7)
    """
    g = REGISTRY.game(game)
    n = min(g.max_players, layout.MAX_SEATS)
    if g.family == "stud":
        while n > 2 and not _deck_holds(g, n):
            n -= 1
    return n


def expand_rotation(rotation: Rotation) -> tuple[str, ...]:
    """A rotation as the kernel plays it, one game a hand in turn: a sequence as given,
    or weights ``{game: w}`` spread evenly over one cycle of ``sum(w)`` hands (smooth
    weighted round robin: the game furthest behind its share goes next).

    >>> expand_rotation({"holdem": 2, "omaha": 1})
    ('holdem', 'omaha', 'holdem')
    >>> expand_rotation({"holdem": 0})
    Traceback (most recent call last):
    ...
    ValueError: a dealer's choice weight is a whole number >= 1, not 0 for 'holdem'
    """
    if isinstance(rotation, Mapping):
        w = {}
        for g, x in rotation.items():
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 1:
                raise ValueError(f"a dealer's choice weight is a whole number >= 1, "
                                 f"not {x!r} for {g!r}")
            w[g] = int(x)
        total = sum(w.values())
        credit = dict.fromkeys(w, 0)
        out = []
        for _ in range(total):
            for g in credit:
                credit[g] += w[g]
            g = max(credit, key=lambda k: credit[k])
            credit[g] -= total
            out.append(g)
        return tuple(out)
    if isinstance(rotation, str):
        return (rotation,)
    return tuple(rotation)


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
    structure: TournamentStructure | None = None
    clock: Clock = field(default_factory=Clock)
    #: each player's starting stack, ``int64[players]``: player ``p`` is the entrant of rank
    #: ``p + 1`` (the structure's chips by rank; everyone ``starting_chips`` without them);
    #: the kernel deals each player theirs
    starting_stacks: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))

    @property
    def stacks_by_rank(self) -> bool:
        """Whether the players start with different stacks (the structure's chips by rank)."""
        st = self.starting_stacks
        return bool(st.size) and bool((st != st[0]).any())

    @property
    def level_count(self) -> int:
        """Levels in the structure (the last goes on for ever)."""
        return int(self.levels.shape[0])

    def level_labels(self) -> list[str]:
        """"25/50", "100/200 a25", stud "a25 b50 100/200", the draw with antes only
        "a25 100/200", one per level, for tables."""
        out = []
        for row in self.levels:
            if row[layout.LV_BB] == 0 and row[layout.LV_BRING] == 0:      # the draw with antes only
                s = f"a{row[layout.LV_ANTE]} {row[layout.LV_SMALL_BET]}/{row[layout.LV_BIG_BET]}"
            elif row[layout.LV_BB] == 0:
                s = (f"a{row[layout.LV_ANTE]} b{row[layout.LV_BRING]} "
                     f"{row[layout.LV_SMALL_BET]}/{row[layout.LV_BIG_BET]}")
            else:
                s = f"{row[layout.LV_SB]}/{row[layout.LV_BB]}"
                if row[layout.LV_ANTE]:
                    s += f" a{row[layout.LV_ANTE]}"
                    if row[layout.LV_ANTE_BY] != layout.ANTE_EACH:
                        s += " (bb)" if row[layout.LV_ANTE_BY] == layout.ANTE_BY_CODES["big_blind"] else " (btn)"
            out.append(s)
        return out


def stated_late_entries(structure: TournamentStructure, players: int,
                        late_entries: int | None) -> int:
    """The late entrants to simulate: ``late_entries`` when given, else the count the
    structure's ``[late_registration]`` states (``entries``), else none.

    Example:
        >>> from pyeval.tournament.structure import load_structure
        >>> stated_late_entries(load_structure("club_3000"), 30, None)
        0
    """
    if late_entries is not None:
        return late_entries
    late = structure.late_registration
    stated = int(late.entries or 0) if late is not None else 0
    if stated and stated > players - 2:
        raise ValueError(f"the structure's [late_registration] states entries = {stated}, more "
                         f"than the {players - 2} of {players} entrants that may come late (two "
                         "start the tournament); simulate more players or give fewer late entries")
    return stated


class SpecOptions(TypedDict, total=False):
    """The options of a run :func:`build_spec` takes by keyword (see its notes); every one
    optional, its default in :class:`RunOptions`."""

    rebuy_chance: float
    addon_chance: float
    rotation: Rotation | None
    stud_rotation: Rotation | None
    debug: bool
    record_tournaments: int
    record_hands: int
    record_stride: int
    max_hands: int | None
    late_entries: int | None
    re_entry_chance: float


class RunOptions(NamedTuple):
    """:class:`SpecOptions` with their defaults (a test ties the two lists of names).

    >>> RunOptions().record_stride, RunOptions(debug=True).debug
    (1, True)
    """

    rebuy_chance: float = 1.0
    addon_chance: float = 1.0
    rotation: Rotation | None = None
    stud_rotation: Rotation | None = None
    debug: bool = False
    record_tournaments: int = 0
    record_hands: int = 0
    record_stride: int = 1
    max_hands: int | None = None
    late_entries: int | None = None
    re_entry_chance: float = 1.0


def run_options(options: Mapping[str, Any]) -> RunOptions:
    """``build_spec``'s keywords checked: the recording counts within their bounds, the
    chances probabilities, ``debug`` a switch; an unknown keyword refused by name.

    >>> run_options({"record_hands": 5}).record_hands
    5
    >>> run_options({"recordhands": 5})
    Traceback (most recent call last):
    ...
    TypeError: build_spec() got an unexpected keyword 'recordhands'; it takes players, ...
    """
    unknown = [k for k in options if k not in RunOptions._fields]
    if unknown:
        raise TypeError(f"build_spec() got an unexpected keyword {unknown[0]!r}; it takes "
                        f"players, clock and {', '.join(RunOptions._fields)}")
    o = RunOptions(**options)
    for what in ("record_tournaments", "record_hands", "record_stride"):
        sim_count(getattr(o, what), what, 0, MAX_RECORDED)
    if o.record_tournaments * o.record_hands > MAX_RECORDED:
        raise ValueError(f"record_tournaments x record_hands may be at most {MAX_RECORDED:,}, "
                         f"got {o.record_tournaments * o.record_hands:,}")
    return o._replace(rebuy_chance=sim_chance(o.rebuy_chance, "rebuy_chance"),
                      addon_chance=sim_chance(o.addon_chance, "addon_chance"),
                      debug=sim_flag(o.debug, "debug"))


def field_size(structure: TournamentStructure, players: int | None) -> int:
    """The players of the run: ``players``, by default the structure's largest field; at
    least 2 and at most :data:`~pyeval.sim.engine.inputs.MAX_SIM_PLAYERS`."""
    if players is None:
        players = int(structure.entrants.maximum or 0)
    if isinstance(players, numbers.Integral) and not isinstance(players, bool) and players < 2:
        raise ValueError(f"a tournament needs at least 2 players, got {players}")
    return sim_count(players, "players", 2, MAX_SIM_PLAYERS)


def seats_of(structure: TournamentStructure, players: int) -> int:
    """The structure's table size, checked against the simulator's tables and against its
    format (table winners need more than one table and at most one final table of them)."""
    size = int(structure.tables.table_size)
    if not 2 <= size <= layout.MAX_SEATS:
        raise ValueError(f"the simulator seats 2 to {layout.MAX_SEATS} players a table, not {size}")
    if structure.format == "table_winners" and -(-players // size) > size:
        raise ValueError(f"{players} players make more table winners than one final table of {size} seats")
    if structure.format == "table_winners" and players <= size:
        raise ValueError(f"the two-stage format needs more than one table: more than {size} players")
    return size


def _check_level(structure: TournamentStructure, i: int, level: Level, size: int) -> None:
    """Level ``i`` (0-based) is one the simulator plays at tables of ``size``."""
    game = level.game
    if game not in SIMULATED_GAMES:
        raise ValueError(
            f"level {i + 1}: the simulator does not play {game!r} yet; it plays "
            f"{', '.join(SIMULATED_GAMES)}")
    if game in STUD_GAMES and level.betting != "fixed_limit":
        raise ValueError(f"level {i + 1}: the simulator plays stud games fixed limit "
                         f"only, not {level.betting}")
    if level.antes_only and structure.antes_stop_heads_up:
        raise ValueError(
            f"level {i + 1}: {REGISTRY.game(game).name} with antes only has no forced bet "
            f"heads-up when the antes stop there (antes_stop_heads_up); give the level "
            f"blinds or keep the antes heads-up")
    if game not in ("dealers_choice", "dealers_choice_stud") and size > table_limit(game):
        raise ValueError(f"level {i + 1}: {REGISTRY.game(game).name} deals "
                         f"{REGISTRY.game(game).dealt_hole_cards} cards each; the simulator "
                         f"seats at most {table_limit(game)} a table for it, not {size}")


def level_table(structure: TournamentStructure, size: int) -> np.ndarray:
    """The levels as the kernel reads them, ``int64[L, LV_COLS]`` (layout's ``LV_*``):
    blinds, antes, bring-in, game, betting, bets, length, and the breaks, colour-ups and
    add-on held before or after each.

    >>> from pyeval.tournament.structure import load_structure
    >>> [int(x) for x in level_table(load_structure("club_3000"), 10)[0, [layout.LV_SB, layout.LV_BB, layout.LV_MIN]]]
    [25, 50, 20]
    """
    levels = list(structure.levels)
    if not levels:
        raise ValueError("the structure has no levels")
    lv = np.zeros((len(levels), layout.LV_COLS), np.int64)
    for i, level in enumerate(levels):
        _check_level(structure, i, level, size)
        lv[i, layout.LV_SB] = level.small_blind
        lv[i, layout.LV_BB] = level.big_blind
        lv[i, layout.LV_ANTE] = level.ante
        lv[i, layout.LV_ANTE_BY] = layout.ANTE_BY_CODES[level.ante_by]
        lv[i, layout.LV_BRING] = level.bring_in
        lv[i, layout.LV_GAME] = layout.GAME_CODES[level.game]
        lv[i, layout.LV_BET] = layout.BETTING_CODES[level.betting]
        low = level.small_bet or level.big_blind
        lv[i, layout.LV_SMALL_BET] = low
        lv[i, layout.LV_BIG_BET] = level.big_bet or 2 * low
        if level.minutes is not None:
            lv[i, layout.LV_MIN] = level.minutes
        elif level.hands is not None:
            lv[i, layout.LV_HANDS] = level.hands
        else:
            raise ValueError(f"level {i + 1} has no length: give minutes or hands")
    for brk in structure.breaks:
        lv[brk.after_level - 1, layout.LV_BREAK] += brk.minutes
    chips = structure.chips
    for cu in chips.colour_ups:
        i = cu.before_level - 1
        lv[i, layout.LV_CU_UNIT] = chips.smallest(cu.before_level)
        removed = sorted(cu.remove)
        # every chip that is not a multiple of the new smallest chip: all removed chips
        gone = sorted({d for d in chips.denominations if d < lv[i, layout.LV_CU_UNIT]})
        for k, d in enumerate((gone or removed)[:4]):
            lv[i, layout.LV_CU_REMOVED + k] = d
    if structure.add_on is not None:
        lv[structure.add_on.before_level - 1, layout.LV_ADDON] = 1
    return lv


def config_row(structure: TournamentStructure, players: int, size: int, lv: np.ndarray,
               opts: RunOptions) -> np.ndarray:
    """The tournament's settings as the kernel reads them, ``int64[CFG_COLS]`` (layout's
    ``C_*``): the field, the tables and their seating rules, the chips, the format, rebuys
    and add-on, the level clock (:func:`level_clock`) and the recording."""
    tables = structure.tables
    start = int(structure.starting_chips or 0)
    if start <= 0:
        raise ValueError("the structure gives no starting chips")
    cfg = np.zeros(layout.CFG_COLS, np.int64)
    cfg[layout.C_PLAYERS] = players
    cfg[layout.C_SEATS] = size
    cfg[layout.C_MERGE] = int(tables.seats_when_merging or size)
    cfg[layout.C_BAL_DIFF] = int(tables.balance_at_difference)
    cfg[layout.C_STOP_SHORT] = int(tables.stop_when_short_by)
    cfg[layout.C_BREAK_ORDER] = 0 if tables.break_order == "highest_number" else 1
    # the seating rules (pyeval.tournament.seating), one bit each: 0 is pyeval's convention
    for bit, (key, value, convention, sheets) in enumerate((
            ("balance_rule", tables.balance_rule, "worst_position", "same_position"),
            ("equal_tables", tables.equal_tables, "lowest_number", "card_draw"),
            ("break_draw", tables.break_draw, "random", "fair_blinds"))):
        if value not in (convention, sheets):
            raise ValueError(f"tables.{key} must be {convention!r} or {sheets!r}, not {value!r}")
        cfg[layout.C_SEAT_RULE] |= int(value == sheets) << bit
    cfg[layout.C_START] = start
    cfg[layout.C_ANTE_HU_STOP] = 1 if structure.antes_stop_heads_up else 0
    # the first sheet's draw: no raise once the betting has passed around to the dealer
    cfg[layout.C_FIRST_TURN_ONLY] = 1 if structure.raises_first_turn_only else 0
    cfg[layout.C_FORMAT] = 1 if structure.format == "table_winners" else 0
    final = structure.final_stage
    cfg[layout.C_FINAL_START] = int(final.starting_chips or start) if final is not None else start
    cfg[layout.C_RESTART_LEVELS] = 1 if final is None or final.restart_levels else 0
    rebuys = structure.rebuys
    if rebuys is not None:
        cfg[layout.C_REBUY_CHIPS] = rebuys.chips
        cfg[layout.C_REBUY_UNTIL] = rebuys.until_level
        cfg[layout.C_REBUY_MAX] = -1 if rebuys.per_player is None else rebuys.per_player
    if structure.add_on is not None:
        cfg[layout.C_ADDON_CHIPS] = structure.add_on.chips
        cfg[layout.C_ADDON_PER] = structure.add_on.per_player
    cfg[layout.C_DEBUG] = 1 if opts.debug else 0
    cfg[layout.C_LEVEL_CLOCK] = level_clock(structure, lv)
    return cfg


def record_config(cfg: np.ndarray, opts: RunOptions) -> None:
    """The recording's settings into ``cfg``: how many tournaments, hands, every how many."""
    cfg[layout.C_REC_TOURN] = opts.record_tournaments
    cfg[layout.C_REC_HANDS] = max(opts.record_hands, 0)
    cfg[layout.C_REC_STRIDE] = max(opts.record_stride, 1)


def rotation_table(levels: Sequence[Level], rotation: Rotation | None,
                   stud_rotation: Rotation | None, size: int) -> tuple[np.ndarray, int, int]:
    """The dealer's choice and dealer's choice stud rotations as game codes, one after the
    other, and the length of each: ``rotation`` / ``stud_rotation`` as given, else the
    levels' ``choices`` (:func:`structure_rotations`), else the defaults
    (:data:`DEFAULT_ROTATION`; the stud games of the sheets a table of ``size`` seats).

    >>> from pyeval.tournament.structure import load_structure
    >>> rot, nb, ns = rotation_table(load_structure("club_3000").levels, ("omaha",), None, 8)
    >>> [layout.GAME_NAMES[int(c)] for c in rot[:nb]], ns
    (['omaha'], 7)
    """
    given_b, given_s = structure_rotations(levels)
    rotation = rotation if rotation is not None else given_b
    stud_rotation = stud_rotation if stud_rotation is not None else given_s
    rot_b = expand_rotation(rotation if rotation is not None else DEFAULT_ROTATION)
    rot_s = (expand_rotation(stud_rotation) if stud_rotation is not None else
             tuple(g for g in DEFAULT_STUD_ROTATION if table_limit(g) >= size))
    for g in rot_b:
        if g not in BUTTON_GAMES:
            raise ValueError(f"dealer's choice rotates {', '.join(BUTTON_GAMES)}; not {g!r}")
    for g in rot_s:
        if g not in SHEET_STUD_GAMES:
            raise ValueError(f"dealer's choice stud rotates {', '.join(SHEET_STUD_GAMES)}; "
                             f"not {g!r}")
    if not rot_b or not rot_s:
        raise ValueError("a dealer's choice rotation lists at least one game")
    level_games = {level.game for level in levels}
    for choice, games in (("dealers_choice", rot_b), ("dealers_choice_stud", rot_s)):
        if choice in level_games:
            for g in games:
                if size > table_limit(g):
                    raise ValueError(f"{choice}: {g} seats at most {table_limit(g)} a table "
                                     f"in the simulator, not {size}; leave it out of the "
                                     f"rotation")
    rot = np.array([layout.GAME_CODES[g] for g in rot_b + rot_s], np.int64)
    return rot, len(rot_b), len(rot_s)


def build_spec(
    structure: TournamentStructure,
    players: int | None = None,
    clock: Clock | None = None,
    **options: Unpack[SpecOptions],
) -> SimSpec:
    """Convert a tournament-layer structure into a :class:`SimSpec`.

    ``players`` defaults to the structure's largest field. The options, by keyword
    (:class:`SpecOptions`, their defaults in :class:`RunOptions`): ``rebuy_chance``: chance that a
    busted player rebuys when the structure allows it; ``addon_chance``: chance each
    add-on offered is taken. ``record_*``: keep the action sequences of some hands (every
    ``record_stride``-th hand, at most ``record_hands`` per tournament, of the first
    ``record_tournaments`` tournaments) for replay through the rules model.
    ``rotation`` / ``stud_rotation``: the games Dealer's Choice and Dealer's Choice Stud
    deal, one a hand in turn, as a sequence or as weights (:func:`expand_rotation`); by
    default the ``choices`` the structure's dealer's choice levels give
    (:func:`structure_rotations`), else every hold'em game of the rule sheets, and every
    stud game of the sheets that the table seats (:func:`table_limit`).
    ``SimSpec.starting_stacks``: each player's stack by rank (the structure's
    ``starting_chips_for``). ``late_entries``: how many of the ``players`` entries register
    late (the structure's ``[late_registration]``; the last players; default: the count its
    ``entries`` states, else none), and
    ``re_entry_chance``: the chance a busted player re-enters while the structure's
    ``[re_entry]`` allows it (:mod:`pyeval.sim.kernel.entries`). ``max_hands``: the
    safety stop's hands (:func:`pyeval.sim.engine.inputs.hands_stop`).

    Example:
        >>> from pyeval.tournament.structure import load_structure
        >>> build_spec(load_structure("club_3000"), players=1)
        Traceback (most recent call last):
        ...
        ValueError: a tournament needs at least 2 players, got 1
    """
    opts = run_options(options)
    clock = clock or default_clock(structure)
    players = field_size(structure, players)
    # levels that name the smallest field they are for (the first sheet: "levels beyond
    # this only for 10+ players") are dropped for a smaller field; its last level goes on
    structure = structure.for_field(players)
    check_chips_in_play(structure, players)    # the kernel counts chips in int64
    size = seats_of(structure, players)
    lv = level_table(structure, size)
    cfg = config_row(structure, players, size, lv, opts)
    cfgf = np.zeros(layout.CFGF_COLS)
    # late and absent players: each entrant's arrival drawn in the kernel (sim.arrivals)
    late_config(structure.late_players, cfg, cfgf)
    record_config(cfg, opts)
    rot, cfg[layout.C_N_ROTATION], cfg[layout.C_N_ROT_STUD] = rotation_table(
        structure.levels, opts.rotation, opts.stud_rotation, size)
    cfgf[layout.F_MINUTES_PER_HAND:layout.F_MINUTES_PER_HAND + 16] = clock.minutes_per_hand(size)
    cfgf[layout.F_REBUY_P] = opts.rebuy_chance
    cfgf[layout.F_ADDON_P] = opts.addon_chance
    # late registration and re-entry (after the minutes per hand: a window in hands needs them)
    entry_config(structure, players, stated_late_entries(structure, players, opts.late_entries),
                 opts.re_entry_chance, lv, cfg, cfgf, size)
    if (lv[:, layout.LV_BET] == layout.B_FL).any() and (lv[:, layout.LV_SMALL_BET] <= 0).any():
        raise ValueError("a fixed-limit level needs its small and big bet")
    stacks = np.array([structure.starting_chips_for(r) for r in range(1, players + 1)], np.int64)
    # the safety stop: more hands where fixed-limit play at the last level needs them;
    # a field it could not end is refused here
    cfg[layout.C_MAX_HANDS] = hands_stop(structure.levels[-1].betting, int(lv[-1, layout.LV_BIG_BET]),
                                  int(stacks.sum()), players, opts.max_hands)
    return SimSpec(lv, cfg, cfgf, rot, players, size, int(cfg[layout.C_START]),
                   name=str(structure.name), structure=structure, clock=clock,
                   starting_stacks=stacks)


def default_clock(structure: TournamentStructure | None, pace: str | None = None) -> Clock:
    """The clock of ``pace``, else of the structure's ``[tables] pace``, else of
    :data:`pyeval.sim.engine.pace.DEFAULT_PACE` (``"dealer"``).

    Example:
        >>> default_clock(None).pace, default_clock(None, "online").pace
        ('dealer', 'online')
    """
    named = pace or (structure.tables.pace if structure is not None else None)
    return Clock(pace=named or DEFAULT_PACE)


def level_clock(structure: TournamentStructure, lv: np.ndarray) -> int:
    """How the kernel ends levels counted in hands (``cfg[C_LEVEL_CLOCK]``, layout's
    ``LEVEL_CLOCK_*``): when every level is counted in hands and the structure's
    ``[schedule]`` says ``hands_per = "table"`` (its default), each table runs its own level
    clock, re-aligned at the breaks (``align_at_breaks``, the first sheet); ``"tournament"``
    counts the hands dealt anywhere. A level that gives minutes (as well) plays its minutes,
    on one clock for every table (and a level in hands among levels in minutes is counted at
    the busiest table).

    With each table's own clock, a colour-up or an add-on is held at a break, where the
    tables meet again: one before a level that follows no break is refused.

    >>> from pyeval.tournament.structure import load_structure
    >>> level_clock(load_structure("club_3000"), np.zeros((1, layout.LV_COLS), np.int64))
    0
    """
    if (lv[:, layout.LV_MIN] > 0).any() or not (lv[:, layout.LV_HANDS] > 0).any():
        return layout.LEVEL_CLOCK_ONE
    schedule = structure.schedule
    if schedule.hands_per == "tournament":
        return layout.LEVEL_CLOCK_ALL_TABLES
    breaks = [i + 1 for i in range(lv.shape[0]) if lv[i, layout.LV_BREAK] > 0]
    if breaks and not schedule.align_at_breaks:
        raise ValueError("each table runs its own level clock, and the simulator re-aligns "
                         "the tables at the breaks (the first sheet); [schedule] "
                         "align_at_breaks = false is not simulated: set it true, or give "
                         "the levels minutes")
    held = [("a colour-up", cu.before_level) for cu in structure.chips.colour_ups]
    add_on = structure.add_on
    if add_on is not None:
        held.append(("the add-on", add_on.before_level))
    for what, before in held:
        if before - 1 not in breaks:
            raise ValueError(
                f"{what} before level {before}: with each table's own level clock it is held "
                f"at a break, where the tables re-align; level {before - 1} is followed by "
                f"none (breaks after levels {breaks or 'none'})")
    return layout.LEVEL_CLOCK_ALIGNED if breaks else layout.LEVEL_CLOCK_TABLE


def structure_rotations(levels: Sequence[Level]) -> tuple[dict[str, int] | None,
                                                         dict[str, int] | None]:
    """The dealer's choice and dealer's choice stud weights the structure's levels give
    (their ``choices``), ``None`` where no level gives them. The kernel plays one rotation
    of each for the whole event, so the levels of one choice must agree.

    >>> from pyeval.tournament.levels import Level
    >>> lv = Level(1, "dealers_choice", "pot_limit", small_blind=1, big_blind=2, hands=6,
    ...            choices=(("holdem", 3), ("omaha", 1)))
    >>> structure_rotations([lv])
    ({'holdem': 3, 'omaha': 1}, None)
    """
    found: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = {}
    for i, level in enumerate(levels):
        choices = tuple(level.choices)
        if level.game not in ("dealers_choice", "dealers_choice_stud"):
            continue
        first = found.setdefault(level.game, (i, choices))
        if first[1] != choices:
            raise ValueError(f"levels {first[0] + 1} and {i + 1}: the simulator deals one "
                             f"{level.game} rotation for the whole event; give every "
                             f"{level.game} level the same choices")
    out = [dict(found[g][1]) if g in found and found[g][1] else None
           for g in ("dealers_choice", "dealers_choice_stud")]
    return out[0], out[1]


def with_players(spec: SimSpec, players: int) -> SimSpec:
    """The same spec for another field size."""
    if spec.structure is None:
        raise ValueError("a spec made without a structure cannot be rebuilt for another field")
    return build_spec(spec.structure, players, spec.clock,
                      rebuy_chance=float(spec.cfgf[layout.F_REBUY_P]),
                      addon_chance=float(spec.cfgf[layout.F_ADDON_P]),
                      debug=bool(spec.cfg[layout.C_DEBUG]),
                      record_tournaments=int(spec.cfg[layout.C_REC_TOURN]),
                      record_hands=int(spec.cfg[layout.C_REC_HANDS]),
                      record_stride=int(spec.cfg[layout.C_REC_STRIDE]),
                      rotation=rotation_names(spec)[0], stud_rotation=rotation_names(spec)[1],
                      late_entries=min(int(spec.cfg[layout.C_LATE_ENTRIES]), max(players - 2, 0)),
                      re_entry_chance=(float(spec.cfgf[layout.F_REENTRY_P]) if spec.cfg[layout.C_REENTRY_UNTIL]
                                       else 1.0))


def rotation_names(spec: SimSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The dealer's choice and dealer's choice stud rotations of ``spec``, by key."""
    n = int(spec.cfg[layout.C_N_ROTATION])
    names = tuple(layout.GAME_NAMES[int(c)] for c in spec.rotation)
    return names[:n], names[n:n + int(spec.cfg[layout.C_N_ROT_STUD])]
