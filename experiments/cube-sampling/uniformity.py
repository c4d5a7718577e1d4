#!/usr/bin/env python3
"""How uniform `knights sample` is, on boards small enough to count exactly: draw samples,
see how many distinct tours they give, and find the number M_eff of equally likely tours that
would give as many (E[distinct] = M (1 - exp(-k / M)) for k draws from M). A uniform sampler
has M_eff near the true count; one that favours some tours, less. Writes Markdown to stdout.
The SAT method blocks every tour it finds, so it never repeats and M_eff says nothing about
it; a second table compares, for every method, the share of samples with a property against
the share among all tours, counted exactly: tours whose ends are a move apart (2x3x4), and
tours that start on a corner (5x5).
Usage: python3 experiments/cube-sampling/uniformity.py"""
import json, math, os, subprocess

KNIGHTS = os.environ.get("KNIGHTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "target", "release", "knights")

def run(args):
    out = subprocess.run([KNIGHTS] + args, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1]

def exact(board, *extra):
    return json.loads(run(["count", "--board", board, *extra]))["solutions"]

def samples(board, asked, method):
    lines = subprocess.run([KNIGHTS, "sample", "--board", board, "--count", str(asked),
                            "--method", method, "--seed", "0"],
                           capture_output=True, text=True).stdout.strip().splitlines()
    return [json.loads(line) for line in lines[:-1]]

def shares():
    """Shares of a property among samples and among all tours, with the spread expected of
    as many tours drawn uniformly without replacement."""
    paths = exact("2x3x4")
    # A directed path whose ends are a move apart closes into exactly one cycle, and each
    # cycle opens into 2 x 24 such paths (any start, either direction).
    closing = exact("2x3x4", "--closed") * 2 * 24 / paths
    corner = 4 * exact("5x5", "--start-cell", "0,0") / exact("5x5")
    rows = [("2x3x4", 20000, "ends a move apart", closing, lambda t: t["closes"]),
            ("5x5", 500, "starts on a corner", corner,
             lambda t: t["numbers"][0] == 1 or t["numbers"][4] == 1
             or t["numbers"][20] == 1 or t["numbers"][24] == 1)]
    print()
    print("| board | property | share among all tours (exact) | method | samples | share among samples | samples' share - exact, in standard errors |")
    print("|---|---|---:|---|---:|---:|---:|")
    for board, asked, name, share, has in rows:
        for method in ["greedy", "warnsdorff", "sat"]:
            tours = samples(board, asked, method)
            k = len(tours)
            seen = sum(1 for t in tours if has(t)) / k
            spread = math.sqrt(share * (1 - share) / k) or 1.0
            print(f"| {board} | {name} | {share:.4f} | {method} | {k:,} | {seen:.4f} | {(seen - share) / spread:+.1f} |", flush=True)

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
    shares()

if __name__ == "__main__":
    main()
