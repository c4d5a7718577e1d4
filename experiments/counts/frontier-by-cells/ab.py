#!/usr/bin/env python3
"""Times two builds of knights on one command, alternately, and prints the medians.

    python3 ab.py BEFORE AFTER REPEATS knights-args...

Each repeat runs BEFORE then AFTER; the time is the `seconds` of the JSON line each prints,
and the two must print the same `solutions`. Census jobs (`run-job` processes of the binary
named by $PAUSE, if set) are stopped with SIGSTOP for the runs and continued after, so that
both builds see an idle machine.
"""
import json
import os
import signal
import statistics
import subprocess
import sys


def paused_jobs():
    name = os.environ.get("PAUSE")
    if not name:
        return []
    found = subprocess.run(["pgrep", "-f", f"{name} run-job"], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def one_run(binary, args):
    done = subprocess.run([binary] + args, capture_output=True, text=True, check=True)
    line = json.loads(done.stdout.strip().splitlines()[-1])
    return line["seconds"], line["solutions"]


def main():
    before, after, repeats, args = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    times = {before: [], after: []}
    counts = {}
    jobs = paused_jobs()
    for pid in jobs:
        os.kill(pid, signal.SIGSTOP)
    try:
        for _ in range(repeats):
            for binary in (before, after):
                seconds, solutions = one_run(binary, args)
                times[binary].append(seconds)
                counts[binary] = solutions
    finally:
        for pid in jobs:
            os.kill(pid, signal.SIGCONT)
    if counts[before] != counts[after]:
        sys.exit(f"the counts differ: {counts}")
    m_before, m_after = (statistics.median(times[b]) for b in (before, after))
    print(f"{' '.join(args)} | {repeats} runs each | before {m_before:.4f} s, "
          f"after {m_after:.4f} s, ratio {m_before / m_after:.2f} | {counts[after]}")


if __name__ == "__main__":
    main()
