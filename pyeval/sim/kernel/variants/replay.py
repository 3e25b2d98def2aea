"""Replay simulated hands of every game through the rules model, discards and stud's
community card included (the extension of :func:`pyeval.sim.analysis.replay.replay_record` that
the games of :mod:`pyeval.sim.kernel.variants` need).

A recorded hand (:class:`pyeval.sim.analysis.replay.RecordedHand`) names its game, the cards each
seat was dealt in dealing order (button games: before any discard) and its actions; a
discard is the action ``"discard"`` whose ``to`` is the mask of the discarded cards (bit
``c`` for card ``c``), recorded in the order the rules model asks for them (clockwise from
the button's left, every player still in).

- Button games are replayed with the hole cards and board given, as for hold'em.
- Stud games are replayed from a full deck order (:func:`stud_deck_order`): the rules
  model deals, burns and decides on the community card from it exactly as the simulator
  did, so the single community card of a short deck is reproduced, not assumed (with no
  card left, Australian's seven at seventh street, the rules model deals it from its
  reshuffled muck, with the deck's seed that deals the recorded card: :func:`stud_deck`).
  A stud game with a discard (Australian) records its hands after the discard: the
  discarded card goes back as the third down card.

>>> from pyeval.sim.analysis.replay import RecordedHand
>>> h = RecordedHand(0, 0, 1, "pineapple", 0, 1, 2, 0, 2, 4, 0, 0, 0, 1, {0: 0, 1: 1},
...                  {0: 100, 1: 100}, {0: [48, 49, 0], 1: [4, 8, 12]}, [16, 21, 26, 31, 41],
...                  [(0, 0, "call", 0), (0, 1, "check", 0), (0, 1, "discard", 1 << 4),
...                   (0, 0, "discard", 1 << 0)] + [(k, s, "check", 0) for k in (1, 2, 3)
...                                                  for s in (1, 0)], {0: 98, 1: 102})
>>> replay_variant(h).matches      # seat 1 kept 4c 5c: a straight on 6c 7d 8h 9s Qd
True
"""
from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.games import REGISTRY, Game
from pyeval.rules.betting import order_from
from pyeval.rules.deck import reshuffled
from pyeval.sim.analysis.replay import RecordedHand, ReplayResult, replay_record, rules_structure

__all__ = ["absent_seats", "cards_of_mask", "draw_deck_order", "replay_variant",
           "reshuffle_seed", "rules_hand", "stud_deck", "stud_deck_order"]


def cards_of_mask(mask: int) -> list[int]:
    """The cards of a card mask, lowest first.

    >>> cards_of_mask((1 << 51) | (1 << 3))
    [3, 51]
    """
    return [c for c in range(52) if mask >> c & 1]


def _discards(h: RecordedHand) -> dict[int, list[int]]:
    return {seat: cards_of_mask(to) for _st, seat, a, to in h.actions if a == "discard"}


def _dealt_stud(g: Game, h: RecordedHand) -> dict[int, list[int]]:
    """Each seat's cards in dealing order as dealt (the discarded card back in place)."""
    out = {s: list(cs) for s, cs in h.hole.items()}
    if g.discards:
        n_down = g.streets[0].down - g.streets[0].discard
        for s, gone in _discards(h).items():
            out[s][n_down:n_down] = gone
    return out


def stud_deck_order(g: Game, h: RecordedHand) -> list[int]:
    """The 52 cards in the order the rules model deals this stud hand: street by street,
    the burn (an unused card) when the street burns, then one round of cards per card of
    the street to each seat still in, clockwise from the dealer's left, or the community
    card when the deck cannot give every seat one (and the burn only when two cards are
    left); the cards nobody saw follow. A community card dealt when no card is left comes
    from the rules model's reshuffled muck, not the order (:func:`stud_deck`)."""
    return stud_deck(g, h)[0]


def stud_deck(g: Game, h: RecordedHand) -> tuple[list[int], int]:
    """``(order, seed)``: :func:`stud_deck_order`'s order, and the seed of the rules model's
    deck (:class:`pyeval.rules.deck.Deck`), which only a reshuffle reads: when a community
    card is dealt with no card left (Australian with seven at seventh street), the rules
    model reshuffles its muck, the burned and the discarded cards in the order they went
    there, and deals the first; the seed is the smallest whose reshuffle deals the recorded
    card (:func:`reshuffle_seed`: there is one only when that card is in the muck), else 0.
    """
    dealt = _dealt_stud(g, h)
    seats = sorted(s for s in h.players if s not in absent_seats(h))
    folded_at: dict[int, int] = {}
    for street, seat, a, _to in h.actions:
        if a == "fold":
            folded_at.setdefault(seat, street)
    seen = {c for cs in dealt.values() for c in cs}
    spare = [c for c in range(52) if c not in seen and c not in h.board]
    # a community card from the reshuffled muck that was burned, not discarded: one of the
    # burns (the last one needed, when the other unseen cards are used up)
    late_burns = [c for c in h.board if c not in seen]
    discarded = [c for _st, _s, a, to in h.actions if a == "discard" for c in cards_of_mask(to)]
    order: list[int] = []
    muck: list[int] = []
    pos = {s: 0 for s in seats}
    board = list(h.board)
    from_muck = -1

    def burn() -> None:
        c = spare.pop() if spare else late_burns.pop()
        order.append(c)
        muck.append(c)

    for k, st in enumerate(g.streets):
        live = [s for s in order_from(seats, h.button) if folded_at.get(s, k) >= k]
        if len(live) < 2 or (all(pos[s] >= len(dealt[s]) for s in live) and not board):
            break
        left = 52 - len(order)
        need = len(live) * st.hole + (1 if st.burn else 0)
        if st.hole == 1 and need > left:
            if st.burn and left >= 2:
                burn()
            c = board.pop(0)
            if left >= 1:
                order.append(c)
                if c in late_burns:
                    late_burns.remove(c)
            else:
                from_muck = c
            continue
        if st.burn:
            burn()
        for _j in range(st.hole):
            for s in live:
                order.append(dealt[s][pos[s]])
                pos[s] += 1
        if g.discard_street == k:
            muck.extend(discarded)         # after the street's betting, in the record's order
    order.extend(spare + late_burns)
    if sorted(order) != list(range(52)):
        raise ValueError(f"hand {h.hand}: the recorded cards do not make one deck")
    return order, (reshuffle_seed(muck, from_muck) if from_muck >= 0 else 0)


