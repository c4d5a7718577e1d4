#!/usr/bin/env python3
"""Pieces-only SAT model for semimagic knight's tours built from 4x4 blocks with a FIXED
mirrored block sequence A, B, reverse(A), reverse(B).

Per visit t (block seq[t]) choose one of the 48 transversal 4-cell knight paths ("pieces").
Constraints: consecutive visits linked by a knight move (last cell of t -> first cell of t+1);
each block's 16 cells covered by its 4 visits; each block row and column: positions 1..4 of
its 4 cells within their visits sum to 10.  Emits DIMACS, runs /usr/bin/cadical, decodes.
"""
import itertools, subprocess, sys, time, os, json, tempfile

KN = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def is_knight(a, b):
    return (abs(a[0] - b[0]), abs(a[1] - b[1])) in ((1, 2), (2, 1))


def pieces():
    cells = [(r, c) for r in range(4) for c in range(4)]
    out = []
    for p in itertools.permutations(cells, 4):
        if len({r for r, _ in p}) == 4 and len({c for _, c in p}) == 4 and \
                all(is_knight(p[i], p[i + 1]) for i in range(3)):
            out.append(p)
    return out


P = pieces()
assert len(P) == 48
# position (1..4) of row r / column c within piece p
ROWPOS = [[next(i + 1 for i, (r, _) in enumerate(p) if r == rr) for rr in range(4)] for p in P]
COLPOS = [[next(i + 1 for i, (_, c) in enumerate(p) if c == cc) for cc in range(4)] for p in P]
BAD4 = [k for k in itertools.product(range(1, 5), repeat=4) if sum(k) != 10]


def king_adj_or_eq(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1


def check_paths(M, N, A, B):
    """Hamiltonian king paths and the three pass joins adjacent-or-equal."""
    allb = {(i, j) for i in range(M) for j in range(N)}
    for X in (A, B):
        assert len(X) == M * N and set(X) == allb, "not Hamiltonian"
        for u, v in zip(X, X[1:]):
            assert u != v and king_adj_or_eq(u, v), ("not king path", u, v)
    assert king_adj_or_eq(A[-1], B[0]) and king_adj_or_eq(B[-1], A[-1]) and \
        king_adj_or_eq(A[0], B[-1]), "joins not adjacent"


def sequence(A, B):
    return list(A) + list(B) + list(reversed(A)) + list(reversed(B))


def build(M, N, seq):
    T = len(seq)
    nv = 0

    def new():
        nonlocal nv
        nv += 1
        return nv
    x = [[new() for _ in range(48)] for _ in range(T)]
    yr = [[[new() for _ in range(4)] for _ in range(4)] for _ in range(T)]   # yr[t][row][pos-1]
    yc = [[[new() for _ in range(4)] for _ in range(4)] for _ in range(T)]
    cl = []
    for t in range(T):
        cl.append(x[t][:])
        for p in range(48):
            for r in range(4):
                cl.append([-x[t][p], yr[t][r][ROWPOS[p][r] - 1]])
                cl.append([-x[t][p], yc[t][r][COLPOS[p][r] - 1]])
        for Y, POS in ((yr, ROWPOS), (yc, COLPOS)):
            for r in range(4):
                for k in range(4):
                    cl.append([-Y[t][r][k]] + [x[t][p] for p in range(48) if POS[p][r] == k + 1])
                for a, b in itertools.combinations(range(4), 2):
                    cl.append([-Y[t][r][a], -Y[t][r][b]])      # row r at most one position
                    cl.append([-Y[t][a][r], -Y[t][b][r]])      # position r at most one row
    # links
    for t in range(T - 1):
        b0, b1 = seq[t], seq[t + 1]
        o0 = (4 * b0[0], 4 * b0[1]); o1 = (4 * b1[0], 4 * b1[1])
        comp = [[is_knight((o0[0] + P[p][3][0], o0[1] + P[p][3][1]),
                           (o1[0] + P[q][0][0], o1[1] + P[q][0][1])) for q in range(48)]
                for p in range(48)]
        for p in range(48):
            cl.append([-x[t][p]] + [x[t + 1][q] for q in range(48) if comp[p][q]])
        for q in range(48):
            cl.append([-x[t + 1][q]] + [x[t][p] for p in range(48) if comp[p][q]])
    # blocks
    vis = {}
    for t, b in enumerate(seq):
        vis.setdefault(b, []).append(t)
    for b, ts in vis.items():
        assert len(ts) == 4
        for cell in itertools.product(range(4), repeat=2):
            cl.append([x[t][p] for t in ts for p in range(48) if cell in P[p]])
        for Y in (yr, yc):
            for r in range(4):
                for k in BAD4:
                    cl.append([-Y[ts[i]][r][k[i] - 1] for i in range(4)])
    return nv, cl, x


def solve(M, N, A, B, timeout=None, cnf_path=None):
    check_paths(M, N, A, B)
    seq = sequence(A, B)
    t0 = time.time()
    nv, cl, x = build(M, N, seq)
    t_build = time.time() - t0
    fd, path = tempfile.mkstemp(suffix=".cnf")
    with os.fdopen(fd, "w") as f:
        f.write("p cnf %d %d\n" % (nv, len(cl)))
        f.write("".join(" ".join(map(str, c)) + " 0\n" for c in cl))
    cmd = ["nice", "-n", "10", "/usr/bin/cadical", "-q", path]
    if timeout:
        cmd[4:4] = ["-t", str(timeout)]
    t1 = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    t_solve = time.time() - t1
    if cnf_path:
        os.replace(path, cnf_path)
    else:
        os.unlink(path)
    status = "UNKNOWN"
    val = set()
    for line in out.splitlines():
        if line.startswith("s "):
            status = line[2:].strip()
        elif line.startswith("v "):
            val.update(int(v) for v in line[2:].split() if int(v) > 0)
    res = {"M": M, "N": N, "vars": nv, "clauses": len(cl), "build_s": round(t_build, 2),
           "solve_s": round(t_solve, 2), "status": status}
    tour = None
    if status == "SATISFIABLE":
        tour = []
        chosen = []
        for t, b in enumerate(seq):
            ps = [p for p in range(48) if x[t][p] in val]
            assert len(ps) == 1
            chosen.append(ps[0])
            tour += [(4 * b[0] + r, 4 * b[1] + c) for r, c in P[ps[0]]]
        res["pieces"] = chosen
    return res, tour


if __name__ == "__main__":
    pass
