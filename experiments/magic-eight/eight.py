#!/usr/bin/env python3
"""Semimagic tours of 8 x 4n boards (a 2 x n grid of 4x4 blocks) in the mirrored block scheme
of experiments/magic-odd, with the paths A, B around the ladder's boundary cycle:

  A = (0,0) east along row 0 to (0,n-1), then west along row 1 to (1,0);
  B = (1,0) east along row 1 to (1,n-1), then west along row 0 to (0,0).

A ends where B starts, at (1,0) (a U-turn: in from (1,1), out to (1,1)); B ends at (0,0),
next to (1,0) where reversed A starts; reversed A ends where reversed B starts, at (0,0).

  eight.py sat LO HI        pieces-only SAT on 2 x n for n in LO..HI, each tour checked
  eight.py table SIZES OUT  one tile table solved jointly on 2 x n for n in SIZES (comma list),
                            written to OUT (tiletable form of experiments/magic-odd)
  eight.py sweep TABLE LO HI  build 2 x n for n in LO..HI by lookup and check each tour
"""
import json, os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "magic-odd"))
from model import solve, check_paths  # noqa: E402
from signatures import sigs  # noqa: E402
from tiletable import joint_table, contexts, lookup_tour  # noqa: E402
from check import check  # noqa: E402


def ladder(n):
    top = [(0, j) for j in range(n)]
    bottom = [(1, j) for j in range(n)]
    return top + bottom[::-1], bottom + top[::-1]


def cmd_sat(lo, hi):
    for n in range(lo, hi + 1):
        A, B = ladder(n)
        res, tour = solve(2, n, A, B, timeout=600)
        e = check(8, 4 * n, tour) if tour else "no tour"
        print("2x%d (8x%d): %s, %d vars, %d clauses, build %.2f s, solve %.2f s, check: %s" %
              (n, 4 * n, res["status"], res["vars"], res["clauses"], res["build_s"],
               res["solve_s"], e or "OK semimagic knight's tour"), flush=True)


def cmd_table(sizes, out):
    solved = joint_table([(2, n) + ladder(n) for n in sizes])
    if solved is None:
        print("no table"); sys.exit(1)
    table, _ = solved
    with open(out, "w") as f:
        json.dump([{"signature": s, "pieces": list(ps)} for s, ps in table.items()], f)
        f.write("\n")
    print(len(table), "tiles written to", out)


def load(path):
    table = {}
    for rec in json.load(open(path)):
        s = tuple(tuple(None if x is None else tuple(x) for x in pn) for pn in rec["signature"])
        table[s] = rec["pieces"]
    return table


def cmd_sweep(path, lo, hi):
    table = load(path)
    ok = bad = 0
    seen_ctx = set()
    for n in range(lo, hi + 1):
        A, B = ladder(n)
        check_paths(2, n, A, B)
        seq, S = sigs(2, n, A, B)
        if any(s not in table for s in S.values()):
            print("2x%d: signature missing" % n); bad += 1; continue
        ctx = contexts(seq, S)
        e = check(8, 4 * n, lookup_tour(seq, S, table))
        new = len(ctx - seen_ctx); seen_ctx |= ctx
        print("2x%d (8x%d): %d signatures, %d link contexts (%d new), lookup tour: %s" %
              (n, 4 * n, len(set(S.values())), len(ctx), new, e or "OK semimagic knight's tour"))
        ok += e is None; bad += e is not None
    print("sizes:", ok + bad, "OK:", ok, "failed:", bad)


if __name__ == "__main__":
    what = sys.argv[1]
    t0 = time.time()
    if what == "sat":
        cmd_sat(int(sys.argv[2]), int(sys.argv[3]))
    elif what == "table":
        cmd_table([int(x) for x in sys.argv[2].split(",")], sys.argv[3])
    elif what == "sweep":
        cmd_sweep(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    print("%.1f s in all" % (time.time() - t0))
