#!/usr/bin/env bash
# Checks the recipes on counts one process also makes here (run by .ci/run):
#   - GNU parallel on the closed 6x6 board, on both engines;
#   - GNU parallel on the nested semimagic model (SAT engine) with one job killed by SIGKILL:
#     the merge must then give no count and name it, and the rerun with --resume-failed must
#     run that job alone and give the single-process count, adding to run-job.out;
#   - the Slurm array script: `bash -n`, and its tasks run with SLURM_ARRAY_TASK_ID set by hand;
#   - the profile-guided build (two release builds, too long here): `sh -n` only;
#   - run-missing.sh on a committed-style job directory: a first run with one job's result
#     present, the status complete and equal to one process's count; and with SHUFFLE, the
#     jobs in another order than their indices, every one run; with FIRST, the listed jobs
#     first; and rewritten while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
export KNIGHTS=${KNIGHTS:-${CARGO_TARGET_DIR:-$PWD/target}/release/knights}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "check-recipes: $*" >&2
  exit 1
}

# The solutions and classes of a JSON summary, as "SOLUTIONS CLASSES".
counts() {
  python3 -c 'import json, sys
s = json.loads(sys.stdin.read().strip().splitlines()[-1])
print(s.get("solutions"), s.get("classes"), s.get("complete"))'
}

# Merged counts must equal one process's count.
expect_same() {
  local merged=$1 single=$2 what=$3
  [ "$merged" = "$single" ] || fail "$what: merged '$merged', one process '$single'"
  echo "check-recipes: $what: $merged (solutions, classes, complete) as one process"
}

# 1. Closed 6x6 on both engines.
single=$("$KNIGHTS" count --board 6x6 --closed --format json | counts)
for engine in search sat; do
  dir=$work/six-$engine
  "$KNIGHTS" split --board 6x6 --closed --engine "$engine" --jobs 6 -o "$dir.jsonl" >/dev/null
  merged=$(recipes/parallel.sh "$dir.jsonl" "$dir" --jobs 2 2>/dev/null | counts) ||
    fail "closed 6x6 on $engine: the recipe failed"
  expect_same "$merged" "$single" "closed 6x6, $engine engine, GNU parallel"
done

# 2. Nested semimagic through the SAT engine, with job 1 killed once it has started.
jobs=$work/nested.jsonl
dir=$work/nested
"$KNIGHTS" split models/nested-semimagic.toml --engine sat --jobs 4 -o "$jobs"
(
  until [ -e "$dir/job-1.jsonl.partial" ]; do sleep 0.1; done
  sleep 1
  pkill -KILL -f -- "--index 1 -o $dir" || true
) &
killer=$!
if recipes/parallel.sh "$jobs" "$dir" --jobs 2 >"$work/first.json"; then
  fail "nested semimagic: merge gave a count although job 1 was killed"
fi
wait "$killer"
python3 - "$work/first.json" <<'PY' || fail "nested semimagic: the first merge does not name job 1"
import json, sys
s = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
assert s["complete"] is False and "solutions" not in s, s
assert s["unfinished"] == [1] and s["missing"] == [], s
PY
echo "check-recipes: nested semimagic: job 1 killed; merge says complete: false, unfinished [1]" >&2
cp "$dir/run-job.out" "$work/first-run-job.out"
merged=$(recipes/parallel.sh "$jobs" "$dir" --jobs 2 | counts)
# The rerun adds its job lines to run-job.out under the first run's, which stay as they were.
first_lines=$(wc -l < "$work/first-run-job.out")
head -n "$first_lines" "$dir/run-job.out" | cmp -s - "$work/first-run-job.out" &&
  [ "$(wc -l < "$dir/run-job.out")" -gt "$first_lines" ] ||
  fail "nested semimagic: the rerun did not keep the first run's run-job.out and add its own"
reruns=$(awk 'NR > 1 && $0 ~ /--index 1 -o/ { n++ } END { print n + 0 }' "$dir/joblog")
others=$(awk 'NR > 1 && $0 !~ /--index 1 -o/ { n++ } END { print n + 0 }' "$dir/joblog")
jobs_count=$(grep -c . "$jobs")
[ "$reruns" = 2 ] && [ "$others" = $((jobs_count - 1)) ] ||
  fail "nested semimagic: the rerun ran more than the killed job ($reruns runs of job 1, $others of the others)"
single=$("$KNIGHTS" count models/nested-semimagic.toml --format json | counts)
expect_same "$merged" "$single" "nested semimagic, SAT engine, GNU parallel after a kill and a rerun"

# The profile-guided build: its syntax only (its two release builds would take too long).
sh -n recipes/build-pgo.sh

# 3. The Slurm script: syntax, then two array tasks of two jobs each, by hand.
bash -n recipes/slurm-array.sh
jobs=$work/slurm.jsonl
dir=$work/slurm
"$KNIGHTS" split --board 5x5 --engine search --jobs 3 -o "$jobs" >/dev/null
for task in 0 1; do
  SLURM_ARRAY_TASK_ID=$task recipes/slurm-array.sh "$jobs" "$dir" 2 >/dev/null
done
merged=$("$KNIGHTS" merge "$jobs" "$dir" --format json | counts)
single=$("$KNIGHTS" count --board 5x5 --engine search --format json | counts)
expect_same "$merged" "$single" "open 5x5, Slurm array script run by hand"

