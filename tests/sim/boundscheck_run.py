"""Run by tests/sim/test_hostile_sim.py in a subprocess with ``NUMBA_BOUNDSCHECK=1`` (and a
cache of its own): one structure that deals every game family (dealer's choice of the
hold'em games and their variants, the stud games, the draw) in one kernel, with levels
counted in hands at each table, aligned breaks, a colour-up, rebuys, an add-on, late
registration, re-entry, late players and the sheets' seating rules (the card draw between
equally full tables: more than 52 of them once the field passes ~470), simulated once per
field from 2 to 10,000 players. Prints one JSON line per field: the winners, the chips at
the start, the error code, the first and last place."""
from __future__ import annotations

import json
import sys

import numpy as np

from pyeval.sim import simulate
from pyeval.tournament.structure import parse_structure

FIELDS = (2, 9, 64, 65, 450, 520, 1000, 10_000)

LEVELS = [
    ("dealers_choice", "pot_limit", "small_blind = 50\nbig_blind = 100"),
    ("seven_card_stud", "fixed_limit", "ante = 25\nbring_in = 50\nsmall_bet = 100\nbig_bet = 200"),
    ("five_card_draw", "fixed_limit", "small_blind = 100\nbig_blind = 200\nsmall_bet = 200\nbig_bet = 400"),
    ("dealers_choice_stud", "fixed_limit", "ante = 100\nbring_in = 200\nsmall_bet = 400\nbig_bet = 800"),
    ("dealers_choice", "pot_limit", "small_blind = 500\nbig_blind = 1000"),
    ("razz", "fixed_limit", "ante = 500\nbring_in = 1000\nsmall_bet = 2000\nbig_bet = 4000"),
    ("holdem", "no_limit", "small_blind = 2000\nbig_blind = 4000\nante = 500"),
    ("omaha_hilo", "pot_limit", "small_blind = 5000\nbig_blind = 10000"),
]


def structure_text() -> str:
    """The mixed structure's TOML (every family in one kernel)."""
    out = ['[tournament]\nname = "every family, levels in hands"\nformat = "single_field"',
           "[entrants]\nmin = 2\nmax = 10000", "[buy_in]\nprice = 10\nfee = 0",
           "[chips]\nstarting = 5000\ndenominations = [25, 100, 500, 1000]",
           "[[chips.colour_up]]\nbefore_level = 5\nremove = [25]",
           "[rebuys]\nprice = 10\nfee = 0\nchips = 5000\nper_player = 2\nuntil_level = 2",
           "[add_on]\nprice = 10\nfee = 0\nchips = 5000\nbefore_level = 3",
           "[late_registration]\nuntil_level = 2",
           "[re_entry]\nprice = 10\nfee = 0\nchips = 5000\nper_player = 1\nuntil_level = 2"]
    for game, betting, stakes in LEVELS:
        out.append(f'[[levels]]\ngame = "{game}"\nbetting = "{betting}"\n{stakes}\nhands = 8')
    out += ['[schedule]\nhands_per = "table"\nalign_at_breaks = true\nbreak_every_levels = 2\n'
            'break_minutes = 5',
            '[late_players]\ncut_off_minutes = 30\nchance = 0.1\narrival = "uniform"\n'
            'latest_minutes = 45',
            '[tables]\nsize = 6\nbalance_at_difference = 2\nstop_when_short_by = 3\n'
            'balance_rule = "same_position"\nequal_tables = "card_draw"\nbreak_draw = "fair_blinds"',
            "[payouts]\n[[payouts.table]]\nentrants = [2, 10000]\npercent = [100]"]
    return "\n\n".join(out) + "\n"


def main(fields: tuple[int, ...]) -> None:
    st = parse_structure(structure_text(), "<every family>")
    for p in fields:
        r = simulate(st, n=1, seed=p, players=p, threads=1, debug=True)
        print(json.dumps({"players": p, "winners": int((r.place == 1).sum()),
                          "errors": r.errors.tolist(), "start_chips": int(5000 * p),
                          "places": [int(np.min(r.place)), int(np.max(r.place))]}),
              flush=True)


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or FIELDS)
