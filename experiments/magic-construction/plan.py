"""The block-level plan shared by tiles_search.py and construct.py.

The board of 4m x 4n cells is cut into an m x n grid of 4x4 blocks. The tour
visits every block four times (passes 0..3), so it is a sequence of 4mn block
visits:
  pass 0: along path P from F=(0,0) to its end L1
  pass 1: back along P from L1 to F
  pass 2: along path Q from F to its end L2
  pass 3: back along Q from L2 to F
P is the row snake (row 0 east, row 1 west, ...).
Q runs down column 0, then snakes the rows from the bottom up over columns
1..n-1 (row m-1 east, row m-2 west, ...). L1 != L2 always.
A block at index k of P gets its pass-0 and pass-1 visits at visit-indices k and
2N-1-k (N = mn); so its four visits' indices always sum to 8N-2 — the same for
every block, which is what makes all rows and columns add up (see README).
Two visits in a row at the same block (at L1, F, L2) form one piece of 8 cells.
"""

def path_P(m, n):
    out = []
    for i in range(m):
        cols = range(n) if i % 2 == 0 else range(n - 1, -1, -1)
        out.extend((i, j) for j in cols)
    return out

def path_Q(m, n):
    out = [(i, 0) for i in range(m)]
    for k, i in enumerate(range(m - 1, -1, -1)):
        cols = range(1, n) if k % 2 == 0 else range(n - 1, 0, -1)
        out.extend((i, j) for j in cols)
    return out

def visits(m, n):
    """Yield (block, pass) in tour order; 4mn items, generated lazily."""
    for p, path in ((0, path_P(m, n)), (2, path_Q(m, n))):
        for b in path: yield b, p
        for b in reversed(path): yield b, p + 1

DIRS = {(0, 1): 'E', (0, -1): 'W', (1, 0): 'S', (-1, 0): 'N'}

def pieces(m, n):
    """Group the visit sequence into pieces: maximal runs of visits at one block.
    Yields (block, first_pass, last_pass, in_dir, out_dir); in_dir is the
    direction from this block to the block of the previous piece, out_dir to the
    next (None at the two ends of the tour)."""
    seq = list(SCHEME['fn'](m, n))
    runs = []
    for b, p in seq:
        if runs and runs[-1][0] == b: runs[-1][2] = p
        else: runs.append([b, p, p])
    for k, (b, p0, p1) in enumerate(runs):
        ind = outd = None
        if k > 0:
            pb = runs[k - 1][0]; ind = DIRS[(pb[0] - b[0], pb[1] - b[1])]
        if k + 1 < len(runs):
            nb = runs[k + 1][0]; outd = DIRS[(nb[0] - b[0], nb[1] - b[1])]
        yield tuple(b), p0, p1, ind, outd

def signatures(m, n):
    """Block -> signature: tuple of (first_pass, last_pass, in_dir, out_dir)."""
    sig = {}
    for b, p0, p1, i, o in pieces(m, n):
        sig.setdefault(b, []).append((p0, p1, i, o))
    return {b: tuple(sorted(v)) for b, v in sig.items()}

def units(m, n):
    """Pieces after merging each end turn into a two-block piece.

    At the far end L of P (and of Q) the visits run ..., b, L, L, b, ... where b
    is L's neighbour on the path; these four visits (16 cells, passes p and p+1
    in b and in L) become one 16-cell piece owned by b. Returns (owner, pieces):
    owner maps every block to the block whose tile covers it (itself, or b for
    L); pieces is the tour-ordered list of (owner, first_pass, last_pass, blk)
    with blk the block holding the piece's 4-cell visits (for a 16-cell piece,
    the owner)."""
    runs = []
    for b, p in SCHEME['fn'](m, n):
        if runs and runs[-1][0] == b: runs[-1][2] = p
        else: runs.append([b, p, p])
    owner = {}
    out = []
    k = 0
    while k < len(runs):
        b, p0, p1 = runs[k]
        if (SCHEME['merge'] and k + 2 < len(runs) and runs[k + 1][1] != runs[k + 1][2]
                and runs[k + 1][1] == p0 and runs[k + 2][0] == b and p0 == p1):
            L = runs[k + 1][0]
            owner[L] = b
            out.append((b, p0, p0 + 1, b, 16))
            k += 3
            continue
        out.append((None, p0, p1, b, 4 * (p1 - p0 + 1)))
        k += 1
    for b in [(i, j) for i in range(m) for j in range(n)]:
        owner.setdefault(b, b)
    out = [(owner[blk], p0, p1, blk, size) for _, p0, p1, blk, size in out]
    return owner, out

