"""Projected model count of a `knights dimacs` file with Ganak (pyganak from PyPI), on the
variables its `c p show ... 0` line names.

usage: python ganak_count.py FILE.cnf
"""
import sys

from pyganak import Counter


def main(path):
    clauses, shown = [], None
    with open(path) as f:
        for line in f:
            if line.startswith("c p show "):
                shown = [int(v) for v in line.split()[3:] if v != "0"]
            elif line[:1] not in ("c", "p", ""):
                lits = [int(v) for v in line.split()]
                clauses.append(lits[:-1])
    if shown is None:
        sys.exit(f"{path}: no `c p show` line")
    counter = Counter()
    counter.add_clauses(clauses)
    counter.set_sampling_set(shown)
    print(counter.count())


if __name__ == "__main__":
    main(sys.argv[1])
