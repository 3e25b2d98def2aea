"""Run the kernel: :func:`simulate` plays ``n`` tournaments of a structure.

Work is cut into chunks of tournaments; each chunk runs on every local core (one block of
tournaments per thread, in the kernel that releases the GIL), and chunks can also go to a
Dask cluster (:mod:`pyeval.sim.engine.distributed`).
Tournament ``i`` is seeded by ``(seed, i)`` alone, so the result is the same for any thread
count, chunk size or number of workers.

Example:
    >>> from pyeval.tournament.structure import load_structure
    >>> r = simulate(load_structure("club_3000"), n=20, seed=1, players=18)
    >>> r.n, bool((r.place.min(axis=1) == 1).all())
    (20, True)
"""
from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple

import numba
import numpy as np

from pyeval.cached_arrays import Table
from pyeval.jit import numba_ext as nx
from pyeval.jit.compile_once import compile_once
from pyeval.sim.engine._cache import fresh_cache_once
from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.compile_notice import compile_notice
from pyeval.sim.engine.inputs import MAX_PLAYER_ROWS, sim_count, sim_seed
from pyeval.sim.engine.results import SimResult
from pyeval.sim.engine.spec import SimSpec, build_spec, default_clock
from pyeval.sim.kernel import entries  # late registration and re-entry (the kernel's switch)
from pyeval.sim.kernel.extras import ALL_EXTRAS, uses_extras
from pyeval.sim.kernel.features import EVERY_STEP, Features, features, warmed
from pyeval.sim.kernel.hand import omaha_score
from pyeval.sim.kernel.kernel import run_serial
from pyeval.sim.kernel.kernel_games import kernel_games, widest
from pyeval.sim.kernel.layout import (
    C_N_MODELS,
    C_N_ROT_STUD,
    C_N_ROTATION,
    C_PLAYERS,
    C_REC_HANDS,
    C_REC_TOURN,
    C_SEATS,
    C_START,
    ERR_CHIPS,
    ERR_FAMILY,
    G_DC_STUD,
    G_DEALERS_CHOICE,
    LS_COLS,
    LV_GAME,
    PUSH_BEHIND,
    PUSH_DEPTH_STEPS,
    R_COLS,
    REC_COLS,
    REC_TOURN,
    RF_COLS,
)
from pyeval.sim.kernel.variants.facts import (
    DEALT,
    DISCARD,
    FACTS,
    FAM_DRAW,
    FAM_HOLDEM,
    FAM_STUD,
    FAMILY,
    needs_stud_rules,
)
from pyeval.sim.kernel.variants.hooks import NO_TABLE, is_variant
from pyeval.sim.kernel.work import Outs, Tables, make_work
from pyeval.sim.players.models import FieldLike, PlayerModel, resolve_field
from pyeval.sim.players.nash import model_tables
from pyeval.sim.players.policy import stud3_score


@dataclass(frozen=True)
class KernelInputs:
    """The read-only inputs of the kernel besides the spec (models and tables)."""

    mp: np.ndarray
    assign: np.ndarray
    mw: np.ndarray
    push_tab: np.ndarray
    open_tab: np.ndarray
    models: tuple[PlayerModel, ...]


@dataclass
class Chunk:
    """The raw outputs of the kernel for tournaments ``t0 .. t0 + n - 1``."""

    t0: int
    n: int
    res_i: np.ndarray
    res_f: np.ndarray
    elim_t: np.ndarray
    elim_h: np.ndarray
    place: np.ndarray
    shares: np.ndarray
    order: np.ndarray
    lstats: np.ndarray
    rec: np.ndarray


_OMAHA: np.ndarray | None = None


class SimulatorGapWarning(UserWarning):
    """A structure uses rules the simulator does not play yet (see
    :meth:`pyeval.tournament.structure.TournamentStructure.simulator_gaps`)."""


@numba.njit(cache=True)
def _omaha_histogram():
    h = np.zeros(100, np.int64)
    c = np.empty(4, np.uint8)
    for a in range(52):
        for b in range(a + 1, 52):
            for d in range(b + 1, 52):
                for e in range(d + 1, 52):
                    c[0] = a
                    c[1] = b
                    c[2] = d
                    c[3] = e
                    h[omaha_score(c)] += 1
    return h


