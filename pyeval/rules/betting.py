"""Betting structures and one betting round: who acts, what is legal, what an action does.

Structures (:class:`Structure`): no limit, pot limit and fixed limit, with blinds (small
blind half the big blind unless told), antes (from every player, from the big blind for the
table, or from the button), straddles and a stud bring-in.

Rules a :class:`Round` enforces:

- No limit / pot limit: the minimum bet is the big blind (stud: the small bet); a raise is at
  least the size of the previous full bet or raise; pot limit caps a raise at the pot after
  calling. All-in for less is always allowed.
- Fixed limit: bets and raises of exactly the street's bet (small bet on the first rounds,
  big bet after; stud: an open pair on fourth street lets a player bet or raise the big bet,
  after which the round goes on in big bets). A bet and three raises per round (the blind or
  a stud completion counts as the bet, a bring-in does not); no cap while only two players
  contest the pot. A bet below the full bet (an all-in, or a bring-in) can be completed to
  the full bet.
- An all-in raise smaller than a full raise does not reopen the betting to a player who has
  already acted (no limit, pot limit); in fixed limit an all-in of at least half a bet does.
  Several short all-ins that add up to a full raise reopen it. Posting a blind or a
  bring-in is not acting: those players may still raise.
- A player all-in for part of the big blind: the others act as if the full blind was posted
  (calls are to the full blind; the part nobody matched is returned at the end).
- Nobody may raise when no other player could call more (everybody else all-in or folded);
  folding is refused when checking is free.

>>> s = Structure.no_limit(50, 100)
>>> r = Round(s, order=(3, 4, 0), stacks={0: 950, 3: 1000, 4: 900}, bets={0: 50, 4: 100},
...           folded=set(), pot=0, big=False, current=100, raise_count=1, full_level=100)
>>> r.legal().describe()
'seat 3: fold, call 100, raise to 200..1000'
>>> r.act(Action("raise", to=150))
Traceback (most recent call last):
...
pyeval.rules.betting.IllegalAction: seat 3: raise to 150 is below the minimum raise to 200; allowed: ...
"""
from __future__ import annotations

import numbers
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field

from pyeval.rules.structure import MAX_CHIPS as MAX_CHIPS  # re-exported: still imported from here
from pyeval.rules.structure import Limit, Structure, whole_chips


class IllegalAction(ValueError):
    """An action the rules do not allow; the message says why and what is allowed."""



@dataclass(frozen=True)
class Action:
    """A player's action. ``to``: the total a bet, raise or completion makes this player's
    bet this round; ``cards``: discarded cards (discard and draw).

    >>> Action("raise", to=300)
    Action(kind='raise', to=300, cards=(), seat=None)
    """

    kind: str
    to: int | None = None
    cards: tuple[int, ...] = ()
    seat: int | None = None

    KINDS = ("fold", "check", "call", "bet", "raise", "complete", "bring_in", "discard", "draw",
             "show", "muck")

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in self.KINDS:
            raise IllegalAction(f"unknown action {self.kind!r}; actions are "
                                f"{', '.join(self.KINDS)}")
        if self.to is not None:
            object.__setattr__(self, "to", whole_chips(self.to, f"{self.kind} to=", 0,
                                                       IllegalAction))
        if self.seat is not None:
            if not isinstance(self.seat, numbers.Integral) or isinstance(self.seat, bool) \
                    or self.seat < 0:
                raise IllegalAction(f"seat must be a seat number >= 0, got {self.seat!r}")
            object.__setattr__(self, "seat", int(self.seat))
        if isinstance(self.cards, (str, bytes)) or not isinstance(self.cards, (tuple, list)):
            raise IllegalAction(f"cards must be a sequence of card numbers, got {self.cards!r}")
        object.__setattr__(self, "cards", tuple(self.cards))

    def to_dict(self) -> dict:
        """Plain data (for hand histories)."""
        d: dict = {"seat": self.seat, "action": self.kind}
        if self.to is not None:
            d["to"] = self.to
        if self.cards:
            from pyeval.cards import format_cards
            d["cards"] = format_cards(self.cards)
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> Action:
        """Inverse of :meth:`to_dict`.

        >>> Action.from_dict({})
        Traceback (most recent call last):
        ...
        pyeval.rules.betting.IllegalAction: an action needs 'action' (one of fold, ...), got {}
        """
        if not isinstance(d, Mapping) or "action" not in d:
            raise IllegalAction(f"an action needs 'action' (one of {', '.join(cls.KINDS)}), "
                                f"got {d!r}")
        cs: tuple[int, ...] = ()
        if d.get("cards"):
            from pyeval.cards import cards as parse
            try:
                cs = tuple(int(c) for c in parse(d["cards"]))
            except (TypeError, ValueError) as e:
                raise IllegalAction(f"bad cards {d['cards']!r}: {e}") from None
        return cls(d["action"], d.get("to"), cs, d.get("seat"))


