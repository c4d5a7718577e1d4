#!/usr/bin/env python3
"""One tour of each class the finished census jobs have found so far, for drawing.

Usage: found.py [--summary] [DIR] > classes-so-far.jsonl (DIR: results/semimagic-census
of the repository by default). Writes member 1 of each class of each DIR/results/job-N.jsonl, in job order, with
the job's index added as "job"; with --summary, instead, the classes so far split into open
and closed (the 2003 census: 77 and 63), the jobs that found them, and the range of the
diagonals' sums. Then, in DIR,
    knights verify ../../models/semimagic.toml classes-so-far.jsonl
    knights render classes-so-far.jsonl --sheet -o classes-so-far.svg
"""
import json
import signal
import sys
from pathlib import Path

import locate


def first_members(here):
    paths = sorted((here / "results").glob("job-*.jsonl"), key=lambda p: int(p.stem[4:]))
    for path in paths:
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record.get("member") == 1:
                record["job"] = int(path.stem[4:])
                yield record


def closed(numbers):
    """Whether the tour's last cell is a knight's move from its first."""
    return numbers.index(64) in locate.neighbours(numbers.index(1))


def diagonals(numbers):
    return (sum(numbers[i * 9] for i in range(8)), sum(numbers[i * 8 + 7 - i] for i in range(8)))


def summary(records):
    jobs = {}
    kinds = {True: 0, False: 0}
    sums = []
    for record in records:
        jobs[record["job"]] = jobs.get(record["job"], 0) + 1
        kinds[closed(record["numbers"])] += 1
        both = diagonals(record["numbers"])
        sums.extend(both)
        if both == (260, 260):
            print("a diagonally magic tour:", record["numbers"])
    print(f"classes: {len(records)}, {kinds[False]} open and {kinds[True]} closed")
    print("jobs: " + ", ".join(f"{j} ({n})" for j, n in sorted(jobs.items())))
    if sums:
        print(f"diagonal sums: {min(sums)} to {max(sums)}")


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = sys.argv[1:]
    brief = "--summary" in args
    args = [a for a in args if a != "--summary"]
    here = Path(args[0]) if args else locate.CENSUS
    records = list(first_members(here))
    if brief:
        summary(records)
        return
    for record in records:
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