def omaha_table() -> np.ndarray:
    """``[score, 0]``: share of Omaha hands scoring at least ``score``; ``[score, 1]``: the
    hold'em class whose top share is nearest (for all-in estimates)."""
    global _OMAHA
    fresh_cache_once()
    if _OMAHA is None:
        h = _omaha_histogram().astype(float)
        at_least = np.cumsum(h[::-1])[::-1] / h.sum()
        pf = _model_tables()
        cls = np.array([int(np.argmin(np.abs(pf.top - t))) for t in at_least], float)
        _OMAHA = np.stack([at_least, cls], axis=1)
    return _OMAHA


_STUD: np.ndarray | None = None


@numba.njit(cache=True)
def _stud_histogram():
    h = np.zeros((3, 100), np.int64)
    for a in range(52):
        for b in range(52):
            if b == a:
                continue
            for c in range(52):
                if c == a or c == b or b < a:
                    continue
                # two down (unordered) and one up card
                for kind in range(3):
                    h[kind, stud3_score(a, b, c, kind)] += 1
    return h


def _stud_counts() -> dict[str, np.ndarray]:
    return {"counts": _stud_histogram()}


#: the third-street score counts of :func:`stud_table`, shipped: [speed] compiling
#: _stud_histogram and stud3_score on their own was 0.6 s of a stud kernel's first run
STUD3_COUNTS = Table("stud3_counts_v1", _stud_counts, {"counts": (3, 100)})


def stud_table() -> np.ndarray:
    """``[kind, score]``: share of third-street hands (two down, one up) scoring at least
    ``score`` (kind 0 stud, 1 razz, 2 stud hi/lo)."""
    global _STUD
    fresh_cache_once()
    if _STUD is None:
        h = STUD3_COUNTS.load()["counts"].astype(float)
        _STUD = np.cumsum(h[:, ::-1], axis=1)[:, ::-1] / h.sum(axis=1, keepdims=True)
    return _STUD


_VTAB: np.ndarray | None = None


def variant_table(spec: SimSpec) -> np.ndarray:
    """The variants' strength table (:meth:`pyeval.sim.kernel.variants.strength.VariantTables.
    kernel_table`) when a level of ``spec`` deals a game that reads it, else a stand-in
    (computing the table the first time takes seconds; it is cached on disk)."""
    if not any(_reads_variant_table(g) for g in dealt_games(spec)):
        return NO_TABLE
    global _VTAB
    if _VTAB is None:
        from pyeval.sim.kernel.variants.strength import variant_tables
        _VTAB = variant_tables().kernel_table()
    return _VTAB


def _reads_variant_table(code: int) -> bool:
    f = FACTS[code]
    return bool((f[FAMILY] == FAM_HOLDEM and (f[DEALT] == 3 or f[DISCARD] > 0))
                or f[FAMILY] == FAM_DRAW or (f[FAMILY] == FAM_STUD and f[DEALT] == 5))


_EVAL: tuple | None = None


def _eval_tables() -> tuple:
    """The C evaluator's tables for the kernel's inline lookups (views, made once)."""
    global _EVAL
    if _EVAL is None:
        t = nx.tables()
        _EVAL = (t.card_key, t.disp, t.high, t.flush, np.uint32(t.mult), t.row_bits,
                 t.slot_bits)
    return _EVAL


_PF: Any = None


def _model_tables() -> Any:
    """:func:`pyeval.sim.players.nash.model_tables`, computed once per process: it recomputes the
    pre-flop tables from the cached equities on every call (37 ms, measured: more than the
    kernel's own time for a chunk of 16 tournaments of 60 players, so ``simulate`` of 40
    such tournaments ran at about half the kernel's speed)."""
    global _PF
    if _PF is None:
        _PF = model_tables()
    return _PF


_POOL: ThreadPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(threads: int) -> ThreadPoolExecutor:
    """A pool of at least ``threads`` threads, kept for the next chunks."""
    global _POOL, _POOL_SIZE
    if _POOL is None or threads > _POOL_SIZE:
        if _POOL is not None:
            _POOL.shutdown(wait=False)
        _POOL = ThreadPoolExecutor(threads, thread_name_prefix="pyeval-sim")
        _POOL_SIZE = threads
    return _POOL


_PUSH: dict[PlayerModel, np.ndarray] = {}


