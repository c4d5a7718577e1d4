"""Find the tile table used by construct.py (writes tiles.json).

A unit is one 4x4 block, or two neighbouring blocks where a path turns back (see
plan.py). For every unit signature a tile gives the cells of each piece, in
visiting order, in coordinates relative to the unit's owner block. Requirements:
  * a 4-cell piece is a knight path in its block meeting each row and column of
    the block once; an 8-cell piece (start block, passes 1 and 2 joined) meets
    each twice; a 16-cell piece (a turn: passes p, p+1 in both blocks of the
    unit) meets each row and column of each of its two blocks twice;
  * the pieces partition the unit's cells;
  * balance (number each piece's cells 1, 2, ... in visiting order): in a plain
    block every row and column totals 10; in the start block 14; in a two-block
    unit each line across the unit's short side (4 cells) totals 22 and each
    line along its long side (8 cells) totals 44;
  * links: the last cell of each piece is a knight move from the first cell of
    the next piece of the tour;
  * (with --closed) in the start block the last cell of pass 3 is a knight move
    from the first cell of pass 0.
The link constraints of all board sizes 2..MAXB blocks a side (except 2x2
blocks, the 8x8 board, which construct.py takes from the project's census) are
pooled; the signatures and linked pairs stop growing long before MAXB (checked
and printed), so one table serves every 4m x 4n board with m, n >= 2, m+n > 4.
Usage: nice -n 10 python3 tiles_search.py [--closed] > tiles.json"""
import sys, json
import plan

def kn(a, b):
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1]); return {dr, dc} == {1, 2}
BLOCK = [(r, c) for r in range(4) for c in range(4)]

def knight_paths(cells, n, ok_start, ok_end, cap):
    """All knight paths of n cells within `cells`; cap(cell) -> line keys that
    may hold at most the given count (dict key -> limit)."""
    cells = set(cells)
    nb = {a: [b for b in cells if kn(a, b)] for a in cells}
    out = []
    def dfs(p, used, cnt):
        if len(p) == n:
            if ok_end(p[-1]): out.append(tuple(p))
            return
        for b in nb[p[-1]]:
            if b in used: continue
            keys = cap(b)
            if any(cnt.get(k, 0) >= lim for k, lim in keys): continue
            for k, _ in keys: cnt[k] = cnt.get(k, 0) + 1
            p.append(b); used.add(b)
            dfs(p, used, cnt)
            used.discard(b); p.pop()
            for k, _ in keys: cnt[k] -= 1
    for a in cells:
        if ok_start(a):
            cnt = {}
            for k, _ in cap(a): cnt[k] = 1
            dfs([a], {a}, cnt)
    return out

def can_link(cell, blk, off):
    """cell (unit coordinates) has a knight neighbour in the block at block
    offset `off` from block `blk` (unit block offsets)."""
    if off is None: return True
    br, bc = blk[0] + off[0], blk[1] + off[1]
    return any(kn(cell, (4 * br + r, 4 * bc + c)) for r, c in BLOCK)

def block_cells(blk): return [(4 * blk[0] + r, 4 * blk[1] + c) for r, c in BLOCK]

