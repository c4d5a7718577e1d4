#!/usr/bin/env python3
"""Cell-level SAT model of a diagonally magic 12x12 knight's tour with a "dozen / residue"
split: number n = 1..144, n-1 = 12q + r (q, r in 0..11). Sum over a line of 12 cells
= 12 + 12*sum(q) + sum(r), and 870 = 12 + 12*66 + 66.

Sufficient conditions (mode 'latin'): on every row and column, q takes each value once and r
takes each value once (two orthogonal-Latin-like squares). On a long diagonal r cannot be Latin
(all its cells have one colour, so all its numbers one parity, so all r one parity): there q is
Latin and sum(r) = 66 (automaton), or with --diag pb the exact sum 12*sum(q)+sum(r) = 858.
Mode 'sums': on every row/column only sum(q) = 66 and sum(r) = 66 (automata); diagonals as
above.

Variables z[c][n]: cell c has number n+1 (only n with the colour parity allowed: number 1 is
put on a cell with r+c even, w.l.o.g. by the mirror symmetry, which swaps the diagonals).
Hamiltonian path: each cell exactly one number, each number exactly one cell, n -> n+1 is a
knight move (and n -> n-1, redundant).
"""
import argparse, json, os, sys, tempfile, time
import runsolver
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'magic-12x12'))
from search import CNF, pb_exact  # noqa: E402

N = 12
NN = N * N


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mode', default='latin', choices=['latin', 'sums'])
    ap.add_argument('--diag', default='qlatin', choices=['qlatin', 'pb', 'split', 'none'])
    ap.add_argument('--base', type=int, default=12,
                    help="split n-1 = B*q + r (mode sums; 'latin' needs B = 12)")
    ap.add_argument('--start', default=None, help='r,c of number 1 (optional)')
    ap.add_argument('--solver', default='/usr/bin/cadical')
    ap.add_argument('--timeout', type=int, default=600)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--out', default=None)
    ap.add_argument('--cnf', default=None)
    a = ap.parse_args()
    t0 = time.time()
    cnf = CNF()
    cells = [(r, c) for r in range(N) for c in range(N)]
    z = {}
    for (r, c) in cells:
        for n in range(NN):
            if (r + c + n) % 2 == 0:
                z[(r, c), n] = cnf.var()
    for g in cells:
        cnf.exactly_one([z[g, n] for n in range(NN) if (g, n) in z])
    for n in range(NN):
        cnf.exactly_one([z[g, n] for g in cells if (g, n) in z])
    nb = {g: [h for h in cells if sorted((abs(g[0] - h[0]), abs(g[1] - h[1]))) == [1, 2]]
          for g in cells}
    for (g, n), v in z.items():
        if n + 1 < NN:
            cnf.add(-v, *[z[h, n + 1] for h in nb[g]])
        if n > 0:
            cnf.add(-v, *[z[h, n - 1] for h in nb[g]])
    B = a.base
    NQ = NN // B
    Q, R = {}, {}
    for g in cells:
        for d in range(NQ):
            Q[g, d] = cnf.or_def([z[g, B * d + r] for r in range(B) if (g, B * d + r) in z])
        for d in range(B):
            lits = [z[g, B * q + d] for q in range(NQ) if (g, B * q + d) in z]
            R[g, d] = cnf.or_def(lits) if lits else None
    SQ, SR = N * (NQ - 1) // 2, N * (B - 1) // 2
    assert B * SQ + SR == 858
    lines = [[(i, c) for c in range(N)] for i in range(N)] + [[(r, i) for r in range(N)] for i in range(N)]
    diags = [[(i, i) for i in range(N)], [(i, N - 1 - i) for i in range(N)]]
    for line in lines:
        if a.mode == 'latin':
            for d in range(N):
                cnf.exactly_one([Q[g, d] for g in line])
                cnf.exactly_one([R[g, d] for g in line if R[g, d]])
        else:
            pb_exact(cnf, [[(d, Q[g, d]) for d in range(NQ)] for g in line], SQ)
            pb_exact(cnf, [[(d, R[g, d]) for d in range(B) if R[g, d]] for g in line], SR)
    for line in diags:
        if a.diag == 'qlatin':
            for d in range(N):
                cnf.exactly_one([Q[g, d] for g in line])
            pb_exact(cnf, [[(d, R[g, d]) for d in range(N) if any((g, N * q + d) in z for q in range(N))]
                           for g in line], 66)
        elif a.diag == 'split':
            pb_exact(cnf, [[(d, Q[g, d]) for d in range(NQ)] for g in line], SQ)
            pb_exact(cnf, [[(d, R[g, d]) for d in range(B) if R[g, d]] for g in line], SR)
        elif a.diag == 'pb':
            items = []
            for g in line:
                items.append([(B * d, Q[g, d]) for d in range(NQ)])
                items.append([(d, R[g, d]) for d in range(B) if R[g, d]])
            pb_exact(cnf, items, 858)
    if a.start:
        r, c = map(int, a.start.split(','))
        cnf.add(z[(r, c), 0])
    path = a.cnf or tempfile.mkstemp(suffix='.cnf', dir='/tmp')[1]
    with open(path, 'w') as f:
        f.write('p cnf %d %d\n' % (cnf.n, len(cnf.cl)))
        for cl in cnf.cl:
            f.write(' '.join(map(str, cl)) + ' 0\n')
    t1 = time.time()
    print('vars %d clauses %d, build %.1fs' % (cnf.n, len(cnf.cl), t1 - t0), file=sys.stderr)
    if a.cnf:
        return
    status, true = runsolver.run(a.solver, a.timeout, a.seed, path)
    os.unlink(path)
    if not status or 'UNSAT' in status or 'UNKNOWN' in status:
        sys.exit(1)
    tour = [None] * NN
    for (g, n), v in z.items():
        if v in true:
            tour[n] = list(g)
    num = {tuple(g): i + 1 for i, g in enumerate(tour)}
    for r in range(N):
        print(' '.join('%3d' % num[(r, c)] for c in range(N)), file=sys.stderr)
    line = json.dumps({"board": "12x12", "tour": tour})
    print(line)
    if a.out:
        with open(a.out, 'a') as f:
            f.write(line + '\n')


if __name__ == '__main__':
    main()
