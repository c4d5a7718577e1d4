#!/usr/bin/env python3
"""Measures `knights tour` on large boards and Warnsdorff's rule; writes tables (Markdown)
to stdout. Usage: python3 experiments/large-boards/run.py [--quick] [--construct-only | --passes-only] > results/large-boards/FILE.md

Every run goes through /usr/bin/time for wall time and peak memory (maximum resident set
size); each figure is the median of three runs. Tours are written to a scratch directory and
checked again afterwards by `knights verify` (a second, separate reading of the file)."""
import os, re, statistics, subprocess, sys, tempfile

KNIGHTS = os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "knights")
QUICK = "--quick" in sys.argv
CONSTRUCT_ONLY = "--construct-only" in sys.argv
PASSES_ONLY = "--passes-only" in sys.argv
SCRATCH = tempfile.mkdtemp(prefix="knights-large-")

def timed(args):
    """(wall seconds, peak KB, stderr) of one run."""
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(" ".join(args) + ": " + r.stderr)
    wall, kb = re.search(r"TIME ([\d.]+) (\d+)", r.stderr).groups()
    return float(wall), int(kb), r.stderr

def median_of(args, runs=3):
    results = [timed(args) for _ in range(runs)]
    return statistics.median(w for w, _, _ in results), max(k for _, k, _ in results), results[-1][2]

def construction_table(boards):
    print("| board | cells | to /dev/null: wall s | to a file: wall s | ns per cell (file) | peak MB | verify: wall s | verify: peak MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for board in boards:
        rows, cols = map(int, board.split("x"))
        cells = rows * cols
        null, null_kb, _ = median_of([KNIGHTS, "tour", "--board", board, "--format", "binary", "-o", "/dev/null"])
        path = os.path.join(SCRATCH, f"{board}.bin")
        wall, kb, err = median_of([KNIGHTS, "tour", "--board", board, "-o", path])
        closed = "--closed" if "a closed tour" in err else "--open"
        check = [KNIGHTS, "verify", "--board", board] + ([closed] if closed == "--closed" else []) + [path]
        vwall, vkb, _ = median_of(check, runs=1)
        os.remove(path)
        print(f"| {board} ({closed[2:]}) | {cells:,} | {null:.2f} | {wall:.2f} | {wall / cells * 1e9:.1f} | {kb / 1024:.0f} | {vwall:.2f} | {vkb / 1024:.0f} |", flush=True)

def passes_table(boards, mibs):
    """Boards whose bit per square passes the default --check-memory, checked in passes and
    (with memory enough) at once."""
    print("| board | cells | --check-memory MiB | passes | to /dev/null: wall s | to a file: wall s | peak MB | verify: wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for board in boards:
        rows, cols = map(int, board.split("x"))
        cells = rows * cols
        for mib in mibs:
            passes = -(-cells // (mib * 8 << 20))
            memory = ["--check-memory", str(mib)]
            null, null_kb, _ = median_of([KNIGHTS, "tour", "--board", board, "--format", "binary", "-o", "/dev/null"] + memory)
            path = os.path.join(SCRATCH, f"{board}.bin")
            wall, kb, err = median_of([KNIGHTS, "tour", "--board", board, "-o", path] + memory)
            closed = ["--closed"] if "a closed tour" in err else []
            vwall, _, _ = median_of([KNIGHTS, "verify", "--board", board] + closed + [path], runs=1)
            os.remove(path)
            print(f"| {board} | {cells:,} | {mib} | {passes} | {null:.2f} | {wall:.2f} | {max(kb, null_kb) / 1024:.0f} | {vwall:.2f} |", flush=True)

# Attempts before a rule is reported as giving up: each costs up to 100 jumps per square.
ATTEMPTS = 10

SEED_MS = {8: 1, 10: 3, 12: 7, 14: 11, 16: 26, 18: 51, 20: 102, 22: 225, 24: 401, 26: 701, 28: 1074, 30: 1738}

def warnsdorff_row(n, tie_break):
    args = [KNIGHTS, "tour", "--board", f"{n}x{n}", "--method", "warnsdorff", "--tie-break", tie_break,
            "--attempts", str(ATTEMPTS), "--format", "binary", "-o", "/dev/null"]
    ms = []
    for _ in range(3):
        try:
            _, _, err = timed(args)
        except RuntimeError:
            return "gave up", "-"
        found = re.search(r"(\d+) attempt\(s\), (\d+) jumps, (\d+) of them backtracking, ([\d.]+) ms", err)
        attempts, _, back, t = found.groups()
        ms.append(float(t))
    return f"{statistics.median(ms):.2f}", f"{attempts}/{back}"

# Random ties give up from 200 x 200 on; past 300 their ten attempts of 100 jumps per square
# take hours, so they are not run there.
RANDOM_UP_TO = 300

def warnsdorff_table(sizes):
    print(f"Search time only (ms, median of 3), from the bottom-right corner; a rule gives up after {ATTEMPTS} attempts of 100 jumps per square.\n")
    print("| n x n | seed 003 (ms, 2012 laptop) | random ties: ms | attempts/backtracks | Pohl ties: ms | attempts/backtracks | Roth ties: ms | attempts/backtracks |")
    print("|---:|---:|---:|---|---:|---|---:|---|")
    for n in sizes:
        cells = [warnsdorff_row(n, t) if t != "random" or n <= RANDOM_UP_TO else ("not run", "-")
                 for t in ("random", "pohl", "roth")]
        seed = f"{SEED_MS[n]:,}" if n in SEED_MS else "-"
        print(f"| {n} | {seed} | " + " | ".join(f"{a} | {b}" for a, b in cells) + " |", flush=True)

if __name__ == "__main__":
    # "To /dev/null" means to the device: a plain file there would be a file in memory.
    if not os.path.exists("/dev/null") or not __import__("stat").S_ISCHR(os.stat("/dev/null").st_mode):
        sys.exit("/dev/null is not a character device; the /dev/null column would be wrong")
    if PASSES_ONLY:
        print("## Checked in passes\n")
        passes_table(["30000x30000", "4x250000000"], [48, 120])
        sys.exit(0)
    squares = ["1000x1000", "1732x1732", "3162x3163", "5477x5477", "10000x10000"]
    others = ["9999x10001", "3x33333333", "33333333x3", "5x20000000", "20001x4999", "1001x99999"]
    if not QUICK:
        others.append("30000x30000")
    print("## Scaling: square boards\n")
    construction_table(squares if not QUICK else squares[:2])
    print("\n## Odd, oblong and thin boards\n")
    construction_table(others if not QUICK else others[:1])
    if CONSTRUCT_ONLY:
        sys.exit(0)
    print("\n## Warnsdorff's rule\n")
    warnsdorff_table(list(range(8, 31, 2)) + ([50, 100, 200, 300, 500, 1000, 2000, 4000] if not QUICK else [100]))
