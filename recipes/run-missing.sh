#!/bin/sh
# Runs the missing jobs of a committed job directory (DIR/jobs.jsonl, results in DIR/results)
# for about MINUTES minutes on WORKERS cores, one job a core, then writes the merge's status
# to DIR/status.json. A job still running at the deadline is stopped and left for a later
# run (search jobs start again from scratch), so every result file is a finished job.
# Usage: run-missing.sh DIR [MINUTES] [WORKERS]; KNIGHTS names the binary (default
# `knights`), NICE its niceness (default 10).
set -eu
[ $# -ge 1 ] || { echo "usage: run-missing.sh DIR [MINUTES] [WORKERS]" >&2; exit 2; }
here=$(cd "$1" && pwd)
[ -f "$here/jobs.jsonl" ] || { echo "run-missing.sh: no jobs.jsonl in $here" >&2; exit 2; }
knights=${KNIGHTS:-knights}
minutes=${2:-60}
workers=${3:-$(nproc)}
deadline=$(($(date +%s) + minutes * 60))
jobs=$(wc -l < "$here/jobs.jsonl")
mkdir -p "$here/results"

# The jobs without a finished result, in index order.
missing() {
    i=0
    while [ "$i" -lt "$jobs" ]; do
        [ -e "$here/results/job-$i.jsonl" ] || echo "$i"
        i=$((i + 1))
    done
}

# One job, with a time-out that ends it by the deadline; none started in the last minute.
export here knights deadline
run_one='
left=$((deadline - $(date +%s)))
[ "$left" -gt 60 ] || exit 0
nice -n "${NICE:-10}" "$knights" run-job "$here/jobs.jsonl" --index "$1" \
    -o "$here/results" --threads 1 --timeout "$left" > /dev/null || true
'
missing | xargs -P "$workers" -I{} sh -c "$run_one" sh {}
# Written beside and renamed, so that a stop or a second run never leaves half a status.
"$knights" merge "$here/jobs.jsonl" "$here/results" --format json > "$here/status.json.$$" || true
mv "$here/status.json.$$" "$here/status.json"
tail -n 1 "$here/status.json" >&2
