import itertools, sys
def hpaths(M, N):
    cells = [(i, j) for i in range(M) for j in range(N)]
    adj = {c: [d for d in cells if d != c and max(abs(c[0]-d[0]), abs(c[1]-d[1])) <= 1] for c in cells}
    out = []
    def rec(path, seen):
        if len(path) == len(cells):
            out.append(tuple(path)); return
        for d in adj[path[-1]]:
            if d not in seen:
                seen.add(d); path.append(d); rec(path, seen); path.pop(); seen.discard(d)
    for c in cells:
        rec([c], {c})
    return out
if __name__ == "__main__":
    H = hpaths(3, 3)
    print(len(H))

def adjeq(a, b):
    return max(abs(a[0]-b[0]), abs(a[1]-b[1])) <= 1

def valid_pairs(H):
    for A in H:
        for B in H:
            if adjeq(A[-1], B[0]) and adjeq(B[-1], A[-1]) and adjeq(A[0], B[-1]):
                yield A, B