def _push_table(model: PlayerModel) -> np.ndarray:
    """``model.push_table()``, kept per model (a frozen dataclass) for the next call: it
    reads the equilibrium's shove shares, about 3 ms a model, a tenth of a ``simulate`` of
    40 tournaments of 60 players (measured)."""
    try:
        got = _PUSH.get(model)
    except TypeError:            # a model with an unhashable field: computed each time
        return model.push_table()
    if got is None:
        got = _PUSH[model] = model.push_table()
    return got


def kernel_inputs(field: FieldLike, players: int) -> KernelInputs:
    """Model rows and tables for a field of ``players`` entrants."""
    fresh_cache_once()      # the models' tables are computed by kernels too
    models, assign, mw = resolve_field(field, players)
    mp = np.stack([m.row() for m in models])
    push = np.stack([_push_table(m) for m in models])
    opn = np.stack([m.open_table() for m in models])
    assert push.shape[1:] == (PUSH_BEHIND, PUSH_DEPTH_STEPS)
    return KernelInputs(mp, assign, mw, push, opn, tuple(models))


def dealt_games(spec: SimSpec) -> set[int]:
    """The game codes (``layout.G_*``) a level of ``spec`` deals, itself or in a dealer's
    choice rotation.

    >>> from pyeval.sim.engine.spec import build_spec
    >>> from pyeval.tournament.structure import load_structure
    >>> sorted(dealt_games(build_spec(load_structure("club_3000"), 30)))
    [0]
    """
    games = set(int(g) for g in spec.levels[:, LV_GAME])
    n_rot = int(spec.cfg[C_N_ROTATION])
    if G_DEALERS_CHOICE in games:
        games |= set(int(g) for g in spec.rotation[:n_rot])
    if G_DC_STUD in games:
        games |= set(int(g) for g in spec.rotation[n_rot:n_rot + int(spec.cfg[C_N_ROT_STUD])])
    return games - {G_DEALERS_CHOICE, G_DC_STUD}


def deals_stud(spec: SimSpec) -> bool:
    """Whether a level of ``spec`` deals a game of the stud-and-draw family (itself or in a
    dealer's choice rotation): only then are the stud models' tables made (and a stud or
    draw hand compiled into the kernel: :func:`kernel_marker`).

    >>> from pyeval.sim.engine.spec import build_spec
    >>> from pyeval.tournament.structure import load_structure
    >>> deals_stud(build_spec(load_structure("club_3000"), 30))
    False
    """
    # [variants] every stud game and the draw: the kernel's stud-and-draw family
    return any(FACTS[g, FAMILY] != 0 for g in dealt_games(spec))


def deals_variant(spec: SimSpec) -> bool:
    """Whether a level of ``spec`` deals one of the rule sheets' button variants (Irish,
    Super Eight, Tahoe, the Pineapples; itself or in a rotation): only then are their hooks
    compiled and run.

    >>> from pyeval.sim.engine.spec import build_spec
    >>> from pyeval.tournament.structure import load_structure
    >>> deals_variant(build_spec(load_structure("club_3000"), 30))
    False
    """
    return any(is_variant(g) for g in dealt_games(spec))


def kernel_marker(spec: SimSpec) -> Any:
    """The marker of the kernel that plays ``spec`` (:mod:`pyeval.sim.kernel.kernel_games`): the
    families its levels deal.

    >>> from pyeval.sim.engine.spec import build_spec
    >>> from pyeval.tournament.structure import load_structure
    >>> kernel_marker(build_spec(load_structure("club_3000"), 30)) is None
    True
    >>> type(kernel_marker(build_spec(load_structure("hands_100k_stud"), 10))).__name__
    'uint8'
    """
    dealt = dealt_games(spec)
    fams = {int(FACTS[g, FAMILY]) for g in dealt}
    # [speed] 7 card stud and its kin take the plain stud kernel (without the rarer rules
    # of needs_stud_rules): bench/RESULTS.md, "The plain stud kernel"
    return kernel_games(button=0 in fams, variants=deals_variant(spec), stud=1 in fams,
                        draw=2 in fams, stud_rules=any(needs_stud_rules(g) for g in dealt))


def deals_omaha(spec: SimSpec) -> bool:
    """Whether a level of ``spec`` deals a button game that the kernel scores with the Omaha
    starting-hand table: more than two hole cards and not one of the variants' hooks."""
    return any(FACTS[g, FAMILY] == FAM_HOLDEM and FACTS[g, DEALT] > 2 and not is_variant(g)
               for g in dealt_games(spec))


