#!/usr/bin/env python3
"""How uniform `knights sample` is, on boards small enough to count exactly: draw samples,
see how many distinct tours they give, and find the number M_eff of equally likely tours that
would give as many (E[distinct] = M (1 - exp(-k / M)) for k draws from M). A uniform sampler
has M_eff near the true count; one that favours some tours, less. Writes Markdown to stdout.
Usage: python3 results/cube-sampling/uniformity.py"""
import json, math, os, subprocess

KNIGHTS = os.environ.get("KNIGHTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "target", "release", "knights")

def run(args):
    out = subprocess.run([KNIGHTS] + args, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1]

def exact(board):
    return json.loads(run(["count", "--board", board]))["solutions"]

def effective(draws, distinct):
    """The M with M (1 - exp(-draws / M)) = distinct, by bisection (inf if no repeat)."""
    if distinct >= draws:
        return math.inf
    lo, hi = float(distinct), 1e15
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid * (1 - math.exp(-draws / mid)) < distinct:
            lo = mid
        else:
            hi = mid
    return lo

def main():
    print("| board | tours (exact, `knights count`) | method | tours asked | draws that gave a tour | distinct | M_eff | M_eff / exact |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for board, asked in [("3x4", 100), ("5x5", 1728), ("2x3x4", 20000)]:
        total = exact(board)
        for method in ["greedy", "warnsdorff"]:
            summary = json.loads(run(["sample", "--board", board, "--count", str(asked),
                                      "--method", method, "--seed", "0"]))["summary"]
            draws = summary["found"] + summary["duplicates"]
            m = effective(draws, summary["found"])
            ratio = "-" if math.isinf(m) else f"{m / total:.3f}"
            shown = "no repeat" if math.isinf(m) else f"{m:,.0f}"
            print(f"| {board} | {total:,} | {method} | {asked:,} | {draws:,} | {summary['found']:,} | {shown} | {ratio} |", flush=True)

if __name__ == "__main__":
    main()
