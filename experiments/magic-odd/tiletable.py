#!/usr/bin/env python3
"""One tile table for the whole family: the pieces-only models of several sizes solved JOINTLY,
with every block of the same signature (signatures.py) forced to use the same 4 pieces.
Also counts "link contexts" (signature and visit index of the two blocks of each consecutive
pair of visits): every constraint of the model is local to a block's tile or to one link
context, so a table satisfying all contexts that occur on a size gives that size's tour by
lookup.  Usage: tiletable.py K PICKS SOLVE_SIZES [CONTEXT_SIZES]"""
import json, os, subprocess, sys, tempfile, time
from family import family, core
from signatures import sigs
from model import build, P, check_paths
from check import check



def lookup_tour(seq, S, table):
    """The tour of a block sequence whose blocks take the table's tile for their signature
    (a block's k-th visit lays its tile's k-th piece)."""
    vis = {}
    tour = []
    for t, b in enumerate(seq):
        vis.setdefault(b, []).append(t)
        p = table[S[b]][len(vis[b]) - 1]
        tour += [(4 * b[0] + r, 4 * b[1] + c) for r, c in P[p]]
    return tour

def contexts(seq, S):
    vis = {}
    for t, b in enumerate(seq):
        vis.setdefault(b, []).append(t)
    idx = {t: (S[b], i) for b, ts in vis.items() for i, t in enumerate(ts)}
    return {(idx[t], idx[t + 1]) for t in range(len(seq) - 1)}


def joint_table(instances):
    """One tile per signature for every (M, N, A, B) of `instances` at once, by CaDiCaL:
    returns (table, the link contexts of the instances), or None when unsatisfiable."""
    allcl = []; base = 0; inst = []; sigid = {}
    ctx_solved = set()
    for M, N, A, B in instances:
        check_paths(M, N, A, B)
        seq, S = sigs(M, N, A, B)
        ctx_solved |= contexts(seq, S)
        nv, cl, x = build(M, N, seq)
        sh = lambda l: l + base if l > 0 else l - base
        allcl += [[sh(l) for l in c] for c in cl]
        inst.append((M, N, seq, S, [[v + base for v in row] for row in x]))
        base += nv
        for s in S.values():
            sigid.setdefault(s, len(sigid))
    u = {(s, v, p): base + 1 + (s * 4 + v) * 48 + p for s in range(len(sigid)) for v in range(4) for p in range(48)}
    nvt = base + len(sigid) * 4 * 48
    for M, N, seq, S, x in inst:
        vis = {}
        for t, b in enumerate(seq):
            vis.setdefault(b, []).append(t)
        for b, ts in vis.items():
            s = sigid[S[b]]
            for v, t in enumerate(ts):
                for p in range(48):
                    allcl.append([-x[t][p], u[s, v, p]]); allcl.append([x[t][p], -u[s, v, p]])
    print("signatures:", len(sigid), "vars:", nvt, "clauses:", len(allcl), flush=True)
    fd, path = tempfile.mkstemp(suffix=".cnf")
    with os.fdopen(fd, "w") as f:
        f.write("p cnf %d %d\n" % (nvt, len(allcl)))
        f.write("".join(" ".join(map(str, c)) + " 0\n" for c in allcl))
    t0 = time.time()
    out = subprocess.run(["nice", "-n", "10", "/usr/bin/cadical", "-q", "-t", "900", path],
                         capture_output=True, text=True).stdout
    os.unlink(path)
    st = [l for l in out.splitlines() if l.startswith("s ")]
    print("joint solve:", st, "%.1f s" % (time.time() - t0), flush=True)
    if "SATISFIABLE" not in (st[0] if st else "") or "UNSAT" in st[0]:
        return None
    val = set()
    for l in out.splitlines():
        if l.startswith("v "):
            val.update(int(v) for v in l[2:].split() if int(v) > 0)
    table = {}
    for s, i in sigid.items():
        table[s] = tuple(next(p for p in range(48) if u[i, v, p] in val) for v in range(4))
    return table, ctx_solved


if __name__ == "__main__":
    k = int(sys.argv[1]); picks = tuple("min" if c == "i" else "max" for c in sys.argv[2])
    sizes = [tuple(map(int, s.split("x"))) for s in sys.argv[3].split(",")]
    csizes = [tuple(map(int, s.split("x"))) for s in sys.argv[4].split(",")] if len(sys.argv) > 4 else []
    solved = joint_table([(M, N) + tuple(family(core(k), M, N, picks)) for M, N in sizes])
    if solved is None:
        sys.exit(1)
    table, ctx_solved = solved
    with open("tiletable-%d%s.json" % (k, sys.argv[2]), "w") as f:
        json.dump([{"signature": s, "pieces": list(ps)} for s, ps in table.items()], f)
        f.write("\n")
    # lookup construction on every context size, checked independently
    for M, N in sizes + csizes:
        A, B = family(core(k), M, N, picks)
        seq, S = sigs(M, N, A, B)
        c = contexts(seq, S)
        new = c - ctx_solved
        if any(s not in table for s in S.values()):
            print("%dx%d: signature missing from table" % (M, N)); continue
        e = check(4 * M, 4 * N, lookup_tour(seq, S, table))
        print("%dx%d: %d contexts, %d not in the solved sizes; lookup tour: %s" %
              (M, N, len(c), len(new), e or "OK semimagic knight's tour"), flush=True)
