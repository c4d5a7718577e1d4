#!/usr/bin/env python3
"""Open and closed knight's tour counts on k x n rectangles (k = 3..6), by the frontier engine,
set against the published terms in published.json. The data files named here (rectangles.jsonl,
published.json, native.jsonl) are in results/counts/rectangles/ of the repository, wherever
this script (experiments/counts/rectangles/) is run from.

    KNIGHTS=path/to/knights python3 rectangles.py run     # counts the boards not yet in
                                                          # rectangles.jsonl, one a line
    KNIGHTS=path/to/knights python3 rectangles.py native  # the native search on the boards
                                                          # of NATIVE, into native.jsonl
    python3 rectangles.py table                           # the Markdown table of README.md

Each count is `knights count --board KxN [--closed] --engine frontier --jobs 1 --stats
--format json`; a line of rectangles.jsonl keeps the board, the kind, the engine ("theorem"
where the command answers from a theorem that no tour exists, with no sweep), the count, the
peak states, the engine's seconds and the process's CPU seconds. A board the engine did not finish
(a time-out) is written with "complete": false and no count, and `table` shows it as such;
the next `run` counts it again (with CHECKPOINTS=DIR, from the steps saved there) and replaces
that line once the count is done.
Two runs may share a results file (two cores, two shells): each board is counted by the first
run to claim it, which the other skips, and the file is read and written by one at a time, so
neither loses the other's lines (see `Ledger`).
`native` counts the boards of NATIVE again with the native search (`--engine search`, the
backtracker, which walks every tour instead of counting frontier states), and `table` sets the
two counts side by side.
"""

import fcntl
import json
import os
import resource
import subprocess
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# The data: results/counts/rectangles, from the repository's root three folders up.
DATA = os.path.normpath(os.path.join(HERE, "..", "..", "..", "results", "counts", "rectangles"))
RESULTS = os.path.join(DATA, "rectangles.jsonl")
PUBLISHED = os.path.join(DATA, "published.json")
NATIVE_RESULTS = os.path.join(DATA, "native.jsonl")

# The boards counted: (width, kind, lengths). Lengths stop where a count passes a minute or
# two on this machine's one core (6 x n open grows fastest: 6x10 takes about 1.5), or, for
# closed 7 x n, where the published terms at hand stop.
PLAN = [
    (3, "open", range(3, 41)),
    (3, "closed", range(3, 41)),
    (4, "open", range(4, 41)),
    (4, "closed", range(4, 13)),
    (5, "open", range(5, 21)),
    (5, "closed", range(5, 21)),
    (6, "open", range(6, 11)),
    (6, "closed", range(6, 25)),
    (7, "closed", range(7, 23)),
]

# Per board and run, at most this many seconds of wall time (the engine stops cleanly and
# reports no count; with CHECKPOINTS set, the next run continues the count where it stopped).
# TIMEOUT=SECONDS in the environment sets another.
def timeout_from_environment(default=1800):
    value = os.environ.get("TIMEOUT", str(default))
    if not value.isdigit() or int(value) == 0:
        sys.exit(f"TIMEOUT={value!r}: not a whole number of seconds above 0")
    return int(value)


TIMEOUT = timeout_from_environment()

# Boards with no published term at hand that the native search can still count in minutes
# (`knights estimate --board KxN --engine search`: about 1.5 and 18 minutes of one core).
NATIVE = [(6, "open", 7), (5, "open", 10)]
NATIVE_TIMEOUT = 7200


def board_name(k, n):
    return f"{k}x{n}"


class Ledger:
    """The locks that let runs share a results file: POSIX record locks on one byte each of
    `FILE.lock` (never part of the results), which the kernel releases when a run dies.
    Byte 0 is held while the file is read or changed; the byte of a (board, kind) while that
    board is counted. A process keeps one descriptor of the lock file open for its whole life,
    as POSIX drops all of a process's locks on a file when any descriptor of it closes."""

    _open = {}

    def __init__(self, path):
        if path not in Ledger._open:
            Ledger._open[path] = open(path + ".lock", "a+")
        self.fd = Ledger._open[path].fileno()

    def _lock(self, byte, wait):
        flags = fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB
        try:
            fcntl.lockf(self.fd, flags, 1, byte)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def _unlock(self, byte):
        fcntl.lockf(self.fd, fcntl.LOCK_UN, 1, byte)

    def hold_file(self):
        self._lock(0, wait=True)

    def release_file(self):
        self._unlock(0)

    @staticmethod
    def _byte_of(board, kind):
        # A stable byte per board whatever the plan's order; two boards sharing one (about
        # one chance in 10^5 over a plan of 200) would only be counted one after the other.
        return 1 + zlib.crc32(f"{board} {kind}".encode()) % (2**31 - 2)

    def claim(self, board, kind):
        """Whether this run may count the board: no other run holds it."""
        return self._lock(self._byte_of(board, kind), wait=False)

    def release(self, board, kind):
        self._unlock(self._byte_of(board, kind))


