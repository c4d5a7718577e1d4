#!/usr/bin/env bash
# Times both engines on every shipped model and a few plain boards, each run under a time-out,
# and prints one tab-separated row per case and engine: what the `--engine auto` rule rests on.
# Usage: experiments/engine-choice/measure.sh KNIGHTS_BINARY [SECONDS]
set -uo pipefail
bin=${1:?usage: measure.sh KNIGHTS_BINARY [SECONDS]}
limit=${2:-120}
cd "$(dirname "$0")/../.."

cases=()
for model in models/*.toml; do cases+=("$model"); done
cases+=("--board 5x5" "--board 6x6 --closed" "--board 2x3x4" "--board 8x8 --closed --limit 1000")

printf 'case\testimated_nodes\tengine\tseconds\texit\tsolutions\tclasses\tcomplete\n'
for case in "${cases[@]}"; do
  # shellcheck disable=SC2086 # a case is several words on purpose
  nodes=$(timeout 60 "$bin" estimate $case --probes 1000 --rate-seconds 0.5 2>/dev/null |
    sed -n 's/.*"nodes":\([^,]*\),.*/\1/p')
  for engine in search sat; do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    summary=$(timeout "$limit" "$bin" count $case --engine "$engine" --yes --format json 2>/dev/null)
    status=$?
    end=$(date +%s.%N)
    field() { printf '%s' "$summary" | sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }
    printf '%s\t%s\t%s\t%.2f\t%s\t%s\t%s\t%s\n' "$case" "${nodes:-?}" "$engine" \
      "$(echo "$end - $start" | bc)" "$status" "$(field solutions)" "$(field classes)" \
      "$(field complete)"
  done
done
