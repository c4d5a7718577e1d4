"""A knight's tour puzzle from a tour: give every number, then leave out each given in turn
(in an order drawn from a seed) while `knights count` still finds exactly one tour.

    python3 minimise.py KNIGHTS TOUR.jsonl OUT.toml [ORDER_SEED]

TOUR.jsonl: a tour as `knights sample` writes it (its first line is used). A given is kept
when leaving it out gives a second tour, or when the count does not finish in 20 s. Leaving
out more givens never removes a solution, so no given of the result can be left out alone.
"""
import json
import random
import subprocess
import sys


def model(numbers, cols, rows, cells):
    entries = ", ".join(f"[{c // cols}, {c % cols}, {numbers[c]}]" for c in sorted(cells))
    return f'board = "{rows}x{cols}"\ngivens = [{entries}]\n'


def unique(knights, text):
    with open("minimise-trial.toml", "w") as f:
        f.write(text)
    run = subprocess.run(
        [knights, "count", "minimise-trial.toml", "--engine", "search", "--timeout", "20",
         "--limit", "2"],
        capture_output=True, text=True,
    )
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    return summary["solutions"] == 1 and summary["complete"]


def main():
    knights, tour_file, out = sys.argv[1:4]
    order_seed = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    with open(tour_file) as f:
        tour = json.loads(f.readline())
    rows, cols = map(int, tour["board"].split("x"))
    numbers = tour["numbers"]
    givens = set(range(rows * cols))
    order = sorted(givens)
    random.Random(order_seed).shuffle(order)
    for cell in order:
        if unique(knights, model(numbers, cols, rows, givens - {cell})):
            givens.discard(cell)
    print(f"{len(givens)} givens", file=sys.stderr)
    with open(out, "w") as f:
        f.write(model(numbers, cols, rows, givens))


if __name__ == "__main__":
    main()