def deals_big_omaha(spec: SimSpec) -> bool:
    """Whether a level of ``spec`` deals 5- or 6-card Omaha (high or hi/lo; itself or in a
    rotation): the kernel then reads their columns of the Omaha table."""
    return any(FACTS[g, FAMILY] == FAM_HOLDEM and FACTS[g, DEALT] > 4 for g in dealt_games(spec))


def omaha_kernel_table(spec: SimSpec) -> np.ndarray:
    """The Omaha table the kernel reads for ``spec``: 4-card Omaha's (:func:`omaha_table`),
    with the columns of 5- and 6-card Omaha after it
    (:func:`pyeval.sim.kernel.variants.omaha.kernel_table`) when a level deals one of those, or a
    stand-in when no level deals Omaha."""
    if deals_big_omaha(spec):
        from pyeval.sim.kernel.variants.omaha import kernel_table
        return kernel_table(omaha_table())
    return omaha_table() if deals_omaha(spec) else _NO_TABLE


#: the stand-in for a table the dealt games never read (the kernel's argument types stay)
_NO_TABLE = np.zeros((1, 1))


def _starts(spec: SimSpec) -> np.ndarray:
    """Each player's starting stack (``int64[players]``): the structure's chips by rank
    (``spec.starting_stacks``), else everyone ``cfg[C_START]``."""
    P = int(spec.cfg[C_PLAYERS])
    st = spec.starting_stacks
    if st.shape == (P,):
        return np.ascontiguousarray(st, dtype=np.int64)
    return np.full(P, int(spec.cfg[C_START]), np.int64)


#: :func:`_layout_key` of the argument tuples this process already had compiled or loaded
_COMPILED: set[tuple] = set()


def _layout_key(x: Any) -> Any:
    """What Numba's type of ``x`` depends on, read cheaply: an array's dtype, dimensions and
    flags, a tuple's parts, a scalar's Python type, ``None`` or a bool as itself. Numba's
    own ``typeof`` of the kernel's 30 arguments took about 1 ms a chunk, a tenth of the
    kernel's time for a chunk of 16 small tournaments (measured); with this key
    :func:`~pyeval.jit.compile_once.compile_once` runs once per layout and process.

    >>> _layout_key((np.zeros(3), None)) == _layout_key((np.ones(3), None))
    True
    >>> _layout_key(np.zeros(3)) == _layout_key(np.zeros((3, 1)))
    False
    """
    if isinstance(x, np.ndarray):
        f = x.flags
        return (x.dtype.str, x.ndim, f.c_contiguous, f.f_contiguous, f.writeable, f.aligned)
    if isinstance(x, tuple):
        return tuple(_layout_key(v) for v in x)
    if x is None or isinstance(x, bool):
        return x
    return type(x)


def _outs(out: Chunk, lo: int, hi: int, rh: int) -> Outs:
    """The kernel's outputs (:class:`pyeval.sim.kernel.work.Outs`): views of rows ``lo .. hi - 1``
    of the chunk's arrays (``rh`` recorded hands per tournament)."""
    return Outs(out.res_i[lo:hi], out.res_f[lo:hi], out.elim_t[lo:hi], out.elim_h[lo:hi],
                out.place[lo:hi], out.shares[lo:hi], out.order[lo:hi], out.lstats[lo:hi],
                out.rec[lo * rh:hi * rh])


class Prepared(NamedTuple):
    """What :func:`run_chunk` gives the kernel besides the chunk's own rows."""

    #: the structure's and the field's arrays (:class:`~pyeval.sim.kernel.work.Tables`)
    tables: Tables
    #: the evaluators' tables (:func:`_eval_tables`)
    ev: tuple
    #: the kernel's games marker (:func:`kernel_marker`)
    games: Any
    #: the kernel's switches of the rarer steps (:class:`~pyeval.sim.kernel.features.Features`)
    feat: Features
    #: the kernel for this layout is known to be compiled or loaded in this process
    checked: bool


#: the last ``(spec, inputs, prepared)`` of :func:`_prepared` (one tuple, replaced whole:
#: threads and Dask tasks read it safely)
_LAST: tuple = ()