def _read_whole_lines(path):
    """The lines of a results file, the file held. A run killed while writing can leave its
    last line cut short (no newline): that line is dropped from the file, and its board is
    counted again (a live run writes whole lines while it holds the file, so a cut line is a
    dead run's)."""
    if not os.path.exists(path):
        return []
    with open(path, "rb+") as f:
        data = f.read()
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):
            f.truncate(len(whole))
    return [json.loads(line) for line in whole.decode().splitlines()]


def rows(path=RESULTS):
    """The lines of a results file (see `_read_whole_lines`)."""
    ledger = Ledger(path)
    ledger.hold_file()
    try:
        return _read_whole_lines(path)
    finally:
        ledger.release_file()


def done(path=RESULTS):
    """The (board, kind) pairs already counted in a results file (a time-out is not done: the
    next run counts the board again, from its checkpoint if one was saved)."""
    return {(r["board"], r["kind"]) for r in rows(path) if r["complete"]}


def record(path, line):
    """Appends a run's line to a results file; a count replaces the board's time-out lines
    (the file stays one line a board). A rewrite goes beside the file and is renamed over it:
    never half a file; the file is held throughout, so another run's line is never lost."""
    ledger = Ledger(path)
    ledger.hold_file()
    try:
        kept = _read_whole_lines(path)
        if line["complete"]:
            board, kind = line["board"], line["kind"]
            kept = [r for r in kept if r["complete"] or (r["board"], r["kind"]) != (board, kind)]
        with open(path + ".partial", "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in [*kept, line])
            f.flush()
            os.fsync(f.fileno())
        os.replace(path + ".partial", path)
    finally:
        ledger.release_file()


def count(knights, board, kind, engine="frontier", timeout=TIMEOUT):
    """Runs one count; returns its line for a results file."""
    closed = ["--closed"] if kind == "closed" else []
    # `--yes`: the native search asks for it before a run predicted to take minutes.
    cmd = [knights, "count", "--board", board, *closed, "--engine", engine, "--jobs", "1",
           "--stats", "--format", "json", "--timeout", str(timeout), "--yes"]
    # With CHECKPOINTS=DIR a frontier count saves its steps there every ten minutes, and a
    # count stopped by its time-out continues from the last one in the next run.
    if engine == "frontier" and os.environ.get("CHECKPOINTS"):
        saved = os.path.join(os.environ["CHECKPOINTS"], f"{board}-{kind}")
        cmd += ["--checkpoint", saved, "--checkpoint-every", "600"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    run = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # `count` exits 0 with an answer, also when the time-out stopped it ("complete": false);
    # anything else is an error to stop on, not a row.
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {run.returncode}\n{run.stderr}")
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    stats = summary.get("stats", {})
    return {
        "board": board,
        "kind": kind,
        # "theorem" where the command answers from a theorem (no tour) without a sweep.
        "engine": summary["engine"],
        "complete": summary["complete"],
        "count": str(summary["solutions"]) if summary["complete"] else None,
        "peak_states": stats.get("peak_states"),
        "nodes": stats.get("nodes"),
        "seconds": round(summary["seconds"], 3),
        # The step a checkpoint let this run start from (null: from the first); the seconds
        # are then this run's only.
        "continued_from_step": stats.get("continued_from_step"),
        "cpu_seconds": round(cpu, 3),
        "wall_seconds": round(wall, 3),
        "command": " ".join(cmd[1:]),
    }


def run_plan(boards, path, engine, timeout):
    """Counts each (board, kind) of `boards` not yet in `path`, adding a line for each. A
    board another run is counting is skipped (its line is that run's to write)."""
    knights = os.environ.get("KNIGHTS", "knights")
    ledger = Ledger(path)
    for board, kind in boards:
        # Read again each time: another run may have counted the board meanwhile.
        if (board, kind) in done(path):
            continue
        if not ledger.claim(board, kind):
            print(f"{board} {kind} ({engine}): another run is counting it; skipped",
                  file=sys.stderr)
            continue
        try:
            # Counted by another run between the read above and the claim.
            if (board, kind) in done(path):
                continue
            line = count(knights, board, kind, engine, timeout)
            record(path, line)
        finally:
            ledger.release(board, kind)
        print(f"{board} {kind} ({engine}): {line['count']} ({line['cpu_seconds']} s CPU)",
              file=sys.stderr)


def run():
    boards = [(board_name(k, n), kind) for k, kind, lengths in PLAN for n in lengths]
    run_plan(boards, RESULTS, "frontier", TIMEOUT)


def native():
    boards = [(board_name(k, n), kind) for k, kind, n in NATIVE]
    run_plan(boards, NATIVE_RESULTS, "search", NATIVE_TIMEOUT)


def published_value(published, k, n, kind):
    """The published figure for a board in the project's convention (directed paths,
    undirected cycles), and its source; (None, None) where there is none."""
    table = published[kind].get(str(k))
    if table is None:
        return None, None
    if "directed" in table and str(n) in table["directed"]:
        return table["directed"][str(n)], table["source"]
    if "undirected" in table and str(n) in table["undirected"]:
        return 2 * table["undirected"][str(n)], table["source"]
    if "cycles" in table and str(n) in table["cycles"]:
        return table["cycles"][str(n)], table["source"]
    return None, None


def second_count(native, r):
    """The native search's column for the row `r` (its line in a native results file, or
    None), and whether the two counts are equal (None where there is nothing to compare)."""
    if native is None:
        return "", None
    if not (native["complete"] and r["complete"]):
        return "not finished", None
    if native["count"] == r["count"]:
        return f"equal ({native['cpu_seconds']} s CPU)", True
    return f"**differs**: {int(native['count']):,}", False


def table():
    with open(PUBLISHED) as f:
        published = json.load(f)
    # A second count by the native search, where one was run (`native`).
    second = {(r["board"], r["kind"]): r for r in rows(NATIVE_RESULTS)}
    print("| board | kind | count | peak states | CPU s | published | native search |")
    print("|---|---|---|---|---|---|---|")
    agree = differ = unpublished = native_agree = native_differ = 0
    # The table of README.md: every row, by width, kind (open first) and length, then the
    # tally.
    def place(r):
        k, n = map(int, r["board"].split("x"))
        return k, r["kind"] != "open", n

    for r in sorted(rows(), key=place):
        k, n = map(int, r["board"].split("x"))
        value, source = published_value(published, k, n, r["kind"])
        if not r["complete"]:
            shown, verdict = "not finished", "no count"
        elif r["engine"] == "theorem":
            shown, verdict = "0", "no tour (theorem)"
        else:
            shown = f"{int(r['count']):,}"
            if value is None:
                verdict = "none found"
                unpublished += 1
            elif value == int(r["count"]):
                verdict = f"equal ({source})"
                agree += 1
            else:
                verdict = f"**differs**: {value:,} ({source})"
                differ += 1
        if r["engine"] == "theorem":
            states = "theorem"
        elif r["peak_states"] is None:
            states = "-"
        else:
            states = f"{r['peak_states']:,}"
        check, same = second_count(second.get((r["board"], r["kind"])), r)
        native_agree += same is True
        native_differ += same is False
        print(f"| {r['board']} | {r['kind']} | {shown} | {states} | {r['cpu_seconds']} | "
              f"{verdict} | {check} |")
    print(f"\n{agree} equal to a published term, {differ} different, {unpublished} with no "
          f"published term at hand; {native_agree} equal to the native search's count, "
          f"{native_differ} different.", file=sys.stderr)
    return differ + native_differ


def main(run, native, table, usage):
    """Runs the one command named on the command line; exits 1 when `table` finds a count
    that differs, with the usage when no command or another is named."""
    commands = {"run": run, "native": native, "table": table}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(usage)
    sys.exit(1 if commands[sys.argv[1]]() else 0)


if __name__ == "__main__":
    main(run, native, table, __doc__)
