#!/bin/sh
# Runs the census's missing jobs for about MINUTES minutes on WORKERS cores, one job a core,
# then writes the merge's status. A job still running at the deadline is stopped and left
# for a later run (search jobs start again from scratch), so every result file here is a
# finished job. Usage: run.sh [MINUTES] [WORKERS]; KNIGHTS names the binary (default
# `knights`), NICE its niceness (default 10).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
knights=${KNIGHTS:-knights}
minutes=${1:-60}
workers=${2:-$(nproc)}
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
