#!/usr/bin/env python3
"""Block-structured SAT search for semimagic (and diagonally magic) 12x12 knight's tours.

The 12x12 board is cut into 3x3 blocks of 4x4 cells. The tour makes 36 visits of 4 cells;
visit t (0..35) lies in one block, is a 4-cell knight path meeting each row and column of the
block once (a "piece", 48 oriented ones) and numbers its cells 4t+1..4t+4. The last cell of
visit t is a knight move from the first cell of visit t+1.

Sufficient conditions for semimagic (default, "strict"):
  * every block gets exactly 4 visits, whose indices sum to 70;
  * every block is balanced: in each block row / block column the positions (1..4) sum to 10.
Then every board row/column sums to 3 * (4*70 + 10) = 870.

Options:
  --closed          also require a closed tour
  --linesum         relax the per-block sums: only each block row / block column of 3 blocks
                    has visit sum 210 (each block still 4 visits, still balanced)
  --diag MODE       diagonals: 'none' (default), 'block' (each diagonal block's diagonal meets
                    its 4 visits once with positions summing to 10 -> 290 per block),
                    'block290' (each diagonal block's part of a long diagonal sums to 290),
                    'pb' (exact diagonal sums 870 via a sum automaton over the 12 cells),
                    'pbmain' (the same for the main diagonal only)
  --fixseq FILE:N   fix the block visited at each t to that of tour N (1-based) in FILE
  --palin           block of visit t = block of visit 35-t (implies the per-block sums)
  --seqsym SIGMA    block of visit 35-t = SIGMA(block of visit t) (rot180, transpose,
                    antitranspose, mirror)
  --fourpass        visits 9i..9i+8 visit every block once (4 Hamiltonian passes)
  --nopalin         exclude palindromic block sequences
  --nosym           no symmetry breaking (default: visit 0 in block 0, 1 or 4)
  --solver PATH     cadical binary (default /usr/bin/cadical), --timeout S, --seed N
  --out FILE        append found tour as JSON line
Writes the CNF to a temporary file, runs the solver, decodes and self-checks the tour.
"""
import argparse, json, os, subprocess, sys, tempfile, time
from pieces import transversal_paths, is_knight

T, NB = 36, 9


class CNF:
    def __init__(self):
        self.n = 0
        self.cl = []

    def var(self):
        self.n += 1
        return self.n

    def add(self, *lits):
        self.cl.append(lits)

    def amo(self, lits):
        lits = list(lits)
        if len(lits) <= 6:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add(-lits[i], -lits[j])
            return
        # sequential counter
        s = [self.var() for _ in lits[:-1]]
        self.add(-lits[0], s[0])
        for i in range(1, len(lits) - 1):
            self.add(-lits[i], s[i])
            self.add(-s[i - 1], s[i])
            self.add(-lits[i], -s[i - 1])
        self.add(-lits[-1], -s[-1])

    def exactly_one(self, lits):
        self.add(*lits)
        self.amo(lits)

    def or_def(self, lits):
        """new var v <-> OR lits"""
        v = self.var()
        self.add(-v, *lits)
        for l in lits:
            self.add(-l, v)
        return v

    def and_def(self, a, b):
        v = self.var()
        self.add(-v, a)
        self.add(-v, b)
        self.add(v, -a, -b)
        return v


