#!/usr/bin/env python3
"""What seed 002's search would report for a set of semimagic tours: its "158 fundamentally
different" tours against the 2003 census's 140 classes (issue 32).

Usage: seed002.py TOURS... (files as locate.py reads them)

Seed 002 searches from 10 start squares, one of each orbit of the board's symmetries (A1,
B1, B2, C1, C2, C3, D1, D2, D3, D4, its "grades"), and from each start square accepts the
end squares whose grade is not below the start's. A class (a tour under the 8 symmetries and
reverse numbering) is then met once in each of its orientations that starts on one of
those squares with such an end: once when its ends lie in different orbits and the lower
one is off the a1-h8 diagonal, twice when that start square is on the diagonal (the
diagonal mirror keeps it), and more often when both ends share an orbit. A count of what the
search meets, with no canonical form to merge them, exceeds the number of classes.

This prints, for the distinct classes among TOURS, the orientations the search meets and the
directions (orientations up to symmetry, see `directions`), each with how many classes are
met once, twice, ...: the totals seed 002's search would report without a canonical form.
Applied to the census's 140 classes once it is complete, either total coming to 158 says
what seed 002 counted.
"""
import collections
import signal
import sys

import locate

# Seed 002's start squares as (file, rank), a = 0 and rank 1 = 0, in the order of its grades.
GRADES = [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2), (3, 3)]


def cell(file, rank):
    """The cell index of locate.py (row 0 is rank 8, column 0 is file a)."""
    return (locate.SIDE - 1 - rank) * locate.SIDE + file


def grades():
    grade = {}
    for g, (file, rank) in enumerate(GRADES):
        for perm in locate.SYMMETRIES:
            grade[perm[cell(file, rank)]] = g
    assert len(grade) == locate.CELLS, "the 10 squares meet every orbit"
    return grade


def met(path, grade, starts):
    """The orientations of a tour seed 002's search meets."""
    return {
        tuple(image)
        for image in locate.orientations(path)
        if image[0] in starts and grade[image[-1]] >= grade[image[0]]
    }


def directions(path, grade, starts):
    """The same, with orientations that are images of each other under a symmetry taken as
    one: seed 002 "discarded those [first 10 moves] that were symmetrical to each other", so
    a start square on the diagonal no longer doubles a class; what is left is one per
    direction of the tour (start to end) its grades accept."""
    images = met(path, grade, starts)
    orbits = set()
    for image in images:
        orbits.add(min(tuple(perm[c] for c in image) for perm in locate.SYMMETRIES))
    return orbits


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if len(sys.argv) < 2:
        sys.exit(next(l for l in __doc__.splitlines() if l.startswith("Usage:")))
    grade = grades()
    starts = {cell(f, r) for f, r in GRADES}
    classes = {}
    for source in sys.argv[1:]:
        for name, numbers in locate.read_tours(source):
            path = locate.path_of(numbers)
            key = min(locate.numbers_of(image) for image in locate.orientations(path))
            classes.setdefault(key, path)
    print(f"classes: {len(classes)}")
    for what, count in [("orientations met", met), ("directions met", directions)]:
        times = collections.Counter(len(count(p, grade, starts)) for p in classes.values())
        spread = ", ".join(f"{times[k]} met {k} time(s)" for k in sorted(times))
        print(f"{what}: {sum(k * v for k, v in times.items())} ({spread})")


if __name__ == "__main__":
    main()
