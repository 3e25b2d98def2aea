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

from pyeval._checks import check_count, check_positive, check_seconds, check_seed, check_threads
from pyeval.equity._dealing import alias_tables as _alias  # noqa: F401
from pyeval.equity.cost import (  # noqa: F401  (the names tests and callers import from here)
    _EVAL_COST,
    EXACT_AUTO_COST,
    EXACT_MAX_COST,
    MAX_LISTED,
    SMALL_JOB,
    WALK_STEP,
    _combo_count,
    _compatible_tuples,
    exact_cost,
    listed_holdings,
)
from pyeval.equity.exact_run import EXACT_TASKS, _player_combos, _run_exact, _suit_symmetry  # noqa: F401
from pyeval.equity.games import EquityGame
from pyeval.equity.mc_run import (  # noqa: F401
    CHUNK,
    DEFAULT_MAX_SAMPLES,
    DEFAULT_STD_ERR,
    MAX_ATTEMPTS,
    MIN_SAMPLES,
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
from pyeval.equity.result import EquityResult, Progress, TimeLimitError
from pyeval.equity.spot import FIT_BUDGET, HandLike, Player, Spot, make_spot  # noqa: F401
from pyeval.equity.tally import _build_result, _counts_to_stats, _deals_of_counts, _Sums  # noqa: F401

__all__ = ["CHUNK", "EXACT_AUTO_COST", "EXACT_MAX_COST", "Spot", "TimeLimitError", "equity",
           "make_spot"]


def _threads(threads: int | None) -> int:
    import numba
    top: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    if threads is None:
        return top
    return min(check_threads(threads), top)


#: with a time limit, exact enumeration is chosen only when its estimated cost is at most
#: this share of the limit (the estimate is a guard: the clock is also checked as it runs)
EXACT_TIME_SHARE = 0.25
#: under a shorter time limit exact enumeration is not chosen automatically: the range
#: engine's setup alone (listing the tuples) can take 50 ms where the estimate said 3 ms
EXACT_MIN_LIMIT = 0.1
#: an exact run chosen under a time limit gives up after this share of the limit, and Monte
#: Carlo answers in the time left
EXACT_GIVE_UP = 0.5


#: pricing a spot of overlapping ranges with the full budgets of its counting walks takes
#: up to about this many seconds (measured: six and ten players on wide ranges)
PRICE_SECONDS = 1.5
#: under a time limit, the walks get budgets for this share of it (fewer: Monte Carlo)
PRICE_SHARE = 0.1


def _options(samples: object, std_err: object, time_limit: object, seed: object,
             exact: object, progress: object) -> None:
    """Refuses option values of the wrong type or out of range, saying what is allowed."""
    if samples is not None:
        check_count(samples, "samples", MIN_SAMPLES, DEFAULT_MAX_SAMPLES)
    if std_err is not None:
        check_positive(std_err, "std_err", 0.5, "(a standard error of an equity)")
    if time_limit is not None:
        check_seconds(time_limit, "time_limit")
    check_seed(seed)
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be None (choose), True or False, not "
                        f"{type(exact).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function taking a Progress, not "
                        f"{type(progress).__name__}")


