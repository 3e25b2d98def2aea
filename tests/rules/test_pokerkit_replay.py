"""Replay random hands side by side with pokerkit's state machine and compare every stack.

Games pokerkit models correctly: no-limit hold'em, pot-limit Omaha, 7 card stud and razz
(fixed limit); fixed-limit hold'em as well, for the fixed-limit rules. Every decision also
compares who acts, the amount to call and the bet/raise limits; see ``pokerkit_pair`` for
the documented rule differences.
"""
import pytest

pytest.importorskip("pokerkit")

from pyeval.rules import Structure

from .pokerkit_pair import Stats, play_pair

CASES = {
    "nlhe": ("Texas Hold'em", Structure.no_limit(1, 2), 6),
    "nlhe-ante": ("Texas Hold'em", Structure.no_limit(5, 10, ante=1), 6),
    "plo": ("Omaha", Structure.pot_limit(1, 2), 6),
    "flhe": ("Texas Hold'em", Structure.fixed_limit(2, 4), 6),
    "stud": ("7 Card Stud", Structure.stud(1, 2, 4, 8), 7),
    "razz": ("Razz", Structure.stud(1, 2, 4, 8), 7),
}
HANDS = 300


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.slow
def test_stacks_match_pokerkit(case):
    game, st, max_players = CASES[case]
    stats = Stats()
    low = st.big_blind + st.ante + st.bring_in + st.small_bet + 1   # no all-in on forced bets
    for seed in range(HANDS):
        play_pair(game, st, 1000 * len(case) + seed, stats, max_players=max_players,
                  stack_range=(low, 300))
    assert stats.hands == HANDS
    assert stats.odd_chip_hands <= HANDS // 20
    assert stats.showdowns >= HANDS // 2          # most hands reach a showdown
    assert stats.decisions >= 5 * HANDS
