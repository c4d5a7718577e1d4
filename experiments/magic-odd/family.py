#!/usr/bin/env python3
"""Explicit odd x odd block paths by pumping a 3x3 core.

pump_cols(X, M, N, pick): a Hamiltonian king path X of the M x N block grid -> one of
M x (N+2): a vertical edge (r,N-1)-(r',N-1) of X (chosen by pick: 'min' = topmost, 'max' =
bottommost) is replaced by a detour through the two new columns: from (r,N) along column N
away from r' to the border, the whole column N+1 back to the other border, then column N to
(r',N).  pump_rows is the same on the transpose.  Path ends do not move, so the three pass
joins of the core stay valid."""


# The 3x3 mirrored pair of tour 3 in experiments/magic-12x12/tours.jsonl (A, B).
A0 = [(1,1),(2,2),(1,2),(0,2),(0,1),(0,0),(1,0),(2,0),(2,1)]
B0 = [(2,1),(2,2),(1,2),(0,2),(0,1),(0,0),(1,0),(2,0),(1,1)]


def sym(k, p):
    r, c = p
    if k & 4:
        r, c = c, r
    for _ in range(k & 3):
        r, c = c, 2 - r
    return (r, c)


def core(k):
    return [sym(k, p) for p in A0], [sym(k, p) for p in B0]


def vedges(X, col):
    return [i for i in range(len(X) - 1)
            if X[i][1] == col == X[i + 1][1] and abs(X[i][0] - X[i + 1][0]) == 1]


def pump_cols(X, M, N, pick):
    E = vedges(X, N - 1)
    assert E, "no vertical edge in the last column"
    key = lambda i: min(X[i][0], X[i + 1][0])
    i = min(E, key=key) if pick == "min" else max(E, key=key)
    r, r2 = X[i][0], X[i + 1][0]
    if r2 == r + 1:
        det = [(k, N) for k in range(r, -1, -1)] + [(k, N + 1) for k in range(M)] + \
              [(k, N) for k in range(M - 1, r, -1)]
    else:
        det = [(k, N) for k in range(r, M)] + [(k, N + 1) for k in range(M - 1, -1, -1)] + \
              [(k, N) for k in range(0, r)]
    return list(X[:i + 1]) + det + list(X[i + 1:])


def T(X):
    return [(c, r) for r, c in X]


def pump_rows(X, M, N, pick):
    return T(pump_cols(T(X), N, M, pick))


def family(core, M, N, picks=("min", "min", "min", "min")):
    """core = (A, B) on 3x3; picks = (A cols, B cols, A rows, B rows)."""
    A, B = [list(p) for p in core]
    m, n = 3, 3
    while n < N:
        A = pump_cols(A, m, n, picks[0]); B = pump_cols(B, m, n, picks[1]); n += 2
    while m < M:
        A = pump_rows(A, m, n, picks[2]); B = pump_rows(B, m, n, picks[3]); m += 2
    return A, B


def ab_odd(M, N):
    """Closed form of family(core(1), M, N, all picks 'min') (equality checked by
    verify_closed_form below), for odd M, N >= 3.  P is a Hamiltonian path of the grid minus
    the blocks (1,0), (1,1), from (2,0) to (0,0):
      column 0 down from (2,0) to (M-1,0); rows M-1..3 snaking over columns 1..N-1 (row M-1
      east, ..., row 3 west, ending at (3,1)); (2,1), (2,2), (1,2); for j = 3, 5, .., N-2 the
      2x2 square (1,j), (2,j), (2,j+1), (1,j+1); row 0 west from (0,N-1) to (0,0).
    A = (1,1) P (1,0) and B = (1,0) P (1,1)."""
    assert M % 2 == 1 and N % 2 == 1 and M >= 3 and N >= 3
    P = [(i, 0) for i in range(2, M)]
    for k, i in enumerate(range(M - 1, 2, -1)):
        P += [(i, j) for j in (range(1, N) if k % 2 == 0 else range(N - 1, 0, -1))]
    P += [(2, 1), (2, 2), (1, 2)]
    for j in range(3, N - 1, 2):
        P += [(1, j), (2, j), (2, j + 1), (1, j + 1)]
    P += [(0, j) for j in range(N - 1, -1, -1)]
    return [(1, 1)] + P + [(1, 0)], [(1, 0)] + P + [(1, 1)]


def verify_closed_form(hi=61):
    n = 0
    for M in range(3, hi + 1, 2):
        for N in range(3, hi + 1, 2):
            assert ab_odd(M, N) == tuple(family(core(1), M, N, ("min",) * 4)), (M, N)
            n += 1
    return n


if __name__ == "__main__":
    print("closed form equals the pumped family on", verify_closed_form(), "sizes (odd M, N in 3..61)")
