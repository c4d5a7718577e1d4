#!/usr/bin/env python3
"""Exact counts of knight's tours on small boxes: `knights count` with the native search (one
thread), then, where the count is at most SAT_UP_TO (the SAT engine finds solutions one by
one), with the SAT engine, each within TIMEOUT seconds; a count is reported only from a run
that ended by exhausting its search, and the two engines must agree where both finish.
Writes Markdown to stdout. Usage: python3 experiments/box-counts/counts.py [TIMEOUT_SECONDS]"""
import json, os, subprocess, sys, time

KNIGHTS = os.environ.get("KNIGHTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "target", "release", "knights")
TIMEOUT = sys.argv[1] if len(sys.argv) > 1 else "600"
BOXES = ["2x3x4", "2x3x5", "2x4x4", "3x3x4", "2x3x6", "2x4x5"]
SAT_UP_TO = 200_000

def count(board, closed, engine):
    args = [KNIGHTS, "count", "--board", board, "--engine", engine, "-j", "1",
            "--timeout", TIMEOUT] + (["--closed"] if closed else [])
    began = time.time()
    run = subprocess.run(args, capture_output=True, text=True)
    seconds = time.time() - began
    try:
        summary = json.loads(run.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return None, seconds, (run.stderr.strip().splitlines() or ["no output"])[-1]
    if not summary.get("complete"):
        return None, seconds, summary.get("ending", "incomplete")
    return summary, seconds, ""

def shown(summary, seconds, why):
    if summary is None:
        return why if why.startswith("not run") else f"not finished ({why}, {seconds:.0f} s)"
    return f"{summary['solutions']:,} ({summary['classes']:,} classes), {seconds:.1f} s"

def main():
    print(f"| box | tours | native search (1 thread) | SAT engine (1 thread) | agree |")
    print("|---|---|---|---|---|")
    for board in BOXES:
        for closed in (False, True):
            native = count(board, closed, "search")
            small = native[0] is not None and native[0]["solutions"] <= SAT_UP_TO
            sat = count(board, closed, "sat") if small else (None, 0.0, "not run: over 200,000 tours")
            agree = "-"
            if native[0] and sat[0]:
                same = (native[0]["solutions"], native[0]["classes"]) == (sat[0]["solutions"], sat[0]["classes"])
                agree = "yes" if same else "NO"
            kind = "closed (cycles)" if closed else "open (directed paths)"
            print(f"| {board} | {kind} | {shown(*native)} | {shown(*sat)} | {agree} |", flush=True)

if __name__ == "__main__":
    main()
