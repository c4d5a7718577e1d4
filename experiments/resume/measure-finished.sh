#!/bin/bash
# usage: KNIGHTS=path/to/knights experiments/resume/measure-finished.sh
# A fresh run of the nested semimagic model (SAT engine), then a run stopped by --timeout at
# about half the fresh run's time, then its resumption, one after the other in the same minutes.
cd "$(git rev-parse --show-toplevel)"; M=models/nested-semimagic.toml; D=${OUT:-/tmp/resume-finished}; mkdir -p $D
run() { local tag=$1; shift; local s=$(date +%s.%N); /usr/bin/time -f "cpu %U user %S sys %M KB" -o $D/$tag.time "$@" > $D/$tag.jsonl 2> $D/$tag.err; local e=$(date +%s.%N); echo "$tag wall $(echo "$e - $s" | bc) s, $(cat $D/$tag.time): $(tail -1 $D/$tag.jsonl)"; }
uptime
run fresh "$KNIGHTS" enumerate $M --engine sat --format json --stats
half=$(grep -o '"seconds":[0-9.]*' $D/fresh.jsonl | tail -1 | cut -d: -f2 | awk '{printf "%d", $1 / 2}')
run part "$KNIGHTS" enumerate $M --engine sat --format json --stats --timeout $half
echo "part: --timeout $half, lines: $(wc -l < $D/part.jsonl)"
run resumed "$KNIGHTS" enumerate $M --engine sat --stats --resume $D/part.jsonl
uptime
