"""The simulator against hostile sizes and options (issue 40): every example structure and
game family at fields from 2 to 10,000 runs to one winner with its chips conserved or is
refused with a clear error; the chips a field puts in play are bounded before any run;
counts, seeds and chances are checked before the kernel; the card draw between more than 52
equally full tables (the segfault of ``hands_100k_holdem`` at 520 players) deals every
table a card; and the kernel runs clean under Numba's bounds checking (slow lane)."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.jit.numba_rng import seed_stream
from pyeval.sim import simulate
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel.layout import C_MAX_HANDS, ERR_SAFETY_STOP, LS_CHIPS, LS_START
from pyeval.sim.kernel.table_moves import card_draw_low
from pyeval.tournament.seating import card_draw
from pyeval.tournament.structure import load_structure

from .conftest import small_structure, stud_structure

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fuzz_budget import within_budget
from hostile import classify, sim_case

_STRUCTURES = {n: load_structure(n) for n in ("club_3000", "hands_100k_stud")}

EXAMPLES = tuple(sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "pyeval" / "tournament"
                                         / "examples").glob("*.toml")))
FAMILIES = {
    "plo": lambda: small_structure("omaha", "pot_limit"),
    "omaha_hilo": lambda: small_structure("omaha_hilo", "pot_limit"),
    "limit_holdem": lambda: small_structure("holdem", "fixed_limit"),
    "razz": lambda: stud_structure("razz"),
    "stud_hilo": lambda: stud_structure("seven_card_stud_hilo"),
    "dealers_choice": lambda: small_structure("dealers_choice", "pot_limit"),
    "dealers_choice_stud": lambda: stud_structure("dealers_choice_stud"),
}
FAST_FIELDS = (2, 9, 64, 65)
SLOW_FIELDS = (450, 520, 1000, 10_000)
#: fields no-limit play cannot finish before the safety stop: 10,000 players of a 2,500-chip
#: structure put 25,000,000 chips in play, 12,500 big blinds of its last level (1,000/2,000,
#: frozen once the levels end), and the deep-stack rules (docs/players.md) commit no stack
#: that deep; the run is placed by chips and counted as stopped early
_ENDS_AT_THE_STOP = {("limit_then_nolimit_2500", 10_000)}


@numba.njit
def _card_draw_low(st, k):
    return card_draw_low(st, k)


def test_the_card_draw_deals_every_table_past_52_tables() -> None:
    """More than 52 equally full tables draw from as many decks as they need: the kernel
    read past its 52-card deck there (exit 139 with 520 players of hands_100k_holdem)."""
    for k in (53, 60, 105):
        lows = set()
        for seed in range(300):
            st = np.zeros(4, np.uint64)
            seed_stream(st, np.uint64(seed), 0)
            lows.add(int(_card_draw_low(st, k)))
        assert lows <= set(range(k)) and len(lows) > k // 3
    low, cards = card_draw(range(60), seed=5)
    assert sorted(cards) == list(range(60)) and low in cards
    rank = "23456789TJQKA"
    suits = "cdhs"
    key = {t: (rank.index(c[0]), suits.index(c[1])) for t, c in cards.items()}
    assert key[low] == min(key.values())
    assert min(t for t in cards if key[t] == key[low]) == low
    # up to 52 tables: the one-deck draw as before
    assert card_draw([1, 2, 3], seed=4) == (2, {1: 'Jd', 2: '7h', 3: 'Js'})


def _structure(name: str):
    return FAMILIES[name]() if name in FAMILIES else load_structure(name)


def _run_or_refuse(name: str, players: int) -> None:
    st = _structure(name)
    try:
        r = simulate(st, n=1, seed=players, players=players, threads=1, debug=True)
    except ValueError as e:
        # a clear refusal: a field the structure cannot seat, or one that fixed-limit play
        # at its last level (its blinds frozen) could not end (a structure made for 14
        # players, with 10,000)
        assert str(e) and "Traceback" not in str(e)
        assert "table" in str(e) or "players" in str(e), str(e)
        return
    assert int((r.place == 1).sum()) == 1
    if (name, players) in _ENDS_AT_THE_STOP:
        # placed by chips at the safety stop, as docs/simulation.md says of such fields
        assert r.errors.tolist() == [ERR_SAFETY_STOP]
        assert r.summary()["errors"] == 1
    else:
        # played to one winner: never the safety stop's placing by chips
        assert r.errors.tolist() == [0]
        assert r.summary()["errors"] == 0
    assert r.place.min() >= 1 and r.place.max() <= players
    chips = r.level_stats[0, :, LS_CHIPS][r.level_stats[0, :, LS_START] >= 0]
    assert chips[0] == int(np.asarray(_starts(st, players)).sum())
    assert (chips > 0).all()


def _starts(st, players: int):
    return build_spec(st, players).starting_stacks


@pytest.mark.parametrize("players", FAST_FIELDS)
@pytest.mark.parametrize("name", EXAMPLES + tuple(FAMILIES))
def test_every_structure_and_family_at_small_fields(name: str, players: int) -> None:
    _run_or_refuse(name, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", SLOW_FIELDS)
@pytest.mark.parametrize("name", EXAMPLES + tuple(FAMILIES))
def test_every_structure_and_family_at_large_fields(name: str, players: int) -> None:
    _run_or_refuse(name, players)


def test_a_field_fixed_limit_cannot_end_is_refused_before_any_run() -> None:
    """A small fixed-limit structure (for 14 players, its last big bet 3,200) at 10,000
    players: 15,000,000 chips are 4,688 big bets, about 0.3 x 4,688**2 table-hands of play
    at the last level: refused, naming the largest field it can end; at 3,000 players the
    safety stop grows to five times the estimate."""
    st = FAMILIES["limit_holdem"]()
    with pytest.raises(ValueError, match=r"10,000 players cannot be played to one winner: their "
                       r"15,000,000 chips are 4,688 big bets of the last level \(3,200, fixed "
                       r"limit.*about 6,591,797 table-hands, past the simulator's 2,000,000; "
                       r"simulate at most 5,508 players"):
        build_spec(st, 10_000)
    assert build_spec(st, 5_508).cfg[C_MAX_HANDS] == 9_999_117
    assert build_spec(st, 3_000).cfg[C_MAX_HANDS] == 2_966_308
    assert build_spec(st, 1_000).cfg[C_MAX_HANDS] == 2_000_000
    # no limit and pot limit end by all-ins: the default stop at any field
    assert build_spec(FAMILIES["plo"](), 10_000).cfg[C_MAX_HANDS] == 2_000_000


@pytest.mark.slow
def test_a_fixed_limit_field_past_the_default_stop_plays_to_one_winner() -> None:
    """3,000 players of the same structure: the stop raised to 2,966,308 table-hands, the
    run ends with one winner, its chips conserved (about 3 s of CPU)."""
    _run_or_refuse("limit_holdem", 3_000)


def test_the_chips_in_play_are_bounded_before_any_run() -> None:
    """4e14 chips a player and 24,000 players wrapped past 2**63 (a negative winner's
    stack, exit 0); the bound of the structure files (10**15) now holds for ``players=``."""
    st = small_structure(entrants=2, starting=4 * 10**14)
    with pytest.raises(ValueError, match="24,000 players with up to 400,000,000,000,000 chips"):
        simulate(st, n=1, players=24_000, threads=1)
    r = simulate(st, n=1, players=2, threads=1, debug=True)
    # every chip kept; at the last level's blinds both players are still about 10**11 big
    # blinds deep, where the deep-stack rules (docs/players.md) never commit a stack, so the
    # run ends at the safety stop on hands (ERR_SAFETY_STOP), not by a wrapped stack
    assert r.level_stats[0, 0, LS_CHIPS] == 8 * 10**14
    assert r.errors.tolist() == [ERR_SAFETY_STOP]


@pytest.mark.parametrize("kw, kind, msg", [
    ({"players": 10**7}, ValueError, "players must be an integer from 2 to 1,000,000"),
    ({"players": 2**63}, ValueError, "players must be an integer from 2 to 1,000,000"),
    ({"players": True}, TypeError, "players must be an integer from 2 to 1,000,000, not"),
    ({"players": 9.0}, TypeError, "players must be an integer from 2 to 1,000,000, not"),
    ({"players": 1}, ValueError, "at least 2 players"),
    ({"seed": 2**64}, ValueError,
     r"seed must be an integer from 0 to 2\*\*64 - 1 \(18446744073709551615\), not 18446744073709551616"),
    ({"seed": -1}, ValueError, "seed must be"),
    ({"seed": "x"}, TypeError, "seed must be an integer from 0 to 2\\*\\*64 - 1, not"),
    ({"seed": 1.0}, TypeError, "seed must be an integer from 0 to 2\\*\\*64 - 1, not"),
    ({"threads": True}, TypeError, "threads must be an integer from 1 to"),
    ({"threads": 0}, ValueError, "threads must be an integer from 1 to"),
    ({"n": True}, TypeError, r"n \(tournaments\) must be an integer from 1 to"),
    ({"n": 0}, ValueError, r"n \(tournaments\) must be an integer from 1 to"),
    ({"n": 2**40}, ValueError, r"n \(tournaments\) must be an integer from 1 to"),
    ({"chunk": 0}, ValueError, "chunk must be an integer from 1 to"),
    ({"rebuy_chance": float("nan")}, ValueError, "rebuy_chance must be a probability"),
    ({"addon_chance": "1"}, TypeError, "addon_chance must be a probability"),
    ({"record_hands": -1}, ValueError, "record_hands must be an integer from 0 to"),
    ({"record_tournaments": 10**4, "record_hands": 10**4}, ValueError, "at most 10,000,000"),
    ({"debug": "yes"}, TypeError, "debug must be True or False"),
])
def test_bad_options_are_refused_before_the_kernel(club, kw, kind, msg) -> None:
    kw = {"players": 12, "n": 1, **kw}
    with pytest.raises(kind, match=msg):
        simulate(club, threads=kw.pop("threads", 1), **kw)


def test_seeds_at_the_top_of_their_range_are_their_own() -> None:
    """2**64 - 1 is a seed of its own (no longer equal to seed 2**64 - 1 + 2**64)."""
    club = load_structure("club_3000")
    a = simulate(club, n=2, seed=2**64 - 1, players=12, threads=1)
    b = simulate(club, n=2, seed=0, players=12, threads=1)
    assert not np.array_equal(a.place, b.place) or not np.array_equal(a.duration, b.duration)


@pytest.mark.slow
def test_the_kernel_runs_clean_under_numba_bounds_checking(tmp_path) -> None:
    """One kernel of every game family (a structure dealing dealer's choice of the hold'em
    games and variants, stud, razz and the draw; levels in hands at each table, aligned
    breaks, a colour-up, rebuys, an add-on, late registration, re-entry, late players, the
    sheets' seating rules), compiled with
    ``NUMBA_BOUNDSCHECK=1`` in a cache of its own, over fields from 2 to 10,000 players:
    an index out of bounds raises IndexError there instead of writing past an array. Costs
    one cold compile with bounds checks (67 s of CPU measured, 168 s wall on the loaded
    2-core machine) and a few seconds of play."""
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               PYEVAL_CACHE_DIR=str(tmp_path / "pyeval"))
    script = Path(__file__).with_name("boundscheck_run.py")
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert [r["players"] for r in rows] == [2, 9, 64, 65, 450, 520, 1000, 10_000]
    for r in rows:
        assert r["winners"] == 1 and r["errors"] == [0], r
        assert r["places"][0] == 1 and r["places"][1] <= r["players"], r


FAST = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


@FAST
@given(st.integers(0, 2**63))
@within_budget(3.0)
def test_fuzz_the_simulators_options(seed: int) -> None:
    """Hostile players, n, seed, threads, chunk, chances and records (tests/hostile.py's
    generator): each refused on purpose or accepted (the kernel run for one case in 50)."""
    case = sim_case(random.Random(seed), _STRUCTURES)
    out = classify(case.fn, *case.args, **case.kwargs)
    assert out.kind != "finding", f"{out.detail}\n{case.label[:2000]}"
