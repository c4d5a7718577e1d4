#!/usr/bin/env python3
"""A model of the frontier engine's count of closed tours, written to weigh two schedules by
the work they do rather than by time: one table per move (the engine's steps) against one
table per cell (all of a cell's moves back decided together, the states in between carried
down a depth-first walk and never hashed). Not part of the engine: plain Python, no folds by
mirrors, states as mate maps (-1 degree 0, -2 degree 2, else the other end of the cell's
path), with the engine's test that a frontier cell can still reach degree 2.

    python3 model.py ROWS COLS     # closed tours of the knight on ROWS x COLS, both ways

prints the count (which must equal the engine's) and, for each schedule, the successors
made, the states hashed into a table ("insertions"), the states read from a layer
("state_steps") and the most states in one layer ("peak")."""

import sys
from collections import defaultdict

FREE, FULL = -1, -2


def knight_moves(rows, cols, order):
    pos = {cell: i for i, cell in enumerate(order)}
    edges = []
    for (r, c) in order:
        for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                a, b = pos[(r, c)], pos[(rr, cc)]
                if a < b:
                    edges.append((b, a))
    edges.sort()
    return [(a, b) for b, a in edges]  # (earlier, later), by later cell then earlier


def schedule(n, edges):
    last = {}
    first = {}
    for i, (a, b) in enumerate(edges):
        for x in (a, b):
            last[x] = i
            first.setdefault(x, i)
    leaving = defaultdict(list)
    for x, i in last.items():
        leaving[i].append(x)
    all_in = max(first.values())
    # For each step, the frontier cells (entered, not yet left) and the moves each has after it.
    left_after = []
    remaining = defaultdict(int)
    for a, b in edges:
        remaining[a] += 1
        remaining[b] += 1
    for i, (a, b) in enumerate(edges):
        remaining[a] -= 1
        remaining[b] -= 1
        left_after.append({x: remaining[x] for x in first if first[x] <= i < last[x]})
    return leaving, all_in, left_after


def take(state, a, b, step, all_in):
    """The state with move a-b taken, and whether that closed the tour; None if it cannot."""
    ma, mb = state.get(a, FREE), state.get(b, FREE)
    if ma == FULL or mb == FULL:
        return None
    s = dict(state)
    if ma == FREE and mb == FREE:
        s[a], s[b] = b, a
        return s, False
    if ma == FREE:
        other = mb
        s[a], s[b] = other, FULL
        s[other] = a
        return s, False
    if mb == FREE:
        other = ma
        s[b], s[a] = other, FULL
        s[other] = b
        return s, False
    if ma == b:  # closes a cycle: only the whole tour may
        s[a] = s[b] = FULL
        if step >= all_in and all(v == FULL for v in s.values()):
            return s, True
        return None
    s[ma], s[mb] = mb, ma
    s[a] = s[b] = FULL
    return s, False


def settle(s, step, leaving, left_after):
    for x in leaving.get(step, ()):
        if s.get(x, FREE) != FULL:
            return None
        s.pop(x, None)
    # A frontier cell must still be able to reach degree 2 with the moves it has left.
    for x, moves in left_after[step].items():
        m = s.get(x, FREE)
        need = 2 if m == FREE else (0 if m == FULL else 1)
        if moves < need:
            return None
    return s


def key(s):
    return tuple(sorted(s.items()))


# What `successors` yields for a move that closed the whole tour.
CLOSED = object()


def successors(state, a, b, step, sched, work):
    """The states after move a-b from `state`: without it, then with it (or CLOSED when it
    closes the tour), each once its leaving cells are out; each one made counts in `work`."""
    leaving, all_in, left_after = sched
    for taken in (False, True):
        work["successors"] += 1
        if taken:
            t = take(state, a, b, step, all_in)
            if t is None:
                continue
            s, done = t
            if done:
                yield CLOSED
                continue
        else:
            s = dict(state)
        s = settle(s, step, leaving, left_after)
        if s is not None:
            yield s


def per_move(n, edges):
    sched = schedule(n, edges)
    layer = {(): 1}
    work = {"successors": 0, "insertions": 0, "state_steps": 0, "peak": 1}
    closed = 0
    for step, (a, b) in enumerate(edges):
        nxt = defaultdict(int)
        for k, count in layer.items():
            work["state_steps"] += 1
            state = dict(k)
            for s in successors(state, a, b, step, sched, work):
                if s is CLOSED:
                    closed += count
                    continue
                work["insertions"] += 1
                nxt[key(s)] += count
        layer = nxt
        work["peak"] = max(work["peak"], len(layer))
    return closed, work


def per_cell(n, edges):
    sched = schedule(n, edges)
    groups = defaultdict(list)
    for step, (a, b) in enumerate(edges):
        groups[b].append((step, a))
    layer = {(): 1}
    work = {"successors": 0, "insertions": 0, "state_steps": 0, "peak": 1}
    closed = 0
    for b in sorted(groups):
        moves = groups[b]
        nxt = defaultdict(int)

        def down(state, i, count):
            nonlocal closed
            if i == len(moves):
                work["insertions"] += 1
                nxt[key(state)] += count
                return
            step, a = moves[i]
            for s in successors(state, a, b, step, sched, work):
                if s is CLOSED:
                    closed += count
                    continue
                down(s, i + 1, count)

        for k, count in layer.items():
            work["state_steps"] += 1
            down(dict(k), 0, count)
        layer = nxt
        work["peak"] = max(work["peak"], len(layer))
    return closed, work


def row_major(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


if __name__ == "__main__":
    rows, cols = int(sys.argv[1]), int(sys.argv[2])
    order = row_major(rows, cols)
    edges = knight_moves(rows, cols, order)
    for name, f in (("per move", per_move), ("per cell", per_cell)):
        closed, work = f(rows * cols, edges)
        print(f"{rows}x{cols} {name}: {closed} closed; {work}")
