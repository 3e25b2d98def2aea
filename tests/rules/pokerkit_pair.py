"""Play one hand in the rules model and in pokerkit's state machine side by side.

The rules model deals (seeded) and pokerkit receives the same cards; at every decision both
must agree on who acts, the amount to call and (unless a documented rule difference applies)
the bet/raise limits; a random action legal in both is applied to both; at the end every
stack must match.

Documented differences, where the rules model follows the rule sheets and pokerkit does not
(the harness then picks an action both allow):

- ``short_all_in``: after an all-in bet or raise smaller than a full one, pokerkit refuses a
  raise to the big blind or bring-in who has not acted yet (posting is not acting), lets a
  player who already checked raise over a short all-in bet (it does not reopen the betting),
  and in fixed limit does not complete a short bet to the full bet.
- ``half_bet_reopen``: in fixed limit an all-in raise of at least half a bet counts as a
  raise and reopens the betting; pokerkit treats it as a short all-in.
- ``heads_up_cap``: fixed limit has no raise cap when only two players contest the pot.
- ``blind_is_the_bet``: fixed-limit hold'em caps the first round at the big blind and three
  raises (four bets); pokerkit allows four raises over the blind.
- ``open_pair``: fixed-limit stud, an open pair on fourth street allows the big bet; pokerkit
  allows only the small bet (the harness then bets or raises the small bet).
- odd chips: pokerkit gives every odd chip of a pot to its first winner and merges pots
  whose remaining contenders are the same; the house rule here splits each pot on its own,
  odd chips one each clockwise from the button. In hands with odd chips (counted as
  ``odd_chip_hands``) the tied winners' stacks may differ by at most one chip per pot;
  every other stack must match exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pokerkit as pk

from pyeval.rules import Action, Hand, Structure
from pyeval.rules.betting import order_from
from pyeval.rules.play import random_action

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def pk_card(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]


@dataclass
class Stats:
    hands: int = 0
    decisions: int = 0
    differences: dict = field(default_factory=dict)
    odd_chip_hands: int = 0
    showdowns: int = 0


def _forced(structure: Structure, n: int):
    """pokerkit's antes and blinds_or_straddles (by its player index: the seats clockwise
    from the button's left, the button last; heads-up pokerkit reads player i's forced bets
    from index 1 - i)."""
    st = structure
    ante: object = st.ante
    if not st.ante_heads_up and n == 2:
        ante = 0
    elif st.ante_by == "big_blind":
        ante = {1: st.ante}
    elif st.ante_by == "button":
        ante = {0 if n == 2 else n - 1: st.ante}
    blinds: object = (st.small_blind, st.big_blind)
    if st.straddles and st.button_straddle:
        blinds = [st.small_blind, st.big_blind] + [0] * (n - 3) + [st.straddles[0]]
    elif st.straddles:
        blinds = (st.small_blind, st.big_blind, *st.straddles)
    return ante, blinds


def _make(game: str, structure: Structure, stacks: list[int]):
    n = len(stacks)
    if structure.ante_by != "each" or structure.straddles or not structure.ante_heads_up:
        ante, blinds = _forced(structure, n)
        cls = pk.NoLimitTexasHoldem if structure.limit.value == "no_limit" else \
            pk.PotLimitOmahaHoldem
        # ante trimming off: pokerkit would otherwise trim uneven antes to the smallest (0)
        return cls.create_state(AUTOMATIONS, False, ante, blinds, structure.big_blind, stacks, n)
    if game == "Texas Hold'em" and structure.limit.value == "no_limit":
        return pk.NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, structure.ante, (structure.small_blind, structure.big_blind),
            structure.big_blind, stacks, n)
    if game == "Texas Hold'em" and structure.limit.value == "fixed_limit":
        return pk.FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, True, structure.ante, (structure.small_blind, structure.big_blind),
            structure.small_bet, structure.big_bet, stacks, n)
    if game == "Omaha":
        return pk.PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, True, structure.ante, (structure.small_blind, structure.big_blind),
            structure.big_blind, stacks, n)
    if game == "7 Card Stud":
        return pk.FixedLimitSevenCardStud.create_state(
            AUTOMATIONS, True, structure.ante, structure.bring_in, structure.small_bet,
            structure.big_bet, stacks, n)
    if game == "Razz":
        return pk.FixedLimitRazz.create_state(
            AUTOMATIONS, True, structure.ante, structure.bring_in, structure.small_bet,
            structure.big_bet, stacks, n)
    raise ValueError(game)


def _known_difference(hand: Hand) -> str | None:
    r = hand.round
    assert r is not None
    if hand.structure.straddles and hand.street == 0 and r.raise_count == 1:
        return "straddle_min_raise"
    if r.short_all_ins:
        return "short_all_in"
    if r.half_bet_raises:
        return "half_bet_reopen"
    if r.fixed and r.raise_count >= 1 + r.structure.max_raises:
        if len(r.live()) == 2:
            return "heads_up_cap"
        if hand.street == 0 and hand.positions is not None:
            return "blind_is_the_bet"
    if r.big_option:
        return "open_pair"
    return None


def play_pair(game: str, structure: Structure, seed: int, stats: Stats,
              max_players: int = 6, stack_range: tuple[int, int] = (20, 400),
              min_players: int = 2) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(min_players, max_players + 1))
    seats = sorted(int(s) for s in rng.choice(9, size=n, replace=False))
    button = int(rng.choice(seats))
    stacks = {s: int(rng.integers(*stack_range)) for s in seats}
    hand = Hand(game, structure, stacks, button=button, seed=seed)
    order = list(order_from(seats, button))          # pokerkit index i = order[i]
    idx = {s: i for i, s in enumerate(order)}
    state = _make(game, structure, [stacks[s] for s in order])
    fed = 0
    queue: dict[int, list[int]] = {}

    def sync() -> None:
        nonlocal fed
        for ev in hand.events[fed:]:
            kind = ev["event"]
            if kind in ("burn", "board"):
                _deal_queued()   # the hole cards of the street before come first
            if kind == "burn":
                state.burn_card(pk_card(ev["card"]))
            elif kind == "hole":
                queue.setdefault(idx[ev["seat"]], []).extend(ev["cards"])
            elif kind == "board":
                state.deal_board("".join(pk_card(c) for c in ev["cards"]))
        _deal_queued()
        fed = len(hand.events)

    def _deal_queued() -> None:
        while state.can_deal_hole() and queue.get(state.hole_dealee_index):
            i = state.hole_dealee_index
            state.deal_hole(pk_card(queue[i].pop(0)))

    sync()
    while not hand.is_over:
        stats.decisions += 1
        legal = hand.legal()
        s = legal.seat
        assert state.actor_index == idx[s], (seed, state.actor_index, idx[s])
        if "bring_in" in legal.actions:
            assert state.can_post_bring_in(), seed
            assert state.effective_bring_in_amount == legal.bring_in, seed
        else:
            assert state.checking_or_calling_amount == legal.call, (
                seed, state.checking_or_calling_amount, legal.call)
        pk_min = state.min_completion_betting_or_raising_to_amount
        pk_max = state.max_completion_betting_or_raising_to_amount
        agree = (pk_min, pk_max) == ((legal.min_to, legal.max_to) if legal.raise_name
                                     else (None, None))
        why = None
        if not agree:
            why = _known_difference(hand)
            assert why is not None, (seed, legal, pk_min, pk_max, hand.actions)
            stats.differences[why] = stats.differences.get(why, 0) + 1
        a = random_action(hand, rng)
        if not agree and why == "straddle_min_raise" and a.kind == "raise" and \
                pk_min is not None and pk_max is not None and pk_min <= a.to <= pk_max:
            pass   # legal in both: pyeval's minimum (twice the straddle) is the larger
        elif not agree and a.kind in ("bet", "raise", "complete") and \
                pk_min is not None and pk_min == pk_max == legal.min_to:
            a = Action(a.kind, to=legal.min_to, seat=s)   # both allow the small bet
        elif not agree and a.kind in ("bet", "raise", "complete"):
            kind = "call" if "call" in legal.actions else (
                "bring_in" if "bring_in" in legal.actions else "check")
            a = Action(kind, seat=s)
        hand.act(a)
        if a.kind == "fold":
            state.fold()
        elif a.kind in ("check", "call"):
            state.check_or_call()
        elif a.kind == "bring_in":
            state.post_bring_in()
        else:
            state.complete_bet_or_raise_to(a.to)
        sync()
    res = hand.result
    assert res is not None
    stats.hands += 1
    if res.shown:
        stats.showdowns += 1
    assert not state.status, (seed, "pokerkit hand not over")
    got = {s: state.stacks[idx[s]] for s in seats}
    odd = [pa for pa in res.pots if len(pa.high) >= 2 and pa.pot.amount % len(pa.high)]
    if odd:
        # odd chips of split pots: pokerkit gives all of a pot's odd chips to its first
        # winner and merges pots once losing hands are killed; the house rule here splits
        # each pot on its own, one odd chip each clockwise from the button. Only the tied
        # winners may differ, by at most one chip per pot.
        stats.odd_chip_hands += 1
        tied = {s for pa in odd for s in pa.high}
        assert all(got[s] == res.stacks[s] for s in seats if s not in tied), seed
        assert all(abs(got[s] - res.stacks[s]) <= len(res.pots) for s in tied), seed
        return
    assert got == res.stacks, (seed, got, res.stacks, hand.to_json())
