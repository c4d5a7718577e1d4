#!/usr/bin/env python3
"""Two-stage search: random block sequences (seqgen.py), each tested by the SAT model of
search.py with the block of every visit fixed (unit clauses appended to one base CNF).
Usage: seqsearch.py [--diag none|pb|pbmain] [--closed] [--n N] [--seed S] [--timeout S]
                    [--seqs FILE] [--out FILE] [--stop]
Prints one line per sequence: SAT/UNSAT/UNKNOWN and solve time."""
import argparse, json, os, random, subprocess, sys, time
import search, seqgen
from pieces import is_knight

ap = argparse.ArgumentParser()
ap.add_argument('--diag', default='pb')
ap.add_argument('--closed', action='store_true')
ap.add_argument('--n', type=int, default=50)
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--timeout', type=int, default=30)
ap.add_argument('--out', default=None)
ap.add_argument('--seqs', default=None, help='file of sequences (36 blocks per line)')
ap.add_argument('--stop', action='store_true', help='stop at the first tour found')
a = ap.parse_args()
ns = argparse.Namespace(closed=a.closed, linesum=False, diag=a.diag, nosym=True, fixseq=None,
                        palin=False, nopalin=False, seqsym=None,
                        fourpass=False)
t0 = time.time()
cnf, P, Bv, Pc = search.build(ns)
base = '/tmp/magic12-base-%d.cnf' % os.getpid()
body = ''.join(' '.join(map(str, c)) + ' 0\n' for c in cnf.cl)
print('base CNF: vars %d clauses %d, %.1fs' % (cnf.n, len(cnf.cl), time.time() - t0), flush=True)
rng = random.Random(a.seed)
stats = {}
found = 0
given = [list(map(int, l.split())) for l in open(a.seqs) if l.strip()] if a.seqs else None
for i in range(len(given) if given else a.n):
    seq = given[i] if given else None
    while seq is None:
        seq = seqgen.gen(rng, first=rng.choice([0, 1, 4]))
    path = '/tmp/magic12-%d.cnf' % os.getpid()
    with open(path, 'w') as f:
        f.write('p cnf %d %d\n' % (cnf.n, len(cnf.cl) + 36))
        f.write(body)
        for t, b in enumerate(seq):
            f.write('%d 0\n' % Bv[t][b])
    s0 = time.time()
    r = subprocess.run(['/usr/bin/cadical', '-q', '-t', str(a.timeout), path],
                       capture_output=True, text=True)
    dt = time.time() - s0
    st = [l for l in r.stdout.splitlines() if l.startswith('s ')]
    st = st[0][2:] if st else 'UNKNOWN'
    stats[st] = stats.get(st, 0) + 1
    print('%3d %-14s %6.1fs  %s' % (i, st, dt, ' '.join(map(str, seq))), flush=True)
    if st == 'SATISFIABLE':
        true = set()
        for l in r.stdout.splitlines():
            if l.startswith('v '):
                true.update(int(x) for x in l.split()[1:] if int(x) > 0)
        tour = []
        for t in range(36):
            b = [b for b in range(9) if Bv[t][b] in true][0]
            p = [p for p in range(len(P)) if Pc[t][p] in true][0]
            tour += [list(search.glob(b, lc)) for lc in P[p]]
        assert len({tuple(c) for c in tour}) == 144
        assert all(is_knight(tour[j], tour[j + 1]) for j in range(143))
        line = json.dumps({"board": "12x12", "tour": tour})
        print(line, flush=True)
        if a.out:
            with open(a.out, 'a') as f:
                f.write(line + '\n')
        found += 1
        if a.stop:
            break
os.unlink(path)
print('summary:', stats, 'total %.1fs' % (time.time() - t0), flush=True)