@dataclass(frozen=True)
class Legal:
    """What the player to act may do.

    ``call``: chips needed to call (0: check is allowed); ``raise_name``: "bet", "raise" or
    "complete" when a bet/raise is allowed, with ``min_to``..``max_to`` (the total bet this
    round); ``choices``: the exact totals allowed in fixed limit; ``bring_in``: the amount of
    a bring-in when one is due; ``discard``: cards to discard (discard phase);
    ``draw_max``: most cards that may be exchanged (draw phase).

    >>> Legal(2, ("fold", "call", "raise"), call=20, raise_name="raise", min_to=40,
    ...       max_to=40, choices=(40,)).describe()
    'seat 2: fold, call 20, raise to 40'
    """

    seat: int
    actions: tuple[str, ...]
    call: int = 0
    raise_name: str | None = None
    min_to: int | None = None
    max_to: int | None = None
    choices: tuple[int, ...] | None = None
    bring_in: int | None = None
    discard: int = 0
    draw_max: int = 0

    def can_raise_to(self, to: int) -> bool:
        """Whether a bet/raise/completion to ``to`` is allowed."""
        if self.raise_name is None:
            return False
        if self.choices is not None:
            return to in self.choices
        assert self.min_to is not None and self.max_to is not None
        return self.min_to <= to <= self.max_to

    def describe(self) -> str:
        """The allowed actions in words: "seat 3: fold, call 100, raise to 200..1000"."""
        out = []
        for a in self.actions:
            if a == "call":
                out.append(f"call {self.call}")
            elif a == "bring_in":
                out.append(f"bring in {self.bring_in}")
            elif a in ("bet", "raise", "complete"):
                if self.choices is not None:
                    amt = " or ".join(str(c) for c in self.choices)
                elif self.min_to == self.max_to:
                    amt = str(self.min_to)
                else:
                    amt = f"{self.min_to}..{self.max_to}"
                out.append(f"bet {amt}" if a == "bet" else f"{a} to {amt}")
            elif a == "discard":
                out.append(f"discard exactly {self.discard} down card"
                           f"{'s' if self.discard != 1 else ''}")
            elif a == "draw":
                out.append(f"draw (exchange 0..{self.draw_max} cards)")
            else:
                out.append(a)
        return f"seat {self.seat}: " + ", ".join(out)


