#!/usr/bin/env python3
"""Block signatures of the pumped family: for each block, over its 4 visits (passes 0..3),
the offsets to the previous and next visit's blocks (None at the tour's ends, (0,0) for a join).
Prints, per size, the number of distinct signatures and how many are new relative to the
sizes before it; with a tours file, also the distinct (signature, 4 pieces) tiles used.
Usage: signatures.py K PICKS SIZES [tours.jsonl ...]"""
import json, sys
from family import family, core
from model import sequence, P


def sigs(M, N, A, B):
    seq = sequence(A, B)
    T = len(seq)
    out = {}
    for t, b in enumerate(seq):
        off = lambda s: None if not 0 <= s < T else (seq[s][0] - b[0], seq[s][1] - b[1])
        out.setdefault(b, []).append((t, off(t - 1), off(t + 1)))
    return seq, {b: tuple((p, n) for _, p, n in v) for b, v in out.items()}


if __name__ == "__main__":
    k = int(sys.argv[1]); picks = tuple("min" if c == "i" else "max" for c in sys.argv[2])
    sizes = [tuple(map(int, s.split("x"))) for s in sys.argv[3].split(",")]
    seen = set()
    for M, N in sizes:
        A, B = family(core(k), M, N, picks)
        _, S = sigs(M, N, A, B)
        cur = set(S.values())
        print("%dx%d: %d blocks, %d distinct signatures, %d new" % (M, N, M * N, len(cur), len(cur - seen)))
        seen |= cur
    print("union over sizes:", len(seen))
    tiles = {}
    for fn in sys.argv[4:]:
        for line in open(fn):
            rec = json.loads(line)
            M, N = rec["blocks"]
            if rec.get("variant") != "%d %s" % (k, sys.argv[2]):
                continue
            A, B = family(core(k), M, N, picks)
            seq, S = sigs(M, N, A, B)
            tour = rec["tour"]
            pieces = {}
            for t, b in enumerate(seq):
                cells = tuple((r - 4 * b[0], c - 4 * b[1]) for r, c in tour[4 * t:4 * t + 4])
                pieces.setdefault(b, []).append(P.index(cells))
            for b, sg in S.items():
                tiles.setdefault(sg, set()).add(tuple(pieces[b]))
    if tiles:
        print("signatures seen in tours:", len(tiles), "; distinct (signature, pieces) tiles:",
              sum(len(v) for v in tiles.values()), "; max tiles for one signature:",
              max(len(v) for v in tiles.values()))
