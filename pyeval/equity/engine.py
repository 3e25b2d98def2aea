"""``equity()``: from hands, board and dead cards to each player's share of the pot.

A *spot* is what the caller knows: each player's hand (cards, cards with ``*`` for unknown
ones, or a range in two-card games), the board and the dead cards. Every deal consistent
with it is equally likely (weighted by range weights); overlapping ranges are dealt jointly,
so a combination that collides with another player's is never dealt, without bias.

Exact enumeration walks every such deal when that is cheap enough (or when forced with
``exact=True``); otherwise Monte Carlo samples deals until a standard-error target, a
sample count or a time limit is reached.

>>> r = equity("holdem", ["AcAd", "KhKs"])
>>> r.exact, r.samples, f"{r.players[0].equity:.6f}"
(True, 1712304, '0.812555')
>>> r = equity("omaha", ["AsAhKsKh", "9c8d7c6d"], samples=200_000, exact=False, seed=1)
>>> abs(r.players[0].equity - 0.600622) < 4 * r.players[0].std_err
True
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from pyeval.equity._dealing import alias_tables as _alias  # noqa: F401
from pyeval.equity.cost import (  # noqa: F401  (the names tests and callers import from here)
    _EVAL_COST,
    EXACT_AUTO_COST,
    EXACT_MAX_COST,
    SMALL_JOB,
    WALK_STEP,
    _combo_count,
    _compatible_tuples,
    exact_cost,
)
from pyeval.equity.exact_run import EXACT_TASKS, _player_combos, _run_exact, _suit_symmetry  # noqa: F401
from pyeval.equity.games import EquityGame
from pyeval.equity.mc_run import (  # noqa: F401
    CHUNK,
    DEFAULT_MAX_SAMPLES,
    DEFAULT_STD_ERR,
    MAX_ATTEMPTS,
    PROBE_DEALS,
    PROBE_STREAM,
    ROUND_SECONDS,
    TIME_MARGIN,
    _chunk_sizes,
    _deal_method,
    _joint_ranges,
    _round_cap,
    _round_sizes,
    _run_mc,
)
from pyeval.equity.result import EquityResult, Progress
from pyeval.equity.spot import HandLike, Player, Spot, make_spot  # noqa: F401
from pyeval.equity.tally import _build_result, _counts_to_stats, _deals_of_counts, _Sums  # noqa: F401

__all__ = ["CHUNK", "EXACT_AUTO_COST", "EXACT_MAX_COST", "Spot", "equity", "make_spot"]


def _threads(threads: int | None) -> int:
    import numba
    top: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    if threads is None:
        return top
    if not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"threads must be a positive integer, not {threads!r}")
    return int(min(threads, top))


def equity(game: str | EquityGame, hands: Sequence[HandLike], board: HandLike = "",
           dead: HandLike = "", *, exact: bool | None = None,
           samples: int | None = None, std_err: float | None = None,
           time_limit: float | None = None, seed: int = 0,
           threads: int | None = None,
           progress: Callable[[Progress], None] | None = None) -> EquityResult:
    """Each player's share of the pot.

    ``game``: a name or alias (``"holdem"``, ``"omaha"``, ``"omaha8"``, ``"stud"``,
    ``"razz"``, ``"chicago"``, ... see :data:`pyeval.equity.GAMES`). ``hands``: one entry per
    player, in seat order: cards (``"AhKh"``, ``["Ah", "Kh"]``, an array), cards with ``*``
    for unknown ones (``"AsAh**"``; stud hands are written in dealing order, down cards
    first, and cards not yet dealt may be left off), ``"random"``, or in two-card games a
    range (``"QQ+, AKs"``, see :mod:`pyeval.equity.ranges`). ``board``, ``dead``: known
    cards.

    ``exact``: None chooses exact enumeration when it is cheap (and no ``samples`` count is
    given, nor a ``time_limit`` shorter than its estimate), True forces it, False forces
    Monte Carlo. Monte Carlo stops at ``samples`` deals, when every player's standard error
    is at most ``std_err``, or after ``time_limit`` seconds, whichever comes first (by
    default: standard error 0.0002). ``seed`` fixes the deals: the same seed gives the same
    answer with any number of ``threads`` (default: all cores), unless a time limit cuts
    the run. ``progress`` is called with a :class:`Progress` after each batch of work.

    >>> r = equity("omaha8", ["AsAh2s3h", "KcKdQcQd"])
    >>> f"{r.players[0].equity:.6f}", r.hi_lo
    ('0.678177', True)
    """
    from pyeval.equity import omaha_equity as _oe  # Omaha ranges (issue 37)
    if _oe.takes_ranges(game, hands):
        return _oe.omaha_equity(game, hands, board, dead, exact=exact, samples=samples,
                                std_err=std_err, time_limit=time_limit, seed=seed,
                                threads=threads, progress=progress)
    t_start = time.perf_counter()
    spot = make_spot(game, hands, board, dead)
    if samples is not None and (not isinstance(samples, (int, np.integer)) or samples < 1):
        raise ValueError(f"samples must be a positive integer, not {samples!r}")
    if std_err is not None and not (std_err > 0):
        raise ValueError(f"std_err must be a positive number, not {std_err!r}")
    if time_limit is not None and not (time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    nthreads = _threads(threads)
    # the exact cost only where it decides something: pricing a range spot takes
    # milliseconds, a tenth of a 2M-deal Monte Carlo run on three ranges (issue 15)
    cost = exact_cost(spot) if exact or (exact is None and samples is None) else 0.0
    if exact is None:
        # a sample count asks for Monte Carlo; a time limit, for no longer than it
        do_exact = (cost <= EXACT_AUTO_COST and samples is None
                    and (time_limit is None or cost <= time_limit * 1e9))
    elif exact:
        if cost > EXACT_MAX_COST:
            raise ValueError(f"exact enumeration of this spot would take hours (about "
                             f"{cost / 1e9 / 3600:.1f} core-hours); use Monte Carlo "
                             f"(exact=False or None)")
        do_exact = True
    else:
        do_exact = False
    if do_exact:
        # a short job runs on one thread: on a busy machine, waiting for a second thread to
        # be scheduled costs more than the job (the answer is the same either way)
        sums = _run_exact(spot, progress, 1 if cost < SMALL_JOB else nthreads)
        stopped = "exact"
    else:
        sums, stopped = _run_mc(spot, int(seed), samples, std_err, time_limit, progress,
                                t_start, nthreads)
    return _build_result(spot, sums, do_exact, None if do_exact else int(seed), nthreads,
                         time.perf_counter() - t_start, stopped)
