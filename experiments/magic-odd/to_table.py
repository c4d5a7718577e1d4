#!/usr/bin/env python3
"""Writes the 15-tile table (tiletable-1iiii.json: per signature, the piece index of each of
the 4 passes) in the form of experiments/magic-construction's tables, which the project's
construction reads (src/construct/magic/tiles_odd.json): pieces as cells, and the two visits
of a join (offset (0,0) between them) merged into one 8-cell piece with its first and last
pass.  Usage: python3 -B to_table.py tiletable-1iiii.json > tiles_odd.json"""
import json, sys
from model import P


def merged(entry):
    sig, idx = entry["signature"], entry["pieces"]
    raw, cells = [], []
    p = 0
    while p < 4:
        first, prev, nxt = p, sig[p][0], sig[p][1]
        piece = [list(c) for c in P[idx[p]]]
        while nxt == [0, 0]:
            p += 1
            assert sig[p][0] == [0, 0], "a join is seen from both of its visits"
            nxt = sig[p][1]
            piece += [list(c) for c in P[idx[p]]]
        raw.append([[0, 0], first, p, len(piece), prev, nxt])
        cells.append(piece)
        p += 1
    return {"signature": [[[0, 0]], raw, None], "pieces": cells}


def main():
    table = json.load(open(sys.argv[1]))
    out = {"closed": False, "scheme": "ab", "merge": False,
           "tiles": [merged(e) for e in table]}
    json.dump(out, sys.stdout)
    print()


if __name__ == "__main__":
    main()
