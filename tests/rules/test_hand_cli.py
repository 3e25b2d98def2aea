"""``pyeval hand show FILE[:INDEX]``: a hand street by street, with pots, who showed what and
the stacks; bad arguments give a usage error, not a traceback."""
import json

from click.testing import CliRunner

from pyeval.cli.main import cli
from pyeval.rules import Hand, Structure

from .test_phh import HAND

MANY = "[1]\n" + HAND + "\n[2]\n" + HAND.replace("'p3 sm'", "'p3 sm KcKd'")


def _run(*args):
    return CliRunner().invoke(cli, ["hand", "show", *args])


def test_show_a_phh_hand(tmp_path):
    f = tmp_path / "one.phh"
    f.write_text(HAND)
    r = _run(str(f))
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Texas Hold'em, no limit, blinds 100/200, big-blind ante 300; button p3" in out
    assert "p2 antes (dead) 300" in out and "p3 raises to 450.5" in out
    assert "p1 calls 350.5" in out
    assert "flop (pot 1401):" in out and "board 2s3s4h" in out
    assert "p1 shows AhAd: Pair of Aces, T-9-4 kickers" in out and "p3 mucks" in out
    assert "main pot 1401: p1 1401" in out
    assert "stacks: p1 5950.5 (+950.5), p2 3500 (-500), p3 2050 (-450.5)" in out
    assert "the record's finishing stacks: 5950.5, 3500, 2050 (the same)" in out


def test_show_one_hand_of_a_collection(tmp_path):
    f = tmp_path / "many.phhs"
    f.write_text(MANY)
    r = _run(f"{f}:2")
    assert r.exit_code == 0, r.output
    assert "p3 shows KcKd: Pair of Kings" in r.output
    r = _run(str(f))
    assert r.exit_code == 2 and "holds 2 hands; pick one" in r.output
    r = _run(f"{f}:7")
    assert r.exit_code == 2 and "has no hand '7'" in r.output


def test_show_a_json_history(tmp_path):
    h = Hand("Razz", Structure.stud(1, 2, 4), {0: 50, 1: 50}, seed=3)
    while not h.is_over:
        h.act("call" if "call" in h.legal().actions else h.legal().actions[0])
    f = tmp_path / "h.json"
    f.write_text(json.dumps(h.history()))
    r = _run(str(f))
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Razz, fixed limit, ante 1, bring-in 2, bets 4/8")
    assert "stacks: seat 0 " + str(h.result.stacks[0]) in r.output


def test_bad_files_are_refused_cleanly(tmp_path):
    r = _run(str(tmp_path / "missing.phh"))
    assert r.exit_code == 2 and "no such file" in r.output
    f = tmp_path / "bad.phh"
    f.write_text(HAND.replace("'NT'", "'FB'"))
    r = _run(str(f))
    assert r.exit_code == 1 and "variant 'FB' (fixed-limit badugi)" in r.output
    f.write_bytes(b"\xff\xfe")
    r = _run(str(f))
    assert r.exit_code == 1 and "cannot read it as UTF-8" in r.output
    assert "Traceback" not in r.output
