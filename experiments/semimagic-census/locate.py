#!/usr/bin/env python3
"""Which census jobs must find a given tour: a check of the census against tours known before it.

Usage: locate.py TOURS... [--dir DIR] [--missing]
TOURS: JSON-lines files of numbered tours ("numbers", as `knights enumerate` writes them), or
text files of eight rows of eight numbers ('#' starts a comment), as in tests/data/tours.

The census searches each tour in the orientations (the board's 8 symmetries, each numbering
forwards or backwards) whose first cell is one of its start squares and whose last cell is
allowed there. A job holds pieces of that search tree: a root (a start square) and the
first moves below it. So a tour is found by a job holding a piece that is a prefix of one
of its orientations, and only by such a job. For each tour this prints, as JSON lines, every
job with such a piece and whether that job has finished and found the tour's class (one of
the 16 orientations among its tours). A tour whose jobs have all finished without it is a
tour the census lost: the exit code is then 1. With --missing, only the indices of the
jobs not yet finished are printed, one a line, each once, for running first.

The roots' start squares are not in the job file; each is read off the pieces, as the one
square a knight's move from the first move of every piece of its root that none of them
visits. Nothing here comes
from the engine's code: the search is replayed from the job file alone.
"""
import functools
import json
import signal
import sys
from pathlib import Path

# The census's folder (its jobs.jsonl and results/), the default DIR of the scripts here.
CENSUS = Path(__file__).resolve().parents[2] / "results" / "semimagic-census"

SIDE = 8
CELLS = SIDE * SIDE
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def neighbours(cell):
    r, c = divmod(cell, SIDE)
    return {
        (r + dr) * SIDE + c + dc
        for dr, dc in KNIGHT
        if 0 <= r + dr < SIDE and 0 <= c + dc < SIDE
    }


def symmetries():
    """The 8 maps of the square board onto itself, as cell permutations."""
    maps = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                perm = []
                for cell in range(CELLS):
                    r, c = divmod(cell, SIDE)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = SIDE - 1 - r
                    if flip_c:
                        c = SIDE - 1 - c
                    perm.append(r * SIDE + c)
                maps.append(perm)
    return maps


# The board's symmetries, made once: every tour's orientations use them.
SYMMETRIES = symmetries()


def read_tours(path):
    """(name, numbers) for each tour of a JSON-lines or text file; a line that is neither
    ends the run with its file and line named."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        sys.exit(f"locate.py: {path}: {e.strerror}")
    if text.lstrip().startswith("{"):
        for i, line in enumerate(text.splitlines(), 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"locate.py: {path}:{i}: not a JSON line ({e.msg}, column {e.colno})")
            if "numbers" in record:
                yield f"{path}:{i}", record["numbers"]
        return
    numbers = []
    for i, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for x in line.replace(",", " ").split():
            if not x.isdigit():
                sys.exit(f"locate.py: {path}:{i}: {x!r} is not a number")
            numbers.append(int(x))
    if len(numbers) != CELLS:
        sys.exit(f"locate.py: {path}: {len(numbers)} numbers, not {CELLS}")
    yield str(path), numbers


def path_of(numbers):
    """The cells in the order of their numbers, checked to be a knight's tour."""
    if sorted(numbers) != list(range(1, CELLS + 1)):
        raise ValueError("the numbers are not 1..64 once each")
    path = [0] * CELLS
    for cell, m in enumerate(numbers):
        path[m - 1] = cell
    for a, b in zip(path, path[1:]):
        if b not in neighbours(a):
            raise ValueError(f"cells {a} and {b} are not a knight's move apart")
    return path


def orientations(path):
    """The tour's 16 orientations as cell sequences."""
    out = []
    for perm in SYMMETRIES:
        image = [perm[c] for c in path]
        out.append(image)
        out.append(image[::-1])
    return out


def load_jobs(here):
    pieces = {}
    firsts = {}
    visited = {}
    with open(here / "jobs.jsonl") as f:
        for line in f:
            job = json.loads(line)
            for piece in job["part"]["pieces"]:
                root, moves = piece["root"], tuple(piece["moves"])
                pieces[(root, moves)] = job["index"]
                firsts.setdefault(root, set()).add(moves[0])
                visited.setdefault(root, set()).update(moves)
    starts = {}
    for root, first_moves in firsts.items():
        # A square a move from every first move that no piece of the root visits again.
        common = set(range(CELLS)) - visited[root]
        for m in first_moves:
            common &= neighbours(m)
        if len(common) != 1:
            sys.exit(f"locate.py: root {root}: start square not unique ({sorted(common)})")
        starts[common.pop()] = root
    return pieces, starts


@functools.lru_cache(maxsize=None)
def finished(here, job):
    """The numbered tours of a finished job (as tuples), or None if it has not finished; read
    once however many tours name the job."""
    path = here / "results" / f"job-{job}.jsonl"
    if not path.exists():
        return None
    tours = set()
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if "numbers" in record:
            tours.add(tuple(record["numbers"]))
    return tours


def numbers_of(path):
    numbers = [0] * CELLS
    for i, cell in enumerate(path):
        numbers[cell] = i + 1
    return tuple(numbers)


def jobs_of(path, pieces, starts):
    """Every (job, orientation) whose piece is a prefix of one of the tour's orientations."""
    hits = []
    for k, image in enumerate(orientations(path)):
        root = starts.get(image[0])
        if root is None:
            continue
        for length in range(1, CELLS):
            job = pieces.get((root, tuple(image[1 : 1 + length])))
            if job is not None:
                hits.append((job, k, image))
                break
    return hits


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = sys.argv[1:]
    missing_only = "--missing" in args
    args = [a for a in args if a != "--missing"]
    here = CENSUS
    if "--dir" in args:
        i = args.index("--dir")
        if i + 1 == len(args):
            sys.exit("locate.py: --dir needs a directory")
        here = Path(args[i + 1])
        del args[i : i + 2]
    if not args:
        sys.exit(next(l for l in __doc__.splitlines() if l.startswith("Usage:")))
    pieces, starts = load_jobs(here)
    lost = 0
    to_run = []
    for source in args:
        for name, numbers in read_tours(source):
            try:
                path = path_of(numbers)
            except ValueError as e:
                sys.exit(f"locate.py: {name}: {e}")
            all_numbers = {numbers_of(image) for image in orientations(path)}
            hits = jobs_of(path, pieces, starts)
            rows = []
            for job, k, image in hits:
                tours = finished(here, job)
                rows.append(
                    {
                        "job": job,
                        "orientation": k,
                        "start": image[0],
                        "end": image[-1],
                        "finished": tours is not None,
                        "found": tours is not None and bool(tours & all_numbers),
                    }
                )
            if any(r["found"] for r in rows):
                state = "found"
            elif rows and all(r["finished"] for r in rows):
                state = "lost"
                lost += 1
            elif rows:
                state = "pending"
            else:
                state = "no piece"
                lost += 1
            if missing_only:
                if state == "pending":
                    to_run.extend(r["job"] for r in rows if not r["finished"])
                continue
            print(json.dumps({"tour": name, "state": state, "jobs": rows}, separators=(",", ":")))
    if missing_only:
        seen = set()
        for job in to_run:
            if job not in seen:
                seen.add(job)
                print(job)
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
