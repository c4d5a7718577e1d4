"""Write 12x12 magic-tour models with extra line sums that the 8x8 nested model suggests.

Every model has rows, columns and both diagonals at 870. `blocks` adds, for each of the nine
4x4 blocks, its four row pieces and four column pieces at 290 (each block semimagic, which
makes every row and column 3 x 290 by itself); `blocks-nodiag` is the same without the
diagonals; `half` adds half rows and half columns at 435 (the four 6x6 quadrants semimagic,
seed 000's condition on a larger board). Usage: python3 gen.py blocks > m-blocks.toml
"""
import sys


def segment(name, cells, target):
    listed = ", ".join(f"[{r}, {c}]" for r, c in cells)
    return ["", "[[sums.lines]]", f'name = "{name}"', f"cells = [{listed}]", f"target = {target}"]


def model(kind):
    out = [f'name = "12x12-{kind}"', 'board = "12x12"', "", "[sums]", "rows = 870", "cols = 870"]
    if kind != "blocks-nodiag":
        out.append("diagonals = 870")
    if kind == "half":
        out += ["half_rows = 435", "half_cols = 435"]
    if kind.startswith("blocks"):
        for r in range(12):
            for b in range(3):
                out += segment(f"row {r} block {b}", [(r, 4 * b + i) for i in range(4)], 290)
        for c in range(12):
            for b in range(3):
                out += segment(f"col {c} block {b}", [(4 * b + i, c) for i in range(4)], 290)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("blocks", "blocks-nodiag", "half"):
        sys.exit("usage: gen.py blocks|blocks-nodiag|half")
    sys.stdout.write(model(sys.argv[1]))
