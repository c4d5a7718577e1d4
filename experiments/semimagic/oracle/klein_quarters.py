# Run: klein_quarters.py N ORDER SECONDS [nosums], ORDER 0-5 the order of the three images.
# Prototype: a diagonally magic n x n knight's tour made of four quarters, each the image of
# the first under one of the Klein group {id, mirror LR, mirror TB, half turn}, numbered
# forwards (quarter q holds 36(q-1)+j where the first holds j). CP-SAT decides.
import sys, itertools, time
from ortools.sat.python import cp_model

n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
order_idx = int(sys.argv[2]) if len(sys.argv) > 2 else 0
limit = float(sys.argv[3]) if len(sys.argv) > 3 else 120
N = n * n; Q = N // 4; M = n * (N + 1) // 2
def rc(c): return divmod(c, n)
def cell(r, c): return r * n + c
mv = lambda c: cell(rc(c)[0], n - 1 - rc(c)[1])
mh = lambda c: cell(n - 1 - rc(c)[0], rc(c)[1])
rot = lambda c: cell(n - 1 - rc(c)[0], n - 1 - rc(c)[1])
ident = lambda c: c
others = list(itertools.permutations([mv, mh, rot]))[order_idx]
G = [ident] + list(others)
def nbrs(c):
    r, k = rc(c)
    out = []
    for dr, dc in [(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]:
        a, b = r + dr, k + dc
        if 0 <= a < n and 0 <= b < n: out.append(cell(a, b))
    return out
orbit = {c: min(g(c) for g in G) for c in range(N)}
m = cp_model.CpModel()
x = {(c, j): m.NewBoolVar(f"x{c}_{j}") for c in range(N) for j in range(1, Q + 1)}
for j in range(1, Q + 1):
    m.AddExactlyOne(x[c, j] for c in range(N))
for o in set(orbit.values()):
    m.AddExactlyOne(x[c, j] for c in range(N) if orbit[c] == o for j in range(1, Q + 1))
for c in range(N):
    for j in range(1, Q):
        m.AddBoolOr([x[d, j + 1] for d in nbrs(c)] + [x[c, j].Not()])
    # joins: the last of quarter q (G[q](p_Q)) a move from the first of quarter q+1 (G[q+1](p_1))
    for q in range(3):
        # G[q](c) ~ G[q+1](e)  <=>  e in G[q+1]^-1 (nbrs(G[q](c))); each element is its own inverse
        targets = sorted({G[q + 1](d) for d in nbrs(G[q](c))})
        m.AddBoolOr([x[e, 1] for e in targets] + [x[c, Q].Not()])
# line sums: number at G[q](c) is Q*q + j
lines = [[cell(r, k) for k in range(n)] for r in range(n)] + [[cell(r, k) for r in range(n)] for k in range(n)]
lines += [[cell(i, i) for i in range(n)], [cell(i, n - 1 - i) for i in range(n)]]
use_sums = (sys.argv[4] != "nosums") if len(sys.argv) > 4 else True
for line in (lines if use_sums else []):
    s = set(line)
    terms = []
    for c in range(N):
        for q in range(4):
            if G[q](c) in s:
                for j in range(1, Q + 1):
                    terms.append((Q * q + j) * x[c, j])
    m.Add(sum(terms) == M)
solver = cp_model.CpSolver()
solver.parameters.max_time_in_seconds = limit
solver.parameters.num_workers = 2
t = time.time()
st = solver.Solve(m)
print("n", n, "order", order_idx, solver.StatusName(st), f"{time.time() - t:.1f}s", flush=True)
if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
    num = [0] * N
    for (c, j), v in x.items():
        if solver.Value(v):
            for q in range(4): num[G[q](c)] = Q * q + j
    for r in range(n): print(" ".join(f"{num[cell(r, k)]:3d}" for k in range(n)))
    # independent check
    pos = {v: c for c, v in enumerate(num)}
    ok = sorted(num) == list(range(1, N + 1))
    ok &= all(pos[v + 1] in nbrs(pos[v]) for v in range(1, N))
    ok &= all(sum(num[c] for c in line) == M for line in lines)
    print("check", ok, "closed", pos[1] in nbrs(pos[N]))