def unit_signatures(m, n):
    """owner block -> signature. A signature lists the tile's blocks (offsets
    from the owner) and its pieces as (block offset, first_pass, last_pass,
    offset of the previous piece's block, offset of the next piece's block),
    offsets relative to the piece's own block (None at the tour's ends)."""
    owner, pcs = units(m, n)
    sig = {}
    for k, (o, p0, p1, blk, size) in enumerate(pcs):
        prev = pcs[k - 1][3] if k > 0 else None
        nxt = pcs[k + 1][3] if k + 1 < len(pcs) else None
        rel = lambda x: None if x is None else (x[0] - blk[0], x[1] - blk[1])
        sig.setdefault(o, []).append(((blk[0] - o[0], blk[1] - o[1]), p0, p1, size, rel(prev), rel(nxt)))
    res = {}
    pm = path_markers(m, n) if SCHEME['markers'] == 'paths' else {}
    rm = region_markers(m, n) if SCHEME['markers'] == 'region' else {}
    members = {}
    for b, w in owner.items(): members.setdefault(w, []).append(b)
    for o, v in sig.items():
        blocks = sorted({(b[0] - o[0], b[1] - o[1]) for b in members[o]})
        if SCHEME['markers'] == 'cycle': marker = MARKERS.get(o)
        elif SCHEME['markers'] == 'paths': marker = pm.get(o)
        elif SCHEME['markers'] == 'region': marker = rm.get(o, (False, False))
        else: marker = None
        res[o] = (tuple(blocks), tuple(sorted(v)), marker)
    return res

def path_markers(m, n):
    """Paths scheme: the turn blocks L1 (end of P) and L2 (end of Q) may leave
    rows and columns unbalanced; the neighbour in the same block-row (role
    'L1r'/'L2r') and the neighbour in the same block-column ('L1c'/'L2c') carry
    the opposite deviations. Block -> sorted tuple of roles."""
    roles = {}
    for name, L in (('L1', path_P(m, n)[-1]), ('L2', path_Q(m, n)[-1])):
        i, j = L
        rj = j + 1 if j + 1 < n else j - 1
        ci = i + 1 if i + 1 < m else i - 1
        roles.setdefault(L, set()).add(name)
        roles.setdefault((i, rj), set()).add(name + 'r')
        roles.setdefault((ci, j), set()).add(name + 'c')
    return {b: tuple(sorted(r)) for b, r in roles.items()}

def free_lines(marker):
    """(rows free, columns free) for a tile with these roles."""
    if not marker: return False, False
    if marker in ('R0', 'R1'): return True, False
    if isinstance(marker, tuple) and len(marker) == 2 and isinstance(marker[0], bool): return marker
    rows = any(r in ('L1', 'L2', 'L1r', 'L2r') for r in marker)
    cols = any(r in ('L1', 'L2', 'L1c', 'L2c') for r in marker)
    return rows, cols

# In the cycle scheme the two-block unit at (0,0)+(1,0) may leave its block rows
# unbalanced; the blocks (0,1) and (1,1) then carry the opposite deviations.
MARKERS = {(0, 1): 'R0', (1, 1): 'R1'}

# ---- scheme "cycle": for m*n even, one Hamiltonian cycle C of the blocks ----
def cycle_C(m, n):
    if m % 2 == 1:  # n even: transpose the m-even pattern
        return [(i, j) for j, i in cycle_C(n, m)]
    out = [(0, j) for j in range(n)]
    for i in range(1, m):
        cols = range(n - 1, 0, -1) if i % 2 == 1 else range(1, n)
        out.extend((i, j) for j in cols)
    out.extend((i, 0) for i in range(m - 1, 0, -1))
    return out

def visits_cycle(m, n):
    """b_0..b_{N-1} = C. Pass 0: b_0..b_{N-1}. Pass 1: b_{N-2} down to b_0,
    then b_{N-1}. Pass 2: b_{N-1}, b_0, .., b_{N-2}. Pass 3: b_{N-1} down to
    b_0. Visit indices: b_k (k < N-1) gets k, 2N-2-k, 2N+1+k, 4N-1-k; b_{N-1}
    gets N-1, 2N-1, 2N, 3N: every block sums to 8N-2."""
    C = cycle_C(m, n); N = len(C)
    for b in C: yield b, 0
    for b in reversed(C[:-1]): yield b, 1
    yield C[-1], 1
    yield C[-1], 2
    for b in C[:-1]: yield b, 2
    for b in reversed(C): yield b, 3

