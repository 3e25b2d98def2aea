"""``pyeval equity`` through click's test runner."""
import json

from click.testing import CliRunner

from pyeval.cli.equity_cmd import equity


def run(*args: str):
    return CliRunner().invoke(equity, list(args))


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


def test_monte_carlo_options_and_hi_lo_table() -> None:
    r = run("As 2h 3d", "Kc Qd Jh", "--game", "stud8", "--samples", "50000", "--seed", "3",
            "--threads", "1")
    assert r.exit_code == 0, r.output
    assert "Monte Carlo, 50,000 deals" in r.output
    assert r.output.splitlines()[1].split()[:4] == ["hand", "equity", "+/-", "scoop"]
    again = run("As 2h 3d", "Kc Qd Jh", "--game", "stud8", "--samples", "50000", "--seed", "3",
                "--threads", "2")
    assert again.output == r.output


def test_progress_bar_goes_to_stderr() -> None:
    try:
        runner = CliRunner(mix_stderr=False)         # click 8.1
    except TypeError:
        runner = CliRunner()                         # click 8.2+: stderr kept apart
    r = runner.invoke(
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