def reshuffle_seed(pool: list[int], card: int, tries: int = 100_000) -> int:
    """The smallest seed with which the rules model's deck, reshuffling the muck ``pool``
    (its cards in the order they went there), deals ``card`` first.

    >>> s = reshuffle_seed([4, 9, 13, 22], 13)
    >>> reshuffled(s, [4, 9, 13, 22])[0]
    13
    >>> reshuffle_seed([4, 9], 5)
    Traceback (most recent call last):
    ...
    ValueError: card 5 is not in the muck [4, 9]: no reshuffle deals it
    """
    if card not in pool:
        raise ValueError(f"card {card} is not in the muck {pool}: no reshuffle deals it")
    for seed in range(tries):
        if reshuffled(seed, pool)[0] == card:
            return seed
    raise ValueError(f"no seed below {tries} reshuffles {pool} to deal {card} first")


def draw_deck_order(g: Game, h: RecordedHand) -> list[int]:
    """The 52 cards in the order the rules model deals this draw hand: the first cards one
    at a time to each seat, clockwise from the dealer's left, then each draw's new cards in
    the order of the draws; the cards nobody saw follow. A recorded draw hand holds each
    seat's cards after its draw, the kept cards first (:mod:`.hands`)."""
    seats = order_from(sorted(s for s in h.players if s not in absent_seats(h)), h.button)
    gone = {seat: cards_of_mask(to) for _st, seat, a, to in h.actions if a == "draw"}
    first: dict[int, list[int]] = {}
    new: dict[int, list[int]] = {}
    for s in seats:
        cs = list(h.hole[s])
        k = len(gone.get(s, ()))
        first[s] = cs[:len(cs) - k] + gone.get(s, [])
        new[s] = cs[len(cs) - k:]
    order = [first[s][j] for j in range(g.streets[0].down) for s in seats]
    for _st, seat, a, _to in h.actions:
        if a == "draw":
            order.extend(new[seat])
    seen = set(order)
    order.extend(c for c in range(52) if c not in seen)
    if sorted(order) != list(range(52)):
        raise ValueError(f"hand {h.hand}: the recorded cards do not make one deck")
    return order


def absent_seats(h: RecordedHand) -> frozenset[int]:
    """The seats of a recorded hand whose player had not arrived (dealt no cards: every
    player present is dealt at least two; :mod:`pyeval.sim.kernel.arrivals`).

    >>> h = RecordedHand(0, 0, 1, "holdem", 0, 1, 2, 0, 2, 4, 0, 0, 1, 2, {0: 0, 1: 1, 2: 2},
    ...                  {0: 100, 1: 100, 2: 100}, {0: [48, 49], 1: [0, 4], 2: []}, [], [], {})
    >>> sorted(absent_seats(h))
    [2]
    """
    return frozenset(s for s in h.players if not h.hole.get(s))


def rules_hand(h: RecordedHand) -> Any:
    """The rules model's :class:`pyeval.rules.hand.Hand` at the start of a recorded hand:
    stud from :func:`stud_deck_order`, the draw from :func:`draw_deck_order`, button games
    with the recorded hole cards and board; seats whose player had not arrived
    (:func:`absent_seats`) post their antes and blinds and are folded before the deal."""
    from pyeval.rules import Hand, Positions, Structure

    g = REGISTRY.game(h.game)
    absent = absent_seats(h)
    if g.family == "stud":
        st = Structure.stud(h.ante, h.bring_in, h.small_bet, h.big_bet)
        order, seed = stud_deck(g, h)
        return Hand(g, st, h.stacks, button=h.button, deck=order, seed=seed, absent=absent)
    pos = Positions(h.button, h.small_blind_seat, h.big_blind_seat)
    if g.family == "draw":
        return Hand(g, rules_structure(h), h.stacks, positions=pos,
                    deck=draw_deck_order(g, h), absent=absent)
    hole = {s: cs for s, cs in h.hole.items() if s not in absent}
    return Hand(g, rules_structure(h), h.stacks, positions=pos, seed=0, hole=hole,
                board=h.board, absent=absent)


def replay_variant(row: np.ndarray | RecordedHand) -> ReplayResult:
    """Play a recorded hand of any registry game through the rules model (the same as
    :func:`pyeval.sim.analysis.replay.replay_record`, which every game goes through)."""
    return replay_record(row)
