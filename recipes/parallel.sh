#!/usr/bin/env bash
# Runs every job of a `knights split` file with GNU parallel, then merges the results.
#
#   recipes/parallel.sh JOBS.jsonl DIR [parallel options...]
#
# Locally it runs one job per core. On several machines, pass `--sshloginfile FILE` (one
# `[cores/]host` per line, `:` for this one): every host needs `knights` on its PATH, and
# DIR must be on a filesystem they share, since each job writes its result there.
#
# The job log (DIR/joblog) with --resume-failed makes a rerun of the same command do only
# what is missing: jobs never started, and jobs that failed or were killed. A job already
# finished is skipped by run-job itself too, so a rerun never redoes finished work.
# Each run's job lines (one JSON line a job, from run-job) are added to DIR/run-job.out, so a
# rerun keeps what the earlier runs said, as the job log does.
# The last step is `knights merge`, which exits 0 with the count when every job finished,
# and 3, naming the jobs missing, when some did not.
set -euo pipefail

jobs=${1:?usage: parallel.sh JOBS.jsonl DIR [parallel options...]}
dir=${2:?usage: parallel.sh JOBS.jsonl DIR [parallel options...]}
shift 2
knights=${KNIGHTS:-knights}

count=$(grep -c . "$jobs")
mkdir -p "$dir"
# A failed job shows in the job log and in merge's summary; the merge below must still run.
seq 0 $((count - 1)) |
  parallel --joblog "$dir/joblog" --resume-failed "$@" \
    "$knights" run-job "$jobs" --index {} -o "$dir" >>"$dir/run-job.out" || true
"$knights" merge "$jobs" "$dir"
