#!/usr/bin/env python3
"""Map of the 15 signatures of ab_odd on a grid (default 7x7), numbered as in the tile table
file (tiletable-1iiii.json order), with each tile's 4 pieces as cell lists."""
import json, sys
from family import ab_odd
from signatures import sigs
from model import P

M, N = (int(v) for v in (sys.argv[1:3] if len(sys.argv) > 2 else (7, 7)))
recs = json.load(open("tiletable-1iiii.json"))
ids = {}
for i, rec in enumerate(recs):
    ids[tuple(tuple(None if x is None else tuple(x) for x in pn) for pn in rec["signature"])] = i
A, B = ab_odd(M, N)
_, S = sigs(M, N, A, B)
print("signature id of each block, %dx%d:" % (M, N))
for i in range(M):
    print(" ".join("%2d" % ids[S[(i, j)]] for j in range(N)))
print()
for i, rec in enumerate(recs):
    print("%2d prev/next offsets per pass:" % i, rec["signature"])
    print("   pieces:", [P[p] for p in rec["pieces"]])
