"""Every pyeval command against hostile arguments and files (issue 40): the issue's
examples answer with a message and an exit code, never a traceback; a seeded fuzz through
click's CliRunner, and a few commands in real subprocesses (what a user sees)."""
from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.cli.main import cli

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz_budget import within_budget
from hostile import classify, cli_case, cli_files


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> list[str]:
    return cli_files(tmp_path_factory.mktemp("hostile-cli"))


@pytest.mark.parametrize("args, code, msg", [
    (["sim", "stats", "{latin1}"], 1, "not UTF-8 text (byte 11); PHH files are UTF-8"),
    (["sim", "stats", "{nested}"], 1, "nested too deeply"),
    (["tournament", "check", "{latin1}"], 1, "not UTF-8"),
    (["range", "QQ+", "--html", "/nonexistent/dir/x.html"], 1,
     "cannot write /nonexistent/dir/x.html: No such file or directory"),
    (["icm", "5,3", "--payouts", "1", "--mc", "100", "--seed", "-1"], 2, "--seed"),
    (["tournament", "simulate", "club_3000", "-n", "1", "--players", "2000000", "--no-report",
      "--no-progress"], 1, "players must be an integer from 2 to 1,000,000"),
    (["tournament", "simulate", "club_3000", "-n", "1", "--seed", str(2**64), "--no-report",
      "--no-progress"], 2, "0<=x<=18446744073709551615"),
    (["sim", "fit", "{latin1}", "-o", "/tmp/x.toml", "--mix", "²"], 2, "from 1 to 8 models or auto"),
])
def test_the_issues_commands_answer_without_a_traceback(files, args, code, msg) -> None:
    named = {Path(f).stem: f for f in files}
    argv = [a.format(latin1=named["latin1"], nested=named["nested"]) for a in args]
    res = CliRunner().invoke(cli, argv)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code == code, res.output
    assert msg in res.output


def test_icm_of_the_issue_in_a_subprocess() -> None:
    """``pyeval icm 9223372036854775807,1 --payouts 1,...,10`` (was a ZeroDivisionError)
    and a latin-1 file to ``sim stats``, as a user runs them: exit codes, no traceback."""
    py = [sys.executable, "-c", "from pyeval.cli.main import main; main()"]
    out = subprocess.run(py + ["icm", "9223372036854775807,1", "--payouts", "1,2,3,4,5,6,7,8,9,10"],
                         capture_output=True, text=True, timeout=120, cwd=tempfile.gettempdir())
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "prizes still to be paid: 3" in out.stdout


FAST = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


@FAST
@given(st.integers(0, 2**63))
@within_budget(4.0)
def test_fuzz_commands(files, seed: int) -> None:
    case = cli_case(random.Random(seed), files)
    out = classify(case.fn)
    assert out.kind != "finding", f"{out.detail}\n{case.label[:2000]}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_fuzz_commands_in_subprocesses(files, seed: int) -> None:
    """A few generated commands run as a user runs them (a fresh process each): no
    traceback on stderr, exit 0, 1 or 2."""
    case = cli_case(random.Random(10_000 + seed), files)
    argv = case.label.split(" ")
    out = subprocess.run([sys.executable, "-c", "from pyeval.cli.main import main; main()"] + argv,
                         capture_output=True, text=True, timeout=300, cwd=tempfile.gettempdir())
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    assert out.returncode in (0, 1, 2), (argv, out.returncode, out.stderr[-500:])
