"""A hand of poker as a state machine: forced bets, dealing, betting rounds, discards and
draws, showdown and the chips each player wins.

Start a hand with the game, the structure, the stacks by seat, the button (or the
positions from :class:`pyeval.rules.table.ButtonState`) and a seed (or a deck, or given
cards). Then ask :meth:`Hand.legal` what the player to act may do and :meth:`Hand.act`;
dealing happens by itself. Any illegal action raises :class:`IllegalAction` saying why and
what is allowed. When the hand is over, :attr:`Hand.result` holds the pots with the players
eligible for each, the showdown order, the hands shown with their descriptions and the chips
won. Chips are integers and are conserved exactly (checked at the end of every hand).

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
...          seed=1)
>>> h.to_act, h.legal().describe()
(0, 'seat 0: fold, call 2, raise to 4..100')
>>> h.act("raise", to=3)
Traceback (most recent call last):
...
pyeval.rules.betting.IllegalAction: seat 0: raise to 3 is below the minimum raise to 4; allowed: ...
>>> h.fold(); h.fold()
>>> h.is_over, h.result.stacks
(True, {0: 100, 1: 99, 2: 101})

Order of play: before the flop from the left of the big blind, later from the left of the
button; heads-up the button posts the small blind, acts first before the flop and last after
it. Stud: the bring-in acts first, later streets the best hand showing. Discards and draws:
in order from the left of the button (dealer). Showdown: the last player to bet or raise on
the final betting round shows first, else the first player to act on it, then clockwise.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pyeval.rules.betting import (
    Action,
    IllegalAction,
    Legal,
    Limit,
    Round,
    Structure,
    order_at,
    order_from,
    whole_chips,
)
from pyeval.rules.deck import UNKNOWN, Deck, given
from pyeval.rules.forced_bets import ForcedBets
from pyeval.rules.games import Game
from pyeval.rules.games import game as find_game
from pyeval.rules.hand_result import HandResult, Shown
from pyeval.rules.hand_setup import (
    checked_absent,
    checked_button,
    checked_odd_chip,
    hand_deck,
    seat_amounts,
    seat_stacks,
)
from pyeval.rules.history import HISTORY_FORMAT, HistoryError, hand_history, replay_history
from pyeval.rules.pots import OddChip
from pyeval.rules.settle import Settle
from pyeval.rules.showdown import bring_in_seat, has_open_pair, opener
from pyeval.rules.table import Positions

__all__ = ["HISTORY_FORMAT", "SHOWDOWN_MODES", "Hand", "HandResult", "HistoryError", "Shown"]

SHOWDOWN_MODES = ("auto", "ask")


class Hand(ForcedBets, Settle):
    """One hand (see the module docstring)."""

    def __init__(self, game: Game | str, structure: Structure, stacks: Mapping[int, int],
                 *, button: int | None = None, positions: Positions | None = None,
                 seed: int | None = None, deck: Deck | Sequence[int] | str | None = None,
                 hole: Mapping[int, Any] | None = None, board: Any = None,
                 odd_chip: OddChip | str = OddChip.LEFT_OF_BUTTON, carry_in: int = 0,
                 posts: Mapping[int, int] | None = None, showdown: str = "auto",
                 absent: Iterable[int] = ()):
        self.game = find_game(game)
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a Structure, got {type(structure).__name__}")
        self.structure = structure
        self.odd_chip = checked_odd_chip(odd_chip, OddChip)
        button = checked_button(button)
        self.carry_in = whole_chips(carry_in, "carry_in")
        if not isinstance(showdown, str) or showdown not in SHOWDOWN_MODES:
            raise ValueError(f"showdown must be one of {SHOWDOWN_MODES}, got {showdown!r}")
        self.showdown = showdown
        st = seat_stacks(stacks)
        self.posts = seat_amounts(posts, "a post", 1)
        for s in self.posts:
            if s not in st:
                raise ValueError(f"seat {s} posts but is not dealt in")
        if len(st) < 2:
            raise ValueError(f"a hand needs at least two players, got {len(st)}")
        self.absent = checked_absent(absent, st)
        if len(st) > self.game.max_players:
            raise ValueError(f"{self.game.name} takes at most {self.game.max_players} players, "
                             f"got {len(st)}")
        self.seats = tuple(sorted(st))
        self._check_structure()
        self.start_stacks = dict(st)
        self.stacks = dict(st)
        self._take_positions(button, positions)
        self.deck = hand_deck(deck, seed, hole, board)
        for s in self.deck.hole:
            if s not in st:
                raise ValueError(f"hole cards given for seat {s}, which is not dealt in")
        # per-hand state
        self.dead = 0          # dead money: big-blind and button antes
        self.mucked = []
        self.contrib = {s: 0 for s in self.seats}
        self.bets = {s: 0 for s in self.seats}
        self.folded = set()
        self.down = {s: [] for s in self.seats}
        self.up = {s: [] for s in self.seats}
        self.board = []
        self.street = -1
        self.phase = "start"
        self.round = None
        self.rounds = []
        self.waiting = []
        self.events = []
        self.actions = []
        self.result = None
        self._post_forced()
        self._fold_absent()
        self._next_street()
        self._run()


    def _fold_absent(self) -> None:
        """A seat whose player has not arrived has posted its forced bets like any other
        (first rule sheet, "Time & Late Players") and is folded before a card is dealt: its
        chips stay in the pot, and it is dealt nothing and can win nothing."""
        for s in sorted(self.absent):
            self.folded.add(s)
            self.events.append({"event": "absent", "seat": s})

    # ------------------------------------------------------------------ dealing

    def _deal_street(self, i: int) -> None:
        street = self.game.streets[i]
        live = self.live()
        if street.hole:
            need = self.deck.stub_needed(live, street.hole) + (1 if street.burn else 0)
            if (self.game.family == "stud" and street.hole == 1 and
                    need > self.deck.available()):
                # not enough cards for everyone: one community card for all
                if street.burn and self.deck.available() >= 2:
                    b = self.deck.burn()
                    self.events.append({"event": "burn", "card": b})
                cs = self.deck.deal_board(1)
                self.board.extend(cs)
                self.events.append({"event": "board", "cards": cs, "street": street.name,
                                    "community": True})
                return
        if street.burn and (street.hole or street.board):
            b = self.deck.burn()
            if b is not None:
                self.events.append({"event": "burn", "card": b})
        if street.hole:
            got: dict[int, list[tuple[int, bool]]] = {s: [] for s in live}
            for j in range(street.hole):
                is_up = j >= street.down
                for s in live:
                    c = self.deck.deal(s, 1)[0]
                    (self.up if is_up else self.down)[s].append(c)
                    got[s].append((c, is_up))
            for s in live:
                self.events.append({"event": "hole", "seat": s, "street": street.name,
                                    "cards": [c for c, _ in got[s]],
                                    "up": [u for _, u in got[s]]})
        if street.board:
            cs = self.deck.deal_board(street.board)
            self.board.extend(cs)
            self.events.append({"event": "board", "cards": cs, "street": street.name})

    def _next_street(self) -> None:
        self.street += 1
        if self.street >= len(self.game.streets):
            self._begin_showdown()
            return
        street = self.game.streets[self.street]
        self._deal_street(self.street)
        if street.draw:
            self._wait_for("draw")
        else:
            self._start_round()

    def _wait_for(self, phase: str) -> None:
        """Wait for every live player's ``phase`` decision (a draw or a discard)."""
        self.phase = phase
        self.waiting = self.live()

    def _start_round(self) -> None:
        street = self.game.streets[self.street]
        st = self.structure
        self.phase = "betting"
        live = self.live()
        current = raise_count = full_level = 0
        bis: int | None = None
        if self.game.family == "stud":
            # unknown up cards (a history's ??) take no part in who brings in or opens
            up = {s: [c for c in self.up[s] if c != UNKNOWN] for s in live}
            up = {s: cs for s, cs in up.items() if cs}
            if street.bring_in and st.bring_in and up:
                low = bring_in_seat(self.game.low_opens, up)
                first = low
                # the bring-in passes clockwise when the low card is all-in from the ante
                for s in order_at(self.seats, low):
                    if s not in self.folded and self.stacks[s] > 0:
                        bis = s
                        break
            elif up:
                first = opener(self.game.low_opens, up, self.deal_order)
            else:
                first = self.deal_order[0]
            order = order_at(self.seats, bis if bis is not None else first)
        elif self.street == 0 and self.positions is not None and st.big_blind:
            strad = self.straddlers()
            order = order_from(self.seats, strad[-1] if strad else self.positions.big_blind)
            current = st.opening_bet
            raise_count = 1
            full_level = st.opening_bet
        else:
            order = self.deal_order
        big_option = (st.limit == Limit.FIXED_LIMIT and street.open_pair and
                      has_open_pair({s: [c for c in self.up[s] if c != UNKNOWN] for s in live}))
        current = max([current] + [self.bets[s] for s in self.seats])
        self.round = Round(st, order, self.stacks, self.bets, self.folded,
                           pot=sum(self.contrib.values()) + self.carry_in + self.dead,
                           big=street.big_bet, big_option=big_option, current=current,
                           raise_count=raise_count, full_level=full_level, bring_in_seat=bis,
                           opening_raise=st.opening_bet if st.straddles and self.street == 0
                           else 0)
        self.rounds.append(self.round)

    def _end_round(self) -> None:
        self._collect()
        if len(self.live()) < 2:
            self._finish()
            return
        street = self.game.streets[self.street]
        if street.discard:
            self._wait_for("discard")
        else:
            self._next_street()

    def _run(self) -> None:
        """Advance through everything that needs no decision."""
        while self.phase != "over":
            if self.phase == "betting":
                assert self.round is not None
                if self.round.done or len(self.live()) < 2:
                    self._end_round()
                    continue
                return
            if self.phase == "showdown":
                self.waiting = [s for s in self.waiting if self._contested(s)]
                if self.waiting:
                    return
                self._finish()
                continue
            if self.phase in ("discard", "draw"):
                self.waiting = [s for s in self.waiting if s not in self.folded]
                if self.waiting:
                    return
                if self.phase == "discard":
                    self._next_street()
                else:
                    self._start_round()
                continue
            raise AssertionError(self.phase)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        """True once the chips have been awarded."""
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the hand waits for (``None`` when over)."""
        if self.phase == "betting" and self.round is not None:
            return self.round.to_act
        if self.phase in ("discard", "draw", "showdown"):
            return self.waiting[0]
        return None

    @property
    def street_name(self) -> str | None:
        """Name of the current street (``None`` when over)."""
        if self.phase == "showdown":
            return "showdown"
        if self.phase == "over" or self.street >= len(self.game.streets):
            return None
        return self.game.streets[self.street].name

    def pot_total(self) -> int:
        """All chips in the middle: the pot and this round's bets."""
        return sum(self.contrib.values()) + sum(self.bets.values()) + self.carry_in + self.dead

    def legal(self) -> Legal:
        """What the player to act may do (see :class:`Legal`)."""
        if self.phase == "over":
            raise IllegalAction("the hand is over: nobody is to act")
        if self.phase == "betting":
            assert self.round is not None
            return self.round.legal()
        if self.phase == "showdown":
            return self._showdown_legal()
        s = self.waiting[0]
        if self.phase == "discard":
            return Legal(s, ("discard",), discard=self.game.streets[self.street].discard)
        return Legal(s, ("draw",), draw_max=min(self.game.draw_max, len(self.down[s])))

    # ------------------------------------------------------------------ acting

    def act(self, action: Action | str, to: int | None = None, cards: Any = (),
            seat: int | None = None) -> None:
        """Apply an action of the player to act: an :class:`Action`, or its kind with
        ``to=`` (bet, raise, complete) or ``cards=`` (discard, draw); at a showdown played
        with ``showdown="ask"`` (or for a hand nobody saw): ``show`` or ``muck``."""
        if not isinstance(action, (str, Action)):
            raise IllegalAction(f"an action is an Action or one of {', '.join(Action.KINDS)}, "
                                f"got {action!r}")
        if isinstance(action, str):
            cs: tuple[int, ...] = ()
            if given(cards):
                from pyeval.cards import cards as parse
                cs = tuple(int(c) for c in parse(cards, what="cards"))
            action = Action(action, to, cs, seat)
        if self.phase == "over":
            raise IllegalAction("the hand is over: nobody is to act")
        if self.phase == "showdown":
            self._act_showdown(action)
        elif self.phase == "betting":
            assert self.round is not None
            s = self.round.to_act
            assert s is not None
            name = self.round.act(action)
            self.actions.append(action if (action.kind, action.seat) == (name, s) and (
                name in ("bet", "raise", "complete") or action.to is None) else
                Action(name, action.to if name in ("bet", "raise", "complete") else None, (), s))
            self.events.append({"event": name, "seat": s, "to": self.bets[s],
                                "stack": self.stacks[s]})
        else:
            self._act_cards(action)
        self._run()

    def _act_cards(self, action: Action) -> None:
        legal = self.legal()
        s = legal.seat
        phase = self.phase

        def refuse(why: str) -> IllegalAction:
            return IllegalAction(f"seat {s}: {why}; allowed: "
                                 f"{legal.describe()[len(f'seat {s}: '):]}")

        if action.seat is not None and action.seat != s:
            raise IllegalAction(f"seat {action.seat} cannot act: seat {s} is to act; allowed: "
                                f"{legal.describe()}")
        if action.kind != phase:
            raise refuse(f"{action.kind} is not allowed now: every player still in must {phase}")
        cs = list(action.cards)
        if len(set(cs)) != len(cs):
            raise refuse("a card is named twice")
        own = self.down[s]
        stray = [c for c in cs if c not in own]
        if stray:
            from pyeval.cards import format_cards
            raise refuse(f"{format_cards(stray)} {'is' if len(stray) == 1 else 'are'} not among "
                         f"your down cards {format_cards(own)}")
        if phase == "discard" and len(cs) != legal.discard:
            raise refuse(f"{len(cs)} cards named, exactly {legal.discard} must be discarded")
        if phase == "draw" and len(cs) > legal.draw_max:
            raise refuse(f"{len(cs)} cards named, at most {legal.draw_max} may be exchanged")
        for c in cs:
            own.remove(c)
        self.deck.discard(cs)
        new: list[int] = []
        if phase == "draw" and cs:
            new = self.deck.deal(s, len(cs), keep=cs)
            own.extend(new)
        self.waiting.pop(0)
        self.actions.append(Action(phase, None, tuple(cs), s))
        self.events.append({"event": phase, "seat": s, "cards": cs, "new": new})

    # convenience
    def fold(self) -> None:
        """Fold."""
        self.act("fold")

    def check(self) -> None:
        """Check."""
        self.act("check")

    def call(self) -> None:
        """Call (all-in for less when short)."""
        self.act("call")

    def bet(self, to: int) -> None:
        """Bet ``to`` chips."""
        self.act("bet", to=to)

    def raise_to(self, to: int) -> None:
        """Raise to a total of ``to`` chips this round."""
        self.act("raise", to=to)

    def complete(self, to: int | None = None) -> None:
        """Complete a bring-in or short bet (fixed limit: to the full bet)."""
        if to is None:
            to = self.legal().min_to
        self.act("complete", to=to)

    def bring_in(self) -> None:
        """Post the bring-in."""
        self.act("bring_in")

    def discard(self, cards: Any) -> None:
        """Discard down cards (Irish, Pineapple, Crazy Pineapple, Australian)."""
        self.act("discard", cards=cards)

    def draw(self, cards: Any = ()) -> None:
        """Exchange these down cards (none: stand pat)."""
        self.act("draw", cards=cards)

    # ------------------------------------------------------------------ end
    # ------------------------------------------------------------------ history

    def history(self) -> dict:
        """The hand as plain data: set-up, deck and actions (and the result to check a
        replay against). :meth:`replay` plays it again exactly."""
        return hand_history(self)

    def to_json(self, **kw: Any) -> str:
        """:meth:`history` as JSON text."""
        return json.dumps(self.history(), **kw)

    @classmethod
    def replay(cls, history: str | Mapping, check: bool = True,
               name: str = "hand history") -> Hand:
        """Play a hand history again (JSON text or :meth:`history` data). With ``check``, a
        finished history must end with the recorded stacks. A history that cannot be read
        or replayed raises :class:`HistoryError` naming ``name``, the action and what was
        expected.

        >>> from pyeval.rules import Hand, Structure
        >>> h = Hand("Razz", Structure.stud(1, 2, 4), {0: 50, 1: 50}, seed=3)
        >>> while not h.is_over:
        ...     h.act("call" if "call" in h.legal().actions else h.legal().actions[0])
        >>> Hand.replay(h.to_json()).result.stacks == h.result.stacks
        True
        """
        return replay_history(cls, history, check, name)
