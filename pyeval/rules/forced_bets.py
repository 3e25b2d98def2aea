"""The forced bets of a hand: antes (from each player, the big blind or the button, dead or
live), blinds, straddles and posts, in the order they go in, and the check that the
structure's forced bets suit the game.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2, ante=1, ante_by="big_blind"),
...          {0: 100, 1: 100, 2: 100}, button=0, seed=1)
>>> [(e["event"], e["seat"], e["amount"]) for e in h.events[:3]]
[('small_blind', 1, 1), ('big_blind', 2, 2), ('ante', 2, 1)]
"""
from __future__ import annotations

import numbers

from pyeval.rules.betting import order_from
from pyeval.rules.hand_state import HandState
from pyeval.rules.table import Positions, first_hand


class ForcedBets(HandState):
    """Posting a hand's forced bets (a part of :class:`~pyeval.rules.hand.Hand`)."""

    def _take_positions(self, button: int | None, positions: Positions | None) -> None:
        """The button, and the blinds from ``positions`` (or the first hand's from the
        button); checked against the seats dealt in and the structure's straddles."""
        if self.game.family == "stud":
            if positions is not None:
                raise ValueError("stud games have no blinds: pass button= (the dealer seat)")
            self.button = self.seats[-1] if button is None else int(button)
            self.positions = None
        else:
            if positions is None:
                positions = first_hand(self.seats, self.seats[-1] if button is None else button)
            elif not isinstance(positions, Positions) or not all(
                    isinstance(x, numbers.Integral) and not isinstance(x, bool) and x >= 0
                    for x in (positions.button, positions.big_blind,
                              0 if positions.small_blind is None else positions.small_blind)):
                raise ValueError(f"positions must be a Positions of seat numbers (whole numbers "
                                 f">= 0; the small blind may be None), got {positions!r}")
            elif button is not None and button != positions.button:
                raise ValueError(f"button={button} disagrees with positions.button="
                                 f"{positions.button}")
            if positions.big_blind not in self.stacks:
                raise ValueError(f"big blind seat {positions.big_blind} is not dealt in")
            if positions.small_blind is not None and positions.small_blind not in self.stacks:
                raise ValueError(f"small blind seat {positions.small_blind} is not dealt in")
            if positions.small_blind == positions.big_blind:
                raise ValueError("small blind and big blind are the same seat")
            self.positions = positions
            self.button = positions.button
            if len(self.straddlers()) != len(self.structure.straddles) or (
                    self.structure.button_straddle and (
                        len(self.stacks) < 3 or positions.button not in self.stacks)):
                raise ValueError(f"{len(self.structure.straddles)} straddle(s) need that many "
                                 f"players after the big blind (a button straddle: a player on "
                                 f"the button, three players or more)")

    def _check_structure(self) -> None:
        s, fam = self.structure, self.game.family
        if fam == "stud":
            if s.small_blind or s.big_blind:
                raise ValueError(f"{self.game.name} uses antes and a bring-in, not blinds: use "
                                 f"Structure.stud(ante, bring_in, small_bet, big_bet)")
            if s.ante_by != "each":
                raise ValueError(f"{self.game.name}: every player antes in stud "
                                 f"(ante_by='each'), not {s.ante_by!r}")
            if self.posts:
                raise ValueError("stud has no blinds to post")
        else:
            if s.bring_in:
                raise ValueError(f"{self.game.name} has no bring-in (that is a stud rule)")
            if not s.big_blind and not s.ante:
                raise ValueError(f"{self.game.name} needs a big blind or an ante")


    def _dead_ante(self, s: int) -> None:
        a = min(self.structure.ante, self.stacks[s])
        self.stacks[s] -= a
        self.dead += a
        self.events.append({"event": "ante", "seat": s, "amount": a, "dead": True})

    def straddlers(self) -> tuple[int, ...]:
        """Seats that post the structure's straddles, in posting order.

        >>> from pyeval.rules import Hand, Structure
        >>> h = Hand("holdem", Structure.no_limit(1, 2, straddles=(4, 8)),
        ...          {s: 100 for s in range(5)}, button=0, seed=1)
        >>> h.straddlers(), h.to_act
        ((3, 4), 0)
        """
        st, pos = self.structure, self.positions
        if not st.straddles or pos is None:
            return ()
        if st.button_straddle:
            return (pos.button,)
        after = [s for s in order_from(self.seats, pos.big_blind)
                 if s not in (pos.small_blind, pos.big_blind)]
        return tuple(after[:len(st.straddles)])

    def _post_forced(self) -> None:
        st = self.structure
        ante = st.ante and (st.ante_heads_up or len(self.seats) > 2)
        pos = self.positions
        if ante and st.ante_by == "each":
            for s in self.deal_order:
                a = self._pay(s, st.ante, False)
                self.events.append({"event": "ante", "seat": s, "amount": a})
        if ante and st.ante_by == "button":
            assert pos is not None
            poster = pos.button if pos.button in self.stacks else (
                pos.small_blind if pos.small_blind is not None else self.deal_order[0])
            self._dead_ante(poster)
        bb_ante = ante and st.ante_by == "big_blind"
        if bb_ante and st.bb_ante_order == "ante_first":
            assert pos is not None
            self._dead_ante(pos.big_blind)
        if pos is not None:
            if pos.small_blind is not None and st.small_blind:
                a = self._pay(pos.small_blind, st.small_blind, True)
                self.events.append({"event": "small_blind", "seat": pos.small_blind,
                                    "amount": a})
            if st.big_blind:
                a = self._pay(pos.big_blind, st.big_blind, True)
                self.events.append({"event": "big_blind", "seat": pos.big_blind,
                                    "amount": a})
        if bb_ante and st.bb_ante_order == "blind_first":
            assert pos is not None
            self._dead_ante(pos.big_blind)
        for s, amount in zip(self.straddlers(), st.straddles):
            a = self._pay(s, amount, True)
            self.events.append({"event": "straddle", "seat": s, "amount": a})
        for s, amount in self.posts.items():
            a = self._pay(s, amount, True)
            self.events.append({"event": "post", "seat": s, "amount": a})

