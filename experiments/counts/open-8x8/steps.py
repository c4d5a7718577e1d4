"""Open against closed frontier states, step by step, from the progress logs of
results/counts/open-8x8.

Usage: python3 steps.py OPEN.log CLOSED.log [EVERY]

Each log is the stderr of `knights count ... --engine frontier` run with
KNIGHTS_PROGRESS_SECONDS set small enough for a line a step; a step missing from either log
(two steps within one interval) is left out. Prints a markdown table of the steps both logs
have, every EVERY-th of them (default 1) and always the last.
"""

import re
import sys

LINE = re.compile(r"step (\d+) of \d+, (\d+) states")


def states_by_step(path):
    by_step = {}
    try:
        with open(path, encoding="utf-8") as log:
            for number, line in enumerate(log, 1):
                found = LINE.search(line)
                if found is None:
                    sys.exit(f"{path}:{number}: not a progress line: {line.strip()!r}")
                by_step[int(found[1])] = int(found[2])
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    except UnicodeDecodeError as error:
        sys.exit(f"{path}: byte {error.start}: not UTF-8 text")
    return by_step


def every_from(text):
    if not text.isdigit() or int(text) < 1:
        sys.exit(f"EVERY: {text!r} is not a whole number of at least 1")
    return int(text)


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[2])
    open_states, closed_states = states_by_step(argv[1]), states_by_step(argv[2])
    every = every_from(argv[3]) if len(argv) == 4 else 1
    both = sorted(set(open_states) & set(closed_states))
    if not both:
        sys.exit("the two logs have no step in common")
    print("| step | open states | closed states | open / closed |")
    print("|---|---|---|---|")
    for i, step in enumerate(both):
        if i % every and step != both[-1]:
            continue
        o, c = open_states[step], closed_states[step]
        print(f"| {step} | {o:,} | {c:,} | {o / c:.1f} |")


if __name__ == "__main__":
    main(sys.argv)