def glob(b, lc):
    return (4 * (b // 3) + lc[0], 4 * (b % 3) + lc[1])


def sum_automaton(cnf, xs, weights, count, total):
    """Constrain: exactly `count` of literals xs true and sum of weights of true ones == total.
    Layered automaton with forward and backward clauses; only states that can still reach
    the goal are created."""
    n = len(xs)
    # suffix feasibility: states (i, k, s) from which the goal can be reached
    reach = [set() for _ in range(n + 1)]
    reach[n].add((count, total))
    for i in range(n - 1, -1, -1):
        w = weights[i]
        for (k, s) in reach[i + 1]:
            reach[i].add((k, s))
            if k > 0 and s - w >= 0:
                reach[i].add((k - 1, s - w))
    fwd = [set() for _ in range(n + 1)]
    fwd[0].add((0, 0))
    for i in range(n):
        w = weights[i]
        for (k, s) in fwd[i]:
            for st in ((k, s), (k + 1, s + w)):
                if st in reach[i + 1]:
                    fwd[i + 1].add(st)
    V = [{st: cnf.var() for st in fwd[i] if st in reach[i]} for i in range(n + 1)]
    if (0, 0) not in V[0]:
        cnf.add()  # infeasible
        return
    cnf.add(V[0][(0, 0)])
    for i in range(n):
        x, w = xs[i], weights[i]
        cnf.add(*V[i].values())
        for (k, s), v in V[i].items():
            nxt0, nxt1 = V[i + 1].get((k, s)), V[i + 1].get((k + 1, s + w))
            cnf.add(-v, x, nxt0) if nxt0 else cnf.add(-v, x)
            cnf.add(-v, -x, nxt1) if nxt1 else cnf.add(-v, -x)
        for (k, s), v in V[i + 1].items():
            p0, p1 = V[i].get((k, s)), V[i].get((k - 1, s - w))
            cnf.add(-v, x, p0) if p0 else cnf.add(-v, x)
            cnf.add(-v, -x, p1) if p1 else cnf.add(-v, -x)
    cnf.add(*V[n].values())


def build(args):
    P = transversal_paths()
    NP = len(P)
    cnf = CNF()
    Bv = [[cnf.var() for b in range(NB)] for t in range(T)]
    Pc = [[cnf.var() for p in range(NP)] for t in range(T)]
    for t in range(T):
        cnf.exactly_one(Bv[t])
        cnf.exactly_one(Pc[t])
    lcells = [(r, c) for r in range(4) for c in range(4)]
    # local first / last / k-th cell / covered indicators
    Pk = [[[None] * 4 for _ in lcells] for t in range(T)]
    C = [[None] * 16 for t in range(T)]
    for t in range(T):
        for li, lc in enumerate(lcells):
            for k in range(4):
                Pk[t][li][k] = cnf.or_def([Pc[t][p] for p in range(NP) if P[p][k] == lc])
            C[t][li] = cnf.or_def([Pk[t][li][k] for k in range(4)])
    # first/last global cell of each visit
    cells = [(r, c) for r in range(12) for c in range(12)]
    S = [{} for t in range(T)]
    E = [{} for t in range(T)]
    for t in range(T):
        for b in range(NB):
            for li, lc in enumerate(lcells):
                g = glob(b, lc)
                S[t][g] = cnf.and_def(Bv[t][b], Pk[t][li][0])
                E[t][g] = cnf.and_def(Bv[t][b], Pk[t][li][3])
    nb = {g: [h for h in cells if is_knight(g, h)] for g in cells}
    pairs = [(t, t + 1) for t in range(T - 1)]
    if args.closed:
        pairs.append((T - 1, 0))
    for (t, u) in pairs:
        for g in cells:
            cnf.add(-E[t][g], *[S[u][h] for h in nb[g]])
        # block adjacency (redundant, helps propagation)
        for b in range(NB):
            for c in range(NB):
                if max(abs(b // 3 - c // 3), abs(b % 3 - c % 3)) > 1:
                    cnf.add(-Bv[t][b], -Bv[u][c])
    # coverage: Z[t][b][li] = Bv & C ; each block cell covered exactly once
    Pos = [[[cnf.var() for k in range(4)] for li in range(16)] for b in range(NB)]
    for b in range(NB):
        for li in range(16):
            Z = [cnf.and_def(Bv[t][b], C[t][li]) for t in range(T)]
            cnf.exactly_one(Z)
            cnf.exactly_one(Pos[b][li])
            for t in range(T):
                for k in range(4):
                    cnf.add(-Bv[t][b], -Pk[t][li][k], Pos[b][li][k])
    # balance: positions along each block row / column sum to 10 (pos values 1..4)
    import itertools
    lines = [[r * 4 + c for c in range(4)] for r in range(4)] + \
            [[r * 4 + c for r in range(4)] for c in range(4)]
    diaglines = {}
    if args.diag == 'block':
        for b in (0, 4, 8):
            diaglines.setdefault(b, []).append([i * 4 + i for i in range(4)])
        for b in (2, 4, 6):
            diaglines.setdefault(b, []).append([i * 4 + 3 - i for i in range(4)])
    for b in range(NB):
        for line in lines + diaglines.get(b, []):
            for tup in itertools.product(range(4), repeat=4):
                if sum(tup) + 4 != 10:
                    cnf.add(*[-Pos[b][line[i]][tup[i]] for i in range(4)])
        for line in diaglines.get(b, []):
            # the 4 diagonal cells must lie in 4 distinct visits
            for t in range(T):
                cnf.amo([cnf.and_def(Bv[t][b], C[t][li]) for li in line])
    # visit sums
    if not args.linesum:
        for b in range(NB):
            sum_automaton(cnf, [Bv[t][b] for t in range(T)], list(range(T)), 4, 70)
    else:
        for b in range(NB):
            sum_automaton(cnf, [Bv[t][b] for t in range(T)], [0] * T, 4, 0)
        for I in range(3):
            for grp in ([3 * I + J for J in range(3)], [I + 3 * J for J in range(3)]):
                xs = [cnf.or_def([Bv[t][b] for b in grp]) for t in range(T)]
                sum_automaton(cnf, xs, list(range(T)), 12, 210)
    if args.diag == 'block290':
        # stronger: each diagonal block's own long diagonal (the part of a board diagonal
        # inside it) sums to 290 = 870/3
        for b, line in ((0, 'm'), (4, 'm'), (8, 'm'), (2, 'a'), (4, 'a'), (6, 'a')):
            lis = [i * 4 + (i if line == 'm' else 3 - i) for i in range(4)]
            items = []
            for li in lis:
                items.append([(4 * t, cnf.and_def(Bv[t][b], C[t][li])) for t in range(T)])
                items.append([(k + 1, Pos[b][li][k]) for k in range(4)])
            pb_exact(cnf, items, 290)
    if args.diag in ('pb', 'pbmain'):
        # cell number = 4t + k (k = position 1..4); per diagonal, exact sum 870 over its 12
        # cells, as an automaton over 24 items: each cell's visit index (weight 4t, one-hot via
        # Bv[t][b] & C[t][li]) and its position (weight k, one-hot Pos[b][li]).
        diags = [[(i, i) for i in range(12)], [(i, 11 - i) for i in range(12)]]
        for diag in diags[:1] if args.diag == 'pbmain' else diags:
            items = []
            for g in diag:
                b = (g[0] // 4) * 3 + g[1] // 4
                li = (g[0] % 4) * 4 + g[1] % 4
                items.append([(4 * t, cnf.and_def(Bv[t][b], C[t][li])) for t in range(T)])
                items.append([(k + 1, Pos[b][li][k]) for k in range(4)])
            pb_exact(cnf, items, 870)
    if args.fixseq:
        # fix the block of every visit to that of a tour already found (line N of a file)
        fn, n = args.fixseq.rsplit(':', 1)
        tour = json.loads(open(fn).read().splitlines()[int(n) - 1])["tour"]
        for t in range(T):
            r, c = tour[4 * t]
            cnf.add(Bv[t][(r // 4) * 3 + c // 4])
    if args.palin:
        # palindromic block sequence: visits t and 35-t in the same block
        for t in range(T // 2):
            for b in range(NB):
                cnf.add(-Bv[t][b], Bv[T - 1 - t][b])
                cnf.add(Bv[t][b], -Bv[T - 1 - t][b])
    if args.seqsym:
        # block of visit 35-t = sigma(block of visit t), sigma a symmetry of the block grid
        f = {'rot180': lambda I, J: (2 - I, 2 - J), 'transpose': lambda I, J: (J, I),
             'antitranspose': lambda I, J: (2 - J, 2 - I), 'mirror': lambda I, J: (I, 2 - J)}[args.seqsym]
        for t in range(T // 2):
            for b in range(NB):
                I, J = f(b // 3, b % 3)
                cnf.add(-Bv[t][b], Bv[T - 1 - t][3 * I + J])
                cnf.add(Bv[t][b], -Bv[T - 1 - t][3 * I + J])
    if args.fourpass:
        # visits 9i..9i+8 (pass i) visit every block exactly once
        for i in range(4):
            for b in range(NB):
                cnf.exactly_one([Bv[t][b] for t in range(9 * i, 9 * i + 9)])
    if args.nopalin:
        # at least one t with different blocks at t and 35-t
        d = []
        for t in range(T // 2):
            for b in range(NB):
                d.append(cnf.and_def(Bv[t][b], -Bv[T - 1 - t][b]))
        cnf.add(*d)
    if not args.nosym and not args.fixseq:
        for b in range(NB):
            if b not in (0, 1, 4):
                cnf.add(-Bv[0][b])
    return cnf, P, Bv, Pc


def pb_exact(cnf, vals, total):
    """vals[i] = list of (value, literal), exactly one literal true per i (already implied).
    Constrain sum == total by a layered automaton over partial sums."""
    n = len(vals)
    mins = [min(v for v, _ in vs) for vs in vals]
    maxs = [max(v for v, _ in vs) for vs in vals]
    # reachable partial sums
    lo = [0] * (n + 1)
    hi = [0] * (n + 1)
    for i in range(n):
        lo[i + 1] = lo[i] + mins[i]
        hi[i + 1] = hi[i] + maxs[i]
    suf_lo = [0] * (n + 1)
    suf_hi = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suf_lo[i] = suf_lo[i + 1] + mins[i]
        suf_hi[i] = suf_hi[i + 1] + maxs[i]
    St = []
    for i in range(n + 1):
        a = max(lo[i], total - suf_hi[i])
        z = min(hi[i], total - suf_lo[i])
        St.append({s: cnf.var() for s in range(a, z + 1)})
    cnf.add(St[0][0])
    cnf.add(St[n][total])
    for i in range(n):
        for s, v in St[i].items():
            for val, lit in vals[i]:
                nx = St[i + 1].get(s + val)
                cnf.add(-v, -lit, nx) if nx else cnf.add(-v, -lit)
        for s, v in St[i + 1].items():
            cnf.add(-v, *[St[i][s - val] for val, _ in vals[i] if (s - val) in St[i]] or [])
        cnf.add(*St[i].values())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--closed', action='store_true')
    ap.add_argument('--linesum', action='store_true')
    ap.add_argument('--diag', default='none', choices=['none', 'block', 'block290', 'pb', 'pbmain'])
    ap.add_argument('--nosym', action='store_true')
    ap.add_argument('--fixseq', default=None, help='FILE:N  fix the block sequence of tour N')
    ap.add_argument('--palin', action='store_true',
                    help='palindromic block sequence (block of visit t = block of visit 35-t)')
    ap.add_argument('--seqsym', default=None,
                    choices=['rot180', 'transpose', 'antitranspose', 'mirror'])
    ap.add_argument('--fourpass', action='store_true',
                    help='each pass of 9 visits is a Hamiltonian path of the block grid')
    ap.add_argument('--nopalin', action='store_true', help='exclude palindromic sequences')
    ap.add_argument('--solver', default='/usr/bin/cadical')
    ap.add_argument('--timeout', type=int, default=600)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--out', default=None)
    ap.add_argument('--cnf', default=None, help='only write CNF here and exit')
    args = ap.parse_args()
    t0 = time.time()
    cnf, P, Bv, Pc = build(args)
    path = args.cnf or tempfile.mktemp(suffix='.cnf', dir='/tmp')
    with open(path, 'w') as f:
        f.write('p cnf %d %d\n' % (cnf.n, len(cnf.cl)))
        for c in cnf.cl:
            f.write(' '.join(map(str, c)) + ' 0\n')
    t1 = time.time()
    print('vars %d clauses %d, build %.1fs' % (cnf.n, len(cnf.cl), t1 - t0), file=sys.stderr)
    if args.cnf:
        return
    # cadical command line (prints 's ...' and 'v ...' lines)
    cmd = [args.solver, '-q', '-t', str(args.timeout), '--seed=%d' % args.seed, path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    t2 = time.time()
    os.unlink(path)
    status = [l for l in r.stdout.splitlines() if l.startswith('s ')]
    print('solver: %s  %.1fs' % (status[0] if status else 'no answer (timeout?)', t2 - t1),
          file=sys.stderr)
    if not status or 'UNSAT' in status[0] or 'UNKNOWN' in status[0]:
        sys.exit(1)
    true = set()
    for l in r.stdout.splitlines():
        if l.startswith('v '):
            true.update(int(x) for x in l.split()[1:] if int(x) > 0)
    tour = []
    for t in range(T):
        b = [b for b in range(NB) if Bv[t][b] in true][0]
        p = [p for p in range(len(P)) if Pc[t][p] in true][0]
        tour += [list(glob(b, lc)) for lc in P[p]]
    # self-check
    assert len({tuple(c) for c in tour}) == 144
    assert all(is_knight(tour[i], tour[i + 1]) for i in range(143))
    num = {tuple(c): i + 1 for i, c in enumerate(tour)}
    rows = [sum(num[(r, c)] for c in range(12)) for r in range(12)]
    cols = [sum(num[(r, c)] for r in range(12)) for c in range(12)]
    d1 = sum(num[(i, i)] for i in range(12))
    d2 = sum(num[(i, 11 - i)] for i in range(12))
    print('rows', rows, '\ncols', cols, '\ndiagonals', d1, d2,
          '\nclosed', is_knight(tour[-1], tour[0]), file=sys.stderr)
    for r in range(12):
        print(' '.join('%3d' % num[(r, c)] for c in range(12)), file=sys.stderr)
    line = json.dumps({"board": "12x12", "tour": tour})
    print(line)
    if args.out:
        with open(args.out, 'a') as f:
            f.write(line + '\n')


if __name__ == '__main__':
    main()
