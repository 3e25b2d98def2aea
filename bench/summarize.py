"""Turn one or more pytest-benchmark JSON files of ``bench/`` into the tables of
bench/RESULTS.md: per group, each evaluator's evaluations per second (median over the runs of
each run's median round), ns per evaluation, the spread over runs, and the ratio of pyeval's
own batch (the row marked ``ours``) to it; "best round" is the fastest single round of any
run (the least disturbed by other work on a shared machine).

    for i in 1 2 3; do pytest bench/ --benchmark-only --benchmark-json=/tmp/bench$i.json; done
    python bench/summarize.py /tmp/bench*.json
"""
from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from benchlib import rate


def main(paths: list[str]) -> None:
    runs = [json.loads(Path(p).read_text()) for p in paths]
    by_name: dict[str, list[dict]] = defaultdict(list)
    order: list[str] = []
    for run in runs:
        for b in run["benchmarks"]:
            if b["fullname"] not in by_name:
                order.append(b["fullname"])
            by_name[b["fullname"]].append(b)
    groups: dict[str, list[str]] = defaultdict(list)
    for name in order:
        groups[by_name[name][0]["group"]].append(name)
    m = runs[0]["machine_info"]
    print(f"{len(runs)} run(s); {m.get('cpu', {}).get('brand_raw', '?')}; "
          f"Python {m.get('python_version')}; {runs[0]['datetime']}\n")
    for group, names in groups.items():
        print(f"### {group}\n")
        rows = []
        for name in names:
            bs = by_name[name]
            info = bs[0]["extra_info"]
            if "evals_per_s" in info:
                rates = [b["extra_info"]["evals_per_s"] for b in bs]
                best = max(info["n"] / b["stats"]["min"] for b in bs)
                rows.append((info["label"], info["n"], statistics.median(rates), min(rates),
                             max(rates), info["checksum"], bool(info.get("ours")), best))
            else:
                extras = {k: statistics.median(b["extra_info"][k] for b in bs)
                          for k in info if isinstance(info[k], (int, float))}
                print(f"- {info.get('label', name)}: " +
                      ", ".join(f"{k} = {v:,.4g}" for k, v in extras.items()))
        if rows:
            base = next((r for r in rows if r[6]), rows[0])
            print(f"| evaluator | n per call | evaluations/s (median) | ns/eval | medians of the "
                  f"runs, min-max | best round | {base[0]} / this | checksum |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            for label, n, med, lo, hi, chk, _, best in rows:
                print(f"| {label} | {n:,} | {rate(med)} | {1e9 / med:,.1f} | "
                      f"{rate(lo)} - {rate(hi)} | {rate(best)} | {base[2] / med:,.2f} | {chk} |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
