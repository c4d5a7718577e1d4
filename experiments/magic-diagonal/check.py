#!/usr/bin/env python3
"""Independent checker (standard library only, imports nothing from the search).
Reads JSON lines {"board":"12x12","tour":[[r,c],...]} and checks: the tour is a permutation
of the 144 cells, consecutive cells are a knight move apart, all 12 rows, 12 columns and
both long diagonals sum to 870. Prints the numbered board. Exit 1 on any failure."""
import json, sys

ok = True
for n, line in enumerate(open(sys.argv[1]), 1):
    if not line.strip():
        continue
    tour = [tuple(c) for c in json.loads(line)["tour"]]
    N = 12
    errs = []
    if sorted(tour) != [(r, c) for r in range(N) for c in range(N)]:
        errs.append('not a permutation of the cells')
    for i in range(len(tour) - 1):
        if sorted((abs(tour[i][0] - tour[i + 1][0]), abs(tour[i][1] - tour[i + 1][1]))) != [1, 2]:
            errs.append('step %d not a knight move' % (i + 1))
    if not errs:
        num = {c: i + 1 for i, c in enumerate(tour)}
        sums = [('row %d' % r, sum(num[(r, c)] for c in range(N))) for r in range(N)]
        sums += [('col %d' % c, sum(num[(r, c)] for r in range(N))) for c in range(N)]
        sums += [('main diagonal', sum(num[(i, i)] for i in range(N))),
                 ('anti diagonal', sum(num[(i, N - 1 - i)] for i in range(N)))]
        errs += ['%s sums to %d' % (w, s) for w, s in sums if s != 870]
        for r in range(N):
            print(' '.join('%3d' % num[(r, c)] for c in range(N)))
    print('tour %d: %s' % (n, 'OK diagonally magic' if not errs else '; '.join(errs[:5])))
    ok = ok and not errs
sys.exit(0 if ok else 1)
