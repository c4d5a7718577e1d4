#!/usr/bin/env python3
"""4-pass block sequences: P0 P1 P2 P3, each a Hamiltonian path of the 3x3 block grid (king
adjacency), the end of each pass equal or adjacent to the start of the next, every block's
indices along the 4 passes summing to 16 (so its visit indices sum to 70).
Meet in the middle on the index vectors. One sequence per class under the 8 board symmetries
and reversal; non-palindromic only with --nopalin. Usage: fourpass.py [--nopalin] [--count]"""
import sys
from abseq import ham_paths, NB
from pieces import grid_symmetries

H = ham_paths()
near = lambda a, b: max(abs(a // 3 - b // 3), abs(a % 3 - b % 3)) <= 1
vec = []
for p in H:
    v = [0] * NB
    for i, b in enumerate(p):
        v[b] = i
    vec.append(tuple(v))
pairs = {}
for i, p in enumerate(H):
    for j, q in enumerate(H):
        if near(p[-1], q[0]):
            w = tuple(a + b for a, b in zip(vec[i], vec[j]))
            pairs.setdefault(w, []).append((i, j))
print(len(H), "paths,", sum(map(len, pairs.values())), "linked pairs,", len(pairs),
      "sum vectors", file=sys.stderr)
syms = grid_symmetries()
canon = set()
n = 0
for w, lst in pairs.items():
    w2 = tuple(16 - x for x in w)
    if w2 not in pairs:
        continue
    for (i, j) in lst:
        for (k, l) in pairs[w2]:
            if not near(H[j][-1], H[k][0]):
                continue
            s = H[i] + H[j] + H[k] + H[l]
            n += 1
            if '--nopalin' in sys.argv and s == s[::-1]:
                continue
            canon.add(min(tuple(m[b] for b in v) for m in syms for v in (s, s[::-1])))
print(n, "4-pass sequences,", len(canon), "classes", file=sys.stderr)
if '--count' not in sys.argv:
    for s in sorted(canon):
        print(' '.join(map(str, s)))
