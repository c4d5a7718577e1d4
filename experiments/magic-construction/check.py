#!/usr/bin/env python3
"""Independent checker for semimagic knight's tours (does not import the
construction). Input: a JSON object {"rows": R, "cols": C, "numbers": [...]}
(row-major) on stdin or in a file, or run a sweep with --sweep.

Checks: numbers are exactly 1..R*C; consecutive numbers a knight move apart;
every row sums to C*(R*C+1)/2 and every column to R*(R*C+1)/2; reports whether
the tour is closed (R*C is a knight move from 1).

  python3 check.py tour.json
  python3 check.py --sweep 8 40      # every R, C in 8..40, multiples of 4
  python3 check.py --time 400 400    # time the construction of one board
"""
import json, sys, time, subprocess

def check(R, C, a):
    """Return (ok, closed, message)."""
    n = R * C
    if len(a) != n: return False, False, 'wrong length %d' % len(a)
    where = [None] * (n + 1)
    for i, v in enumerate(a):
        if not isinstance(v, int) or v < 1 or v > n: return False, False, 'bad number %r' % (v,)
        if where[v] is not None: return False, False, 'number %d twice' % v
        where[v] = divmod(i, C)
    def knight(p, q):
        dr, dc = abs(p[0] - q[0]), abs(p[1] - q[1])
        return (dr == 1 and dc == 2) or (dr == 2 and dc == 1)
    for v in range(1, n):
        if not knight(where[v], where[v + 1]):
            return False, False, 'numbers %d %d at %s %s are not a knight move apart' % (v, v + 1, where[v], where[v + 1])
    rs, cs = C * (n + 1), R * (n + 1)  # twice the line sums
    badr = [r for r in range(R) if 2 * sum(a[r * C:(r + 1) * C]) != rs]
    badc = [c for c in range(C) if 2 * sum(a[c::C]) != cs]
    closed = knight(where[n], where[1])
    if badr or badc:
        return False, closed, ('knight\'s tour (%s), but %d of %d rows and %d of %d columns miss the magic sum '
                               '(first: %s)' % ('closed' if closed else 'open', len(badr), R, len(badc), C,
                                                'row %d' % badr[0] if badr else 'column %d' % badc[0]))
    return True, closed, 'semimagic knight\'s tour, %s' % ('closed' if closed else 'open')

def construct(R, C):
    out = subprocess.run([sys.executable, 'construct.py', str(R), str(C), '--json'],
                         capture_output=True, text=True, cwd=sys.path[0] or '.')
    if out.returncode: return None, out.stderr.strip()
    return json.loads(out.stdout), ''

def main():
    if len(sys.argv) > 1 and sys.argv[1] == '--sweep':
        lo, hi = int(sys.argv[2]), int(sys.argv[3])
        good = bad = 0; closed_n = 0
        for R in range(lo, hi + 1, 4):
            for C in range(lo, hi + 1, 4):
                t, err = construct(R, C)
                if t is None:
                    print('%dx%d: no tour (%s)' % (R, C, err.splitlines()[-1] if err else '')); bad += 1; continue
                ok, closed, msg = check(t['rows'], t['cols'], t['numbers'])
                ok = ok and (t['rows'], t['cols']) == (R, C)
                print('%dx%d: %s' % (R, C, msg if ok else 'FAIL ' + msg))
                good += ok; bad += not ok; closed_n += ok and closed
        print('%d boards pass, %d fail; %d of the passing tours are closed' % (good, bad, closed_n))
        sys.exit(1 if bad else 0)
    if len(sys.argv) > 1 and sys.argv[1] == '--time':
        R, C = int(sys.argv[2]), int(sys.argv[3])
        t0 = time.time(); t, err = construct(R, C); t1 = time.time()
        if t is None: print(err); sys.exit(1)
        ok, closed, msg = check(t['rows'], t['cols'], t['numbers']); t2 = time.time()
        print('%dx%d: %s; construct.py (process, incl. JSON) %.2f s, check %.2f s' % (R, C, msg, t1 - t0, t2 - t1))
        sys.exit(0 if ok else 1)
    f = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    t = json.load(f)
    ok, closed, msg = check(t['rows'], t['cols'], t['numbers'])
    print(msg); sys.exit(0 if ok else 1)

if __name__ == '__main__':
    main()
