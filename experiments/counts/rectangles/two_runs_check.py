#!/usr/bin/env python3
"""Checks that two runs of rectangles.py (or boxes.py) on one results file keep it whole:
every board counted once, by one run, and no line lost. Needs nothing but Python.

    python3 two_runs_check.py        # exit 0 when it holds, 1 naming what broke

A stand-in for `knights` (this script, called with `count ...`) logs each board it is asked
to count and answers after a pause, so that the two runs overlap. The results file starts
with a time-out line of one board, which its count must replace.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BOARDS = [(f"3x{n}", kind) for n in range(3, 9) for kind in ("open", "closed")]
RUNS = 3


def stand_in():
    """Answers `knights count --board B ...` as the real one does under `--format json`."""
    board = sys.argv[sys.argv.index("--board") + 1]
    kind = "closed" if "--closed" in sys.argv else "open"
    with open(os.environ["STAND_IN_LOG"], "a") as log:
        log.write(f"{board} {kind} {os.getppid()}\n")
    time.sleep(0.2)
    summary = {"model": board, "engine": "frontier", "complete": True,
               "solutions": len(board) * 1000 + (kind == "closed"), "seconds": 0.2,
               "stats": {"peak_states": 1}}
    print(json.dumps(summary))


def one_run(path):
    """One run of the plan over BOARDS into `path`, as `rectangles.py run` does."""
    sys.path.insert(0, HERE)
    import rectangles
    rectangles.run_plan(BOARDS, path, "frontier", 60)


def check():
    work = tempfile.mkdtemp()
    path = os.path.join(work, "results.jsonl")
    log = os.path.join(work, "stand-in.log")
    timed_out = {"board": "3x5", "kind": "open", "engine": "frontier", "complete": False,
                 "count": None}
    with open(path, "w") as f:
        f.write(json.dumps(timed_out) + "\n")
    env = dict(os.environ, KNIGHTS=os.path.abspath(__file__), STAND_IN_LOG=log)
    runs = [subprocess.Popen([sys.executable, __file__, "run", path], env=env)
            for _ in range(RUNS)]
    exits = [r.wait() for r in runs]
    failures = [f"run {i}: exit {e}" for i, e in enumerate(exits) if e]
    with open(log) as f:
        asked = [tuple(line.split()[:2]) for line in f]
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    counted = [(r["board"], r["kind"]) for r in lines]
    for board in BOARDS:
        if asked.count(board) != 1:
            failures.append(f"{board}: counted {asked.count(board)} times")
        if counted.count(board) != 1:
            failures.append(f"{board}: {counted.count(board)} lines in the results")
    if any(not r["complete"] for r in lines):
        failures.append("a time-out line was kept beside its board's count")
    if len({line.split()[2] for line in open(log)}) < 2:
        failures.append("the runs did not overlap: one counted every board (nothing checked)")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{len(BOARDS)} boards, {RUNS} runs at once: "
          f"{'whole' if not failures else 'BROKEN'} ({work})", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["count"]:
        stand_in()
    elif sys.argv[1:2] == ["run"]:
        one_run(sys.argv[2])
    else:
        sys.exit(check())