DEV = {}  # (signature, tile) -> deviations of the free lines
def tiles_for(sig, limit=None):
    blocks, pcs, marker = sig
    free = marker is not None or (len(blocks) == 2 and plan.SCHEME['markers'] == 'cycle')
    frow, fcol = plan.free_lines(marker) if (len(blocks) == 1 or plan.SCHEME["markers"] == "region") else (free, False)
    cand = []
    for blk, p0, p1, size, prv, nxt in pcs:
        if size == 16: cells = [x for b in blocks for x in block_cells(b)]
        else: cells = block_cells(blk)
        lim = {4: 1, 8: 2, 16: 2}[size]
        cap = lambda x, lim=lim: [(('r', x[0], x[1] // 4), lim), (('c', x[1], x[0] // 4), lim)]
        cand.append(knight_paths(cells, size, lambda a, blk=blk, prv=prv: can_link(a, blk, prv),
                                 lambda a, blk=blk, nxt=nxt: can_link(a, blk, nxt), cap))
    # lines and their targets
    lines = []
    if len(blocks) == 1:
        t = 14 if any(x[3] == 8 for x in pcs) else 10
        for i in range(4):
            lines.append(([(i, c) for c in range(4)], t, frow, ('r', i))); lines.append(([(r, i) for r in range(4)], t, fcol, ('c', i)))
    else:
        horiz = blocks[0][0] == blocks[1][0]
        if plan.SCHEME['markers'] == 'region': fshort, flong = (fcol, frow) if horiz else (frow, fcol)
        else: fshort, flong = free, False
        for b in blocks:
            for i in range(4):
                if horiz: lines.append(([(4 * b[0] + r, 4 * b[1] + i) for r in range(4)], 22, fshort, ('c', 4 * b[1] + i)))
                else: lines.append(([(4 * b[0] + i, 4 * b[1] + c) for c in range(4)], 22, fshort, ('r', 4 * b[0] + i)))
        for i in range(4):
            if horiz: lines.append(([(4 * blocks[0][0] + i, 4 * b[1] + c) for b in blocks for c in range(4)], 44, flong, ('r', i)))
            else: lines.append(([(4 * b[0] + r, 4 * blocks[0][1] + i) for b in blocks for r in range(4)], 44, flong, ('c', i)))
    order = sorted(range(len(pcs)), key=lambda i: -pcs[i][3])  # big pieces first
    out = []
    def bt(k, used, acc):
        if limit and len(out) >= limit: return
        if k == len(order):
            pos = {}
            for p in acc.values():
                for j, x in enumerate(p): pos[x] = j + 1
            if all(sum(pos[x] for x in L) == t for L, t, f, _ in lines if not f):
                tile = tuple(acc[i] for i in range(len(pcs)))
                out.append(tile)
                if plan.SCHEME['markers'] == 'region':
                    DEV[(sig, tile)] = {key: sum(pos[x] for x in L) - t for L, t, f, key in lines if f}
                elif len(blocks) == 1:  # rows 0..3 then columns 0..3
                    DEV[(sig, tile)] = tuple(sum(pos[x] for x in L) - t for L, t, f, _ in lines[0::2] + lines[1::2])
                else:
                    DEV[(sig, tile)] = tuple(sum(pos[x] for x in L) - t for L, t, f, _ in lines if f)
            return
        i = order[k]
        for p in cand[i]:
            if used.isdisjoint(p):
                acc[i] = p; bt(k + 1, used | set(p), acc); del acc[i]
    bt(0, frozenset(), {})
    return out

def sat_solve(sigs, dom, links, rsums, ok, asg):
    """Encode the table choice as CNF and run the cadical SAT solver."""
    import subprocess, tempfile, itertools
    var = {}
    def v(key):
        if key not in var: var[key] = len(var) + 1
        return var[key]
    cl = []
    for s in sigs:
        xs = [v(('x', s, i)) for i in range(len(dom[s]))]
        cl.append(xs)
        prev = None  # at most one: sequential counter
        for k, x in enumerate(xs):
            sk = v(('s', s, k))
            cl.append([-x, sk])
            if prev is not None: cl.append([-prev, sk]); cl.append([-x, -prev])
            prev = sk
    for sa, ia, sb, ib, d in links:
        if sa == sb: continue
        for i, t in enumerate(dom[sa]):
            cl.append([-v(('x', sa, i))] + [v(('x', sb, j)) for j, u in enumerate(dom[sb]) if ok(t, ia, u, ib, d)])
        for j, u in enumerate(dom[sb]):
            cl.append([-v(('x', sb, j))] + [v(('x', sa, i)) for i, t in enumerate(dom[sa]) if ok(t, ia, u, ib, d)])
    for grp in rsums:
        items = {}
        for g, k in grp: items[(g, k)] = items.get((g, k), 0) + 1
        vals = []
        for (g, k), mult in items.items():
            byval = {}
            for i, t in enumerate(dom[g]): byval.setdefault(mult * DEV[(g, t)][k], []).append(i)
            opts = []
            for val, idxs in byval.items():
                y = v(('y', g, k, val))
                # y <-> OR x
                cl.append([-y] + [v(('x', g, i)) for i in idxs])
                for i in idxs: cl.append([y, -v(('x', g, i))])
                opts.append((val, y))
            vals.append(opts)
        for combo in itertools.product(*vals):
            if sum(val for val, _ in combo) != 0: cl.append([-y for _, y in combo])
    with tempfile.NamedTemporaryFile('w', suffix='.cnf', delete=False) as f:
        f.write('p cnf %d %d\n' % (len(var), len(cl)))
        for c in cl: f.write(' '.join(map(str, c)) + ' 0\n')
        name = f.name
    print('CNF: %d variables, %d clauses' % (len(var), len(cl)), file=sys.stderr)
    r = subprocess.run(['nice', '-n', '10', 'cadical', '-q', name], capture_output=True, text=True)
    true = set()
    for line in r.stdout.splitlines():
        if line.startswith('s '): print('cadical:', line, file=sys.stderr)
        if line.startswith('v '): true |= {int(x) for x in line[2:].split() if int(x) > 0}
    if not true: return False
    for s in sigs:
        for i in range(len(dom[s])):
            if var[('x', s, i)] in true: asg[s] = dom[s][i]
    return True

def main():
    closed = '--closed' in sys.argv
    scheme = 'cycle' if '--cycle' in sys.argv else 'ab' if '--ab' in sys.argv else 'paths'
    plan.set_scheme(scheme, True if '--merge' in sys.argv else False if '--nomerge' in sys.argv else None)
    MAXB = int(sys.argv[sys.argv.index("--maxb") + 1]) if "--maxb" in sys.argv else 9
    if '--noalong' in sys.argv: plan.ALONG = False
    if '--depth' in sys.argv: plan.COMP_DEPTH = int(sys.argv[sys.argv.index('--depth') + 1])
    MINM = int(sys.argv[sys.argv.index('--min-m') + 1]) if '--min-m' in sys.argv else 2
    MAXM = int(sys.argv[sys.argv.index('--max-m') + 1]) if '--max-m' in sys.argv else 99
    MINN = int(sys.argv[sys.argv.index('--min-n') + 1]) if '--min-n' in sys.argv else 2
    sigs, links, comps, lsums, rsums = set(), set(), set(), set(), set()
    for m in range(2, MAXB + 1):
        for n in range(2, MAXB + 1):
            if (m, n) == (2, 2) and scheme == 'paths': continue
            if m < MINM or n < MINN or m > MAXM: continue
            if scheme == 'ab' and (m < 3 or n < 4 or n % 2): continue
            
            if scheme == 'paths' and plan.SCHEME['merge'] and n < 3: continue
            if scheme == 'cycle' and m % 2: continue
            s = plan.unit_signatures(m, n)
            owner, pcs = plan.units(m, n)
            sigs |= set(s.values())
            idx = {}
            for o, sg in s.items():
                for i, pc in enumerate(sg[1]): idx[(o, pc[1], (o[0] + pc[0][0], o[1] + pc[0][1]))] = i
            pairs = list(zip(pcs, pcs[1:]))
            if closed and scheme == 'ab': pairs.append((pcs[-1], pcs[0]))  # the closing move
            for a, b in pairs:
                oa, ob = a[0], b[0]
                links.add((s[oa], idx[(oa, a[1], a[3])], s[ob], idx[(ob, b[1], b[3])], (ob[0] - oa[0], ob[1] - oa[1])))
            if plan.SCHEME['markers'] == 'cycle':
                comps.add((s[(0, 0)], 0, s[(0, 1)])); comps.add((s[(0, 0)], 1, s[(1, 1)]))
            if plan.SCHEME['markers'] == 'region':
                byline = {}
                for o, sg in s.items():
                    fr, fc = plan.free_lines(sg[2])
                    for b in sg[0]:
                        for i in range(4):
                            lr, lc = 4 * b[0] + i, 4 * b[1] + i
                            if fr: byline.setdefault(('r', 4 * o[0] + lr), set()).add((sg, ('r', lr)))
                            if fc: byline.setdefault(('c', 4 * o[1] + lc), set()).add((sg, ('c', lc)))
                for k, v in byline.items():
                    rsums.add(tuple(sorted(v, key=str)))
            if plan.SCHEME['markers'] == 'paths':
                for I in range(m):
                    grp = tuple(sorted((s[(I, J)] for J in range(n) if plan.free_lines(s[(I, J)][2])[0]), key=str))
                    if grp: lsums.add((grp, 0))
                for J in range(n):
                    grp = tuple(sorted((s[(I, J)] for I in range(m) if plan.free_lines(s[(I, J)][2])[1]), key=str))
                    if grp: lsums.add((grp, 4))
            if (m, n) == (MAXB - 3, MAXB - 2 - (MAXB % 2 == 1)) or ((m, n) == (min(MAXM, MAXB), MAXB - MAXB % 2) and "n_sigs" not in dir()): n_sigs, n_links = len(sigs), len(links)
    print(len(sigs), 'signatures,', len(links), 'linked pairs (up to 6x7 blocks: %d, %d)' % (n_sigs, n_links), file=sys.stderr)
    sigs = sorted(sigs, key=str)
    dom = {s: tiles_for(s) for s in sigs}
    print('domain sizes', sorted(len(v) for v in dom.values()), file=sys.stderr)
    if closed and scheme != "ab":
        for s in sigs:
            p = s[1]
            if any(x[4] is None for x in p):
                i0 = [x[1] for x in p].index(0); i3 = [x[1] for x in p].index(3)
                dom[s] = [t for t in dom[s] if kn(t[i3][-1], t[i0][0])]
    def ok(ta, ia, tb, ib, off):
        a = ta[ia][-1]; b = tb[ib][0]
        return kn(a, (b[0] + 4 * off[0], b[1] + 4 * off[1]))
    for sa, ia, sb, ib, d in links:
        if sa == sb: dom[sa] = [t for t in dom[sa] if ok(t, ia, t, ib, d)]
    def cok(sr, part, t, sm, u):
        d = DEV[(sr, t)][4 * part: 4 * part + 4]
        return all(x + y == 0 for x, y in zip(d, DEV[(sm, u)]))
    changed = True
    while changed:
        changed = False
        for sr, part, sm in comps:
            devs = {DEV[(sm, u)] for u in dom[sm]}
            na = [t for t in dom[sr] if tuple(-x for x in DEV[(sr, t)][4 * part: 4 * part + 4]) in devs]
            devs = {tuple(-x for x in DEV[(sr, t)][4 * part: 4 * part + 4]) for t in na}
            nb = [u for u in dom[sm] if DEV[(sm, u)] in devs]
            if (not na or not nb) and '-v' in sys.argv and dom[sr] and dom[sm]: print('emptied by comp', sr, part, sm, len(dom[sr]), len(dom[sm]), file=sys.stderr)
            if len(na) < len(dom[sr]) or len(nb) < len(dom[sm]):
                dom[sr], dom[sm] = na, nb; changed = True
        for sa, ia, sb, ib, d in links:
            if sa == sb: continue
            na = [t for t in dom[sa] if any(ok(t, ia, u, ib, d) for u in dom[sb])]
            nb = [u for u in dom[sb] if any(ok(t, ia, u, ib, d) for t in na)]
            if len(na) < len(dom[sa]) or len(nb) < len(dom[sb]):
                if (not na or not nb) and '-v' in sys.argv: print('emptied by link', sa, ia, sb, ib, d, len(dom[sa]), len(dom[sb]), file=sys.stderr)
                dom[sa], dom[sb] = na, nb; changed = True
    print('after arc consistency', sorted(len(v) for v in dom.values()), file=sys.stderr)
    if any(not v for v in dom.values()): print('no solution', file=sys.stderr); sys.exit(1)
    cons = {}
    for l in links:
        cons.setdefault(l[0], []).append(l)
        if l[2] != l[0]: cons.setdefault(l[2], []).append(l)
    rcons = {}
    for grp in rsums:
        for g in {g for g, _ in grp}: rcons.setdefault(g, []).append(grp)
    print(len(rsums), 'region line-sum constraints', file=sys.stderr)
    lcons = {}
    for grp, off in lsums:
        for g in set(grp): lcons.setdefault(g, []).append((grp, off))
    print(len(lsums), 'line-sum constraints', file=sys.stderr)
    if '-v' in sys.argv:
        import itertools
        for grp, off in lsums:
            opts = [{DEV[(g, t)][off:off + 4] for t in dom[g]} for g in grp]
            ok_ = any(all(sum(v[i] for v in combo) == 0 for i in range(4)) for combo in itertools.product(*opts))
            print('lsum', ok_, [g[2] for g in grp], 'rows' if off == 0 else 'cols', [len(o) for o in opts], file=sys.stderr)
    asg = {}
    order = sorted(sigs, key=lambda s: (not s[2] or s[2] == (False, False), len(dom[s])))
    def consistent(s, t):
        for sa, ia, sb, ib, d in cons.get(s, []):
            ta = t if sa == s else asg.get(sa); tb = t if sb == s else asg.get(sb)
            if ta is not None and tb is not None and not ok(ta, ia, tb, ib, d): return False
        for grp in rcons.get(s, []):
            if all(g in asg or g == s for g, _ in grp):
                if sum(DEV[(g, t if g == s else asg[g])][k] for g, k in grp): return False
        for grp, off in lcons.get(s, []):
            if all(g in asg or g == s for g in grp):
                tot = [0] * 4
                for g in grp:
                    d = DEV[(g, t if g == s else asg[g])]
                    for i in range(4): tot[i] += d[off + i]
                if any(tot): return False
        for sr, part, sm in comps:
            if s not in (sr, sm): continue
            ta = t if sr == s else asg.get(sr); tb = t if sm == s else asg.get(sm)
            if ta is not None and tb is not None and not cok(sr, part, ta, sm, tb): return False
        return True
    def bt(k):
        if k == len(order): return True
        s = order[k]
        for t in dom[s]:
            if consistent(s, t):
                asg[s] = t
                if bt(k + 1): return True
                del asg[s]
        return False
    if '--sat' in sys.argv:
        if not sat_solve(sigs, dom, links, set() if "--nosums" in sys.argv else rsums, ok, asg): print('no solution', file=sys.stderr); sys.exit(1)
    elif not bt(0): print('no solution', file=sys.stderr); sys.exit(1)
    table = [{'signature': s, 'pieces': asg[s], 'dev': str(DEV.get((s, asg[s])))} for s in sigs]
    json.dump({'closed': closed, 'scheme': scheme, 'merge': plan.SCHEME['merge'], 'tiles': table}, sys.stdout)
    print()

if __name__ == '__main__':
    main()
