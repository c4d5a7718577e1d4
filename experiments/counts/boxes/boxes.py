#!/usr/bin/env python3
"""Open and closed knight's tour counts on boxes of a small cross-section (2 x 3 x n,
2 x 4 x n), by the frontier engine, each checked by the native search where it can afford
the board. boxes.jsonl and native.jsonl are in results/counts/boxes/ of the repository.

    KNIGHTS=path/to/knights python3 boxes.py run     # frontier counts not yet in boxes.jsonl
    KNIGHTS=path/to/knights python3 boxes.py native  # the native search on the boards of
                                                     # NATIVE, into native.jsonl
    python3 boxes.py table                           # the Markdown table of README.md

The commands and the lines written are those of ../rectangles/rectangles.py (`count`): one
line a board, with the count, the peak states and the seconds, or "complete": false after a
time-out. No published figure for these boxes was found (the project's page and code
searches), so the native search's count is the only check; `table` exits 1 if any differs.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rectangles"))
import rectangles  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# The data: results/counts/boxes, from the repository's root three folders up.
DATA = os.path.normpath(os.path.join(HERE, "..", "..", "..", "results", "counts", "boxes"))
RESULTS = os.path.join(DATA, "boxes.jsonl")
NATIVE_RESULTS = os.path.join(DATA, "native.jsonl")

# (cross-section, kind, lengths): lengths stop where a count passes a few minutes of one core
# (open 2x3x10 did not finish in 120 s; open 2x4x4 is counted in results/counts/README.md).
PLAN = [
    ("2x3", "open", range(3, 9)),
    ("2x3", "closed", range(3, 17)),
    ("2x4", "open", range(3, 4)),
    ("2x4", "closed", range(3, 6)),
]
# As in rectangles.py: TIMEOUT=SECONDS in the environment sets another.
TIMEOUT = rectangles.timeout_from_environment()

# The boards the native search counts again (it walks every tour: a few minutes at most).
NATIVE = [
    *(("2x3", kind, n) for kind in ("open", "closed") for n in range(3, 7)),
    # The largest step in the table (1,036,751,784 against 124,928 for 2x3x6): about 2.6e10
    # nodes by `knights estimate --board 2x3x7 --closed`.
    ("2x3", "closed", 7),
    ("2x4", "open", 3),
    ("2x4", "closed", 3),
]
NATIVE_TIMEOUT = 3600


def board_name(section, n):
    return f"{section}x{n}"


def run():
    boards = [(board_name(s, n), kind) for s, kind, lengths in PLAN for n in lengths]
    rectangles.run_plan(boards, RESULTS, "frontier", TIMEOUT)


def native():
    boards = [(board_name(s, n), kind) for s, kind, n in NATIVE]
    rectangles.run_plan(boards, NATIVE_RESULTS, "search", NATIVE_TIMEOUT)


def table():
    second = {(r["board"], r["kind"]): r for r in rectangles.rows(NATIVE_RESULTS)}
    print("| board | kind | count | peak states | CPU s | native search |")
    print("|---|---|---|---|---|---|")
    agree = differ = 0

    def place(r):
        *section, n = map(int, r["board"].split("x"))
        return section, r["kind"] != "open", n

    for r in sorted(rectangles.rows(RESULTS), key=place):
        if not r["complete"]:
            shown = "not finished"
        elif r["engine"] == "theorem":
            shown = "0 (theorem)"
        else:
            shown = f"{int(r['count']):,}"
        states = "-" if r["peak_states"] is None else f"{r['peak_states']:,}"
        check, same = rectangles.second_count(second.get((r["board"], r["kind"])), r)
        agree += same is True
        differ += same is False
        print(f"| {r['board']} | {r['kind']} | {shown} | {states} | {r['cpu_seconds']} | {check} |")
    print(f"\n{agree} equal to the native search's count, {differ} different.", file=sys.stderr)
    return differ


if __name__ == "__main__":
    rectangles.main(run, native, table, __doc__)
