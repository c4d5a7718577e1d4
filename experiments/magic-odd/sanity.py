#!/usr/bin/env python3
"""Step 1: the pieces-only model on the 3x5 and 5x5 A,B of the full-model solutions (expect SAT)
and on a plainly bad pair (expect UNSAT)."""
import json, sys
from model import solve
from check import check

A35 = [(0,2),(0,1),(0,0),(1,0),(2,0),(2,1),(2,2),(1,1),(1,2),(1,3),(2,3),(2,4),(1,4),(0,4),(0,3)]
B35 = [(1,3),(1,2),(1,1),(0,2),(0,1),(0,0),(1,0),(2,0),(2,1),(2,2),(2,3),(2,4),(1,4),(0,4),(0,3)]
A55 = [(1,1),(2,0),(2,1),(2,2),(3,1),(3,0),(4,0),(4,1),(4,2),(3,2),(3,3),(4,3),(4,4),(3,4),(2,4),(2,3),(1,2),(1,3),(1,4),(0,4),(0,3),(0,2),(0,1),(0,0),(1,0)]
B55 = [(2,1),(2,2),(1,1),(0,0),(0,1),(0,2),(1,2),(1,3),(0,3),(0,4),(1,4),(2,3),(2,4),(3,4),(4,4),(4,3),(3,3),(3,2),(4,2),(4,1),(4,0),(3,0),(3,1),(2,0),(1,0)]
# plainly bad: B = A (every block gets visits a, N+a, ...; the A->B join jumps from A's end to A's start)
# -> use A with B = A reversed-ish is not Hamiltonian-join-valid; instead a U-turn join:
Abad = [(0,0),(0,1),(0,2),(1,2),(1,1),(1,0),(2,0),(2,1),(2,2)]
Bbad = [(2,2),(2,1),(2,0),(1,0),(1,1),(1,2),(0,2),(0,1),(0,0)]
# (A ends (2,2), B starts (2,2): U-turn A[-2]=(2,1)=B[1])
# 3x3: the mirrored block sequence of tour 3 of experiments/magic-12x12/tours.jsonl
A33 = [(1,1),(2,2),(1,2),(0,2),(0,1),(0,0),(1,0),(2,0),(2,1)]
B33 = [(2,1),(2,2),(1,2),(0,2),(0,1),(0,0),(1,0),(2,0),(1,1)]
for name, M, N, A, B in (("3x5", 3, 5, A35, B35), ("5x5", 5, 5, A55, B55), ("3x3 tour3", 3, 3, A33, B33),
                         ("3x3 bad", 3, 3, Abad, Bbad)):
    try:
        res, tour = solve(M, N, A, B)
    except AssertionError as e:
        print(name, "rejected by path check:", e); continue
    res.pop("pieces", None)
    if tour:
        res["check"] = check(4 * M, 4 * N, tour) or "OK"
    print(name, json.dumps(res))
