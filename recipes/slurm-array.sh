#!/usr/bin/env bash
# One array task of a Slurm job array over the jobs of a `knights split` file.
#
#   N=$(grep -c . JOBS.jsonl)                 # jobs in the file
#   sbatch --array=0-$((N - 1))%K recipes/slurm-array.sh JOBS.jsonl DIR
#   knights merge JOBS.jsonl DIR              # once the array is done
#
# `%K` caps how many tasks run at once. Each task runs job $SLURM_ARRAY_TASK_ID; DIR must be
# on a filesystem every node shares. Resubmitting the same array after a failure redoes only
# what is missing: run-job leaves a finished job as it is, in well under a second.
#
# Batching: when jobs take seconds, the scheduler's cost per task outweighs them, and an
# array may not exceed the cluster's MaxArraySize (1001 by default). Then give each task a
# batch of B jobs, with the third argument, and submit N/B tasks:
#
#   sbatch --array=0-$(((N + B - 1) / B - 1))%K recipes/slurm-array.sh JOBS.jsonl DIR B
#
# Outside Slurm, set SLURM_ARRAY_TASK_ID by hand to run one task.
#SBATCH --job-name=knights
#SBATCH --cpus-per-task=1
#SBATCH --output=knights-%A_%a.out
set -euo pipefail

jobs=${1:?usage: slurm-array.sh JOBS.jsonl DIR [JOBS_PER_TASK]}
dir=${2:?usage: slurm-array.sh JOBS.jsonl DIR [JOBS_PER_TASK]}
per_task=${3:-1}
task=${SLURM_ARRAY_TASK_ID:?not in a Slurm array: set SLURM_ARRAY_TASK_ID}
knights=${KNIGHTS:-knights}

count=$(grep -c . "$jobs")
mkdir -p "$dir"
first=$((task * per_task))
for ((index = first; index < first + per_task && index < count; index++)); do
  "$knights" run-job "$jobs" --index "$index" -o "$dir" --threads "${SLURM_CPUS_PER_TASK:-1}"
done
