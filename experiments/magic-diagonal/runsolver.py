"""Runs the cadical binary on a DIMACS file and reads its answer: shared by diag.py and
latin.py."""
import subprocess, sys, time


def run(solver, timeout, seed, path):
    """The solver's status line ('s ...', or None on no answer) and the set of true
    variables; the time taken is printed on stderr."""
    t1 = time.time()
    r = subprocess.run([solver, '-q', '-t', str(timeout), '--seed=%d' % seed, path],
                       capture_output=True, text=True)
    st = [l for l in r.stdout.splitlines() if l.startswith('s ')]
    print('solver: %s  %.1fs' % (st[0] if st else 'no answer (timeout?)', time.time() - t1),
          file=sys.stderr)
    true = set()
    for l in r.stdout.splitlines():
        if l.startswith('v '):
            true.update(int(x) for x in l.split()[1:] if int(x) > 0)
    return (st[0] if st else None), true
