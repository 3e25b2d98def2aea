"""Run the benchmarks and print their tables: the one command behind bench/RESULTS.md.

    python bench/run.py                 # every benchmark, 3 runs, tables on stdout
    python bench/run.py -k high -r 5    # a selection (pytest -k), 5 runs
    python bench/run.py --out /tmp/b    # keep each run's pytest-benchmark JSON there

Each run is one ``pytest bench/ --benchmark-only`` process (pinned to one core by
bench/conftest.py, never distributed by pytest-xdist (-n 0), which would time two benchmarks on
one core); the runs follow each other so that a disturbance on the shared machine spoils
one run's figures, not all. bench/summarize.py turns the JSON files into the tables
(medians over the runs, best round, ratio to pyeval's own row, checksums).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent


def pytest_command(json_path: Path, select: str | None) -> list[str]:
    """The pytest invocation of one run, writing its figures to ``json_path``."""
    cmd = [sys.executable, "-m", "pytest", str(HERE), "--benchmark-only", "-n", "0",
           "-q", f"--benchmark-json={json_path}"]
    if select:
        cmd += ["-k", select]
    return cmd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="select", default=None, help="pytest -k expression")
    parser.add_argument("-r", "--runs", type=int, default=3, help="runs one after another (1-20)")
    parser.add_argument("--out", type=Path, default=None, help="folder for the JSON files")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 20:
        parser.error(f"--runs must be between 1 and 20, got {args.runs}")
    out = args.out or Path(tempfile.mkdtemp(prefix="pyeval-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(args.runs):
        path = out / f"run{i + 1}.json"
        rc = subprocess.call(pytest_command(path, args.select))
        if rc != 0:
            print(f"benchmark run {i + 1} failed (pytest exit code {rc})", file=sys.stderr)
            return rc
        paths.append(str(path))
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"\n## Benchmarks, {stamp}: python bench/run.py" +
          (f" -k {args.select!r}" if args.select else "") + f" -r {args.runs}\n")
    sys.path.insert(0, str(HERE))
    import summarize

    summarize.main(paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