SCHEME = {'fn': visits, 'merge': True, 'markers': False}
def set_scheme(name, merge=None):
    if name == 'ab':
        SCHEME.update({'fn': visits_ab, 'merge': False, 'markers': False}); return
    SCHEME['fn'] = visits_cycle if name == 'cycle' else visits
    SCHEME['merge'] = (name != 'cycle') if merge is None else merge
    SCHEME['markers'] = 'cycle' if (name == 'cycle' and SCHEME['merge']) else 'paths' if not SCHEME['merge'] else 'region'


COMP_DEPTH = 1
ALONG = True  # free the long lines too (compensated along the row)
def region_markers(m, n):
    """Paths scheme with two-block turn units: a turn unit may leave its short
    lines (the 4-cell lines across it) unbalanced; the block beside each of its
    blocks (perpendicular to the unit, inside the board) frees the same lines
    to compensate. Owner block -> (rows free, columns free)."""
    owner, _ = units(m, n)
    free = {}
    def mark(b, rows, cols):
        o = owner[b]; r, c = free.get(o, (False, False)); free[o] = (r or rows, c or cols)
    for L, b in [(L, b) for L, b in owner.items() if L != b]:
        horiz = L[0] == b[0]
        # the long lines: free in the unit, compensated by the next block along
        K = COMP_DEPTH
        if not ALONG: pass
        elif horiz:
            mark(b, True, False)
            lo, hi = min(b[1], L[1]), max(b[1], L[1])
            for k in range(1, K + 1):
                mark((b[0], lo - k) if lo - K >= 0 else (b[0], hi + k), True, False)
        else:
            mark(b, False, True)
            lo, hi = min(b[0], L[0]), max(b[0], L[0])
            for k in range(1, K + 1):
                mark((lo - k, b[1]) if lo - K >= 0 else (hi + k, b[1]), False, True)
        for x in (b, L):
            for k in range(1, K + 1):
                if horiz:
                    mark(x, False, True)
                    mark((x[0] - k, x[1]) if x[0] - K >= 0 else (x[0] + k, x[1]), False, True)
                else:
                    mark(x, True, False)
                    mark((x[0], x[1] - k) if x[1] - K >= 0 else (x[0], x[1] + k), True, False)
    return free

# ---- scheme "ab": passes A, B, A reversed, B reversed (no U-turn joins) ----
def ab_paths(m, n):
    """Explicit Hamiltonian block paths A: Y -> X and B: X -> Y, X = (1,1),
    Y = (1,2), for n even >= 4 and m >= 3 (m = 3 has its own pattern). A[-2] = (0,1) != B[1] = (2,1) and
    A[1] = (0,2) != B[-2] = (1,3), so neither join is a U-turn."""
    assert n % 2 == 0 and n >= 4 and m >= 3
    X, Y = (1, 1), (1, 2)
    if m == 3:
        # rows 0-1 of columns 3..n-1 as a staircase: column j top-down if j odd, else bottom-up
        stair = [(i, j) for j in range(3, n) for i in ((0, 1) if j % 2 else (1, 0))]
        A = [Y, (0, 2)] + stair + [(2, j) for j in range(n - 1, -1, -1)] + [(1, 0), (0, 0), (0, 1), X]
        B = [X, (2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2)] + stair + [(2, j) for j in range(n - 1, 1, -1)] + [Y]
        return A, B
    A = [Y] + [(0, j) for j in range(2, n)]
    for k, j in enumerate(range(n - 1, 2, -1)):          # columns n-1 .. 3, rows 1..m-1
        rows = range(1, m) if k % 2 == 0 else range(m - 1, 0, -1)
        A += [(i, j) for i in rows]
    A += [(i, 2) for i in range(m - 1, 1, -1)]            # column 2 up to row 2
    A += [(i, 1) for i in range(2, m)] + [(i, 0) for i in range(m - 1, -1, -1)] + [(0, 1), X]
    B = [X]
    if m % 2 == 0:                                        # rows 2..m-1 snake over columns 1..n-1
        for k, i in enumerate(range(2, m)):
            cols = range(1, n) if k % 2 == 0 else range(n - 1, 0, -1)
            B += [(i, j) for j in cols]
    else:                                                 # row 2 east, then columns n-1..1 over rows 3..m-1
        B += [(2, j) for j in range(1, n)]
        for k, j in enumerate(range(n - 1, 0, -1)):
            rows = range(3, m) if k % 2 == 0 else range(m - 1, 2, -1)
            B += [(i, j) for i in rows]
    B += [(i, 0) for i in range(m - 1, -1, -1)] + [(0, j) for j in range(1, n)]
    B += [(1, j) for j in range(n - 1, 2, -1)] + [Y]
    return A, B

def visits_ab(m, n):
    A, B = ab_paths(m, n)
    for b in A: yield b, 0
    for b in B: yield b, 1
    for b in reversed(A): yield b, 2
    for b in reversed(B): yield b, 3
