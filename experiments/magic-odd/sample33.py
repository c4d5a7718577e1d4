#!/usr/bin/env python3
"""3x3 block grid: random sample of valid mirrored (A,B) pairs, pieces-only model on each.
Pairs with a U-turn join are reported separately (expected UNSAT)."""
import random, json
from enum33 import hpaths, valid_pairs
from model import solve
H = hpaths(3, 3); V = list(valid_pairs(H))
def uturn(A, B):
    s = list(A) + list(B) + list(A[::-1]) + list(B[::-1])
    return any(s[t] == s[t+1] and s[t-1] == s[t+2] for t in range(1, len(s) - 2))
random.seed(1)
U = [v for v in V if uturn(*v)]; G = [v for v in V if not uturn(*v)]
stat = {}
for kind, L, k in (("uturn", U, 20), ("no-uturn", G, 150)):
    for A, B in random.sample(L, k):
        res, tour = solve(3, 3, list(A), list(B))
        stat.setdefault(kind, {}).setdefault(res["status"], 0)
        stat[kind][res["status"]] += 1
        if res["status"] == "SATISFIABLE":
            print(json.dumps({"A": A, "B": B}))
print(json.dumps(stat))
