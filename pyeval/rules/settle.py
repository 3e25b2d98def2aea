"""The end of a hand: the showdown (who shows first, each player showing or mucking, a
hand nobody has to show) and the award of every pot, side pot and uncalled bet, with the
check that no chip was lost or made.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 10, 1: 10}, button=0, seed=2,
...          showdown="ask")
>>> h.call(); h.check(); h.check(); h.check(); h.check(); h.check(); h.check(); h.check()
>>> h.street_name, h.legal().describe()
('showdown', 'seat 1: show, muck')
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyeval.rules.betting import Action, IllegalAction, Legal, order_at
from pyeval.rules.deck import UNKNOWN
from pyeval.rules.hand_result import HandResult, Shown
from pyeval.rules.hand_state import HandState
from pyeval.rules.pots import Pot, PotAward, award, build_pots
from pyeval.rules.showdown import evaluate


class Settle(HandState):
    """The showdown and the award of the pots (a part of :class:`~pyeval.rules.hand.Hand`)."""

    sd_order: tuple[int, ...]          # showdown order of the players still in
    sd_pots: list[Pot]                 # the pots as they stand at the showdown
    conceded: list[set[int]]           # per pot: players who mucked it
    shown_list: list[Shown]
    values: dict[int, Any]             # seat: HandValue of each hand shown

    def _showdown_order(self, live: list[int]) -> tuple[int, ...]:
        last = next((r for r in reversed(self.rounds) if r is not None), None)
        if last is not None and last.last_aggressor is not None and \
                last.last_aggressor in live:
            start = last.last_aggressor
        elif last is not None:
            start = next(s for s in last.order if s in live)
        else:
            start = live[0]
        return tuple(s for s in order_at(self.seats, start) if s in live)


    def _begin_showdown(self) -> None:
        """The showdown, in order: every known hand is shown (``showdown="auto"``, and in
        an all-in showdown); with ``showdown="ask"`` each player shows or mucks; a hand
        nobody saw can only be mucked. A player who is the last one left in every pot he
        is in wins them without showing."""
        self._collect()
        live = self.live()
        self.sd_order = self._showdown_order(live)
        self.sd_pots, _ = build_pots(self.contrib, live, self.carry_in + self.dead)
        self.conceded: list[set[int]] = [set() for _ in self.sd_pots]
        self.shown_list: list[Shown] = []
        self.values: dict[int, Any] = {}
        all_in = sum(1 for s in live if self.stacks[s] > 0) <= 1
        auto = self.showdown == "auto" or all_in
        self.waiting = []
        for s in self.sd_order:
            if auto and UNKNOWN not in self.down[s]:
                self._show(s)
            else:
                self.waiting.append(s)
        self.phase = "showdown"

    def _alive(self, i: int) -> list[int]:
        return [s for s in self.sd_pots[i].eligible if s not in self.conceded[i]]

    def _contested(self, s: int) -> bool:
        """Whether ``s`` still has an opponent in a pot he is in (and has not shown)."""
        if s in self.values or s in self.mucked:
            return False
        return any(s in al and len(al) > 1
                   for al in (self._alive(i) for i in range(len(self.sd_pots))))

    def _show(self, s: int) -> None:
        from pyeval.cards import format_cards
        v = evaluate(self.game, self.down[s], self.up[s], self.board)
        self.values[s] = v
        self.shown_list.append(Shown(s, format_cards(self.down[s]), format_cards(self.up[s]), v))
        self.events.append({"event": "show", "seat": s, "cards": list(self.down[s])})

    def _showdown_legal(self) -> Legal:
        """What the player to show may do: show or muck (only muck a hand nobody saw)."""
        s = self.waiting[0]
        return Legal(s, ("muck",) if UNKNOWN in self.down[s] else ("show", "muck"))

    def _act_showdown(self, action: Action) -> None:
        legal = self._showdown_legal()
        s = legal.seat
        if action.seat is not None and action.seat != s:
            raise IllegalAction(f"seat {action.seat} cannot act: seat {s} is to act; allowed: "
                                f"{legal.describe()}")
        if action.kind not in legal.actions:
            why = ("its hole cards are unknown (??): an unseen hand can only be mucked"
                   if action.kind == "show" else f"{action.kind} is not allowed at showdown")
            raise IllegalAction(f"seat {s}: {why}; allowed: "
                                f"{legal.describe()[len(f'seat {s}: '):]}")
        if action.kind == "show":
            self._show(s)
        else:
            for i in range(len(self.sd_pots)):
                al = self._alive(i)
                if s in al and len(al) > 1:
                    self.conceded[i].add(s)
            self.mucked.append(s)
            self.events.append({"event": "muck", "seat": s})
        self.waiting.pop(0)
        self.actions.append(Action(action.kind, None, (), s))

    def _finish(self) -> None:
        showdown = self.phase == "showdown"
        self._collect()
        self.phase = "over"
        live = self.live()
        order = list(self.deal_order)
        pots, returned = build_pots(self.contrib, live, self.carry_in + self.dead)
        won = {s: 0 for s in self.seats}
        for s, a in returned.items():
            self.stacks[s] += a
        awards: list[PotAward] = []
        shown: list[Shown] = []
        sd_order: tuple[int, ...] = ()
        carry = 0
        if not showdown:
            for p in pots:
                awards.append(PotAward(p, {live[0]: p.amount}, (live[0],)))
        else:
            sd_order = self.sd_order
            shown = list(self.shown_list)
            values = self.values
            low_name = self.game.parts[1] if self.game.hi_lo else "low"
            for i, p in enumerate(pots):
                al = [s for s in p.eligible if s not in self.conceded[i]]
                if len(al) == 1:
                    awards.append(PotAward(p, {al[0]: p.amount}, (al[0],)))
                    continue
                hi = {s: values[s].high for s in al}
                lo = {s: values[s].low or 0 for s in al} if self.game.hi_lo else None
                pa = award(Pot(p.amount, tuple(al)), hi, order, lo, self.odd_chip, low_name)
                awards.append(replace(pa, pot=p))
        for pa in awards:
            for s, a in pa.awards.items():
                self.stacks[s] += a
                won[s] += a
            carry += pa.carried
        total_before = sum(self.start_stacks.values()) + self.carry_in
        total_after = sum(self.stacks.values()) + carry
        assert total_before == total_after, (
            f"chips not conserved: {total_before} before, {total_after} after")
        assert sum(p.amount for p in pots) + sum(returned.values()) == \
            sum(self.contrib.values()) + self.carry_in + self.dead
        self.result = HandResult(tuple(awards), returned, sd_order, tuple(shown), won,
                                 dict(self.stacks),
                                 {s: self.stacks[s] - self.start_stacks[s] for s in self.seats},
                                 carry, tuple(self.mucked))
        self.events.append({"event": "end", "stacks": dict(self.stacks), "carry": carry})

