"""The kernel's one call for a hand of the stud and draw family: :func:`play_other_if` plays
:func:`.hands.play_stud_game` or :func:`.draw_hand.play_draw_game` by the game's family, and
compiles only the families of the kernel (:mod:`pyeval.sim.kernel.kernel_games`).

>>> play_other_if(None, ())
Traceback (most recent call last):
...
TypeError: play_other_if is called from compiled kernels only
"""
from __future__ import annotations

import numba
import numpy as np
from numba.extending import overload

from pyeval.jit.numba_linked import LINKED_INLINE
from pyeval.sim.kernel.kernel_games import has_draw, has_stud
from pyeval.sim.kernel.slots import H_GAME
from pyeval.sim.kernel.variants.draw_hand import play_draw_game
from pyeval.sim.kernel.variants.facts import FACTS, FAM_DRAW, FAMILY
from pyeval.sim.kernel.variants.hands import play_stud_game
from pyeval.sim.kernel.variants.inputs import Cards, HandSlots, Record, Seats


@numba.njit(cache=True, inline="always", error_model="numpy")
def _named(args):
    """The kernel's tuple ``(S, row, stack, b, sbs, g, HS, SI, SB, SF, HF, hole, board, buf,
    deck, st, ev, tabs, rec, rec_on)`` as :func:`play_stud_game`'s inputs, by name."""
    (S, row, stack, b, sbs, g, HS, SI, SB, SF, HF, hole, board, buf, deck, st, ev, tabs, rec,
     rec_on) = args
    return (Seats(S, row, stack, b, sbs, g), HandSlots(HS, SI, SB, SF, HF),
            Cards(hole, board, buf, deck, st), ev, tabs, Record(rec, rec_on))


def play_other_if(on, args):
    """One hand of a stud game or of the draw (by the family of the game in ``args``, the
    kernel's tuple of :func:`_named`) in a kernel compiled with that family (``on``: the
    kernel's marker, :mod:`pyeval.sim.kernel.kernel_games`); -1 in a kernel compiled without it
    (the family is then never compiled). Jitted code only."""
    raise TypeError("play_other_if is called from compiled kernels only")


# The wrapper's options (numba_linked.LINKED_INLINE): inlined by LLVM, and link-only: its own O3
# pass over the module with the stud hand linked in is left to the kernel's one pass; cold 7
# card stud and draw compiles 5-7 % less CPU side by side, bench/RESULTS.md.


# The lambdas below are compiled ``forceinline`` (LLVM's alwaysinline): LLVM inlines them
# into the kernel's play_tournament and, with them, play_stud_game and play_draw_game (their
# one call site each). perf of a warm 7 card stud kernel, before: 71 % of the samples in
# play_stud_game, 4.7 % in the lambda, 3 % in NRT_incref/decref at the calls; after: no
# play_stud_game or lambda symbol left, 88 % in play_tournament, NRT 0.2 %, and the stud
# and draw games play 1.6-1.9x the table-hands per CPU second with the same results
# (bench/RESULTS.md, "stud and draw hands inside the kernel"). Why the hand's own code
# runs so much faster once inlined was not analysed. Its price: the kernel's cold compile
# (LLVM optimises the hands inside play_tournament), hence a kernel per family
# (pyeval.sim.kernel.kernel_games): a stud kernel inlines the stud hand only, a draw kernel the
# draw, a hold'em kernel the constant -1.
# The stud hand takes the kernel's ``stud_rules`` switch (kernel_games.stud_rules): the plain
# stud kernel compiles it without the rarer rules' code, and stops at a game that needs them.
@overload(play_other_if, jit_options=LINKED_INLINE)
def _play_other_if(on, args):
    from pyeval.sim.kernel.kernel_games import has_stud_rules, stud_rules
    from pyeval.sim.kernel.variants.facts import STUD_RULES

    stud, draw = has_stud(on), has_draw(on)
    plain = not has_stud_rules(on)
    if stud and draw:
        def either(on, args):
            seats, hand, cards, ev, tabs, record = _named(args)
            g = hand.HS[H_GAME]
            if FACTS[g, FAMILY] == FAM_DRAW:
                return play_draw_game(seats, hand, cards, ev, tabs, record, on)
            if plain and STUD_RULES[g]:
                return np.int64(-1)     # a rarer stud game in the plain kernel (an engine bug)
            return play_stud_game(seats, hand, cards, ev, tabs, record, on, stud_rules(on))
        return either
    if stud:
        def stud_only(on, args):
            seats, hand, cards, ev, tabs, record = _named(args)
            g = hand.HS[H_GAME]
            # the draw in a stud kernel, or a rarer stud game in the plain one (an engine bug)
            if FACTS[g, FAMILY] == FAM_DRAW or (plain and STUD_RULES[g]):
                return np.int64(-1)
            return play_stud_game(seats, hand, cards, ev, tabs, record, on, stud_rules(on))
        return stud_only
    if draw:
        def draw_only(on, args):
            seats, hand, cards, ev, tabs, record = _named(args)
            if FACTS[hand.HS[H_GAME], FAMILY] != FAM_DRAW:
                return np.int64(-1)     # a stud game in a draw kernel (an engine bug)
            return play_draw_game(seats, hand, cards, ev, tabs, record, on)
        return draw_only
    return lambda on, args: np.int64(-1)
