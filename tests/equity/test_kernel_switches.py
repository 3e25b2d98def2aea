"""The general kernels' type-level switches (pyeval/equity/_layout.py): each game's
evaluation and split as a class, so that a kernel is compiled for one game's code only
(issue 13's first-call budget). The classes are a copy of the registry's showdown facts,
tied to them here; the results of every game are checked against references elsewhere
(test_reference.py, test_cross_poker_equity.py)."""
import numpy as np
import pytest

from pyeval.equity import GAMES, equity
from pyeval.equity import _montecarlo as MC
from pyeval.equity._inputs import make_game
from pyeval.equity._layout import (
    BestOfEight,
    Chicago,
    DropOne,
    High,
    Low8,
    NoSplit,
    OmahaHigh,
    RazzLow,
    evaluation,
    split_of,
)
from pyeval.equity._showdown import ace_holder, high_value, settle
from pyeval.games import REGISTRY


@pytest.mark.parametrize("key", list(GAMES))
def test_each_games_evaluation_class_is_its_registry_showdown(key: str) -> None:
    g = GAMES[key]
    rg = REGISTRY.find(key) or next(r for r in REGISTRY.games if r.equity_key == key)
    ev = evaluation(g.kind, g.hole)
    if g.family == "holdem" and g.hole >= 4:
        assert isinstance(ev, OmahaHigh)                   # exactly two hole cards
    elif rg.parts[0] == "razz":
        assert isinstance(ev, RazzLow)
    elif g.board and g.hole == 3 and rg.max_hole is None:
        assert isinstance(ev, BestOfEight)                 # Super Eight: any of eight
    elif rg.max_hole is not None and rg.max_hole < g.hole and g.board + g.hole > 5:
        # one card too many: leave out one of the restricted (else hole) cards
        assert isinstance(ev, DropOne)
        assert ev.n == (rg.restricted or g.hole)
        assert rg.max_hole == ev.n - 1
    else:
        assert isinstance(ev, High)                        # any five of the cards held
    sp = split_of(g.split_code)
    assert type(sp) is {"none": NoSplit, "low8": Low8, "chicago": Chicago}[g.split]
    assert sp.code == g.split_code


def test_games_of_different_code_get_different_kernel_types() -> None:
    """Numba compiles a kernel per argument type: the Game of stud and of razz differ in
    type (two kernels, each with its own evaluator); stud and 5 card draw, or stud and
    Australian, share one."""
    import numba
    t = {k: numba.typeof(make_game(g.kind, g.split_code, 2, g.hole, g.board, 0))
         for k, g in GAMES.items()}
    assert t["stud"] != t["razz"] != t["stud8"] != t["chicago"]
    assert t["stud"] == t["draw5"] == t["australian"] == t["stud5"]
    assert t["tahoe"] == t["buffalo"] == t["crocodile"]          # DropOne(n): n at run time
    # high, high/low, Chicago; Omaha, Omaha hi/lo; razz; Super Eight; one card too many
    assert len(set(t.values())) == 8


def test_the_hooks_refuse_to_run_from_python() -> None:
    for hook, n in ((high_value, 12), (ace_holder, 6), (settle, 8)):
        with pytest.raises(TypeError, match="compiled kernels only"):
            hook(*([0] * n))


def test_a_stud_call_runs_the_general_kernel_compiled_for_studs_classes() -> None:
    """The general Monte Carlo worker's signatures after a stud call: the stud game's
    evaluation and split (High, NoSplit) in its argument types."""
    equity("stud", ["AcAdKs", "QhQsJd"], exact=False, samples=2_000, seed=1)
    games = [str(sig[1]) for sig in MC._mc_work.signatures]
    assert "Game(High(int64 x 1), NoSplit(int64 x 1), int64, int64, int64, int64)" in games
    r = equity("stud", ["AcAdKs", "QhQsJd"], exact=False, samples=20_000, seed=1)
    assert 0.6 < r.players[0].equity < 0.7 and np.isfinite(r.players[0].std_err)
