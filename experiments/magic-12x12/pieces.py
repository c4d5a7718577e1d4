"""Transversal 4-cell knight paths in a 4x4 block, and the symmetries of the 3x3 grid of
blocks (shared by the search programs)."""
import itertools

KN = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def is_knight(a, b):
    return (abs(a[0] - b[0]), abs(a[1] - b[1])) in ((1, 2), (2, 1))


def grid_symmetries():
    """The 8 symmetries of the 3x3 grid of blocks, each as the image of every block
    (b = 3I + J), the identity first."""
    syms = []
    for tr in range(2):
        for rot in range(4):
            m = []
            for b in range(9):
                I, J = b // 3, b % 3
                if tr:
                    I, J = J, I
                for _ in range(rot):
                    I, J = J, 2 - I
                m.append(3 * I + J)
            syms.append(m)
    return syms


def transversal_paths():
    """All oriented 4-cell knight paths in a 4x4 block meeting each row and column once."""
    cells = [(r, c) for r in range(4) for c in range(4)]
    out = []
    for p in itertools.permutations(cells, 4):
        if len({r for r, _ in p}) != 4 or len({c for _, c in p}) != 4:
            continue
        if all(is_knight(p[i], p[i + 1]) for i in range(3)):
            out.append(p)
    return out


if __name__ == "__main__":
    ps = transversal_paths()
    print(len(ps), "oriented,", len({frozenset(p) for p in ps}), "cell sets,",
          len({min(p, p[::-1]) for p in ps}), "undirected")
