"""One magic knight's tour by CP-SAT (OR-Tools), outside the project's code.

A path model: one Boolean per knight move (plus a virtual node whose two arcs pick the
start and the end), AddCircuit for the single path, an integer number per cell that the
chosen arcs step by one, and linear line sums. Run:

    python3 magic_tour.py N [--diagonals] [--seconds S] [--workers W] [--seed K]

Prints the tour as one JSON line {"numbers": [...]} (row-major) when found.
"""
import argparse
import json
import sys
import time

from ortools.sat.python import cp_model


def knight_moves(n):
    for r in range(n):
        for c in range(n):
            for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    yield r * n + c, rr * n + cc


def build(n, diagonals):
    cells = n * n
    magic = n * (cells + 1) // 2
    model = cp_model.CpModel()
    number = [model.NewIntVar(1, cells, f"n{c}") for c in range(cells)]
    arcs = []
    virtual = cells  # node index of the virtual node in the circuit
    for c in range(cells):
        start = model.NewBoolVar(f"s{c}")
        end = model.NewBoolVar(f"e{c}")
        arcs.append((virtual, c, start))
        arcs.append((c, virtual, end))
        model.Add(number[c] == 1).OnlyEnforceIf(start)
        model.Add(number[c] == cells).OnlyEnforceIf(end)
    for u, v in knight_moves(n):
        lit = model.NewBoolVar(f"m{u}_{v}")
        arcs.append((u, v, lit))
        model.Add(number[v] == number[u] + 1).OnlyEnforceIf(lit)
    model.AddCircuit(arcs)
    model.AddAllDifferent(number)
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    if diagonals:
        lines.append([i * n + i for i in range(n)])
        lines.append([i * n + (n - 1 - i) for i in range(n)])
    for line in lines:
        model.Add(sum(number[c] for c in line) == magic)
    # A knight move changes colour, so one colour holds the odd numbers: fix which, up to
    # the left-right mirror (which swaps colours on even boards).
    for c in range(cells):
        r, col = divmod(c, n)
        if (r + col) % 2 == 0:
            odd = model.NewIntVar(0, cells // 2, f"h{c}")
            model.Add(number[c] == 2 * odd + 1)
    return model, number


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int)
    parser.add_argument("--diagonals", action="store_true")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model, number = build(args.n, args.diagonals)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    began = time.time()
    status = solver.Solve(model)
    took = time.time() - began
    name = solver.StatusName(status)
    print(f"status {name} after {took:.1f} s wall, {solver.UserTime():.1f} s user", file=sys.stderr)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(json.dumps({"numbers": [solver.Value(x) for x in number]}))


if __name__ == "__main__":
    main()
