#!/usr/bin/env python3
"""Construct a semimagic knight's tour on an R x C board, R and C multiples of
4, both >= 8 (see README.md for the method).

  python3 construct.py R C            # prints the numbered board
  python3 construct.py R C --json     # {"rows": R, "cols": C, "numbers": [...]}, row-major

The tour is produced as a sequence of cells in tour order (cells(), a
generator), in time and memory linear in R*C; only a tile table (found once by
tiles_search.py) and the block plan (plan.py) are used.
Boards with both sides >= 12, one side a multiple of 8 and >= 16: scheme "ab",
tiles_ab.json, semimagic. Other boards: scheme "paths", tiles.json, a knight's tour whose lines
are magic except those through the two turn units (or no table entry).
8x8 is not covered by the block plan: it is taken from the project's census of
8x8 semimagic tours (results/semimagic-census, class 1)."""
import json, os, sys
import plan

HERE = os.path.dirname(os.path.abspath(__file__))
CENSUS = os.path.join(HERE, '..', '..', 'results', 'semimagic-census', 'classes-so-far.jsonl')

def load_table(name):
    with open(os.path.join(HERE, name)) as f:
        t = json.load(f)
    plan.set_scheme(t['scheme'], t.get('merge'))
    return {json.dumps(x['signature']): x['pieces'] for x in t['tiles']}

def cells(m, n, table):
    """Yield the cells (row, col) of the tour on the 4m x 4n board, in order."""
    sig = plan.unit_signatures(m, n)
    owner, pcs = plan.units(m, n)
    for o, p0, p1, blk, size in pcs:
        s = sig[o]
        tile = table[json.dumps(s)]
        rel = (blk[0] - o[0], blk[1] - o[1])
        k = [i for i, pc in enumerate(s[1]) if pc[1] == p0 and tuple(pc[0]) == rel][0]
        for r, c in tile[k]:
            yield 4 * o[0] + r, 4 * o[1] + c

def numbers(R, C):
    if R % 4 or C % 4 or R < 8 or C < 8:
        raise SystemExit('R and C must be multiples of 4, at least 8')
    if (R, C) == (8, 8):
        with open(CENSUS) as f:
            return json.loads(f.readline())['numbers']
    m, n = R // 4, C // 4
    if (n % 2 == 0 and n >= 4 and m >= 3) or (m % 2 == 0 and m >= 4 and n >= 3):
        # scheme "ab" (tiles_ab.json): semimagic; needs an even number (>= 4) of block columns
        transpose = not (n % 2 == 0 and n >= 4)
        # m = 3 block rows has its own paths and its own table
        table = load_table('tiles_ab3.json' if (n if transpose else m) == 3 else 'tiles_ab.json')
    else:
        # scheme "paths" (tiles.json): knight's tour, magic except the lines through the turns
        table = load_table('tiles.json')
        transpose = n < 3  # the table covers n >= 3 block columns; 4m x 8 is the transpose of 8 x 4m
    if transpose: m, n = n, m
    W = 4 * n
    a = [0] * (R * C)
    for k, (r, c) in enumerate(cells(m, n, table)):
        if transpose: a[c * C + r] = k + 1
        else: a[r * W + c] = k + 1
    return a

def main():
    R, C = int(sys.argv[1]), int(sys.argv[2])
    a = numbers(R, C)
    if '--json' in sys.argv:
        json.dump({'rows': R, 'cols': C, 'numbers': a}, sys.stdout); print()
    else:
        w = len(str(R * C))
        for r in range(R): print(' '.join(str(v).rjust(w) for v in a[r * C:(r + 1) * C]))

if __name__ == '__main__':
    main()
