#!/usr/bin/env bash
# Wall-clock seconds of plain counts under `--engine auto` against the engine it should pick,
# each case run REPEAT times (default 3), one line per run: case, engine asked, seconds,
# engine used, solutions. Usage: auto-timings.sh KNIGHTS_BINARY [REPEAT]
set -euo pipefail
knights=${1:?usage: auto-timings.sh KNIGHTS_BINARY [REPEAT]}
repeat=${2:-3}
cases=("6x8 --closed" "6x6" "7x8 --closed")
for case in "${cases[@]}"; do
  for engine in auto frontier search; do
    # The native search on closed 7x8 is hours: its figure is auto's forecast, not a run.
    if [ "$engine" = search ] && [ "$case" = "7x8 --closed" ]; then continue; fi
    for _ in $(seq "$repeat"); do
      start=$(date +%s.%N)
      # shellcheck disable=SC2086
      line=$("$knights" count --board $case --engine "$engine" --yes --format json 2>/dev/null | tail -1)
      end=$(date +%s.%N)
      used=$(python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(d["engine"], d["solutions"])' "$line")
      printf '%s\t%s\t%.2f\t%s\n' "$case" "$engine" "$(echo "$end - $start" | bc)" "$used"
    done
  done
done
