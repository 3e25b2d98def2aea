"""The simulator's options checked before any kernel runs: counts, seeds, probabilities
and the chips a field puts in play, each refused with a message that names the option and
what is allowed (a bool is not a count, a float is not a seed, nothing wraps in 64 bits).

Example:
    >>> sim_count(12, "players", 2, MAX_SIM_PLAYERS)
    12
    >>> sim_seed(2**64)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 18446744073709551615 (2**64 - 1), got 18446744073709551616
"""
from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from pyeval.tournament.limits import MAX_AMOUNT, MAX_ENTRANTS, UNLIMITED_REBUYS_COUNTED

#: The largest field the simulator plays: the largest a structure file may name.
MAX_SIM_PLAYERS = MAX_ENTRANTS
#: Tournaments times players of one call at most (the results keep a few numbers per
#: player and tournament: 2**31 of them is about 60 GB).
MAX_PLAYER_ROWS = 2**31
#: Seeds are 64-bit: 0 .. 2**64 - 1.
MAX_SEED = 2**64 - 1
#: Recorded hands of one call at most (each a row of the record, layout.REC_COLS int64s).
MAX_RECORDED = 10**7


def sim_count(v: Any, what: str, minimum: int, maximum: int) -> int:
    """``v`` as a whole number in ``minimum .. maximum``: ints and numpy integers; bools,
    floats and text refused (TypeError), a number outside the range refused (ValueError).

    >>> sim_count(True, "n", 1, 10)
    Traceback (most recent call last):
    ...
    TypeError: n must be a whole number (an int), got True (bool)
    """
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError(f"{what} must be a whole number (an int), got {v!r} ({type(v).__name__})")
    v = int(v)
    if not minimum <= v <= maximum:
        raise ValueError(f"{what} must be from {minimum:,} to {maximum:,}, got {v:,}")
    return v


def sim_seed(v: Any) -> int:
    """A seed: a whole number from 0 to 2**64 - 1 (a larger one would wrap onto another).

    >>> sim_seed(7)
    7
    """
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError(f"seed must be a whole number (an int), got {v!r} ({type(v).__name__})")
    if not 0 <= int(v) <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED} (2**64 - 1), got {int(v)}")
    return int(v)


def sim_chance(v: Any, what: str) -> float:
    """A probability: a real number from 0 to 1 (a bool, NaN or text refused).

    >>> sim_chance(0.5, "rebuy_chance")
    0.5
    """
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"{what} must be a probability from 0 to 1, got {v!r} ({type(v).__name__})")
    f = float(v)
    if not (math.isfinite(f) and 0.0 <= f <= 1.0):
        raise ValueError(f"{what} must be a probability from 0 to 1, got {v!r}")
    return f


def sim_flag(v: Any, what: str) -> bool:
    """A switch: True or False (numpy's bool too), nothing else.

    >>> sim_flag(False, "debug")
    False
    """
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{what} must be True or False, got {v!r} ({type(v).__name__})")
    return bool(v)


def chips_per_player(structure: Any) -> int:
    """The most chips one entrant can bring into play: the largest starting stack, every
    rebuy, re-entry and add-on the structure allows (unlimited ones counted
    :data:`~pyeval.tournament.limits.UNLIMITED_REBUYS_COUNTED` times), or the final stage's
    fresh stack if larger (the structure reader's count, for any field).

    >>> from pyeval.tournament.structure import load_structure
    >>> chips_per_player(load_structure("club_3000"))
    3000
    """
    def get(obj: Any, name: str, default: Any = None) -> Any:
        return getattr(obj, name, default) if obj is not None else default

    chips = get(structure, "chips")
    start = int(get(structure, "starting_chips", 0) or get(chips, "starting", 0) or 0)
    per = max((start,) + tuple(int(x) for x in get(structure, "starting_by_rank", ()) or ()))
    for name in ("rebuys", "re_entry"):
        extra = get(structure, name)
        if extra is not None:
            count = get(extra, "per_player") or UNLIMITED_REBUYS_COUNTED
            per += int(count) * int(get(extra, "chips", 0) or 0)
    add_on = get(structure, "add_on")
    if add_on is not None:
        per += int(get(add_on, "per_player", 1) or 1) * int(get(add_on, "chips", 0) or 0)
    final = get(structure, "final_stage")
    if final is not None:
        per = max(per, int(get(final, "starting_chips", 0) or 0))
    return per


def check_chips_in_play(structure: Any, players: int) -> None:
    """Refuse a field whose chips could pass :data:`~pyeval.tournament.limits.MAX_AMOUNT`
    (the kernel counts chips in int64: past it a total would wrap).

    >>> from pyeval.tournament.structure import load_structure
    >>> check_chips_in_play(load_structure("club_3000"), 10**12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 1,000,000,000,000 players with up to 3,000 chips each put ... at most 1,000,000,000,000,000 ...
    """
    per = chips_per_player(structure)
    if per * players > MAX_AMOUNT:
        raise ValueError(f"{players:,} players with up to {per:,} chips each put "
                         f"{per * players:,} chips in play; the simulator allows at most "
                         f"{MAX_AMOUNT:,} (fewer players or fewer chips)")


__all__ = ["MAX_PLAYER_ROWS", "MAX_RECORDED", "MAX_SEED", "MAX_SIM_PLAYERS", "check_chips_in_play",
           "chips_per_player", "sim_chance", "sim_count", "sim_flag", "sim_seed"]