# 4. run-missing.sh on a job directory: the jobs without a result run, the status is whole;
# a finished result packed by gzip counts as finished.
dir=$work/missing
mkdir -p "$dir"
"$KNIGHTS" split --board 6x6 --closed --engine search --jobs 4 -o "$dir/jobs.jsonl" >/dev/null
"$KNIGHTS" run-job "$dir/jobs.jsonl" --index 2 -o "$dir/results" --threads 1 >/dev/null
"$KNIGHTS" run-job "$dir/jobs.jsonl" --index 3 -o "$dir/results" --threads 1 >/dev/null
gzip -9 "$dir/results/job-3.jsonl"
cp "$dir/results/job-2.jsonl" "$work/job-2.before"
KNIGHTS=$KNIGHTS recipes/run-missing.sh "$dir" 5 2 2>/dev/null
cmp -s "$dir/results/job-2.jsonl" "$work/job-2.before" ||
  fail "run-missing.sh ran job 2 again although its result was there"
[ ! -e "$dir/results/job-3.jsonl" ] ||
  fail "run-missing.sh ran job 3 again although its result was there, packed by gzip"
merged=$(counts < "$dir/status.json")
single=$("$KNIGHTS" count --board 6x6 --closed --engine search --format json | counts)
expect_same "$merged" "$single" "closed 6x6, run-missing.sh on a job directory"

# 5. run-missing.sh in a seeded random order: one worker, so the order shows in the files'
# times; the same seed gives the same order, and every job still runs.
dir=$work/shuffled
mkdir -p "$dir"
"$KNIGHTS" split --board 6x6 --closed --engine search --jobs 6 -o "$dir/jobs.jsonl" >/dev/null
SHUFFLE=3 KNIGHTS=$KNIGHTS recipes/run-missing.sh "$dir" 5 1 2>/dev/null
order=$(ls -tr "$dir/results" | grep '\.jsonl$' | sed 's/\.jsonl$//' | tr '\n' ' ')
[ "$order" != "job-0 job-1 job-2 job-3 job-4 job-5 " ] ||
  fail "SHUFFLE=3 ran the jobs in index order"
merged=$(counts < "$dir/status.json")
expect_same "$merged" "$single" "closed 6x6, run-missing.sh with SHUFFLE"

# 5b. run-missing.sh with FIRST: the listed missing jobs run first, in the file's order (a
# finished one and one past the end are skipped), then the rest; every job still runs once.
# Alone and with SHUFFLE, which orders the rest.
for shuffle in "" 3; do
  dir=$work/first$shuffle
  mkdir -p "$dir"
  "$KNIGHTS" split --board 6x6 --closed --engine search --jobs 6 -o "$dir/jobs.jsonl" >/dev/null
  "$KNIGHTS" run-job "$dir/jobs.jsonl" --index 1 -o "$dir/results" --threads 1 >/dev/null
  printf '4\n1\n2\n99\n' > "$work/first.txt"
  SHUFFLE=$shuffle FIRST=$work/first.txt KNIGHTS=$KNIGHTS \
    recipes/run-missing.sh "$dir" 5 1 2>/dev/null
  order=$(ls -tr "$dir/results" | grep '\.jsonl$' | sed 's/\.jsonl$//' | tr '\n' ' ')
  case "$order" in
    "job-1 job-4 job-2 "*) ;;
    *) fail "FIRST (SHUFFLE='$shuffle') ran $order, not job-4 job-2 after the finished job-1" ;;
  esac
  [ -z "$shuffle" ] && [ "$order" != "job-1 job-4 job-2 job-0 job-3 job-5 " ] &&
    fail "FIRST without SHUFFLE ran the rest out of index order: $order"
  merged=$(counts < "$dir/status.json")
  expect_same "$merged" "$single" "closed 6x6, run-missing.sh with FIRST (SHUFFLE='$shuffle')"
done
FIRST=$work/no-such-file KNIGHTS=$KNIGHTS recipes/run-missing.sh "$dir" 5 1 2>/dev/null &&
  fail "run-missing.sh ran with a FIRST file it cannot read"

# 6. run-missing.sh carries on when its own file is rewritten in place while it runs (an
# edit, a `git pull` during a run of hours): a copy runs slowed-down jobs (each waits a
# second) while the copy is overwritten, and the status must still be whole.
dir=$work/rewritten
mkdir -p "$dir"
"$KNIGHTS" split --board 6x6 --closed --engine search --jobs 4 -o "$dir/jobs.jsonl" >/dev/null
printf '#!/bin/sh\nsleep 1\nexec "%s" "$@"\n' "$KNIGHTS" > "$work/slow-knights"
chmod +x "$work/slow-knights"
cp recipes/run-missing.sh "$work/run-missing-copy.sh"
KNIGHTS=$work/slow-knights sh "$work/run-missing-copy.sh" "$dir" 5 1 2>/dev/null &
running=$!
# The results directory is made inside the script's block, so once it is there the shell has
# read the whole file (the old, line-by-line script was still reading it then).
for _ in $(seq 100); do [ -d "$dir/results" ] && break; sleep 0.1; done
# In place (same file, truncated), as an editor or a checkout that rewrites the file may do.
awk 'BEGIN { for (i = 0; i < 500; i++) print "echo this line must never run; exit 3" }' \
  > "$work/run-missing-copy.sh"
wait "$running" || fail "run-missing.sh failed after its file was rewritten"
merged=$(counts < "$dir/status.json")
expect_same "$merged" "$single" "closed 6x6, run-missing.sh rewritten while it ran"
