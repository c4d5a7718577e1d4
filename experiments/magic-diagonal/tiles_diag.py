#!/usr/bin/env python3
"""Partitions of a 4x4 block into 4 transversal knight-path cell sets, and how they meet the
block diagonals; with orientations free (no balance), the diagonal position sums possible."""
import itertools, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'magic-12x12'))
from pieces import transversal_paths
P = transversal_paths()
sets = {}
for p in P:
    sets.setdefault(frozenset(p), []).append(p)
parts = [q for q in itertools.combinations(list(sets), 4) if len(frozenset().union(*q)) == 16]
D = [(i, i) for i in range(4)]
A = [(i, 3 - i) for i in range(4)]
for q in parts:
    md = sorted(len(s & set(D)) for s in q)
    ad = sorted(len(s & set(A)) for s in q)
    dm, da = set(), set()
    for ch in itertools.product(*[sets[s] for s in q]):
        pos = {c: k + 1 for p in ch for k, c in enumerate(p)}
        dm.add(sum(pos[c] for c in D)); da.add(sum(pos[c] for c in A))
    print('main meets', md, 'anti meets', ad, 'main pos sums', sorted(dm), 'anti', sorted(da))
