"""Compile (or load from Numba's cache) every simulation kernel ahead of the first run.

For images and CI: after :func:`warm_up` the first :func:`pyeval.sim.simulate` of any game
and structure, and the first equity call of any game, start at once. The kernels land in
Numba's cache (``NUMBA_CACHE_DIR`` when set, else beside the sources), so a warm-up in one
process serves every later one.

Example:
    >>> done = warm_up(equity=False)
    >>> list(done)
    ['simulation']
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_WARM_TOURNAMENTS = 2

#: the kernels a simulation can need (pyeval.sim.kernel.kernel_games), as (example, late entrants):
#: button games only; with add-ons, late players or two stages (pyeval.sim.kernel.extras); the
#: button variants' hooks ("club_3000:super_eight": the example dealing Super Eight); the
#: stud games (hands_100k_stud); the draw ("hands_100k_stud:five_card_draw"); games of several
#: families ("hands_100k_stud+draw": its second level dealing the draw); each kernel but
#: the second also with late registration (pyeval.sim.kernel.entries)
_KERNELS = (("club_3000", 0), ("addon_3500", 0), ("club_3000", 2),
            ("club_3000:super_eight", 0), ("club_3000:super_eight", 2),
            ("hands_100k_stud", 0), ("hands_100k_stud", 2),
            ("hands_100k_stud:five_card_draw", 0), ("hands_100k_stud:five_card_draw", 2),
            ("hands_100k_stud+draw", 0), ("hands_100k_stud+draw", 2))


def _structure(name: str, late_entries: int) -> Any:
    """Example ``name`` (``example:game``: its game dealt as ``game``, without bring-ins for
    the draw; ``example+draw``: its second level dealing the draw), with a late
    registration until level 2 when ``late_entries``."""
    from pyeval.tournament.structure import load_structure, parse_structure

    name, _, game = name.partition(":")
    name, _, mixed = name.partition("+")
    st = load_structure(name)
    if not late_entries and not game and not mixed:
        return st
    text = Path(st.file).read_text(encoding="utf-8")
    if game:
        text = re.sub(r'^game = "\w+"', f'game = "{game}"', text, count=1, flags=re.M)
        if game == "five_card_draw":
            text = re.sub(r"^bring_in = \d+\n", "", text, flags=re.M)
    if mixed:
        # hands_100k_stud's level 2: antes, small and big bets, as the draw takes them
        text = text.replace("bring_in = 500\n", 'game = "five_card_draw"\n', 1)
    if late_entries:
        text += "\n[late_registration]\nuntil_level = 2\n"
    return parse_structure(text, st.file)


def warm_kernel(name: str, late_entries: int = 0) -> None:
    """Compile (or load) the one kernel that example ``name`` (see :data:`_KERNELS`) plays,
    with a late registration when ``late_entries``."""
    from pyeval.sim.engine.engine import kernel_inputs, run_chunk
    from pyeval.sim.engine.spec import build_spec

    spec = build_spec(_structure(name, late_entries), 10, late_entries=late_entries)
    run_chunk(spec, kernel_inputs("balanced", 10), 0, 0, _WARM_TOURNAMENTS, parallel=False)


def _warm_simulation() -> None:
    from pyeval.sim.engine.compile_notice import compile_notice
    from pyeval.sim.kernel.features import warming

    # every kernel variant, each on the local threads and on Dask workers alike; a cold
    # cache is announced as it is in simulate(); each kernel with every step of its family
    # (pyeval.sim.features), which later simulations of any structure take
    with compile_notice(), warming():
        for name, late in _KERNELS:
            warm_kernel(name, late)


def _warm_equity() -> None:
    from pyeval.cards import format_card
    from pyeval.equity import equity
    from pyeval.equity.games import GAMES

    # aces first, clubs to spades within a rank (the card tokenizer's names)
    deck = [format_card(4 * r + s) for r in reversed(range(13)) for s in range(4)]
    for key, g in GAMES.items():
        # Monte Carlo from a part of each hand (what most calls are), then an exact
        # enumeration of a few cards to come (each game's exact kernel, not its cost)
        k = 3 if g.board == 0 else g.hole
        equity(key, ["".join(deck[:k]), "".join(deck[k:2 * k])], exact=False,
               samples=2_000, seed=1)
        if g.board:
            equity(key, ["".join(deck[:g.hole]), "".join(deck[g.hole:2 * g.hole])],
                   board="".join(deck[40:43]), exact=True)
        else:
            k = g.hole - 1
            equity(key, ["".join(deck[:k]), "".join(deck[k:2 * k])], exact=True)
    equity("holdem", ["AcAd", "KhKs"])                        # heads-up pre-flop, exact
    equity("holdem", ["AK", "QQ+"], exact=False, samples=2_000, seed=1)      # ranges
    equity("holdem", ["AK", "QQ+"], board="2c7d9h")                          # ranges, exact


def warm_up(equity: bool = True, report: Callable[[str, float], None] | None = None) -> dict[str, float]:
    """Compile every kernel of the simulator (each variant a structure can need; the local
    threads and the Dask workers use the same) and, with ``equity``, every game's equity
    kernels. Returns seconds per part; ``report(part, seconds)`` is called after each."""
    parts: list[tuple[str, Callable[[], None]]] = [("simulation", _warm_simulation)]
    if equity:
        parts.append(("equity", _warm_equity))
    done: dict[str, float] = {}
    for name, run in parts:
        t = time.perf_counter()
        run()
        done[name] = time.perf_counter() - t
        if report is not None:
            report(name, done[name])
    return done


__all__ = ["warm_up"]
