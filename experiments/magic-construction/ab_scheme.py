"""Experiment: the A/B pass scheme on one board (README, "parity remark").
Passes: 0 along A (Y -> X), 1 along B (X -> Y), 2 along A reversed, 3 along B
reversed. Every block's visit indices sum to 8N-2; the joins at X (passes 0-1)
and Y (passes 2-3) enter and leave through different neighbours when
A[-2] != B[1] and A[1] != B[-2]. A and B are found by a small search here (so
this is not yet a construction). Usage: nice -n 10 python3 ab_scheme.py m n"""
import sys, random
import plan, tiles_search as T

def ham_paths(m, n, s, t, limit, rng):
    N = m * n; out = []
    def nb(b):
        i, j = b
        L = [(i + di, j + dj) for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 0 <= i + di < m and 0 <= j + dj < n]
        rng.shuffle(L); return L
    def dfs(p, used):
        if len(out) >= limit: return
        if len(p) == N:
            if p[-1] == t: out.append(list(p))
            return
        for b in nb(p[-1]):
            if b not in used and (b != t or len(p) == N - 1):
                p.append(b); used.add(b); dfs(p, used); used.discard(b); p.pop()
    dfs([s], {s}); return out

def main():
    m, n = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(1)
    X, Y = (1, 1), (1, 2)
    As = ham_paths(m, n, Y, X, 200, rng)
    Bs = [list(reversed(p)) for p in ham_paths(m, n, Y, X, 200, rng)]
    pairs = [(a, b) for a in As for b in Bs if a[-2] != b[1] and a[1] != b[-2]]
    print(len(As), 'paths,', len(pairs), 'usable pairs', file=sys.stderr)
    for A, B in pairs[:20]:
        def visits(m_, n_, A=A, B=B):
            for b in A: yield b, 0
            for b in B: yield b, 1
            for b in reversed(A): yield b, 2
            for b in reversed(B): yield b, 3
        plan.SCHEME.update({'fn': visits, 'merge': False, 'markers': False})
        s = plan.unit_signatures(m, n)
        owner, pcs = plan.units(m, n)
        sigs = sorted(set(s.values()), key=str)
        idx = {}
        for o, sg in s.items():
            for i, pc in enumerate(sg[1]): idx[(o, pc[1], (o[0] + pc[0][0], o[1] + pc[0][1]))] = i
        links = {(s[a[0]], idx[(a[0], a[1], a[3])], s[b[0]], idx[(b[0], b[1], b[3])], (b[0][0] - a[0][0], b[0][1] - a[0][1]))
                 for a, b in zip(pcs, pcs[1:])}
        dom = {g: T.tiles_for(g) for g in sigs}
        if any(not v for v in dom.values()):
            print('empty tile domain', file=sys.stderr); continue
        def ok(ta, ia, tb, ib, off):
            a = ta[ia][-1]; b = tb[ib][0]
            return T.kn(a, (b[0] + 4 * off[0], b[1] + 4 * off[1]))
        for sa, ia, sb, ib, d in links:
            if sa == sb: dom[sa] = [t for t in dom[sa] if ok(t, ia, t, ib, d)]
        asg = {}
        if T.sat_solve(sigs, dom, links, set(), ok, asg):
            a = [0] * (16 * m * n)
            k = 0
            for o, p0, p1, blk, size in pcs:
                sg = s[o]; tile = asg[sg]
                i = idx[(o, p0, blk)]
                for r, c in tile[i]:
                    k += 1; a[(4 * o[0] + r) * 4 * n + 4 * o[1] + c] = k
            import json
            print(json.dumps({'rows': 4 * m, 'cols': 4 * n, 'numbers': a, 'A': A, 'B': B}))
            return
    print('no pair worked', file=sys.stderr); sys.exit(1)

main()
