#!/usr/bin/env python3
"""One tour of each class the finished census jobs have found so far, for drawing.

Usage: found.py [DIR] > classes-so-far.jsonl (DIR: this script's directory by default).
Writes member 1 of each class of each DIR/results/job-N.jsonl, in job order, with the job's
index added as "job"; then, in DIR,
    knights verify ../../models/semimagic.toml classes-so-far.jsonl
    knights render classes-so-far.jsonl --sheet -o classes-so-far.svg
"""
import json
import signal
import sys
from pathlib import Path


def first_members(here):
    paths = sorted((here / "results").glob("job-*.jsonl"), key=lambda p: int(p.stem[4:]))
    for path in paths:
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record.get("member") == 1:
                record["job"] = int(path.stem[4:])
                yield record


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    here = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    for record in first_members(here):
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
