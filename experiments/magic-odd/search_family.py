#!/usr/bin/env python3
"""Try the pumped-core families: core = the 3x3 mirrored pair of the 12x12 tour 3
(experiments/magic-12x12/tours.jsonl) under the 8 grid symmetries; picks for the detour edges;
pieces-only model on a list of sizes, stopping a variant at its first non-SAT size."""
import itertools, sys
from model import solve
from family import family, core

if __name__ == "__main__":
    sizes = [tuple(map(int, s.split("x"))) for s in sys.argv[1].split(",")]
    for k in range(8):
        for picks in itertools.product(("min", "max"), repeat=4):
            out = []
            ok = True
            for M, N in sizes:
                try:
                    A, B = family(core(k), M, N, picks)
                    res, tour = solve(M, N, A, B, timeout=60)
                    st = res["status"]
                except AssertionError as e:
                    st = "PATHFAIL"
                out.append("%dx%d:%s" % (M, N, st[:5]))
                if st != "SATISFIABLE":
                    ok = False
                    break
            print(k, "".join(p[1] for p in picks), "OK" if ok else "--", " ".join(out), flush=True)
