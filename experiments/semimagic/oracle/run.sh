#!/bin/bash
# Reproduces the oracle study of results/semimagic/README.md ("Where the doom lies").
# usage: run.sh KNIGHTS_BINARY DEPTH WALKS SEED SAMPLE SAMPLE_SEED
#   (the study: 20 20000 7 300 1; 26 40000 9 200 2; 16 4000 11 60 3)
# Needs a Python with ortools (pip install ortools) for oracle.py; prop.py and probe.py need none.
set -euo pipefail
bin=$1; depth=$2; walks=$3; seed=$4; sample=$5; pick_seed=$6
here=$(cd "$(dirname "$0")" && pwd)
model=$here/../../../models/semimagic.toml
out=oracle-d$depth; mkdir -p "$out/one"
"$bin" estimate "$model" --subtrees "$walks" --depth "$depth" --seed "$seed" \
    --save-prefixes "$out/walks.jsonl" --format json > "$out/estimate.json"
python3 - "$out" "$sample" "$pick_seed" <<'PY'
import json, random, sys
out, k = sys.argv[1], int(sys.argv[2])
lines = open(f'{out}/walks.jsonl').read().splitlines()
alive = [l for l in lines[1:] if json.loads(l)['weight'] > 0]
random.seed(int(sys.argv[3]))
pick = random.sample(alive, min(k, len(alive)))
open(f'{out}/sample.jsonl', 'w').write(lines[0] + '\n' + '\n'.join(pick) + '\n')
for i, l in enumerate(pick):
    open(f'{out}/one/{i}.jsonl', 'w').write(lines[0] + '\n' + l + '\n')
PY
n=$(($(wc -l < "$out/sample.jsonl") - 2))
for i in $(seq 0 $n); do
    "$bin" estimate "$model" --prefixes "$out/one/$i.jsonl" --format json
done > "$out/sizes.jsonl"
echo "prefixes in $out/sample.jsonl, their subtree sizes in $out/sizes.jsonl; then e.g."
echo "  python3 $here/oracle.py $out/sample.jsonl board 5 > $out/board.jsonl && python3 $here/wsum.py $out/board.jsonl $out/sizes.jsonl"
echo "  python3 $here/probe.py $out/sample.jsonl $out/sizes.jsonl probe3"
