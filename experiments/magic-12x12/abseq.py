#!/usr/bin/env python3
"""A/B block sequences on the 3x3 block grid with king adjacency (a knight move can cross
a block corner, so diagonal neighbours count): A = Hamiltonian path Y -> X, B = Hamiltonian
path X -> Y, X and Y adjacent; the visit sequence is A, B, reversed A, reversed B (a block at
index a of A and b of B gets visits a + (9+b) + (18+8-a) + (27+8-b) = 70).
Prints the sequences (36 block numbers per line), shuffled with the given seed.
Usage: abseq.py [seed] [max]"""
import random, sys
from pieces import grid_symmetries

NB = 9
ADJ = [[c for c in range(NB) if c != b and max(abs(b // 3 - c // 3), abs(b % 3 - c % 3)) <= 1]
       for b in range(NB)]


def ham_paths():
    out = []

    def rec(path, seen):
        if len(path) == NB:
            out.append(tuple(path))
            return
        for c in ADJ[path[-1]]:
            if c not in seen:
                seen.add(c)
                path.append(c)
                rec(path, seen)
                path.pop()
                seen.remove(c)

    for s in range(NB):
        rec([s], {s})
    return out


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    mx = int(sys.argv[2]) if len(sys.argv) > 2 else 10 ** 9
    H = ham_paths()
    by_ends = {}
    for p in H:
        by_ends.setdefault((p[0], p[-1]), []).append(p)
    seqs = []
    for X in range(NB):
        for Y in ADJ[X]:
            for A in by_ends.get((Y, X), []):
                for B in by_ends.get((X, Y), []):
                    seqs.append(A + B + A[::-1] + B[::-1])
    print(len(H), "hamiltonian paths,", len(seqs), "A/B sequences", file=sys.stderr)
    # one sequence per class under the 8 symmetries of the block grid and reversal of the tour
    syms = grid_symmetries()
    canon = set()
    for s in seqs:
        canon.add(min(tuple(m[b] for b in v) for m in syms for v in (s, s[::-1])))
    seqs = sorted(canon)
    print(len(seqs), "classes", file=sys.stderr)
    rng = random.Random(seed)
    rng.shuffle(seqs)
    for s in seqs[:mx]:
        assert all(sum(t for t in range(36) if s[t] == b) == 70 for b in range(NB))
        print(' '.join(map(str, s)))
