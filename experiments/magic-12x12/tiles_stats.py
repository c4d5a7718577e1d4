#!/usr/bin/env python3
"""Count balanced tiles of a 4x4 block: 4 transversal pieces partitioning the block with
positions summing to 10 along every block row and column; how pieces meet the diagonals."""
import itertools
from pieces import transversal_paths
P = transversal_paths()
cellsets = {}
for p in P:
    cellsets.setdefault(frozenset(p), []).append(p)
sets = list(cellsets)
parts = [q for q in itertools.combinations(sets, 4) if len(frozenset().union(*q)) == 16]
print(len(sets), "cell sets,", len(parts), "partitions into 4 transversal cell sets")
bal = []
for q in parts:
    for choice in itertools.product(*[cellsets[s] for s in q]):
        pos = {}
        for p in choice:
            for k, c in enumerate(p):
                pos[c] = k + 1
        if all(sum(pos[(r, c)] for c in range(4)) == 10 for r in range(4)) and \
           all(sum(pos[(r, c)] for r in range(4)) == 10 for c in range(4)):
            bal.append(choice)
print(len(bal), "balanced tiles (unordered set of 4 oriented pieces)")
D = [(i, i) for i in range(4)]
A = [(i, 3 - i) for i in range(4)]
for name, diag in (("main", D), ("anti", A)):
    prof = {}
    for tile in bal:
        meet = tuple(sorted(sum(c in diag for c in p) for p in tile))
        prof[meet] = prof.get(meet, 0) + 1
    print(name, "diagonal: pieces meeting it (sorted counts) -> tiles", prof)
    dpos = {}
    for tile in bal:
        pos = {c: k + 1 for p in tile for k, c in enumerate(p)}
        s = sum(pos[c] for c in diag)
        dpos[s] = dpos.get(s, 0) + 1
    print("  diagonal position sums:", sorted(dpos.items()))

# tiles whose main (anti) diagonal meets every piece once, with diagonal position sums
for name, diag in (("main", D), ("anti", A)):
    for tile in bal:
        if all(sum(c in diag for c in p) == 1 for p in tile):
            pos = {c: k + 1 for p in tile for k, c in enumerate(p)}
            other = A if diag is D else D
            print(name, "transversal tile: diag pos sum", sum(pos[c] for c in diag),
                  "other diag meets", sorted(sum(c in other for c in p) for p in tile),
                  "pos sum", sum(pos[c] for c in other))