@dataclass
class Round:
    """One betting round. ``order``: every seat dealt in, clockwise, starting with the first
    to act; ``stacks``, ``bets`` and ``folded`` are shared with the hand and changed in
    place; ``pot``: chips already in the pot from earlier rounds (pot limit); ``big``:
    fixed limit uses the big bet; ``big_option``: an open pair lets a player choose the big
    bet; ``current``: the bet to call (the full big blind pre-flop, even when the big blind
    is all-in for less); ``full_level``: the bet set by the last full bet or raise;
    ``raise_count``: full bets and raises made (pre-flop the blind counts as one);
    ``bring_in_seat``: the player who must bring in (or complete) first; ``opening_raise``:
    the smallest raise when it is not the minimum bet (a straddle).
    """

    structure: Structure
    order: tuple[int, ...]
    stacks: MutableMapping[int, int]
    bets: MutableMapping[int, int]
    folded: set
    pot: int
    big: bool = False
    big_option: bool = False
    current: int = 0
    raise_count: int = 0
    full_level: int = 0
    bring_in_seat: int | None = None
    opening_raise: int = 0
    pending: list = field(default_factory=list)
    acted: dict = field(default_factory=dict)
    acted_count: dict = field(default_factory=dict)
    brought_in: bool = False
    full_raise: int = 0
    to_act: int | None = None
    last_aggressor: int | None = None
    actions: int = 0
    short_all_ins: int = 0
    half_bet_raises: int = 0

    def __post_init__(self) -> None:
        for s in self.order:
            self.bets.setdefault(s, 0)
        lim = self.structure.limit
        self.bet_size = (self.structure.big_bet if self.big else self.structure.small_bet)
        self.full_raise = self.structure.small_bet if lim != Limit.FIXED_LIMIT else self.bet_size
        if self.opening_raise and lim != Limit.FIXED_LIMIT:
            self.full_raise = self.opening_raise   # a straddle is the hand's big blind
        self.fixed = lim == Limit.FIXED_LIMIT
        able = [s for s in self.order if s not in self.folded and self.stacks[s] > 0]
        if len(able) == 1 and self.bets[able[0]] >= self.current and self.bring_in_seat is None:
            able = []
        if len(self.live()) < 2:
            able = []
        self.pending = able
        if self.bring_in_seat is not None and self.bring_in_seat not in able:
            self.bring_in_seat = None
        self.to_act = self._next_from(self.order[0])

    # ------------------------------------------------------------------ queries

    def live(self) -> list[int]:
        """Seats still in the hand (not folded), in order."""
        return [s for s in self.order if s not in self.folded]

    @property
    def done(self) -> bool:
        """True when nobody has to act any more."""
        return self.to_act is None

    def _next_from(self, start: int) -> int | None:
        """First pending seat clockwise from ``start`` (inclusive)."""
        if not self.pending or len(self.live()) < 2:
            return None
        i = self.order.index(start)
        n = len(self.order)
        for k in range(n):
            s = self.order[(i + k) % n]
            if s in self.pending:
                return s
        return None

    def _can_anyone_respond(self, seat: int) -> bool:
        return any(q != seat and q not in self.folded and self.stacks[q] > 0
                   and self.bets[q] + self.stacks[q] > self.current for q in self.order)

    def _reopened(self, seat: int) -> bool:
        """May ``seat`` raise, given what it did earlier this round? Yes if it has not acted
        (blinds and bring-ins are not actions), if a full bet or raise came since, or if the
        short all-ins since add up to a full raise (half a bet in fixed limit)."""
        a = self.acted.get(seat)
        if a is None or self.raise_count > self.acted_count[seat]:
            return True
        faced = self.current - a
        if self.fixed:
            return 2 * faced >= self.bet_size
        return faced >= self.full_raise

    def _capped(self) -> bool:
        if not self.fixed:
            return False
        if len(self.live()) <= 2:
            return False  # no cap heads-up
        return self.raise_count >= 1 + self.structure.max_raises

    def _completion_pending(self) -> bool:
        """No limit / pot limit stud: after a bring-in the first full bet is the completion
        to the small bet."""
        return (self.brought_in or self.bring_in_seat is not None) and self.full_level == 0

    def raise_targets(self, seat: int) -> tuple[str | None, int | None, int | None,
                                                tuple[int, ...] | None, str]:
        """(name, min_to, max_to, choices, why_not) for a bet or raise by ``seat``."""
        stack, bet = self.stacks[seat], self.bets[seat]
        allin = stack + bet
        if self.bring_in_seat == seat or (self.full_level == 0 and self.current > 0 and (
                self.fixed or self.brought_in)):
            name = "complete"
        elif self.current == 0:
            name = "bet"
        else:
            name = "raise"
        if allin <= self.current:
            return None, None, None, None, f"a {name} needs more chips than the {stack} left"
        if self._capped():
            return None, None, None, None, (f"the betting is capped at a bet and "
                                            f"{self.structure.max_raises} raises")
        if self.structure.raises_first_turn_only and seat in self.acted:
            return None, None, None, None, ("no raise once the betting has passed around to "
                                            "the dealer: a player bets or raises only on "
                                            "their first turn of a round")
        if not self._reopened(seat):
            return None, None, None, None, ("an all-in raise smaller than a full raise does "
                                            "not reopen the betting to a player who has acted")
        if not self._can_anyone_respond(seat):
            return None, None, None, None, "no other player could call a raise"
        if self.fixed:
            targets = [self.full_level + self.bet_size]
            if self.big_option and self.bet_size < self.structure.big_bet:
                targets.append(self.full_level + self.structure.big_bet)
            choices = tuple(sorted({min(t, allin) for t in targets}))
            return name, choices[0], choices[-1], choices, ""
        if self._completion_pending():
            min_full = self.structure.small_bet
        else:
            min_full = self.current + self.full_raise
        if self.structure.limit == Limit.POT_LIMIT:
            call = self.current - bet
            pot_to = self.current + self.pot + sum(self.bets.values()) + call
            max_to = max(min_full, pot_to)
        else:
            max_to = allin
        return name, min(min_full, allin), min(max_to, allin), None, ""

    def legal(self) -> Legal:
        """Legal actions of the player to act."""
        if self.to_act is None:
            raise IllegalAction("the betting round is over: nobody is to act")
        s = self.to_act
        stack, bet = self.stacks[s], self.bets[s]
        if self.bring_in_seat == s:
            amt = min(stack, self.structure.bring_in)
            name, lo, hi, ch, _ = self.raise_targets(s)
            if stack > amt and name is not None:
                return Legal(s, ("bring_in", "complete"), 0, "complete", lo, hi, ch, amt)
            return Legal(s, ("bring_in",), 0, None, None, None, None, amt)
        call = min(stack, self.current - bet)
        acts = ["fold", "call"] if call > 0 else ["check"]
        name, lo, hi, ch, _ = self.raise_targets(s)
        if name is not None:
            acts.append(name)
        return Legal(s, tuple(acts), call, name, lo, hi, ch)

    # ------------------------------------------------------------------ acting

    def _act_passive(self, action: Action) -> str | None:
        """Fold, check or call without working out the raise limits (the common case);
        ``None`` when the action needs the full check (and its error message)."""
        s = self.to_act
        kind = action.kind
        if s is None or self.bring_in_seat == s or (action.seat is not None and action.seat != s):
            return None
        call = min(self.stacks[s], self.current - self.bets[s])
        if (call <= 0) != (kind == "check"):     # check only when free; fold or call a bet
            return None
        return self._take_passive(s, kind, call)

    def _take_passive(self, s: int, kind: str, call: int) -> str:
        """Seat ``s`` folds, checks or calls ``call`` chips (already found allowed) and the
        turn passes on; returns ``kind``."""
        if kind == "fold":
            self.folded.add(s)
        elif kind == "check":
            self.acted[s] = self.current
            self.acted_count[s] = self.raise_count
        else:
            self._put(s, call)
            self.acted[s] = self.bets[s]
            self.acted_count[s] = self.raise_count
        self.pending.remove(s)
        self.actions += 1
        self._advance(s)
        return kind

    def act(self, action: Action) -> str:
        """Apply ``action`` for the player to act; returns the canonical action name."""
        if action.kind in ("fold", "check", "call"):
            done = self._act_passive(action)
            if done is not None:
                return done
        legal = self.legal()
        s = legal.seat
        if action.seat is not None and action.seat != s:
            raise IllegalAction(f"seat {action.seat} cannot act: seat {s} is to act; "
                                f"allowed: {legal.describe()}")
        kind = action.kind

        def refuse(why: str) -> IllegalAction:
            return IllegalAction(f"seat {s}: {why}; allowed: {legal.describe()[len(f'seat {s}: '):]}")

        if kind in ("discard", "draw"):
            raise refuse(f"cannot {kind} during a betting round")
        if kind == "bring_in":
            if "bring_in" not in legal.actions:
                raise refuse("no bring-in is due")
            amt = legal.bring_in or 0
            self._put(s, amt)
            self.current = max(self.current, self.bets[s])
            self.bring_in_seat = None
            self.brought_in = True
            self.pending.remove(s)
            self.actions += 1
            self._advance(s)
            return "bring_in"
        if self.bring_in_seat == s and kind not in ("complete", "raise", "bet"):
            raise refuse(f"{kind} is not allowed: the bring-in must be posted or completed")
        if kind in ("fold", "check", "call"):
            if kind not in legal.actions:
                refusal = {"fold": "fold is not allowed when checking is free",
                       "check": f"cannot check facing a bet of {self.current} ({legal.call} to call)",
                       "call": "there is nothing to call"}[kind]
                raise refuse(refusal)
            return self._take_passive(s, kind, legal.call)
        # bet / raise / complete: synonyms for "make my bet this round `to`"
        name, lo, hi, ch, why = self.raise_targets(s)
        word = kind if kind != "complete" else "completion"
        if name is None:
            raise refuse(f"cannot {kind}: {why}")
        if action.to is None:
            raise refuse(f"a {word} needs an amount (to=...)")
        to = int(action.to)
        assert lo is not None and hi is not None
        if ch is not None and to not in ch:
            if to < lo:
                raise refuse(f"{kind} to {to} is below the minimum {name} to {lo}")
            if to > hi:
                raise refuse(f"{kind} to {to} is above the maximum {name} to {hi}")
            raise refuse(f"{kind} to {to} is not allowed in fixed limit")
        if to < lo:
            raise refuse(f"{kind} to {to} is below the minimum {name} to {lo}")
        if to > hi:
            limit_word = "pot limit" if self.structure.limit == Limit.POT_LIMIT else "all-in"
            raise refuse(f"{kind} to {to} is above the maximum {name} to {hi} ({limit_word})")
        self._raise(s, to)
        self.actions += 1
        return name

    def _put(self, s: int, chips: int) -> None:
        assert 0 <= chips <= self.stacks[s]
        self.stacks[s] -= chips
        self.bets[s] += chips

    def _raise(self, s: int, to: int) -> None:
        prev = self.current
        if self.fixed:
            base = self.full_level
            full = 2 * (to - base) >= self.bet_size
            if self.big_option and to - base >= self.structure.big_bet:
                self.bet_size = self.structure.big_bet
            if full:
                if to - base < self.bet_size:
                    self.half_bet_raises += 1   # all-in for half a bet or more: counts
                self.full_level = to
                self.raise_count += 1
        else:
            if self._completion_pending():
                full = to >= self.structure.small_bet
            else:
                full = to - prev >= self.full_raise
            if full:
                self.full_raise = max(self.full_raise, to - prev)
                self.full_level = to
                self.raise_count += 1
        if not full:
            self.short_all_ins += 1
        self._put(s, to - self.bets[s])
        self.current = max(self.current, to)
        self.bring_in_seat = None
        self.acted[s] = to
        self.acted_count[s] = self.raise_count
        self.last_aggressor = s
        self.pending = [q for q in self.order if q != s and q not in self.folded
                        and self.stacks[q] > 0]
        self._advance(s)

    def _advance(self, after: int) -> None:
        i = self.order.index(after)
        self.to_act = self._next_from(self.order[(i + 1) % len(self.order)])


def order_from(seats: Sequence[int], start_after: int) -> tuple[int, ...]:
    """Seats clockwise (ascending seat numbers, wrapping), starting with the first seat after
    ``start_after`` (which need not be occupied).

    >>> order_from([0, 2, 5, 7], 5)
    (7, 0, 2, 5)
    >>> order_from([0, 2, 5, 7], 3)
    (5, 7, 0, 2)
    """
    ss = sorted(seats)
    after = [s for s in ss if s > start_after]
    before = [s for s in ss if s <= start_after]
    return tuple(after + before)


def order_at(seats: Sequence[int], start: int) -> tuple[int, ...]:
    """Seats clockwise starting with ``start`` itself (which must be occupied).

    >>> order_at([0, 2, 5, 7], 5)
    (5, 7, 0, 2)
    """
    ss = sorted(seats)
    i = ss.index(start)
    return tuple(ss[i:] + ss[:i])
