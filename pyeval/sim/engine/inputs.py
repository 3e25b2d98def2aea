"""The simulator's options checked before any kernel runs: counts, seeds, probabilities
and the chips a field puts in play, each refused with a message that names the option and
what is allowed (a bool is not a count, a float is not a seed, nothing wraps in 64 bits).

Example:
    >>> sim_count(12, "players", 2, MAX_SIM_PLAYERS)
    12
    >>> sim_seed(2**64)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an integer from 0 to 2**64 - 1 (18446744073709551615), not 18446744073709551616
"""
from __future__ import annotations

import math
from typing import Any

from pyeval._checks import MAX_SEED, check_chance, check_count, check_flag, check_seed
from pyeval.tournament.limits import MAX_AMOUNT, MAX_ENTRANTS, UNLIMITED_REBUYS_COUNTED

#: The largest field the simulator plays: the largest a structure file may name.
MAX_SIM_PLAYERS = MAX_ENTRANTS
#: Tournaments times players of one call at most (the results keep a few numbers per
#: player and tournament: 2**31 of them is about 60 GB).
MAX_PLAYER_ROWS = 2**31
#: Recorded hands of one call at most (each a row of the record, layout.REC_COLS int64s).
MAX_RECORDED = 10**7


def sim_count(v: Any, what: str, minimum: int, maximum: int) -> int:
    """``v`` as a whole number in ``minimum .. maximum``: ints and numpy integers; bools,
    floats and text refused (TypeError), a number outside the range refused (ValueError)
    (:func:`pyeval._checks.check_count`, the one check of counts).

    >>> sim_count(True, "n", 1, 10)
    Traceback (most recent call last):
    ...
    TypeError: n must be an integer from 1 to 10, not bool True
    """
    return check_count(v, what, minimum, maximum)


def sim_seed(v: Any) -> int:
    """A seed: a whole number from 0 to 2**64 - 1 (a larger one would wrap onto another)
    (:func:`pyeval._checks.check_seed`).

    >>> sim_seed(7)
    7
    """
    return check_seed(v)


def sim_chance(v: Any, what: str) -> float:
    """A probability: a real number from 0 to 1 (a bool, NaN or text refused)
    (:func:`pyeval._checks.check_chance`).

    >>> sim_chance(0.5, "rebuy_chance")
    0.5
    """
    return check_chance(v, what)


def sim_flag(v: Any, what: str) -> bool:
    """A switch: True or False (numpy's bool too), nothing else
    (:func:`pyeval._checks.check_flag`).

    >>> sim_flag(False, "debug")
    False
    """
    return check_flag(v, what)


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


#: The safety stop of one tournament: table-hands dealt at most before it is placed by
#: chips and flagged (``SimResult.errors`` 2), unless its structure needs more (below).
TABLE_HANDS_STOP = 2_000_000
#: Table-hands at most that a tournament may be estimated to need: past this the call is
#: refused (its stop, :data:`STOP_OVER_ESTIMATE` times the estimate, is then at most
#: 10,000,000 table-hands: under a minute of one core for the fixed-limit kernels).
MOST_ESTIMATED_HANDS = TABLE_HANDS_STOP
#: Fixed-limit play once the blinds stop rising (the structure's last level goes on) ends a
#: field in about this many table-hands per squared depth (chips in play over the last
#: level's big bet): stacks move by bets of a fixed size, a random walk. Measured median
#: 0.15-0.35 (limit hold'em and razz, 200-1,000 players; bench/RESULTS.md, issue 40).
HANDS_PER_SQUARED_DEPTH = 0.3
#: The stop of a run estimated to need many hands: this many times the estimate (the
#: slowest run measured took 2.6 times it).
STOP_OVER_ESTIMATE = 5


def hands_stop(last_betting: str, last_big_bet: int, chips: int, players: int,
               stop: int | None = None) -> int:
    """The safety stop (table-hands) of a field of ``players`` with ``chips`` in play
    whose last level is ``last_betting`` with a big bet of ``last_big_bet``: the default
    stop, or more where fixed-limit play at that depth needs it; a field that fixed-limit
    play at its last level could not end within :data:`MOST_ESTIMATED_HANDS` is refused.
    ``stop``: a stop given by the caller (then only the refusal applies).

    >>> hands_stop("fixed_limit", 3200, 1500 * 450, 450)
    2000000
    >>> hands_stop("fixed_limit", 3200, 1500 * 3000, 3000)
    2966308
    >>> hands_stop("fixed_limit", 3200, 1500 * 10_000, 10_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 10,000 players cannot be played to one winner: ... at most 5,508 players, ...
    """
    default = TABLE_HANDS_STOP if stop is None else stop
    if last_betting != "fixed_limit" or last_big_bet <= 0:
        return default
    depth = chips / last_big_bet
    need = HANDS_PER_SQUARED_DEPTH * depth * depth
    if need > MOST_ESTIMATED_HANDS:
        most_chips = last_big_bet * math.sqrt(MOST_ESTIMATED_HANDS / HANDS_PER_SQUARED_DEPTH)
        most = max(2, int(players * most_chips / chips))
        raise ValueError(
            f"{players:,} players cannot be played to one winner: their {chips:,} chips are "
            f"{depth:,.0f} big bets of the last level ({last_big_bet:,}, fixed limit, which "
            f"goes on once the levels end), and fixed-limit play that deep needs about "
            f"{need:,.0f} table-hands, past the simulator's {MOST_ESTIMATED_HANDS:,}; "
            f"simulate at most {most:,} players, or add levels with larger bets")
    if stop is not None:
        return stop
    return max(default, int(STOP_OVER_ESTIMATE * need))


__all__ = ["HANDS_PER_SQUARED_DEPTH", "MAX_PLAYER_ROWS", "MAX_RECORDED", "MAX_SEED",
           "MAX_SIM_PLAYERS", "MOST_ESTIMATED_HANDS", "STOP_OVER_ESTIMATE", "TABLE_HANDS_STOP",
           "check_chips_in_play", "chips_per_player", "hands_stop", "sim_chance", "sim_count",
           "sim_flag", "sim_seed"]
