#!/usr/bin/env python3
"""Independent checker (imports nothing from the search): reads JSON lines
{"board":"RxC","tour":[[r,c],...]} and checks that the tour visits every cell once by knight
moves; reports row, column and diagonal sums, and whether it is closed.
Usage: python3 check.py tours.jsonl [--require semimagic|magic] [--closed]
Exit status 1 if any tour fails the requirements."""
import json, sys


def check(rec, require, closed):
    R, C = map(int, rec["board"].split("x"))
    tour = [tuple(x) for x in rec["tour"]]
    errs = []
    if len(tour) != R * C:
        errs.append("length %d != %d" % (len(tour), R * C))
    if len(set(tour)) != len(tour):
        errs.append("repeated cell")
    if any(not (0 <= r < R and 0 <= c < C) for r, c in tour):
        errs.append("cell off board")
    for i in range(len(tour) - 1):
        dr, dc = abs(tour[i][0] - tour[i + 1][0]), abs(tour[i][1] - tour[i + 1][1])
        if {dr, dc} != {1, 2}:
            errs.append("step %d->%d not a knight move" % (i + 1, i + 2))
    d = {abs(tour[-1][0] - tour[0][0]), abs(tour[-1][1] - tour[0][1])}
    is_closed = d == {1, 2}
    num = {cell: i + 1 for i, cell in enumerate(tour)}
    if errs:
        return errs, None
    rows = [sum(num[(r, c)] for c in range(C)) for r in range(R)]
    cols = [sum(num[(r, c)] for r in range(R)) for c in range(C)]
    info = {"rows": rows, "cols": cols, "closed": is_closed}
    if R == C:
        info["diag"] = sum(num[(i, i)] for i in range(R))
        info["anti"] = sum(num[(i, R - 1 - i)] for i in range(R))
    semi = len(set(rows)) == 1 and len(set(cols)) == 1 and rows[0] * R == cols[0] * C
    info["semimagic"] = semi and rows[0] == C * (R * C + 1) // 2
    info["magic"] = info["semimagic"] and R == C and info["diag"] == info["anti"] == rows[0]
    if require == "semimagic" and not info["semimagic"]:
        errs.append("not semimagic")
    if require == "magic" and not info["magic"]:
        errs.append("not diagonally magic")
    if closed and not is_closed:
        errs.append("not closed")
    return errs, info


def main():
    args = sys.argv[1:]
    require = None
    closed = "--closed" in args
    if "--require" in args:
        require = args[args.index("--require") + 1]
    files = [a for a in args if a.endswith(".jsonl") or a.endswith(".json")]
    bad = 0
    for fn in files:
        for ln, line in enumerate(open(fn), 1):
            if not line.strip():
                continue
            errs, info = check(json.loads(line), require, closed)
            if info:
                print("%s:%d rows=%s cols=%s diag=%s anti=%s closed=%s semimagic=%s magic=%s" % (
                    fn, ln, sorted(set(info["rows"])), sorted(set(info["cols"])),
                    info.get("diag"), info.get("anti"), info["closed"], info["semimagic"],
                    info["magic"]))
            if errs:
                bad += 1
                print("%s:%d FAIL: %s" % (fn, ln, "; ".join(errs)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
