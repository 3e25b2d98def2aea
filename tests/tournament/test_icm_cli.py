"""``pyeval icm``: equities and deals from the shell."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pyeval.cli.icm_cmd import icm
from pyeval.cli.main import COMMANDS
from pyeval.tournament.icm import icm_equity


def test_icm_command_prints_the_exact_equities_and_a_deal() -> None:
    assert COMMANDS["icm"] == "pyeval.cli.icm_cmd:icm"
    res = CliRunner().invoke(icm, ["5000,3000", "2000", "--payouts", "500,300,200", "--json",
                                   "--deal", "icm", "--leave", "100"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["equity"] == icm_equity([5000, 3000, 2000], [500, 300, 200])
    assert out["deal"] == {"method": "icm", "amounts": [334, 297, 269], "to_play": 100}
    res = CliRunner().invoke(icm, ["5000,3000,2000", "--payouts", "50%,30%,20%", "--pool", "1000",
                                   "--deal", "chip"])
    assert res.exit_code == 0 and "chip chop" in res.output
    assert [line.split()[-1] for line in res.output.splitlines()[1:4]] == ["400", "320", "280"]


def test_icm_command_monte_carlo_states_its_error() -> None:
    res = CliRunner().invoke(icm, ["5000,3000,2000", "--payouts", "500,300,200", "--mc", "20000",
                                   "--seed", "3", "--json"])
    out = json.loads(res.output)
    exact = icm_equity([5000, 3000, 2000], [500, 300, 200])
    assert all(abs(a - b) < 4.5 * s for a, b, s in zip(out["equity"], exact, out["stderr"]))


def test_icm_command_refuses_bad_input() -> None:
    for args, msg in ((["5000,0", "--payouts", "1"], "every stack must be above 0"),
                      (["50,30", "--payouts", "70,50", "--pool", "100"], "more than the pool of 100"),
                      (["50,x", "--payouts", "1"], "whole number of chips"),
                      (["50,30", "--payouts", "50%,30%"], "need --pool"),
                      (["50,30", "--payouts", "60%,30%", "--pool", "10"], "add up to 90, not 100"),
                      (["50,30", "--payouts", "5,10", "--deal", "icm"], "never rise")):
        res = CliRunner().invoke(icm, args)
        assert res.exit_code != 0 and msg in res.output, (args, res.output)
        assert "Traceback" not in res.output
