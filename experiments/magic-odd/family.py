#!/usr/bin/env python3
"""Explicit odd x odd block paths by pumping a 3x3 core.

pump_cols(X, M, N, pick): a Hamiltonian king path X of the M x N block grid -> one of
M x (N+2): a vertical edge (r,N-1)-(r',N-1) of X (chosen by pick: 'min' = topmost, 'max' =
bottommost) is replaced by a detour through the two new columns: from (r,N) along column N
away from r' to the border, the whole column N+1 back to the other border, then column N to
(r',N).  pump_rows is the same on the transpose.  Path ends do not move, so the three pass
joins of the core stay valid."""


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
