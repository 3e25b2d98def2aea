"""Bad structure files found by fuzzing (issue 13): each refused with the file and the line."""

from __future__ import annotations

import re

import pytest
from damage import damage
from fuzz_budget import within_budget
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.tournament.errors import StructureError
from pyeval.tournament.structure import MAX_AMOUNT, load_structure, parse_structure

from .conftest import REPO_EXAMPLES

CLUB = (REPO_EXAMPLES / "club_3000.toml").read_text(encoding="utf-8")
LINES = CLUB.count("\n")


def refusal(text: str) -> StructureError:
    with pytest.raises(StructureError) as info:
        parse_structure(text, "x.toml")
    err = info.value
    assert err.line is not None and 1 <= err.line <= text.count("\n") + 1, str(err)
    assert str(err).startswith(f"x.toml:{err.line}: ")
    return err


def line_no(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize("open_, close", [("[", "]"), ("{a=", "}")])
def test_deep_nesting_is_refused_not_a_recursion_error(open_: str, close: str) -> None:
    text = CLUB + "\nfoo = " + open_ * 2000 + "1" * (open_ == "{a=") + close * 2000 + "\n"
    err = refusal(text)
    assert err.line == LINES + 2 and "nested more than 16 deep" in str(err)


def test_nesting_inside_strings_and_comments_is_not_counted() -> None:
    text = CLUB.replace('name = "', '# [[[[[[[[[[[[[[[[[[[[[[[[\nname = "[[[[[[[[[[[[[[[[[[[[[[[[[', 1)
    assert parse_structure(text).name.startswith("[[[[")


def test_latin1_file_is_refused_with_its_line(tmp_path) -> None:
    bad = tmp_path / "latin.toml"
    text = CLUB.replace("[tournament]\n", '[tournament]\nnotes = "café"\n', 1)
    bad.write_bytes(text.encode("latin-1"))
    with pytest.raises(StructureError) as info:
        load_structure(bad)
    assert info.value.line == line_no(text, "notes")
    assert "not UTF-8 text (byte 0xe9)" in str(info.value)


def test_missing_table_names_the_end_of_the_file() -> None:
    text = CLUB.split("[payouts]")[0]
    err = refusal(text)
    assert err.line == text.count("\n") and "missing [payouts] table" in str(err)


def test_toml_error_at_end_of_document_has_a_line() -> None:
    err = refusal(CLUB + "\nx = ")
    assert err.line == LINES + 2 and "at end of document" in str(err)


def test_section_typo_is_named_as_an_unknown_section() -> None:
    text = CLUB.replace("[level_defaults]", "[level_default]")
    err = refusal(text)
    assert err.line == line_no(text, "[level_default]")
    assert "unknown section [level_default]; did you mean [level_defaults]?" in str(err)
    assert "needs game" not in str(err)


@pytest.mark.parametrize("old, new, key", [
    ("starting = 3000", "starting = 9223372036854775000", "starting ="),
    ("starting = 3000", "starting = 400000000000000000", "starting ="),
    ("price = 20", "price = 9223372036854775807", "price ="),
])
def test_huge_amounts_are_refused_with_the_line(old: str, new: str, key: str) -> None:
    text = CLUB.replace(old, new)
    err = refusal(text)
    assert err.line == line_no(text, key) and f"at most {MAX_AMOUNT:,}" in str(err)


def test_totals_of_a_field_are_bounded() -> None:
    # 40 entrants x 3 x 10^13 chips = 1.2 x 10^15 chips: each amount fits, the total not
    text = CLUB.replace("starting = 3000", "starting = 30000000000000")
    err = refusal(text)
    assert err.line == line_no(text, "starting =")
    assert "1,200,000,000,000,000 chips in play" in str(err)
    text = CLUB.replace("price = 20", "price = 30000000000000")
    err = refusal(text)
    assert err.line == line_no(text, "price =") and "a pool of 1,200,000,000,000,000" in str(err)
    # just inside the bound is accepted, and payouts are exact
    text = CLUB.replace("price = 20", "price = 25000000000000")
    s = parse_structure(text)
    assert sum(s.payouts(40)) == 40 * 25_000_000_000_000 == s.prize_pool(40)


# ------------------------------------------------------------------ bounded fuzzing

_LINES = CLUB.splitlines()
_TOKENS = ["0", "-1", "1e9", "9223372036854775808", '"x"', "[]", "[1, 2]", "{}", "true", "=",
           "[", "]]", "[[levels]]", "[chips]", "ante = 7", "\xe9", '"""', "'", "#", "1.5", "inf"]


def _new_value(draw: st.DrawFn, lines: list[str], i: int) -> None:
    if "=" in lines[i]:
        lines[i] = lines[i].split("=")[0] + "= " + draw(st.sampled_from(_TOKENS))


def _token_line(draw: st.DrawFn, lines: list[str], i: int) -> None:
    lines.insert(i, draw(st.sampled_from(_TOKENS)))


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = damage(draw, _LINES, 4, {"value": _new_value, "token": _token_line})
    return "\n".join(lines or ["x"]) + "\n"


_FUZZ_BUDGET_S = 20.0


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True)
@given(mutated())
@within_budget(_FUZZ_BUDGET_S)
def test_fuzzed_structure_files_load_or_are_refused_with_a_line(text: str) -> None:
    try:
        s = parse_structure(text, "x.toml")
    except StructureError as err:
        assert err.line is not None, str(err)
        assert re.match(r"x\.toml:\d+: ", str(err)), str(err)
        return
    for n in (s.entrants.minimum, s.entrants.maximum):
        assert sum(s.payouts(n)) == s.prize_pool(n)
