#!/bin/sh
# Runs the missing jobs of a committed job directory (DIR/jobs.jsonl, results in DIR/results)
# for about MINUTES minutes on WORKERS cores, one job a core, then writes the merge's status
# to DIR/status.json. A job still running at the deadline is stopped and left for a later
# run, which continues it (see `run-job`), so every result file is a finished job.
# Usage: run-missing.sh DIR [MINUTES] [WORKERS]; KNIGHTS names the binary (default
# `knights`), NICE its niceness (default 10). With SHUFFLE=SEED the missing jobs run in an
# order drawn from SEED instead of index order: the same seed gives the same order on any
# machine, so the jobs finished over several runs are a random sample of the whole, whose
# real sizes can be set against the split's prediction before the census is complete.
# With FIRST=FILE the missing jobs whose indices FILE lists (one a line) run first, in the
# file's order, then the others in the order above: the jobs that must find the tours known
# before the census (experiments/semimagic-census/locate.py --missing), say.
set -eu
# The whole script is one block, read before any of it runs: a run that lasts hours then
# carries on unharmed when the file is changed under it (an edit, a `git pull`).
{
[ $# -ge 1 ] || { echo "usage: run-missing.sh DIR [MINUTES] [WORKERS]" >&2; exit 2; }
here=$(cd "$1" && pwd)
[ -f "$here/jobs.jsonl" ] || { echo "run-missing.sh: no jobs.jsonl in $here" >&2; exit 2; }
knights=${KNIGHTS:-knights}
minutes=${2:-60}
workers=${3:-$(nproc)}
deadline=$(($(date +%s) + minutes * 60))
jobs=$(wc -l < "$here/jobs.jsonl")
if [ -n "${FIRST:-}" ] && [ ! -r "$FIRST" ]; then
    echo "run-missing.sh: FIRST=$FIRST cannot be read" >&2
    exit 2
fi
mkdir -p "$here/results"

# The jobs without a finished result (plain, or packed by gzip), in index order.
all_missing() {
    i=0
    while [ "$i" -lt "$jobs" ]; do
        [ -e "$here/results/job-$i.jsonl" ] || [ -e "$here/results/job-$i.jsonl.gz" ] || echo "$i"
        i=$((i + 1))
    done
}

# A key per index from the seed by the Lehmer generator (x <- 48271 x mod 2^31 - 1, exact in
# any awk's doubles, unlike awk's own rand), then sorted by key: the order depends on the seed
# and the number of jobs only, not on which jobs are missing or on the awk.
shuffled_indices() {
    awk -v seed="$1" -v n="$2" 'BEGIN {
        # Small seeds give small first outputs: a warm-up of 100 draws leaves them behind.
        x = seed % 2147483646 + 1
        for (i = 0; i < 100; i++) x = (x * 48271) % 2147483647
        for (i = 0; i < n; i++) { x = (x * 48271) % 2147483647; print x, i }
    }' | sort -n -k1,1 | cut -d' ' -f2
}

ordered_missing() {
    if [ -n "${SHUFFLE:-}" ]; then
        wanted=$(mktemp)
        all_missing > "$wanted"
        shuffled_indices "$SHUFFLE" "$jobs" | grep -Fxf "$wanted" || true
        rm -f "$wanted"
    else
        all_missing
    fi
}

# The FIRST file's missing jobs, then the rest; each index once. A job named in FIRST but
# past the job file's end, or already finished, is not run.
missing() {
    if [ -n "${FIRST:-}" ]; then
        # Not `wanted`: ordered_missing sets and removes that one (sh has no locals).
        still_missing=$(mktemp)
        ordered_missing > "$still_missing"
        { grep -Fxf "$still_missing" "$FIRST" || true; cat "$still_missing"; } | awk '!seen[$0]++'
        rm -f "$still_missing"
    else
        ordered_missing
    fi
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
# Exit 3 is a status too (jobs still missing); any other failure is a result merge refused,
# which must stop the script, not replace the last status with an empty one.
merged=0
"$knights" merge "$here/jobs.jsonl" "$here/results" --format json > "$here/status.json.$$" || merged=$?
if [ "$merged" -ne 0 ] && [ "$merged" -ne 3 ]; then
    rm -f "$here/status.json.$$"
    echo "run-missing.sh: merge refused the results (exit $merged, its message above); status.json left as it was" >&2
    exit "$merged"
fi
mv "$here/status.json.$$" "$here/status.json"
tail -n 1 "$here/status.json" >&2
exit
}
