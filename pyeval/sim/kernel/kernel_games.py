"""Which hands a simulation kernel is compiled with: the Numba *type* of its ``games`` marker.

The kernel (:func:`pyeval.sim.kernel.kernel.run_serial`) takes one marker argument whose value is
never read; its type chooses which of the hands and steps below Numba compiles into that
kernel (each ``*_if`` switch of :mod:`.betting`, :mod:`.hand`, :mod:`.variants.hooks` and
:mod:`.variants.hands` reads it when it is typed). A structure gets the smallest kernel that
plays every game its levels deal (:func:`kernel_games`):

============================  =========  ======  =====  ====  ===========================
marker (its Numba type)       button     hooks   stud   draw  a structure that deals
============================  =========  ======  =====  ====  ===========================
``None`` (none)               yes                             hold'em and 4-card Omaha
``np.int64(0)`` (int64)       yes        yes                  also the button variants
``np.float64(0)`` (float64)                      yes          stud games only
``np.uint8(0)`` (uint8)                          plain        5 and 7 card stud, razz only
``np.float32(0)`` (float32)                            yes    the draw only
``np.int32(0)`` (int32)                          yes    yes   stud games and the draw
``np.uint16(0)`` (uint16)                        plain  yes   plain stud games and the draw
``np.int16(0)`` (int16)       yes                yes          hold'em or Omaha, and stud
``np.int8(0)`` (int8)         yes                       yes   hold'em or Omaha, and the draw
``np.bool_(True)`` (bool)     yes        yes     yes    yes   any other mix of families
============================  =========  ======  =====  ====  ===========================

A structure that mixes families takes the kernel of just those families where there is one
(hold'em or Omaha with stud, or with the draw; stud with the draw); the button variants with
stud or the draw, or all three families, the kernel of every game. After ``pyeval warmup``
every mix takes the kernel of every game (:func:`widest`), the one the warm-up compiled.

"plain": the stud hand without its rarer rules (a restricted hole, Chicago's second part,
Australian's four-card start and discard: :data:`.variants.facts.STUD_RULES`), for a structure
whose stud games are 5 and 7 card stud, 7 card stud hi/lo and razz (:func:`stud_rules`), alone
or with the draw.

"button": the button hand (:func:`pyeval.sim.kernel.hand.play_button_hand`) and the button games'
models in the betting round; "hooks": the button variants' and 5- and 6-card Omaha's hooks
(:mod:`.variants.hooks`); "stud" and "draw": :func:`.variants.hands.play_stud_game` and
:func:`.variants.draw_hand.play_draw_game`, each with the stud models of the betting round.

[speed] The first simulation of one game in a fresh environment compiles one kernel. The
stud and draw hands are inlined into the kernel's tournament loop (where they run 1.6-1.9x
faster), and so was every hand the marker allowed: a 7 card stud structure compiled the
button hand and the draw as well, 62.8 s of CPU in all; with a kernel of its own family
29.3 s in the same pair of runs (the draw 64.1 -> 29.2 s), and its hands play 18-25 % more
table-hands per second (bench/RESULTS.md, "A kernel per family of games").

>>> kernel_games(button=True, variants=False, stud=False, draw=False) is None
True
>>> [str(np.asarray(kernel_games(button=b, variants=False, stud=s, draw=d)).dtype)
...  for b, s, d in ((False, True, False), (False, True, True), (True, True, False),
...                  (True, True, True))]
['float64', 'int32', 'int16', 'bool']
"""
from __future__ import annotations

import numpy as np
from numba import types
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL

#: the marker of each kernel (see the module's table)
BUTTON_GAMES = None
BUTTON_VARIANTS = np.int64(0)
STUD_ONLY = np.float64(0)
PLAIN_STUD = np.uint8(0)
DRAW_ONLY = np.float32(0)
STUD_AND_DRAW = np.int32(0)
PLAIN_STUD_AND_DRAW = np.uint16(0)
BUTTON_AND_STUD = np.int16(0)
BUTTON_AND_DRAW = np.int8(0)
EVERY_GAME = np.bool_(True)


