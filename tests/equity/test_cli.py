"""``pyeval equity`` through click's test runner."""
import json

import pytest
from click.testing import CliRunner

from pyeval.cli.equity_cmd import equity
from pyeval.equity import parse_range


def run(*args: str):
    return CliRunner().invoke(equity, list(args))


def _apart() -> CliRunner:
    """A runner that keeps stderr out of ``stdout`` (where pyeval says it is computing a
    table the first time, e.g. a pre-flop order on a cold cache)."""
    try:
        return CliRunner(mix_stderr=False)         # click 8.1
    except TypeError:
        return CliRunner()                         # click 8.2+: stderr kept apart


def test_issue_example() -> None:
    r = run("AhKh", "QQ+", "--board", "Ks 7d 2c", "--game", "holdem")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Texas Hold'em, board Ks7d2c, exact over 9,900 deals"
    assert lines[1].split() == ["hand", "equity", "win", "tie"]
    assert lines[2].split()[:2] == ["AhKh", "57.3333%"]
    assert lines[3].split()[:2] == ["QQ+", "42.6667%"]


def test_json() -> None:
    r = run("AcAd", "KhKs", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["exact"] and d["samples"] == 1_712_304 and d["game"] == "Texas Hold'em"
    assert d["players"][0]["wins"] == 1_388_072 and d["players"][0]["ties"] == 6_538
    assert round(100 * d["players"][0]["equity"], 4) == 81.2555


@pytest.mark.slow
def test_monte_carlo_options_and_hi_lo_table() -> None:
    r = run("As 2h 3d", "Kc Qd Jh", "--game", "stud8", "--samples", "50000", "--seed", "3",
            "--threads", "1")
    assert r.exit_code == 0, r.output
    assert "Monte Carlo, 50,000 deals" in r.output
    assert r.output.splitlines()[1].split()[:4] == ["hand", "equity", "+/-", "scoop"]
    again = run("As 2h 3d", "Kc Qd Jh", "--game", "stud8", "--samples", "50000", "--seed", "3",
                "--threads", "2")
    assert again.output == r.output


@pytest.mark.slow
def test_progress_bar_goes_to_stderr() -> None:
    r = _apart().invoke(
        equity, ["AhKh", "random", "random", "--std-err", "0.0001", "--progress"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Texas Hold'em") and "%" in r.stderr


def test_errors_are_usage_errors() -> None:
    r = run("AhKh", "AhQd")
    assert r.exit_code == 2 and "'Ah' is dealt twice" in r.output
    r = run("AhKhQhJh", "QQ", "--game", "irish")
    assert r.exit_code == 2 and "after the discard" in r.output
    r = run("AhKh", "QQ", "--game", "badugi")
    assert r.exit_code == 2 and "unknown game 'badugi'" in r.output


# --------------------------------------------------------------- issue 16: analysis commands

def cli(*args: str):
    from pyeval.cli.main import cli as group
    return CliRunner().invoke(group, list(args))


def test_equity_by_combo_and_grid() -> None:
    r = run("AsKs", "QQ, AKo", "--by-combo", "--grid")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Texas Hold'em, board -, exact: hand 2 'QQ, AKo' 50.7297%"
    assert lines[2].split()[:4] == ["AKo", "6", "50.00%", "47.5079%"]
    assert lines[3].split()[:4] == ["QQ", "6", "50.00%", "53.9515%"]
    assert lines[4].split() == list("AKQJT98765432")            # the grid's column ranks
    assert lines[5 + 2].split()[:4] == ["Q", ".", ".", "54"]    # QQ's cell, after its rank
    d = json.loads(run("AsKs", "QQ, AKo", "--by-combo", "--json").output)
    assert d["exact"] and len(d["players"][1]["combos"]) == 12
    assert round(100 * d["players"][0]["total"]["equity"], 4) == 49.2703


def test_equity_runouts() -> None:
    r = run("AhKh", "QsQd", "--board", "Ks 7d 2c", "--runouts")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "hand 2 'QsQd': 2 outs: Qc Qh"
    d = json.loads(run("AhKh", "QsQd", "--board", "Ks 7d 2c", "--runouts", "--json").output)
    assert len(d["cards"]) == 45 and d["outs"]["2"] == ["Qc", "Qh"] and d["check"] < 1e-12
    r = run("AhKh", "QsQd", "--runouts")
    assert r.exit_code == 2 and "flop or a turn" in r.output


def test_range_command() -> None:
    # stdout alone: on a cold cache the pre-flop orders are computed first, said on stderr
    from pyeval.cli.main import cli as group

    def out(*args: str) -> str:
        r = _apart().invoke(group, list(args))
        assert r.exit_code == 0, r.output
        return r.stdout

    lines = out("range", "top 15%").splitlines()
    assert lines[0] == "top 15%: 200 combinations, weight 200 (15.08% of 1,326)"
    assert lines[1].split() == list("AKQJT98765432")          # the column ranks
    assert lines[2].split()[:4] == ["A", "AA", "AKs", "AQs"]   # each row after its rank
    assert [ln.split()[0] for ln in lines[2:15]] == list("AKQJT98765432")
    assert len(lines) == 16
    d = json.loads(out("range", "QQ+, 0.5(AKs)", "--json"))
    assert d["combos"] == 22 and d["cells"] == {"AA": 1.0, "AKs": 0.5, "KK": 1.0, "QQ": 1.0}
    r = cli("range", "AKx")
    assert r.exit_code == 2 and "cannot read 'AKx'" in r.output
    d3 = json.loads(out("range", "top 10%", "--order", "vs3", "--json"))
    d1 = json.loads(out("range", "top 10%", "--json"))
    assert d3["cells"] != d1["cells"]
    ps = json.loads(out("range", "top 10%", "--order", "ps", "--json"))
    assert ps["combos"] == 136 and set(ps["cells"]) == set(parse_range("77+, A9s+, KTs+, QTs+, AJo+, KQo").cells())


def test_range_command_png_and_html(tmp_path) -> None:
    png, html = tmp_path / "g.png", tmp_path / "g.html"
    r = cli("range", "QQ+", "--png", str(png), "--html", str(html))
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG" and html.read_text().count("<td") == 169


def test_hits_command() -> None:
    r = cli("hits", "QQ+, AK, JTs", "--board", "Js Ts 2d", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    # QQ+ (18) are overpairs; JTs (3 left) two pair; AK (16) gutshots, AsKs and AhKh
    # with the flush draw too
    assert d["combos"] == 18 + 16 + 3
    assert d["count"]["overpair"] == 18 and d["count"]["two pair"] == 3
    assert d["count"]["gutshot"] == 16 and d["count"]["combo draw"] == 1
    r = cli("hits", "AA", "--board", "Ks 7d")
    assert r.exit_code == 2 and "flop (3)" in r.output


@pytest.mark.slow
def test_compare_every_game_and_one_numbering() -> None:
    r = cli("compare", "Ah Ks 2c", "Qd Qc", "--board", "8h 3s 9d Th Qh")
    assert r.exit_code == 2 and "hand 1 has 3 cards" in r.output
    r = cli("compare", "Ah Ks", "Qd Qc", "--board", "8h 3s 9d")
    assert r.exit_code == 2 and "board has 3 cards" in r.output
    r = cli("compare", "Ah Kd", "Qs Kd", "--board", "8h 3s 9d Th Qh")
    assert r.exit_code == 2 and "hand 2" in r.output and "twice" in r.output
    stud = ["As 2h 3d 4c 5s 9h Kd", "Ks Kh Qd Jc 9s 8d 7c"]
    # the shares follow the values of the game's own hand (buffalo: KK, since hand 1 may
    # use only two of As 2h 3d; crocodile: hand 1's ace, since hand 2 may use one king)
    for game, best in (("stud", 0), ("razz", 0), ("buffalo", 1), ("crocodile", 0),
                       ("stud5", 0), ("draw5", 0)):         # A-2-3-4-5 beats KK
        hs = stud if game not in ("stud5", "draw5") else [h[:14] for h in stud]
        d = json.loads(cli("compare", *hs, "--game", game, "--json").output)
        assert [h["seat"] for h in d["hands"]] == [1, 2]
        vals = [h["value"] for h in d["hands"]]
        assert vals[best] > vals[1 - best], game
        assert [h["share"] for h in d["hands"]] == [1.0 * (best == 0), 1.0 * (best == 1)]
    # hi/lo: hand 1's wheel is the best high and the best low (stud8), and it holds the
    # ace of spades in the hole (chicago): it scoops; without the straight, hand 2's kings
    # take the high half
    low_only = ["As 2h 3d 4c 7s 9h Kd", "Ks Kh Qd Jc 9s 8d 7c"]
    for game in ("stud8", "chicago"):
        d = json.loads(cli("compare", *stud, "--game", game, "--json").output)
        assert [h["share"] for h in d["hands"]] == [1.0, 0.0], game
        d = json.loads(cli("compare", *low_only, "--game", game, "--json").output)
        assert [h["share"] for h in d["hands"]] == [0.5, 0.5], game
        assert [h["wins_low"] for h in d["hands"]] == [True, False]
    d = json.loads(cli("compare", "Jc 3c", "Ks Js", "--board", "Kh Ts 9d Th Qc",
                       "--json").output)
    assert [h["share"] for h in d["hands"]] == [0.5, 0.5]
    d = json.loads(cli("compare", "AhKh3c", "QsQd4c", "--board", "Ks 7d 2c 8h 9h",
                       "--game", "tahoe", "--json").output)
    assert d["game"] == "Tahoe" and d["hands"][0]["wins"]
    r = cli("compare", "Ah Kd", "Qs Qh", "--game", "badugi")
    assert r.exit_code == 2 and "unknown game" in r.output


def test_by_combo_multiway_leaves_a_random_hand_out() -> None:
    r = run("AhKh", "QQ+, AK", "random", "--by-combo", "-n", "3000", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert not d["exact"] and d["players"][2]["total"] is None
    assert d["players"][2]["combos"] == []
    assert len(d["players"][1]["combos"]) == 21 and d["players"][1]["combos"][0]["std_err"] > 0
