"""Structure files and ICM against hostile input (issue 40): a structure that loads is one
that checks (its payouts for the whole field, its clock), TOML's nan and inf are no amount,
and seeded fuzzers of structure files and ICM in the suite (tests/hostile.py's generators):
no call may fail from inside, no structure may load and then fail a check, no ICM answer
may miss the prizes."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import parse_structure

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fuzz_budget import within_budget
from hostile import EXAMPLES, _example_texts, classify, icm_case, structure_case

CLUB = (EXAMPLES / "club_3000.toml").read_text(encoding="utf-8")
TEXTS = _example_texts()


@pytest.mark.parametrize("value", ["[nan]", "[inf, 1]", "[1e400]", "[50, nan, 50]"])
def test_nan_and_inf_percentages_are_refused_with_the_line(value: str) -> None:
    text = re.sub(r"percent = .*", f"percent = {value}", CLUB, count=1)
    with pytest.raises(StructureError, match=r"x.toml:\d+: payouts.table\[0\].percent must be a list of numbers"):
        parse_structure(text, "x.toml")


def test_a_field_without_a_payout_table_is_refused_when_loaded() -> None:
    """A gap in the payout tables within the structure's field is found when the file is
    loaded, not when a simulation or check reaches that many entrants."""
    st = parse_structure(CLUB, "club.toml")
    lo, hi = st.entrants.minimum, st.entrants.maximum
    assert [st.payouts(n) for n in (lo, hi)]
    tables = [(t.min_entrants, t.max_entrants) for t in st.payout_rules.tables]
    assert len(tables) >= 2
    # drop the second table: its sizes are no longer covered
    start = [m.start() for m in re.finditer(r"\[\[payouts.table\]\]", CLUB)]
    text = CLUB[:start[1]] + CLUB[start[2]:] if len(start) > 2 else CLUB[:start[1]]
    with pytest.raises(StructureError, match=f"covers a field of {tables[1][0]} entrants"):
        parse_structure(text, "x.toml")


FAST = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
SLOW = settings(FAST, max_examples=5_000)


def _no_finding(case) -> None:
    out = classify(case.fn, *case.args, **case.kwargs)
    assert out.kind != "finding", f"{out.detail}\n{case.label[:3000]}"


def test_payouts_of_a_field_outside_the_structure_say_so() -> None:
    """``players=`` outside the structure's field: the simulation runs, and its payouts
    name the field the structure pays (was: "no payout table for 2 entrants")."""
    from pyeval.sim import simulate
    r = simulate(parse_structure(CLUB, "club.toml"), n=1, players=2, threads=1)
    with pytest.raises(ValueError, match="pays fields of 20-40 entrants; this simulation has 2"):
        r.payouts()


@FAST
@given(st.integers(0, 2**63))
@within_budget(3.0)
def test_fuzz_structure_files(seed: int) -> None:
    _no_finding(structure_case(random.Random(seed), TEXTS))


@FAST
@given(st.integers(0, 2**63))
@within_budget(2.0)
def test_fuzz_icm(seed: int) -> None:
    _no_finding(icm_case(random.Random(seed)))


@pytest.mark.slow
@SLOW
@given(st.integers(0, 2**63))
@within_budget(30.0)
def test_fuzz_structures_and_icm_larger_budget(seed: int) -> None:
    _no_finding(structure_case(random.Random(seed), TEXTS))
    _no_finding(icm_case(random.Random(seed)))


def test_a_colour_up_between_breaks_of_per_table_clocks_is_refused_when_loaded() -> None:
    """Levels in hands at each table meet only at the breaks: a colour-up before level 3
    with breaks every 5 levels loaded, and only the simulator refused it (the structure
    fuzz's finding); the loader refuses it now, naming the line."""
    text = (EXAMPLES / "hands_100k_holdem.toml").read_text(encoding="utf-8")
    assert "break_every_levels = 2" in text
    with pytest.raises(StructureError, match=r"x.toml:\d+: a colour-up before level 3: with each "
                                             r"table's own level clock .*breaks after levels \[5, 10\]"):
        parse_structure(text.replace("break_every_levels = 2", "break_every_levels = 5"), "x.toml")
