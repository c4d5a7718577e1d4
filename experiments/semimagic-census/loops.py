#!/usr/bin/env python3
"""Every semimagic numbering of the closed tours (loops) found so far.

Usage: loops.py [TOURS...] > renumbered.jsonl

A closed tour numbered from another of its cells, or the other way round, is another
numbered tour, and sometimes semimagic too: the 2003 census counts 63 closed classes but
only 31 "geometry classes" (loops). For each closed tour of TOURS (JSON lines with
"numbers", as found.py writes; by default found.py's tours of this directory), this tries
the 128 numberings of its loop, keeps those whose rows and columns all sum to 260, and
writes one tour of each class among them (up to the board's 8 symmetries and reverse
numbering) as a JSON line: "numbers", "loop" (the input line it came from) and "shift"
(the input's number that the new numbering calls 1; negative: numbered backwards). On
stderr: closed tours read, the distinct loops among them and how many classes each gives.

`locate.py` reads the output: each class is one the census must find, in the jobs it
names. The numberings are made here from the loop alone, not by the engine.
"""
import json
import signal
import sys

import found
import locate

SIDE = locate.SIDE
CELLS = locate.CELLS
LINE_SUM = CELLS * (CELLS + 1) // 2 // SIDE


def semimagic(numbers):
    rows = all(sum(numbers[r * SIDE : (r + 1) * SIDE]) == LINE_SUM for r in range(SIDE))
    cols = all(sum(numbers[c::SIDE]) == LINE_SUM for c in range(SIDE))
    return rows and cols


def class_key(path):
    """The least of the tour's 16 orientations, as numbers: one key per class."""
    return min(locate.numbers_of(image) for image in locate.orientations(path))


def renumberings(path):
    """(shift, path) for each of the loop's 128 numberings; shift as in the usage line."""
    for start in range(CELLS):
        forward = path[start:] + path[:start]
        yield start + 1, forward
        backward = [path[(start - i) % CELLS] for i in range(CELLS)]
        yield -(start + 1), backward


def loop_records(sources):
    if not sources:
        for record in found.first_members(locate.CENSUS):
            yield f"job {record['job']}", record["numbers"]
        return
    for source in sources:
        yield from locate.read_tours(source)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    seen = set()
    loops = 0
    per_loop = {}
    for name, numbers in loop_records(sys.argv[1:]):
        try:
            path = locate.path_of(numbers)
        except ValueError as e:
            sys.exit(f"loops.py: {name}: {e}")
        if path[0] not in locate.neighbours(path[-1]):
            continue
        loops += 1
        classes = 0
        for shift, renumbered in renumberings(path):
            image = locate.numbers_of(renumbered)
            if not semimagic(image):
                continue
            key = class_key(renumbered)
            if key in seen:
                continue
            seen.add(key)
            classes += 1
            record = {"numbers": list(image), "loop": name, "shift": shift}
            print(json.dumps(record, separators=(",", ":")))
        if classes:
            per_loop[classes] = per_loop.get(classes, 0) + 1
    # A loop met again (another class of it read earlier) gives no new class.
    distinct = sum(per_loop.values())
    sizes = ", ".join(f"{n} giving {k}" for k, n in sorted(per_loop.items()))
    print(
        f"closed tours read: {loops}; distinct loops: {distinct} ({sizes}); "
        f"numbered classes: {len(seen)}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