def _prepared(spec: SimSpec, inputs: KernelInputs) -> Prepared:
    """What :func:`run_chunk` gives the kernel besides the chunk's own rows, built once per
    ``(spec, inputs)`` while a simulation plays its chunks one after another, ``checked``
    once the kernel for their layout is known to be compiled or loaded in this process.
    [speed] Built for every chunk, with the layout check, they cost about 1 ms a chunk of
    Python: 6-10 % of a ``simulate()`` of 5- and 6-card Omaha in its chunks of 16
    tournaments (bench/RESULTS.md)."""
    last = _LAST
    if last and last[0] is spec and last[1] is inputs:
        return last[2]
    pf = _model_tables()
    cfg = spec.cfg.copy()
    cfg[C_N_MODELS] = inputs.mp.shape[0]
    tables = Tables(spec.levels, cfg, spec.cfgf, inputs.mp, inputs.assign, _starts(spec),
                    inputs.mw, inputs.push_tab, inputs.open_tab, pf.class_of, pf.top,
                    pf.eq_vs_top, omaha_kernel_table(spec),
                    stud_table() if deals_stud(spec) else _NO_TABLE, variant_table(spec),
                    spec.rotation)
    # the kernel's families (pyeval.sim.kernel.kernel_games): a hold'em or Omaha kernel compiles
    # faster without the stud and draw hands and the variants' hooks, a stud or draw kernel
    # without the button hand and the other family's hand
    # [speed] a structure that deals button variants but no stud or draw game gets the hooks
    # without the stud family: the stud and draw hands inlined into play_tournament slowed
    # the button variants' hands of the same kernel to 0.74-0.81 of main's (bench/RESULTS.md)
    games = kernel_marker(spec)
    # late players, add-ons and two stages likewise (pyeval.sim.kernel.extras), in every family's
    # kernel: only a structure that uses each (or late registration: all three) compiles it
    # [speed] a stud or draw structure without them compiles about 2.5 s of CPU less
    # (bench/RESULTS.md, "The first simulation of each family under 30 s")
    # and colour-ups, the sheets' seating draws and the level clocks (pyeval.sim.kernel.features);
    # after a warm-up, the kernels it compiled: every step, and a mix of families in the
    # kernel of every game
    feat = features(spec.cfg, spec.levels,
                    extras=ALL_EXTRAS if entries.uses_entries(spec.cfg)
                    else uses_extras(spec.cfg, spec.levels))
    if warmed():
        feat = EVERY_STEP
        games = widest(games)
    return _remember(spec, inputs, Prepared(tables, _eval_tables(), games, feat, False))


def _remember(spec: SimSpec, inputs: KernelInputs, prepared: Prepared) -> Prepared:
    global _LAST
    _LAST = (spec, inputs, prepared)
    return prepared


