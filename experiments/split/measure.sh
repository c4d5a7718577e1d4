#!/usr/bin/env bash
# Balance and wall time of split runs on this machine (2 cores):
#   1. closed-8x8-rot180 through the native search, --count-only, split into 1 to 64 jobs and
#      run with GNU parallel (2 at a time, one thread each): wall time of split + jobs +
#      merge, against one `knights count -j 2` measured in the same run (median of 3 each);
#   2. the 16-job split's jobs: estimated nodes against measured nodes and seconds.
# Usage: experiments/split/measure.sh [KNIGHTS] > table.md
set -euo pipefail
cd "$(dirname "$0")/../.."
knights=${1:-${CARGO_TARGET_DIR:-target}/release/knights}
model=models/closed-8x8-rot180.toml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { python3 -c 'import sys, time; print(f"{time.time():.3f}")'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

single() {
  local t0 t1
  t0=$(seconds)
  "$knights" count "$model" --engine search --jobs 2 --format json >"$work/single.json"
  t1=$(seconds)
  echo "$t1 - $t0" | bc
}

split_run() {
  local n=$1 dir=$work/run-$1 t0 t1
  rm -rf "$dir" "$dir.jsonl"
  t0=$(seconds)
  "$knights" split "$model" --engine search --count-only --jobs "$n" -o "$dir.jsonl" >/dev/null
  KNIGHTS=$knights recipes/parallel.sh "$dir.jsonl" "$dir" --jobs 2 >"$dir.merge.json"
  t1=$(seconds)
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["complete"] and s["solutions"] == 2432932, s' "$dir.merge.json"
  echo "$t1 - $t0" | bc
}

base=$(for r in 1 2 3; do single; done | median)
echo "| jobs | wall s (median of 3) | ratio to one process |"
echo "|---|---|---|"
echo "| one process (\`count -j 2\`) | $base | 1.00 |"
for n in 1 2 4 8 16 32 64; do
  t=$(for r in 1 2 3; do split_run "$n"; done | median)
  echo "| $n | $t | $(echo "scale=2; $t / $base" | bc) |"
done

echo
echo "| job | pieces | estimated nodes | nodes | seconds |"
echo "|---|---|---|---|---|"
dir=$work/run-16
for line in $(seq 0 $(($(grep -c . "$dir.jsonl") - 1))); do
  python3 - "$dir.jsonl" "$dir/job-$line.jsonl" "$line" <<'PY'
import json, sys
job = json.loads(open(sys.argv[1]).read().splitlines()[int(sys.argv[3])])
end = json.loads(open(sys.argv[2]).read().splitlines()[-1])
print(f"| {job['index']} | {len(job['part']['pieces'])} | {job['estimated_nodes']:.3g} | {end['stats']['nodes']} | {end['seconds']:.2f} |")
PY
done
