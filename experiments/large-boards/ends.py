#!/usr/bin/env python3
"""Asks `knights tour` for tours between random pairs of squares that a tour may join (of
opposite colours on boards with an even number of squares, both of the corners' colour on
boards with both sides odd), and asks the SAT engine about every pair the construction
refuses. Writes a Markdown summary to stdout. KNIGHTS names the binary (default: the release
build).
Usage: python3 experiments/large-boards/ends.py CASES MAX_SIDE SEED [CASES MAX_SIDE SEED ...]"""
import os, random, subprocess, sys, time

KNIGHTS = os.environ.get("KNIGHTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "target", "release", "knights")

def tour(board, start, end, method):
    args = [KNIGHTS, "tour", "--board", board, "--start", f"{start[0]},{start[1]}",
            "--end", f"{end[0]},{end[1]}", "--method", method, "--format", "json", "-o", "/dev/null"]
    began = time.time()
    run = subprocess.run(args, capture_output=True, text=True)
    return run.returncode, run.stderr.strip(), time.time() - began

def batch(cases, max_side, seed):
    rng = random.Random(seed)
    asked, built, times, refused = 0, 0, [], []
    odd_asked, odd_built = 0, 0
    while asked < cases:
        rows, cols = rng.randint(5, max_side), rng.randint(5, max_side)
        start = (rng.randrange(rows), rng.randrange(cols))
        end = (rng.randrange(rows), rng.randrange(cols))
        if start == end:
            continue
        if rows % 2 and cols % 2:
            if sum(start) % 2 or sum(end) % 2:
                continue
        elif (sum(start) + sum(end)) % 2 == 0:
            continue
        asked += 1
        odd = rows % 2 == 1 and cols % 2 == 1
        odd_asked += odd
        code, err, seconds = tour(f"{rows}x{cols}", start, end, "stitch")
        times.append(seconds)
        if code == 0:
            built += 1
            odd_built += odd
            continue
        sat_code, sat_err, _ = tour(f"{rows}x{cols}", start, end, "sat")
        verdict = {0: "a tour exists", 2: "none exists" if "exhausted" in sat_err else sat_err}.get(sat_code, sat_err)
        refused.append((rows, cols, start, end, verdict))
    times.sort()
    print(f"## {cases} pairs, sides 5 to {max_side}, seed {seed}\n")
    print(f"Built and verified: {built} of {asked}. Wall time per run (process included): median "
          f"{times[len(times) // 2] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms. "
          f"On boards with both sides odd: {odd_built} of {odd_asked}.\n")
    if refused:
        print("| board | start | end | the SAT engine on the whole board |\n|---|---|---|---|")
        for rows, cols, start, end, verdict in refused:
            print(f"| {rows}x{cols} | {start} | {end} | {verdict} |")
        print()

if __name__ == "__main__":
    args = sys.argv[1:]
    for k in range(0, len(args), 3):
        batch(int(args[k]), int(args[k + 1]), int(args[k + 2]))
