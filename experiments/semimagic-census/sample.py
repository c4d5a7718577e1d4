#!/usr/bin/env python3
"""The finished census jobs against the split's prediction: real nodes / estimated nodes per
job, and the census's cost projected from them.

Usage: sample.py [DIR] (default: results/semimagic-census of the repository). Reads DIR/jobs.jsonl (each job's
`estimated_nodes`) and the last line of each DIR/results/job-N.jsonl (the job's summary:
`stats.nodes`, `seconds`). Jobs 0-7 ran in index order before the seeded order (SHUFFLE=1)
was used, and the jobs of chosen.txt were run first because they hold tours known before the
census (locate.py); the rest are a random sample, reported apart as well.
"""
import json
import signal
import statistics
import sys
from pathlib import Path

FIRST_IN_INDEX_ORDER = range(0, 8)


def finished_jobs(here):
    estimated = {}
    with open(here / "jobs.jsonl") as jobs:
        for line in jobs:
            job = json.loads(line)
            estimated[job["index"]] = job["estimated_nodes"]
    rows = []
    for path in sorted((here / "results").glob("job-*.jsonl")):
        index = int(path.stem.split("-")[1])
        last = path.read_text().strip().splitlines()[-1]
        summary = json.loads(last)
        if summary.get("ending") != "exhausted":
            continue
        rows.append(
            {
                "index": index,
                "estimated": estimated[index],
                "nodes": summary["stats"]["nodes"],
                "seconds": summary["seconds"],
                "solutions": summary["solutions"],
            }
        )
    return estimated, rows


def describe(name, rows, estimated_all):
    if not rows:
        print(f"{name}: no jobs")
        return
    ratios = sorted(r["nodes"] / r["estimated"] for r in rows)
    nodes = sum(r["nodes"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    estimated = sum(r["estimated"] for r in rows)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
    whole = sum(estimated_all.values()) * nodes / estimated
    rate = nodes / seconds
    print(f"{name}: {len(rows)} jobs, {nodes:,} nodes in {seconds:,.0f} s of job time")
    print(
        f"  real / estimated nodes per job: min {ratios[0]:.2f}, quartiles "
        f"{quartiles[0]:.2f} / {quartiles[1]:.2f} / {quartiles[2]:.2f}, max {ratios[-1]:.2f}; "
        f"all together {nodes / estimated:.2f}"
    )
    print(
        f"  the census at that ratio: {whole:.3g} nodes; at {rate:.3g} nodes a second of "
        f"the jobs' wall time, {whole / rate / 3600:,.0f} hours of one core "
        f"(wall time: on a loaded machine more than the CPU time)"
    )
    found = sum(r["solutions"] for r in rows)
    print(f"  numbered tours found: {found}")


def main():
    # A reader that stops early (`| head`) ends the output quietly, as for other tools.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    here = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parents[2] / "results" / "semimagic-census"
    )
    estimated, rows = finished_jobs(here)
    describe("every finished job", rows, estimated)
    chosen = chosen_jobs(here)
    sample = [
        r for r in rows if r["index"] not in FIRST_IN_INDEX_ORDER and r["index"] not in chosen
    ]
    describe("the random sample (jobs run in the seeded order)", sample, estimated)
    picked = [r for r in rows if r["index"] in chosen]
    if picked:
        describe("the jobs of chosen.txt (run first for the tours they hold)", picked, estimated)


def chosen_jobs(here):
    """The jobs run out of the seeded order because locate.py named them (DIR/chosen.txt,
    one index a line, '#' comments): jobs that hold known tours are no random sample."""
    path = here / "chosen.txt"
    if not path.exists():
        return set()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return {int(line) for line in lines if line}


if __name__ == "__main__":
    main()
