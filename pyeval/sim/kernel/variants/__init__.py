"""The simulator's pieces for the rule sheets' other games, as small Numba functions.

Each module is one piece the kernel calls at a named point of a hand; all of them read
their game facts from the game registry (:mod:`pyeval.games`) through :mod:`.facts`, and
evaluate hands only through the one evaluation layer (:mod:`pyeval.jit.numba_ext`: the C's
hole-use evaluation ``best_addr``, ``high_addr``, ``razz_addr``, ``low8_addr``):

- :mod:`.facts`: the registry's facts as an ``int64`` table by simulator code;
- :mod:`.showdown`: a player's showdown value in every game (hole-card limits, Chicago's
  ace of spades in the hole, the stud community card);
- :mod:`.discard`: which cards a player keeps when a game makes it discard (Pineapple,
  Crazy Pineapple, Irish, Australian), by documented rules;
- :mod:`.draw`: 5 Card Draw's standard draw (pat, one, two, three or four cards);
- :mod:`.deal`: stud dealing when the deck runs short (the single community card);
- :mod:`.strength`: pre-flop strength tables of the three- and four-card button games,
  computed from pyeval's evaluation by Monte Carlo and cached;
- :mod:`.replay`: simulated hands of these games replayed through the rules model.
"""
