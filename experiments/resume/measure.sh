#!/bin/bash
# usage: BEFORE=old/knights AFTER=new/knights experiments/resume/measure.sh SECONDS
# Fresh runs of both binaries, one run stopped by --timeout SECONDS, and its resumption by each
# binary, one after the other (all on the nested semimagic model, SAT engine).
cd "$(git rev-parse --show-toplevel)"; M=models/nested-semimagic.toml; D=${OUT:-/tmp/resume-measure}; mkdir -p $D
run() { local tag=$1; shift; local s=$(date +%s.%N); "$@" > $D/$tag.jsonl 2> $D/$tag.err; local e=$(date +%s.%N); echo "$tag $(echo "$e - $s" | bc) $(tail -1 $D/$tag.jsonl)"; }
uptime
run fresh-before "$BEFORE" enumerate $M --engine sat --format json
run fresh-after "$AFTER" enumerate $M --engine sat --format json
run part "$AFTER" enumerate $M --engine sat --format json --timeout $1
echo "part lines: $(wc -l < $D/part.jsonl)"
run resumed-before "$BEFORE" enumerate $M --engine sat --resume $D/part.jsonl
run resumed-after "$AFTER" enumerate $M --engine sat --resume $D/part.jsonl
uptime
