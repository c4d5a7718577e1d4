#!/usr/bin/env python3
"""Run one family variant (core symmetry k, picks string like iiii) on a list of sizes;
decode, check each tour independently, append tours to a JSONL file, print a table row each.
Usage: run_sizes.py K PICKS SIZES [tours.jsonl] [timeout]"""
import json, sys, time
from model import solve
from family import family, core
from check import check

k = int(sys.argv[1]); picks = tuple("min" if ch == "i" else "max" for ch in sys.argv[2])
sizes = [tuple(map(int, s.split("x"))) for s in sys.argv[3].split(",")]
outf = sys.argv[4] if len(sys.argv) > 4 else None
timeout = int(sys.argv[5]) if len(sys.argv) > 5 else 600
for M, N in sizes:
    A, B = family(core(k), M, N, picks)
    res, tour = solve(M, N, A, B, timeout=timeout)
    res.pop("pieces", None)
    res["board"] = "%dx%d" % (4 * M, 4 * N)
    res["variant"] = "%d %s" % (k, sys.argv[2])
    if tour:
        res["check"] = check(4 * M, 4 * N, tour) or "OK"
        if outf:
            with open(outf, "a") as f:
                f.write(json.dumps({"board": res["board"], "blocks": [M, N], "variant": res["variant"],
                                    "tour": tour}) + "\n")
    print(json.dumps(res), flush=True)