def _too_large(cost: float, spot: Spot) -> str:
    listed = listed_holdings(spot)
    if listed > MAX_LISTED:
        return (f"exact enumeration of this spot would list {listed:,.0f} holdings of the "
                f"unknown cards (at most {MAX_LISTED:,}); use Monte Carlo (exact=False or "
                f"None)")
    return (f"exact enumeration of this spot would take hours (about "
            f"{cost / 1e9 / 3600:.1f} core-hours); use Monte Carlo (exact=False or None)")


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
    default: standard error 0.0002). ``time_limit`` bounds the whole call, exact runs
    included: an exact run chosen automatically gives way to Monte Carlo when the clock
    runs past half the limit; a forced one (``exact=True``) raises :class:`TimeLimitError`.
    ``seed`` (0 to 2**64 - 1) fixes the deals: the same seed gives the same answer with any
    number of ``threads`` (default: all cores), unless a time limit cuts the run.
    ``samples`` is a whole number of deals, at least :data:`MIN_SAMPLES`. ``progress`` is
    called with a :class:`Progress` after each batch of work.

    >>> r = equity("omaha8", ["AsAh2s3h", "KcKdQcQd"])
    >>> f"{r.players[0].equity:.6f}", r.hi_lo
    ('0.678177', True)
    """
    t_start = time.perf_counter()
    _options(samples, std_err, time_limit, seed, exact, progress)   # every game's, ranges' too
    from pyeval.equity import omaha_equity as _oe  # Omaha ranges (issue 37)
    if _oe.takes_ranges(game, hands):
        return _oe.omaha_equity(game, hands, board, dead, exact=exact, samples=samples,
                                std_err=std_err, time_limit=time_limit, seed=seed,
                                threads=threads, progress=progress)
    limit = None if time_limit is None else float(time_limit)
    effort = 1.0 if limit is None else min(1.0, PRICE_SHARE * limit / PRICE_SECONDS)
    spot = make_spot(game, hands, board, dead,
                     fit_budget=max(1000, int(FIT_BUDGET * min(1.0, 10 * effort))))
    seed = int(seed)
    nthreads = _threads(threads)
    # the exact cost only where it decides something: pricing a range spot takes
    # milliseconds, a tenth of a 2M-deal Monte Carlo run on three ranges (issue 15)
    cost = exact_cost(spot, effort) if exact or (exact is None and samples is None) else 0.0
    if exact is None:
        # a sample count asks for Monte Carlo; a time limit, for no longer than it
        do_exact = (cost <= EXACT_AUTO_COST and samples is None
                    and (limit is None or (cost <= EXACT_TIME_SHARE * limit * 1e9
                                           and limit >= EXACT_MIN_LIMIT)))
    elif exact:
        if cost > EXACT_MAX_COST and effort >= 1.0:
            raise ValueError(_too_large(cost, spot))
        if limit is not None and cost > limit * 1e9:
            # (under a short limit the count of compatible range choices may have been cut
            # short: then the estimate is the product of the ranges' sizes, an upper bound)
            raise TimeLimitError(
                f"exact enumeration of this spot is estimated at {cost / 1e9:.2g} "
                f"core-seconds (counted within a tenth of the limit), more than "
                f"time_limit={limit:g} s; give a longer time_limit, or exact=None for "
                f"Monte Carlo within it")
        do_exact = True
    else:
        do_exact = False
    if do_exact:
        # a short job runs on one thread: on a busy machine, waiting for a second thread to
        # be scheduled costs more than the job (the answer is the same either way)
        give_up = None if limit is None else t_start + limit * (1.0 if exact else EXACT_GIVE_UP)
        got = _run_exact(spot, progress, 1 if cost < SMALL_JOB else nthreads, give_up)
        if got is not None:
            return _build_result(spot, got, True, None, nthreads,
                                 time.perf_counter() - t_start, "exact")
        if exact:
            raise TimeLimitError(
                f"exact enumeration did not finish within time_limit={limit:g} s (estimated "
                f"{cost / 1e9:.2g} core-seconds); give a longer time_limit, or exact=None "
                f"for Monte Carlo within it")
        # the clock ran out on the estimate: Monte Carlo answers in the time left
        left = max(t_start + limit - time.perf_counter(), 1e-3)  # type: ignore[operator]
        sums, stopped = _run_mc(spot, seed, samples, std_err, left, progress,
                                time.perf_counter(), nthreads)
    else:
        sums, stopped = _run_mc(spot, seed, samples, std_err, limit, progress, t_start,
                                nthreads)
    return _build_result(spot, sums, False, seed, nthreads, time.perf_counter() - t_start,
                         stopped)