def run_chunk(spec: SimSpec, inputs: KernelInputs, seed: int, t0: int, n: int,
              parallel: bool = True) -> Chunk:
    """Play tournaments ``t0 .. t0 + n - 1`` (on every local core when ``parallel``)."""
    P = int(spec.cfg[C_PLAYERS])
    L = spec.level_count
    n_rec_t = max(0, min(int(spec.cfg[C_REC_TOURN]), t0 + n) - t0)
    rec = np.full((n_rec_t * int(spec.cfg[C_REC_HANDS]), REC_COLS), -1, np.int64)
    out = Chunk(
        t0, n,
        np.zeros((n, R_COLS), np.int64), np.zeros((n, RF_COLS)),
        np.zeros((n, P)), np.zeros((n, P), np.int64),
        np.zeros((n, P), np.int32), np.zeros((n, P), np.int32),
        np.full((n, P), -1, np.int32), np.zeros((n, L, LS_COLS)), rec,
    )
    if n == 0:
        return out
    fresh_cache_once()      # before the first kernel of this process is loaded
    prepared = _prepared(spec, inputs)
    tables, ev, games, feat, checked = prepared
    rh = int(spec.cfg[C_REC_HANDS])
    seed_ = np.uint64(sim_seed(seed))
    if not checked:
        # a cold cache is compiled by one process of the machine while the others wait for
        # it (test workers, Dask workers, a CLI run beside a notebook: 30-60 s of CPU each)
        args = (np.int64(t0), np.int64(n), seed_, tables, ev, _outs(out, 0, n, rh), games,
                entries.entry_work(spec),       # [entries] None, or the steps' arrays
                make_work(P, int(spec.cfg[C_SEATS])), feat)
        key = _layout_key(args)
        if key not in _COMPILED:
            compile_once(run_serial, args)
            _COMPILED.add(key)
        _remember(spec, inputs, prepared._replace(checked=True))   # later chunks skip the check

    def block(lo: int, hi: int) -> None:
        # tournaments t0 + lo .. t0 + hi - 1 into rows lo .. hi - 1 (views: the kernel's
        # row k is the view's row k - lo; recorded hands likewise)
        run_serial(np.int64(t0 + lo), np.int64(hi - lo), seed_, tables, ev,
                   _outs(out, lo, hi, rh), games,
                   entries.entry_work(spec),      # [entries] each block its own arrays
                   make_work(P, int(spec.cfg[C_SEATS])), feat)     # and its own working arrays

    # one block of consecutive tournaments per thread; the serial kernel releases the GIL
    # (a prange kernel would compile two more levels of the whole kernel)
    nblk = min(n, max(numba.get_num_threads() if parallel else 1, 1))
    bounds = [((n * b) // nblk, (n * (b + 1)) // nblk) for b in range(nblk)]
    futures = [_pool(nblk).submit(block, lo, hi) for lo, hi in bounds[1:]]
    block(*bounds[0])
    for f in futures:
        f.result()
    return out


def merge_chunks(chunks: list[Chunk]) -> Chunk:
    """Chunks in tournament order, concatenated (they must be contiguous)."""
    chunks = sorted(chunks, key=lambda c: c.t0)
    for a, b in zip(chunks, chunks[1:]):
        if a.t0 + a.n != b.t0:
            raise ValueError(f"chunks are not contiguous: {a.t0}+{a.n} then {b.t0}")
    cat = np.concatenate
    return Chunk(
        chunks[0].t0, sum(c.n for c in chunks),
        cat([c.res_i for c in chunks]), cat([c.res_f for c in chunks]),
        cat([c.elim_t for c in chunks]), cat([c.elim_h for c in chunks]),
        cat([c.place for c in chunks]), cat([c.shares for c in chunks]),
        cat([c.order for c in chunks]), cat([c.lstats for c in chunks]),
        cat([c.rec for c in chunks]),
    )


def chunk_bounds(n: int, chunk: int) -> list[tuple[int, int]]:
    """``(t0, size)`` of consecutive chunks covering ``0 .. n - 1``.

    Example:
        >>> chunk_bounds(10, 4)
        [(0, 4), (4, 4), (8, 2)]
    """
    if chunk < 1:
        raise ValueError(f"chunk size must be at least 1, got {chunk}")
    return [(t0, min(chunk, n - t0)) for t0 in range(0, n, chunk)]


def simulate(
    structure: Any,
    n: int = 1000,
    seed: int = 0,
    *,
    players: int | None = None,
    field: FieldLike = "balanced",
    clock: Clock | None = None,
    pace: str | None = None,
    threads: int | None = None,
    chunk: int | None = None,
    progress: bool | Callable[[int], None] = False,
    scheduler: Any = None,
    debug: bool = False,
    record_tournaments: int = 0,
    record_hands: int = 0,
    record_stride: int = 1,
    rebuy_chance: float = 1.0,
    addon_chance: float = 1.0,
    spec: SimSpec | None = None,
    late_entries: int | None = None,
) -> SimResult:
    """Play ``n`` tournaments of ``structure`` and collect the results.

    ``structure``: a tournament-layer structure (or a path / example name, loaded with
    :func:`pyeval.tournament.structure.load_structure`). ``field``: the player models (a
    preset name, a :class:`~pyeval.sim.players.models.PlayerModel`, ``{model: weight}`` or one model
    per entrant). ``clock``: hands per hour (:class:`~pyeval.sim.engine.clock.Clock`); ``pace``: a
    pace preset instead (``"dealer"``, ``"players"``, ``"online"``: :mod:`pyeval.sim.engine.pace`);
    neither: the structure's ``[tables] pace``, else ``"dealer"``. ``threads``:
    local cores (default all). ``progress``: a tqdm bar (``True``) or a callback given the
    tournaments just done. ``scheduler``: a Dask ``Client`` or scheduler address to spread
    the chunks over a cluster. ``debug``: check the chip total after every hand (a broken
    total raises). ``late_entries``: how many of the entrants register late (default: the
    count the structure's ``[late_registration]`` states). Same ``seed``, same results,
    whatever the threads or workers.

    Example:
        >>> from pyeval.tournament.structure import load_structure
        >>> a = simulate(load_structure("club_3000"), n=8, seed=3, players=12, threads=1)
        >>> b = simulate(load_structure("club_3000"), n=8, seed=3, players=12, threads=2)
        >>> bool((a.duration == b.duration).all())
        True
    """
    fresh_cache_once()      # before the first kernel of this process is loaded
    if isinstance(structure, (str, os.PathLike)):
        from pyeval.tournament.structure import load_structure
        structure = load_structure(structure)
    n = sim_count(n, "n (tournaments)", 1, MAX_PLAYER_ROWS)
    seed = sim_seed(seed)
    if threads is not None:
        threads = sim_count(threads, "threads", 1, int(numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    if chunk is not None:
        chunk = sim_count(chunk, "chunk", 1, MAX_PLAYER_ROWS)
    gaps: list[str] = getattr(structure, "simulator_gaps", lambda: [])()
    if gaps:   # said before the work, so a director knows what the figures leave out
        warnings.warn(f"{getattr(structure, 'name', 'this structure')}: not yet simulated as written: "
                      f"{'; '.join(gaps)}", SimulatorGapWarning,
                      stacklevel=2)
    if clock is not None and pace is not None:
        raise ValueError("give clock= or pace=, not both (Clock(pace=..., hands_per_hour=...) "
                         "scales a preset)")
    if spec is None:
        if clock is None:
            clock = default_clock(structure, pace)
        spec = build_spec(structure, players, clock, debug=debug,
                          record_tournaments=record_tournaments, record_hands=record_hands,
                          record_stride=record_stride, rebuy_chance=rebuy_chance,
                          addon_chance=addon_chance, late_entries=late_entries)
    if n * spec.players > MAX_PLAYER_ROWS:
        raise ValueError(f"{n:,} tournaments of {spec.players:,} players keep {n * spec.players:,} "
                         f"results per player; at most {MAX_PLAYER_ROWS:,} in one call (fewer "
                         "tournaments a call)")
    with compile_notice():
        merged, inputs = _run(spec, field, n, seed, threads=threads, chunk=chunk,
                              progress=progress, scheduler=scheduler)
    result = SimResult.from_chunk(merged, spec, inputs.models, seed)
    if (result.errors == ERR_FAMILY).any():     # a hand of a family the kernel was compiled without
        bad = int(np.flatnonzero(result.errors == ERR_FAMILY)[0])
        raise RuntimeError(f"tournament {bad}: a hand was dealt of a game family the kernel "
                           "was compiled without (a pyeval bug: please report it with the "
                           "structure)")
    if debug and (result.errors == ERR_CHIPS).any():
        bad = int(np.flatnonzero(result.errors == ERR_CHIPS)[0])
        raise AssertionError(f"tournament {bad}: the chip total changed during a hand")
    return result


def _run(spec: SimSpec, field: FieldLike, n: int, seed: int, *, threads: int | None,
         chunk: int | None, progress: bool | Callable[[int], None],
         scheduler: Any) -> tuple[Chunk, KernelInputs]:
    """The chunks of :func:`simulate`, on local cores or a Dask cluster, merged."""
    inputs = kernel_inputs(field, spec.players)
    if scheduler is not None:
        from pyeval.sim.engine.distributed import run_distributed
        merged = run_distributed(spec, inputs, seed, n, scheduler, chunk=chunk,
                                 progress=progress)
    else:
        if chunk is None:
            chunk = max(16, min(1024, n // 20 or 1))
        bounds = chunk_bounds(n, chunk)
        old = numba.get_num_threads()
        if threads is not None:
            most = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
            if not 1 <= threads <= most:
                raise ValueError(f"threads must be between 1 and {most}, got {threads}")
            numba.set_num_threads(threads)
        bar = None
        if progress is True:
            from tqdm.auto import tqdm
            bar = tqdm(total=n, unit="tournament", desc=spec.name or "simulating")
        try:
            chunks = []
            for t0, size in bounds:
                chunks.append(run_chunk(spec, inputs, seed, t0, size))
                if bar is not None:
                    bar.update(size)
                elif callable(progress):
                    progress(size)
        finally:
            if bar is not None:
                bar.close()
            numba.set_num_threads(old)
        merged = merge_chunks(chunks)
    return merged, inputs


__all__ = [
    "Chunk",
    "KernelInputs",
    "chunk_bounds",
    "kernel_inputs",
    "merge_chunks",
    "omaha_table",
    "run_chunk",
    "simulate",
    "stud_table",
]
_ = REC_TOURN