def kernel_games(*, button: bool, variants: bool, stud: bool, draw: bool,
                 stud_rules: bool = True):
    """The marker of the smallest kernel that deals these families: ``button`` hold'em or
    Omaha, ``variants`` a button variant (or 5-/6-card Omaha), ``stud`` a stud game,
    ``draw`` the draw; ``stud_rules`` a stud game of the rarer rules
    (:data:`.variants.facts.STUD_RULES`): without it a structure of stud games only, or of
    stud games and the draw, takes the plain stud kernel (of the two). A mix of families
    takes the kernel of those families (hold'em and Omaha with one of the stud games or the
    draw, or the stud games and the draw); any other
    mix (the button variants with stud or the draw, or all three families) the kernel of
    every game. [speed] A kernel with a family fewer compiles that family's hand less: the
    stud games and the draw without the button hand, about a third less CPU (bench/RESULTS.md,
    "The first simulation of each family under 30 s")."""
    if stud and draw and not (button or variants):
        return STUD_AND_DRAW if stud_rules else PLAIN_STUD_AND_DRAW
    if (stud or draw) and button and not variants and not (stud and draw):
        return BUTTON_AND_STUD if stud else BUTTON_AND_DRAW
    if (stud or draw) and (button or variants or (stud and draw)):
        return EVERY_GAME
    if stud:
        return STUD_ONLY if stud_rules else PLAIN_STUD
    if draw:
        return DRAW_ONLY
    return BUTTON_VARIANTS if variants else BUTTON_GAMES


def widest(marker):
    """The kernel a warm-up compiles for ``marker``'s structures: the marker itself for one
    family (the stud games with their rarer rules for the plain stud kernel), the kernel of
    every game for a mix (:mod:`pyeval.sim.warmup`).

    >>> widest(STUD_AND_DRAW) is EVERY_GAME and widest(PLAIN_STUD) is STUD_ONLY
    True
    """
    mixes = (STUD_AND_DRAW, PLAIN_STUD_AND_DRAW, BUTTON_AND_STUD, BUTTON_AND_DRAW)
    if marker is PLAIN_STUD:
        return STUD_ONLY
    return EVERY_GAME if any(marker is m for m in mixes) else marker


# ---- read from a marker's Numba type (in @overload functions, while a kernel is typed);
# ``Omitted``: a marker left at its default, as None

def _is_none(ty) -> bool:
    return isinstance(ty, (types.NoneType, types.Omitted))


def has_button(ty) -> bool:
    """The kernel plays button hands (and its betting round the button games' models)."""
    return _is_none(ty) or ty in (types.int64, types.int16, types.int8, types.boolean)


def has_hooks(ty) -> bool:
    """The kernel plays the button variants and 5- and 6-card Omaha (their hooks)."""
    return ty in (types.int64, types.boolean)


def has_stud(ty) -> bool:
    """The kernel plays the stud games."""
    return ty in (types.float64, types.uint8, types.int32, types.uint16, types.int16,
                  types.boolean)


def has_stud_rules(ty) -> bool:
    """The kernel's stud hand plays the rarer rules (:data:`.variants.facts.STUD_RULES`):
    every stud kernel but the plain ones."""
    return has_stud(ty) and ty not in (types.uint8, types.uint16)


def has_draw(ty) -> bool:
    """The kernel plays the draw."""
    return ty in (types.float32, types.int32, types.uint16, types.int8, types.boolean)


def has_stud_models(ty) -> bool:
    """The kernel's betting round has the stud models (the stud games and the draw)."""
    return has_stud(ty) or has_draw(ty)


def button_models(games):
    """True in a kernel with the button hand, None in a stud or draw kernel (``games`` its
    marker): the betting round's switch of the button games' models. The round tests it
    with ``is None``, which Numba decides from a None argument's type while compiling
    (dead-branch pruning only resolves None arguments): a stud kernel's rounds compile
    without the button games' models. Every hand of a kernel passes the same type, so the
    round is compiled once. Jitted code only."""
    raise TypeError("button_models is called from compiled kernels only")


def stud_rules(games):
    """True in a kernel whose stud hand plays the rarer rules, None in the plain stud
    kernel (``games`` its marker; see :func:`button_models` for why None): the stud hand's
    steps take it as an argument and compile those rules' code only when it is True. Jitted
    code only."""
    raise TypeError("stud_rules is called from compiled kernels only")


def _true_or_none(on):
    """The ``@overload`` of a switch read from the marker: ``True`` in a kernel whose
    marker's type ``on`` accepts, else ``None`` (the branches it guards not compiled)."""
    def switch(games):
        if on(games):
            return lambda games: True
        return lambda games: None
    return switch


overload(button_models, jit_options=INTERNAL)(_true_or_none(has_button))
overload(stud_rules, jit_options=INTERNAL)(_true_or_none(has_stud_rules))


__all__ = ["BUTTON_AND_DRAW", "BUTTON_AND_STUD", "BUTTON_GAMES", "BUTTON_VARIANTS",
           "DRAW_ONLY", "EVERY_GAME", "PLAIN_STUD", "PLAIN_STUD_AND_DRAW", "STUD_AND_DRAW",
           "STUD_ONLY", "button_models", "has_button", "has_draw", "has_hooks", "has_stud", "has_stud_models",
           "has_stud_rules", "kernel_games", "stud_rules", "widest"]
