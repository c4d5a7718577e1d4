#!/usr/bin/env python3
"""Writes the models of "Start squares: symmetry and end sets" (results/semimagic/README.md):
the census's semimagic model from one start square, with its ends as the census's plan gives
them or split in two, and a1 with its first move fixed.

    python3 models.py OUTDIR
    knights estimate OUTDIR/MODEL.toml --probes 200000 --seed S --jobs 1 --format json

Cells are ranked as the census's plan ranks them (by degree, then index); an end e is the
census's for start s when the pair (s, e) is the least of its images under the board's 8
symmetries and reversal, and e has the other colour.
"""

import os
import sys

N = 8
MOVES = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def degree(c):
    r, k = divmod(c, N)
    return sum(0 <= r + a < N and 0 <= k + b < N for a, b in MOVES)


RANK = {c: i for i, c in enumerate(sorted(range(N * N), key=lambda c: (degree(c), c)))}


def symmetry(t):
    def image(c):
        r, k = divmod(c, N)
        if t & 4:
            r, k = k, r
        if t & 1:
            r = N - 1 - r
        if t & 2:
            k = N - 1 - k
        return r * N + k

    return image


SYMMETRIES = [symmetry(t) for t in range(8)]


def least_pair(s, e):
    key = (RANK[s], RANK[e])
    for g in SYMMETRIES:
        a, b = g(s), g(e)
        if (RANK[a], RANK[b]) < key or (RANK[b], RANK[a]) < key:
            return False
    return True


def colour(c):
    return sum(divmod(c, N)) % 2


def census_ends(s):
    return [e for e in range(N * N) if e != s and colour(e) != colour(s) and least_pair(s, e)]


def model(name, start, ends=None, required=None):
    lines = [f'name = "{name}"', 'board = "8x8"']
    if required:
        lines.append(f"required_moves = [{required}]")
    lines += ["[sums]", "rows = 260", "cols = 260", "[classes]", "reverse = true",
              "[start]", f"cells = [{list(divmod(start, N))}]"]
    if ends is not None:
        lines += ["[end]", f"cells = {[list(divmod(e, N)) for e in ends]}"]
    return "\n".join(lines) + "\n"


def main(out):
    os.makedirs(out, exist_ok=True)
    b1 = 1
    ends = census_ends(b1)
    models = {
        # a1: its plan keeps the diagonal mirror, so the ends are the upper triangle.
        "a1": model("a1", 0),
        # a1 with the first move fixed to b3: no symmetry left, every end allowed.
        "a1-b3": model("a1-b3", 0, required=[[0, 0], [1, 2]]),
        "a1-b3-upper": model("a1-b3-upper", 0, [c for c in range(64) if c // N < c % N],
                             required=[[0, 0], [1, 2]]),
        "a1-b3-lower": model("a1-b3-lower", 0, [c for c in range(64) if c // N > c % N],
                             required=[[0, 0], [1, 2]]),
        # b1 (no symmetry fixes it): the census's ends, then those split in rows 0-3 and 4-7.
        "b1": model("b1", b1, ends),
        "b1-top": model("b1-top", b1, [e for e in ends if e // N < 4]),
        "b1-bottom": model("b1-bottom", b1, [e for e in ends if e // N >= 4]),
    }
    for name, text in models.items():
        with open(os.path.join(out, name + ".toml"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
