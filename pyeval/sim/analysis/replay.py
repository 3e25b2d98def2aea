"""Replay hands recorded by the kernel through the rules model, to check the kernel.

With ``record_tournaments`` / ``record_hands`` (see :func:`pyeval.sim.simulate`) the kernel
keeps, for sampled hands, the seats, stacks, positions, stakes, cards and every action.
:func:`replay_record` plays such a hand again with :class:`pyeval.rules.hand.Hand` (the
reference for what is legal and who gets which chips): every action must be legal there,
and the stacks at the end must be the kernel's, chip for chip.

Example:
    >>> from pyeval.sim import simulate
    >>> r = simulate("club_3000", n=2, seed=4, players=12, record_tournaments=2,
    ...              record_hands=20)
    >>> all(replay_record(row).matches for row in r.records)
    True
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pyeval.games import REGISTRY
from pyeval.sim.kernel import layout


@dataclass(frozen=True)
class RecordedHand:
    """A recorded hand in plain Python (seat numbers as at the simulated table)."""

    tournament: int
    hand: int
    level: int
    game: str
    betting: int
    small_blind: int
    big_blind: int
    ante: int
    small_bet: int
    big_bet: int
    bring_in: int
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    players: dict[int, int]           # seat -> entrant
    stacks: dict[int, int]            # seat -> chips before the hand
    hole: dict[int, list[int]]
    board: list[int]
    actions: list[tuple[int, int, str, int]]   # (street, seat, action, to)
    after: dict[int, int]             # seat -> chips after the hand (the kernel's)
    ante_by: str = "each"             # who antes: "each", "big_blind", "button"
    raises_first_turn_only: bool = False   # the draw's rule: no raise once past the dealer


def decode(row: np.ndarray) -> RecordedHand:
    """A recorded hand from one row of ``SimResult.records``."""
    S = int(row[layout.REC_SEATS])
    players = {s: int(row[layout.REC_PLAYER + s]) for s in range(S) if row[layout.REC_PLAYER + s] >= 0}
    n = int(row[layout.REC_NACT])
    if n > layout.MAX_ACTIONS:
        raise ValueError(f"hand {int(row[layout.REC_HAND])} took {n} actions; only {layout.MAX_ACTIONS} were kept")
    acts = []
    for i in range(n):
        b = layout.REC_ACT + 4 * i
        acts.append((int(row[b]), int(row[b + 1]), layout.ACTION_NAMES[int(row[b + 2])], int(row[b + 3])))
    sbs = int(row[layout.REC_SB_SEAT])
    return RecordedHand(
        tournament=int(row[layout.REC_TOURN]), hand=int(row[layout.REC_HAND]), level=int(row[layout.REC_LEVEL]),
        game=layout.GAME_NAMES[int(row[layout.REC_GAME])], betting=int(row[layout.REC_BETTING]),
        small_blind=int(row[layout.REC_SB]), big_blind=int(row[layout.REC_BB]), ante=int(row[layout.REC_ANTE]),
        small_bet=int(row[layout.REC_SMALL_BET]), big_bet=int(row[layout.REC_BIG_BET]),
        bring_in=max(int(row[layout.REC_BRING]), 0),
        button=int(row[layout.REC_BUTTON]),
        small_blind_seat=None if sbs < 0 else sbs, big_blind_seat=int(row[layout.REC_BB_SEAT]),
        players=players,
        stacks={s: int(row[layout.REC_STACK + s]) for s in players},
        hole={s: [int(c) for c in row[layout.REC_HOLE + layout.HOLE_MAX * s:layout.REC_HOLE + layout.HOLE_MAX * (s + 1)]
                  if c >= 0] for s in players},
        board=[int(c) for c in row[layout.REC_BOARD:layout.REC_BOARD + 5] if c >= 0],
        actions=acts,
        after={s: int(row[layout.REC_AFTER + s]) for s in players},
        ante_by=layout.ANTE_BY_NAMES[max(int(row[layout.REC_ANTE_BY]), 0)],
        raises_first_turn_only=int(row[layout.REC_FIRST_TURN]) == 1,
    )


def rules_structure(h: RecordedHand) -> Any:
    """The rules model's betting structure for a recorded hand (a big-blind ante with the
    rules' default ``bb_ante_order``, the blind first, as the kernel posts it; the draw with
    antes only: no blinds, the small bet the opening bet; ``raises_first_turn_only`` as the
    hand was played).

    >>> h = RecordedHand(0, 0, 1, "five_card_draw", 0, 0, 0, 25, 50, 100, 0, 0, None, 1,
    ...                  {0: 0, 1: 1}, {0: 500, 1: 500}, {}, [], [], {})
    >>> st = rules_structure(h)
    >>> st.limit.value, st.big_blind, st.ante, st.small_bet
    ('no_limit', 0, 25, 50)
    """
    st = _rules_structure(h)
    return replace(st, raises_first_turn_only=True) if h.raises_first_turn_only else st


def _rules_structure(h: RecordedHand) -> Any:
    from pyeval.rules import Structure

    if is_stud(h):
        return Structure.stud(h.ante, h.bring_in, h.small_bet, h.big_bet)
    by = h.ante_by if h.ante else "each"
    if h.betting == layout.B_FL:
        return Structure.fixed_limit(h.small_bet, h.big_bet, small_blind=h.small_blind,
                                     big_blind=h.big_blind, ante=h.ante, ante_by=by)
    # no big blind (the draw with antes only): the small bet is the minimum bet
    opening = {} if h.big_blind else {"small_bet": h.small_bet}
    if h.betting == layout.B_PL:
        return Structure.pot_limit(h.small_blind, h.big_blind, h.ante, ante_by=by, **opening)
    return Structure.no_limit(h.small_blind, h.big_blind, h.ante, ante_by=by, **opening)


def is_stud(h: RecordedHand) -> bool:
    """True for a stud hand (ante and bring-in, no blinds)."""
    return REGISTRY.game(h.game).family == "stud"


@dataclass(frozen=True)
class ReplayResult:
    """The rules model's stacks after the hand next to the kernel's."""

    hand: RecordedHand
    rules_stacks: dict[int, int]

    @property
    def matches(self) -> bool:
        """True when every stack agrees chip for chip."""
        return self.rules_stacks == self.hand.after


def replay_record(row: np.ndarray | RecordedHand) -> ReplayResult:
    """Play a recorded hand of any game through :class:`pyeval.rules.hand.Hand`; an action
    the rules do not allow raises :class:`pyeval.rules.betting.IllegalAction`.

    The hand is set up by :func:`pyeval.sim.kernel.variants.replay.rules_hand` (button games with
    their cards, stud and the draw from the deck order the simulator dealt); discards and
    draws name their cards by the recorded mask (bit ``c``: card ``c``)."""
    from pyeval.cards import format_cards
    from pyeval.sim.kernel.variants.replay import cards_of_mask, rules_hand

    h = row if isinstance(row, RecordedHand) else decode(row)
    if not any(h.hole.values()):
        # nobody at the table there yet (every seat absent, pyeval.sim.kernel.arrivals): no hand
        # is played, nothing posted
        return ReplayResult(h, dict(h.stacks))
    hand = rules_hand(h)
    for _street, seat, action, to in h.actions:
        if hand.is_over:
            raise AssertionError(f"hand {h.hand}: the rules model ended the hand before "
                                 f"seat {seat}'s {action}")
        if hand.to_act != seat:
            raise AssertionError(f"hand {h.hand}: seat {seat} acted ({action}) but the rules "
                                 f"model has seat {hand.to_act} to act")
        if action == "raise":
            hand.act(hand.legal().raise_name or "raise", to=to)
        elif action in ("discard", "draw"):
            cs = cards_of_mask(to)
            hand.act(action, cards=format_cards(cs) if cs else ())
        else:
            hand.act(action)
    if not hand.is_over:
        raise AssertionError(f"hand {h.hand}: the recorded actions end but the rules model "
                             f"still has seat {hand.to_act} to act")
    assert hand.result is not None
    return ReplayResult(h, {int(s): int(v) for s, v in hand.result.stacks.items()})
