"""Property tests: random legal action sequences in every game and structure never lose or
create a chip, every hand ends, and every finished hand replays from its history."""
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.rules import GAMES, Hand, IllegalAction, Limit, Structure
from pyeval.rules.play import random_action

STRUCTURES = {
    "holdem": [Structure.no_limit(1, 2), Structure.pot_limit(5, 10, ante=1),
               Structure.fixed_limit(2, 4)],
    "stud": [Structure.stud(1, 2, 4, 8), Structure.stud(0, 2, 4, 8, limit=Limit.NO_LIMIT),
             Structure.stud(2, 3, 5, limit=Limit.POT_LIMIT)],
    "draw": [Structure.no_limit(1, 2), Structure.fixed_limit(2, 4),
             Structure(Limit.FIXED_LIMIT, ante=1, small_bet=2)],
}


@st.composite
def hands(draw):
    name = draw(st.sampled_from(sorted(GAMES)))
    g = GAMES[name]
    structure = draw(st.sampled_from(STRUCTURES[g.family]))
    n = draw(st.integers(2, g.max_players))
    seats = draw(st.lists(st.integers(0, 12), min_size=n, max_size=n, unique=True))
    stacks = {s: draw(st.integers(1, 400)) for s in seats}
    button = draw(st.integers(0, 12))
    odd = draw(st.sampled_from(["left_of_button", "high_half", "carry"]))
    carry_in = draw(st.integers(0, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    return Hand(g, structure, stacks, button=button, seed=seed, odd_chip=odd,
                carry_in=carry_in), seed


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.floats(0.0, 0.5), st.floats(0.0, 0.6))
def test_random_play_conserves_chips_and_ends(hs, p_fold, p_raise):
    h, seed = hs
    total = sum(h.start_stacks.values()) + h.carry_in
    rng = np.random.default_rng(seed)
    steps = 0
    while not h.is_over:
        # chips in stacks plus chips in the middle never change during the hand
        assert sum(h.stacks.values()) + h.pot_total() == total
        assert all(v >= 0 for v in h.stacks.values())
        h.act(random_action(h, rng, p_fold=p_fold, p_raise=p_raise))
        steps += 1
        assert steps < 500, "hand did not end"
    r = h.result
    assert sum(r.stacks.values()) + r.carry == total
    # what went in (contributions and carry) is what the pots and returns hold
    put_in = sum(h.contrib.values()) + h.carry_in
    assert sum(pa.pot.amount for pa in r.pots) + sum(r.returned.values()) == put_in
    assert sum(r.won.values()) + r.carry == sum(pa.pot.amount for pa in r.pots)
    for pa in r.pots:
        assert sum(pa.awards.values()) + pa.carried == pa.pot.amount
        assert set(pa.awards) <= set(pa.pot.eligible)
    assert Hand.replay(h.to_json()).result.stacks == r.stacks


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.data())
def test_illegal_actions_never_change_the_hand(hs, data):
    """Random (often illegal) actions: an illegal one raises and leaves everything as it
    was; the hand still ends with every chip accounted for."""
    h, seed = hs
    total = sum(h.start_stacks.values()) + h.carry_in
    rng = np.random.default_rng(seed)
    steps = 0
    while not h.is_over and steps < 500:
        kind = data.draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "complete",
                                          "bring_in", "discard", "draw"]))
        to = data.draw(st.integers(0, 500))
        before = (dict(h.stacks), dict(h.bets), set(h.folded), h.to_act, len(h.events))
        try:
            h.act(kind, to=to if kind in ("bet", "raise", "complete") else None)
        except IllegalAction as e:
            assert str(e)
            assert before == (dict(h.stacks), dict(h.bets), set(h.folded), h.to_act,
                              len(h.events))
            h.act(random_action(h, rng))
        steps += 1
    assert h.is_over
    assert sum(h.result.stacks.values()) + h.result.carry == total
