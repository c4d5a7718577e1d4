#!/bin/bash
# usage: KNIGHTS=path/to/knights [SPLITS="default 2"] experiments/resume/measure-parts.sh ROUNDS
# For the nested semimagic model, with the default split (one part per cube) and with each
# --prefix-length in SPLITS (2: each cube split by the cell of number 2), alternating: a fresh run, a run
# stopped by --timeout at half the fresh run's wall time, and its resumption. CPU is
# /usr/bin/time's user time.
cd "$(git rev-parse --show-toplevel)"; M=models/nested-semimagic.toml; D=${OUT:-/tmp/resume-parts}; mkdir -p $D
run() { local tag=$1; shift; local s=$(date +%s.%N); /usr/bin/time -f "cpu %U user %S sys %M KB" -o $D/$tag.time "$@" > $D/$tag.jsonl 2> $D/$tag.err; local e=$(date +%s.%N); echo "$tag wall $(echo "$e - $s" | bc) s, $(cat $D/$tag.time): $(tail -1 $D/$tag.jsonl | grep -o '"solutions":[0-9]*,"classes":[0-9]*\|"ending":"[a-z]*"\|"prefix_cubes":[0-9]*\|"finished_cubes":.*,"stats"' | tr '\n' ' ')"; }
for round in $(seq 1 ${1:-1}); do
  for split in ${SPLITS:-default 2}; do
    flags=(--engine sat --format json --stats); [ $split != default ] && flags+=(--prefix-length $split)
    tag=r$round-$split; uptime
    run $tag-fresh "$KNIGHTS" enumerate $M "${flags[@]}"
    half=$(grep -o '"seconds":[0-9.]*' $D/$tag-fresh.jsonl | tail -1 | cut -d: -f2 | awk '{printf "%d", $1 / 2}')
    run $tag-part "$KNIGHTS" enumerate $M "${flags[@]}" --timeout $half
    echo "$tag-part: --timeout $half, lines: $(wc -l < $D/$tag-part.jsonl)"
    run $tag-resumed "$KNIGHTS" enumerate $M "${flags[@]}" --resume $D/$tag-part.jsonl
  done
done
uptime
