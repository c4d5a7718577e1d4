"""Python calls against the `knights` binary for the same work (issue 34's speed goal: the
package costs no more than the CLI). Each case runs REPEATS times each way, alternating; the
record keeps every time, the medians and their ratio (Python over binary).

    python experiments/python/bench.py --binary target/release/knights [--repeats 5] [--skip-nested]

Writes results/python/bench-<commit>.json and .md; the Python side must be installed
(pip install ./python) from the same commit.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import knights

ROOT = Path(__file__).resolve().parents[2]


def commit() -> str:
    text = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
        capture_output=True, text=True, check=True,
    )
    return text.stdout.strip()


def timed(work):
    started = time.perf_counter()
    value = work()
    return time.perf_counter() - started, value


def binary_run(binary, args):
    """The binary's wall time, its whole output read as a caller of it would."""
    def work():
        done = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
        return done.stdout
    return timed(work)


def cases(skip_nested):
    closed = knights.Model(board="6x6", closed=True)
    nested = knights.Model.load(ROOT / "models" / "nested-semimagic.toml")
    listed = [
        (
            "count closed 6x6",
            lambda: knights.count(closed).solutions,
            ["count", "--board", "6x6", "--closed", "--format", "json"],
            lambda out: json.loads(out.splitlines()[-1])["solutions"],
        ),
        (
            "enumerate closed 6x6 into a list",
            lambda: len(list(knights.enumerate(closed))),
            ["enumerate", "--board", "6x6", "--closed", "--format", "json"],
            lambda out: len(out.splitlines()) - 1,
        ),
        (
            "count nested semimagic (seed 000)",
            lambda: knights.count(nested).solutions,
            ["count", str(ROOT / "models" / "nested-semimagic.toml"), "--format", "json"],
            lambda out: json.loads(out.splitlines()[-1])["solutions"],
        ),
    ]
    return [case for case in listed if not (skip_nested and "nested" in case[0])]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--skip-nested", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, python_work, cli_args, cli_answer in cases(args.skip_nested):
        python_times, binary_times = [], []
        for _ in range(args.repeats):
            seconds, answer = timed(python_work)
            python_times.append(seconds)
            cli_seconds, out = binary_run(args.binary, cli_args)
            binary_times.append(cli_seconds)
            if answer != cli_answer(out):
                sys.exit(f"{name}: Python found {answer}, the binary {cli_answer(out)}")
        python_median = statistics.median(python_times)
        binary_median = statistics.median(binary_times)
        rows.append({
            "case": name,
            "answer": answer,
            "python_seconds": python_times,
            "binary_seconds": binary_times,
            "python_median": python_median,
            "binary_median": binary_median,
            "ratio": python_median / binary_median,
        })
        print(f"{name}: {answer}; Python {python_median:.3f} s, binary {binary_median:.3f} s, "
              f"ratio {python_median / binary_median:.2f}", flush=True)
    record = {
        "commit": commit(),
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end",
        "python": platform.python_version(),
        "knights": knights.__version__,
        "repeats": args.repeats,
        "rows": rows,
    }
    stem = ROOT / "results" / "python" / f"bench-{record['commit']}"
    stem.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n")
    lines = [
        f"# Python against the binary, {record['commit']}",
        "",
        f"`{record['command']}` on {record['machine']}; Python {record['python']}.",
        f"Medians of {args.repeats} runs each way, alternating; the binary's time includes",
        "starting the process and reading its whole output, as a caller of it would.",
        "",
        "| case | answer | Python (s) | binary (s) | ratio |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(f"| {row['case']} | {row['answer']} | {row['python_median']:.3f} | "
                     f"{row['binary_median']:.3f} | {row['ratio']:.2f} |")
    stem.with_suffix(".md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
