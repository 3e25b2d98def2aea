"""Monte Carlo over a spot: the deals laid out for the kernels (:mod:`._montecarlo`, and the
joint range table of :mod:`._rangemc`), run in rounds of chunks until the sample count, the
standard-error target or the time limit.

Each chunk of :data:`CHUNK` deals has its own random stream, so the answer depends on the
seed and never on the number of threads.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numpy as np

from pyeval.equity import _kernels as K
from pyeval.equity import _omahamc as OM
from pyeval.equity import _rangemc as RM
from pyeval.equity._dealing import alias_tables
from pyeval.equity._inputs import HoldemKnown, Ranges, Streams, hand_keys, make_deal, make_game
from pyeval.equity.cost import _EVAL_COST
from pyeval.equity.ranges import refuse_no_joint_deal
from pyeval.equity.result import Progress, TimeLimitError
from pyeval.equity.spot import Spot
from pyeval.equity.tally import _counts_to_stats, _Sums

#: Monte Carlo deals per chunk (each chunk has its own random stream)
CHUNK = 8192
#: a round of Monte Carlo (the stopping rules and the progress callback are looked at
#: between rounds) starts at 4 chunks and grows fourfold up to about this many seconds of
#: one core, by an estimate that depends only on the spot (so that where a run stops never
#: depends on the machine): few rounds, since each one waits for every thread
ROUND_SECONDS = 0.25
#: default standard-error target when neither samples nor std_err is given
DEFAULT_STD_ERR = 2e-4
#: with a time limit, a round deals what the last round's speed says fits in this share of
#: the time left, so the rounds near the limit shrink geometrically and a round dealt twice
#: as slowly as the one before (another process taking the core) still ends in time. 0.9
#: overran the limit by more than 10 % when two test workers shared the cores; each extra
#: round costs one kernel call (well under a millisecond)
TIME_MARGIN = 0.5
#: deals of the speed probe that runs before a time-limited Monte Carlo, on a stream of
#: its own (chunk index PROBE_STREAM, far beyond any real chunk)
PROBE_DEALS = 64
PROBE_STREAM = 1 << 60
#: range draws tried for one deal before giving up on ranges that (almost) never fit
MAX_ATTEMPTS = 10_000_000
#: default cap on Monte Carlo deals
DEFAULT_MAX_SAMPLES = 2_000_000_000
#: candidate pairs the joint range table looks at per second while it is built (measured:
#: 4M in 0.16 s), and the share of a time limit its building may take
JOINT_RATE, JOINT_SHARE = 25e6, 0.2
#: the share of a time limit the speed probe may take, and the deals it starts with
PROBE_SHARE, FIRST_PROBE = 0.25, 8
#: the fewest deals a time-limited run deals (they must fit in half the limit)
MIN_TIMED_DEALS = 16
#: the fewest deals a Monte Carlo run may be asked for: below this a standard error is
#: no estimate at all (one deal has none; ten, a share of 0 or 1 with "no" error)
MIN_SAMPLES = 100


def _round_cap(spot: Spot) -> int:
    """Chunks per Monte Carlo round at most: about ROUND_SECONDS of one core, by a rough
    cost per deal (dealing, then each player's evaluation), as a power of two in 16..4096.

    >>> from pyeval.equity.spot import make_spot
    >>> _round_cap(make_spot("holdem", ["AhKh", "QsQd"]))
    1024
    """
    g = spot.game
    unknown = sum(p.slots.count(None) for p in spot.players) + g.board - len(spot.board)
    per_deal = 10 + 2 * unknown + len(spot.players) * 3 * _EVAL_COST[g.kind]
    if g.split != "none":
        per_deal *= 1.5
    chunks = ROUND_SECONDS / (per_deal * 1e-9 * CHUNK)
    cap = 16
    while cap * 2 <= min(chunks, 4096):
        cap *= 2
    return cap


def _round_sizes(cap: int, split_first: bool) -> Iterator[int]:
    """Chunks per Monte Carlo round: 4, 16, 64, ... up to ``cap``. With a time limit the
    first round is split into 1 + 3 chunks, so that the speed is known after one chunk;
    the chunks and the rounds' ends (where the standard error is checked) stay those of a
    run without a limit, so a limit that does not bind changes no result.

    >>> import itertools
    >>> list(itertools.islice(_round_sizes(64, False), 5)), list(itertools.islice(_round_sizes(64, True), 4))
    ([4, 16, 64, 64, 64], [1, 3, 16, 64])
    """
    if split_first:
        yield 1
        yield 3
    else:
        yield 4
    r = 4
    while True:
        r = min(r * 4, cap)
        yield r


def _chunk_sizes(deals: int) -> np.ndarray:
    """``deals`` split into chunks of CHUNK deals, the last one shorter.

    >>> _chunk_sizes(2 * CHUNK + 5).tolist() == [CHUNK, CHUNK, 5]
    True
    """
    n_ch = -(-deals // CHUNK)
    nsamp = np.full(n_ch, CHUNK, dtype=np.int64)
    nsamp[-1] = deals - CHUNK * (n_ch - 1)
    return nsamp


def _deal_method(D: int, U: int, taken: int) -> int:
    """How to deal U cards from D when ``taken`` of them may be held by ranges:
    independent draws, all redrawn on a repeat, while that succeeds at least 70% of the
    time (a board from a nearly full deck); a partial shuffle otherwise (measured: the
    draws win at 5 cards from 48, the shuffle at 8 from 46)."""
    ok = 1.0
    for i in range(U):
        ok *= max(D - taken - i, 0) / D
    return K.DEAL_INDEP if ok >= 0.7 else K.DEAL_SHUFFLE


def _probe(run: Callable[..., Any], time_limit: float) -> float:
    """Deals per second of a time-limited run, measured on streams of their own (never
    counted) before the first chunk: single deals until :data:`FIRST_PROBE` came or
    :data:`PROBE_SHARE` of the limit passed, the range draws of a deal capped (from 1,000,
    four times more after each deal that did not come: the clock is looked at between
    them), then :data:`PROBE_DEALS` deals when they fit in the share left. Raises
    TimeLimitError when ranges fit together so rarely that :data:`MIN_TIMED_DEALS` deals
    would not fit in half the limit."""
    budget = PROBE_SHARE * time_limit
    t0 = time.perf_counter()
    cap, deals, stream, draws = 1000, 0, PROBE_STREAM, 0
    while deals < FIRST_PROBE and time.perf_counter() - t0 <= budget:
        _, att, failed = run(np.array([1], dtype=np.int64), stream, 1, min(cap, MAX_ATTEMPTS))
        stream += 1
        draws += int(att.sum())
        if failed.any():
            if cap >= MAX_ATTEMPTS:
                raise ValueError("the ranges almost never fit together (ten million tries "
                                 "without a deal): widen them or remove overlaps")
            cap *= 4
        else:
            deals += 1
    took = max(time.perf_counter() - t0, 1e-7)
    # (when ranges rarely clash, a deal's time is the kernel call's: nothing to refuse)
    if deals == 0 or (draws > 4 * deals
                      and took / deals * MIN_TIMED_DEALS > 0.5 * time_limit):
        raise TimeLimitError(
            f"the ranges fit together so rarely ({deals} deal{'s' * (deals != 1)} in "
            f"{draws:,} draws) that {MIN_TIMED_DEALS} deals do not fit in "
            f"time_limit={time_limit:g} s: give a longer time_limit, or narrower or less "
            f"overlapping ranges")
    if PROBE_DEALS * took / deals > budget - took:
        return deals / took
    t0 = time.perf_counter()
    _, _, failed = run(np.array([PROBE_DEALS], dtype=np.int64), stream, 1)
    if failed.any():
        raise ValueError("the ranges almost never fit together (ten million tries "
                         "without a deal): widen them or remove overlaps")
    return PROBE_DEALS / max(time.perf_counter() - t0, 1e-6)


def _joint_ranges(spot: Spot, rp: np.ndarray, r_off: np.ndarray, r_key: np.ndarray,
                  r_srm: np.ndarray, r_mask: np.ndarray, hk0: np.ndarray,
                  hs0: np.ndarray, max_work: int = RM.MAX_WORK) -> RM.RowTable | None:
    """Hold'em with every hole card known or from a range: the joint table of compatible
    choices (:class:`._rangemc.RowTable`), or None when it would be too large."""
    players = [i for i in range(len(rp)) if rp[i] >= 0]
    sl = [slice(int(r_off[rp[i]]), int(r_off[rp[i] + 1])) for i in players]
    ws = [spot.players[i].rng.weights for i in players]     # type: ignore[union-attr]
    t = RM.joint_table([r_mask[s] for s in sl], ws, max_work)
    if t is None:
        return None
    idx, w, acc = t
    refuse_no_joint_deal(len(w))
    T = len(w)
    tk = np.repeat(hk0[None, :].astype(np.uint64), T, axis=0)
    ts = np.repeat(hs0[None, :].astype(np.uint64), T, axis=0)
    tm = np.zeros(T, dtype=np.uint64)
    for col, (i, s) in enumerate(zip(players, sl)):
        j = idx[:, col] + s.start
        tk[:, i] += r_key[j]
        ts[:, i] |= r_srm[j]
        tm |= r_mask[j]
    weighted = not bool(np.all(w == w[0]))
    if weighted:
        keep, alias = RM.alias_u32(w)
    else:
        keep, alias = np.zeros(1, np.uint64), np.zeros(1, np.int64)
    return RM.RowTable(tk, ts, tm, keep, alias, weighted, acc)


class _RangeArrays(NamedTuple):
    """The players' ranges as the kernels take them: ``rp`` each player's range (-1: none),
    range ``i``'s combinations at rows ``off[i]..off[i+1]`` of ``cards``, ``masks``, and its
    alias tables (``prob``, ``alias``) for weighted draws."""

    rp: np.ndarray
    off: np.ndarray
    cards: np.ndarray
    prob: np.ndarray
    alias: np.ndarray
    masks: np.ndarray


def _range_arrays(spot: Spot) -> _RangeArrays:
    """The ranges of ``spot``'s players, concatenated (see :class:`_RangeArrays`)."""
    rp = np.full(len(spot.players), -1, dtype=np.int64)
    offs, rc, rprob, ralias, rmask = [0], [], [], [], []
    for i, p in enumerate(spot.players):
        if p.rng is not None:
            rp[i] = len(offs) - 1
            pr, al = alias_tables(p.rng.weights)
            rc.append(p.rng.cards)
            rprob.append(pr)
            ralias.append(al)
            rmask.append(p.rng.masks)
            offs.append(offs[-1] + len(p.rng))
    return _RangeArrays(
        rp, np.array(offs, dtype=np.int64),
        np.concatenate(rc).astype(np.uint8) if rc else np.zeros((0, 2), np.uint8),
        np.concatenate(rprob) if rprob else np.zeros(0),
        np.concatenate(ralias).astype(np.int64) if ralias else np.zeros(0, np.int64),
        np.concatenate(rmask).astype(np.uint64) if rmask else np.zeros(0, np.uint64))


def _run_mc(spot: Spot, seed: int, samples: int | None, std_err: float | None,
            time_limit: float | None, progress: Callable[[Progress], None] | None,
            t_start: float, threads: int) -> tuple[_Sums, str]:
    g = spot.game
    T = K.tables(omaha=g.kind == K.K_OMAHA)
    P, H, NB = len(spot.players), g.hole, g.board
    hole0 = np.full((P, H), K.NONE, dtype=np.uint8)
    rp, r_off, r_cards, r_prob, r_alias, r_mask = _range_arrays(spot)
    unk_t, unk_s = [], []
    for i, p in enumerate(spot.players):
        if p.rng is not None:
            continue
        for j, c in enumerate(p.slots):
            if c is None:
                unk_t.append(i)
                unk_s.append(j)
            else:
                hole0[i, j] = c
    board0 = np.full(NB, K.NONE, dtype=np.uint8)
    board0[:len(spot.board)] = spot.board
    for j in range(len(spot.board), NB):
        unk_t.append(P)
        unk_s.append(j)
    deck = np.array(spot.deck, dtype=np.uint8)
    unk_t_a = np.array(unk_t, dtype=np.int64)
    unk_s_a = np.array(unk_s, dtype=np.int64)
    down_mask = sum(1 << j for j in g.down)
    seed_u = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    # hold'em: keys of the known cards
    hk0, hs0 = hand_keys(T, hole0)
    bk0 = np.uint64(K.KEY_START + T.ckey[board0].sum(dtype=np.uint64))
    bs0 = np.uint64(np.bitwise_or.reduce(T.csrm[board0]) if NB else 0)
    method = _deal_method(len(deck), len(unk_t), 2 * int((rp >= 0).sum()))
    TA = T.addrs
    r_key, r_srm = hand_keys(T, r_cards)
    ranges = Ranges(rp, r_off, r_cards, r_key, r_srm, r_mask, r_prob, r_alias)
    deal = make_deal(deck, method, unk_t_a, unk_s_a)
    known = HoldemKnown(hk0, hs0, bk0, bs0)
    game = make_game(g.kind, g.split_code, P, H, NB, down_mask)

    target = samples if samples is not None else DEFAULT_MAX_SAMPLES
    if samples is None and std_err is None:
        std_err = DEFAULT_STD_ERR
    sums = _Sums(P)
    chunk_no = 0
    joint = None
    if g.kind == K.K_HOLDEM and (rp >= 0).any() and all(t == P for t in unk_t):
        # under a time limit, a table that takes longer than a share of it to build is
        # not built (the draws go by rejection instead: the same distribution)
        work = (RM.MAX_WORK if time_limit is None else
                int(min(RM.MAX_WORK, JOINT_SHARE * time_limit * JOINT_RATE)))
        joint = _joint_ranges(spot, rp, r_off, r_key, r_srm, r_mask, hk0, hs0, work)
        if joint is not None:
            sums.acceptance = joint.acceptance
            pools = RM.row_pools(deck, joint.masks)
    elif (g.kind == K.K_HOLDEM and 3 <= P <= RM.MAX_MASK_PLAYERS and len(unk_t) == 5
          and all(t == P for t in unk_t)):
        # three or more known hands, a whole board to deal: a joint table of one row, so
        # the deals are the range kernel's (the same random words as the general kernel's)
        joint = RM.RowTable(hk0[None, :].astype(np.uint64), hs0[None, :].astype(np.uint64),
                            np.zeros(1, np.uint64), np.zeros(1, np.uint64), np.zeros(1, np.int64),
                            False, 1.0)
        pools = RM.row_pools(deck, joint.masks)

    omaha_fixed = (g.kind == K.K_OMAHA and not (rp >= 0).any() and NB == 5
                   and all(t == P for t in unk_t)
                   and (P <= OM.MAX_HIGH_PLAYERS if g.split_code == K.SP_NONE
                        else g.split_code == K.SP_LOW8 and P <= OM.MAX_HILO_PLAYERS))
    holes = [hole0[i] for i in range(P)]
    board_known = board0[:len(spot.board)]

    def run(nsamp: np.ndarray, chunk0: int, run_threads: int,
            max_attempts: int = MAX_ATTEMPTS):
        if omaha_fixed:
            none = np.zeros(len(nsamp), dtype=np.int64)
            st = OM.omaha_mc(holes, g.split_code == K.SP_LOW8, board_known, deck, seed_u,
                             chunk0, nsamp, threads=run_threads)
            return st, none, none
        if joint is not None:
            cnt = RM.holdem_range_mc(joint, deck, pools, len(unk_t),
                                     bk0, bs0, seed_u, chunk0, nsamp, TA, threads=run_threads)
            none = np.zeros(len(nsamp), dtype=np.int64)
            return _counts_to_stats(cnt), none, none
        streams = Streams(seed_u, np.int64(chunk0), nsamp, max_attempts)
        if g.kind == K.K_HOLDEM:
            cnt, att, failed = K.holdem_mc(known, ranges, deal, streams, TA,
                                           threads=run_threads)
            return _counts_to_stats(cnt), att, failed
        return K.mc_chunks(game, hole0, board0, deal, streams, TA, threads=run_threads)

    rounds = _round_sizes(_round_cap(spot), time_limit is not None)
    rate = None                      # deals per second in the last round (time limits)
    if time_limit is not None:
        rate = _probe(run, time_limit)
    stopped = "samples"
    while True:
        left = target - int(sums.deals)
        if left <= 0:
            stopped = "samples"
            break
        nsamp = _chunk_sizes(min(next(rounds) * CHUNK, left))
        if time_limit is not None and rate is not None:
            # the limit binds when the round would not end in time: deal what fits
            remaining = t_start + time_limit - time.perf_counter()
            fit = int(rate * remaining * TIME_MARGIN)
            if fit < int(nsamp.sum()):
                if sums.deals == 0:                # the limit passed before any deal
                    fit = max(fit, min(int(nsamp.sum()), MIN_TIMED_DEALS))
                elif remaining < 0.02 * time_limit or fit < 1:
                    stopped = "time_limit"
                    break
                nsamp = _chunk_sizes(fit)
        n_ch = len(nsamp)
        t_round = time.perf_counter()
        # short rounds on one thread (see equity())
        st, att, failed = run(nsamp, chunk_no, 1 if n_ch <= 8 else threads)
        if failed.any():
            raise ValueError("the ranges almost never fit together (ten million tries "
                             "without a deal): widen them or remove overlaps")
        sums.add(st, nsamp, nsamp)
        sums.attempts += int(att.sum())
        chunk_no += n_ch
        rate = float(nsamp.sum()) / max(time.perf_counter() - t_round, 1e-6)
        se = float(sums.std_errs(False).max())
        if progress is not None:
            frac = sums.deals / target
            if std_err is not None and np.isfinite(se) and se > 0:
                frac = max(frac, min(1.0, sums.deals / (sums.deals * (se / std_err) ** 2)))
            progress(Progress(min(frac, 1.0), int(sums.deals), sums.equities(), se, False))
        if std_err is not None and sums.deals >= 2 * CHUNK and se <= std_err:
            stopped = "std_err"
            break
        if time_limit is not None and time.perf_counter() - t_start >= time_limit:
            stopped = "time_limit"
            break
    return sums, stopped
