#!/usr/bin/env python3
"""Lookup construction with a saved tile table (tiletable.py) over all odd M, N in a range:
path family -> signatures -> pieces from the table -> tour, checked by check.py's check.
Also reports whether the size's signatures and link contexts are all among those of the
sizes the table was solved on (SOLVED).
Usage: sweep.py TABLE.json K PICKS LO HI [extra sizes like 51x51,101x101]"""
import json, sys, time
from family import family, core
from signatures import sigs
from tiletable import contexts, lookup_tour
from model import P, check_paths
from check import check

SOLVED = [(3, 3), (3, 5), (5, 3), (5, 5), (7, 7)]
table = {}
for rec in json.load(open(sys.argv[1])):
    s = tuple(tuple(None if x is None else tuple(x) for x in pn) for pn in rec["signature"])
    table[s] = rec["pieces"]
k = int(sys.argv[2]); picks = tuple("min" if c == "i" else "max" for c in sys.argv[3])
lo, hi = int(sys.argv[4]), int(sys.argv[5])
sizes = [(m, n) for m in range(lo, hi + 1, 2) for n in range(lo, hi + 1, 2)]
if len(sys.argv) > 6:
    sizes += [tuple(map(int, s.split("x"))) for s in sys.argv[6].split(",")]
ctx0 = set()
for M, N in SOLVED:
    A, B = family(core(k), M, N, picks)
    ctx0 |= contexts(*sigs(M, N, A, B))
ok = bad = 0
t0 = time.time()
for M, N in sizes:
    t1 = time.time()
    A, B = family(core(k), M, N, picks)
    check_paths(M, N, A, B)
    seq, S = sigs(M, N, A, B)
    newctx = len(contexts(seq, S) - ctx0)
    tour = lookup_tour(seq, S, table)
    e = check(4 * M, 4 * N, tour)
    if e or newctx or M * N >= 625:
        print("%dx%d blocks (%dx%d board): new contexts %d, %s, %.2f s" %
              (M, N, 4 * M, 4 * N, newctx, e or "OK", time.time() - t1), flush=True)
    ok += e is None; bad += e is not None
print("sizes:", len(sizes), "OK:", ok, "failed:", bad, "total %.1f s" % (time.time() - t0))
