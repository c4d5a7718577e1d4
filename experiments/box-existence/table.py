#!/usr/bin/env python3
"""Which boxes with sides 1 to 6 have an open and a closed tour, for the knight (1,2) and the
(1,3) and (2,3) leapers. Each answer is `knights solve` with the SAT engine: a tour (verified
before it is printed), or "none", either by a theorem `knights` cites (printed with the
reason) or by the solver exhausting the model. Boxes of up to NATIVE_CELLS cells are asked
again of the native search, and the two answers must agree. Writes Markdown to stdout.
Usage: python3 experiments/box-existence/table.py [TIMEOUT_SECONDS]"""
import itertools, os, subprocess, sys, time

KNIGHTS = os.environ.get("KNIGHTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "target", "release", "knights")
TIMEOUT = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
NATIVE_CELLS = 36
LEAPERS = ["1,2", "1,3", "2,3"]

def ask(board, leaper, closed, engine):
    """(verdict, reason, seconds): 'tour', 'none' or 'undecided'."""
    args = [KNIGHTS, "solve", "--board", board, "--leaper", leaper, "--engine", engine,
            "--timeout", str(TIMEOUT), "--format", "json"] + (["--closed"] if closed else [])
    began = time.time()
    run = subprocess.run(args, capture_output=True, text=True)
    seconds = time.time() - began
    err = run.stderr.strip().splitlines()
    last = err[-1] if err else ""
    if run.returncode == 0:
        return "tour", "", seconds
    if "no tour exists" in last:
        return "none", "theorem: " + last.split("no tour exists.", 1)[1].strip(), seconds
    if "exhausted" in last:
        return "none", "the solver exhausted the model", seconds
    return "undecided", last, seconds

def main():
    print("| box | leaper | open | closed | how (open / closed) | seconds (open / closed) | native search agrees |")
    print("|---|---|---|---|---|---|---|")
    total, disagreements, undecided = 0.0, [], []
    for a, b, c in itertools.combinations_with_replacement(range(1, 7), 3):
        board = f"{a}x{b}x{c}"
        for leaper in LEAPERS:
            answers = [ask(board, leaper, closed, "sat") for closed in (False, True)]
            total += sum(s for _, _, s in answers)
            native = "-"
            if a * b * c <= NATIVE_CELLS:
                again = [ask(board, leaper, closed, "search") for closed in (False, True)]
                same = [x[0] == y[0] for x, y in zip(answers, again)]
                native = "yes" if all(same) else "NO"
                if not all(same):
                    disagreements.append((board, leaper))
            for (verdict, _, _), kind in zip(answers, ("open", "closed")):
                if verdict == "undecided":
                    undecided.append((board, leaper, kind))
            how = " / ".join(reason or "a tour, verified" for _, reason, _ in answers)
            times = " / ".join(f"{s:.2f}" for _, _, s in answers)
            print(f"| {board} | {leaper} | {answers[0][0]} | {answers[1][0]} | {how} | {times} | {native} |", flush=True)
    print(f"\nTotal SAT time: {total:.1f} s. Undecided: {undecided or 'none'}. "
          f"Native search disagreeing: {disagreements or 'none'}.")

if __name__ == "__main__":
    main()
