"""The game registry's facts as one ``int64`` table by simulator code, for Numba code.

Numba compiles a module-level array into the machine code as a constant, so a kernel reads
``FACTS[code, column]`` at no cost and no game fact is written twice: every row is derived
from :data:`pyeval.games.REGISTRY` here (the tests tie each column to the registry).

Columns: ``FAMILY`` (0 hold'em, 1 stud, 2 draw); ``DEALT`` hole cards dealt, ``HOLE`` held at
the showdown; ``DISCARD_STREET`` (-1 none) and ``DISCARD`` (cards); ``MIN_HOLE``/``MAX_HOLE``
(-1: every hole card may be used); ``RESTRICTED`` (stud: the first this many down cards are
the limited "hole"; 0: none); ``SPLIT`` (0 high only, 1 8-or-better low, 2 Chicago);
``RAZZ``; ``DOWN_MASK`` (stud: bit ``i`` set when card ``i`` of a hand in dealing order, after
the discard, is a down card); ``STREETS``; ``BOARD`` community cards; ``LOW_OPENS``;
``MAX_PLAYERS``; and per street ``k`` (at most :data:`MAX_STREETS`): ``ST_DOWN + k``,
``ST_UP + k`` and ``ST_FLAGS + k`` (:data:`S_BURN`, :data:`S_BIG`, :data:`S_BRING`,
:data:`S_OPEN_PAIR`, :data:`S_DRAW` bits). A dealer's choice row holds only its family.

>>> from pyeval.games import lookup
>>> c = lookup("pineapple").code
>>> int(FACTS[c, DEALT]), int(FACTS[c, HOLE]), int(FACTS[c, DISCARD_STREET]), int(FACTS[c, MAX_HOLE])
(3, 2, 0, 2)
>>> b = lookup("buffalo").code
>>> int(FACTS[b, RESTRICTED]), bin(int(FACTS[b, DOWN_MASK])), int(FACTS[b, ST_FLAGS] & S_BRING)
(3, '0b1000111', 0)
>>> code_of("chicago") == lookup("chicago").code, int(FACTS[code_of("chicago"), SPLIT])
(True, 2)
"""
from __future__ import annotations

import numpy as np

from pyeval.games import (
    FAMILY_CODES,
    REGISTRY,
    SPLIT_CHICAGO,
    SPLIT_LOW8,
    SPLIT_NONE,
    Choice,
    Game,
    Registry,
)

FAMILY = 0
DEALT = 1
HOLE = 2
DISCARD_STREET = 3
DISCARD = 4
MIN_HOLE = 5
MAX_HOLE = 6
RESTRICTED = 7
SPLIT = 8
RAZZ = 9
DOWN_MASK = 10
STREETS = 11
BOARD = 12
LOW_OPENS = 13
MAX_PLAYERS = 14
MAX_STREETS = 5
ST_DOWN = 16
ST_UP = ST_DOWN + MAX_STREETS
ST_FLAGS = ST_UP + MAX_STREETS
COLS = ST_FLAGS + MAX_STREETS

S_BURN = 1
S_BIG = 2
S_BRING = 4
S_OPEN_PAIR = 8
S_DRAW = 16

#: one-way pots (high, or razz's low): the registry's SPLIT_NONE (the split and family
#: codes are the registry's, shared with the equity kernels)
SPLIT_HIGH = SPLIT_NONE
#: the FAMILY column's codes (the registry's): button games (hold'em, Omaha and their
#: variants), stud, draw
FAM_HOLDEM = FAMILY_CODES["holdem"]
FAM_STUD = FAMILY_CODES["stud"]
FAM_DRAW = FAMILY_CODES["draw"]


def _row(e: Game | Choice) -> np.ndarray:
    r = np.zeros(COLS, np.int64)
    r[FAMILY] = FAMILY_CODES[e.family]
    if isinstance(e, Choice):
        r[DISCARD_STREET] = -1
        r[MAX_HOLE] = -1
        return r
    if len(e.streets) > MAX_STREETS:
        raise ValueError(f"{e.name}: the simulator plays at most {MAX_STREETS} streets")
    r[DEALT] = e.dealt_hole_cards
    r[HOLE] = e.hole_cards
    ds = e.discard_street
    r[DISCARD_STREET] = -1 if ds is None else ds
    r[DISCARD] = e.discards
    r[MIN_HOLE] = e.min_hole
    r[MAX_HOLE] = -1 if e.max_hole is None else e.max_hole
    r[RESTRICTED] = e.restricted or 0
    second = e.parts[1] if e.hi_lo else ""
    r[SPLIT] = SPLIT_LOW8 if second == "low8" else (SPLIT_CHICAGO if second == "chicago" else
                                                    SPLIT_HIGH)
    r[RAZZ] = 1 if e.parts[0] == "razz" else 0
    r[DOWN_MASK] = sum(1 << i for i in e.down_positions)
    r[STREETS] = len(e.streets)
    r[BOARD] = e.board_cards
    r[LOW_OPENS] = 1 if e.low_opens else 0
    r[MAX_PLAYERS] = e.max_players
    for k, s in enumerate(e.streets):
        r[ST_DOWN + k] = s.down
        r[ST_UP + k] = s.up
        r[ST_FLAGS + k] = ((S_BURN if s.burn else 0) | (S_BIG if s.big_bet else 0)
                           | (S_BRING if s.bring_in else 0)
                           | (S_OPEN_PAIR if s.open_pair else 0) | (S_DRAW if s.draw else 0))
    return r


def facts_table(registry: Registry = REGISTRY) -> np.ndarray:
    """``int64[max code + 1, COLS]``: every entry's row at its code (unused codes: zeros).

    >>> facts_table().shape[1] == COLS
    True
    """
    n = max(e.code for e in registry) + 1
    out = np.zeros((n, COLS), np.int64)
    for e in registry:
        out[e.code] = _row(e)
    out.setflags(write=False)
    return out


FACTS = facts_table()
"""The registry's facts (see the module notes); read-only."""


def code_of(key: str) -> int:
    """The simulator code of a game named by key, name or alias."""
    return REGISTRY.lookup(key).code


def _needs_stud_rules(row: np.ndarray) -> bool:
    n0 = int(row[ST_DOWN] + row[ST_UP])
    discards = row[DISCARD] > 0 and row[DISCARD_STREET] == 0
    return bool(row[FAMILY] == FAM_STUD and (row[RESTRICTED] > 0 or row[SPLIT] == SPLIT_CHICAGO
                                             or n0 == 4 or discards))


#: per game code, True for the stud games that play the stud hand's rarer rules: a
#: restricted hole (Buffalo, Crocodile), Chicago's second part, a four-card first street and
#: its discard (Australian). The other stud games (5 and 7 card stud, hi/lo, razz) play in a
#: kernel compiled without that code (:data:`pyeval.sim.kernel.kernel_games.PLAIN_STUD`).
STUD_RULES = np.array([_needs_stud_rules(r) for r in FACTS], np.bool_)
STUD_RULES.setflags(write=False)


def needs_stud_rules(code: int) -> bool:
    """Whether the game of simulator code ``code`` plays the stud hand's rarer rules
    (:data:`STUD_RULES`).

    >>> needs_stud_rules(code_of("buffalo")), needs_stud_rules(code_of("seven_card_stud"))
    (True, False)
    """
    return bool(STUD_RULES[code])
