#!/usr/bin/env python3
"""Independent checker: JSON lines {"board":"RxC","tour":[[r,c],...]}; checks a knight's tour
over every cell with every row sum C(RC+1)/2 and column sum R(RC+1)/2. Exit 1 on failure."""
import json, sys


def check(R, C, tour):
    if len(tour) != R * C or len(set(map(tuple, tour))) != R * C:
        return "not a permutation of the cells"
    if any(not (0 <= r < R and 0 <= c < C) for r, c in tour):
        return "off board"
    for a, b in zip(tour, tour[1:]):
        if sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) != [1, 2]:
            return "not a knight move"
    rows = [0] * R; cols = [0] * C
    for i, (r, c) in enumerate(tour):
        rows[r] += i + 1; cols[c] += i + 1
    if any(s * 2 != C * (R * C + 1) for s in rows) or any(s * 2 != R * (R * C + 1) for s in cols):
        return "line sums not magic"
    return None


if __name__ == "__main__":
    bad = 0; n = 0
    for fn in sys.argv[1:]:
        for line in open(fn):
            if line.strip():
                rec = json.loads(line); n += 1
                R, C = map(int, rec["board"].split("x"))
                e = check(R, C, rec["tour"])
                print(rec["board"], "OK semimagic knight's tour" if e is None else "FAIL " + e)
                bad += e is not None
    print(n, "checked,", bad, "failed")
    sys.exit(1 if bad else 0)
